"""Hamrang's constants, at the bottom of its folder: the table of four, the hand dealt, and the order of the
cards in each suit under each ranking (hr.ranking: ``uniform``, or ``traditional`` with the numerals of the
weak suits reversed), as tables the state reads on its hot path.
"""

from __future__ import annotations

from ...decks import MUGHAL, Ranking

N = 4
HAND_SIZE = 24
SUITS = len(MUGHAL.suits)
_SIZE = max(c.index for c in MUGHAL.cards) + 1
# card.index -> strength in its suit (12 the Raja .. 1 the lowest numeral), per ranking
STRENGTH = {}
for _r in Ranking:
    _table = [0] * _SIZE
    for _c, _v in MUGHAL.strength_table(_r).items():
        _table[_c.index] = _v
    STRENGTH[_r] = _table
# per ranking: the deck suit by suit, each suit strongest first (hands are filled in this order, never sorted)
ORDERED = {r: tuple(sorted(MUGHAL.cards, key=lambda c, t=STRENGTH[r]: (c.suit.number, -t[c.index]))) for r in Ranking}
# per ranking: (card.index, suit number, card) in ORDERED's order (hands are filled by reading it)
_COURTS = tuple(c.index for c in MUGHAL.cards if c.rank >= 11)  # the court cards' indexes
assert SUITS == 8  # (HRState fills a hand's eight suits)
PLACED = {r: tuple((c.index, c.suit.number, c) for c in cards) for r, cards in ORDERED.items()}
del _r, _table, _c, _v
# the deck's weak suits, whose numerals the traditional rank order reverses
WEAK = tuple(suit.group == "weak" for suit in MUGHAL.suits)
