"""The Traditional Ganjifa table as numbers: the deck's order, the stages of a deal, the kinds of trick.

The bottom of the game's folder: the constants and small rule helpers the state and its phases share
(:mod:`.hands` and the phases stand on it; nothing here imports them). Cards are tracked by
``Card.index``: ``ORDERS`` lists each suit strongest first and ``STRENGTH`` gives a card's rank in its
suit, 12 for a Raja .. 1 [tg.ranking]; ``RAJAS`` are the cards that are never low; a hand holds
``HAND`` cards and a player owes cards below ``TARGET`` [tg.deal, tg.score]; ``batches_of`` names the
batches a payer sets aside [tg.aside]; ``sorted_hand`` lists a hand suit by suit, strongest first.
"""

from __future__ import annotations

from ...cards import Card
from ...decks import DASHAVATARA, Ranking
from ...families.tricks import INDEX_SIZE, strength_by_index, suit_orders
from .moves import ADD_MOVES

SUITS = DASHAVATARA.suits
ORDERS = suit_orders(DASHAVATARA, Ranking.TRADITIONAL)  # each suit strongest first
STRENGTH = strength_by_index(DASHAVATARA, Ranking.TRADITIONAL)  # 12 for a Raja .. 1
CARDS = {c.index: c for c in DASHAVATARA.cards}
RAJAS = frozenset(c.index for c in DASHAVATARA.cards if c.rank == 12)
HAND = 40  # cards in each hand
TARGET = 40  # cards a player must win not to owe any

# stages: whose step it is and what it may be
REDEAL, NEWDEAL, PAY_ASIDE, PAY_TAKE, PAY_RETURN = "redeal", "newdeal", "aside", "take", "return"
PAY_APART = "apart"  # the payer, having set batches aside unseen, looks at the rest and sets one card apart
OPENING, FOLLOW, EXCHANGE, GIVING, LEAD, DRAWING, OVER = "open", "follow", "exchange", "give", "lead", "draw", "over"
CHANCE_STAGES = (REDEAL, NEWDEAL, PAY_TAKE, DRAWING)
# kinds of trick
K_OPEN, K_MULTI, K_FORCE, K_SIR, K_HARDU, K_SOKTA, K_AKHERI = "open", "multi", "force", "sir", "hardu", "sokta", "akheri"


def batches_of(dealt, m: int, which: str) -> list[int]:
    """The batch numbers (0..9) set aside: ``m`` batches starting with the first, the second, or ending with the last."""
    count = len(dealt) // 4
    start = {"first": 0, "second": 1, "last": count - m}[which]
    return list(range(max(start, 0), min(start + m, count)))


def sort_key(card: Card):
    return (card.suit.number, -STRENGTH[card.index])


ADD_BY_INDEX = [None] * INDEX_SIZE  # card.index -> the move adding that card
for _c, _m in ADD_MOVES.items():
    ADD_BY_INDEX[_c.index] = _m
RANK = [0] * INDEX_SIZE  # card.index -> its place in a sorted hand (suit by suit, strongest first)
for _i, _c in enumerate(sorted(DASHAVATARA.cards, key=sort_key)):
    RANK[_c.index] = _i
rank_of = RANK.__getitem__


def sorted_hand(hand: dict) -> list[Card]:
    """A hand's cards, suit by suit, strongest first."""
    return [hand[i] for i in sorted(hand, key=rank_of)]
