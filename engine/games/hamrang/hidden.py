"""Hamrang's hands dealt afresh for one seat (``HRState.sample_hidden``): the other hands' cards pooled and dealt
back, keeping what the table knows of who is still in."""

from __future__ import annotations

from operator import attrgetter

from ...families.hidden import redeal
from .ranks import _COURTS, _SIZE, PLACED

COURTS = frozenset(_COURTS)
_index = attrgetter("index")


def redealt(state, player: int, seed: int | str) -> tuple[list, list[int]]:
    """The hands (suit by suit, as the state keeps them) and their court counts with the other hands dealt afresh.

    Kept: ``player``'s hand, every hand's size, the trick, the cards played and who is still in. What the table
    infers from who is in is kept too: a player out holds no court card, and one still in who has not played
    to this trick holds at least one. (Who failed to follow a suit is not used.)"""
    hands = state.hands
    seats_in, played = state.still_in, {seat for seat, _ in state.trick}

    def holds_courts(dealt) -> bool:
        return all(any(c.index in COURTS for c in h) for p, h in enumerate(dealt)
                   if seats_in[p] and p not in played and p != player)

    dealt = redeal(hands, set(hands[player]), seed, key=_index,
                   allowed=lambda p, c: seats_in[p] or c.index not in COURTS, accept=holds_courts)
    owner = [-1] * _SIZE
    for seat, hand in enumerate(dealt):
        for card in hand:
            owner[card.index] = seat
    filled: list = [[[], [], [], [], [], [], [], []] for _ in dealt]
    for i, s, card in PLACED[state.game.ranking]:
        if owner[i] >= 0:
            filled[owner[i]][s].append(card)
    return filled, [sum(1 for c in h if c.index in COURTS) for h in dealt]
