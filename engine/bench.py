"""The project's benchmark: full random games per second, for every game and player count.

Each measurement deals fresh seeded games and lets a seeded :class:`~engine.bots.RandomBot` play
every seat through the one play loop (:func:`engine.play.run`), deal included, for about ``seconds``.
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
    clock = time.perf_counter
    games = moves = 0
    seed = first_seed
    start = clock()
    deadline = start + seconds
    while True:
        s = run(game.new_game(game.deal(seed)), bots, seed)
        moves += len(s.history)
        games += 1
        seed += 1
        now = clock()
        if now >= deadline:
            break
    elapsed = now - start
    return {"game": name, "players": players, "games_per_s": round(games / elapsed, 1),
            "moves_per_s": round(moves / elapsed, 1), "mean_moves": round(moves / games, 2),
            "games": games, "seconds": round(elapsed, 3)}


def run_bench(seconds: float = 2.0, out: str = "_build/bench.json") -> int:
    """Measure every available game at every player count; print a table and write JSON to ``out``."""
    from rich.console import Console
    from rich.table import Table

    records = []
    for name in available_games():
        cls = game_class(name)
        for players in range(cls.min_players, cls.max_players + 1):
            records.append(measure(name, players, seconds))
    table = Table(title=f"Full random games (RandomBot every seat, deal included, ~{seconds:g} s each)")
    for column in ("game", "players", "games/s", "moves/s", "mean moves/game"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for r in records:
        table.add_row(r["game"], str(r["players"]), f"{r['games_per_s']:,.1f}", f"{r['moves_per_s']:,.0f}",
                      f"{r['mean_moves']:.1f}")
    Console().print(table)
    folder = os.path.dirname(out)
    if folder:
        os.makedirs(folder, exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(records, f, indent=1)
        f.write("\n")
    print(f"wrote {out}")
    return 0
