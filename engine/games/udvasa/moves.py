"""Udvasa moves: small interned values with a text notation.

``3-5`` moves the top card of working stack 3 onto stack 5 (onto a card one more or one less, or
into an empty stack: a fill); ``3-build`` plays it to its build stack; ``deal`` deals eight more
from the stock; ``stop`` gives the game up once the stock is used up.

>>> UDMove.parse("3-5"), UDMove.parse("8-build").kind, UDMove.parse("deal") is UDMove.parse(" deal ")
(UDMove.parse('3-5'), 'build', True)
"""

from __future__ import annotations

from ...cards import Interned
from ...errors import NotationError
from .tables import STACKS

SHIFT, BUILD, DEAL, STOP = range(4)
KINDS = ("shift", "build", "deal", "stop")
_USAGE = "a move is 'A-B' (stack A onto stack B, 1 to 8), 'A-build', 'deal' or 'stop'"


class UDMove(Interned):
    """One Udvasa move. Interned: compare with ``==`` or ``is``. ``src``/``dst`` are 0-based stacks (-1: none)."""

    __slots__ = ("kind", "src", "dst", "_k", "_text")
    _by_text: dict[str, "UDMove"] = {}

    def __new__(cls, kind: str, src: int = -1, dst: int = -1) -> "UDMove":
        if kind not in KINDS:
            raise NotationError(kind, f"unknown kind of move; kinds are {', '.join(KINDS)}")
        k = KINDS.index(kind)
        if k == SHIFT:
            return SHIFTS[src * STACKS + dst]
        if k == BUILD:
            return BUILDS[src]
        return DEAL_MOVE if k == DEAL else STOP_MOVE

    @classmethod
    def _make(cls, k: int, src: int = -1, dst: int = -1) -> "UDMove":
        move = object.__new__(cls)
        text = (f"{src + 1}-{dst + 1}" if k == SHIFT else f"{src + 1}-build" if k == BUILD else KINDS[k])
        for name, value in (("kind", KINDS[k]), ("src", src), ("dst", dst), ("_k", k), ("_text", text)):
            object.__setattr__(move, name, value)
        cls._by_text[text] = move
        return move

    def __lt__(self, other: "UDMove") -> bool:
        return (self._k, self.src, self.dst) < (other._k, other.src, other.dst)

    @staticmethod
    def parse(text: str) -> "UDMove":
        """Read a move: ``3-5``, ``3-build``, ``deal`` or ``stop``."""
        if not isinstance(text, str):
            raise NotationError(repr(text), _USAGE)
        move = UDMove._by_text.get(text.strip())
        if move is not None:
            return move
        token = text.strip()
        a, dash, b = token.partition("-")
        if not dash:
            raise NotationError(token or text, _USAGE)
        src = _stack(a, token)
        if b == "build":
            return BUILDS[src]
        dst = _stack(b, token)
        if dst == src:
            raise NotationError(token, "a card moves from one stack to another: the two stacks differ")
        return SHIFTS[src * STACKS + dst]


def _stack(text: str, token: str) -> int:
    if len(text) != 1 or text not in "12345678":
        raise NotationError(token, f"{text!r} is not a working stack: they are numbered 1 to 8; " + _USAGE)
    return int(text) - 1


SHIFTS = tuple(UDMove._make(SHIFT, a, b) if a != b else None for a in range(STACKS) for b in range(STACKS))
BUILDS = tuple(UDMove._make(BUILD, a) for a in range(STACKS))
DEAL_MOVE = UDMove._make(DEAL)
STOP_MOVE = UDMove._make(STOP)
