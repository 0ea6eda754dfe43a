"""Tiny helpers over :mod:`xml.etree.ElementTree` for deterministic SVG.

Numbers are written with at most two decimals and no trailing zeros; attributes keep
the order they were given in; nothing carries a random id. So the same picture is
always the same bytes.

>>> to_string(element("circle", cx=1.0, cy=2.5, r=1 / 3, stroke_width=0.5))
'<circle cx="1" cy="2.5" r="0.33" stroke-width="0.5" />'
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "'Noto Sans', 'DejaVu Sans', sans-serif"
# Print size: a picture up to PRINT_WIDTH px wide prints at 1 px = 1/96 inch on the A5 page (the
# text block is 116 mm = 438 px), so MIN_TEXT px is 6 pt there. Whole-table pictures are drawn to
# fit this width, so that their smallest text is printed at 6 pt or more.
PRINT_WIDTH = 420
MIN_TEXT = 8


def num(x: float) -> str:
    """A number as SVG text: at most two decimals, no ``-0``, no trailing zeros."""
    if isinstance(x, int):
        return str(x)
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return num(v)
    return str(v)


def _attrs(attrs: dict) -> dict[str, str]:
    # python names -> svg names: stroke_width -> stroke-width, class_ -> class; None is left out
    return {k.rstrip("_").replace("_", "-"): _value(v) for k, v in attrs.items() if v is not None}


def element(tag: str, text: str | None = None, **attrs) -> ET.Element:
    """A new element; keyword names use ``_`` for ``-``."""
    node = ET.Element(tag, _attrs(attrs))
    if text is not None:
        node.text = text
    return node


def sub(parent: ET.Element, tag: str, text: str | None = None, **attrs) -> ET.Element:
    """A new child element of ``parent``."""
    node = element(tag, text, **attrs)
    parent.append(node)
    return node


def path(*commands) -> str:
    """Path data from commands and numbers: ``path("M", 0, 1.5, "L", 2, 3)`` -> ``'M0 1.5L2 3'``."""
    out = []
    for c in commands:
        if isinstance(c, str):
            out.append(c)
        else:
            if out and not out[-1].isalpha():
                out.append(" ")
            out.append(num(c))
    return "".join(out)


def translate(x: float, y: float) -> str:
    return f"translate({num(x)} {num(y)})"


@dataclass(frozen=True, eq=False)
class Picture:
    """A drawn thing not yet wrapped in an ``<svg>``: a ``<g>`` at the origin, its size, its alt text."""

    body: ET.Element
    width: float
    height: float
    alt: str


def place(parent: ET.Element, picture: Picture, x: float, y: float) -> ET.Element:
    """Put ``picture`` into ``parent`` with its top-left corner at ``(x, y)``."""
    group = sub(parent, "g", transform=translate(x, y) if (x or y) else None)
    group.extend(list(picture.body))
    for k, v in picture.body.attrib.items():
        group.set(k, v)
    return group


def document(picture: Picture) -> ET.Element:
    """The top-level ``<svg>``: namespace, viewBox, pixel size, role, aria-label and a ``<title>``."""
    w, h = num(picture.width), num(picture.height)
    root = element("svg", xmlns=SVG_NS, viewBox=f"0 0 {w} {h}", width=w, height=h, role="img",
                   aria_label=picture.alt, font_family=FONT, font_weight="bold")
    sub(root, "title", picture.alt)
    place(root, picture, 0, 0)
    return root


def text(parent: ET.Element, x: float, y: float, content: str, size: float, *,
         fill: str = "#1a1a1a", anchor: str = "middle", max_width: float | None = None, **attrs) -> ET.Element:
    """A line of text whose baseline sits at ``y``; squeezed to ``max_width`` if it looks too wide."""
    squeeze = None
    if max_width is not None and estimate_width(content, size) > max_width:
        squeeze = max_width
    return sub(parent, "text", content, x=x, y=y, font_size=size, fill=fill, text_anchor=anchor,
               textLength=squeeze, lengthAdjust="spacingAndGlyphs" if squeeze else None, **attrs)


_WIDE = set("MWmw@%")
_NARROW = set("iljtfI1.,:;'!| ")


def estimate_width(content: str, size: float) -> float:
    """A generous guess of the width of bold sans-serif text (DejaVu Sans Bold is the widest fallback)."""
    units = 0.0
    for ch in content:
        if ch in _WIDE:
            units += 0.95
        elif ch in _NARROW:
            units += 0.36
        elif ch.isupper() or ch.isdigit():
            units += 0.74
        else:
            units += 0.64
    return units * size


def to_string(node: ET.Element) -> str:
    """Serialise deterministically (insertion-ordered attributes, fixed number format).

    A tree read back with :func:`xml.etree.ElementTree.fromstring` (tags in the SVG namespace)
    serialises to the same text as the tree it was read from.
    """
    if node.tag.startswith("{" + SVG_NS + "}"):
        root = ET.Element(node.tag.split("}", 1)[1], {"xmlns": SVG_NS, **node.attrib})
        root.text, root.tail = node.text, None
        root.extend(_plain(child) for child in node)
        node = root
    return ET.tostring(node, encoding="unicode")


def _plain(node: ET.Element) -> ET.Element:
    tag = node.tag.split("}", 1)[1] if node.tag.startswith("{" + SVG_NS + "}") else node.tag
    copy = ET.Element(tag, node.attrib)
    copy.text, copy.tail = node.text, node.tail
    copy.extend(_plain(child) for child in node)
    return copy
