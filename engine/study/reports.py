"""What a simulation measured: its running totals (:class:`Tally`, integers only, so partial tallies merge in
any order), its report with intervals (:class:`Report`), and each game's outcome for paired comparisons
(:class:`Outcomes`). :mod:`engine.study.simulate` fills them; :mod:`engine.study.simtables` and
:mod:`engine.study.compare` read them."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from ..protocol import CHANCE, Game
from ..stats import wilson
from .simgames import UNIT


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
    clause_sq: Counter = field(default_factory=Counter)  # clause -> sum over games of (times cited in the game)^2

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * self.players

    def add_game(self, game: Game, state) -> None:
        history = state.history
        n = sum(1 for r in history if r.player != CHANCE)
        self.games += 1
        self.moves += n
        self.moves_sq += n * n
        result = state.result()
        winners = result.winners
        for w in winners:
            self.wins[w] += UNIT // len(winners)
        # records share their clause tuples: count the tuples, then what each tuple holds
        by_tuple = Counter(r.clauses for r in history)
        if not any(result.clause in cited for cited in by_tuple):  # the rule that decided the result
            by_tuple[(result.clause,)] += 1
        clauses: Counter = Counter()
        for cited, times in by_tuple.items():
            for c in cited:
                clauses[c] += times
        events: Counter = Counter()
        events_of = game.events_of
        for record in history:
            found = events_of(record)
            if found:
                events.update(found)
        self.event_counts.update(events)
        self.event_games.update(events.keys())
        self.clause_counts.update(clauses)
        self.clause_games.update(clauses.keys())
        self.clause_sq.update({c: t * t for c, t in clauses.items()})

    def merge(self, other: "Tally") -> None:
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        self.moves += other.moves
        self.moves_sq += other.moves_sq
        for mine, theirs in ((self.event_counts, other.event_counts), (self.event_games, other.event_games),
                             (self.clause_counts, other.clause_counts), (self.clause_games, other.clause_games),
                             (self.clause_sq, other.clause_sq)):
            mine.update(theirs)


@dataclass(frozen=True)
class Report:
    """What a simulation measured, with 95% confidence intervals where they apply."""

    game: Game
    bots: tuple[str, ...]
    seed: int | str
    tally: Tally
    # game by game (simulate(..., per_game=True)): what ``engine.study.compare`` pairs across variants played on the same seeds
    outcomes: "Outcomes | None" = field(default=None, compare=False, repr=False)

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

    def clause_steps_interval(self, clause: str) -> tuple[float, float]:
        """A 95% interval for the steps a game on which ``clause`` came into play, the games as the trials."""
        n = self.games
        mean = self.tally.clause_counts[clause] / n
        var = max(self.tally.clause_sq[clause] / n - mean * mean, 0.0) * n / max(n - 1, 1)
        half = 1.96 * math.sqrt(var / n)
        return max(mean - half, 0.0), mean + half

    def clause_share(self, clause: str) -> float:
        """The share of games in which the engine cited ``clause``."""
        return self.tally.clause_games[clause] / self.games


@dataclass
class Outcomes:
    """Each game's outcome, game by game (in game order), for paired comparisons (:mod:`engine.study.compare`):
    each seat's share of the win in 1/UNIT (``wins[g * players + seat]``), the moves, the events seen (a bit
    per event of ``EVENTS``, in order) and, for a game played for stakes (``Game.settle``), what each seat won or
    paid; the game's print, hashed (:func:`engine.study.simgames.game_print`: two variants that play every game alike
    are told); and how many times each event happened. About 16 + 9 * players + 2 * events bytes a game."""

    players: int
    first: int = 0
    wins: "array" = None  # type: ignore[assignment]
    moves: "array" = None  # type: ignore[assignment]
    events: "array" = None  # type: ignore[assignment]
    money: "array | None" = None
    prints: "array" = None  # type: ignore[assignment]  # each game's print (engine.study.simgames.game_print), hashed
    event_counts: "array" = None  # type: ignore[assignment]  # times each event happened: [g * len(EVENTS) + e]

    def __post_init__(self) -> None:
        from array import array

        if self.wins is None:
            self.wins, self.moves, self.events = array("b"), array("l"), array("Q")
        if self.prints is None:
            self.prints = array("Q")
        if self.event_counts is None:
            self.event_counts = array("H")  # (a count above 65,535 in one game is kept as 65,535)

    @property
    def games(self) -> int:
        return len(self.moves)

    def extend(self, other: "Outcomes") -> None:
        self.wins.extend(other.wins)
        self.moves.extend(other.moves)
        self.events.extend(other.events)
        self.prints.extend(other.prints)
        self.event_counts.extend(other.event_counts)
        if other.money is not None:
            if self.money is None:
                from array import array

                self.money = array("d")
            self.money.extend(other.money)
