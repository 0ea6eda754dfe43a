"""What an Udvasa move did: cheap frozen records, and the book's prose for them."""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import Sequence

from ...protocol import Record, Result, default_names
from .moves import BUILD, DEAL, SHIFT
from .tables import card_name

# the clauses each kind of record cites (shared tuples: no allocation on the hot path)
CL_SHIFT = ("ud.shift",)
CL_FILL = ("ud.fill",)
CL_BUILD = ("ud.build",)
CL_MORE = ("ud.more",)
CL_STOP = ("ud.lose",)
CL_WIN = ("ud.win",)
CL_STUCK = ("ud.lose",)
_new = tuple.__new__


class UDRecord(Record, tuple):
    """What one move did (frozen).

    Fields: ``player`` (always 0), ``move``, ``clauses``, ``card`` (the card moved, or None),
    ``onto`` (the card it was moved onto, or None), ``exposed`` (the card it uncovered, or None),
    ``dealt`` (cards dealt by ``deal``, stack 1 first), ``left`` (cards left in the stock) and
    ``end`` (``""``, ``"won"``, ``"stopped"`` or ``"stuck"``).
    """

    __slots__ = ()
    _fields = ("player", "move", "clauses", "card", "onto", "exposed", "dealt", "left", "end")

    def __new__(cls, player, move, clauses, card=None, onto=None, exposed=None, dealt=(), left=0, end=""):
        return _new(cls, (player, move, clauses, card, onto, exposed, dealt, left, end))

    @property
    def game_over(self) -> bool:
        return bool(self[8])

    def __repr__(self) -> str:
        return "UDRecord(" + ", ".join(f"{k}={v!r}" for k, v in zip(self._fields, self)) + ")"

    def narrate(self, names: Sequence[str] | None = None) -> str:
        return _narrate(self, names)


for _i, _field in enumerate(UDRecord._fields):
    setattr(UDRecord, _field, property(itemgetter(_i), doc=f"The record's {_field}."))
del _i, _field


def _narrate(r: UDRecord, names: Sequence[str] | None) -> str:
    who = (names or default_names(1))[0]
    move = r.move
    k = move._k
    clauses = list(r.clauses)
    if k == SHIFT:
        card = card_name(r.card)
        if r.onto is None:
            text = f"{who} fills the empty stack {move.dst + 1} with the {card} from stack {move.src + 1}"
        else:
            text = f"{who} moves the {card} from stack {move.src + 1} onto the {card_name(r.onto)} on stack {move.dst + 1}"
        text += _exposed(r)
    elif k == BUILD:
        text = f"{who} plays the {card_name(r.card)} from stack {move.src + 1} to its build stack" + _exposed(r)
    elif k == DEAL:
        left = f"{r.left} left in the stock" if r.left else "the stock is used up"
        n = len(r.dealt)
        text = (f"{who} deals eight more cards, one onto each working stack ({left})" if n == 8 else
                f"{who} deals the last {'card' if n == 1 else f'{n} cards'}, from stack 1 on ({left})")
    else:
        text = f"{who} gives up: the stock is used up and no more cards can be built"
    if r.end == "won":
        text += f". Every card is on its build stack: {who} wins"
    elif r.end == "stuck":
        text += f". The stock is used up and no card can move: {who} loses"
    return text + " " + " ".join(f"[{c}]" for c in clauses) + "."


def _exposed(r: UDRecord) -> str:
    if r.exposed is None:
        return f", leaving stack {r.move.src + 1} empty"
    return ""


@dataclass(frozen=True)
class UDResult(Result):
    """A finished game of patience: won (the one seat wins) or lost (nobody wins)."""

    def narrate(self, names: Sequence[str]) -> str:
        who = names[0]
        if self.winners:
            return f"{who} wins: {self.reason}."
        return f"{who} loses: {self.reason}."
