"""How the heuristic player of Traditional Ganjifa rates a move (higher is better).

It follows the obligations (the engine offers only what is allowed), plays the hukm when it
must rather than burn it, keeps its low cards for the denis and talafas to come, prefers a
talafa or an utaruna-sir to an utari, declares a sokta only when the others have shown they
are void (no card of the suit left in other hands as far as the cards played tell), and
throws its weakest cards to others' tricks.
"""

from __future__ import annotations

from .moves import (ADD, AKHERI, APART, ASIDE, ASK, DENI, DOUBLE, DUKKAL, GIVE, HARDU, KEEP, NATAVANI, OPEN, RETURN, SIR,
                    SOKTA, SWAP, TALAFA, TAVANI, UTARI)


def _value(state, card) -> float:
    """How much a card is worth keeping: high for hukms and cards near the top of their suit."""
    order = state.order[card.suit.number]
    try:
        place = order.index(card)
    except ValueError:
        return 0.0
    return 12.0 - place * 1.5 + state.strength(card) / 4


def move_priority(state, move) -> float:
    kind = move.kind
    cards = move.cards
    if kind == ADD:
        card = cards[0]
        q = state.queue[0] if state.queue else None
        if q and q[2]:
            return 50
        duty = state._duty(state.current_player) if state.queue else None
        if duty is not None:
            return 100 if card is duty else -100  # never burn a hukm on purpose
        return -_value(state, card)
    if kind == DOUBLE:
        return 110
    if kind in (DUKKAL, AKHERI):
        return 50
    if kind == DENI:
        return 40 - state.strength(cards[0])
    if kind == TAVANI:
        return -_value(state, cards[0])
    if kind == SIR:
        return 35 - state.strength(cards[1]) / 12
    if kind == TALAFA:
        return (30 if not move.extra else 25) - _value(state, cards[0]) / 12
    if kind == NATAVANI:
        return 20 - state.strength(cards[0]) / 12
    if kind == HARDU:
        return 5
    if kind == SOKTA:
        s = cards[0].suit.number
        others = [c for c in state.order[s] if state.owner[c.index] != state.current_player]
        return 60 if not others else -50
    if kind == UTARI:
        return 10 + len(cards)
    if kind == OPEN:
        return -_value(state, cards[1])
    if kind == SWAP:
        return 5 - _value(state, cards[0]) / 4
    if kind == ASK:
        return 6 - _value(state, cards[0]) / 4
    if kind == KEEP:
        return 0
    if kind in (GIVE, RETURN, APART):
        return -_value(state, cards[0])
    if kind == ASIDE:  # unseen: no batch is better than another
        return 0
    return 0.0
