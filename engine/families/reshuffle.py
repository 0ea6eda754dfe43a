"""Chance's reshuffle: when a game's stock (or deck) runs out, the cards set aside are shuffled into a new
one, and that shuffle is chance's move, written ``shuffle`` and the new pile's cards, top card first
(``shuffle 7Sh 3Ta ...``; a transcript line by ``chance``).

:class:`Reshuffle` is that move, immutable and compared by its cards; a game subclasses it with the pile's
name in its words and the cards it is played with (Kendra Kari's ``KKShuffle``, its stock; Shakti's
``ShShuffle``, its deck).
"""

from __future__ import annotations

from ..cards import Card, format_cards, parse_cards
from ..errors import NotationError


class Reshuffle:
    """Chance's move: the new pile, top card first. Subclasses set :attr:`PILE`, :attr:`PLAYED_WITH` and
    :attr:`OTHER_DECK`."""

    __slots__ = ("cards",)
    kind = "shuffle"
    PILE = "stock"  # the pile's name in the game's words
    PLAYED_WITH: object = frozenset()  # the cards the game is played with (anything ``in`` answers)
    OTHER_DECK = "this card is not in the game's deck"  # said of a card the game is not played with

    def __init__(self, cards: tuple[Card, ...]):
        object.__setattr__(self, "cards", tuple(cards))

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other) -> bool:
        return isinstance(other, type(self)) and other.cards == self.cards

    def __hash__(self) -> int:
        return hash(self.cards)

    def __str__(self) -> str:
        return "shuffle " + format_cards(self.cards)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"

    def __reduce__(self):
        return (type(self), (self.cards,))

    @classmethod
    def parse(cls, text: str):
        word, _, rest = text.strip().partition(" ")
        if word != "shuffle" or not rest.strip():
            raise NotationError(text, f"chance's move is written 'shuffle' and the new {cls.PILE}'s cards, top first")
        cards = parse_cards(rest)
        for c in cards:
            if c not in cls.PLAYED_WITH:
                raise NotationError(str(c), cls.OTHER_DECK)
        if len(set(cards)) != len(cards):
            raise NotationError(rest.strip()[:40], f"a card appears twice in the new {cls.PILE}")
        return cls(cards)
