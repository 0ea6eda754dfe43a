"""The state of a game of Traditional Ganjifa: a match of one or more deals, each a sequence of tricks.

:class:`TGState` puts the rules of each phase together, each in its own module on the cards and who
holds them (:mod:`.hands`, on the constants of :mod:`.table`): the opening and its exchanges
(:mod:`.opening`), the leads in their order of obligation (:mod:`.leads`), the tricks and the hukm's
duty (:mod:`.tricks`), the scores and card payments (:mod:`.payments`), and the refusals
(:mod:`.checks`). Here: the moves legal at each stage, a move applied (the step dispatched to its
phase), chance's steps (a deal or redeal [tg.deal, tg.redeal], the utari's card drawn [tg.random], a
payment taken blind [tg.aside, tg.surkhya-back]), the result [tg.score], a player's view, and the
position as text. :mod:`.positions` and :mod:`.game` stand on this module; it imports neither.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import floor

from ...cards import Card, format_cards
from ...errors import GameNotOverError
from ...protocol import CHANCE, Result
from .checks import Checks
from .leads import LeadRules
from .moves import APART_MOVES, ASIDE_MOVES, DEAL, DRAW_BY_INDEX, GIVE_BY_INDEX, RETURN_MOVES, SETS, TAKE, TGMove, make, open_moves
from .opening import OpeningRules
from .payments import PaymentRules
from .records import TGRecord
from .strategy import move_priority as _move_priority
from .table import (ADD_BY_INDEX as _ADD_BY_INDEX, DRAWING, EXCHANGE, FOLLOW, GIVING, HAND, K_FORCE, LEAD, NEWDEAL,
                    OPENING, PAY_APART, PAY_ASIDE, PAY_RETURN, RAJAS as _RAJAS, REDEAL, sorted_hand as _sorted_hand)
from .tricks import TrickRules


@dataclass(frozen=True)
class TGView:
    """What one player may see: the own hand (but a payer's face-down batches it has not yet looked at), the
    others' face-up batch cards still in hand, the trick (a card
    laid face down only to its owner), the burned cards the player knows of, the counts and the scores."""

    player: int
    hand: tuple[Card, ...]
    face_up: tuple[tuple[Card, ...], ...]  # per seat: its face-up batch cards not seen played (own: ())
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, Card | None], ...]  # a card face down: None but to its owner
    last_trick: tuple[tuple[int, Card | None], ...]  # the last trick completed, as everyone saw it played
    burned: tuple[Card, ...]
    won: tuple[int, ...]
    leader: int
    stage: str
    tigasta: bool
    current_player: int | None
    scores: tuple[int, ...]
    deal: int


class TGState(OpeningRules, LeadRules, TrickRules, PaymentRules, Checks):
    """A match of Traditional Ganjifa in progress (see the module's docstring)."""

    # --- the protocol ------------------------------------------------------------------
    def legal_moves(self) -> list[TGMove]:
        seat = self.current_player
        if seat is None or seat == CHANCE:
            return []
        stage = self.stage
        hand = self.hands_[seat]
        if stage == FOLLOW:
            return self._follow_moves(seat, hand)
        if stage == LEAD:
            return self._lead_moves(seat, None)
        cards = _sorted_hand(hand)
        if stage == OPENING:
            s = self.game.surkhya
            rest = [c for c in cards if c is not s]
            if self.game.low_cards:
                rest = [c for c in rest if c.index not in _RAJAS] or rest  # _low(), by the card's index
            opens = open_moves(s)
            return [opens[c.index] for c in rest]
        if stage == EXCHANGE:
            return self._exchange_moves(seat, cards)
        if stage == GIVING:
            s = self.ask[2]
            return [GIVE_BY_INDEX[c.index] for c in cards if c.suit.number == s and c.rank != 12]
        if stage == PAY_ASIDE:  # unseen: the batches by their place only, whatever they hold
            return [ASIDE_MOVES[which] for which in SETS]
        if stage == PAY_APART:  # seen: a card of the rest of the hand
            inside = {c.index for c in self.aside}
            return [APART_MOVES[c] for c in cards if c.index not in inside]
        if stage == PAY_RETURN:
            s = self.game.surkhya
            back = [c for c in cards if c is not s]
            if self.game.low_cards:
                back = [c for c in back if self._low(c)] or back
            return [RETURN_MOVES[c] for c in back]
        return []

    def chance_outcome(self, rng):
        stage = self.stage
        if self.current_player != CHANCE:
            return super().chance_outcome(rng)
        if stage in (REDEAL, NEWDEAL):
            first = (self.deal_no - 1 + (stage == NEWDEAL)) % 3
            return make(DEAL, self.game.deal_cards(rng, first))
        if stage == DRAWING:
            cards = _sorted_hand(self.hands_[self.leader])
            return DRAW_BY_INDEX[cards[rng.below(len(cards))].index]
        amount = self.payments[0][1][0][1]
        return make(TAKE, tuple(_sorted_hand({c.index: c for c in rng.shuffled(self.aside)[:amount]})))

    # --- applying -----------------------------------------------------------------------------
    def apply(self, move) -> TGRecord:
        if isinstance(move, str):
            move = TGMove.parse(move)
        error = self._illegal(move)
        if error is not None:
            raise error
        return self.apply_legal(move)

    def play_chance(self, chance) -> TGRecord:
        return self.apply_legal(chance.outcome(self))  # chance's own draw: nothing to check

    def apply_legal(self, move) -> TGRecord:
        """``apply`` for a move known to be legal (taken from ``legal_moves()``): the same record, unchecked."""
        self.moves_text.append(move)
        seat = self.current_player
        stage = self.stage
        if seat == CHANCE:
            record = self._apply_chance(move)
        elif stage == FOLLOW:
            record = self._apply_follow(seat, move)
        elif stage == LEAD:
            record = self._apply_lead(seat, move)
        elif stage == OPENING:
            record = self._apply_open(seat, move)
        elif stage in (EXCHANGE, GIVING):
            record = self._apply_exchange(seat, move)
        else:
            record = self._apply_payment(seat, move)
        self.history.append(record)
        return record

    def play_random(self, streams, chance, max_moves: int) -> "TGState":
        """:meth:`State.play_random`'s loop, making the same moves: a card added to a trick, most of the steps,
        goes straight from the rules of a trick's adds (``_follow_choices``) to applying it (``_apply_follow``),
        the two ``legal_moves()`` and ``apply_legal()`` call for it, and only the move taken is looked up."""
        follow_choices, apply_follow, append = self._follow_choices, self._apply_follow, self.history.append
        for _ in range(max_moves):
            seat = self.current_player
            if seat is None:
                return self
            if seat == CHANCE:
                self.play_chance(chance)
            elif self.stage == FOLLOW:
                cards, doubles = follow_choices(seat, self.hands_[seat])  # _follow_moves(), not made into moves
                k = floor(streams[seat]() * (len(cards) + len(doubles)))  # floor = int for a product >= 0, cheaper
                move = _ADD_BY_INDEX[cards[k]] if k < len(cards) else doubles[k - len(cards)]
                self.moves_text.append(move)
                append(apply_follow(seat, move))
            else:
                moves = self.legal_moves()
                self.apply_legal(moves[floor(streams[seat]() * len(moves))])
        return self

    def _apply_chance(self, move) -> TGRecord:
        stage = self.stage
        if stage in (REDEAL, NEWDEAL):
            cards = move.cards
            hands = [cards[i * HAND:(i + 1) * HAND] for i in range(3)]
            if stage == NEWDEAL:
                self.deal_no += 1
            payers = {p for p, _ in self.payments}
            self.set_hands(hands, payers=payers)
            self.begin_deal()
            note = ("redeal" if stage == REDEAL else "deal", self.deal_no, tuple(sorted(payers)),
                    self.stage == REDEAL)
            clauses = ("tg.redeal",) if stage == REDEAL else ("tg.deal",)
            if payers:  # a player who owes cards gets every batch face down
                clauses += ("tg.face-up",)
            return self._record(CHANCE, move, clauses, note)
        if stage == DRAWING:
            card = move.cards[0]
            return self._lead_single(self.leader, card, K_FORCE, move, ("tg.random",), ("draw", self.leader))
        # a payment taken blind
        payer, dues = self.payments[0]
        receiver, amount = dues[0]
        taken = list(move.cards)
        clauses = ("tg.aside",)
        back = None
        s = self.game.surkhya
        if s in taken:
            taken[taken.index(s)] = self.aside_card
            back = self.aside_card
            clauses += ("tg.surkhya-back",)
        for c in move.cards:
            self.aside.remove(c)
        for c in taken:
            self._give(receiver, c)
        self.to_return = amount
        self.stage, self.current_player = PAY_RETURN, receiver
        return self._record(CHANCE, move, clauses, ("take", payer, receiver, tuple(taken), back))

    # --- results and views ---------------------------------------------------------------------
    def result(self) -> Result:
        if self.current_player is not None:
            raise GameNotOverError("the game is not over yet", "tg.score")
        scores = tuple(float(s) for s in self.scores)
        best = max(scores)
        winners = tuple(i for i, s in enumerate(scores) if s == best)
        deals = self.deal_no
        reason = (f"the highest score, cards won less 40 ({best:+g})" if deals == 1 else
                  f"the highest score, cards won less 40 in each deal, added over its {deals} deals ({best:+g})")
        return Result(winners, scores, reason, "tg.score")

    def visible_cards(self, player: int) -> frozenset:
        """Others' face-up batch cards still in hand."""
        return frozenset(c for p in range(3) if p != player for c in self.hands_[p].values() if c in self.face_up[p])

    def seen_at_deal(self, seat: int) -> tuple[Card, ...]:
        """What the others know of ``seat``'s face-up batch cards: those it still holds and those it laid face
        down, which nobody else could tell apart (a card played face up has gone for all to see). Never fewer
        when a card goes face down: that would say which card it was."""
        owner, down = self.owner, self.laid_down[seat]
        known = {c.index: c for c in self.face_up[seat] if owner[c.index] == seat or c in down}
        return tuple(_sorted_hand(known))  # suit by suit, strongest first, as a hand is shown: no order says more

    def view(self, player: int) -> "TGView":
        visible = self.visible_cards(player)
        unseen = self.unseen_own(player)
        return TGView(
            player, tuple(c for c in self.hands[player] if c.index not in unseen),
            tuple(() if p == player else self.seen_at_deal(p) for p in range(3)),
            tuple(len(h) for h in self.hands_),
            # a card laid face down is in the trick for everyone, its face for its owner only (None to the others)
            tuple((p, c if c is not self.down or p == player else None) for p, c in self.trick),
            tuple((p, c if c is not self.last_down or p == player else None) for p, c in self.last_trick[0])
            if self.last_trick else (),
            tuple(c for c in self.burned if self.owner[c.index] in (-1, player) or c in visible),
            tuple(len(w) for w in self.won), self.leader, self.stage, self.tigasta, self.current_player,
            tuple(self.scores), self.deal_no)

    def all_hand_cards(self) -> list[Card]:
        return [c for h in self.hands_ for c in h.values()]

    def copy(self) -> "TGState":
        other = TGState.__new__(TGState)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.moves_text = list(self.moves_text)
        other.scores = list(self.scores)
        other.deal_points = list(self.deal_points)
        other.killers = list(self.killers)
        other.payments = [[p, [list(d) for d in dues]] for p, dues in self.payments]
        other.due = [[p, [list(d) for d in dues]] for p, dues in self.due]
        other.aside = list(self.aside)
        other.hands_ = [dict(h) for h in self.hands_]
        other.owner = list(self.owner)
        other.order = [list(o) for o in self.order]
        other.burned = list(self.burned)
        other.burned_ids = set(self.burned_ids)
        other.dealt = list(self.dealt)
        other.face_up = list(self.face_up)
        other.laid_down = list(self.laid_down)
        other.won = [list(w) for w in self.won]
        other.out = list(self.out)
        other.lost = set(self.lost)
        other.tavani = list(self.tavani)
        other.trick = list(self.trick)
        other.queue = [list(e) for e in self.queue]
        other.ex_order = list(self.ex_order)
        return other

    move_priority = _move_priority

    def position(self) -> str:
        """The position as text: the set-up it started from and every move since (``game.position`` reads it)."""
        if self.base is None:
            self.base = snapshot(self._opening[0])
        return self.base + ("; moves=" + ", ".join(map(str, self.moves_text)) if self.moves_text else "")

    def __repr__(self) -> str:
        return f"{self.game!r}.position({self.position()!r})"

    def __str__(self) -> str:
        lines = [f"Traditional Ganjifa, deal {self.deal_no}; {self.stage}; lead: Player {self.leader + 1}"
                 + ("; after the tigasta" if self.tigasta else "")]
        for i, h in enumerate(self.hands):
            lines.append(f"P{i + 1} won {len(self.won[i]):3}  {format_cards(h)}")
        if self.trick:
            lines.append("trick: " + ", ".join(f"P{p + 1} {c}" for p, c in self.trick))
        return "\n".join(lines)

    def trick_moves(self) -> list:
        return []

    def is_forced(self, move) -> bool:
        if isinstance(move, str):
            move = TGMove.parse(move)
        return self.legal_moves() == [move]


def snapshot(state: TGState) -> str:
    """The hand-set text of ``state`` at the opening of a deal or at a lead (what ``position()`` starts from)."""
    parts = [f"P{i + 1}={format_cards(h)}" for i, h in enumerate(state.hands)]
    counts = [len(w) for w in state.won]
    if any(counts):
        parts.append("won=" + " ".join(f"P{i + 1}:{k}" for i, k in enumerate(counts)))
    if state.stage == OPENING:
        parts.append("stage=open")
    else:
        parts.append(f"lead=P{state.leader + 1}")
    if state.lost:
        parts.append("lost=" + " ".join(f"P{p + 1}" for p in sorted(state.lost)))
    if state.burned:
        parts.append("burned=" + format_cards(state.burned))
    hands = state.hands
    seen = [f"P{p + 1}:{c}" for p in range(3) for c in hands[p] if c in state.face_up[p]]
    if seen:
        parts.append("face-up=" + " ".join(seen))
    if state.deal_no != 1:
        parts.append(f"deal={state.deal_no}")
    if any(state.scores):
        parts.append("scores=" + " ".join(f"P{p + 1}:{state.scores[p]}" for p in range(3)))
    return "; ".join(parts)
