"""Traditional Ganjifa's opening: a redeal for a hand without a Raja, the Surkhya's opening trick, the exchanges.

A part of :class:`~.state.TGState` (a base it is built from; it stands on :class:`~.hands.TGHands`).
After the deal a hand without a Raja means a new deal [tg.redeal]; after any card payments the
holder of the Surkhya opens a trick of two cards each with it and one low card [tg.surkhya]; then each player in
turn may swap a card of that trick for one of a suit they lack or in which they hold only the Mantri, its
Raja in another hand, or keep [tg.exchange], or ask the Raja's holder for a low card of such a suit [tg.ask].
"""

from __future__ import annotations

from types import SimpleNamespace

from ...protocol import CHANCE
from .hands import TGHands
from .moves import ASK, GIVE, KEEP_MOVE, SUIT_CODES, SWAP, TGMove, make
from .records import TGRecord
from .table import (EXCHANGE, FOLLOW, GIVING, K_OPEN, OPENING, PAY_ASIDE, RAJAS as _RAJAS, REDEAL, SUITS,
                    rank_of as _rank_of)

_tuple_new = tuple.__new__


class OpeningRules(TGHands):
    """The opening of a deal: the redeal, the Surkhya's trick and its exchanges."""

    def _rajaless(self) -> bool:
        """Some hand holds no Raja."""
        return any(map(_RAJAS.isdisjoint, self.hands_))

    def begin_deal(self) -> None:
        """After the cards are dealt: a redeal if a hand has no Raja, else the payments, else the opening."""
        if self._rajaless():
            self.stage, self.current_player = REDEAL, CHANCE
        elif self.payments:
            self.stage, self.current_player = PAY_ASIDE, self.payments[0][0]
        else:
            self._to_opening()

    def _to_opening(self) -> None:
        self.leader = self.owner[self.game.surkhya.index]
        self.stage, self.current_player = OPENING, self.leader
        self.hands_ = [{i: h[i] for i in sorted(h, key=_rank_of)} for h in self.hands_]  # in order, as a position reads them
        self.base, self.moves_text = None, []  # position() starts from here: the snapshot, made when asked
        self._opening = (SimpleNamespace(hands=[list(h.values()) for h in self.hands_], won=((), (), ()),
                                         stage=OPENING, leader=self.leader, lost=(), burned=(),
                                         face_up=list(self.face_up), deal_no=self.deal_no,
                                         scores=tuple(self.scores)),)

    def _exchange_moves(self, seat, cards) -> list[TGMove]:
        out = [KEEP_MOVE]
        held = [0] * len(SUITS)
        for c in cards:
            held[c.suit.number] += 1
        s_card = self.game.surkhya
        in_trick = {c.suit.number for _, c in self.trick if c is not s_card}
        for _, t in self.trick:
            if t is s_card:
                continue
            s = t.suit.number
            if held[s] == 0 or (held[s] == 1 and self._deni_suit(s, seat)):
                out += [_tuple_new(TGMove, (SWAP, (c, t), None)) for c in cards]  # make(), inline
        for s in range(len(SUITS)):
            if held[s] == 1 and s not in in_trick and self._deni_suit(s, seat):
                raja = self.order[s][0]
                holder = self.owner[raja.index]
                if any(c.suit.number == s and c is not raja for c in self.hands_[holder].values()):
                    out += [make(ASK, (c,), SUITS[s].code) for c in cards]
        return out

    def _deni_suit(self, s: int, seat: int) -> bool:
        """``seat`` holds the Mantri of suit ``s`` and another player its Raja, both unburned: a deni."""
        o = self.order[s]
        return (len(o) >= 2 and o[0].rank == 12 and o[1].rank == 11 and self.owner[o[1].index] == seat
                and self.owner[o[0].index] != seat and o[0].index not in self.burned_ids
                and o[1].index not in self.burned_ids)

    def _apply_open(self, seat, move) -> TGRecord:
        for c in move.cards:
            self._take(seat, c)
            self.trick.append((seat, c))
        self.kind, self.lead_move = K_OPEN, move
        self.queue = [[(seat + i) % 3, 2, ()] for i in (1, 2)]
        self.stage, self.current_player = FOLLOW, self.queue[0][0]
        return self._record(seat, move, ("tg.surkhya",), ("open", self.game.time))

    def _apply_exchange(self, seat, move) -> TGRecord:
        kind = move.kind
        if kind == GIVE:
            asker, given, s = self.ask
            card = move.cards[0]
            self._give(asker, card)
            self._give(seat, given)
            self.ask = None
            note = ("give", asker, given)
            clauses = ("tg.ask",)
        elif kind == ASK:
            s = SUIT_CODES[move.extra].number
            holder = self.owner[self.order[s][0].index]
            self.ask = (seat, move.cards[0], s)
            self.stage, self.current_player = GIVING, holder
            return self._record(seat, move, ("tg.ask",), ("ask", holder))
        elif kind == SWAP:
            mine, theirs = move.cards
            i = next(i for i, (_, c) in enumerate(self.trick) if c is theirs)
            p = self.trick[i][0]
            self._take(seat, mine)
            self.trick[i] = (p, mine)
            self._give(seat, theirs)
            note, clauses = ("swap",), ("tg.exchange",)
        else:
            note, clauses = ("keep",), ("tg.exchange",)
        self.ex_order.pop(0)
        if self.ex_order:
            self.stage, self.current_player = EXCHANGE, self.ex_order[0]
            return self._record(seat, move, clauses, note)
        return self._end_trick(seat, move, clauses, note)
