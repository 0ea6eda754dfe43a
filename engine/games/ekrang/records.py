"""What an Ekrang move did: :class:`EKRecord`, and the book's narration of it.

The narration is the text a golden transcript stores under each move, so a change here shows
up as a diff in ``rules/deals/``.
"""

from __future__ import annotations

from typing import Sequence

from ...cards import Card
from ...decks import MUGHAL
from ...families.tricks.records import TrickRecord
from ...protocol import default_names

# the clauses each kind of move cites (shared tuples: no allocation on the hot path)
CL_OPEN = ("ek.leading-raja", "ek.opening")
CL_ADD = ("ek.opening-add",)
CL_LEAD1 = ("ek.next-round", "ek.phase1")
CL_FOLLOW = ("ek.follow",)
CL_LEAD2 = ("ek.phase2",)
CL_PLAY2 = ("ek.phase2-any",)
# kinds of trick
KIND_OPEN, KIND_P1, KIND_P2 = "opening", "phase1", "phase2"


class EKRecord(TrickRecord):
    """What one move did (frozen): ``player``, ``move``, ``clauses``, ``note`` and ``trick``.

    ``note`` says what kind of play it was (``open``, ``open-alone``, ``add``, ``add-any``,
    ``lead1-top`` (the single highest card in hand) or ``lead1-tie`` (one of several equal highest
    cards), or with ``lead_card=suit`` ``lead1`` or ``lead1-only`` (the only card of its suit in
    hand), ``follow``, ``renounce``, ``lead2``, ``lead2-only``, ``play2``, ``discard2``). ``trick`` is set on the
    step that completes a trick: (winner, cards in it, next leader, kind of trick, phase 2 skipped,
    lead passed on from an empty hand, game over, the winning card, the trick's leader, whether
    the game ended with players tied for most tricks, whether the opener is among the winners).
    """

    __slots__ = ()

    @property
    def game_over(self) -> bool:
        return bool(self[4]) and self[4][6]

    def narrate(self, names: Sequence[str] | None = None) -> str:
        """The book's prose for this move, ending in its clause ids."""
        return narrate(self, names)


def card_name(card: Card) -> str:
    """``Raja of Surkh``, ``7 of Taj``."""
    return MUGHAL.card_name(card)


def _suit(card: Card) -> str:
    return card.suit.name


def narrate(record: EKRecord, names: Sequence[str] | None) -> str:
    names = names or default_names(4)
    p = names[record.player]
    move = record.move
    what = record.note[0]
    card = move.cards[0]
    if what in ("open", "open-alone"):
        text = (f"{p} holds the {card_name(card)}, the leading Raja by {record.note[1]}, and opens with it")
        if what == "open":
            text += f" and the {card_name(move.cards[1])}"
        else:
            text += " alone, holding no other card of 8 or higher"
    elif what == "add":
        text = f"{p} adds the {card_name(card)}"
    elif what == "add-any":
        text = f"{p} has no lower card and adds the {card_name(card)}"
    elif what == "lead1":
        text = f"{p} starts a round: leads the {card_name(card)}, the highest {_suit(card)} card in hand"
    elif what == "lead1-top":
        text = f"{p} starts a round: leads the {card_name(card)}, the highest card in hand"
    elif what == "lead1-tie":
        text = f"{p} starts a round: leads the {card_name(card)}, one of the highest cards in hand"
    elif what == "lead1-only":
        text = f"{p} starts a round: leads the {card_name(card)}, the only {_suit(card)} card in hand"
    elif what == "lead2-only":
        text = f"Phase 2: {p} leads the {card_name(card)}, the only {_suit(card)} card left in hand"
    elif what == "follow":
        text = f"{p} follows with the {card_name(card)}"
    elif what == "renounce":
        text = f"{p} cannot follow suit and plays the {card_name(card)}"
    elif what == "lead2":
        text = f"Phase 2: {p} leads the {card_name(card)}, the lowest {_suit(card)} card in hand"
    elif what == "play2":
        text = f"{p} plays the {card_name(card)}"
    else:  # discard2
        text = f"{p} throws the {card_name(card)}"
    clauses = list(record.clauses)
    trick = record.trick
    if trick is None:
        return text + " " + " ".join(f"[{c}]" for c in clauses) + "."
    # the move's own clauses, then the trick's outcome with its clauses
    own = [c for c in clauses[:len(clauses) - _outcome_count(trick)]]
    out = text + " " + " ".join(f"[{c}]" for c in own) + "."
    winner, count, leader, kind, skipped, passed, over, best = trick[:8]
    w = names[winner]
    if kind == KIND_OPEN:
        out += f" {w} takes the opening trick ({count} cards) with the leading Raja"
        after = ["ek.opening"]
    else:
        out += f" {w} wins the trick with the {card_name(best)}"
        after = ["ek.trick"]
    if skipped:
        out += f" and holds no {_suit(best)} card, so there is no phase 2"
        after.append("ek.skip")
    if after:
        out += " " + " ".join(f"[{c}]" for c in after)
    out += "."
    if passed:
        out += f" {w} has no cards left, so {names[leader]} leads [ek.empty-hand]."
    if over:
        out += " Every card has been played [ek.winner]."
    return out


def _outcome_count(trick) -> int:
    """How many of a trick-ending record's clauses are the trick's outcome (cited after the move's own)."""
    return 1 + bool(trick[4]) + bool(trick[5]) + bool(trick[6])


def events_of(record) -> tuple[str, ...]:
    """The simulation events a record shows (keys of ``Ekrang.EVENTS``)."""
    what = record[3][0]
    out: tuple[str, ...] = ()
    if what == "renounce":
        out = ("renounce",)
    elif what == "add-any":
        out = ("no-lower",)
    elif what == "open-alone":
        out = ("raja-alone",)
    trick = record[4]
    if trick is None:
        return out
    winner, _, _, kind, skipped, passed, over, _, led_by, shared, opener_won, others, others_won = trick
    if skipped:
        out += ("skip",)
    if kind == KIND_P1:
        out += ("round",)
    if kind == KIND_P2:
        out += ("phase2",)
        if winner == led_by:
            out += ("phase2-leader-wins",)
    if passed:
        out += ("lead-passes",)
    if shared:
        out += ("shared-win",)
    if opener_won:
        out += ("opener-wins",)
    if others:  # the players besides the opener, once each, and once for each of them who wins: a fair baseline
        out += ("other-seat",) * others + ("other-wins",) * others_won
    return out
