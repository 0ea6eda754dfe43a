"""Traditional Ganjifa's tricks: adding to a trick, the hukm's duty and burning, who wins, the akheri killed.

A part of :class:`~.state.TGState` (a base it is built from; it stands on :class:`~.hands.TGHands`).
Each player adds the cards the lead asks, of any suit, and the strongest card of the suit led wins
[tg.trick]; the opening trick takes low cards [tg.surkhya] and is then open to exchanges
[tg.exchange]; the holder of the hukm of a suit led low must play it or it burns [tg.hukm, tg.burn];
the gheni may double a deni [tg.double]; a sir's or a hardu's called cards must be played [tg.sir,
tg.hardu]; a wrong sokta gives the trick away [tg.sokta, tg.sokta-wrong]; the lead lost by every
player brings the tigasta [tg.tigasta]; and the final trick, the akheri, may be killed [tg.akheri, tg.kill].
"""

from __future__ import annotations

from operator import itemgetter

from ...cards import Card
from ...protocol import CHANCE
from .hands import TGHands
from .moves import DENI, DOUBLE, TGMove, make
from .records import TGRecord
from .table import (ADD_BY_INDEX as _ADD_BY_INDEX, DRAWING, EXCHANGE, K_AKHERI, K_FORCE, K_HARDU, K_MULTI, K_OPEN,
                    K_SIR, K_SOKTA, LEAD, OVER, RAJAS as _RAJAS, STRENGTH)

_tuple_new = tuple.__new__
_card_of = itemgetter(1)  # of a (seat, card) pair in a trick
_TRICK = ("tg.trick",)
_ADD_CLAUSES = {K_OPEN: ("tg.surkhya",), K_MULTI: _TRICK, K_SOKTA: ("tg.sokta",), K_HARDU: ("tg.hardu",),
                K_SIR: ("tg.sir",), K_AKHERI: ("tg.akheri",)}
_ADD_NOTE = ("add",)
_HUKM, _HUKM_NOTE, _BURN = ("tg.hukm",), ("hukm",), ("tg.hukm", "tg.burn")


class TrickRules(TGHands):
    """A trick: the cards each player may add, an add played, and the trick's end."""

    def _follow_moves(self, seat, hand) -> list[TGMove]:
        cards, doubles = self._follow_choices(seat, hand)
        moves = list(map(_ADD_BY_INDEX.__getitem__, cards))
        if doubles:
            moves += doubles
        return moves

    def _follow_choices(self, seat, hand) -> tuple:
        """What ``seat`` may add to the trick now: (the indexes of the cards it may add, in the hand's order, and
        the doubles it may make). :meth:`_follow_moves` lists them as moves (the adds first); the random
        players' loop (:meth:`play_random`) takes one of them by its place in that list."""
        _, owed, must = self.queue[0]
        if must and owed <= len(must):  # the called cards, once there is no room left for any other
            return [c.index for c in must], ()
        kind = self.kind
        if kind != K_FORCE:
            if kind == K_OPEN and self.game.low_cards:
                return [i for i in hand if i not in _RAJAS] or [*hand], ()  # _low(), by the card's index
            return [*hand], ()
        duty = self._duty(seat)
        if duty is not None and self.lead_move[0] == DENI and owed == 1 \
                and not self.doubled and duty.rank == 12 and self.game.double:
            led = self.trick[0][1]
            return [*hand], [make(DOUBLE, (duty, c)) for c in hand.values()
                             if c.suit is duty.suit and c is not duty and self.strength(c) > self.strength(led)]
        return [*hand], ()

    def _duty(self, seat: int) -> Card | None:
        """The hukm ``seat`` must add to this trick, if any (a forcing lead of a suit whose hukm it holds)."""
        if self.kind != K_FORCE or self.suit < 0 or seat == self.leader or self.answered:
            return None
        h = self.hukm(self.suit)
        if h is None or self.owner[h.index] != seat or h.index in self.burned_ids:
            return None
        # the hukm is judged against the cards of the suit already in the trick too: when one of them
        # ranks higher (the card led was already the best of its suit), there is nothing to draw out
        top = STRENGTH[h.index]
        suit, down, burned = self.suit, self.down, self.burned_ids
        for _, c in self.trick:  # (a burned card ranks below every unburned one)
            if c.suit.number == suit and STRENGTH[c.index] > top and c is not down and c.index not in burned:
                return None
        return h

    def _apply_follow(self, seat, move) -> TGRecord:
        queue = self.queue
        head = queue[0]
        if move[0] == DOUBLE:
            raja, second = move[1]
            self._take(seat, raja)
            self._take(seat, second)
            self.trick += [(seat, raja), (seat, second)]
            before = {p for p, _ in self.trick if p != seat}
            queue.pop(0)
            for entry in queue:
                entry[1] += 1
            leader = self.leader
            queue += [[p, 1, ()] for p in (leader, (leader + 1) % 3, (leader + 2) % 3) if p in before]
            self.doubled = (seat, second, frozenset(before))
            self.answered = True
            self.current_player = queue[0][0]
            return self._record(seat, move, ("tg.double",), ("double", raja, second))
        card = move[1][0]
        kind = self.kind
        clauses = _ADD_CLAUSES.get(kind, _TRICK)
        note = _ADD_NOTE
        must = head[2]
        if must:
            head[2] = tuple(c for c in must if c is not card)
        elif kind == K_FORCE and not self.answered:
            duty = self._duty(seat)
            if duty is not None:
                if card is duty:
                    clauses, note = _HUKM, _HUKM_NOTE
                    self.answered = True
                else:
                    self.burned.append(duty)
                    self.burned_ids.add(duty.index)
                    o = self.order[duty.suit.number]
                    o.remove(duty)
                    o.append(duty)
                    clauses, note = _BURN, ("burn", duty)
        idx = card.index  # _take, inlined (it runs for most steps)
        del self.hands_[seat][idx]
        self.owner[idx] = -1
        self.order[card.suit.number].remove(card)
        self.trick.append((seat, card))
        head[1] -= 1
        if head[1] == 0:
            queue.pop(0)
            if not queue:
                if kind == K_OPEN:
                    self.ex_order = [self.leader, (self.leader + 1) % 3, (self.leader + 2) % 3]
                    self.stage, self.current_player = EXCHANGE, self.leader
                    return self._record(seat, move, clauses + ("tg.exchange",), ("add-open",))
                return self._end_trick(seat, move, clauses, note)
        self.current_player = queue[0][0]
        return _tuple_new(TGRecord, (seat, move, clauses, note, None))

    def _strongest(self, cards) -> Card | None:
        best, top = None, -1000
        suit, down, burned = self.suit, self.down, self.burned_ids
        for c in cards:
            if c.suit.number == suit and c is not down:
                v = STRENGTH[c.index] if c.index not in burned else -self.burned.index(c)  # strength(), inline
                if v > top:
                    best, top = c, v
        return best

    def _end_trick(self, seat, move, clauses, note) -> TGRecord:
        kind, trick, leader = self.kind, self.trick, self.leader
        halves = None
        extra: tuple = ()
        if kind == K_MULTI or kind == K_OPEN:
            winner = leader
        elif kind == K_FORCE and self.doubled is None:  # the common trick: the strongest card of the suit wins
            winner, top = leader, -1000
            suit, down, burned = self.suit, self.down, self.burned_ids
            for p, c in trick:  # _strongest(), inline
                if c.suit.number == suit and c is not down:
                    v = STRENGTH[c.index] if c.index not in burned else -self.burned.index(c)
                    if v > top:
                        winner, top = p, v
        elif kind == K_SOKTA:
            winner = leader if self.sokta_to < 0 else self.sokta_to
            extra = ("tg.sokta-wrong",) if self.sokta_to >= 0 else ()
        elif kind == K_HARDU:
            winner = self.hardu_holder
        elif kind == K_SIR:
            seat_of = {c.index: p for p, c in trick}
            low = self.lead_move.cards[1]
            b = self._strongest([c for p, c in trick if p != leader] + [low])
            halves = (self.lead_move.cards[0], b)
            winner = seat_of[b.index]
        elif self.doubled is not None:
            gheni, y, before = self.doubled
            raja = next(c for p, c in trick if p == gheni and c.rank == 12 and c.suit.number == self.suit)
            b = self._strongest([y] + [c for p, c in trick if p not in before and p != gheni])
            halves = (raja, b)
            winner = gheni
            extra = ("tg.double",)
        else:
            best = self._strongest([c for _, c in trick])
            winner = next(p for p, c in trick if c is best) if best is not None else leader
        split = None
        if halves is not None:
            a_card, b_card = halves
            a, b = [a_card], [b_card]
            for p in range(3):
                mine = [c for q, c in trick if q == p and c is not a_card and c is not b_card]
                if a_card in [c for q, c in trick if q == p] and mine:
                    b.append(mine[0])
                elif b_card in [c for q, c in trick if q == p] and mine:
                    a.append(mine[0])
                elif mine:
                    a.append(mine[0])
                    b += mine[1:]
            seat_of = {c.index: p for p, c in trick}
            wa, wb = seat_of[a_card.index], seat_of[b_card.index]
            self.won[wa] += a
            self.won[wb] += b
            split = (wa, len(a), wb, len(b))
            winner = wb if kind == K_SIR else wa
        else:
            self.won[winner] += map(_card_of, trick)
            if kind == K_SOKTA and self.sokta_to >= 0 and self.game.sokta == "all":
                self.won[winner] += self.won[leader]  # a wrong sokta loses every trick of the deal
                self.won[leader] = []
                note = tuple(note) + ("all",)
        count = len(trick)
        over = not any(self.hands_)
        new_leader = winner
        tigasta_now = False
        if new_leader != leader:
            lost = self.lost
            if leader not in lost:
                lost.add(leader)
                if len(lost) == 3:  # the tigasta, now
                    tigasta_now = True
                    extra += ("tg.tigasta",)
        akheri = None
        if over:
            akheri = self._akheri(kind, leader, winner)
            if akheri[0] >= 0:
                extra += ("tg.kill",)
        random_next = self.random_next and not over
        self.last_lead = (leader, kind)
        self.last_trick = (trick, winner)  # the trick's own list: the next trick is a new one
        self.last_down = self.down
        self.last_named = self.suit if self.down is not None else -1
        self._clear_trick()
        self.leader = new_leader
        if extra:
            clauses = tuple(clauses) + tuple(c for c in extra if c not in clauses)
        info = (winner, count, split, tigasta_now, akheri, kind)
        if over:
            self.stage = OVER
            record = self._record(seat, move, clauses, note, info)
            return self._end_deal(record)
        if random_next:
            self.stage, self.current_player = DRAWING, CHANCE
        else:
            self.stage, self.current_player = LEAD, new_leader
        return _tuple_new(TGRecord, (seat, move, clauses, note, info))

    def _akheri(self, kind, leader, winner) -> tuple[int, bool]:
        """(the seat that killed the final trick or -1, whether it was a rangeri)."""
        if winner == leader:
            return (-1, False)
        rangeri = False
        if kind == K_AKHERI:
            led = next(c for p, c in self.trick if p == leader)
            rangeri = all(c.suit is led.suit and self.strength(c) > self.strength(led)
                          for p, c in self.trick if p != leader)
        return (winner, rangeri)
