"""The state of a Nakash game: the pot, the shows in turn, and who takes the pot."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card
from ...decks import MUGHAL
from ...errors import IllegalMoveError, NotationError
from ...protocol import CHANCE
from ...families.stakes import Say, StakesState, split_pot
from .records import NakashRecord

BUSTS = frozenset((18, 19, 21, 23))
PAIRS = {1: 5, 12: 4, 11: 3, 10: 2}  # the winning pairs' places, best first: 1s, Rajas, Viziers, 10s
PAIR_NAMES = {1: "a pair of 1s", 12: "a pair of Rajas", 11: "a pair of Viziers", 10: "a pair of 10s"}


LIMIT = 17  # the highest total that wins, as the source has it (option ``limit``)
LIMITS = (14, 15, 16, 17, 20, 22)


def hand_rank(cards, limit: int = LIMIT) -> tuple[int, int, str]:
    """``(class, total, kind)`` of a two-card hand; a higher ``(class, total)`` is a better hand and
    class 0 loses. Kinds: ``pair`` (a winning pair), ``total`` (``limit``, 17, or less), ``bust`` (18, 19,
    21, 23, whatever the limit), ``over`` (any other total over 17 without a pair; ``over 15`` over
    another ``limit``).

    >>> from engine.cards import parse_cards
    >>> [hand_rank(parse_cards(h)) for h in ("1Sa 1Ta", "RSa RTa", "9Sa 8Ta", "9Sa 9Ta", "RSa 8Ta")]
    [(5, 2, 'pair'), (4, 24, 'pair'), (1, 17, 'total'), (0, 18, 'bust'), (0, 20, 'over')]
    >>> [hand_rank(parse_cards(h), 15) for h in ("9Sa 7Ta", "RSa 8Ta")], hand_rank(parse_cards("RSa 8Ta"), 20)
    ([(0, 16, 'over 15'), (0, 20, 'over 15')], (1, 20, 'total'))
    """
    a, b = cards
    total = a.rank + b.rank
    if a.rank == b.rank and a.rank in PAIRS:
        return PAIRS[a.rank], total, "pair"
    if total in BUSTS:
        return 0, total, "bust"
    if total <= limit:
        return 1, total, "total"
    return 0, total, "over" if limit == LIMIT else f"over {limit}"


def _ranks(limit: int) -> dict:
    """Every pair of ranks' ``hand_rank`` at ``limit``, for the hot path."""
    return {(a, b): hand_rank((Card(MUGHAL.suits[0], a), Card(MUGHAL.suits[1], b)), limit)
            for a in range(1, 13) for b in range(1, 13)}


RANKS = {limit: _ranks(limit) for limit in LIMITS}


@dataclass(frozen=True)
class NakashView:
    """What one player may see: the pot, the totals, the dealer and the hands shown so far."""

    player: int
    dealer: int
    round: int
    pot: int
    shown: tuple[tuple[Card, ...], ...]
    balance: tuple[int, ...]
    current_player: int | None


class NakashState(StakesState):
    """A Nakash game in progress: make one with ``Nakash.new_game`` or ``Nakash.position``."""

    HAND_SIZE = 2
    CL = {"players": "nk.players", "dealer": "nk.dealer", "deal": "nk.deal", "rotate": "nk.rotate",
          "rounds": "nk.rounds", "money": "nk.ante"}
    RECORD = NakashRecord
    __slots__ = ("_shown",)

    def _clear_round(self) -> None:
        self._shown = 0

    def _begin_round(self) -> None:
        ante = self.game.ante
        bal = self._balance
        for s in range(len(bal)):
            bal[s] -= ante
        self._pot += ante * len(bal)
        self._clear_round()
        self._start_turns()
        self._legal = None

    def _moves(self):
        return _SHOW

    def _play(self, move) -> NakashRecord:
        cp = self.current_player
        h = self._hands[cp]
        rank = RANKS[self.game.limit][h[0].rank, h[1].rank]
        self._shown += 1
        self._turn += 1
        kind = rank[2]
        clauses = _CLAUSES[kind]
        if self._turn < len(self._order):
            self.current_player = self._order[self._turn]
            return NakashRecord((cp, move, clauses, ("show", tuple(h), rank, None, cp), None, False))
        return self._settle(cp, move, tuple(h), rank, clauses)

    def _settle(self, dealer, move, hand, rank, clauses) -> NakashRecord:
        table = RANKS[self.game.limit]
        ranks = [table[h[0].rank, h[1].rank] for h in self._hands]
        best = max((r[0], r[1]) for r in ranks)
        pot = self._pot
        n = len(ranks)
        pay = [0] * n
        if best[0] == 0:  # nobody qualifies
            winners = ()
            if self.game.unclaimed == "return" or self._round == self.game.rounds:
                for s, amount in split_pot(pot, self._order).items():  # equal shares, odd units in the order of play
                    pay[s] = amount
                self._pot = 0
                clause, returned = "nk.carry", True
            else:
                clause, returned = "nk.carry", False
        else:
            winners = tuple(s for s in self._order if (ranks[s][0], ranks[s][1]) == best)
            for s, amount in split_pot(pot, winners).items():
                pay[s] = amount
            self._pot = 0
            clause, returned = "nk.pot", False
        bal = self._balance
        for s in range(n):
            bal[s] += pay[s]
        # the round's net payments: what each won back minus the ante
        ante = self.game.ante
        net = tuple(p - ante for p in pay)
        ended = self._end_round_net(net)
        best_rank = ranks[winners[0]] if winners else None
        extra = ("nk.order",) if "nk.order" not in clauses and winners else ()
        record_clauses = clauses + extra + ("nk.ante", clause)
        return NakashRecord((dealer, move, record_clauses,
                             ("show", hand, rank, (winners, pot, best_rank, returned, tuple(pay), tuple(bal)), dealer),
                             net, ended))

    def _end_round_net(self, net) -> bool:
        self._last_pay = net
        if self._round < self.game.rounds:
            self.current_player = CHANCE
            self._pending = "deal"
            return False
        self.current_player = None
        return True

    def _refuse(self, move) -> None:
        raise IllegalMoveError(move, "nk.show", "a Nakash player's only move is to show the two cards")

    # --- views and positions ---------------------------------------------------------------
    def view(self, player: int) -> NakashView:
        shown = tuple(tuple(self._hands[s]) for s in self._order[:self._shown])
        return NakashView(player, self._dealer, self._round, self._pot, shown, tuple(self._balance),
                          self.current_player)

    def visible_cards(self, player: int) -> frozenset:
        return frozenset(c for s in self._order[:self._shown] for c in self._hands[s])

    def _set_chance_position(self, pending, fields) -> None:
        super()._set_chance_position(pending, fields)
        self._shown = len(self._order) if pending == "deal" else 0  # between rounds the hands lie shown

    def _set_position(self, turn, fields) -> None:
        self._turn_at(turn)
        self._shown = self._turn
        if turn is None:  # the game is over: the hands lie shown, the pot is shared out
            self._shown = len(self._order)
            if self._pot:
                raise NotationError(str(self._pot), "once the game is over the pot is empty", "nk.pot")
            return
        if self._pot < self.game.ante * self.game.players:
            raise NotationError(str(self._pot), "the pot holds at least every player's stake for this round",
                                "nk.ante")

    def __str__(self) -> str:
        return f"Nakash, {self.game.players} players, round {self._round}: {self.position()}"


_SHOW = (Say.of("nakash", "show"),)
_CLAUSES = {"pair": ("nk.show", "nk.order"), "total": ("nk.show", "nk.value"),
            "bust": ("nk.show", "nk.value", "nk.bust"), "over": ("nk.show", "nk.value", "nk.over")}
_CLAUSES.update({f"over {limit}": _CLAUSES["over"] for limit in LIMITS})
