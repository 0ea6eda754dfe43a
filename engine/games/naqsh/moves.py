"""Naqsh moves: four interned values with a one-word notation.

The dealer's ``deal`` gives the player whose hand is in play (or the dealer's own hand) the
face-up card; a player then may ``take`` another card, ``stand`` (on 14, 15 or 16) or ``throw``
in the cards.

>>> NQMove.parse("stand") is STAND_MOVE, str(TAKE_MOVE), repr(THROW_MOVE)
(True, 'take', "NQMove.parse('throw')")
"""

from __future__ import annotations

from ...cards import Interned
from ...errors import NotationError

DEAL, TAKE, STAND, THROW = range(4)
KINDS = ("deal", "take", "stand", "throw")


class NQMove(Interned):
    """One Naqsh move (interned: compare with ``is`` or ``==``)."""

    __slots__ = ("kind", "_k", "_text")
    _by_text: dict[str, "NQMove"] = {}

    kind: str

    def __new__(cls, kind: str) -> "NQMove":
        return cls.parse(kind)

    @classmethod
    def _make(cls, k: int) -> "NQMove":
        move = object.__new__(cls)
        for name, value in (("kind", KINDS[k]), ("_k", k), ("_text", KINDS[k])):
            object.__setattr__(move, name, value)
        cls._by_text[KINDS[k]] = move
        return move

    def __lt__(self, other: "NQMove") -> bool:
        return self._k < other._k

    @staticmethod
    def parse(text: str) -> "NQMove":
        """Read a move: ``deal``, ``take``, ``stand`` or ``throw``."""
        move = NQMove._by_text.get(text) if isinstance(text, str) else None
        if move is not None:
            return move
        if not isinstance(text, str):
            raise NotationError(repr(text), "a Naqsh move is written as a word: deal, take, stand or throw")
        word = text.strip().lower()
        move = NQMove._by_text.get(word)
        if move is not None and word == text.strip():
            return move
        raise NotationError(text.strip()[:40] or repr(text),
                            "a Naqsh move is one word: deal (the dealer gives the face-up card), take (another "
                            "card), stand (on 14, 15 or 16) or throw (throw in the cards)")


DEAL_MOVE, TAKE_MOVE, STAND_MOVE, THROW_MOVE = (NQMove._make(k) for k in range(4))
DEAL_ONLY = (DEAL_MOVE,)
WITH_STAND = (TAKE_MOVE, STAND_MOVE, THROW_MOVE)
NO_STAND = (TAKE_MOVE, THROW_MOVE)


def parse_move(text: str) -> NQMove:
    return NQMove.parse(text)
