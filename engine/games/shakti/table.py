"""The Shakti table as numbers: cards as indexes into the Mughal deck, and the winning hands.

A winning hand is eight cards: a *run* (eight cards of one suit in unbroken rank order) or a
*set* (the eight cards of one rank, one from each suit). ``TARGETS[ranking]`` lists them all as
tuples of card indexes, and ``MEMBER[ranking][card]`` the targets each card belongs to, so a
hand's progress towards its nearest winning hand is a few additions.

>>> len(TARGETS["uniform"]), len(MEMBER["uniform"][0])
(52, 2)
>>> [str(CARDS[c]) for c in TARGETS["uniform"][0]]
['1Sa', '2Sa', '3Sa', '4Sa', '5Sa', '6Sa', '7Sa', '8Sa']
>>> [str(CARDS[c]) for c in TARGETS["traditional"][4 * 5]]  # a weak suit: 10 lowest, then 9 ... 1, Vizier, Raja
['10Su', '9Su', '8Su', '7Su', '6Su', '5Su', '4Su', '3Su']
"""

from __future__ import annotations

from ...cards import Card
from ...decks import MUGHAL, Ranking

CARDS: tuple[Card, ...] = MUGHAL.cards
INDEX: dict[Card, int] = {card: i for i, card in enumerate(CARDS)}
N_CARDS = len(CARDS)
SUITS = MUGHAL.suits
HAND = 8  # cards held between turns
RUN_STARTS = 12 - HAND + 1  # five runs a suit: starting at the lowest card, the second lowest, ... the fifth


def _ladder(ranking: Ranking) -> list[list[int]]:
    """Each suit's cards from lowest to highest under ``ranking``."""
    out = []
    for s in SUITS:
        order = MUGHAL.order(s, ranking)  # highest first
        out.append([INDEX[Card(s, r)] for r in reversed(order)])
    return out


def _targets(ranking: Ranking) -> tuple[tuple[int, ...], ...]:
    runs = [tuple(ladder[a:a + HAND]) for ladder in _ladder(ranking) for a in range(RUN_STARTS)]
    sets = [tuple(INDEX[Card(s, r)] for s in SUITS) for r in range(1, 13)]
    return tuple(runs + sets)


TARGETS = {name: _targets(r) for name, r in (("uniform", Ranking.UNIFORM), ("traditional", Ranking.TRADITIONAL))}
N_RUNS = len(SUITS) * RUN_STARTS  # targets below this index are runs (suit by suit, five each), the rest sets
MEMBER = {name: tuple(tuple(t for t, cards in enumerate(targets) if c in cards) for c in range(N_CARDS))
          for name, targets in TARGETS.items()}


# PLACE[ranking][card]: the card's place in its suit's ladder, 0 (lowest) to 11 (the Raja)
PLACE = {name: tuple(ladder.index(c) for c in range(N_CARDS) for ladder in _ladder(r) if c in ladder)
         for name, r in (("uniform", Ranking.UNIFORM), ("traditional", Ranking.TRADITIONAL))}
SUIT_SIZE = 12  # card index c is suit c // 12 (the deck's suits in order), rank c % 12 + 1


def winning_target(hand, ranking: str) -> int:
    """The index of the winning hand that ``hand`` (eight different card indexes) is, else -1.

    >>> from engine.cards import Card
    >>> hand = [INDEX[Card.parse(t)] for t in "VSu 1Su 2Su 3Su 4Su 5Su 6Su RSu".split()]
    >>> winning_target(hand, "uniform"), TARGETS["traditional"][winning_target(hand, "traditional")] == tuple(sorted(
    ...     hand, key=PLACE["traditional"].__getitem__))
    (-1, True)
    """
    if len(hand) != HAND:
        return -1
    first = hand[0]
    suit = first // SUIT_SIZE
    if all(c // SUIT_SIZE == suit for c in hand):
        place = PLACE[ranking]
        places = [place[c] for c in hand]
        low = min(places)
        return suit * RUN_STARTS + low if max(places) - low == HAND - 1 else -1
    rank = first % SUIT_SIZE
    if all(c % SUIT_SIZE == rank for c in hand):
        return N_RUNS + rank
    return -1
