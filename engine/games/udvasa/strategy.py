"""How the careful (heuristic) player of Udvasa rates a move (higher is better)."""

from __future__ import annotations

from .moves import BUILD, DEAL, SHIFT
from .tables import SUIT

PATIENCE = 60  # moves since the last deal after which the careful player gives up, when she may not deal


def _since_deal(state) -> int:
    n = 0
    for record in reversed(state.history):
        if record[1]._k == DEAL:
            break
        n += 1
    return n


def move_priority(state, move) -> float:
    """Build whenever a card can go up; fill an empty stack, best with a card that uncovers one that can
    go up; move a card between stacks only when that uncovers a card that can go up; otherwise deal, and
    once the stock is used up give up rather than shuffle cards to and fro (so every game ends). When she may
    deal only once no card can move, she moves cards to and fro, hoping to reach a place where none can, and
    gives up after :data:`PATIENCE` moves since the last deal."""
    k = move._k
    if k == BUILD:
        return 100.0
    if k == DEAL:
        return 10.0
    if k != SHIFT:
        if state._stock and _since_deal(state) < PATIENCE:
            return -20.0  # giving up with stock left (dealing only when no card can move): not yet
        return 0.0  # stop: better than moving cards to and fro for ever
    src = state._stacks[move.src]
    fill = not state._stacks[move.dst]
    if len(src) > 1:
        c = src[-2]
        s = SUIT[c]
        if state._need[s][state._built[s]] == c:
            return 60.0 if fill else 50.0
    return 20.0 if fill else -10.0
