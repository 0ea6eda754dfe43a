"""``ganjifa review``: each draft is made in a temporary clone of this repository (its committed state), and
the review of the clone's working tree against its HEAD must name what changed, and nothing else."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from engine.doors.cli import main
from engine.doors.review import BOOK_CHANGES, BOOK_FAILS, GAME_CHANGES, NO_CHANGE, review, run_review
from engine.doors.review.examples import deals as deal_changes
from engine.doors.review.gameplay import compare_setting
from engine.doors.review.snapshot import directives
from engine.doors.review.text import word_diff
from engine.doors.review.writers import to_json, to_markdown

ROOT = Path(__file__).resolve().parent.parent


def quiet(_message: str) -> None:
    pass


@pytest.fixture
def clone(tmp_path):
    """A clone of this repository's HEAD (hard links: quick), with a committer for commits made in it."""
    if subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True).returncode != 0:
        pytest.skip("not a git checkout")
    target = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", "--local", str(ROOT), str(target)], check=True)
    for key, value in (("user.name", "Reviewer"), ("user.email", "reviewer@example.org")):
        subprocess.run(["git", "-C", str(target), "config", key, value], check=True)
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def worktrees(root: Path) -> list[str]:
    out = subprocess.run(["git", "-C", str(root), "worktree", "list", "--porcelain"], capture_output=True, text=True)
    return [line for line in out.stdout.splitlines() if line.startswith("worktree ")]


def test_no_change_is_quick_and_says_so(clone, capsys):
    status = run_review("HEAD", root=clone)
    out = capsys.readouterr()
    assert status == NO_CHANGE
    assert "**Verdict: no change for players**" in out.out
    assert "checking out" not in out.err  # nothing differs: no worktree, no engine run
    assert len(worktrees(clone)) == 1


def test_a_bad_base_is_one_clear_line(clone, capsys, monkeypatch):
    monkeypatch.chdir(clone)
    status = main(["review", "no-such-branch"])
    err = capsys.readouterr().err
    assert status == 2
    assert err.strip().splitlines() == ["ganjifa: unknown revision 'no-such-branch': name a branch, a tag or a "
                                        "commit of this repository"]
    assert "Traceback" not in err


def test_a_reworded_komi_clause_is_no_change_for_players(clone):
    """Draft (b) of the README: a Komi clause reworded, nothing else: listed with its word diff, exit 0."""
    chapter = clone / "rules" / "komi.md"
    edit(chapter, "Two to six people can play.", "Between two and six people may play.")
    subprocess.run(["git", "-C", str(clone), "commit", "--quiet", "-am", "a draft: km.players reworded"], check=True)
    base = subprocess.run(["git", "-C", str(clone), "rev-parse", "HEAD~1"], capture_output=True, text=True).stdout.strip()
    r = review(clone, base, say=quiet)
    text = to_markdown(r)
    assert r.status == NO_CHANGE and "**Verdict: no change for players**" in text
    assert [g for g, x in r.games.items() if x.touched] == ["komi"]  # no other game, nothing of the rest of the book
    komi = r.games["komi"]
    assert [(a.cid, b.cid) for a, b in komi.text.reworded] == [("km.players", "km.players")]
    assert not komi.text.added and not komi.text.removed and not komi.text.options
    assert not komi.examples and not komi.play_changed and not komi.settings
    assert "clause km.players reworded (rules/komi.md:" in text
    assert "~~Two to~~ **Between two and** six people ~~can~~ **may** play." in text
    # the page a committee reads: base and head side by side, the changed words marked on each side
    from engine.doors.review.writers import to_html

    page = to_html(r, text)
    words = page[page.index("<h2>Words that changed, base and head side by side</h2>"):]
    assert "<td><del>Two to</del> six people <del>can</del> play." in words
    assert "<td><ins>Between two and</ins> six people <ins>may</ins> play." in words
    assert len(worktrees(clone)) == 1  # the temporary worktree is gone


@pytest.mark.slow
def test_a_changed_engine_answer_is_reported_with_file_and_line(clone):
    """A constant of a game's rules changed in the clone's engine (Kendra Kari's stock no longer ends the
    game: draft (a) of the README, with its clause): the game changes, and the question that asked who wins
    when the stock is empty is reported with its file, line, old answer and new answer."""
    edit(clone / "engine" / "games" / "kendra_kari" / "game.py", 'stock_out: str = option("end"',
         'stock_out: str = option("reshuffle"')
    chapter = clone / "rules" / "kendra-kari.md"
    edit(chapter, ":summary: Must draw from an empty stock? The game ends: fewest cards wins, ties share the win.",
         ":summary: Must draw from an empty stock? The cards taken out by bridges become a new stock.")
    r = review(clone, "HEAD", games=100, say=quiet)
    # a question of the chapter asks a draw from the empty stock, which the draft no longer allows: the book
    # fails, said first (read by the clone's own engine), and the game changes too
    assert r.status == BOOK_FAILS and r.verdict.startswith("the book fails: 1 problem (rules/kendra-kari.md:")
    assert "; and the game changes (Kendra Kari" in r.verdict
    assert r.book_checked == ["rules/designers/kendra-kari", "rules/kendra-kari"]
    assert "'draw' cannot be played there: the stock is empty" in r.book_fails[0]
    touched = [g for g, review_ in r.games.items() if review_.touched]
    assert touched == ["kendra-kari"]
    kk = r.games["kendra-kari"]
    assert [b.cid for _, b in kk.text.reworded] == ["kk.stock-out"]
    assert kk.text.options == ["option stock-out: the default is now reshuffle (was end)"]
    questions = [e for e in kk.examples if e.kind == "question"]
    assert len(questions) == 1 and "answer" in questions[0].what
    line = next(n for n, text in enumerate(chapter.read_text().splitlines(), 1)
                if ":::{question}" in text and "the stock is empty." in text)
    assert (questions[0].file, questions[0].line) == ("rules/kendra-kari.md", line)
    assert questions[0].old.startswith("Bela and Chitra and Dev (kk.stock-out)")
    assert "stock is empty" in questions[0].new
    assert kk.play_changed and {s.bots for s in kk.settings} == {"random", "heuristic"}
    assert any("kk.out" in m.label and m.significant for s in kk.settings for m in s.clauses)
    data = to_json(r)
    measure = data["games"]["kendra-kari"]["settings"][0]["measures"][0]
    assert isinstance(measure["old"], float) and isinstance(measure["p_value"], float)  # numbers, not strings
    assert data["exit_status"] == BOOK_FAILS and data["book_fails"] == r.book_fails


@pytest.mark.slow
def test_a_draft_that_breaks_an_example_says_the_book_fails_first(clone, capsys):
    """Issue 43: Komi's ties default changed from 'a tie keeps its bet' to the dealer. The chapter's question
    (and its worked round) now fail `ganjifa check`; the review says so first, with the chapter's answer beside
    the engine's, and exits with its own status (5), so a CI that labels a pull request never calls a broken book
    a plain change."""
    edit(clone / "engine" / "games" / "komi" / "game.py", 'ties: str = option("push"', 'ties: str = option("dealer"')
    from tests.test_designer_workbench import KOMI_EDGE

    measure = clone.parent / "komi_measures.py"  # the designer's own measure, beside the clone
    measure.write_text(KOMI_EDGE, encoding="utf-8")
    status = run_review("HEAD", games=40, root=clone, measures=(f"{measure}:dealer_edge",))
    out = capsys.readouterr().out
    assert status == BOOK_FAILS
    verdict = next(line for line in out.splitlines() if line.startswith("**Verdict:"))
    assert verdict.startswith("**Verdict: the book fails: ") and "; and the game changes (Komi" in verdict
    text = (clone / "rules" / "komi.md").read_text(encoding="utf-8").splitlines()
    line = next(n for n, t in enumerate(text, 1) if t.startswith(":::{question} Who wins the game when Asha shows?"))
    assert f"rules/komi.md:{line}" in verdict
    failing = next(t for t in out.splitlines() if t.startswith(f"- rules/komi.md:{line}: "))
    assert "the engine answers 'Asha and Dev'" in failing and "but the chapter says 'Dev'" in failing
    assert out.index("### The book fails") < out.index("Files changed")
    # what differs, precisely: the same moves, other payments (never "the moves differ")
    assert "the same moves end otherwise (other winners or scores) in Komi" in out
    assert "the moves differ in Komi" not in out
    # the headline is the largest significant effect: here the designer's own measure, the dealer's edge
    assert "and the game changes (Komi: dealer_edge (komi_measures.py), per game " in verdict
    # the clause whose words the draft made false: km.settle, named first, with its option's new default
    reread = out[out.index("**Words to reread**"):].splitlines()[2]
    assert reread.startswith("- km.settle (rules/komi.md:") and "a tie keeps its bet" in reread
    assert "its option ties is now dealer by default (was push)" in reread
    # the dealer's edge, the designer's own measure, base against head on the same games: it rises (ties now pay)
    edges = [line for line in out.splitlines() if line.startswith("| dealer_edge (komi_measures.py), per game |")]
    assert edges, out
    for line in edges:
        base, head = (float(cell.split()[0]) for cell in line.split("|")[2:4])
        assert head > base


def test_a_change_that_breaks_nothing_checks_the_chapters_it_touches_and_passes(clone):
    """A reworded clause: the head side's Komi chapter is checked and holds, so the verdict is the change's."""
    edit(clone / "rules" / "komi.md", "Two to six people can play.", "Between two and six people may play.")
    r = review(clone, "HEAD", say=quiet)
    assert r.book_checked == ["rules/komi"] and r.book_fails == [] and r.status == NO_CHANGE


@pytest.mark.slow
def test_shared_drawing_code_changes_the_pictures_not_the_play(clone, tmp_path, capsys):
    """A change to shared engine code (the cards' face colour) touches every game: the review says every game
    plays as before, and the book changes (its pictures): ``--html`` shows them old and new side by side,
    ``--json`` gives the exit status."""
    edit(clone / "engine" / "draw" / "cards.py", 'mix(colour, "#ffffff", 0.84)', 'mix(colour, "#ffffff", 0.8)')
    page, data = tmp_path / "review.html", tmp_path / "review.json"
    status = run_review("HEAD", html=str(page), json_file=str(data), root=clone)
    out = capsys.readouterr().out
    assert status == BOOK_CHANGES and "**Verdict: the book changes (" in out
    play = next(line for line in out.splitlines() if line.startswith("**Play**"))
    assert "every game plays the same, word for word: Ekrang," in play and "Udvasa" in play
    assert "**The game**" not in out  # no game's play changed
    assert "pictures changed, nothing else in them: rules/kendra-kari.md lines" in out
    listed = " ".join(line for line in out.splitlines() if "pictures changed, nothing else in them" in line)
    lines = (ROOT / "rules" / "decks.md").read_text().splitlines()
    sheets = [n for n, line in enumerate(lines, 1) if line.startswith("```{deck-table}") and
              any(option.startswith(":pictures:") for option in lines[n:n + 3])]  # the decks drawn card by card
    assert f"rules/decks.md lines {sheets[0]} (8 pictures), {sheets[1]} (10 pictures)" in listed  # their sheets
    pictures = int(out.split("worked games, ")[1].split(" picture")[0])
    worked = [line for line in out.splitlines() if line.startswith("- worked game rules/deals/")]
    assert pictures > 0 and sum(int(line.split("): ")[1].split(" picture")[0]) for line in worked) == pictures
    assert any(line.startswith("- worked game rules/deals/kendra-kari-3p.txt (rules/kendra-kari.md:") and
               "At the start (print and site)" in line for line in worked)
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and "<div class='pair'>" in html and html.count("<svg") >= 2
    assert html.count("<div class='pair'>") > pictures and "worked game rules/deals/kendra-kari-3p.txt: At the start" in html
    assert f'"exit_status": {BOOK_CHANGES}' in data.read_text()


def test_directives_are_read_from_the_text():
    text = "\n".join(["::::{only} not print", ":::{question} May Dev draw?", ":game: kendra-kari",
                      ":position: ring=1:- 2:-;", "  turn=P4", ":ask: may Dev draw", ":answer: no", "Prose.", ":::",
                      "::::", "```{clause} kk.x", ":summary: S.", "The rule.", "```"])
    q, c = directives(text)
    assert (q["name"], q["line"], q["options"]["position"], q["body"]) == ("question", 2, "ring=1:- 2:-; turn=P4", "Prose.")
    assert (c["name"], c["arg"], c["line"], c["options"], c["body"]) == ("clause", "kk.x", 11, {"summary": "S."}, "The rule.")


def test_word_diff():
    assert word_diff("a b c", "a x c") == "a ~~b~~ **x** c"
    assert word_diff("same", "same") == "same"


def _side(moves, ends_long: bool, events=("e",)):
    """A snapshot ``play`` entry of 2-player games: seat 1 wins every game; ``moves`` per game; event e in
    every other game; clause a always, clause b only when ``ends_long``."""
    n = len(moves)
    return {"game": "g", "bots": "random", "games": n, "players": 2, "events": list(events),
            "event_words": {e: e for e in events}, "clauses": {"a": "A", "b": "B"},
            "wins": [60, 0] * n, "moves": moves, "masks": [i % 2 for i in range(n)], "money": None,
            "clause_games": {"a": n, **({"b": n} if ends_long else {})}, "clause_counts": {}, "event_counts": {}}


def test_a_setting_compares_game_by_game_with_holm():
    same = compare_setting(_side([10, 12] * 50, False), _side([10, 12] * 50, False))
    assert not same.significant and not same.never and not same.first_time
    longer = compare_setting(_side([10, 12] * 50, False), _side([20, 23] * 50, True))
    moves = next(m for m in longer.measures if m.label == "Moves per game")
    assert moves.significant and moves.old == 11 and moves.new == 21.5
    assert longer.first_time == ["b"] and all(m.adjusted >= m.p for m in longer.measures if m.p is not None)


def test_a_worked_game_reports_its_first_differing_move_and_endings():
    old = [{"file": "rules/deals/x.txt", "game": "x", "replays": True, "problem": None, "result": "Asha wins.",
            "steps": [["Asha", "3Ta", ["Asha plays."]], ["Bela", "draw", ["Bela draws."]]]}]
    new = [{**old[0], "result": "Bela wins.", "steps": [old[0]["steps"][0], ["Bela", "4Ba", ["Bela plays."]]]}]
    (ex,) = deal_changes(old, new)
    assert ex.first_difference == {"move": 2, "old": "Bela: draw (Bela draws.)", "new": "Bela: 4Ba (Bela plays.)"}
    assert ex.endings == ("Asha wins.", "Bela wins.") and ex.what == ["play", "ending"]
    assert deal_changes(old, old) == []


@pytest.mark.slow
def test_a_rule_only_a_worked_game_reaches_still_changes_the_game(clone):
    """Nakash's unclaimed pot returned instead of carried: a rule of games of several rounds, which the seeded
    games (one round, the default) never reach; the worked match of four rounds ends otherwise. The game
    changes, and is played with the worked game's options."""
    edit(clone / "engine" / "games" / "nakash" / "game.py", 'unclaimed: str = option("carry"',
         'unclaimed: str = option("return"')
    r = review(clone, "HEAD", games=40, say=quiet)
    nk = r.games["nakash"]
    assert not nk.play_changed  # the first seeded games play the same...
    assert nk.worked_changed == ["rules/deals/nakash-match.txt"]  # ...but the worked match does not
    # the worked match no longer replays, so the book fails first (`ganjifa check` names its golden deal)
    assert r.status == BOOK_FAILS and "; and the game changes (Nakash: " in r.verdict
    assert any(line.startswith("rules/nakash.md:") for line in r.book_fails)
    assert {(s.bots, s.options) for s in nk.settings} == {(b, "players=4 rounds=4") for b in ("random", "heuristic")}
    text = to_markdown(r)
    play = next(line for line in text.splitlines() if line.startswith("**Play**"))
    assert "Nakash" not in play.split("the same, word for word:")[1]
    assert "a worked game plays or ends otherwise in Nakash (rules/deals/nakash-match.txt)" in play
    assert to_json(r)["games"]["nakash"]["worked_changed"] == ["rules/deals/nakash-match.txt"]


def test_a_second_review_of_the_same_pair_reads_no_side_again(clone, monkeypatch):
    """Each side's reading of the book is kept by the content of what it is made from: a second review of the
    same pair starts no reader, and says the same; an edit since is read again."""
    from engine.doors.review import sides

    chapter = clone / "rules" / "komi.md"
    edit(chapter, "Two to six people can play.", "Between two and six people may play.")
    started = []
    real = sides.start
    monkeypatch.setattr(sides, "start", lambda tree, *args: started.append(args[0]) or real(tree, *args))
    first = to_markdown(review(clone, "HEAD", say=quiet))
    assert started == ["book", "book", "check"]  # each side's book, and the head side's check
    again = to_markdown(review(clone, "HEAD", say=quiet))
    assert started == ["book", "book", "check"] and again == first
    edit(chapter, "Between two and six people may play.", "Between two and six people play.")
    assert "**may**" not in to_markdown(review(clone, "HEAD", say=quiet)) and started.count("book") == 3
    assert started.count("check") == 2


@pytest.mark.slow
def test_shared_code_used_by_some_games_says_which_games_changed_and_which_did_not(clone):
    """Shared engine code that only the stakes games use (the word for a stake): the review names the games whose
    words of play differ and every other game as playing the same, word for word; their worked games that no
    longer replay are named, and no game is played at length (no move differs)."""
    edit(clone / "engine" / "families" / "stakes" / "records.py", 'return f"{amount} stake{', 'return f"{amount} chip{')
    r = review(clone, "HEAD", say=quiet)
    text = to_markdown(r)
    worded = sorted(g for g, x in r.games.items() if x.words_changed)
    assert worded and set(worded) <= {"komi", "nakash", "sama"} and not any(x.play_changed for x in r.games.values())
    play = next(line for line in text.splitlines() if line.startswith("**Play**"))
    said, same = play.split("only the words of play differ in ")[1].split("; the rest play the same, word for word: ")
    assert said.split(", ") == [r.games[g].title for g in worded]
    assert sorted(same.rstrip(".").split(", ")) == sorted(x.title for g, x in r.games.items() if g not in worded and g != "")
    # the stale worked games make the book fail first; what the draft changes follows
    assert r.status == BOOK_FAILS and "; and the book changes (" in r.verdict and "; the game's words change in " in r.verdict
    stale = [e for g in worded for e in r.games[g].examples if e.kind == "deal" and "stale" in e.what]
    assert stale and all(not x.settings for x in r.games.values())


def _block(text: str, first: str) -> str:
    """The fenced block of ``text`` that opens with the line ``first``, fences included."""
    start = text.index(first)
    fence = first.split("{")[0]
    end = text.index("\n" + fence + "\n", start) + len(fence) + 2
    return text[start:end]


def test_a_deleted_example_is_a_book_change_named_with_its_line(clone):
    """Issue 43: a draft that deletes a question: the book changes (exit 3), and the review names the question
    removed, with its line on the base side; the book still holds."""
    chapter = clone / "rules" / "komi.md"
    text = chapter.read_text(encoding="utf-8")
    gone = _block(text, ":::{question} Every other player has bet. May Asha, the dealer, bet as well?")
    line = text[:text.index(gone)].count("\n") + 1
    chapter.write_text(text.replace(gone + "\n", "", 1), encoding="utf-8")
    r = review(clone, "HEAD", say=quiet)
    assert r.status == BOOK_CHANGES and r.book_fails == [] and r.verdict.startswith("the book changes (1 example")
    (ex,) = [e for e in r.games["komi"].examples if e.kind == "question"]
    assert "removed" in ex.what and ex.old_line == line and ex.title.startswith("Every other player has bet")
    text = to_markdown(r)
    assert f"was rules/komi.md:{line}" in text or f"rules/komi.md:{line}" in text


def test_a_clause_id_renamed_in_the_chapter_alone_fails_the_book(clone):
    """Issue 43: a draft renames a clause's id in the chapter (km.players to km.table-size) but not in the engine,
    which still cites the old one: the book fails (exit 5) at the clause's line, and the text shows one clause
    removed and one added."""
    chapter = clone / "rules" / "komi.md"
    edit(chapter, "```{clause} km.players\n", "```{clause} km.table-size\n")
    line = next(n for n, t in enumerate(chapter.read_text(encoding="utf-8").splitlines(), 1)
                if t == "```{clause} km.table-size")
    r = review(clone, "HEAD", say=quiet)
    assert r.status == BOOK_FAILS, r.verdict
    assert any(f.startswith(f"rules/komi.md:{line}:") and "km.table-size" in f for f in r.book_fails), r.book_fails
    komi = r.games["komi"].text
    assert [c.cid for c in komi.removed] == ["km.players"] and [c.cid for c in komi.added] == ["km.table-size"]


def test_a_new_example_with_a_wrong_answer_says_the_book_fails_with_both_answers(clone):
    """Draft (a) of issue 43: a new Hamrang example whose answer is wrong (`:answer: yes` where the engine says
    no). The book fails (exit 5, not "the book changes"), the failing line names the chapter's answer and the
    engine's, the example is listed as added with the engine's answer on the head side, and JSON says so too."""
    chapter = clone / "rules" / "hamrang.md"
    text = chapter.read_text(encoding="utf-8")
    new = (":::{question} May Asha lead her 9 and her 5 of Shamsher after all?\n:game: hamrang\n"
           ":names: Asha, Bela, Chitra, Dev\n"
           ":position: P1=VTa 3Ta 5Sh 9Sh; P2=RTa 5Ch 9Ch 6Sh; P3=VSh 10Ta 1Ch 6Qi; P4=3Gh 8Gh RCh 4Ch; "
           "tricks=4 3 2 1; turn=P1\n:ask: may Asha play 9Sh 5Sh\n:answer: yes\n:clause: hr.lead\n:::\n\n")
    anchor = "In another deal, Asha's Raja of Ghulam is her only Ghulam card"
    chapter.write_text(text.replace(anchor, new + anchor, 1), encoding="utf-8")
    line = next(n for n, t in enumerate(chapter.read_text(encoding="utf-8").splitlines(), 1)
                if t.startswith(":::{question} May Asha lead her 9 and her 5 of Shamsher after all?"))
    r = review(clone, "HEAD", say=quiet)
    assert r.status == BOOK_FAILS and r.verdict.startswith(f"the book fails: 1 problem (rules/hamrang.md:{line})")
    assert "; and the book changes (1 example" in r.verdict
    (fail,) = r.book_fails
    assert fail.startswith(f"rules/hamrang.md:{line}: ") and "'no'" in fail and "'yes'" in fail, fail
    (ex,) = [e for e in r.games["hamrang"].examples if e.kind == "question"]
    assert "added" in ex.what and ex.old is None and ex.new.startswith("no")
    data = to_json(r)
    assert data["exit_status"] == BOOK_FAILS and data["book_fails"] == [fail]
