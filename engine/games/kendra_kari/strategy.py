"""How the heuristic player of Kendra Kari rates a move (higher is better)."""

from __future__ import annotations

from .moves import BRIDGE, DRAW, OPEN, TWO, KKMove
from .ring import MATCH


def move_priority(state, move: KKMove) -> float:
    """How much a simple player likes ``move`` in ``state`` (a ``KKState``).

    Two-card turns, then bridges, then plays that keep cards of the same suit or rank in
    hand (so the next turn is likelier to have a play); drawing last.
    """
    k = move._k
    hand = state._hands[state.current_player] if state.current_player is not None else []
    if k == TWO:
        return 100.0
    if k == BRIDGE:
        return 90.0
    if k == DRAW:
        return 0.0
    if k == OPEN:
        rest = [c for c in hand if c != move._a and c != move._b]
        keep = sum(1 for c in rest if c in MATCH[move._b if move._b >= 0 else move._a])
        return 50.0 + (20.0 if move._b >= 0 else 0.0) + keep
    mc = MATCH[move._a]
    return 10.0 + sum(1 for c in hand if c in mc)
