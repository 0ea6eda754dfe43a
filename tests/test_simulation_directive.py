"""The {simulation} directive: report tables, clause use with §N citations, variants compared, the cache."""

from __future__ import annotations

import re

from .test_directive_errors import build


def test_report_clause_use_and_comparison(tmp_path):
    page = ("# Sim\n\n```{clause} kk.match\n:summary: The rule in a line.\nMatch it.\n```\n\n```{clause} kk.bridge\n:summary: The rule in a line.\nBridge.\n```\n\n"
            "```{simulation}\n:game: kendra-kari\n:options: players=3\n:games: 300\n:seed: 4\n:show: wins clauses\n```\n\n"
            "```{simulation}\n:game: kendra-kari\n:options: players=3\n:games: 300\n:seed: 4\n"
            ":compare: bots=random; bots=heuristic,random,random\n```\n")
    code, out = build(tmp_path, page)
    assert code == 0, out
    html = (tmp_path / "out" / "index.html").read_text()
    assert len(re.findall(r"Player \d wins</p>", html)) == 6
    assert "How often each rule of play comes into play" in html
    # clause rows cite the chapter's clauses as §N links
    assert re.search(r'href="#kk\.match"[^>]*>§1<', html) and re.search(r'href="#kk\.bridge"[^>]*>§2<', html)
    # the steps a game carry their interval, the games as the trials (not the steps, which hang together)
    from engine import get_game
    from engine.study.simulate import simulate

    report = simulate(get_game("kendra-kari", players=3), 300, seed=4, bots="random")
    mean = report.tally.clause_counts["kk.match"] / report.games
    lo, hi = report.clause_steps_interval("kk.match")
    assert 0 < lo < mean < hi and f"{mean:.2f} ({lo:.2f}-{hi:.2f})" in html
    per_step = 1.96 * (mean / report.games) ** 0.5  # were every step a trial of its own, far narrower
    assert hi - lo > per_step
    # the seats table says who Player 1 is: in Kendra Kari the first seat plays first, and nobody deals a round
    assert "The players are numbered round the table in the direction of play; Player 1 plays first." in html
    assert "bots=heuristic,random,random" in html and "significant at the 5% level" in html
    cache = list((tmp_path / "src" / "_build" / "cache" / "simulations").glob("*.pickle"))
    assert len(cache) == 2  # one per distinct report: the plain one is the first variant's (random bots)
    stamps = {p.name: p.stat().st_mtime_ns for p in cache}
    import subprocess
    import sys

    again = subprocess.run([sys.executable, "-m", "sphinx", "-E", "-W", "-q", "-b", "html", str(tmp_path / "src"),
                            str(tmp_path / "out")], capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert {p.name: p.stat().st_mtime_ns for p in cache} == stamps  # read from the cache, not played again
    assert (tmp_path / "out" / "index.html").read_text() == html


def test_bad_show_and_variant_are_one_line(tmp_path):
    page = "# Sim\n\n```{simulation}\n:game: kendra-kari\n:show: everything\n```\n"
    code, out = build(tmp_path, page)
    assert code != 0 and re.search(r"index\.md:\d+: .*show.*everything", out), out
    page = "# Sim\n\n```{simulation}\n:game: kendra-kari\n:compare: stock-out=never\n```\n"
    (tmp_path / "b").mkdir()
    code, out = build(tmp_path / "b", page)
    assert code != 0 and re.search(r"index\.md:\d+: .*stock-out", out), out


def test_ratios_show_the_figures_a_chapter_discusses(tmp_path):
    page = ("# Sim\n\n```{simulation}\n:game: kendra-kari\n:games: 200\n:seed: 4\n"
            ":compare: players=3; players=4\n"
            ":ratios: turns on which a player must draw = draw / moves; dry rounds per game = dry-round per games\n"
            "```\n")
    code, out = build(tmp_path, page)
    assert code == 0, out
    html = (tmp_path / "out" / "index.html").read_text()
    from engine import get_game
    from engine.study.simulate import simulate

    from book.directives.sim_compare import number, percent
    from engine.stats import wilson
    from engine.study.verdict import Measure, estimate

    for players in (3, 4):
        r = simulate(get_game("kendra-kari", players=players), 200, 4, "random", per_game=True)
        draws = estimate(r, Measure("draw", "moves", True))
        share, lo, hi = percent(draws.value, draws.low, draws.high)
        assert f"{share}% ({lo}-{hi})" in html
        assert abs(draws.value - r.tally.event_counts["draw"] / r.tally.moves) < 1e-12
        # the turns of one game hang together: the interval taken game by game is wider than one that counts
        # every turn as an independent trial
        naive = wilson(r.tally.event_counts["draw"], r.tally.moves)
        assert draws.high - draws.low > naive[1] - naive[0]
        dry = estimate(r, Measure("dry-round", "games", False))
        assert "{} ({}-{})".format(*number(dry.value, dry.low, dry.high)) in html
    assert "turns on which a player must draw" in html and "95% interval" in html
    assert "Player 1 wins" not in html  # ratios only, unless :show: asks for more


def test_columns_left_untested_carry_no_marks_and_say_why(tmp_path):
    """``:untested:`` (Ekrang's opener across table sizes, whose shares differ by nature): no column is set
    against the first, no mark, and the caption gives the reason; asked of a table it cannot apply to, one line."""
    sim = ("# Sim\n\n```{{simulation}}\n:game: kendra-kari\n:games: 200\n:seed: 4\n:compare: {}\n"
           ":ratios: dry rounds per game = dry-round per games\n:untested: each size of table has its own share\n"
           "```\n")
    (tmp_path / "a").mkdir()
    code, out = build(tmp_path / "a", sim.format("players=3; players=6"))
    assert code == 0, out
    html = (tmp_path / "a" / "out" / "index.html").read_text()
    assert "The columns are not tested against each other: each size of table has its own share." in html
    assert "\u00a0*" not in html and "&nbsp;*" not in html and "Holm" not in html
    (tmp_path / "b").mkdir()
    code, out = build(tmp_path / "b", sim.format("players=3"))
    assert code != 0 and re.search(r"index\.md:\d+: .*:untested: leaves a table of :ratios: with two or more "
                                   r"columns untested", out), out


def test_a_zero_by_how_the_players_are_made_is_said_so_untested_and_a_count_that_is_not_zero_fails(tmp_path):
    """Issue 42 (the twenty-first statistician): Traditional Ganjifa's careful players never burn a hukm, by how
    they are made; their "none" was printed as a bound and tested against random players (a mark the prose then
    described wrongly). ``:made:`` says so in the cell and tests nothing in that row; a column said never to make
    an event that it did make fails at the directive's line."""
    sim = ("# Sim\n\n```{{simulation}}\n:game: traditional-ganjifa\n:options: rounds=1\n:games: 60\n"
           ":compare: Careful players: bots=heuristic; Random players: bots=random\n:made: {}\n"
           ":ratios: Hukms burned per deal = burn per games; Deals that reach the tigasta = tigasta / games\n```\n")
    (tmp_path / "a").mkdir()
    code, out = build(tmp_path / "a", sim.format("Careful players: burn"))
    assert code == 0, out
    html = (tmp_path / "a" / "out" / "index.html").read_text()
    row = re.search(r"Hukms burned per deal</p>(.*?)</tr>", html, re.S).group(1)
    assert "none, by how they are made" in row and "\u00a0*" not in row and "&nbsp;*" not in row and "under" not in row
    assert "its row is not tested" in html
    (tmp_path / "b").mkdir()
    code, out = build(tmp_path / "b", sim.format("Random players: burn"))
    assert code != 0 and re.search(r"index\.md:\d+: .*:made: Random players are said never to make 'burn', but it "
                                   r"came \d+ times in 60 games", out), out


def test_bad_ratios_are_one_line(tmp_path):
    for i, (ratios, word) in enumerate([("x = bridge / nothing", "nothing"), ("no formula here", "label"),
                                        ("draws = draw / bridge", "outnumbers")]):
        page = f"# Sim\n\n```{{simulation}}\n:game: kendra-kari\n:games: 50\n:ratios: {ratios}\n```\n"
        (tmp_path / str(i)).mkdir()
        code, out = build(tmp_path / str(i), page)
        assert code != 0 and re.search(rf"index\.md:\d+: .*{word}", out), out


def test_show_seats_gives_win_shares_and_length_without_the_events(tmp_path):
    """``:show: seats`` is the ``wins`` table cut to who wins and how long a game lasts."""
    sim = "```{{simulation}}\n:game: kendra-kari\n:options: players=3\n:games: 200\n:seed: 4\n:show: {}\n```\n\n"
    code, out = build(tmp_path, "# Sim\n\n" + sim.format("seats"))
    assert code == 0, out
    html = (tmp_path / "out" / "index.html").read_text()
    assert len(re.findall(r"Player \d wins</p>", html)) == 3 and "Actions per game" in html
    assert "Games in which" not in html
    (tmp_path / "wins").mkdir()
    code, out = build(tmp_path / "wins", "# Sim\n\n" + sim.format("wins"))
    assert code == 0, out
    assert "Games in which" in (tmp_path / "wins" / "out" / "index.html").read_text()


def test_a_figure_above_zero_never_reads_as_zero():
    from book.directives.simulation import figure

    assert [figure(x, 0, "%") for x in (0, 0.2, 0.5, 12.4)] == ["0%", "<1%", "<1%", "12%"]
    assert [figure(x, 2) for x in (0, 0.004, 2.613)] == ["0.00", "<0.01", "2.61"]


def test_compare_is_paired_and_corrected_by_the_engine(tmp_path):
    """``:compare:`` shows :func:`engine.study.compare.compare_rows`: the same seeds in every column, paired tests,
    Holm's correction; a seat's share against its fair share when the numbers of players differ."""
    page = ("# Sim\n\n```{simulation}\n:game: kendra-kari\n:games: 200\n:seed: 4\n:show: seats\n"
            ":compare: Three: players=3; Five: players=5\n```\n")
    code, out = build(tmp_path, page)
    assert code == 0, out
    html = (tmp_path / "out" / "index.html").read_text()
    from engine import get_game
    from engine.study.compare import compare_rows
    from engine.study.simulate import simulate

    reports = [simulate(get_game("kendra-kari", players=n), 200, 4, "random", per_game=True) for n in (3, 5)]
    rows = compare_rows(reports, events=False)
    assert [r.label for r in rows][-1] == "Moves per game" and len(rows) == 6  # five seats and the length
    for row in rows:
        assert row.label.replace("Moves per game", "Actions per game") in html  # (the notes count actions)
        for cell in row.cells:
            assert cell.text.replace("-", "–") in html or cell.text in html
    assert "on fair 33.3%" in html and "fair share" in html and "Holm" in html and "game by game" in html
    assert "Welch" not in html and "two-proportion" not in html


def test_a_compared_report_and_a_plain_one_share_one_cache_entry_played_once(tmp_path):
    """The book's simulations are played on every core, each game's outcome kept, so a comparison (which pairs
    the games) and a plain table read one entry and nothing is played twice; the figures are a one-process
    simulation's."""
    from book.simcache import cache_file, cached_report
    from engine import get_game
    from engine.study.simulate import simulate

    game = get_game("kendra-kari", players=3)
    plain = cached_report(tmp_path, game, 600, 4, ("random",))
    assert plain.outcomes is not None and [p.name for p in tmp_path.iterdir()] == [cache_file(tmp_path, game, 600, 4, ("random",)).name]
    stamp = (tmp_path / cache_file(tmp_path, game, 600, 4, ("random",)).name).stat().st_mtime_ns
    paired = cached_report(tmp_path, game, 600, 4, ("random",), per_game=True)
    assert paired.tally == plain.tally and len(list(tmp_path.iterdir())) == 1
    assert (tmp_path / cache_file(tmp_path, game, 600, 4, ("random",)).name).stat().st_mtime_ns == stamp  # not played again
    alone = simulate(game, 600, 4, ("random",), per_game=True)
    assert alone.tally == plain.tally and alone.outcomes == plain.outcomes

def test_the_cache_key_holds_every_engine_file_a_simulation_runs_and_not_the_rest():
    """The figures' key (book.simcache.engine_files) is read from the import statements; every engine module a
    simulation of each game actually loads, in a fresh process, is among its files, while the terminal, the
    review and another game's folder are not (editing them keeps the book's simulations)."""
    import json
    import subprocess
    import sys

    from book.simcache import ENGINE_DIR, engine_files, game_folder
    from engine import get_game
    from engine.registry import available_games

    script = ("import json, sys\nfrom engine import get_game\nfrom engine.study.simulate import simulate\n"
              "simulate(get_game(sys.argv[1]), 3, 1, ('random',))\n"
              "print(json.dumps(sorted(m.__file__ for n, m in sys.modules.items()"
              " if n.startswith('engine') and getattr(m, '__file__', None))))")
    for name in available_games():
        folder = game_folder(get_game(name))
        files = {str(p) for p in engine_files(folder)}
        loaded = json.loads(subprocess.run([sys.executable, "-c", script, name], capture_output=True, text=True,
                                           check=True).stdout)
        assert set(loaded) <= files, (name, sorted(set(loaded) - files))
        assert str(ENGINE_DIR / "doors" / "terminal.py") not in files and str(ENGINE_DIR / "doors" / "review" / "__init__.py") not in files
        assert not any(f"/games/{other}/" in f for f in files for other in ("komi", "udvasa") if other != folder)


def test_a_table_answers_a_designers_first_questions_money_per_seat_and_minutes(tmp_path):
    """Issue 42: each seat's result (money for a stakes game), how long a game takes in moves and in minutes at
    a stated pace, and each seat against its fair share, in a table of one column as in a comparison."""
    page = "# Sim\n\n```{simulation}\n:game: komi\n:options: players=3 rounds=3\n:games: 120\n:show: wins\n```\n"
    code, out = build(tmp_path, page)
    assert code == 0, out
    html = (tmp_path / "out" / "index.html").read_text()
    from book.directives.simulation import SECONDS_A_STEP, minutes
    from engine import get_game
    from engine.study.simulate import simulate

    r = simulate(get_game("komi", players=3, rounds=3), 120, 1, "random", per_game=True)
    assert len(re.findall(r"Player \d money per game", html)) == 3
    assert f"Minutes a game</p>" in html and minutes(r.mean_moves, *r.moves_interval, r.games) in html
    assert f"at an assumed {SECONDS_A_STEP} seconds each" in html and "a pace, not a measurement" in html
    assert "Each seat tested against its fair share" in html
