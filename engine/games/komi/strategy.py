"""How the heuristic Komi player rates a move.

A bet is made before any card is seen, and the game is fair between player and dealer (see
:mod:`.odds`): no bet size is better than another on average. The simple player bets the
smallest stake (least risk for the same expectation); with the house rule that ties go to the
dealer every bet loses on average, so the smallest is best there too.
"""

from __future__ import annotations


def move_priority(state, move) -> float:
    return -float(move.amount)
