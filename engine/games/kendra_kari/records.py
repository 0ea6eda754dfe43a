"""What a Kendra Kari move did: cheap frozen records, and the book's prose for them."""

from __future__ import annotations

from operator import itemgetter
from typing import Sequence

from ...cards import Card
from ...decks import MUGHAL
from ...protocol import CHANCE, Record, default_names
from .moves import DRAW, OPEN, PLAY, TWO
from .ring import how_matched

# the clauses each kind of record cites (shared tuples: no allocation on the hot path)
CL_FIRST = ("kk.first",)
CL_MATCH = ("kk.match",)
CL_WRAP = ("kk.match", "kk.next")
CL_DRAW = ("kk.draw",)
# the same clause in a tuple of its own (a literal would be merged with CL_DRAW's): a draw completing a round
# in which nobody could play (event dry-round)
CL_DRY = tuple(["kk.draw"])
CL_DRAW_NB = ("kk.draw", "kk.drawn-no-bridge")
CL_BRIDGE = ("kk.bridge", "kk.clear")
CL_TWO = ("kk.two-card", "kk.match", "kk.bridge", "kk.clear")
CL_OPEN = ("kk.new-phase",)
CL_END = ("kk.stock-out",)
CL_OUT = ("kk.out",)
_new = tuple.__new__


class KKRecord(Record, tuple):
    """What one move did (frozen). Built cheaply on the hot path; the prose comes from :meth:`narrate`.

    Fields: ``player``, ``move``, ``clauses``, ``drawn`` (the card drawn, or None), ``positions``
    (where cards went, 1..7, in order), ``after`` and ``after_position`` (the last card before the
    move and where it lay), ``opposite`` and ``opposite_position`` (the card opposite, for a
    bridge), ``cleared`` (cards that left the game), ``went_out`` (the player emptied their hand and
    won) and ``reshuffled`` (for chance's step: how many captured cards became the new stock).
    """

    __slots__ = ()
    _fields = ("player", "move", "clauses", "drawn", "positions", "after", "after_position", "opposite",
               "opposite_position", "cleared", "went_out", "reshuffled")

    def __new__(cls, player, move, clauses, drawn=None, positions=(), after=None, after_position=None,
                opposite=None, opposite_position=None, cleared=0, went_out=False, reshuffled=0):
        return _new(cls, (player, move, clauses, drawn, positions, after, after_position, opposite,
                          opposite_position, cleared, went_out, reshuffled))

    @property
    def game_over(self) -> bool:
        """This step ended the game: the player went out, or had to draw from an empty stock."""
        return self[10] or self[2] is CL_END

    def __repr__(self) -> str:
        return "KKRecord(" + ", ".join(f"{k}={v!r}" for k, v in zip(self._fields, self)) + ")"

    def narrate(self, names: Sequence[str] | None = None) -> str:
        """One sentence (or two) of the book's prose for this move, ending in its clause ids."""
        return _narrate(self, names)


for _i, _field in enumerate(KKRecord._fields):
    setattr(KKRecord, _field, property(itemgetter(_i), doc=f"The record's {_field.replace('_', ' ')}."))
del _i, _field


def card_name(card: Card) -> str:
    """A card's name in prose: ``Raja of Ghulam``, ``7 of Taj``."""
    return MUGHAL.card_name(card)


def _narrate(r: KKRecord, names: Sequence[str] | None) -> str:
    move = r.move
    if r.player == CHANCE:
        return (f"The stock is empty and the next player must draw, so the {r.reshuffled} cards taken out by "
                f"bridges are shuffled into a new stock [kk.stock-out].")
    who = (names or default_names(max(r.player + 1, 3)))[r.player]
    k = move._k
    if k == PLAY:
        card, pos = move.cards[0], r.positions[0]
        if "kk.first" in r.clauses:
            text = (f"{who} plays the {card_name(card)} to Position {pos}, matching the {card_name(r.after)} "
                    f"on Position 7 by {how_matched(card, r.after)}")
        else:
            wrap = " (round again after Position 6)" if "kk.next" in r.clauses else ""
            text = (f"{who} plays the {card_name(card)} to Position {pos}{wrap}, matching the {card_name(r.after)} "
                    f"by {how_matched(card, r.after)}")
    elif k == DRAW:
        if "kk.stock-out" in r.clauses:
            text = f"{who} cannot play and the stock is empty, so the game ends and the fewest cards in hand wins"
        else:
            lead = f"{who} cannot play and draws"
            if r.positions:
                extra = ("; it could have built a bridge, but a drawn card never does"
                         if "kk.drawn-no-bridge" in r.clauses else "")
                text = (f"{lead}; the {card_name(r.drawn)} fits, so it goes straight "
                        f"to Position {r.positions[0]}{extra}")
            else:
                text = f"{lead} the {card_name(r.drawn)}, which does not fit, so it is kept"
    elif k == OPEN:
        text = f"{who} starts a fresh ring with the {card_name(move.cards[0])} on Position 7"
        if len(move.cards) > 1:
            text += f" and the {card_name(move.cards[1])} on Position 1"
    else:
        bridge = move.cards[-1]
        if k == TWO:
            first = move.cards[0]
            text = (f"{who} plays the {card_name(first)} to Position {r.positions[0]}, matching the "
                    f"{card_name(r.after)} by {how_matched(first, r.after)}, "
                    f"then bridges with the {card_name(bridge)}: "
                    f"it matches the {card_name(first)} on Position {r.positions[0]}")
        else:
            text = (f"{who} bridges with the {card_name(bridge)}: it matches the {card_name(r.after)} "
                    f"on Position {r.after_position}")
        text += (f" and the {card_name(r.opposite)} opposite on Position {r.opposite_position}. "
                 f"The ring is cleared ({r.cleared} cards leave the game)")
    cited = " ".join(f"[{c}]" for c in r.clauses if not r.went_out or c != "kk.out")
    if r.went_out:  # the going out cites its own rule, not the play's (issue 41)
        return f"{text} {cited}. {who} has no cards left and wins [kk.out]."
    return f"{text} {cited}."


