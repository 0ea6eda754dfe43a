"""`ganjifa bench` (engine.bench): a record per game and player count, and simulations by workers."""

import json

from engine.bench import run_bench
from engine.registry import available_games, game_class


def test_bench_writes_a_record_per_game_and_player_count_and_per_worker_count(tmp_path, capsys):
    out = tmp_path / "deep" / "bench.json"
    assert run_bench(seconds=0.01, out=str(out)) == 0
    records = json.loads(out.read_text())
    games = [r for r in records if "games_per_s" in r]
    sims = [r for r in records if "simulated_games_per_s" in r]
    expected = [(name, n) for name in available_games()
                for n in range(game_class(name).min_players, game_class(name).max_players + 1)]
    assert [(r["game"], r["players"]) for r in games] == expected
    assert all(r["games_per_s"] > 0 and r["moves_per_s"] > r["games_per_s"] for r in games)
    assert all(0 < r["median_games_per_s"] <= r["games_per_s"] for r in games)  # the fastest slice, the median beside it
    assert [(r["game"], r["workers"]) for r in sims] == [(name, w) for name in available_games() for w in (1, 2)]
    assert all(r["simulated_games_per_s"] > 0 and r["games"] >= 200 for r in sims)
    printed = capsys.readouterr().out
    assert "games/s" in printed and "speed-up" in printed and "100,000 games" in printed
