"""What a Guru Ganjifa move did: :class:`GGRecord`, and the book's narration of it.

The narration is the text a golden transcript stores under each move, so a change here shows
up as a diff in ``rules/deals/``.
"""

from __future__ import annotations

from typing import Sequence

from ...cards import Card
from ...decks import DASHAVATARA
from ...families.tricks.records import TrickRecord
from ...protocol import default_names
from .moves import DENI, DOUBLE, PASS

# kinds of trick
OPENING, COMBINED, FINAL, DENI_TRICK, HIGH = "opening", "combined", "final", "deni", "high"


class GGRecord(TrickRecord):
    """What one move did (frozen): ``player``, ``move``, ``clauses``, ``note`` (what, details...) and ``narrate(names)``.

    ``trick`` is set on the step that completes a trick: (winner, cards won, next leader, kind of
    trick, direction, whether the game is over); ``trick_winner`` and ``game_over`` read it.
    """

    __slots__ = ()

    @property
    def game_over(self) -> bool:
        return bool(self[4]) and self[4][5]

    def narrate(self, names: Sequence[str] | None = None) -> str:
        """The book's prose for this move, ending in its clause ids."""
        return narrate(self, names)

    def narrate_for(self, viewer: int | None, names: Sequence[str] | None = None) -> str:
        """The step as ``viewer`` (a seat; None for what everyone at the table may know) is told it: the book's
        narration for the seats that know everything it names; for the others, the same step without what
        they cannot know (who holds the card a Deni or a high lead calls for, the unbeatable cards a leader
        keeps back, the card a called player could have doubled with)."""
        return narrate(self, names, public=viewer is None or viewer not in _knowing(self))


def _knowing(record: GGRecord) -> tuple[int, ...]:
    """The seats that may hear every card and holder this step's narration names (all: every seat)."""
    note = record.note
    what = note[0]
    if what in (DENI, "high"):
        return (note[2],)  # the holder of the card called for; even the leader does not know where it lies
    if what == "lead" and len(note) > 2 and note[2]:
        return (record.player,)  # the cards kept back stay in the leader's hand
    if what == "called" and len(note) > 1 and note[1] is not None:
        return (record.player,)  # the card not doubled with stays in hand
    return tuple(range(64))


def card_name(card: Card) -> str:
    """``Raja of Rama``."""
    return DASHAVATARA.card_name(card)


def card_names(cards) -> str:
    """``the Raja of Rama, the Mantri of Rama and the 10 of Kalki``."""
    names = ["the " + card_name(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def narrate(record: GGRecord, names: Sequence[str] | None, public: bool = False) -> str:
    """The book's narration of ``record``; ``public``: only what every player at the table may know."""
    names = names or default_names(4)
    p = names[record.player]
    move = record.move
    what = record.note[0]
    cards = move.cards
    if what == "open":
        text = f"{p} opens with the {card_name(cards[0])}, the leading Raja by {record.note[1]}."
    elif what == "lead":
        chosen, kept = record.note[1:3] if len(record.note) > 2 else ((), ())
        must = [c for c in cards if c not in chosen]
        shown = must if must else cards
        verb = "must lead" if must else "leads"
        if len(shown) == 1:
            text = f"{p} {verb} the unbeatable {card_name(shown[0])}."
        else:
            text = f"{p} {verb} {len(shown)} unbeatable cards: {card_names(shown)}."
        if must and chosen:
            text += f" With them {p} leads {card_names(chosen)}, which could have waited."
        elif not must and kept and not public:
            text = text[:-1] + ", though nothing was compulsory."
        if kept and not public:
            text += f" {p} keeps back {card_names(kept)}: the lowest unbeatable card of a suit may wait."
    elif what == "final":
        text = f"{p} gives no Deni and leads the unbeatable cards left: {card_names(cards)}."
    elif what == "high":
        top, holder = record.note[1], record.note[2]
        text = (f"{p} holds no unbeatable card and leads the {card_name(cards[0])}, the highest of the suit in hand; "
                + (f"whoever holds the {card_name(top)} must play it." if public else
                   f"{names[holder]} must play the {card_name(top)}."))
    elif what == DENI:
        called, holder = record.note[1], record.note[2]
        text = (f"{p} gives a Deni: leads the {card_name(cards[0])} and shows the {card_name(move.shown)}, "
                f"calling for the {DASHAVATARA.rank_name(called.rank)} "
                + ("(whoever holds it must play it)." if public else f"({names[holder]} holds it)."))
    elif what == "called":
        text = f"{p} must play the {card_name(cards[0])} as called."
        if len(record.note) > 1 and record.note[1] is not None and not public:
            text = text[:-1] + f", and chooses not to double with the {card_name(record.note[1])}."
    elif what == DOUBLE:
        called, giver, suit = record.note[1], record.note[2], record.note[3]
        text = (f"{p} plays the called {card_name(called)} and doubles the Deni with the {card_name(cards[0])}: "
                f"everyone else adds one more card, {names[giver]} one of {suit}.")
    elif what == "suit":
        text = f"{p} adds {card_names(cards)}, a {record.note[1]} card as the doubled Deni demands."
    elif what == PASS:
        side = "right" if record.note[2] == "anticlockwise" else "left"
        text = (f"{p} has no unbeatable card left and gives no Deni; the lead passes to "
                f"{names[record.note[1]]}, on the {side}.")
    else:
        text = f"{p} adds {card_names(cards)}."
    if record.trick:
        winner, count, leader, kind, direction, _ = record.trick
        w = names[winner]
        if kind == FINAL:
            side = "right" if direction == "anticlockwise" else "left"
            text += f" {w} wins all {count} cards; the lead passes to {names[leader]}, on the {side}."
        elif kind == DENI_TRICK:
            text += f" {w} wins the {count} cards with the called card and takes the lead."
        elif kind == HIGH:
            text += f" {w} wins the {count} cards with the top card of the suit and takes the lead."
        else:
            text += f" {w} wins all {count} cards and leads on."
    return text.rstrip(".") + " " + " ".join(f"[{c}]" for c in record.clauses) + "."
