"""What the deal alone decides in a trick game, counted exactly: the chance that some hand holds none of a set of
cards (Hamrang's player dealt no court card, Traditional Ganjifa's hand without a Raja, dealt again).

>>> float(some_hand_lacks(cards=120, marked=10, hands=3, size=40))  # doctest: +ELLIPSIS
0.04253...
"""

from __future__ import annotations

from fractions import Fraction
from math import comb


def hands_lack(cards: int, marked: int, hands: int, size: int) -> Fraction:
    """The chance that ``hands`` given hands of ``size`` cards, dealt from ``cards`` cards of which ``marked``
    are marked, all hold no marked card."""
    chance, left, plain = Fraction(1), cards, cards - marked
    for _ in range(hands):
        chance *= Fraction(comb(plain, size), comb(left, size))
        plain -= size
        left -= size
    return chance


def some_hand_lacks(cards: int, marked: int, hands: int, size: int) -> Fraction:
    """The chance that at least one of ``hands`` hands of ``size`` holds no marked card (inclusion and
    exclusion over the hands)."""
    return sum((-1) ** (k + 1) * comb(hands, k) * hands_lack(cards, marked, k, size) for k in range(1, hands + 1))
