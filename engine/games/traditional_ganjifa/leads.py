"""Traditional Ganjifa's leads: what a leader owes, in the order of obligation, and what each lead does.

A part of :class:`~.state.TGState` (a base it is built from; it stands on :class:`~.hands.TGHands`).
The leads in their order [tg.order]: a dukkal [tg.dukkal], a deni [tg.deni, tg.lose-deni], a talafa
[tg.talafa] and the utari with its random card [tg.utari, tg.random]; after the tigasta also the
owed tavani [tg.tavani], the talafa face down [tg.talafa-down], the hukms one at a time
[tg.utari-one], the utaruna-sir [tg.sir], the natavani [tg.natavani], the hardu and a void hardu
[tg.hardu, tg.hardu-void], the sokta [tg.sokta]; and the last card, the akheri [tg.akheri].
A lead of a hukm cites [tg.hukm].
"""

from __future__ import annotations

from ...protocol import CHANCE
from .hands import TGHands
from .moves import (AKHERI, AKHERI_BY_INDEX, DENI, DENI_BY_INDEX, DRAW, DUKKAL, HARDU, HARDU_BY_INDEX, NATAVANI,
                    NATAVANI_BY_INDEX, SIR, SOKTA, SUIT_CODES, TALAFA, TALAFA_BY_INDEX, TAVANI, UTARI, UTARI_BY_INDEX,
                    UTARI_DRAW, TGMove, _place, make)
from .records import TGRecord
from .table import (DRAWING, FOLLOW, K_AKHERI, K_FORCE, K_HARDU, K_MULTI, K_SIR, K_SOKTA, SUITS,
                    sorted_hand as _sorted_hand)


class LeadRules(TGHands):
    """The leads: the leader's options in the order of obligation, and a lead played."""

    def lead_options(self, seat: int) -> dict:
        """What ``seat`` may lead now, by kind: {kind: [moves]} in the order of obligation."""
        hand = self.hands_[seat]
        if len(hand) == 1:
            return {AKHERI: [AKHERI_BY_INDEX[next(iter(hand))]]}
        owner, order = self.owner, self.order
        dukkals = []
        hukms = []
        under = []  # the suits whose second card (not the hukm) is ``seat``'s: a talafa, perhaps a deni
        denis = []  # of those, the suits of a deni
        burned = self.burned_ids
        for s, o in enumerate(order):  # one pass over the suits, read in the order of obligation below
            if not o:
                continue
            top = o[0]
            if owner[top.index] == seat:
                hukms.append(top)
                if len(o) > 1 and owner[o[1].index] == seat:
                    run = 2
                    while run < len(o) and owner[o[run].index] == seat:
                        run += 1
                    dukkals.append(make(DUKKAL, tuple(sorted(o[:run - 1], key=_place))))  # burned cards in place
            elif len(o) > 1:
                second = o[1]
                if owner[second.index] == seat:
                    under.append(s)
                    if top.rank == 12 and second.rank == 11 and top.index not in burned \
                            and second.index not in burned:  # the Mantri under another's Raja, both unburned
                        denis.append(s)
        if dukkals:
            return {DUKKAL: dukkals}
        if denis:
            moves = []
            for s in denis:
                o = order[s]
                second = o[1]
                moves += [DENI_BY_INDEX[c.index] for c in o if owner[c.index] == seat and c is not second] \
                    or [DENI_BY_INDEX[second.index]]
            return {DENI: moves}
        post = len(self.lost) == 3  # the tigasta
        if post:
            t = self.tavani[seat]
            if t >= 0 and order[t] and owner[order[t][0].index] not in (seat, -1):
                code = SUITS[t].code
                return {TAVANI: [make(TAVANI, (c,), code) for c in _sorted_hand(hand)]}
            cards = _sorted_hand(hand)
        out: dict = {}
        talafa = []
        for s in under:
            o = order[s]
            second = o[1]
            talafa += [TALAFA_BY_INDEX[c.index] for c in o if c is not second and owner[c.index] == seat]
            if post:  # no longer required to be a low card of the suit: any card face down, naming it
                code = SUITS[s].code
                talafa += [make(TALAFA, (c,), code) for c in cards]
        if talafa:
            out[TALAFA] = talafa
        if not post:
            out[UTARI] = [UTARI_DRAW if not hukms else UTARI_BY_INDEX[hukms[0].index] if len(hukms) == 1
                          else make(UTARI, tuple(hukms))]
            return out
        by_suit = [[c for c in o if owner[c.index] == seat] for o in order]  # strongest first, burned last
        sirs, natavani, hardu = [], [], []
        for s, o in enumerate(order):
            if len(o) < 4 or owner[o[2].index] != seat:
                continue
            low = [c for c in by_suit[s] if c is not o[2] and c is not o[0]]
            if owner[o[0].index] == seat and owner[o[1].index] != seat:
                sirs += [make(SIR, (o[0], c)) for c in low]
            elif owner[o[0].index] != seat and owner[o[1].index] != seat:
                if not self.barred:  # after a void hardu, no natavani in this turn to lead
                    natavani += [NATAVANI_BY_INDEX[c.index] for c in low]
                if s not in self.barred:  # nor a hardu again in the suit just found void
                    hardu += [HARDU_BY_INDEX[c.index] for c in low]
        for key, moves in ((SIR, sirs), (NATAVANI, natavani), (HARDU, hardu)):
            if moves:
                out[key] = moves
        out[SOKTA] = [make(SOKTA, tuple(sorted(cs, key=_place))) for cs in by_suit if cs]
        # after the tigasta the hukms may go one at a time, or all at once as before (the source lifts the
        # duty to lead them together, it does not forbid it)
        out[UTARI] = ([UTARI_BY_INDEX[h.index] for h in hukms] + ([make(UTARI, tuple(hukms))] if len(hukms) > 1 else [])
                      or [UTARI_DRAW])
        return out

    def _lead_moves(self, seat, cards) -> list[TGMove]:
        return [m for moves in self.lead_options(seat).values() for m in moves]

    def _apply_lead(self, seat, move) -> TGRecord:
        kind = move.kind
        post = self.tigasta
        if kind == HARDU:
            s = move.cards[0].suit.number
            o = self.order[s]
            h1, h2 = self.owner[o[0].index], self.owner[o[1].index]
            if h1 != h2:
                self.barred = self.barred | {s}
                return self._record(seat, move, ("tg.hardu", "tg.hardu-void"), ("void", o[0], o[1]))
        self.barred = frozenset()
        if kind != TAVANI:
            if self.tavani[seat] >= 0 and kind not in (DUKKAL, DENI):
                self.tavani[seat] = -1
        if kind == AKHERI:
            return self._lead_single(seat, move.cards[0], K_AKHERI, move, ("tg.akheri",), ("akheri",))
        if kind == DENI:
            led = move.cards[0]
            lost = led.rank == 11
            clauses = ("tg.hukm", "tg.deni") + (("tg.lose-deni",) if lost else ())
            raja = self.order[led.suit.number][0]
            return self._lead_single(seat, led, K_FORCE, move, clauses,
                                     ("deni", raja, self.owner[raja.index], lost))
        if kind in (TALAFA, TAVANI):
            card = move.cards[0]
            if move.extra:  # face down, naming a suit
                s = SUIT_CODES[move.extra].number
                h = self.order[s][0]
                clauses = ("tg.tavani",) if kind == TAVANI else ("tg.talafa-down",)
                if kind == TAVANI:
                    self.tavani[seat] = -1
                return self._lead_single(seat, card, K_FORCE, move, clauses,
                                         (kind, h, self.owner[h.index], True), down=s)
            h = self.order[card.suit.number][0]
            return self._lead_single(seat, card, K_FORCE, move, ("tg.talafa",), (kind, h, self.owner[h.index], False))
        if kind == NATAVANI:
            s = move.cards[0].suit.number
            h = self.order[s][0]
            self.tavani[seat] = s
            return self._lead_single(seat, move.cards[0], K_FORCE, move, ("tg.natavani",),
                                     ("natavani", h, self.owner[h.index]))
        if kind == UTARI:
            if not move.cards:
                self.stage, self.current_player = DRAWING, CHANCE
                return self._record(seat, move, ("tg.utari", "tg.random") if not post else ("tg.utari-one", "tg.random"),
                                    ("utari-draw",))
            if not post or len(move.cards) > 1:  # every hukm at once: the random card follows, as before the tigasta
                self.random_next = True
            return self._lead_multi(seat, move, K_MULTI, ("tg.utari",) if not post else ("tg.utari-one",), ("utari",))
        if kind == DUKKAL:
            return self._lead_multi(seat, move, K_MULTI, ("tg.hukm", "tg.dukkal"), ("dukkal",))
        if kind == SOKTA:
            s = move.cards[0].suit.number
            holders = [p for p in ((seat + 1) % 3, (seat + 2) % 3)
                       if any(c.suit.number == s for c in self.hands_[p].values())]
            self.sokta_to = holders[0] if holders else -1
            return self._lead_multi(seat, move, K_SOKTA, ("tg.sokta",), ("sokta",))
        if kind == SIR:
            s = move.cards[0].suit.number
            second = self.order[s][1]
            holder = self.owner[second.index]
            record = self._lead_multi(seat, move, K_SIR, ("tg.sir",), ("sir", second, holder))
            self.suit = s
            for entry in self.queue:
                if entry[0] == holder:
                    entry[2] = (second,)
                    entry[1] = 2
            return record
        # a hardu whose two cards are in one hand
        s = move.cards[0].suit.number
        o = self.order[s]
        holder = self.owner[o[0].index]
        top = (o[0], o[1])
        record = self._lead_single(seat, move.cards[0], K_HARDU, move, ("tg.hardu",), ("hardu", o[0], o[1], holder))
        self.queue = [[p, 2, top if p == holder else ()] for p in ((seat + 1) % 3, (seat + 2) % 3)] + [[seat, 1, ()]]
        self.hardu_holder = holder
        self.current_player = self.queue[0][0]
        return record

    def _lead_single(self, seat, card, kind, move, clauses, note, down: int = -1) -> TGRecord:
        idx = card.index  # _take(), inline
        del self.hands_[seat][idx]
        self.owner[idx] = -1
        self.order[card.suit.number].remove(card)
        self.trick.append((seat, card))
        self.kind, self.lead_move = kind, move
        if down >= 0:
            self.down, self.suit = card, down
            self.laid_down[seat] = self.laid_down[seat] | {card}
        else:
            self.suit = card.suit.number
        self.queue = [[(seat + i) % 3, 1, ()] for i in (1, 2)]
        self.stage, self.current_player = FOLLOW, self.queue[0][0]
        return self._record(CHANCE if move.kind == DRAW else seat, move, clauses, note)

    def _lead_multi(self, seat, move, kind, clauses, note) -> TGRecord:
        hand, owner, order, trick = self.hands_[seat], self.owner, self.order, self.trick
        for c in move[1]:  # _take(), inline
            del hand[c.index]
            owner[c.index] = -1
            order[c.suit.number].remove(c)
            trick.append((seat, c))
        self.kind, self.lead_move = kind, move
        self.suit = move.cards[0].suit.number if kind == K_SOKTA else -1
        k = len(move.cards) if kind != K_SIR else 2
        self.queue = [[(seat + i) % 3, k, ()] for i in (1, 2)]
        self.stage, self.current_player = FOLLOW, self.queue[0][0]
        return self._record(seat, move, clauses, note)
