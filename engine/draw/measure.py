"""Measure a drawn picture's text: its size, its box, and whether it stays inside its card's rim.

The pictures use only ``translate`` (and a ``scale`` on sign marks, which hold no text), so a
text's size in the picture is its ``font-size``. Boxes come from :func:`~engine.draw.svg.estimate_width`
(a generous bold sans-serif width) and a cap height / descent guess; ``textLength`` wins when set.

>>> from engine import Card
>>> from engine.draw import card_svg
>>> [(t.text, t.size, t.fits) for t in text_boxes(card_svg(Card.parse("10Vm"), size=32))]
[('10', 10.67, True), ('Vm', 10.67, True)]
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Iterator
from xml.etree.ElementTree import Element

from .svg import estimate_width

ASCENT, DESCENT = 0.76, 0.24  # of the font size: the tallest capital, the deepest descender
DESCENDERS = set("gjpqyQ,;()")  # letters that reach below the line (the card face keeps them off the rim)
_TRANSLATE = re.compile(r"translate\(([-\d.]+)[ ,]+([-\d.]+)\)")


@dataclass(frozen=True)
class TextBox:
    """One ``<text>``: its content, font size (px), box ``(x0, y0, x1, y1)`` in picture coordinates,
    and for text on a card the card's centre and the inner radius of its rim."""

    text: str
    size: float
    box: tuple[float, float, float, float]
    card: tuple[float, float, float] | None = None

    @property
    def fits(self) -> bool:
        """Text off a card always fits; text on a card must have every corner inside the rim."""
        if self.card is None:
            return True
        cx, cy, r = self.card
        x0, y0, x1, y1 = self.box
        return all(math.hypot(x - cx, y - cy) <= r for x in (x0, x1) for y in (y0, y1))


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _offset(node: Element) -> tuple[float, float]:
    m = _TRANSLATE.search(node.get("transform") or "")
    return (float(m.group(1)), float(m.group(2))) if m else (0.0, 0.0)


def _rim(card: Element, dx: float, dy: float) -> tuple[float, float, float] | None:
    """The face circle of a card group (the first circle that is not the halo): centre and inner radius."""
    for child in card:
        if _local(child.tag) == "circle" and "halo" not in (child.get("class") or ""):
            r = float(child.get("r")) - float(child.get("stroke-width") or 0) / 2
            return dx + float(child.get("cx")), dy + float(child.get("cy")), r
    return None


def text_boxes(root: Element) -> Iterator[TextBox]:
    """Every ``<text>`` in the picture, with its box and (on a card) the card's rim."""
    def walk(node: Element, dx: float, dy: float, card):
        for child in node:
            tag = _local(child.tag)
            ox, oy = _offset(child)
            x, y = dx + ox, dy + oy
            if tag == "text" and child.text:
                size = float(child.get("font-size"))
                width = float(child.get("textLength") or estimate_width(child.text, size))
                tx, ty = x + float(child.get("x") or 0), y + float(child.get("y") or 0)
                anchor = child.get("text-anchor") or "start"
                left = tx - width / 2 if anchor == "middle" else tx - width if anchor == "end" else tx
                low = DESCENT if set(child.text) & DESCENDERS else 0.04
                yield TextBox(child.text, size, (left, ty - ASCENT * size, left + width, ty + low * size), card)
            elif tag == "g":
                inner = _rim(child, x, y) if "card" in (child.get("class") or "").split() else card
                yield from walk(child, x, y, inner)

    yield from walk(root, 0.0, 0.0, None)
