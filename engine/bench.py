"""The project's benchmark: full random games per second, for every game and player count.

Each measurement deals fresh seeded games and lets a seeded :class:`~engine.bots.RandomBot` play
every seat through the one play loop (:func:`engine.play.run`), deal included, for about ``seconds``.
Games per second are counted in the process's CPU time (``time.process_time``), what one core does,
in ``SLICES`` slices; the figure is the fastest slice's, as ``timeit`` reports the best of its repeats:
a shared machine's neighbours only ever slow a slice down, so the fastest is the best estimate of
what the code costs, and the median slice is recorded beside it. Simulations with several worker
processes are timed by the wall clock, the time a user waits.
"""

from __future__ import annotations

import json
import os
import time

from .bots import RandomBot
from .play import run
from .registry import available_games, game_class, get_game


SLICES = 5
SIM_REPEATS = 2


def measure(name: str, players: int, seconds: float = 2.0, first_seed: int = 0) -> dict:
    """Play full random games of ``name`` for about ``seconds`` of CPU time in :data:`SLICES` slices;
    return the figures (``games_per_s``: the fastest slice; ``median_games_per_s``: the median one)."""
    game = get_game(name, players=players)
    bots = [RandomBot(f"bench/{name}/{players}/{seat}") for seat in range(players)]
    clock = time.process_time
    games = moves = 0
    seed = first_seed
    rates = []
    for _ in range(SLICES):
        start = clock()
        deadline = start + seconds / SLICES
        played = 0
        while True:
            s = run(game.new_game(game.deal(seed)), bots, seed)
            moves += len(s.history)
            played += 1
            seed += 1
            now = clock()
            if now >= deadline:
                break
        games += played
        rates.append(played / (now - start))
    rates.sort()
    best, median = rates[-1], rates[len(rates) // 2]
    mean_moves = moves / games
    return {"game": name, "players": players, "games_per_s": round(best, 1),
            "moves_per_s": round(best * mean_moves, 1), "mean_moves": round(mean_moves, 2),
            "median_games_per_s": round(median, 1), "games": games}


def measure_simulation(name: str, players: int, seconds: float, workers: int) -> dict:
    """Simulated games per second (engine.simulate, statistics streamed) with ``workers`` processes, by
    the wall clock: the faster of :data:`SIM_REPEATS` runs of the same games (see :func:`measure`).

    A first small run sizes each measured one to about ``seconds / SIM_REPEATS`` on one worker.
    """
    from .simulate import simulate

    game = get_game(name, players=players)
    clock = time.perf_counter
    start = clock()
    simulate(game, 200, seed="bench-size", workers=1)
    per_game = (clock() - start) / 200
    games = max(200, int(seconds / SIM_REPEATS / per_game))
    times = []
    for _ in range(SIM_REPEATS):
        start = clock()
        simulate(game, games, seed="bench", workers=workers, chunk=max(100, games // (8 * workers)))
        times.append(clock() - start)
    elapsed = min(times)
    return {"game": name, "players": players, "workers": workers, "simulated_games_per_s": round(games / elapsed, 1),
            "games": games, "seconds": round(elapsed, 3), "slowest_seconds": round(max(times), 3)}


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
    table = Table(title=f"Full random games on one core (RandomBot every seat, deal included; ~{seconds:g} s of "
                  f"CPU time each in {SLICES} slices: the fastest slice, and the median)")
    for column in ("game", "players", "games/s", "moves/s", "mean moves/game", "median games/s"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for r in records:
        table.add_row(r["game"], str(r["players"]), f"{r['games_per_s']:,.1f}", f"{r['moves_per_s']:,.0f}",
                      f"{r['mean_moves']:.1f}", f"{r['median_games_per_s']:,.1f}")
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
