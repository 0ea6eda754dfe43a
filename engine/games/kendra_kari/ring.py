"""The Kendra Kari table as numbers: cards as indexes into the Mughal deck, the seven ring positions.

The game's hot path works on small ints (card ``i`` is ``CARDS[i]``, position index ``0..6`` is
Position ``1..7``) so that playing thousands of games a second stays cheap; everything public is
converted back to :class:`~engine.cards.Card` values.

>>> str(CARDS[0]), len(MATCH[0])
('1Sa', 18)
>>> [OPPOSITE[i] + 1 for i in range(6)], NEXT[5] + 1, NEXT[6] + 1
([4, 5, 6, 1, 2, 3], 1, 1)
"""

from __future__ import annotations

from ...cards import Card
from ...decks import MUGHAL

CARDS: tuple[Card, ...] = MUGHAL.cards
INDEX: dict[Card, int] = {card: i for i, card in enumerate(CARDS)}
N_CARDS = len(CARDS)

# MATCH[i]: the cards sharing a suit or a rank with card i (not i itself)
MATCH: tuple[frozenset[int], ...] = tuple(
    frozenset(j for j, d in enumerate(CARDS) if j != i and (d.suit is c.suit or d.rank == c.rank))
    for i, c in enumerate(CARDS)
)

CENTRE = 6  # the index of Position 7
# the position index directly opposite each ring position (1-4, 2-5, 3-6); the centre has none
OPPOSITE = (3, 4, 5, 0, 1, 2, -1)
# where the next card goes after one on each position: round the ring; after the centre, Position 1
NEXT = (1, 2, 3, 4, 5, 0, 0)


def how_matched(a: Card, b: Card) -> str:
    """``"suit"`` or ``"rank"``: what two matching cards share (one copy of each card, so never both)."""
    return "suit" if a.suit is b.suit else "rank"


def matches(a: Card, b: Card) -> bool:
    """Whether two cards share a suit or a rank."""
    return a.suit is b.suit or a.rank == b.rank
