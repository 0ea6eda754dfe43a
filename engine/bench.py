"""The project's benchmark: full random games per second, for every game and player count.

Each measurement deals fresh seeded games and lets a seeded :class:`~engine.bots.RandomBot` play
every seat through the one play loop (:func:`engine.play.run`), deal included, for about ``seconds``.
Games per second are counted in the process's CPU time (``time.process_time``): what one core does,
however busy a shared machine is (its wall-clock rate is recorded beside it). Simulations with several
worker processes are timed by the wall clock, the time a user waits.
"""

from __future__ import annotations

import json
import os
import time

from .bots import RandomBot
from .play import run
from .registry import available_games, game_class, get_game


def measure(name: str, players: int, seconds: float = 2.0, first_seed: int = 0) -> dict:
    """Play full random games of ``name`` for about ``seconds``; return the figures."""
    game = get_game(name, players=players)
    bots = [RandomBot(f"bench/{name}/{players}/{seat}") for seat in range(players)]
    clock, wall = time.process_time, time.perf_counter
    games = moves = 0
    seed = first_seed
    start, wall_start = clock(), wall()
    deadline = start + seconds
    while True:
        s = run(game.new_game(game.deal(seed)), bots, seed)
        moves += len(s.history)
        games += 1
        seed += 1
        now = clock()
        if now >= deadline:
            break
    elapsed, wall_elapsed = now - start, wall() - wall_start
    return {"game": name, "players": players, "games_per_s": round(games / elapsed, 1),
            "moves_per_s": round(moves / elapsed, 1), "mean_moves": round(moves / games, 2),
            "games": games, "seconds": round(elapsed, 3),
            "wall_games_per_s": round(games / wall_elapsed, 1) if wall_elapsed > 0 else None}


def measure_simulation(name: str, players: int, seconds: float, workers: int) -> dict:
    """Simulated games per second (engine.simulate, statistics streamed) with ``workers`` processes.

    A first small run sizes the measured one to about ``seconds`` on one worker.
    """
    from .simulate import simulate

    game = get_game(name, players=players)
    clock = time.perf_counter
    start = clock()
    simulate(game, 200, seed="bench-size", workers=1)
    per_game = (clock() - start) / 200
    games = max(200, int(seconds / per_game))
    start = clock()
    simulate(game, games, seed="bench", workers=workers, chunk=max(100, games // (8 * workers)))
    elapsed = clock() - start
    return {"game": name, "players": players, "workers": workers, "simulated_games_per_s": round(games / elapsed, 1),
            "games": games, "seconds": round(elapsed, 3)}


def run_bench(seconds: float = 2.0, out: str = "_build/bench.json") -> int:
    """Measure every available game at every player count, and simulations with 1 and 2 workers;
    print tables and write JSON to ``out``."""
    from rich.console import Console
    from rich.table import Table

    records = []
    sims = []
    for name in available_games():
        cls = game_class(name)
        for players in range(cls.min_players, cls.max_players + 1):
            records.append(measure(name, players, seconds))
        players = min(max(4, cls.min_players), cls.max_players)
        for workers in (1, 2):
            sims.append(measure_simulation(name, players, seconds * 2, workers))
    table = Table(title=f"Full random games on one core (RandomBot every seat, deal included, ~{seconds:g} s "
                  "of CPU time each)")
    for column in ("game", "players", "games/s", "moves/s", "mean moves/game", "games/s, wall clock"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for r in records:
        table.add_row(r["game"], str(r["players"]), f"{r['games_per_s']:,.1f}", f"{r['moves_per_s']:,.0f}",
                      f"{r['mean_moves']:.1f}", f"{r['wall_games_per_s'] or 0:,.1f}")
    Console().print(table)
    sim = Table(title="Simulations (engine.simulate: random bots, statistics streamed) by worker processes")
    for column in ("game", "players", "workers", "games/s", "speed-up", "100,000 games"):
        sim.add_column(column, justify="left" if column == "game" else "right")
    for r in sims:
        one = next(o for o in sims if o["game"] == r["game"] and o["workers"] == 1)
        sim.add_row(r["game"], str(r["players"]), str(r["workers"]), f"{r['simulated_games_per_s']:,.1f}",
                    f"{r['simulated_games_per_s'] / one['simulated_games_per_s']:.2f}x",
                    f"{100_000 / r['simulated_games_per_s']:,.1f} s")
    Console().print(sim)
    folder = os.path.dirname(out)
    if folder:
        os.makedirs(folder, exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(records + sims, f, indent=1)
        f.write("\n")
    print(f"wrote {out}")
    return 0
