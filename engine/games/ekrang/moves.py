"""Ekrang moves: small interned values with a text notation.

Two kinds: ``play`` (one card, written as the card: ``9Sh``) and ``open`` (the leading Raja and
the card of 8 or higher laid with it at the start: ``open RSu 10Sh``, or ``open RSu`` alone when
the holder has no such card).

>>> m = EKMove.parse("open RSu 10Sh")
>>> m.kind, [str(c) for c in m.cards], EKMove.parse(str(m)) is m
('open', ['RSu', '10Sh'], True)
>>> EKMove.parse("9Sh") is EKMove.play(Card.parse("9Sh"))
True
"""

from __future__ import annotations

from ...cards import Card, Interned, check_deck
from ...decks import MUGHAL
from ...errors import NotationError

PLAY, OPEN = 0, 1
KINDS = ("play", "open")


class EKMove(Interned):
    """One Ekrang move. Interned: compare with ``==`` or ``is``."""

    __slots__ = ("kind", "cards", "_k", "_c", "_text")
    _by_text: dict[str, "EKMove"] = {}

    kind: str
    cards: tuple[Card, ...]

    @classmethod
    def _make(cls, k: int, cards: tuple[Card, ...]) -> "EKMove":
        text = (("open " if k == OPEN else "") + " ".join(c._text for c in cards))
        move = cls._by_text.get(text)
        if move is not None:
            return move
        move = object.__new__(cls)
        for name, value in (("kind", KINDS[k]), ("cards", cards), ("_k", k), ("_c", cards[0].index),
                            ("_text", text)):
            object.__setattr__(move, name, value)
        cls._by_text[text] = move
        return move

    def __lt__(self, other: "EKMove") -> bool:
        return (self._k, [c.index for c in self.cards]) < (other._k, [c.index for c in other.cards])

    @property
    def card(self) -> Card:
        """The (first) card of the move."""
        return self.cards[0]

    @classmethod
    def play(cls, card: Card) -> "EKMove":
        return cls._make(PLAY, (card,))

    @classmethod
    def open(cls, raja: Card, second: Card | None = None) -> "EKMove":
        return cls._make(OPEN, (raja,) if second is None else (raja, second))

    @staticmethod
    def parse(text: str) -> "EKMove":
        """Read a move: a card (``9Sh``), or ``open`` and the Raja with at most one more card."""
        if not isinstance(text, str):
            raise NotationError(repr(text), "a move is written as text, e.g. '9Sh' or 'open RSu 10Sh'")
        move = EKMove._by_text.get(text)
        if move is not None:
            return move
        tokens = text.split()
        if not tokens:
            raise NotationError(text, "an empty move; write a card, e.g. '9Sh', or 'open RSu 10Sh'")
        if tokens[0] == "open":
            if not 2 <= len(tokens) <= 3:
                raise NotationError(text, "'open' takes the leading Raja and at most one more card: 'open RSu 10Sh'")
            cards = tuple(_card(t) for t in tokens[1:])
            if len(cards) == 2 and cards[0] is cards[1]:
                raise NotationError(tokens[2], "the opening lays two different cards")
            return EKMove._make(OPEN, cards)
        if len(tokens) > 1:
            raise NotationError(tokens[1], "a player plays one card at a time (only the opening lays two)")
        return EKMove._make(PLAY, (_card(tokens[0]),))


def _card(token: str) -> Card:
    return check_deck(Card.parse(token), MUGHAL, "Ekrang")


PLAYS = {c: EKMove._make(PLAY, (c,)) for c in MUGHAL.cards}  # every play, interned up front


def parse_move(text: str) -> EKMove:
    return EKMove.parse(text)
