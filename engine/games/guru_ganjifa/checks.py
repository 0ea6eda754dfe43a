"""Guru Ganjifa's refusals: whether a move is legal, and when it is not, the clause it breaks and why.

A part of :class:`~.state.GGState` (a base it is built from; it stands on :class:`~.hands.GGHands`).
``check`` raises the :class:`~engine.errors.IllegalMoveError` that ``_illegal`` finds, naming the
clause broken: the opening lead of the leading Raja [gg.opening]; the compulsory lead of the
unbeatable cards [gg.unbeatable, gg.compulsory]; a Deni's shown and led cards [gg.deni]; passing the
lead [gg.pass-lead]; the highest card of a suit led without unbeatable cards [gg.no-unbeatable]; an
add to the trick and the card it owes [gg.trick, gg.called, gg.double]; any move once the game is
over [gg.winner]. ``explain`` says why a move is legal or forced, with the clauses it would cite.
"""

from __future__ import annotations

from ...errors import IllegalMoveError
from .hands import GGHands
from .moves import ADD, DENI, DOUBLE, LEAD, PASS, GGMove
from .records import DENI_TRICK, OPENING, card_name as _name, card_names as _names
from .table import CALLED, SUIT


class Checks(GGHands):
    """Checking a move: the refusals, each naming its clause."""

    __slots__ = ()

    def explain(self, move: GGMove | str) -> str:
        """Why ``move`` is legal or forced, with the clauses it would cite, or the IllegalMoveError message."""
        if isinstance(move, str):
            move = GGMove.parse(move)
        try:
            self.check(move)
        except IllegalMoveError as err:
            return str(err)
        forced = self.legal_moves() == [move]
        record = self.copy().apply(move)
        return f"{move} is {'forced' if forced else 'legal'} " + " ".join(f"[{c}]" for c in record.clauses)

    def check(self, move: GGMove | str) -> None:
        if isinstance(move, str):
            move = GGMove.parse(move)
        error = self._illegal(move)
        if error is not None:
            raise error

    def _illegal(self, move) -> IllegalMoveError | None:
        seat = self.current_player
        if not isinstance(move, GGMove):
            return IllegalMoveError(move, "gg.trick", "not a Guru Ganjifa move")
        if seat is None:
            return IllegalMoveError(move, "gg.winner", "the game is over")
        hand = self._hands[seat]
        who = f"Player {seat + 1}"
        for c in move.cards + ((move.shown,) if move.shown else ()):
            if c.index not in hand:
                clause = (self._add_clause()[0] if self._queue else
                          "gg.opening" if self.stage == OPENING else "gg.trick")
                return IllegalMoveError(move, clause, f"{who} does not hold the {_name(c)}")
        if self._queue:
            return self._illegal_follow(move, seat)
        if move.kind in (ADD, DOUBLE):
            return IllegalMoveError(move, "gg.trick", f"{who} has the lead: nothing to add to")
        if self.stage == OPENING:
            raja = self.game.leading_raja
            if move.kind != LEAD or move.cards != (raja,):
                return IllegalMoveError(move, "gg.opening", f"the game opens with the leading Raja, the {_name(raja)}")
            return None
        runs = self._t.runs(seat)
        unbeatable = {c for r in runs for c in r}
        compulsory = [c for r in runs for c in r[:-1]]
        if self.stage == "start" and compulsory and move.kind != LEAD:
            return IllegalMoveError(move, "gg.compulsory",
                                    f"{who} must first lead the compulsory unbeatable cards: {_names(compulsory)}")
        if move.kind == PASS:
            if self.stage == "start":
                return IllegalMoveError(move, "gg.no-unbeatable" if not runs else "gg.pass-lead",
                                        f"{who} has led nothing this turn and may not pass")
            if runs:
                return IllegalMoveError(move, "gg.pass-lead", f"{who} must first lead the unbeatable cards left: "
                                        f"{_names(self._sorted(unbeatable))}")
            return None
        if move.kind == DENI:
            return self._illegal_deni(move, seat)
        # a lead
        if self.stage == "after":
            if not runs:
                return IllegalMoveError(move, "gg.pass-lead", f"{who} has no unbeatable card left: give a Deni or pass")
            if set(move.cards) != unbeatable:
                return IllegalMoveError(move, "gg.pass-lead", f"without a Deni {who} leads every unbeatable card left, "
                                        f"{_names(self._sorted(unbeatable))}, and nothing else")
            return None
        if not runs:
            if len(move.cards) != 1:
                return IllegalMoveError(move, "gg.no-unbeatable", f"{who} has no unbeatable card and leads one card")
            card = move.cards[0]
            top = next(c for c in self._unplayed[card.suit.number] if self._owner[c.index] == seat)
            if top is not card:
                return IllegalMoveError(move, "gg.no-unbeatable", f"{who} must lead the highest {card.suit.name} "
                                        f"card held, the {_name(top)}")
            return None
        for c in move.cards:
            if c not in unbeatable:
                over = self._t.beater(c, seat)
                return IllegalMoveError(move, "gg.unbeatable", f"the {_name(c)} is not unbeatable (the {_name(over)} "
                                        "is in another hand), and only unbeatable cards go into a combined lead")
        missing = [c for c in compulsory if c not in move.cards]
        if missing:
            return IllegalMoveError(move, "gg.compulsory", "the lead must include every unbeatable card but the "
                                    f"lowest of each suit, and it leaves out {_names(missing)}")
        return None

    def _illegal_deni(self, move: GGMove, seat: int) -> IllegalMoveError | None:
        led, shown = move.cards[0], move.shown
        if led.suit is not shown.suit or self._strength[led.index] >= self._strength[shown.index]:
            return IllegalMoveError(move, "gg.deni", "the led card must be a weaker card of the shown card's suit")
        found = self._t.deni_candidate(shown.suit.number, seat)
        if found is None or found[1] is not shown:
            over = self._t.beater(shown, seat)
            why = ("it is already unbeatable" if over is None else
                   "more than one unplayed card above it is in other hands")
            return IllegalMoveError(move, "gg.deni", f"the {_name(shown)} cannot be shown for a Deni: {why}")
        return None

    def _illegal_follow(self, move: GGMove, seat: int) -> IllegalMoveError | None:
        _, count, rule = self._queue[0]
        who = f"Player {seat + 1}"
        if move.kind not in (ADD, DOUBLE):
            return IllegalMoveError(move, self._add_clause()[0], f"{who} must add to the trick")
        if move.kind == DOUBLE:
            if not self.game.double:
                return IllegalMoveError(move, "gg.double", "this table plays without doubling a Deni")
            if rule != CALLED or not self._deni or self._deni[4] != seat:
                return IllegalMoveError(move, "gg.double", "only the holder of a called Deni card may double")
            if move.cards[0] is not self._deni[5]:
                d = self._deni[5]
                return IllegalMoveError(move, "gg.double", "a Deni is doubled only with the card one rank below the "
                                        "shown card" + (f", the {_name(d)}" if d else " (it is gone)"))
            return None
        if len(move.cards) > count:
            return IllegalMoveError(move, self._add_clause()[0], f"{who} owes {count} card(s) to this trick")
        if rule == CALLED and move.cards[0] is not self._called:
            clause = "gg.called" if self._kind == DENI_TRICK else "gg.no-unbeatable"
            return IllegalMoveError(move, clause, f"{who} must play the {_name(self._called)}")
        if rule == SUIT:
            suit = self._deni[2].suit
            for c in move.cards:
                if c.suit is not suit:
                    return IllegalMoveError(move, "gg.double", f"the giver of a doubled Deni adds a {suit.name} card")
        return None
