"""Many seeded games, with statistics streamed as they are played (memory stays flat).

Game ``g`` of a simulation with seed ``s`` is played from the seed ``derive(s, "game", g)``
by :func:`engine.play.play_seeded`, so any game of a report can be replayed on its own, and
the totals are the same whatever the number of worker processes.

>>> from engine import get_game
>>> report = simulate(get_game("kendra-kari", players=3), games=20, seed=1, bots="random")
>>> report.games, round(sum(report.win_share), 6)
(20, 1.0)
"""

from __future__ import annotations

import math
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Sequence

from .play import play_seeded
from .protocol import CHANCE, Game
from .shuffle import derive

UNIT = 60  # a shared win is counted in sixtieths (1/2 .. 1/6 are whole), so sums are exact in any order


@dataclass
class Tally:
    """Running totals (integers only, so merging partial tallies in any order gives the same numbers)."""

    players: int
    games: int = 0
    wins: list[int] = field(default_factory=list)  # per seat, in 1/UNIT of a game
    moves: int = 0
    moves_sq: int = 0
    event_counts: Counter = field(default_factory=Counter)  # event -> times
    event_games: Counter = field(default_factory=Counter)  # event -> games where it happened
    clause_counts: Counter = field(default_factory=Counter)  # clause -> times cited
    clause_games: Counter = field(default_factory=Counter)  # clause -> games citing it

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * self.players

    def add_game(self, game: Game, state) -> None:
        history = state.history
        n = sum(1 for r in history if r.player != CHANCE)
        self.games += 1
        self.moves += n
        self.moves_sq += n * n
        winners = state.result().winners
        for w in winners:
            self.wins[w] += UNIT // len(winners)
        events: Counter = Counter()
        clauses: Counter = Counter()
        for record in history:
            events.update(game.events_of(record))
            clauses.update(record.clauses)
        self.event_counts.update(events)
        self.event_games.update(events.keys())
        self.clause_counts.update(clauses)
        self.clause_games.update(clauses.keys())

    def merge(self, other: "Tally") -> None:
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        self.moves += other.moves
        self.moves_sq += other.moves_sq
        for mine, theirs in ((self.event_counts, other.event_counts), (self.event_games, other.event_games),
                             (self.clause_counts, other.clause_counts), (self.clause_games, other.clause_games)):
            mine.update(theirs)


@dataclass(frozen=True)
class Report:
    """What a simulation measured, with 95% confidence intervals where they apply."""

    game: Game
    bots: tuple[str, ...]
    seed: int | str
    tally: Tally

    @property
    def games(self) -> int:
        return self.tally.games

    @property
    def win_share(self) -> tuple[float, ...]:
        """Each seat's share of the wins (shared wins as fractions)."""
        return tuple(w / UNIT / self.games for w in self.tally.wins)

    def win_interval(self, seat: int) -> tuple[float, float]:
        """A 95% Wilson interval for ``seat``'s win share."""
        return wilson(self.tally.wins[seat] / UNIT, self.games)

    @property
    def mean_moves(self) -> float:
        return self.tally.moves / self.games

    @property
    def moves_interval(self) -> tuple[float, float]:
        n, mean = self.games, self.mean_moves
        var = max(self.tally.moves_sq / n - mean * mean, 0.0) * n / max(n - 1, 1)
        half = 1.96 * math.sqrt(var / n)
        return mean - half, mean + half

    def event_rate(self, event: str) -> float:
        """How often ``event`` happens per game, on average."""
        return self.tally.event_counts[event] / self.games

    def clause_share(self, clause: str) -> float:
        """The share of games in which the engine cited ``clause``."""
        return self.tally.clause_games[clause] / self.games


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _play_range(game: Game, seed: int | str, bots: tuple[str, ...], first: int, last: int) -> Tally:
    tally = Tally(game.players)
    for g in range(first, last):
        tally.add_game(game, play_seeded(game, derive(seed, "game", g), bots))
    return tally


def simulate(game: Game, games: int, seed: int | str = 1, bots: str | Sequence[str] = "random",
             workers: int = 1, chunk: int = 500) -> Report:
    """Play ``games`` seeded games (in ``workers`` processes) and report the statistics."""
    kinds = (bots,) if isinstance(bots, str) else tuple(bots)
    if len(kinds) not in (1, game.players):
        kinds = tuple(kinds[i % len(kinds)] for i in range(game.players))
    tally = Tally(game.players)
    ranges = [(a, min(a + chunk, games)) for a in range(0, games, chunk)]
    if workers <= 1 or len(ranges) <= 1:
        for a, b in ranges:
            tally.merge(_play_range(game, seed, kinds, a, b))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_play_range, game, seed, kinds, a, b) for a, b in ranges]
            for f in futures:
                tally.merge(f.result())
    return Report(game, kinds, seed, tally)
