"""Simulations (engine.study.simulate) and the `ganjifa simulate` / `ganjifa compare` commands."""

from __future__ import annotations

import json
import math

import pytest

from engine import get_game
from engine.doors.cli import main
from engine.players.play import play_seeded
from engine.registry import game_names
from engine.shuffle import derive
from engine.study.simulate import UNIT, clause_rows, played, simulate, two_proportion_p, welch_p, wilson


def test_the_same_seed_gives_the_same_numbers_whatever_the_workers():
    game = get_game("kendra-kari", players=4)
    one = simulate(game, 600, seed=3, bots="random", workers=1, chunk=100)
    two = simulate(game, 600, seed=3, bots="random", workers=2, chunk=100)
    assert one.tally == two.tally
    assert simulate(game, 600, seed=4, workers=1).tally != one.tally


def test_every_game_of_a_report_can_be_replayed_from_its_block():
    """Game g is dealt from derive(seed, "game", g), chance's stream seeded from the same seed; the bots
    are seated once a block of BLOCK games, from derive(seed, "bots", block), and play its games in turn."""
    from engine.players.play import run, seat_bots
    from engine.study.simulate import BLOCK, played

    game = get_game("guru-ganjifa", players=3)
    report = simulate(game, BLOCK + 30, seed="fair", bots=("heuristic",), chunk=BLOCK)
    wins = [0] * 3
    moves = 0
    for block in range(2):
        bots = seat_bots(game, "heuristic", derive("fair", "bots", block))
        for g in range(block * BLOCK, min((block + 1) * BLOCK, BLOCK + 30)):
            seed = derive("fair", "game", g)
            state = run(game.start(seed), bots, seed)
            moves += len(state.history)
            for w in state.result().winners:
                wins[w] += UNIT // len(state.result().winners)
    assert report.tally.wins == wins and report.tally.moves == moves
    assert sum(report.win_share) == pytest.approx(1.0)
    # a game in the second block, replayed from the block's start, is the game the report counted
    again = list(played(game, "fair", ("heuristic",) * 3, BLOCK, BLOCK + 8))[-1]
    assert [r.move for r in again.history] == [r.move for r in list(played(
        game, "fair", ("heuristic",) * 3, BLOCK, BLOCK + 30))[7].history]
    with pytest.raises(ValueError, match="from a multiple of 100"):
        next(played(game, "fair", ("heuristic",) * 3, 7, 9))


def test_a_simulated_game_pays_for_no_seeding_of_its_bots(monkeypatch):
    """The bots' streams are seeded once a block: 250 games seat the bots three times, not 250."""
    from engine.study import simgames as simulate_module

    seatings = []
    seat_bots = simulate_module.seat_bots
    monkeypatch.setattr(simulate_module, "seat_bots", lambda *a: seatings.append(a) or seat_bots(*a))
    simulate(get_game("komi", players=4), 250, seed=2)
    assert len(seatings) == 3


def test_clause_and_event_counts():
    game = get_game("guru-ganjifa", players=4)
    report = simulate(game, 200, seed=1, bots="heuristic")
    assert report.clause_share("gg.opening") == 1.0  # every game opens with the leading Raja
    assert 0 < report.tally.event_games["deni"] <= 200
    assert report.tally.event_games["double"] <= report.tally.event_games["deni"]  # no double without a Deni
    shares = [share for _, _, share, _ in clause_rows(report)]
    assert shares == sorted(shares, reverse=True) and len(shares) == len(game.CLAUSES)


def test_statistics():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and hi - lo == pytest.approx(0.19, abs=0.01)
    assert wilson(0, 10)[0] == 0.0
    # 60/100 against 40/100: z = 2.83, p = 0.0047
    assert two_proportion_p(60, 100, 40, 100) == pytest.approx(0.0047, abs=0.0003)
    assert two_proportion_p(50, 100, 50, 100) == pytest.approx(1.0)
    assert welch_p(10, 4, 100, 10, 4, 100) == pytest.approx(1.0)
    assert welch_p(10, 4, 100, 11, 4, 100) == pytest.approx(math.erfc(1 / math.sqrt(0.08) / math.sqrt(2)))


def test_simulate_command_writes_json_and_csv(tmp_path, capsys):
    out_json, out_csv = tmp_path / "r.json", tmp_path / "r.csv"
    assert main(["simulate", "kendra-kari", "players=3", "--games", "300", "--workers", "1",
                 "--json", str(out_json), "--csv", str(out_csv)]) == 0
    text = capsys.readouterr().out
    assert "Player 1 wins" in text and "How often each rule comes into play" in text
    data = json.loads(out_json.read_text())
    report = data["reports"][0]
    assert report["games"] == 300 and report["options"] == "players=3"
    assert sum(report["win_share"]) == pytest.approx(1.0)
    assert out_csv.read_text().splitlines()[0].startswith("quantity,")


def test_compare_marks_significant_differences(capsys):
    assert main(["compare", "kendra-kari", "players=3", "--games", "1500", "--workers", "1",
                 "--variant", "bots=random", "--variant", "bots=heuristic,random,random"]) == 0
    text = capsys.readouterr().out
    assert "differs from the first column at the 5% level" in text
    line = next(l for l in text.splitlines() if "Player 1 wins" in l)
    assert line.rstrip(" │").endswith("*")  # a heuristic player in seat 1 wins more than a random one


def test_bad_simulation_arguments_are_one_line(capsys):
    assert main(["simulate", "kendra-kari", "--games", "0"]) == 2
    assert main(["compare", "kendra-kari", "--variant", "stock-out=maybe"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(line.startswith("ganjifa: ") for line in err)
    assert "stock-out" in err[1] and "kk.stock-out" in err[1]


def test_a_dask_cluster_gives_the_same_numbers_as_local_processes():
    distributed = pytest.importorskip("dask.distributed")
    game = get_game("kendra-kari", players=4)
    local = simulate(game, 400, seed=5, bots=("random", "heuristic"), workers=1, chunk=100)
    seen = []
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        remote = simulate(game, 400, seed=5, bots=("random", "heuristic"), chunk=100,
                          scheduler=cluster.scheduler_address, progress=seen.append)
    assert remote.tally == local.tally and remote.games == 400
    assert sorted(seen) == seen and seen[-1] == 400 and len(seen) == 4  # one step per chunk, as it finished


def test_an_unreachable_scheduler_or_missing_dask_is_one_line(monkeypatch, capsys):
    import sys

    import engine.study.simulate

    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # as if Dask were not installed
    assert main(["simulate", "kendra-kari", "--games", "10", "--scheduler", "tcp://127.0.0.1:1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'ganjifa-rules[cluster]'" in err and "Traceback" not in err
    monkeypatch.undo()
    pytest.importorskip("dask.distributed")
    monkeypatch.setattr(engine.study.simulate, "CONNECT_TIMEOUT", 1)
    assert main(["simulate", "kendra-kari", "--games", "10", "--scheduler", "tcp://127.0.0.1:1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ganjifa: cannot reach the Dask scheduler at 'tcp://127.0.0.1:1'") and err.count("\n") == 1


def test_players_may_be_given_as_a_flag(capsys):
    assert main(["simulate", "kendra-kari", "--players", "5", "--games", "20", "--workers", "1"]) == 0
    assert "Player 5 wins" in capsys.readouterr().out
    assert main(["simulate", "kendra-kari", "--players", "4", "players=3", "--games", "20"]) == 2
    assert "players given twice" in capsys.readouterr().err


def _fast_path_settings():
    """Every game at each player count, its other options cycled (as the every-game suite does)."""
    from engine.registry import game_class
    from tests.every_game import variants

    for name in game_names():
        cls = game_class(name)
        for players in range(cls.min_players, cls.max_players + 1):
            for i, game in variants(name, players, 3):
                yield pytest.param(game, id=f"{name}-{players}p-{i}")


@pytest.mark.parametrize("game", list(_fast_path_settings()))
def test_the_all_random_play_loop_plays_the_same_games_as_the_general_one(game):
    """With a random player in every seat, run() hands the game to State.play_random, which a game may
    speed up (apply_legal, play_chance, its own loop); the general loop (on_step given) applies every move
    and chance outcome through apply(). The records and results must be the same, record by record."""
    from engine.players.play import run, seat_bots

    for g in range(25):
        seed = derive(7, "game", g)
        fast = run(game.new_game(game.deal(seed)), seat_bots(game, "random", seed), seed)  # every seat random
        steps = []
        slow = run(game.new_game(game.deal(seed)), seat_bots(game, "random", seed), seed,
                   on_step=lambda state, record: steps.append(record))  # on_step: the general loop
        assert fast.history == slow.history == steps
        assert [r.narrate() for r in fast.history] == [r.narrate() for r in slow.history]
        assert fast.result() == slow.result()
        assert fast.position() == slow.position() if game.HAS_POSITIONS else True


@pytest.mark.parametrize("name", game_names())
def test_the_bulk_tally_is_the_sum_of_the_games_told_one_by_one(name):
    """simulate() counts a range of games in bulk; it must agree with Tally.add_game game by game,
    including deals that end with nobody ahead (a banking round where every stake comes back)."""
    from engine.study.simulate import Tally

    game = get_game(name)
    report = simulate(game, 120, seed="bulk", bots="random", workers=1)
    one_by_one = Tally(game.players)
    for state in played(game, "bulk", ("random",) * game.players, 0, 120):
        one_by_one.add_game(game, state)
    assert report.tally == one_by_one


@pytest.mark.parametrize("name", game_names())
def test_the_rule_that_decides_the_result_comes_into_play_in_every_game(name):
    """A game's result cites the clause that decided it (the most cards won, the rounds won, going out).
    The rule-use figures count it once in each game, even when no step cited it: "Most cards won wins"
    decides every Guru Ganjifa game, so it must not read 0%."""
    from collections import Counter

    game = get_game(name)
    report = simulate(game, 60, seed="result-clause", bots="random", workers=1)
    decided = Counter(state.result().clause for state in played(game, "result-clause", ("random",) * game.players, 0, 60))
    for clause, games in decided.items():
        assert clause in game.CLAUSES
        assert report.tally.clause_games[clause] >= games
    if name == "guru-ganjifa":
        assert report.clause_share("gg.winner") == 1.0


def test_a_rare_event_is_never_shown_as_zero_a_game():
    """Nakash's pot that waits comes up once in these 300 four-player rounds: its row reads "<0.01 per game",
    never "0.00", which is kept for what never happened (engine.study.simulate.figure, as the rule-use table)."""
    from engine.study.simulate import rows, simulate

    report = simulate(get_game("nakash", players=4), 300, seed=6, workers=1)
    assert report.tally.event_games["carry"] == 1
    row = next(r for r in rows([report]) if "pot waits" in r.label)
    assert row.values == ("0.3% (<0.01 per game)",)


def _sleep_long() -> None:
    import time

    time.sleep(60)


def test_workers_are_killed_when_the_pool_cannot_end_them():
    """Pool.terminate() can wait for ever (an idle worker holds the task queue's lock): after a few seconds
    the workers are killed instead, so a Ctrl-C always ends the command."""
    import multiprocessing
    import threading
    import time

    from engine.study.workers import end_workers as _end_workers

    class StuckPool:
        def terminate(self):
            threading.Event().wait()  # never returns, as the deadlocked terminate does

    worker = multiprocessing.Process(target=_sleep_long, daemon=True)
    worker.start()
    start = time.monotonic()
    _end_workers(StuckPool(), seconds=0.5)
    assert time.monotonic() - start < 5
    assert not worker.is_alive() and worker.exitcode is not None and worker.exitcode < 0  # killed


def test_ctrl_c_during_a_simulation_keeps_the_games_finished_as_a_partial_report(monkeypatch, capsys):
    """Issue 44: 73,500 games were lost to one Ctrl-C. The games finished by then are reported, marked PARTIAL
    (exit status 130, no file written); they are the same games a whole run plays first."""
    from engine.doors import cli
    from engine.study import simulate as sim
    from engine.study.simulate import SimulationInterrupted, Tally

    game = get_game("kendra-kari")

    def stop_after_first_chunk(done):
        if done >= 500:
            raise KeyboardInterrupt

    with pytest.raises(SimulationInterrupted) as caught:
        simulate(game, 2000, seed=3, bots="random", workers=1, chunk=500, progress=stop_after_first_chunk)
    partial = caught.value.report
    assert caught.value.asked == 2000 and partial.games == 500
    assert partial.tally == simulate(game, 500, seed=3, bots="random", workers=1, chunk=500).tally
    assert isinstance(partial.tally, Tally)

    whole = sim.simulate

    def interrupted(game, games, seed, bots, **kwargs):
        kwargs["progress"], kwargs["workers"], kwargs["chunk"] = stop_after_first_chunk, 1, 500
        return whole(game, games, seed, bots, **kwargs)

    monkeypatch.setattr(sim, "simulate", interrupted)
    code = cli.main(["simulate", "nakash", "--games", "2000", "--seed", "3"])  # a stakes game: money per seat too
    out = capsys.readouterr()
    assert code == 130
    assert "interrupted after 500 of 2,000 games" in out.err and "PARTIAL" in out.err
    assert "500 games per column" in out.out and "PARTIAL: 500 of the 2,000 games asked for" in out.out


def test_columns_with_other_numbers_of_players_are_tested_as_independent_samples():
    """Issue 42: variants with other numbers of players deal other cards, so pairing their games by the order of
    play pairs nothing; they are tested as two independent samples, while the same table size stays paired."""
    import math

    from engine.study.compare import compare_rows, paired_p, two_sample
    from engine.study.verdict import Z, Measure, against

    three = simulate(get_game("kendra-kari", players=3), 200, seed=5, bots="random", per_game=True)
    four = simulate(get_game("kendra-kari", players=4), 200, seed=5, bots="random", per_game=True)
    seven = simulate(get_game("kendra-kari", players=4, hand_size=7), 200, seed=5, bots="random", per_game=True)
    moves = lambda r: [float(m) for m in r.outcomes.moves]  # noqa: E731
    row = next(r for r in compare_rows([four, three, seven]) if r.measure == "moves per game")
    assert row.p_values[1] == two_sample(moves(four), moves(three))[3]  # other deals: unpaired
    assert row.p_values[2] == paired_p([b - a for a, b in zip(moves(four), moves(seven))])  # the same deals
    verdict = against(three, four, Measure("moves", "games", False))
    m3, m4 = moves(three), moves(four)
    se = math.sqrt(sum((x - sum(m3) / 200) ** 2 for x in m3) / 199 / 200 + sum((x - sum(m4) / 200) ** 2 for x in m4) / 199 / 200)
    assert math.isclose(verdict.high - verdict.low, 2 * Z * se, rel_tol=1e-9)  # the interval of two samples


def test_compare_says_what_its_brackets_and_its_marks_are(capsys):
    """Issue 44: the intervals are each figure's own (95%, uncorrected) while the marks are Holm-corrected, so an
    interval that leaves out zero may carry no mark: the command says which is which, and which test it used."""
    from engine.doors import cli

    assert cli.main(["compare", "kendra-kari", "--games", "200", "--workers", "1", "--variant", "players=3",
                     "--variant", "players=4"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "the brackets are each figure's own 95% interval, not corrected" in said
    assert "z-tests of two independent samples where it has another" in said and "Holm's correction" in said


def _handful_report(flags: list[int], players: int = 4):
    """A report of ``len(flags)`` games whose one event happened in the games flagged (as engine.study.verdict reads it)."""
    from types import SimpleNamespace

    game = SimpleNamespace(EVENTS={"rare": "a rare thing"}, players=players, ruled_out=frozenset)
    outcomes = SimpleNamespace(games=len(flags), event_counts=list(flags), moves=[10] * len(flags), wins=[])
    return SimpleNamespace(game=game, games=len(flags), outcomes=outcomes, seed=1)


def test_a_handful_is_compared_by_an_exact_test_not_the_normal_one():
    """Issue 42 (statistician): "3 against 4 of 600" was compared by a normal approximation on seven events,
    which the notes' own handful rule forbids. Where a share of games rests on fewer than ten games, the test is
    exact: McNemar's on the games that differ over the same deals, Fisher's where the deals differ."""
    import math

    from engine.study.verdict import Measure, against

    m = Measure("rare", "games", True)
    first = [1, 1, 1] + [0] * 597
    second = [0, 0, 0, 1, 1, 1, 1] + [0] * 593
    paired = against(_handful_report(first), _handful_report(second), m)
    assert paired.exact == "McNemar's exact test"
    # 3 games one way, 4 the other: twice the binomial tail P(X <= 3 | 7, 1/2) = 2 * 64/128, capped at 1
    assert paired.p == 1.0
    one_sided = [1] * 8 + [0] * 592
    assert math.isclose(against(_handful_report(one_sided), _handful_report([0] * 600), m).p, 2 / 2 ** 8)
    unpaired = against(_handful_report(first, 3), _handful_report(second), m)
    assert unpaired.exact == "Fisher's exact test"
    # Fisher's two-sided p for 3 of 600 against 4 of 600: the tables no likelier than the one seen
    def chance(k):
        return math.comb(600, k) * math.comb(600, 7 - k) / math.comb(1200, 7)
    assert math.isclose(unpaired.p, sum(chance(k) for k in range(8) if chance(k) <= chance(3) * (1 + 1e-9)))
    many = [1] * 40 + [0] * 560
    assert against(_handful_report(many), _handful_report(list(reversed(many))), m).exact == ""
    # the difference carries Newcombe's score interval, paired or not, never a normal one a handful cannot support
    from engine.stats import newcombe

    assert (paired.low, paired.high) == newcombe(3, 600, 4, 600, both=0)
    assert (unpaired.low, unpaired.high) == newcombe(3, 600, 4, 600)
    lone = against(_handful_report(one_sided), _handful_report([0] * 600), m)
    assert 0 < lone.low < 8 / 600 < lone.high  # 8 against none: above zero, as the exact test finds


def test_what_the_deal_alone_decides_is_counted_exactly():
    """Issue 42 (statistician): a chance the cards alone decide is counted, not sampled: Hamrang's player dealt
    no court card and Traditional Ganjifa's hand without a Raja, checked against a brute count on a small pack
    and against the engine's own deals."""
    from fractions import Fraction
    from itertools import combinations

    from engine.families.tricks.deals import some_hand_lacks

    # a pack of 6 cards, 2 marked, two hands of 3: every way to deal the first hand, the second takes the rest
    dealt = list(combinations(range(6), 3))
    lacking = sum(1 for first in dealt if not {0, 1} & set(first) or {0, 1} <= set(first))
    assert some_hand_lacks(6, 2, 2, 3) == Fraction(lacking, len(dealt))
    tg = get_game("traditional-ganjifa").table("deal")
    assert tg.rows[0][1] == "4.25%"
    game = get_game("traditional-ganjifa")
    seeds = 4000
    top = max(c.rank for c in game.deck.cards)
    rajaless = sum(1 for s in range(seeds) if any(not any(c.rank == top for c in h) for h in game.deal(s).hands))
    assert abs(rajaless / seeds - 0.0425) < 0.015  # the engine's deals agree, within chance
