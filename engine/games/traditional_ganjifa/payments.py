"""Traditional Ganjifa's scores and card payments: a deal's end, what is owed for the next, how it is paid.

A part of :class:`~.state.TGState` (a base it is built from; it stands on :class:`~.hands.TGHands`).
A deal scores the cards won less 40 [tg.score]; a player short of 40 pays the shortfall to the players
over 40 at the start of the next deal [tg.payment], unless they killed the akheri [tg.exempt]. The payer
sets aside the first, second or last batches and one more card, the receiver takes blind what is owed
[tg.aside] (never the Surkhya [tg.surkhya-back]) and gives back as many low cards [tg.return]; a hand
left without a Raja by the payments is dealt again [tg.redeal].
"""

from __future__ import annotations

from ...cards import Card
from ...protocol import CHANCE
from .hands import TGHands
from .moves import APART, ASIDE
from .records import TGRecord
from .table import NEWDEAL, OVER, PAY_APART, PAY_ASIDE, PAY_TAKE, REDEAL, TARGET, batches_of


class PaymentRules(TGHands):
    """The end of a deal, its scores, and the card payments before the next."""

    def _aside_cards(self, seat: int, which: str) -> list[Card]:
        owed = sum(a for _, a in self.payments[0][1])
        m = -(-owed // 4)
        hand = self.hands_[seat]
        dealt = self.dealt[seat]
        return [c for b in batches_of(dealt, m, which) for c in dealt[4 * b:4 * b + 4] if c.index in hand]

    def unseen_own(self, seat: int) -> frozenset[int]:
        """The cards (indices) of ``seat``'s own hand it has not looked at [tg.aside]: a payer's batches come face
        down, and it sets batches aside before looking; it then looks at the rest, and the batches set aside stay
        unseen until the payment is done (what nobody takes then goes back into the hand). A payer still waiting
        to pay has looked at none of its cards."""
        if not self.payments or all(p != seat for p, _ in self.payments):
            return frozenset()
        if seat != self.payments[0][0] or self.stage == PAY_ASIDE:
            return frozenset(self.hands_[seat])
        return frozenset(c.index for c in self.aside)

    # lead: the obligations in order ------------------------------------------------------

    @staticmethod
    def _low(card: Card) -> bool:
        """``card`` is a low card: not a Raja (at the opening and the payments, the Rajas are the hukms)."""
        return card.rank != 12

    def _apply_payment(self, seat, move) -> TGRecord:
        if move.kind == ASIDE:  # unseen: the batches by their place
            self.aside = self._aside_cards(seat, move.extra)
            self.stage = PAY_APART
            owed = sum(a for _, a in self.payments[0][1])
            return self._record(seat, move, ("tg.aside",), ("aside", owed, len(self.aside)))
        if move.kind == APART:  # seen: one card of the rest of the hand
            self.aside_card = move.cards[0]
            self.stage, self.current_player = PAY_TAKE, CHANCE
            return self._record(seat, move, ("tg.aside",), ("apart",))
        payer, dues = self.payments[0]
        card = move.cards[0]
        self._give(payer, card)
        self.to_return -= 1
        note = ("return", payer, self.to_return)
        if self.to_return == 0:
            dues.pop(0)
            if not dues:
                self.payments.pop(0)
                self.aside, self.aside_card = [], None
                if self.payments:
                    self.stage, self.current_player = PAY_ASIDE, self.payments[0][0]
                elif self.game.raja_check == "play" and self._rajaless():
                    # a hand left without a Raja by the payments: deal again, and pay again from the new hands
                    self.payments = [[p, [list(d) for d in dues]] for p, dues in self.due]
                    self.stage, self.current_player = REDEAL, CHANCE
                    return self._record(seat, move, ("tg.return", "tg.redeal"), note + (True,))
                else:
                    self._to_opening()
            else:
                self.stage, self.current_player = PAY_TAKE, CHANCE
        return self._record(seat, move, ("tg.return",), note)

    def _end_deal(self, record) -> TGRecord:
        won = [len(w) for w in self.won]
        points = tuple(w - TARGET for w in won)
        self.deal_points.append(points)
        for p in range(3):
            self.scores[p] += points[p]
        killer = record[4][4][0]
        self.killers.append(killer)
        finished = self.deal_no >= self.game.rounds
        note = record[3]
        clauses = record[2] + ("tg.score",)
        payments = [] if finished else self.owed(won, killer, self.deal_no % 3)  # deal_no + 1 is dealt from seat deal_no % 3
        if payments:
            clauses += ("tg.payment",)
        if not finished and killer >= 0 and won[killer] < TARGET:
            clauses += ("tg.exempt",)
        self.payments = payments
        self.due = [[p, [list(d) for d in dues]] for p, dues in payments]  # as owed, should a redeal come after them
        if finished:
            self.stage, self.current_player = OVER, None
        else:
            self.stage, self.current_player = NEWDEAL, CHANCE
        info = record[4] + (points, tuple(self.scores), tuple((p, tuple(map(tuple, d))) for p, d in payments),
                            finished)
        return TGRecord(record[0], record[1], clauses, note, info)

    @staticmethod
    def owed(won, killer: int = -1, first: int = 0) -> list:
        """The card payments after a deal: [payer, [[receiver, cards], ...]], deficits paid to surpluses in turn order.

        The payers pay in turn, from ``first`` (the player dealt to first in the next deal); each pays the
        next player after them in turn who is owed first, up to what that player is owed, then the other.
        A player who killed the final trick pays nothing; a payment is at most 36 cards. So the players
        owed are paid in full unless one of those two exceptions applies, when they are paid less.
        """
        turn = [(first + i) % 3 for i in range(3)]
        short = [[p, TARGET - won[p]] for p in turn if won[p] < TARGET and p != killer]
        over = {p: [p, w - TARGET] for p, w in enumerate(won) if w > TARGET}
        out = []
        for payer, due in short:
            due = min(due, 36)
            dues = []
            for entry in (over[(payer + i) % 3] for i in (1, 2) if (payer + i) % 3 in over):
                if due == 0:
                    break
                k = min(due, entry[1])
                if k:
                    dues.append([entry[0], k])
                    entry[1] -= k
                    due -= k
            if dues:
                out.append([payer, dues])
        return out
