"""The match layer (engine.players.match) on a toy banking game and on the real games.

The toy game, "High card against the bank", is the smallest game with a dealer who is also
the bank: every player and the dealer get one card; each player in turn may stand or swap
their card for the top of the stock; then each player beats the bank with a higher rank
(the bank pays one stake) or loses to it with a lower or equal one (pays the bank one).
It exists only here, to test matches and stakes before the banking games (Komi, Naqsh) land.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar

import pytest

from engine import get_game
from engine.cards import Card
from engine.decks import NAQSH
from engine.errors import IllegalMoveError, OptionError
from engine.players.match import Match
from engine.protocol import Deal, Game, Record, Result, State, option
from engine.shuffle import shuffled


class ToyRecord(Record, tuple):
    __slots__ = ()
    player = property(lambda self: self[0])
    move = property(lambda self: self[1])
    clauses = property(lambda self: self[2])

    def narrate(self, names=None) -> str:
        return f"{(names or ['?'] * 9)[self[0]]} {self[1]}s [toy.turn]."


class ToyState(State):
    def __init__(self, game, hands, stock):
        self.game, self.history = game, []
        self._hands, self._stock = [list(h) for h in hands], list(stock)
        self.current_player = 0

    def legal_moves(self):
        return [] if self.current_player is None else ["stand", "swap"]

    def check(self, move):
        if self.current_player is None or move not in ("stand", "swap"):
            raise IllegalMoveError(move, "toy.turn", "stand or swap")

    def apply(self, move):
        self.check(move)
        seat = self.current_player
        if move == "swap":
            self._stock.append(self._hands[seat].pop())
            self._hands[seat].append(self._stock.pop(0))
        self.current_player = seat + 1 if seat + 1 < self.game.players else None
        record = ToyRecord((seat, move, ("toy.turn",)))
        self.history.append(record)
        return record

    @property
    def hands(self):
        return [list(h) for h in self._hands]

    def all_cards(self):
        return [c for h in self._hands for c in h] + self._stock

    def copy(self):
        other = ToyState(self.game, self._hands, self._stock)
        other.current_player, other.history = self.current_player, list(self.history)
        return other

    def _rank(self, seat):
        return self._hands[seat][0].rank

    def result(self):
        bank = self.game.players - 1
        beat = tuple(i for i in range(bank) if self._rank(i) > self._rank(bank))
        return Result(beat or (bank,), tuple(1.0 if i in beat else 0.0 for i in range(self.game.players)),
                      "higher card than the bank", "toy.win")

    def view(self, player):
        return (player, tuple(self._hands[player]))


@dataclass(frozen=True)
class HighCard(Game):
    name: ClassVar[str] = "high-card"
    title: ClassVar[str] = "High card against the bank"
    deck: ClassVar = NAQSH
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    CLAUSES: ClassVar = MappingProxyType({"toy.turn": "Stand or swap", "toy.win": "Beat the bank"})
    DEALER_ROTATES: ClassVar[bool] = True
    players: int = option(4, choices=range(2, 7), help="players, the bank included")

    def deal(self, seed) -> Deal:
        cards = shuffled(self.deck.cards, seed)
        n = self.players
        return Deal(tuple((c,) for c in cards[:n]), (("stock", tuple(cards[n:])),))

    def new_game(self, deal: Deal) -> ToyState:
        return ToyState(self, deal.hands, deal.pile("stock"))

    def parse_move(self, text):
        return text

    def settle(self, state):
        """Each player wins one stake from the bank (the dealer, the last seat) or pays it one."""
        bank = self.players - 1
        pay = [1.0 if state._rank(i) > state._rank(bank) else -1.0 for i in range(bank)]
        return tuple(pay) + (-sum(pay),)


def test_money_is_conserved_and_the_bank_rotates():
    game = HighCard(players=4)
    for seed in range(200):
        match = Match(game, names=("Asha", "Bela", "Chitra", "Dev"), deals=8, stake=5)
        result = match.play(seed, bots="random")
        assert sum(result.balance) == 0  # money is conserved over the match
        for deal in result.deals:
            assert sum(deal.payments) == 0 and all(p % 5 == 0 for p in deal.payments)
            bank = deal.seating[-1]
            assert deal.dealer == match.names[bank]
            # the bank's payment is minus everyone else's
            assert deal.payments[bank] == -sum(p for i, p in enumerate(deal.payments) if i != bank)
        assert [d.dealer for d in result.deals] == ["Dev", "Asha", "Bela", "Chitra"] * 2
        assert result.balance == tuple(sum(d.payments[p] for d in result.deals) for p in range(4))


def test_the_same_seed_plays_the_same_match():
    game = HighCard(players=3)
    one = Match(game, deals=5).play("fair", bots="random")
    two = Match(game, deals=5).play("fair", bots="random")
    assert one == two
    assert Match(game, deals=5).play("other", bots="random") != one


def test_a_match_to_a_target_score_stops_when_reached():
    result = Match(get_game("kendra-kari", players=3), target=3).play(seed=2, bots="random")
    totals = [sum(d.points[p] for d in result.deals) for p in range(3)]
    assert max(totals) >= 3 and max(result.totals) == max(totals)
    before = [sum(d.points[p] for d in result.deals[:-1]) for p in range(3)]
    assert max(before) < 3  # not one deal more than needed
    assert result.winners and result.narrate().endswith(f"after {len(result.deals)} deals ({', '.join(f'{n} {t:g}' for n, t in zip(result.names, result.totals))}).")


def test_a_trick_game_match_scores_cards_won_per_player():
    game = get_game("guru-ganjifa", players=3)
    match = Match(game, names=("A", "B", "C"), deals=3)
    result = match.play(seed=9, bots="heuristic")
    for deal in result.deals:
        assert sum(deal.points) == 120  # every card is won by someone in every deal
        assert deal.payments == (0, 0, 0)  # played for points, nothing changes hands
        assert set(deal.seating) == {0, 1, 2}
    assert [d.seating for d in result.deals] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]


def test_bad_matches_are_refused():
    game = HighCard(players=3)
    with pytest.raises(OptionError, match="names for 3 players"):
        Match(game, names=("A", "B"), deals=2)
    with pytest.raises(OptionError, match="number of deals or to a target"):
        Match(game)
    with pytest.raises(OptionError, match="only a finished deal"):
        Match(game, deals=1).record(game.start(1))

    class Leaky(HighCard):
        def settle(self, state):
            return (1.0,) * self.players

    with pytest.raises(OptionError, match="sum to zero"):
        Match(Leaky(players=3), deals=1).play(1, "random")
