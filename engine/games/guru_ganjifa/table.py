"""The Guru Ganjifa table as numbers: what each player still owes the trick in progress, and the turn order.

The bottom of the game's folder: the constants and small rule helpers the state and its parts share
(:mod:`.hands` and the parts stand on it; nothing here imports them). A player owes the trick
cards of any suit [gg.follow], the called card [gg.called, gg.no-unbeatable], or, as the giver of a
doubled Deni, a card of the shown card's suit [gg.double]. Seats play in seat order [gg.direction].
"""

from __future__ import annotations

from functools import lru_cache

# what the players still owe the current trick
FREE, CALLED, SUIT = 0, 1, 2


@lru_cache(maxsize=None)
def others(n: int) -> tuple[tuple[int, ...], ...]:
    """Per seat: the other seats in turn order, starting with the next."""
    return tuple(tuple((seat + i) % n for i in range(1, n)) for seat in range(n))
