"""`ganjifa bench` (engine.doors.bench): a record per game and player count, simulations by workers, OpenSpiel's
peers beside them and the ratios; `ganjifa instructions` (engine.study.instructions): instructions per game."""

import json
import sys

import pytest

from engine.doors import bench
from engine.study import instructions
from engine.doors.bench import PEERS, measure, measure_simulation, peer_of, peers_available, ratio_rows, run_bench, target_of
from engine.doors.cli import main
from engine.registry import available_games, game_class, unit_game

NO_PEERS = "OpenSpiel (the [peers] extra: pip install -e '.[peers]') is not installed"
EVERY_COUNT = [(name, n) for name in available_games()
               for n in range(game_class(name).min_players, game_class(name).max_players + 1)]


@pytest.mark.slow  # the fast tier (make check) leaves it to make test
def test_bench_writes_a_record_per_game_and_player_count_and_per_worker_count(tmp_path, capsys):
    out = tmp_path / "deep" / "bench.json"
    assert run_bench(seconds=0.01, out=str(out), sim_games=200, peers=False) == 0
    report = json.loads(out.read_text())
    games, sims = report["games"], report["simulations"]
    assert [(r["game"], r["players"]) for r in games] == EVERY_COUNT
    assert all(r["games_per_s"] > 0 and r["decisions_per_s"] >= r["games_per_s"] for r in games)
    assert all(0 < r["median_games_per_s"] <= r["games_per_s"] for r in games)  # the fastest slice, the median beside it
    assert all(0 < r["median_decisions_per_s"] <= r["decisions_per_s"] for r in games)
    assert [(r["game"], r["players"], r["bots"]) for r in report["careful"]] == [(n, p, "heuristic")
                                                                                for n, p in bench.CAREFUL]
    assert [(r["game"], r["workers"]) for r in sims] == [(name, w) for name in available_games() for w in (1, 2)]
    assert all(r["simulated_games_per_s"] > 0 and r["games"] >= 200 for r in sims)
    assert report["peers"] == [] and report["ratios"] == [] and "pip install -e '.[peers]'" in report["peers_missing"]
    printed = capsys.readouterr().out
    assert "games/s" in printed and "decisions/s" in printed and "speed-up" in printed and "100,000 games" in printed
    assert "shakti among careful players (4p, as its designers' notes simulate it): " in printed
    assert "games a second" in printed
    hint = [line for line in printed.splitlines() if "OpenSpiel" in line]
    assert hint == [bench.PEERS_HINT]  # without the peers: our figures, and one line on how to get them


def test_without_pyspiel_the_peers_are_not_available(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now raises ImportError
    assert not peers_available()


def test_every_game_declares_a_known_peer_and_is_compared_game_for_game():
    declared = {name: peer_of(name) for name in available_games()}  # ValueError for a peer PEERS lacks
    assert set(declared.values()) - {None} == set(PEERS.values())  # each peer compares with some game
    for name in available_games():  # a game of ours at its defaults is the unit: a game with rounds plays one
        game = unit_game(name, game_class(name).min_players)
        assert getattr(game, "rounds", 1) == 1, name
        assert {k: v for k, v in game.option_items() if k not in ("players", "rounds")} == {}, name


def test_decisions_are_the_players_moves_with_chance_s_steps_left_out():
    """measure() counts a game's decisions as its players' moves: the steps less chance's (Hamrang's draw for the
    dealer, Traditional Ganjifa's random cards), the same games played again by the same bots."""
    from engine.players.play import run
    from engine.protocol import CHANCE

    for name, players in (("hamrang", 4), ("traditional-ganjifa", 3)):
        r = measure(name, players, seconds=0.02)
        game = unit_game(name, players)
        bots = [bench.RandomBot(f"bench/{name}/{players}/{seat}") for seat in range(players)]
        decisions = steps = 0
        for seed in range(r["games"]):
            history = run(game.new_game(game.deal(seed)), bots, seed).history
            decisions += sum(record.player != CHANCE for record in history)
            steps += len(history)
        assert decisions < steps  # the games had chance's steps, left out
        assert r["mean_decisions"] == round(decisions / r["games"], 2)


def test_careful_players_are_timed_too():
    r = measure("shakti", 4, seconds=0.02, bots="heuristic")
    assert r["bots"] == "heuristic" and r["games_per_s"] > 0 and r["decisions_per_s"] > r["games_per_s"]
    assert r["mean_decisions"] < measure("shakti", 4, seconds=0.02)["mean_decisions"]  # they finish far sooner


def test_targets_are_the_issue_s():
    """Issue 33: every game at least its peer's decisions a second (the simulation: three times the peer's games)."""
    assert PEERS["crazy_eights"].target_for(4) == 1.0 and PEERS["crazy_eights"].target_for(3) is None
    assert PEERS["crazy_eights"].target_for(4, workers=2) == 3.0
    assert PEERS["crazy_eights"].target_for(4, workers=1) is None
    assert PEERS["hearts"].target_for(4) == 1.0
    assert target_of("traditional-ganjifa", PEERS["hearts"], 3) == 1.0
    assert all(PEERS["blackjack"].target_for(n) == 1.0 for n in range(2, 8))
    assert PEERS["blackjack"].target_for(4, workers=2) is None


def test_ratio_of_a_real_measurement_to_a_peer():
    ours = measure("kendra-kari", 4, seconds=0.05)
    assert ours["games_per_s"] > 0 and ours["games"] >= 5
    peer = PEERS[game_class("kendra-kari").PEER]
    theirs = {peer.name: {"peer": peer.name, "games_per_s": ours["games_per_s"] / 2,
                          "median_games_per_s": ours["median_games_per_s"] / 4,
                          "decisions_per_s": ours["decisions_per_s"] / 2,
                          "median_decisions_per_s": ours["median_decisions_per_s"] / 4}}
    sim = measure_simulation("kendra-kari", 4, seconds=0.0, workers=2, games=200)
    assert sim["games"] == 200 and sim["simulated_games_per_s"] > 0
    game_row, sim_row = ratio_rows([ours], [sim], theirs)
    assert game_row["kind"] == "game" and game_row["ratio"] == 2.0 and game_row["median_ratio"] == 4.0
    assert game_row["games_ratio"] == 2.0
    assert game_row["target"] == peer.target_for(4) and game_row["met"] is (2.0 >= peer.target_for(4))
    assert sim_row["kind"] == "simulation" and sim_row["workers"] == 2 and sim_row["median_ratio"] is None
    assert sim_row["ratio"] == round(sim["simulated_games_per_s"] / theirs[peer.name]["games_per_s"], 3)
    theirs[peer.name]["wall_games_per_s"] = ours["games_per_s"]  # a simulation is set beside the peer's wall clock
    assert ratio_rows([ours], [sim], theirs)[1]["ratio"] == round(sim["simulated_games_per_s"] / ours["games_per_s"], 3)
    assert sim_row["target"] == peer.target_for(4, 2)
    assert ratio_rows([ours], [sim], {}) == []  # no peer measured, no ratio


@pytest.mark.slow
@pytest.mark.skipif(not peers_available(), reason=NO_PEERS)
def test_bench_times_the_peers_beside_ours_and_prints_the_ratios(tmp_path, capsys):
    out = tmp_path / "bench.json"
    assert main(["bench", "--quick", "--seconds", "0.02", "--out", str(out)]) == 0
    report = json.loads(out.read_text())
    peers = {r["peer"]: r for r in report["peers"]}
    assert set(peers) == set(PEERS) and report["peers_missing"] is None
    assert all(r["games_per_s"] > 0 and 0 < r["median_games_per_s"] <= r["games_per_s"] for r in peers.values())
    ratios = report["ratios"]
    game_rows = [r for r in ratios if r["kind"] == "game"]
    assert [(r["game"], r["players"]) for r in game_rows] == EVERY_COUNT
    ours = {(r["game"], r["players"]): r for r in report["games"]}
    for r in game_rows:
        peer = peer_of(r["game"])
        assert r["peer"] == peer.name
        assert r["ratio"] == round(ours[r["game"], r["players"]]["decisions_per_s"] / peers[peer.name]["decisions_per_s"], 3)
        assert r["games_ratio"] == round(ours[r["game"], r["players"]]["games_per_s"] / peers[peer.name]["games_per_s"], 3)
        assert r["target"] == target_of(r["game"], peer, r["players"])  # the game's own, else its peer's
        if r["target"] is None:
            assert r["met"] is None
        elif abs(r["ratio"] - r["target"]) > 1e-3:  # (the ratio is rounded; met is judged before rounding)
            assert r["met"] is (r["ratio"] > r["target"])
    sims = [r for r in ratios if r["kind"] == "simulation"]
    assert [(r["game"], r["workers"]) for r in sims] == [(name, 2) for name in available_games()]
    compared = [r for r in sims if r["target"] is not None]
    assert compared and all(r["games"] == bench.QUICK_SIM_GAMES for r in compared)  # --quick's simulation size
    printed = capsys.readouterr().out
    assert "Peers: OpenSpiel" in printed and "target" in printed and "met" in printed and "crazy_eights" in printed


@pytest.mark.skipif(not peers_available(), reason=NO_PEERS)
def test_a_peer_is_random_play_outs_to_the_end():
    r = bench.measure_peer(PEERS["blackjack"], seconds=0.02)
    assert r["games_per_s"] > 0 and r["games"] >= 5 and r["mean_decisions"] >= 0


def test_bench_refuses_a_nonpositive_time(capsys):
    with pytest.raises(SystemExit):
        main(["bench", "--seconds", "0"])
    assert "positive" in capsys.readouterr().err


# --- instructions per game ---------------------------------------------------------------------------
def test_the_instructions_compared_with_the_baseline():
    base = {"games": [{"game": "a", "players": 3, "games": 20, "moves_per_game": 10.0, "instructions_per_game": 1000},
                      {"game": "a", "players": 4, "games": 20, "moves_per_game": 12.0, "instructions_per_game": 1000}]}
    now = [{"game": "a", "players": 3, "games": 20, "moves_per_game": 10.0, "instructions_per_game": 1031},
           {"game": "a", "players": 4, "games": 20, "moves_per_game": 12.5, "instructions_per_game": 970},
           {"game": "b", "players": 2, "games": 50, "moves_per_game": 3.0, "instructions_per_game": 500}]
    rows = instructions.compare(now, base)
    assert [(r["change"], r["worse"], r["games_differ"]) for r in rows] == [
        (0.031, True, False), (-0.03, False, True), (None, False, False)]
    assert rows[0]["baseline"] == 1000 and rows[2]["baseline"] is None


def test_without_valgrind_instructions_says_how_to_get_it(monkeypatch, capsys):
    monkeypatch.setattr(instructions.shutil, "which", lambda name: None)
    assert main(["instructions"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "apt-get install valgrind" in err[0]


def test_the_instructions_baseline_covers_every_game_and_player_count():
    base = json.loads(instructions.BASELINE.read_text())
    assert [(b["game"], b["players"]) for b in base["games"]] == EVERY_COUNT, \
        "run `ganjifa instructions --update` (make instructions) for a new game or player count"
    assert all(b["instructions_per_game"] > 0 and b["games"] in instructions.GAME_COUNTS for b in base["games"])
    assert base["python"]


def test_the_instructions_script_marks_each_player_count():
    marks = []
    moves = instructions.play("komi", [2, 3], [3, 2], mark=lambda: marks.append(1))
    assert len(marks) == 3 and len(moves) == 2 and all(m > 0 for m in moves)


@pytest.mark.slow
@pytest.mark.skipif(instructions.shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_instructions_are_counted_under_callgrind():
    rows = instructions.measure(["komi"], {("komi", n): 20 for n in range(2, 7)}, workers=1)
    assert [(r["game"], r["players"], r["games"]) for r in rows] == [("komi", n, 20) for n in range(2, 7)]
    moves = instructions.play("komi", list(range(2, 7)), [20] * 5, mark=lambda: None)
    assert [r["moves_per_game"] for r in rows] == [round(m / 20, 2) for m in moves]  # the same games, natively
    costs = [r["instructions_per_game"] for r in rows]
    assert all(10_000 < c < 10_000_000 for c in costs) and costs == sorted(costs)  # more players, more to do


def test_a_game_may_set_its_own_target_against_its_peer():
    """Issue 33 asks 1.0x hearts of Traditional Ganjifa (three players), issue 23 1.0x crazy_eights of Ekrang
    (four players): a game's PEER_TARGET replaces its peer's target, at its own player count, for play-outs only."""
    from engine.doors.bench import PEERS, target_of

    assert target_of("traditional-ganjifa", PEERS["hearts"], 3) == 1.0  # issue 33: per decision
    assert target_of("guru-ganjifa", PEERS["hearts"], 4) == 1.0  # the peer's own, where the game sets none
    assert target_of("ekrang", PEERS["crazy_eights"], 4) == 1.0 and target_of("ekrang", PEERS["crazy_eights"], 3) is None
    assert target_of("ekrang", PEERS["crazy_eights"], 4, workers=2) is None
    assert target_of("kendra-kari", PEERS["crazy_eights"], 4) == 1.0
    assert target_of("kendra-kari", PEERS["crazy_eights"], 4, workers=2) == 3.0
