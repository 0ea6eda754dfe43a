"""The state of a Komi game: bets, the dealer's show, and the settlement of every bet."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card
from ...decks import MUGHAL
from ...errors import IllegalMoveError, NotationError
from ...families.stakes import Say, StakesState, settle_against_dealer
from ...notation import whole_number
from .records import CL_BET, CL_DEALER, KomiRecord
from .strategy import move_priority as _move_priority

# a card's value (court cards 0) by Card.index, for the hot path
VALUE = [0] * (max(c.index for c in MUGHAL.cards) + 1)
for _card in MUGHAL.cards:
    VALUE[_card.index] = _card.rank if _card.rank <= 10 else 0
del _card
KOMI = 10  # the score of a Komi: above every other score


def hand_score(cards) -> int:
    """A hand's score: the last digit of its pip total (court cards count 0), or 10 for a Komi.

    >>> from engine.cards import parse_cards
    >>> hand_score(parse_cards("5Sh 7Ta VGh")), hand_score(parse_cards("RSa VTa RBa")), hand_score(parse_cards("10Sa VTa RBa"))
    (2, 10, 0)
    """
    if all(c.rank > 10 for c in cards):
        return KOMI
    return sum(VALUE[c.index] for c in cards) % 10


@dataclass(frozen=True)
class KomiView:
    """What one player may see: the bets, the dealer, the totals, and every hand once shown (none before)."""

    player: int
    dealer: int
    round: int
    bets: tuple[int, ...]
    shown: tuple[tuple[Card, ...], ...]
    balance: tuple[int, ...]
    current_player: int | None


class KomiState(StakesState):
    """A Komi game in progress: make one with ``Komi.new_game`` or ``Komi.position``."""

    HAND_SIZE = 3
    CL = {"players": "km.players", "dealer": "km.dealer", "deal": "km.deal", "rotate": "km.rotate",
          "rounds": "km.rounds", "money": "km.settle"}
    RECORD = KomiRecord
    NO_POT = "every bet is settled with the dealer"
    __slots__ = ("_bets", "_shown")

    def _clear_round(self) -> None:
        self._bets = [0] * self.game.players
        self._shown = False

    def _begin_round(self) -> None:
        self._clear_round()
        self._start_turns()
        self._legal = None

    def _moves(self):
        if self.current_player == self._dealer:
            return _SHOW
        return _BETS[self.game.max_bet]

    def _play(self, move) -> KomiRecord:
        cp = self.current_player
        if move.kind == "bet":
            self._bets[cp] = move.amount
            self._turn += 1
            self.current_player = self._order[self._turn]
            return KomiRecord((cp, move, CL_BET, ("bet", move.amount), None, False))
        return self._show(cp, move)

    def _show(self, dealer: int, move) -> KomiRecord:
        self._shown = True
        scores = tuple(hand_score(h) for h in self._hands)
        mine = scores[dealer]
        push = self.game.ties == "push"
        outcomes = [1 if s > mine else -1 if s < mine or not push else 0 for s in scores]
        pay = settle_against_dealer(dealer, self._bets, outcomes)
        bets = tuple(self._bets)
        ended = self._end_round(pay)
        clauses = ("km.show", "km.value", "km.score") + (("km.komi",) if KOMI in scores else ()) + ("km.settle",)
        return KomiRecord((dealer, move, clauses, ("show", scores, tuple(pay), bets, dealer,
                                                   tuple(tuple(h) for h in self._hands), tuple(self._balance)),
                           tuple(pay), ended))

    def cards_dealt(self) -> bool:
        """Bets come before the deal (km.bet): the cards are dealt, face down, once every bet is in, and are
        turned up at the show. While bets are still to come a picture draws no hand."""
        return self._shown or self.current_player == self._dealer

    def _refuse(self, move) -> None:
        cp = self.current_player
        if not isinstance(move, Say) or move.game != "komi":
            raise IllegalMoveError(move, "km.bet", "a Komi move is a bet or the dealer's show")
        if move.kind == "show":
            raise IllegalMoveError(move, "km.bet", f"the dealer shows only after every other player has bet; "
                                   f"Player {cp + 1} has still to bet")
        if cp == self._dealer:
            raise IllegalMoveError(move, "km.bet", "the dealer does not bet: she covers every other player's "
                                   "bet, then deals, and every hand is shown at once")
        raise IllegalMoveError(move, "km.bet", f"a bet is 1 to {self.game.max_bet} stakes")

    # --- views and positions ---------------------------------------------------------------
    def view(self, player: int) -> KomiView:
        shown = tuple(tuple(h) for h in self._hands) if self._shown else ()
        return KomiView(player, self._dealer, self._round, tuple(self._bets), shown, tuple(self._balance),
                        self.current_player)

    def visible_cards(self, player: int) -> frozenset:
        return frozenset(c for h in self._hands for c in h) if self._shown else frozenset()

    def _has_pot(self) -> bool:
        return False

    def _position_extra(self):
        return (("bets", " ".join(map(str, self._bets))),) if any(self._bets) else ()

    def _read_bets(self, fields) -> list[int]:
        n = self.game.players
        text = fields.get("bets", " ".join("0" * n))
        bets = [whole_number(b, 2) for b in text.split()]
        if len(bets) != n or None in bets or any(b > self.game.max_bet for b in bets) or bets[self._dealer]:
            raise NotationError(text, f"bets gives one bet per player (0 to {self.game.max_bet}; the dealer's is 0)",
                                "km.bet")
        return bets

    def _set_chance_position(self, pending, fields) -> None:
        super()._set_chance_position(pending, fields)
        self._bets = self._read_bets(fields)
        self._shown = pending == "deal"  # between rounds the hands lie shown
        if pending == "deal" and any(not b for s, b in enumerate(self._bets) if s != self._dealer):
            raise NotationError(fields.get("bets", "-"), "a round that is over had every bet made", "km.bet")
        if pending == "dealer" and any(self._bets):
            raise NotationError(fields.get("bets", "-"), "nobody bets before the first dealer is chosen", "km.bet")

    def _set_position(self, turn, fields) -> None:
        bets = self._bets = self._read_bets(fields)
        self._shown = turn is None
        self._turn_at(turn)
        if turn is None:  # the game is over: the hands lie shown
            return
        placed = self._order[:self._turn]
        if any(bets[s] == 0 for s in placed) or any(bets[s] for s in self._order[self._turn:]):
            raise NotationError(fields.get("bets", "-"), "the players before the one to move have bet (1 or more), the others "
                                      "not yet (0)", "km.bet")

    move_priority = _move_priority

    def __str__(self) -> str:
        return f"Komi, {self.game.players} players, round {self._round}: {self.position()}"


_BETS = {m: tuple(Say.of("komi", f"bet {k}") for k in range(1, m + 1)) for m in range(1, 6)}
_SHOW = (Say.of("komi", "show"),)


class KomiState2(KomiState):
    """Komi with two cards a hand (option ``hand_size``)."""

    HAND_SIZE = 2
    __slots__ = ()


class KomiState4(KomiState):
    """Komi with four cards a hand (option ``hand_size``)."""

    HAND_SIZE = 4
    __slots__ = ()


class KomiState5(KomiState):
    """Komi with five cards a hand (option ``hand_size``)."""

    HAND_SIZE = 5
    __slots__ = ()


SIZED = {2: KomiState2, 3: KomiState, 4: KomiState4, 5: KomiState5}  # the state class for each hand size
