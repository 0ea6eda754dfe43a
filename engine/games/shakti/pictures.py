"""The Shakti table: each player's hand with their discard pile beside it, and the deck's size.

A pile is drawn as its top card (the only one anyone sees) with the number of cards in it.

>>> from engine.games.shakti import Shakti
>>> state = Shakti().start(7)
>>> pic = state_picture(state, names=["Asha", "Bela", "Chitra", "Dev"])
>>> pic.alt.split(". ")[0]
'Asha (to play): 5 of Safed, 10 of Safed, Raja of Safed, 4 of Shamsher, 9 of Ghulam, 1 of Surkh, 7 of Surkh, 7 of Chang'
>>> pic.alt.split(". ")[1]
"Asha's pile, 1 card: 8 of Taj on top"
"""

from __future__ import annotations

from ...cards import Card
from ...draw.layouts import GAP, hand_picture
from ...draw.svg import Picture, element, estimate_width, place, text
from ...protocol import CHANCE

SIZE = 34
PER_ROW = 8


def state_picture(state, *, viewer=None, names=None) -> Picture:
    """Each hand (face down but for ``viewer``'s, when given) and its pile's top card; the deck's size below."""
    names = list(names) if names else [f"Player {i + 1}" for i in range(state.players)]
    body = element("g", class_="shakti")
    alts = []
    y = 0.0
    hand_width = PER_ROW * (SIZE + GAP) - GAP
    mover = state._seat if state.current_player == CHANCE else state.current_player
    hands = state.hands
    piles = state.piles
    width = 0.0
    for seat, hand in enumerate(hands):
        # while chance acts first (the deck made again), the player it acts for plays next, not now
        label = names[seat] + (" (to play)" if seat == state.current_player else " (plays next)" if seat == mover else "")
        order = sorted(hand, key=_order)
        pic = hand_picture(order, label=label, size=SIZE, per_row=PER_ROW,
                           face_down=viewer is not None and seat != viewer)
        place(body, pic, 0, y)
        pile = piles[seat]
        count = f"{len(pile)} card" + ("s" if len(pile) != 1 else "")
        top = [pile[-1]] if pile else []
        ppic = hand_picture(top, label=f"pile: {count}", size=SIZE, per_row=1)
        x = hand_width + 16
        spot = place(body, ppic, x, y)
        spot.set("data-spot", f"pile-{seat + 1}")  # where a play page lets a card be put by a click
        width = max(width, x + max(ppic.width, estimate_width(f"pile: {count}", 13)))
        alts.append(pic.alt)
        alts.append(f"{names[seat]}'s pile, {count}" + (f": {_name(pile[-1])} on top" if pile else ", empty"))
        y += max(pic.height, ppic.height) + 8
    n = len(state._deck)
    deck = "Stock: empty" if not n else f"Stock: {n} card" + ("s" if n != 1 else "")
    text(body, 0, y + 10, deck, 12, anchor="start", class_="label")
    alts.append(deck)
    return Picture(body, width, y + 14, ". ".join(alts))


def _order(card: Card):
    from ...decks import MUGHAL

    return (MUGHAL.suits.index(card.suit), card.rank)


def _name(card: Card) -> str:
    from ...decks import MUGHAL

    return MUGHAL.card_name(card)
