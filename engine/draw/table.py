"""The table as a game starts, seen from above: the "What you need" picture that opens each chapter.

A round table with the players' names round it in the order of play, the dealer at the bottom with
a "dealer" mark, an arrow from the dealer to the first player (the direction of play), each
player's cards as the game's ``SEAT_CARDS`` say (a held hand, or cards lying face down or face up),
counters staked before the deal, and in the middle what ``TABLE_LAYOUT`` lays there (a face-down
stock, a face-up card, a pot). A face-down card is always drawn as the card's back; a face-up card
shows the card the game's example deal puts there. Sized for the A5 page: about 290 px wide (two
thirds of the text width), names at 12 px and every other word at 10 px (7.5 pt in print).

>>> from engine.registry import game_class
>>> pic = table_picture(game_class("kendra-kari")(), ("Asha", "Bela", "Chitra", "Dev"))
>>> pic.alt.split(". ")[1]
'Seated in the order of play, clockwise: Asha, Bela, Chitra and Dev'
>>> pic.width < 300
True
"""

from __future__ import annotations

import math
from typing import Sequence

from ..protocol import Game
from .cards import card_name, card_picture
from .svg import Picture, element, estimate_width, path, place, sub, text

TABLE_R = 92  # the table's radius, px
NAME, SMALL = 12, 10  # names; every other word (7.5 pt printed at full size)
BACK, FACE = 24, 38  # a card lying face down (no text on it); a face-up card (its label 9.5 px)
TABLE_FILL, TABLE_EDGE = "#efe4cf", "#a88a5c"
DEALER_FILL, ARROW = "#f2a900", "#8a5a00"
COUNTER_FILL, COUNTER_EDGE = "#e3b23c", "#8a5a00"
MARGIN = 4


def _join(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _counters(parent, x: float, y: float, count: int, r: float = 6) -> None:
    """A little heap of counters centred on ``(x, y)``."""
    spots = [(0, 0), (-1.5, 0.4), (1.5, 0.4), (-0.75, -1.1), (0.75, -1.1)][:count]
    for dx, dy in spots:
        sub(parent, "circle", cx=x + dx * r, cy=y + dy * r, r=r, fill=COUNTER_FILL, stroke=COUNTER_EDGE,
            stroke_width=1.2, class_="counter")


def _seat_items(game: Game, hand: Sequence) -> tuple[list[tuple[str, object]], list[str]]:
    """What lies before one player: ``(kind, card)`` for each card drawn, and the words for the alt text."""
    items, words = [], []
    held = 0
    for k, kind in enumerate(game.SEAT_CARDS):
        if kind == "hand":
            held += 1
            items += [("back-fan", None)] * 3
        elif kind in ("face-down", "face-up"):
            items.append((kind, hand[k] if kind == "face-up" and k < len(hand) else None))
    downs = sum(1 for kind, _ in items if kind == "face-down")
    ups = [card for kind, card in items if kind == "face-up"]
    if held:
        words.append("a hand of cards, held so the others see only their backs")
    if downs:
        words.append("one card lying face down" if downs == 1 else f"{downs} cards lying face down")
    words += [f"the {card_name(c)} face up" for c in ups if c is not None]
    return items, words


def table_picture(game: Game, names: Sequence[str]) -> Picture:
    """The table at the start of play for ``game`` (its players, dealer, direction and layout)."""
    n = game.players
    names = list(names[:n])
    dealer = game.dealer_seat()
    direction = game.direction_of_play()
    sign = 1 if direction == "clockwise" else -1  # on the page (y down) a growing angle turns clockwise
    deal = game.deal(0)  # the example deal whose face-up cards the picture shows
    name_w = max(estimate_width(name, NAME) for name in names)
    half = TABLE_R + 8 + name_w  # the dealer sits at the bottom, so only names stick out at the sides
    width = 2 * half + 2 * MARGIN
    top_room = NAME + 10
    bottom_room = NAME + SMALL + 18  # the dealer sits at the bottom: name and mark
    cx, cy = width / 2, MARGIN + top_room + TABLE_R
    height = cy + TABLE_R + bottom_room + MARGIN
    body = element("g", class_="table-picture")
    sub(body, "circle", cx=cx, cy=cy, r=TABLE_R, fill=TABLE_FILL, stroke=TABLE_EDGE, stroke_width=2.5, class_="table")

    def angle(seat: int) -> float:
        return math.pi / 2 + sign * ((seat - dealer) % n) * 2 * math.pi / n

    has_face = any(kind == "face-up" for kind in game.SEAT_CARDS)
    ring = TABLE_R - (FACE / 2 + 13 if has_face else BACK / 2 + 10)  # where each player's cards lie, inside the arrow
    about: list[str] = []
    for seat in range(n):
        a = angle(seat)
        ca, sa = math.cos(a), math.sin(a)
        group = sub(body, "g", class_="seat dealer" if seat == dealer else "seat")
        # the name just outside the rim, pushed outwards on the sides
        r = TABLE_R + 7
        nx, ny = cx + r * ca, cy + r * sa
        anchor = "start" if ca > 0.35 else "end" if ca < -0.35 else "middle"
        base = ny + NAME * 0.85 if sa > 0.35 else ny - 2 if sa < -0.35 else ny + NAME * 0.35
        text(group, nx, base, names[seat], NAME, anchor=anchor, class_="name")
        if seat == dealer and n > 1:  # a patience has no dealer to mark
            w = estimate_width("dealer", SMALL) + 8
            left = nx - w / 2 if anchor == "middle" else nx if anchor == "start" else nx - w
            sub(group, "rect", x=left, y=base + 4, width=w, height=SMALL + 5, rx=(SMALL + 5) / 2,
                fill=DEALER_FILL, class_="dealer-mark")
            text(group, left + w / 2, base + 4 + SMALL + 0.5, "dealer", SMALL, fill="#1a1a1a", class_="dealer-label")
        # the cards before the player, along the rim
        items, words = _seat_items(game, deal.hands[seat] if seat < len(deal.hands) else ())
        sizes = [FACE if kind == "face-up" else BACK for kind, _ in items]
        steps = [BACK * 0.42 if kind == "back-fan" else s + 3 for (kind, _), s in zip(items, sizes)]
        span = sum(steps[:-1]) if items else 0
        tx, ty = -sa, ca  # along the rim
        pos = -span / 2
        for (kind, card), size, step in zip(items, sizes, steps):
            x, y = cx + ring * ca + pos * tx, cy + ring * sa + pos * ty
            pic = card_picture(card, size=size, face_down=kind != "face-up" or card is None)
            place(group, pic, x - size / 2, y - size / 2)
            pos += step
        if "bet" in game.SEAT_CARDS and seat != dealer:
            rb = ring - (FACE if has_face else BACK) / 2 - 12
            _counters(group, cx + rb * ca, cy + rb * sa, 2)
            words.append("counters bet")
        about.append(f"{names[seat]}: " + (_join(words) if words else "no cards yet"))

    # the arrow from the dealer to the first player: the direction of play (none for a player alone)
    first = (dealer + 1) % n
    if n > 1:  # a player alone (a patience) has no turn to pass on
        a0, a1 = angle(dealer) + sign * 0.22, angle(first) - sign * 0.22
        if n == 2:
            a1 = angle(dealer) + sign * (math.pi - 0.22)
        ra = TABLE_R - 6
        x0, y0 = cx + ra * math.cos(a0), cy + ra * math.sin(a0)
        x1, y1 = cx + ra * math.cos(a1), cy + ra * math.sin(a1)
        large = 1 if abs(a1 - a0) > math.pi else 0
        sweep = 1 if sign > 0 else 0
        sub(body, "path", d=path("M", x0, y0, "A", ra, ra, 0, large, sweep, x1, y1),
            fill="none", stroke=ARROW, stroke_width=2.2, class_="direction")
        tangent = a1 + sign * math.pi / 2  # the way the arc runs at its end
        hx, hy = math.cos(tangent), math.sin(tangent)
        px, py = -hy, hx
        sub(body, "path", d=path("M", x1 + hx * 7, y1 + hy * 7, "L", x1 - hx * 2 + px * 5, y1 - hy * 2 + py * 5,
                                 "L", x1 - hx * 2 - px * 5, y1 - hy * 2 - py * 5, "Z"),
            fill=ARROW, class_="direction-head")

    # the middle of the table
    middle: list[str] = []
    spots = []
    for spot in game.TABLE_LAYOUT:
        w = max(estimate_width(spot.label, SMALL), FACE if spot.kind == "face-up" else 40)
        spots.append((spot, w))
    total = sum(w for _, w in spots) + 12 * max(0, len(spots) - 1)
    x = cx - total / 2
    for spot, w in spots:
        mx, my = x + w / 2, cy - 6
        group = sub(body, "g", class_="middle " + spot.kind)
        if spot.kind == "face-down":
            for k in range(3):
                place(group, card_picture(None, size=34), mx - 17 - 2 + 2 * k, my - 17 - 2 + 2 * k)
            middle.append(f"the {spot.label}, a pile face down")
        elif spot.kind == "face-up":
            pile = deal.pile(spot.pile) if spot.pile else ()
            card = pile[0] if pile else None
            place(group, card_picture(card, size=FACE, face_down=card is None), mx - FACE / 2, my - FACE / 2)
            middle.append(f"the {card_name(card)} face up on {spot.label}" if card is not None
                          else f"a card on {spot.label}")
        else:  # a pot of counters: one for each player (each pays one in), up to the five a heap shows
            _counters(group, mx, my, min(n, 5), r=7)
            middle.append(f"the {spot.label} of counters")
        text(group, mx, my + 19 + SMALL, spot.label, SMALL, class_="middle-label")
        x += w + 12

    order = "clockwise" if sign > 0 else "anticlockwise"
    seated = (f"{names[0]} alone at the table, seen from above. " if n == 1 else
              f"A round table seen from above. Seated in the order of play, {order}: {_join(names)}. "
              f"{names[dealer]} deals. The arrow shows the way play goes, from {names[dealer]} to {names[first]}. ")
    alt = seated + ". ".join(about) + "." + (f" In the middle: {_join(middle)}." if middle else "")
    return Picture(body, width, height, alt)
