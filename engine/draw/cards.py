"""One round card: a tinted disc ringed in the suit colour, the suit's sign, the rank and the suit's code.

Everything stays inside the rim: the sign at the top, the rank in the middle and the suit's two-letter code
(``Ta``, ``Vr``) under it, the rank and code at 8 pt or more in print (issue 19 asked for 7 pt, issue 30 for
8 pt), so a card drawn 32 px wide (8.5 mm in print) still carries them. The sign takes the room they leave
(:func:`face_layout`): on the deck sheets' and hands' cards (44 px and more) it prints 2.5 mm tall or more
(issue 41; about 1 mm before). A back is a pale disc latticed in slate, with no text: no face looks like it,
not even a dark suit's (Safed, Kalki), whose dark ring once read as the old dark back.

Courts get a second, solid inner ring; pip cards of weak-group suits (whose pips rank
1 high .. 10 low) get a dashed inner ring, so readers learn to spot the reversed order.

>>> from engine import Card
>>> pic = card_picture(Card.parse("RSh"))
>>> pic.alt, pic.width
('Raja of Shamsher', 64)
>>> rank_label(Card.parse("10Ba")), card_label(Card.parse("10Ba").suit), suit_label(Card.parse("10Ba").suit)
('10', 'Ba', 'Barat')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from ..cards import COURT_LABELS, Card, Suit
from ..decks import DECKS
from .measure import ASCENT, DESCENDERS
from .svg import Picture, element, num, path, place, sub, text, translate

# a back: a pale disc ringed and latticed in slate, no text; no suit is drawn so (a face is a tinted disc
# with a rank and code, and a dark suit, Safed or Kalki, has a dark ring: a back must not be told by darkness)
BACK_GROUND, BACK_LINES = "#e4e9f2", "#4a5d80"
HALO = "#f2a900"
RING = 0.07  # the face's ring (and the back's), a share of the card's box
MIN_CARD = 32  # the smallest card whose rank and suit code reach 8 pt (10.67 px) printed at full size
MIN_LABEL = 32 / 3  # px: 8 pt printed at full size, the smallest rank and code on any card (issues 19, 30)
LABEL_SHARE = 0.24  # a larger card's rank and code grow with it, at this share of the box
MIN_SIGN_MM = 2.5  # a card of SIGN_CARD px or more prints its sign this tall at full size (issue 41)
SIGN_CARD = 44  # the deck sheets' and hands' cards; a trick game's smaller cards (32-38 px) cannot hold it
MM_PER_PX = 25.4 / 96
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}


@dataclass(frozen=True)
class Face:
    """Where a card's face puts its labels and sign, in px below the card's centre (baselines for text)."""

    label: float  # the rank's and the code's font size
    rank_y: float
    code_y: float
    code_width: float  # a wider code is squeezed to this
    low_code_y: float  # a code reaching below the line (Qi, Sp): its baseline, a little higher, and its width
    low_code_width: float
    sign_y: float  # the sign's centre
    sign: float  # the sign's drawn height (its 20-unit box)


@lru_cache(maxsize=None)
def face_layout(size: float) -> Face:
    """The face of a ``size`` px card: the rank and code at 8 pt or more (``LABEL_SHARE`` of a large card), the
    code as low as the rim lets it sit, the rank just above it, and the sign as large as fits above the rank.

    Stacked so inside a circle, the sign has room only when the labels leave it some: on a 44 px card it
    prints 2.5 mm tall or more (the old fixed shares drew it 0.08 of the card: under 1.2 mm on any card used);
    on a trick game's 32 px card, whose 8 pt labels fill the face, it stays a small mark.

    >>> f = face_layout(56)
    >>> round(f.label, 2), round(f.sign * MM_PER_PX, 2) >= MIN_SIGN_MM
    (13.44, True)
    """
    inner = size * (0.41 - RING / 2) - 0.05  # the face inside the ring (a hair less: rounding to 0.01 px)
    label = max(MIN_LABEL, LABEL_SHARE * size)
    gap = 0.02 * size  # between the rank's baseline and the code's top
    code_width = 1.46 * label  # two letters (a wide one, like Vm, is squeezed a little)
    code_y = math.sqrt(inner ** 2 - (code_width / 2) ** 2) - 0.04 * label
    low_code_width = 1.1 * label  # Qi (Sp is squeezed a little)
    low_code_y = math.sqrt(inner ** 2 - (low_code_width / 2) ** 2) - 0.24 * label  # its descender inside the rim
    # the rank above both codes: clear of a code's top, or at least not below a low code's top
    rank_y = min(code_y - ASCENT * label - gap, low_code_y - ASCENT * label)
    bottom = rank_y - ASCENT * label - max(1.0, 0.03 * size)  # the lowest the sign may reach
    # the largest sign whose box, 22 units tall to hold its strokes' ends, has its top corners inside the rim
    low, high = 0.0, 0.3 * size
    for _ in range(40):
        box = (low + high) / 2
        if (box / 2) ** 2 + (bottom - box) ** 2 <= inner ** 2:
            low = box
        else:
            high = box
    return Face(label, rank_y, code_y, code_width, low_code_y, low_code_width,
                sign_y=bottom - low / 2, sign=low * 20 / 22)


def card_name(card: Card) -> str:
    """The card in prose, from its deck: ``Raja of Shamsher``."""
    return DECKS[card.suit.deck].card_name(card)


def rank_label(card: Card) -> str:
    """What is printed large on the card: the court letter or the pip number."""
    return COURT_LABELS.get(card.suit.deck, {}).get(card.rank, str(card.rank))


def suit_label(suit: Suit) -> str:
    """The suit's name, cut to five letters when long; the Naqsh pack's numbered suits read ``Suit 1``."""
    words = suit.name.split()
    if len(words) == 2 and words[1] == "suit" and words[0] in ORDINALS:
        return f"Suit {ORDINALS[words[0]]}"
    return suit.name if len(suit.name) <= 6 else suit.name[:5]


def card_label(suit: Suit) -> str:
    """What a card shows under its rank: the suit's two-letter code (the notation the book uses,
    e.g. ``Ta`` for Taj), short enough to print large inside the rim; nothing for a suit without a
    sign (the Naqsh pack's suits, which play no part in the game: their colour tells them apart)."""
    return "" if suit.sign == "none" else suit.code


def mix(colour: str, other: str, amount: float) -> str:
    """``colour`` moved ``amount`` (0..1) of the way towards ``other``; both ``#rrggbb``."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b))


def tint(colour: str) -> str:
    return mix(colour, "#ffffff", 0.84)


def ink(colour: str) -> str:
    return mix(colour, "#000000", 0.45)


# Sign marks in a 20 x 20 box centred on the origin: (kind, path data), kind "fill" or "stroke".
_COIN = (("fill", "M0 -8.5A8.5 8.5 0 1 1 0 8.5A8.5 8.5 0 1 1 0 -8.5Z"),
         ("hole", "M0 -4A4 4 0 1 1 0 4A4 4 0 1 1 0 -4Z"))
SIGNS: dict[str, tuple[tuple[str, str], ...]] = {
    "silver coin": _COIN,
    "gold coin": _COIN,
    "crown": (("fill", "M-9 7L-9 -6L-4.5 1L0 -8L4.5 1L9 -6L9 7Z"),),
    "sword": (("stroke", "M0 -9.5L0 5M-5.5 4L5.5 4M0 5L0 9.5"),),
    "slave": (("fill", "M0 -9.5A3.6 3.6 0 1 1 0 -2.3A3.6 3.6 0 1 1 0 -9.5ZM-7.5 9.5Q-7 -1 0 -1Q7 -1 7.5 9.5Z"),),
    "harp": (("stroke", "M-6 9L-6 -8Q6 -9 7 9ZM-2 -6.5L-2 9M2 -5L2 9"),),
    "merchandise": (("fill", "M0 -9L9 0L0 9L-9 0Z"), ("hole", "M0 -4.5L4.5 0L0 4.5L-4.5 0Z")),
    "bill of exchange": (("stroke", "M-8 -9L8 -9L8 9L-8 9ZM-4.5 -4L4.5 -4M-4.5 0L4.5 0M-4.5 4L2 4"),),
    "fish": (("fill", "M-9.5 0Q-2 -8 5 0Q-2 8 -9.5 0ZM4 0L10 -6L10 6Z"),),
    "tortoise": (("fill", "M-8 2A8 6.5 0 0 1 8 2ZM8 0A2.2 2.2 0 1 1 8 0.1ZM-7 2L-8.5 6L-5 6L-4 2ZM7 2L8.5 6L5 6L4 2Z"),),
    "boar": (("fill", "M-9.5 4Q-9 -6 1 -5.5L9.5 1L1 4.5L-6 8Z"), ("hole", "M4 0L7 -2")),
    "lion": (("fill", "M0 -10L2.5 -5.5L7 -7L5.5 -2.5L10 0L5.5 2.5L7 7L2.5 5.5L0 10L-2.5 5.5L-7 7L-5.5 2.5L-10 0L-5.5 -2.5L-7 -7L-2.5 -5.5Z"),
             ("hole", "M0 -3.5A3.5 3.5 0 1 1 0 3.5A3.5 3.5 0 1 1 0 -3.5Z")),
    "water pot": (("fill", "M-4 -9.5L4 -9.5L3 -5Q9.5 -2 7.5 4Q5 9.5 0 9.5Q-5 9.5 -7.5 4Q-9.5 -2 -3 -5Z"),),
    "axe": (("stroke", "M-7 9.5L5 -8"), ("fill", "M0 -9.5Q9 -10 10 -1L4.5 -3.5Z")),
    "bow and arrow": (("stroke", "M-3 -9.5Q10 0 -3 9.5ZM-9.5 0L8 0"), ("fill", "M10 0L5.5 -3L5.5 3Z")),
    "cow": (("fill", "M-5 -2Q-5 -4 0 -4Q5 -4 5 -2L3.5 7Q0 10 -3.5 7Z"),
            ("stroke", "M-4.5 -3Q-9.5 -5 -7.5 -9.5M4.5 -3Q9.5 -5 7.5 -9.5")),
    "conch": (("fill", "M-9 5Q-7 -8 3 -9.5Q10 -7 8.5 1Q7 8 -1 9.5Z"),
              ("hole", "M-2 4Q1 -5 5 -5")),
    "horse": (("fill", "M-6.5 9.5L-6.5 2Q-8 -5 -2 -8.5L-0.5 -10L1 -7.5Q7.5 -6 9 0.5L5.5 2L2 -0.5Q1.5 4.5 5 9.5Z"),),
    # the French pack's suits (a substitute pack for Naqsh)
    "spade": (("fill", "M0 -9.5Q9 -2 6 3.5Q3 6.5 1 3L2.5 9.5L-2.5 9.5L-1 3Q-3 6.5 -6 3.5Q-9 -2 0 -9.5Z"),),
    "heart": (("fill", "M0 9Q-9.5 1 -8.5 -4.5Q-7 -9.5 -2.5 -8.5Q-0.5 -8 0 -5Q0.5 -8 2.5 -8.5Q7 -9.5 8.5 -4.5Q9.5 1 0 9Z"),),
    "diamond": (("fill", "M0 -10L7 0L0 10L-7 0Z"),),
    "club": (("fill", "M0 -9.5A3.6 3.6 0 1 1 0 -2.3A3.6 3.6 0 1 1 0 -9.5ZM-4.2 -3.2A3.6 3.6 0 1 1 -4.2 4A3.6 3.6 0 1 1 "
                      "-4.2 -3.2ZM4.2 -3.2A3.6 3.6 0 1 1 4.2 4A3.6 3.6 0 1 1 4.2 -3.2ZM-1.2 0L1.2 0L2.5 9.5L-2.5 9.5Z"),),
}


def _sign_mark(parent, suit: Suit, cx: float, cy: float, scale: float, colour: str, back: str) -> None:
    if suit.sign == "none":
        return
    parts = SIGNS.get(suit.sign, (("fill", "M0 -5A5 5 0 1 1 0 5A5 5 0 1 1 0 -5Z"),))
    group = sub(parent, "g", class_="sign", transform=f"{translate(cx, cy)} scale({num(scale)})")
    for kind, data in parts:
        if kind == "fill":
            sub(group, "path", d=data, fill=colour)
        else:  # "stroke" in the suit colour, "hole" in the background tint
            sub(group, "path", d=data, fill="none", stroke=colour if kind == "stroke" else back,
                stroke_width=3, stroke_linecap="round", stroke_linejoin="round")


PEEK = 0.8  # a face-down card shown to the reader: its face at this share of the card, on the back's lattice


def _back(body, size: float, r: float, ring: float = RING) -> None:
    """A card's back: a pale disc ringed in slate and latticed corner to corner, with no text and no suit.
    Every line is a chord of the ring's inside, so no clip (and no id) is needed."""
    c = size / 2
    ring = size * ring
    sub(body, "circle", cx=c, cy=c, r=r, fill=BACK_GROUND, stroke=BACK_LINES, stroke_width=ring)
    inner = r - ring / 2
    step = size * 0.1
    lines = []
    for dx, dy in ((0.7071, 0.7071), (0.7071, -0.7071)):  # the two diagonals
        k = 0
        while k * step < inner:
            for d in ((k * step,) if k == 0 else (k * step, -k * step)):
                half = math.sqrt(inner ** 2 - d ** 2)
                x, y = c - dy * d, c + dx * d  # the chord's middle, ``d`` off the centre across the line
                lines += ["M", x - dx * half, y - dy * half, "L", x + dx * half, y + dy * half]
            k += 1
    sub(body, "path", d=path(*lines), stroke=BACK_LINES, stroke_width=size * 0.022, fill="none", class_="lattice")


def card_picture(card: Card | None, *, size: float = 64, highlight: bool | str = False,
                 face_down: bool = False, peek: bool = False) -> Picture:
    """Draw one card in a ``size`` x ``size`` box. ``card=None`` or ``face_down`` draws a back.

    ``highlight`` puts a halo round the card: ``True`` in amber, or a CSS colour. ``peek`` draws a card
    that lies face down on the table as the book's reader sees it: the face, smaller, on the back's lattice.
    """
    c = size / 2
    r = size * 0.41  # leaves room for the highlight halo inside the box
    body = element("g", class_="card")
    if highlight:
        sub(body, "circle", cx=c, cy=c, r=size * 0.5, fill=HALO if highlight is True else highlight, class_="halo")
    if card is None or face_down:
        body.set("class", "card back")
        _back(body, size, r)
        return Picture(body, size, size, "a face-down card")
    if peek:
        body.set("class", "card face-down-shown")
        _back(body, size, size * 0.48, 0.04)  # the whole box, its ring thin: the lattice shows round the face
        offset = size * (1 - PEEK) / 2
        place(body, card_picture(card, size=size * PEEK), offset, offset)
        return Picture(body, size, size, f"{card_name(card)}, face down")
    suit = card.suit
    colour = suit.colour
    back, dark = tint(colour), ink(colour)
    face = face_layout(size)
    sub(body, "circle", cx=c, cy=c, r=r, fill=back, stroke=colour, stroke_width=size * RING)
    court = card.rank > 10
    if court or suit.group == "weak":
        sub(body, "circle", cx=c, cy=c, r=size * 0.355, fill="none", stroke=colour,
            stroke_width=size * (0.018 if court else 0.014), stroke_dasharray=None if court else num(size * 0.035),
            class_="court" if court else "weak")
    code = card_label(suit)
    if face.sign >= 1:  # no room for the sign (a face shown small inside a back): none, not one scaled to
        _sign_mark(body, suit, c, c + face.sign_y, face.sign / 20, colour, back)  # 0, which WeasyPrint draws huge
    rank_y = c + face.rank_y if code else c + 0.38 * face.label  # alone, the rank sits in the middle
    text(body, c, rank_y, rank_label(card), face.label, fill=dark, class_="rank")
    if code:
        low = bool(set(code) & DESCENDERS)
        text(body, c, c + (face.low_code_y if low else face.code_y), code, face.label, fill=dark,
             max_width=face.low_code_width if low else face.code_width, class_="suit")
    return Picture(body, size, size, card_name(card))
