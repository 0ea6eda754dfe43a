"""The Kendra Kari table: six positions on a ring and Position 7 in the centre.

Position 1 is at the top and the numbers run in the direction of play. Dashed lines
join the opposite pairs 1-4, 2-5 and 3-6 through the centre; the last card played
glows and an arrow points to the position the next card goes to.

>>> from engine import Card
>>> tops = [Card.parse("7Sh"), None, None, None, None, None, Card.parse("RTa")]
>>> ring_picture(tops, last=1).alt
'Ring, numbered clockwise: Position 1 7 of Shamsher, Position 2 empty, Position 3 empty, \
Position 4 empty, Position 5 empty, Position 6 empty, Position 7 (centre) Raja of Taj; \
the last card is on Position 1; the next card goes to Position 2'
>>> next_position(6), next_position(7), next_position(None)
(1, 1, None)
"""

from __future__ import annotations

import math
from typing import Sequence

from ...cards import Card
from ...draw.cards import card_name, card_picture
from ...draw.layouts import GAP, hand_picture
from ...draw.svg import Picture, element, estimate_width, num, path, place, sub, text

OPPOSITE = {1: 4, 2: 5, 3: 6, 4: 1, 5: 2, 6: 3}
ARROW = "#b86e00"
MATCH = "#1f6fd1"


def next_position(last: int | None) -> int | None:
    """Where the next ordinary card goes: round the ring after 1..6, to Position 1 after the centre."""
    if last is None:
        return None
    return 1 if last == 7 else last % 6 + 1


def _angle(position: int, direction: str) -> float:
    step = 60 if direction == "clockwise" else -60
    return math.radians(-90 + step * (position - 1))


def ring_picture(tops: Sequence[Card | None], *, last: int | None = None, highlight: Sequence[int] = (),
                 direction: str = "clockwise", size: float = 300, caption: str | None = None) -> Picture:
    """The seven positions from plain data: ``tops[i]`` is the top card of Position ``i + 1`` or ``None``."""
    if len(tops) != 7:
        raise ValueError(f"a Kendra Kari ring has 7 positions, got {len(tops)} tops")
    if direction not in ("clockwise", "anticlockwise"):
        raise ValueError(f"direction must be 'clockwise' or 'anticlockwise', not {direction!r}")
    if last is not None and last not in range(1, 8):
        raise ValueError(f"last must be a position 1..7 or None, not {last!r}")
    c, radius, card = size / 2, size * 0.3, size * 0.22
    disc = card * 0.45
    centres = {p: (c + radius * math.cos(_angle(p, direction)), c + radius * math.sin(_angle(p, direction)))
               for p in range(1, 7)}
    centres[7] = (c, c)
    body = element("g", class_="ring")
    for a in (1, 2, 3):
        (x1, y1), (x2, y2) = centres[a], centres[OPPOSITE[a]]
        sub(body, "path", d=path("M", x1, y1, "L", x2, y2), stroke="#8a8a8a", stroke_width=size * 0.006,
            stroke_dasharray=f"{num(size * 0.02)} {num(size * 0.015)}", class_="pair", data_pair=f"{a}-{OPPOSITE[a]}")
    badge = size * 0.036
    for p in range(1, 8):
        x, y = centres[p]
        group = sub(body, "g", class_="position", data_position=p)
        top = tops[p - 1]
        if top is None:
            sub(group, "circle", cx=x, cy=y, r=disc, fill="#fbfbfb", stroke="#9a9a9a", stroke_width=size * 0.006,
                stroke_dasharray=f"{num(size * 0.015)} {num(size * 0.012)}", class_="empty")
        else:
            glow = "#f2a900" if p == last else (MATCH if p in highlight else False)
            place(group, card_picture(top, size=card, highlight=glow), x - card / 2, y - card / 2)
        if p < 7:
            angle = _angle(p, direction)
            bx, by = x + (disc + badge * 0.9) * math.cos(angle), y + (disc + badge * 0.9) * math.sin(angle)
        else:  # the centre's number sits on its upper-left rim
            bx, by = x - (disc + badge * 0.2) * 0.7071, y - (disc + badge * 0.2) * 0.7071
        sub(group, "circle", cx=bx, cy=by, r=badge, fill="#333333", class_="badge")
        text(group, bx, by + badge * 0.42, str(p), badge * 1.2, fill="#ffffff", class_="number")
    following = next_position(last)
    if following is not None:
        body.append(_arrow(last, following, centres, direction, disc, size))
    height = size
    if caption:
        text(body, c, size + 14, caption, 13, class_="caption", max_width=size)
        height = size + 20
    parts = []
    for p in range(1, 8):
        name = "Position 7 (centre)" if p == 7 else f"Position {p}"
        parts.append(f"{name} {card_name(tops[p - 1]) if tops[p - 1] is not None else 'empty'}")
    alt = f"Ring, numbered {direction}: " + ", ".join(parts)
    if last is not None:
        alt += f"; the last card is on Position {last}; the next card goes to Position {following}"
    if highlight:
        alt += "; marked: " + ", ".join(f"Position {p}" for p in highlight)
    if caption:
        alt += f". {caption}"
    return Picture(body, size, height, alt)


def _arrow(last: int, following: int, centres, direction: str, disc: float, size: float):
    """A curved arrow along the ring from ``last`` to ``following`` (straight out of the centre)."""
    width = size * 0.012
    head = size * 0.03
    group = element("g", class_="next", data_next=following)
    if last == 7:
        (x1, y1), (x2, y2) = centres[7], centres[following]
        length = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        sx, sy = x1 + ux * (disc + 3), y1 + uy * (disc + 3)
        ex, ey = x2 - ux * (disc + 3), y2 - uy * (disc + 3)
        sub(group, "path", d=path("M", sx, sy, "L", ex - ux * head * 0.6, ey - uy * head * 0.6),
            stroke=ARROW, stroke_width=width, fill="none")
    else:
        radius = size * 0.3
        c = size / 2
        sign = 1 if direction == "clockwise" else -1
        gap = 2 * math.asin((disc + 4) / (2 * radius))
        a1 = _angle(last, direction) + sign * gap
        a2 = _angle(following, direction) - sign * gap
        sx, sy = c + radius * math.cos(a1), c + radius * math.sin(a1)
        ex, ey = c + radius * math.cos(a2), c + radius * math.sin(a2)
        ux, uy = -math.sin(a2) * sign, math.cos(a2) * sign  # tangent at the end, in the direction of play
        sweep = 1 if sign == 1 else 0
        bx, by = ex - ux * head * 0.6, ey - uy * head * 0.6
        sub(group, "path", d=path("M", sx, sy, "A", radius, radius, 0, 0, sweep, bx, by),
            stroke=ARROW, stroke_width=width, fill="none", stroke_linecap="round")
    # the head: a triangle pointing along (ux, uy) with its tip at (ex, ey)
    px, py = -uy, ux
    sub(group, "path", d=path("M", ex, ey, "L", ex - ux * head + px * head * 0.55, ey - uy * head + py * head * 0.55,
                              "L", ex - ux * head - px * head * 0.55, ey - uy * head - py * head * 0.55, "Z"),
        fill=ARROW)
    return group


RING_SIZE = 200  # the ring's cards are 44 px, its position numbers 8.6 px (6.5 pt in print)
HAND_SIZE, HAND_PER_ROW = 32, 6  # the hands in a column beside the ring: 6 cards = 207 px
HANDS_X = RING_SIZE + 12  # ring, gap, hands: 419 px, inside PRINT_WIDTH


def state_picture(state, *, viewer: int | None = None, names=None) -> Picture:
    """A Kendra Kari position: the ring with the stock under it, and the hands in a column beside
    the ring (others' hands as backs for ``viewer``), drawn to print unshrunk on an A5 page and to
    take about a third of it (a table of six, or long hands, takes more)."""
    game = state.game
    ring = ring_picture(state.ring_tops(), last=state.last_position, direction=game.direction, size=RING_SIZE)
    body = element("g", class_="kendra-kari")
    place(body, ring, 0, 0)
    stock = len(state.stock)
    sy = ring.height + 6
    if stock:
        place(body, card_picture(None, size=HAND_SIZE), 8, sy)
    text(body, 8 + HAND_SIZE + 8, sy + 13, "Stock", 13, anchor="start", class_="label")
    text(body, 8 + HAND_SIZE + 8, sy + 29, f"{stock} card{'s' if stock != 1 else ''}", 12, anchor="start",
         class_="stock")
    left_height = sy + HAND_SIZE
    alts = [ring.alt, f"stock: {stock} card{'s' if stock != 1 else ''}"]
    y, width = 0.0, float(RING_SIZE)
    for seat, hand in enumerate(state.hands):
        label = (names[seat] if names else f"Player {seat + 1}") + (" (to play)" if seat == state.current_player else "")
        hidden = viewer is not None and seat != viewer
        pic = hand_picture(list(hand), label=label, size=HAND_SIZE, per_row=HAND_PER_ROW, face_down=hidden)
        place(body, pic, HANDS_X, y)
        alts.append(pic.alt)
        width = max(width, HANDS_X + pic.width, HANDS_X + estimate_width(label, 13))
        y += pic.height + 8
    return Picture(body, width, max(left_height, y - 8), "Kendra Kari. " + ". ".join(alts))


def ring_svg(tops: Sequence[Card | None], *, last: int | None = None, highlight: Sequence[int] = (),
             direction: str = "clockwise", size: float = 300, caption: str | None = None):
    """The Kendra Kari ring from plain data as a standalone ``<svg>``: ``tops`` is 7 x (Card or None)
    for Positions 1..7 (7 = centre)."""
    from ...draw.svg import document

    return document(ring_picture(tops, last=last, highlight=highlight, direction=direction, size=size,
                                 caption=caption))
