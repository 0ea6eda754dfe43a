"""How the heuristic player of Guru Ganjifa rates a move (higher is better)."""

from __future__ import annotations

from .moves import DENI, DOUBLE, LEAD, PASS, GGMove
from .table import SUIT  # the giver of a doubled Deni owes a card of the shown suit


def move_priority(state, move: GGMove) -> float:
    """A simple heuristic: give Denis and double them, keep optional leads for later, discard low cards."""
    kind = move.kind
    if kind == DENI:
        return 50 - state._strength[move.cards[0].index]
    if kind == DOUBLE:
        return 60
    if kind == PASS:
        return 10
    if kind == LEAD:
        return 20 - len(move.cards) if state.stage != "start" or len(move.cards) > 1 or \
            state.unbeatable(state.current_player) else 5 - state._strength[move.cards[0].index] / 12
    card = move.cards[0]
    if state._queue and state._queue[0][2] == SUIT:
        return 30 if card is not state._deni[2] else 0
    cards = state._unplayed[card.suit.number]
    rank = cards.index(card)
    return rank - 3 * (rank < 2)  # throw away cards far from the top of their suit
