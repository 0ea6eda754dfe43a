"""How the heuristic ("careful") player of Ekrang rates a move (higher is better).

A simple taste, in players' terms: open with the weakest card of 8 or higher; in phase 1 lead
the strongest card it may, from the longest suit among equals; when following, or in phase 2,
win with the lowest card that wins, else throw the lowest card, keeping courts of other suits.
It never counts cards or plans ahead.
"""

from __future__ import annotations


def move_priority(state, move) -> float:
    """A simple heuristic on the state's card codes (suit * 12 + strength)."""
    if move._k:  # the opening: lay the weakest card of 8 or higher that may go with the Raja
        return -state._face[state._code[move.cards[-1].index]] if len(move.cards) > 1 else 0
    c = state._code[move.cards[0].index]
    strength = c % 12
    table = state._table
    if not table:
        if state._stage == 1:  # phase 1 lead: a strong top card, with more of the suit behind it
            hand = state._hands[state.current_player]
            length = sum(1 for h in hand if h // 12 == c // 12)
            return strength * 4 + min(length, 4)
        return 0  # phase 2's lead is forced
    suit = state._suit
    if state._stage == 0:
        return -strength  # the opening trick is lost anyway: give the lowest card
    if c // 12 == suit and c > state._best:
        return 50 - strength  # win with the lowest card that wins
    return -strength - (10 if c // 12 != suit and strength > 9 else 0)  # otherwise throw low, keep courts
