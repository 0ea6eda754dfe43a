"""Matches: one game played over several deals (or rounds), with a dealer who rotates,
points or payments carried from deal to deal, and a result for the whole match.

A deal is always played with its own seats (seat 0 plays first, the game says which seat
deals: ``Game.DEALER_SEAT``); the match seats the real players round the table so that the
deal's dealer is this deal's dealer, and turns what each seat scored or paid back into
what each player did. So every game that can be dealt can be played as a match, and a
game played for money (against a bank, or between players) says how a deal is settled
(``Game.settle``): each seat's gain or loss in stake units, summing to zero.

>>> from engine import get_game
>>> match = Match(get_game("kendra-kari", players=3), names=("Asha", "Bela", "Chitra"), deals=3)
>>> result = match.play(seed=5, bots="random")
>>> [d.dealer for d in result.deals], len(result.deals)
(['Chitra', 'Asha', 'Bela'], 3)
>>> sum(result.totals) == sum(sum(d.points) for d in result.deals)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ..errors import OptionError
from ..protocol import Game, State, default_names
from ..shuffle import derive
from .play import play_seeded


@dataclass(frozen=True)
class DealResult:
    """One deal of a match, in players' terms (indexes are players, not seats)."""

    number: int  # 1, 2, ...
    dealer: str
    seating: tuple[int, ...]  # seat -> player
    points: tuple[float, ...]  # per player: what the game scores for this deal (Game.deal_points)
    payments: tuple[float, ...]  # per player: stake units won (+) or paid (-); all zero if the game has no stakes
    summary: str  # the deal's result in words, with the players' names
    next_dealer: int | None = None  # the player who deals next (Game.next_dealer, else the usual rule)


@dataclass(frozen=True)
class MatchResult:
    names: tuple[str, ...]
    deals: tuple[DealResult, ...]
    totals: tuple[float, ...]  # points per player over the match
    balance: tuple[float, ...]  # payments per player over the match (sums to zero)
    winners: tuple[str, ...]
    first_dealer_draw: tuple[str, ...] = ()  # how chance chose the first dealer, in words (Game.draw_for_dealer)

    def narrate(self) -> str:
        who = " and ".join(self.winners)
        verb = "wins" if len(self.winners) == 1 else "share"
        scores = ", ".join(f"{n} {t:g}" for n, t in zip(self.names, self.totals))
        return f"{who} {verb} the match after {len(self.deals)} deals ({scores})."


@dataclass
class Match:
    """A match of ``game`` between ``names``: ``deals`` deals, or until someone reaches ``target`` points.

    ``first_dealer`` is a player index; without one, the game may have chance draw for the first
    dealer (``Game.draw_for_dealer``, from the match's seed), else ``Game.DEALER_SEAT`` deals first.
    The deal passes to the next player each time (``Game.DEALER_ROTATES``; with it off the first
    dealer keeps the deal, as a bank does), unless the game says who deals next (``Game.next_dealer``).
    ``stake`` multiplies the payments a game settles a deal with.
    """

    game: Game
    names: Sequence[str] = ()
    deals: int | None = None
    target: float | None = None
    first_dealer: int | None = None
    stake: float = 1
    max_deals: int = 1000
    played: list[DealResult] = field(default_factory=list)
    first_dealer_draw: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        self.names = tuple(self.names) or default_names(self.game.players)
        if len(self.names) != self.game.players:
            raise OptionError(f"{len(self.names)} names for {self.game.players} players")
        if self.deals is None and self.target is None:
            raise OptionError("a match is played for a number of deals or to a target score")
        if self.deals is not None and self.deals < 1:
            raise OptionError("a match has at least one deal")
        self._drawn = self.first_dealer is not None  # given: no draw for the first dealer
        if self.first_dealer is None:
            self.first_dealer = self.game.DEALER_SEAT % self.game.players

    # --- seating -------------------------------------------------------------------------
    def dealer_of(self, number: int) -> int:
        """The player who deals deal ``number`` (1, 2, ...): as recorded for the deals played, then by the
        usual rule from the last one (the next player, or the same one for a bank that keeps the deal)."""
        played = self.played
        if number <= len(played):
            seating = played[number - 1].seating
            return seating[self.game.DEALER_SEAT % self.game.players]
        if not played:
            dealer, turns = self.first_dealer, number - 1
        else:
            last = played[-1]
            dealer, turns = last.next_dealer, number - len(played) - 1
            if dealer is None:
                dealer = last.seating[self.game.DEALER_SEAT % self.game.players]
                turns += 1
        step = 1 if self.game.DEALER_ROTATES else 0
        return (dealer + step * turns) % self.game.players

    def seating(self, number: int) -> tuple[int, ...]:
        """Seat -> player for deal ``number``: the dealer takes the game's dealer seat, the rest follow in order."""
        n = self.game.players
        dealer_seat = self.game.DEALER_SEAT % n
        shift = self.dealer_of(number) - dealer_seat
        return tuple((seat + shift) % n for seat in range(n))

    # --- playing --------------------------------------------------------------------------
    def over(self) -> bool:
        if self.deals is not None and len(self.played) >= self.deals:
            return True
        if self.target is not None and self.played and max(self.totals()) >= self.target:
            return True
        return len(self.played) >= self.max_deals

    def totals(self) -> tuple[float, ...]:
        return tuple(sum(d.points[p] for d in self.played) for p in range(self.game.players))

    def balance(self) -> tuple[float, ...]:
        return tuple(sum(d.payments[p] for d in self.played) for p in range(self.game.players))

    def record(self, state: State) -> DealResult:
        """Settle a finished deal (played by the match's next seating) and add it to the match."""
        if not state.is_terminal():
            raise OptionError("only a finished deal can be added to a match")
        number = len(self.played) + 1
        seating = self.seating(number)
        n = self.game.players
        seat_points = self.game.deal_points(state)
        seat_pay = self.game.settle(state)
        if abs(sum(seat_pay)) > 1e-9:
            raise OptionError(f"{self.game.title}: a deal's payments must sum to zero, not {sum(seat_pay)}")
        points, payments = [0.0] * n, [0.0] * n
        for seat, player in enumerate(seating):
            points[player] = seat_points[seat]
            payments[player] = seat_pay[seat] * self.stake
        seat_names = [self.names[p] for p in seating]
        next_seat = self.game.next_dealer(state)
        deal = DealResult(number, self.names[self.dealer_of(number)], seating, tuple(points), tuple(payments),
                          state.result().narrate(seat_names), None if next_seat is None else seating[next_seat])
        self.played.append(deal)
        return deal

    def play(self, seed: int | str, bots: str | Sequence[str] = "heuristic") -> MatchResult:
        """Play the whole match with bots; deal ``k`` is played from ``derive(seed, "deal", k)``.

        ``bots`` is one kind, or one per player (each player keeps their bot whatever seat they take).
        """
        kinds = (bots,) * self.game.players if isinstance(bots, str) else tuple(bots)
        self.draw_first_dealer(seed)
        while not self.over():
            number = len(self.played) + 1
            seating = self.seating(number)
            state = play_seeded(self.game, derive(seed, "deal", number), [kinds[p] for p in seating])
            self.record(state)
        return self.result()

    def draw_first_dealer(self, seed: int | str) -> None:
        """Before the first deal, let chance choose the first dealer if the game draws for it
        (``Game.draw_for_dealer`` with ``derive(seed, "first-dealer")``) and no dealer was given."""
        if self._drawn or self.played:
            return
        self._drawn = True
        draw = self.game.draw_for_dealer(derive(seed, "first-dealer"), self.names)
        if draw is not None:
            self.first_dealer = draw.dealer
            self.first_dealer_draw = draw.narration

    def result(self) -> MatchResult:
        totals, balance = self.totals(), self.balance()
        best = max(totals)
        winners = tuple(self.names[p] for p, t in enumerate(totals) if t == best)
        return MatchResult(tuple(self.names), tuple(self.played), totals, balance, winners, self.first_dealer_draw)
