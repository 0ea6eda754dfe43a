"""How the heuristic player of Hamrang rates a move (higher is better)."""

from __future__ import annotations


def move_priority(state, move) -> float:
    """How much a simple player likes ``move`` in ``state`` (an ``HRState``).

    A leader likes a lead its high card is sure to win (no higher card of the suit in another
    hand still in), and dislikes spending a second court card. A follower with a choice keeps its
    court cards (a player without one is out) and puts in low cards.
    """
    seat = state.current_player
    strength = state._strength
    a, b = move.cards
    if not state._plays:
        s = a.suit.number
        top = strength[a.index]
        beaten = any(h[s] and strength[h[s][0].index] > top
                     for p, h in enumerate(state._hands) if p != seat and state._active[p])
        score = 0.0 if beaten else 100.0
        if b.rank >= 11:
            score -= 30.0
        if not beaten:  # keep leading the suit while its court cards last: more of them left is better
            score += sum(1 for c in state._hands[seat][s] if c.rank >= 11)
        return score - strength[b.index] / 12
    score = 0.0
    for card in (a, b):
        if card.suit.number != state._lead_suit:
            score -= 40.0 if card.rank >= 11 else strength[card.index]
    return score
