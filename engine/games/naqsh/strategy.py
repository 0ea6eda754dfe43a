"""How the heuristic player of Naqsh rates a move (higher is better).

The strategy, the one the chapter's odds are computed for (:mod:`.odds`): a player takes another
card on 13 or less and stands on 14, 15 or 16, never throwing in (a hand thrown in and a hand gone
bust cost the same, so drawing is never worse than throwing in); the dealer, whose stand wins
nothing, draws until Naqsh or bust. ``TAKE_UP_TO`` is the player's limit; with another lowest total to
stand on (option ``stand_from``) the player stands as soon as it may.
"""

from __future__ import annotations

from .moves import DEAL, STAND, TAKE

TAKE_UP_TO = 13  # a player takes another card on this total or less, and stands above it


def move_priority(state, move) -> float:
    """How much a simple player likes ``move`` in ``state`` (an ``NQState``)."""
    k = move._k
    if k == DEAL:
        return 1.0
    a = state._active
    if k == TAKE:
        return 2.0 if a == state._dealer or state._totals[a] < state.game.stand_from else 0.5
    if k == STAND:
        return 1.0
    return 0.0  # throw in: never better than drawing
