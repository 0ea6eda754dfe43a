"""Guru Ganjifa's play: a move applied, from the opening lead to the end of each trick and the lead passed.

A part of :class:`~.state.GGState` (a base it is built from; it stands on :class:`~.hands.GGHands`).
The leading Raja opens and wins the first trick [gg.opening]; a leader leads unbeatable cards, the
compulsory ones with any optional lowest ones, as one combined lead each player adds as many cards
to [gg.unbeatable, gg.compulsory, gg.optional, gg.combined]; a Deni calls the card above the shown
one, which wins [gg.deni, gg.called], and its holder may double it [gg.double]; without unbeatable
cards the leader leads the highest of a suit and its top card's holder must play it
[gg.no-unbeatable, gg.trick]; adds may be of any suit [gg.follow]; a leader with no Deni leads the
rest and passes the lead on [gg.pass-lead, gg.direction].
"""

from __future__ import annotations

from operator import itemgetter
from typing import Sequence

from ...cards import Card
from .hands import GGHands
from .moves import ADD, ADD_INFO as _ADD_INFO, ADD_NOTE as _ADD_NOTE, DENI, DOUBLE, PASS, GGMove
from .records import COMBINED, DENI_TRICK, FINAL, HIGH, OPENING, GGRecord
from .table import CALLED, FREE, SUIT

_tuple_new = tuple.__new__
_card_of = itemgetter(1)  # of a (seat, card) pair in a trick

# (any compulsory card, any optional card, several cards) -> the clauses a lead of unbeatable cards cites
_LEAD_CLAUSES = {(c, o, m): ("gg.unbeatable",) + ("gg.compulsory",) * c + ("gg.optional",) * o + ("gg.combined",) * m
                 for c in (False, True) for o in (False, True) for m in (False, True)}

_DOUBLE = ("gg.double",)
_MERGED: dict = {}  # (clauses of the last move, kind of trick) -> with the winning clauses added
_ADD_CLAUSE = {OPENING: ("gg.opening",), COMBINED: ("gg.combined",), FINAL: ("gg.combined",),
               DENI_TRICK: ("gg.follow",), HIGH: ("gg.follow",)}
_WIN_CLAUSE = {OPENING: ("gg.opening",), COMBINED: ("gg.combined",),
               FINAL: ("gg.combined", "gg.pass-lead", "gg.direction"),
               DENI_TRICK: ("gg.called",), HIGH: ("gg.no-unbeatable", "gg.trick")}


class TrickRules(GGHands):
    """Playing a move: the leads, the Deni and its double, the adds, the end of a trick, the lead passed."""

    __slots__ = ()

    def _add_clause(self):
        _, _, rule = self._queue[0]
        if rule == SUIT or self._doubled:
            return ("gg.double",)
        return _ADD_CLAUSE[self._kind]

    def apply(self, move: GGMove | str) -> GGRecord:
        seat = self.current_player
        queue = self._queue
        # fast path: a one-card add (an interned move) by a player free to add anything
        info = _ADD_INFO.get(id(move)) if queue and queue[0][2] == FREE else None
        if info is not None:
            card, idx, suit = info
            hand = self._hands[seat]
            if idx in hand:
                del hand[idx]
                self._owner[idx] = -1
                indices = self._unplayed_index[suit]
                i = indices.index(idx)
                del indices[i], self._unplayed[suit][i]
                own = self._own
                o = own[suit]
                own[suit] = o[:i] + o[i + 1:]
                self.trick.append((seat, card))
                if self.exposed[seat] and card in self.exposed[seat]:
                    self.exposed[seat].remove(card)
                clauses = _DOUBLE if self._doubled else _ADD_CLAUSE[self._kind]
                head = queue[0]
                head[1] -= 1
                if head[1] == 0:
                    del queue[0]
                    if not queue:
                        return self._end_trick(seat, move, clauses, _ADD_NOTE)
                    self.current_player = queue[0][0]
                record = _tuple_new(GGRecord, (seat, move, clauses, _ADD_NOTE, None))
                self.history.append(record)
                return record
        if isinstance(move, str):
            move = GGMove.parse(move)
            info = _ADD_INFO.get(id(move))
            if info is not None and queue and queue[0][2] == FREE and info[1] in self._hands[seat]:
                return self.apply(move)
        runs = None
        for m in self._cache:  # one of the moves legal_moves() just made: legal by construction
            if m is move:
                runs = self._cache_runs
                break
        else:
            error = self._illegal(move)
            if error is not None:
                raise error
        self._cache = ()
        if queue:
            return self._apply_follow(seat, move)
        kind = move[0]  # (kind, cards, shown): indexing is cheaper than the properties
        if kind == PASS:
            return self._pass_lead(seat, move)
        self._trick_stage = self.stage
        self._trick_start, self._trick_prefix = len(self.history), ()
        n = self.n
        others = self._others[seat]
        if self.stage == OPENING:
            self._kind = OPENING
            self._play(seat, move[1])
            if n == 3:
                self._queue = [[p, 2, FREE] for p in others] + [[seat, 1, FREE]]
            else:
                self._queue = [[p, 1, FREE] for p in others]
            note, clauses = ("open", self.game.time), ("gg.opening",)
        elif kind == DENI:
            led, shown = move.cards[0], move.shown
            called = self._unplayed[shown.suit.number][self._t.place(shown) - 1]
            holder = self._owner[called.index]
            below = self._t.below(shown)
            doubler = below if below is not None and self._owner[below.index] == holder else None
            self._deni = (seat, led, shown, called, holder, doubler)
            self._called = called
            self._kind = DENI_TRICK
            self._play(seat, move[1])
            self.exposed[seat].append(shown)
            self._queue = [[p, 1, CALLED if p == holder else FREE] for p in others]
            # the note also says who holds the doubling card (-1: played), for simulation statistics
            note, clauses = ("deni", called, holder, -1 if below is None else self._owner[below.index]), ("gg.deni",)
        else:
            cards = move[1]
            if runs is None:
                runs = self._t.runs(seat)
            self._play(seat, cards)
            if not runs:  # no unbeatable card: the highest of a suit
                suit_cards = self._unplayed[cards[0].suit.number]
                top = suit_cards[0]
                self._called, holder = top, self._owner[top.index]
                self._kind = HIGH
                self._queue = [[p, 1, CALLED if p == holder else FREE] for p in others]
                # the note also says how many cards the leader has left, for simulation statistics
                note, clauses = ("high", top, holder, len(self._hands[seat])), ("gg.no-unbeatable",)
            else:
                count = len(cards)
                self._queue = [[p, count, FREE] for p in others]
                if self.stage != "start":
                    self._kind = FINAL
                    note, clauses = ("final",), ("gg.unbeatable", "gg.pass-lead")
                else:
                    self._kind = COMBINED
                    compulsory = sum(map(len, runs)) - len(runs)  # all but the lowest of each suit
                    clauses = _LEAD_CLAUSES[compulsory > 0, count > compulsory, count > 1]
                    chosen, kept = [], []
                    owner = self._owner
                    for r in runs:  # the optional cards, the lowest of each run: led (played now) or kept back
                        low = r[-1]
                        (kept if owner[low.index] >= 0 else chosen).append(low)
                    note = ("lead", tuple(chosen), tuple(kept))
        self.current_player = self._queue[0][0]
        record = _tuple_new(GGRecord, (seat, move, clauses, note, None))
        self.history.append(record)
        return record

    apply_legal = apply  # apply() finds a listed move by identity first: checking it costs next to nothing

    def _apply_follow(self, seat: int, move: GGMove) -> GGRecord:
        queue = self._queue
        head = queue[0]
        if move.kind == DOUBLE:
            giver, _, shown, called, holder, doubler = self._deni
            self._play(seat, (called, doubler))
            self._doubled = True
            del queue[0]
            for entry in queue:  # players still to play their first card now owe two
                entry[1] += 1
            n = self.n
            queue.append([giver, 1, SUIT])
            p = (giver + 1) % n
            while p != holder:
                queue.append([p, 1, FREE])
                p = (p + 1) % n
            self.current_player = queue[0][0]
            record = _tuple_new(GGRecord, (seat, move, ("gg.double",), (DOUBLE, called, giver, shown.suit.name), None))
            self.history.append(record)
            return record
        rule = head[2]
        clauses = self._add_clause()
        self._play(seat, move[1])
        if rule == CALLED:
            clauses = ("gg.called",) if self._kind == DENI_TRICK else ("gg.no-unbeatable",)
            doubler = self._deni[5] if self._kind == DENI_TRICK else None
            note = ("called", doubler if doubler is not None and doubler.index in self._hands[seat] else None)
        elif rule == SUIT:
            note = ("suit", self._deni[2].suit.name)
        else:
            note = (ADD,)
        head[1] -= len(move.cards)
        if head[1] == 0:
            del queue[0]
            if not queue:
                return self._end_trick(seat, move, clauses, note)
        self.current_player = queue[0][0]
        record = _tuple_new(GGRecord, (seat, move, clauses, note, None))
        self.history.append(record)
        return record

    def _play(self, seat: int, cards: Sequence[Card]) -> None:
        """Move ``cards`` from ``seat``'s hand to the trick."""
        hand, owner, unplayed, own = self._hands[seat], self._owner, self._unplayed, self._own
        trick, exposed = self.trick, self.exposed[seat]
        for card in cards:
            idx = card.index
            del hand[idx]
            owner[idx] = -1  # SuitTracker.remove, inlined (it runs for every card played):
            s = card.suit.number
            indices = self._unplayed_index[s]
            i = indices.index(idx)
            del indices[i], unplayed[s][i]
            o = own[s]
            own[s] = o[:i] + o[i + 1:]
            trick.append((seat, card))
            if exposed and card in exposed:
                exposed.remove(card)

    def _end_trick(self, seat: int, move: GGMove, clauses, note) -> GGRecord:
        kind = self._kind
        n = self.n
        if kind == DENI_TRICK:
            winner = self._deni[4]
        elif kind == HIGH:
            winner = self._owner_of_called()
        else:
            winner = self.leader
        trick = self.trick
        cards = len(trick)
        self.won[winner].extend(map(_card_of, trick))
        self.last_trick = (trick, winner)
        self.trick = []
        self._queue = []
        self._called = None
        self._deni = None
        self._doubled = False
        merged = _MERGED.get((clauses, kind))
        if merged is None:
            merged = _MERGED[clauses, kind] = clauses + tuple(c for c in _WIN_CLAUSE[kind] if c not in clauses)
        clauses = merged
        if kind == FINAL:
            leader = (winner + 1) % n
            stage = "start"
        elif kind == COMBINED:
            leader, stage = winner, "after"
        else:
            leader, stage = winner, "start"
        self.leader = leader
        self.stage = self._trick_stage = stage
        over = not self._hands[leader]
        self.current_player = None if over else leader
        record = _tuple_new(GGRecord, (seat, move, clauses, note, (winner, cards, leader, kind, self.game.direction,
                                                                  over)))
        self.history.append(record)
        return record

    def _owner_of_called(self) -> int:
        called = self._called
        for p, c in self.trick:
            if c is called:
                return p
        raise AssertionError("the called card was not played")

    def _pass_lead(self, seat: int, move: GGMove) -> GGRecord:
        leader = (seat + 1) % self.n
        self.leader, self.stage, self._trick_stage = leader, "start", "start"
        self.current_player = leader
        note = (PASS, leader, self.game.direction)
        record = _tuple_new(GGRecord, (seat, move, ("gg.pass-lead", "gg.direction"), note, None))
        self.history.append(record)
        return record
