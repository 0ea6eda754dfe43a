"""Hamrang's chances that depend on the cards alone, counted exactly: the draw for the dealer tying at its first
round, and a player dealt no court card (who sits out from the start). The notes for designers set the
simulated games' figures beside these.

>>> t = deal_table()
>>> [row[0] for row in t.rows]
['the draw for the dealer ties at its first round', 'a given player is dealt no court card', 'some player is dealt no court card']
>>> [row[1] for row in t.rows]
['14.34%', '0.62%', '2.48%']
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ...decks import MUGHAL
from ...families.tricks.deals import hands_lack, some_hand_lacks
from ...protocol import Table

PLAYERS = 4
HAND = len(MUGHAL.cards) // PLAYERS  # 24
COURTS = sum(1 for c in MUGHAL.cards if c.rank >= 11)  # a Raja and a Vizier a suit: 16
RANKS = sorted({c.rank for c in MUGHAL.cards})
PER_RANK = len(MUGHAL.cards) // len(RANKS)  # 8 cards of each rank, one a suit


def draw_ties() -> Fraction:
    """Four cards drawn from the pack, one each: the chance that the highest rank drawn is drawn twice or more
    (only the rank counts in the draw)."""
    ties = 0
    for i, _ in enumerate(RANKS):
        lower = PER_RANK * i  # the cards of the ranks below this one
        ties += sum(comb(PER_RANK, k) * comb(lower, PLAYERS - k) for k in range(2, PLAYERS + 1))
    return Fraction(ties, comb(len(MUGHAL.cards), PLAYERS))


def no_court(hands: int) -> Fraction:
    """The chance that ``hands`` given hands of the deal all hold no court card."""
    return hands_lack(len(MUGHAL.cards), COURTS, hands, HAND)


def some_hand_without_a_court() -> Fraction:
    """The chance that at least one of the four hands holds no court card."""
    return some_hand_lacks(len(MUGHAL.cards), COURTS, PLAYERS, HAND)


def deal_table(game=None) -> Table:
    rows = (("the draw for the dealer ties at its first round", draw_ties()),
            ("a given player is dealt no court card", no_court(1)),
            ("some player is dealt no court card", some_hand_without_a_court()))
    return Table("Chances the cards alone decide", ("", "chance"),
                 tuple((label, f"{100 * float(p):.2f}%") for label, p in rows),
                 "counted exactly over every draw and every deal of the 96 cards")


TABLES = {"deal": deal_table}
