"""Udvasa's card tables: each Mughal card's place (0..95), value (1..12) and suit (0..7), built once."""

from __future__ import annotations

from ...cards import Card
from ...decks import MUGHAL
from ...errors import NotationError

CARDS: tuple[Card, ...] = tuple(MUGHAL.cards)
N_CARDS = len(CARDS)  # 96
SUITS = tuple(MUGHAL.suits)
N_SUITS = len(SUITS)  # 8
STACKS = 8  # working stacks
INDEX: dict[Card, int] = {c: i for i, c in enumerate(CARDS)}
VALUE = tuple(c.rank for c in CARDS)  # 1..10, Vizier 11, Raja 12
SUIT = tuple(c.suit.number for c in CARDS)
AT = [[-1] * 13 for _ in range(N_SUITS)]  # AT[suit][value] -> card place
for _i, _c in enumerate(CARDS):
    AT[_c.suit.number][_c.rank] = _i
del _i, _c
AT = tuple(tuple(row) for row in AT)


def card_index(card: Card | str) -> int:
    """The place of a Mughal card given as a Card or in notation; NotationError for any other."""
    c = Card.parse(card) if isinstance(card, str) else card
    i = INDEX.get(c)
    if i is None:
        raise NotationError(str(card), "Udvasa is played with the Mughal deck")
    return i


def card_name(card: Card | int) -> str:
    """A card's name in prose: ``Raja of Ghulam``, ``7 of Taj``."""
    return MUGHAL.card_name(CARDS[card] if isinstance(card, int) else card)


def neighbours(wrap: bool) -> tuple[frozenset[int], ...]:
    """For each value 1..12 (index 0 unused), the values a card may be moved onto (one more or one less;
    with ``wrap`` the Raja and the 1 are neighbours too)."""
    out = [frozenset()]
    for v in range(1, 13):
        near = {v - 1, v + 1} & set(range(1, 13))
        if wrap and v in (1, 12):
            near.add(13 - v)
        out.append(frozenset(near))
    return tuple(out)
