"""Traditional Ganjifa's refusals: whether a move is legal, and when it is not, the clause it breaks and why.

A part of :class:`~.state.TGState` (a base it is built from; it stands on :class:`~.hands.TGHands`).
``check`` raises the :class:`~engine.errors.IllegalMoveError` that ``_illegal`` finds: a player's
step refused at the stage it is in (the clause of that stage: the trick [tg.trick], the leads in
their order [tg.order] and each lead's own clause, the opening [tg.surkhya], the exchanges
[tg.exchange, tg.ask], the payments [tg.aside, tg.return]), chance's step refused [tg.deal,
tg.random], and any step once the match is over [tg.score].
"""

from __future__ import annotations

from ...decks import DASHAVATARA
from ...errors import IllegalMoveError
from ...protocol import CHANCE
from .hands import TGHands
from .moves import (ADD, AKHERI, ASK, DEAL, DENI, DOUBLE, DRAW, DUKKAL, HARDU, NATAVANI, OPEN, SIR, SOKTA, SWAP, TAKE,
                    TALAFA, TAVANI, UTARI, TGMove)
from .records import card_name, card_names
from .table import (DRAWING, EXCHANGE, FOLLOW, GIVING, K_HARDU, K_OPEN, LEAD, NEWDEAL, OPENING, PAY_APART, PAY_ASIDE,
                    PAY_RETURN,
                    PAY_TAKE, REDEAL, SUITS)


class Checks(TGHands):
    """Checking a move: the refusals, each naming its clause."""

    def check(self, move) -> None:
        if isinstance(move, str):
            move = TGMove.parse(move)
        error = self._illegal(move)
        if error is not None:
            raise error

    def _illegal(self, move) -> IllegalMoveError | None:
        if not isinstance(move, TGMove):
            return IllegalMoveError(move, "tg.trick", "not a Traditional Ganjifa move")
        seat = self.current_player
        if seat is None:
            return IllegalMoveError(move, "tg.score", "the game is over")
        if seat == CHANCE:
            return self._illegal_chance(move)
        if move.kind in (DEAL, DRAW, TAKE):
            return IllegalMoveError(move, "tg.deal", "that is chance's step, not a player's")
        who = f"Player {seat + 1}"
        stage = self.stage
        clause = {FOLLOW: "tg.trick", LEAD: "tg.order", OPENING: "tg.surkhya", EXCHANGE: "tg.exchange",
                  GIVING: "tg.ask", PAY_ASIDE: "tg.aside", PAY_APART: "tg.aside", PAY_RETURN: "tg.return"}[stage]
        hand = self.hands_[seat]
        mine = move.cards[:1] if move.kind == SWAP else move.cards
        if move.kind not in (TALAFA, TAVANI):
            for c in mine:
                if c.index not in hand:
                    return IllegalMoveError(move, clause, f"{who} does not hold the {card_name(c)}")
        elif move.cards[0].index not in hand:
            return IllegalMoveError(move, clause, f"{who} does not hold the {card_name(move.cards[0])}")
        if stage == FOLLOW and move[0] == ADD and not (self.queue[0][2] and self.queue[0][1] <= len(self.queue[0][2])) \
                and self._duty(seat) is None \
                and (self.kind != K_OPEN or not self.game.low_cards):
            return None  # any card in hand may be added
        legal = self.legal_moves()
        for m in legal:
            if m is move:
                return None
        if move in legal:
            return None
        return IllegalMoveError(move, *self._why(seat, move))

    def _why(self, seat: int, move: TGMove) -> tuple[str, str]:
        """The clause a move breaks, and why, in words (the move is not legal)."""
        who = f"Player {seat + 1}"
        kind, stage = move.kind, self.stage
        if stage == FOLLOW:
            if kind != ADD and kind != DOUBLE:
                return "tg.trick", f"{who} must add to the trick in progress"
            _, owed, must = self.queue[0]
            if must:
                return ("tg.hardu" if self.kind == K_HARDU else "tg.sir",
                        f"{who} must play {card_names(must)} to this trick")
            if kind == DOUBLE:
                if not self.game.double:
                    return "tg.double", "this table plays without doubling a deni"
                return "tg.double", ("only the gheni may double a deni, with its hukm and a higher card of the suit "
                                     "led")
            if self.kind == K_OPEN and kind == ADD:
                return "tg.surkhya", "the opening trick takes low cards: any card but a Raja"
            return "tg.trick", f"{who} owes {owed} card(s) to this trick"
        if stage == OPENING:
            if self.game.low_cards and move.kind == OPEN and len(move.cards) == 2 \
                    and move.cards[0] is self.game.surkhya and move.cards[1].index in self.hands_[seat]:
                return "tg.surkhya", "the Surkhya is opened with a low card: any card but a Raja"
            return "tg.surkhya", f"the deal opens with the Surkhya, the {card_name(self.game.surkhya)}, and one more card"
        if stage == EXCHANGE:
            if kind == SWAP:
                return "tg.exchange", ("a card of the opening trick may be taken only in a suit the player lacks, or "
                                       "holds only as a Mantri alone, its Raja in another hand; never the Surkhya")
            if kind == ASK:
                return "tg.ask", ("a low card may be asked only by a player holding a suit's Mantri alone, the suit not in "
                                  "the trick, from its Raja's holder holding another card of the suit")
            return "tg.exchange", f"{who} may swap, ask or keep"
        if stage == GIVING:
            return "tg.ask", f"{who} must give a low card of {SUITS[self.ask[2]].name}"
        if stage == PAY_ASIDE:
            return "tg.aside", (f"{who} must first set aside, unseen, the first, second or last batch(es): "
                                "'aside first', 'aside second' or 'aside last'")
        if stage == PAY_APART:
            return "tg.aside", f"{who} must set apart one card of the rest of the hand, not of the batches set aside"
        if stage == PAY_RETURN:
            return "tg.return", (f"{who} must give back a low card, not a Raja" if self.game.low_cards else
                                 f"{who} must give back a card other than the Surkhya")
        options = self.lead_options(seat)
        first = next(iter(options))
        names = {AKHERI: "tg.akheri", DUKKAL: "tg.dukkal", DENI: "tg.deni", TAVANI: "tg.tavani"}
        if first in names and kind != first:
            return names[first], f"{who} must first {_owed_lead(first, options[first])}"
        if kind in (SIR, NATAVANI, HARDU, SOKTA) and not self.tigasta:  # the lead's own rule says "after the tigasta"
            return {SIR: "tg.sir", NATAVANI: "tg.natavani", HARDU: "tg.hardu", SOKTA: "tg.sokta"}[kind], \
                f"a {kind} may be led only after the tigasta"
        clause = {DUKKAL: "tg.dukkal", DENI: "tg.deni", TALAFA: "tg.talafa-down" if self.tigasta else "tg.talafa",
                  UTARI: "tg.utari-one" if self.tigasta else "tg.utari", SIR: "tg.sir", NATAVANI: "tg.natavani",
                  TAVANI: "tg.tavani", HARDU: "tg.hardu", SOKTA: "tg.sokta", AKHERI: "tg.akheri",
                  OPEN: "tg.surkhya"}.get(kind, "tg.order")
        if kind == NATAVANI and self.barred:
            return "tg.hardu-void", "after a void hardu the new lead may not be a natavani"
        if kind == HARDU and move.cards[0].suit.number in self.barred:
            return "tg.hardu-void", "a hardu in this suit has just been found void; it may not be declared again"
        return clause, f"{who} may not lead {'an' if kind[0] in 'aeiou' else 'a'} {kind} here"

    def _illegal_chance(self, move) -> IllegalMoveError | None:
        want = {REDEAL: DEAL, NEWDEAL: DEAL, PAY_TAKE: TAKE, DRAWING: DRAW}[self.stage]
        clause = {DEAL: "tg.deal", TAKE: "tg.aside", DRAW: "tg.random"}[want]
        if move.kind != want:
            return IllegalMoveError(move, clause, f"chance's step here is a {want}")
        if want == DEAL:
            if sorted(c.index for c in move.cards) != sorted(c.index for c in DASHAVATARA.cards):
                return IllegalMoveError(move, clause, "a deal gives out the whole deck")
        elif want == DRAW:
            if move.cards[0].index not in self.hands_[self.leader]:
                return IllegalMoveError(move, clause, "the card drawn is one of the leader's")
        else:
            if len(move.cards) != self.payments[0][1][0][1] or not set(move.cards) <= set(self.aside):
                return IllegalMoveError(move, clause, "the cards taken are as many as owed, from the set-aside batches")
        return None


def _owed_lead(kind: str, moves: list) -> str:
    """The lead a player owes, in players' words (an error names it; notation is for the terminal's own list)."""
    if kind == TAVANI:
        suit = DASHAVATARA.suit(moves[0].extra).name
        return f"lead the tavani owed in {suit}: any card face down, naming {suit}"
    if kind == AKHERI:
        return f"lead the last card, the {card_name(moves[0].cards[0])}: the akheri"
    if kind == DENI:
        return "give a deni: " + " or ".join(f"the {card_name(m.cards[0])}" for m in moves[:3])
    return "lead a dukkal: " + " or ".join(card_names(m.cards) for m in moves[:3])
