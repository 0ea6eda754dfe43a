"""The Udvasa tableau as the player lays it out: the eight build stacks in a row (the four that build up
from the 1, then the four that build down from the Raja), the eight working stacks below them, numbered
1 to 8, each shown from its bottom card down to its top card (the one in play, last and marked), and the
stock.

>>> from engine.registry import get_game
>>> pic = state_picture(get_game("udvasa").start(3))
>>> pic.alt.startswith("Udvasa. Build stacks, up from the 1: 1 of Safed")
True
"""

from __future__ import annotations

from ...draw.cards import card_name, card_picture
from ...draw.svg import Picture, element, place, sub, text

SIZE = 34  # a card, px
GAP = 5
SHOWN = 5  # cards shown of a long stack (its top ones)
# cards of a stack overlap: each shows its upper part, rank and suit code whole (the code's foot is at 0.81 of the
# card, and the card above's halo reaches its own top edge), the top card whole
STEP = SIZE * 0.84


def state_picture(state, *, names=None) -> Picture:
    game = state.game
    body = element("g", class_="udvasa")
    up = game.up_flags
    tops = state.build_tops()
    order = [s for s in range(8) if up[s]] + [s for s in range(8) if not up[s]]
    pitch = SIZE + GAP
    width = 8 * pitch + 70
    text(body, 0, 12, "Build stacks", 12, anchor="start", class_="label")
    text(body, 0, 26, "up from the 1", 11, anchor="start", class_="label")
    text(body, 4 * pitch + 6, 26, "down from the Raja", 11, anchor="start", class_="label")
    top = 32  # the build stacks' cards
    for i, s in enumerate(order):
        x = i * pitch + (6 if i >= 4 else 0)
        place(body, card_picture(tops[s], size=SIZE), x, top)
    y0 = top + SIZE + 22
    text(body, 0, y0 - 6, "Working stacks", 12, anchor="start", class_="label")
    tallest = 0.0
    alts = []
    for i, stack in enumerate(state.stacks):
        x = i * pitch + (6 if i >= 4 else 0)
        badge = 8
        sub(body, "circle", cx=x + SIZE / 2, cy=y0 + badge, r=badge, fill="#333333", class_="badge")
        text(body, x + SIZE / 2, y0 + badge + 4, str(i + 1), 11, fill="#ffffff", class_="number")
        y = y0 + 2 * badge + 4
        shown = stack[-SHOWN:]
        if len(stack) > SHOWN:
            text(body, x + SIZE / 2, y + 10, f"+{len(stack) - SHOWN}", 11, class_="more")
            y += 14
        if not stack:
            sub(body, "circle", cx=x + SIZE / 2, cy=y + SIZE / 2, r=SIZE * 0.42, fill="none", stroke="#999999",
                stroke_width=1.5, stroke_dasharray="4 3", class_="empty")
            y += SIZE
        for j, card in enumerate(shown):
            last = j == len(shown) - 1
            place(body, card_picture(card, size=SIZE, highlight=last), x, y)
            y += SIZE if last else STEP
        tallest = max(tallest, y)
        what = ", ".join(card_name(c) for c in stack) if stack else "empty"
        alts.append(f"stack {i + 1} (bottom to top): {what}")
    stock = len(state.stock)
    sx = 8 * pitch + 14
    if stock:
        place(body, card_picture(None, size=SIZE), sx, top)
    text(body, sx, top + SIZE + 13, "Stock", 12, anchor="start", class_="label")
    text(body, sx, top + SIZE + 27, f"{stock} card{'s' if stock != 1 else ''}", 11, anchor="start", class_="stock")
    ups = ", ".join(card_name(tops[s]) for s in order[:4])
    downs = ", ".join(card_name(tops[s]) for s in order[4:])
    alt = (f"Udvasa. Build stacks, up from the 1: {ups}; down from the Raja: {downs}. Working stacks: "
           + "; ".join(alts) + f". Stock: {stock} card{'s' if stock != 1 else ''}")
    return Picture(body, width, max(tallest, top + SIZE + 30), alt)
