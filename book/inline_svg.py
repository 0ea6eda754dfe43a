"""The book page's inline pictures, set aside while the page is edited and put back to be printed.

Two thirds of the singlehtml page's elements are inside its ``<svg>`` pictures (the cards, tables and
rings), and the booklet's editing (:func:`book.pdf.prepare`) never looks inside one. So
:func:`set_aside` cuts each picture's inside out of the page's text before it is parsed, leaving the
``<svg ...>`` tag itself (its size, class and label, all that page layout reads) marked with a number;
:func:`take_marks` reads the numbers back from the parsed tree; and :func:`put_back` writes each inside
into the serialised page again, exactly as Sphinx wrote it. The page is parsed three times faster, and the
layout probe of :mod:`book.floats` gets empty pictures for nothing.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

MARK = "data-pdf-picture"  # the attribute that numbers a set-aside picture while the page is edited
SVG_TAG = "{http://www.w3.org/2000/svg}svg"
_OPEN = re.compile(r"<svg(?=[\s>/])", re.IGNORECASE)
_NESTED = re.compile(r"<svg(?=[\s>/])|</svg\s*>", re.IGNORECASE)
_SLOT = "\ue000pdf-picture-{}\ue000"  # a private-use character never appears in the book's text
_SLOTS = re.compile("\ue000pdf-picture-(\\d+)\ue000")


def set_aside(html: str) -> tuple[str, list[str]]:
    """``html`` with every top-level ``<svg>`` emptied and marked ``data-pdf-picture="N"``, and the
    insides, N-th at index N. A picture whose end is missing is left as it is."""
    out, insides, pos = [], [], 0
    while (start := _OPEN.search(html, pos)) is not None:
        tag_end = html.find(">", start.end())
        if tag_end < 0:
            break
        if html[tag_end - 1] == "/":  # <svg ... />: nothing inside
            out.append(html[pos:tag_end + 1])
            pos = tag_end + 1
            continue
        depth = 1
        for m in _NESTED.finditer(html, tag_end + 1):
            if m.group()[1] == "/":
                depth -= 1
            elif html[html.find(">", m.end()) - 1] != "/":  # a nested <svg ... /> opens nothing
                depth += 1
            if depth == 0:
                break
        else:
            out.append(html[pos:tag_end + 1])
            pos = tag_end + 1
            continue
        out.append(html[pos:start.end()] + f' {MARK}="{len(insides)}"' + html[start.end():tag_end + 1])
        insides.append(html[tag_end + 1:m.start()])
        out.append(m.group())
        pos = m.end()
    out.append(html[pos:])
    return "".join(out), insides


def take_marks(root: ET.Element) -> dict[ET.Element, int]:
    """The set-aside pictures in the parsed page, each with its number; the marks are removed, so the
    tree serialises as the page did."""
    found = {}
    for el in root.iter(SVG_TAG):
        number = el.attrib.pop(MARK, None)
        if number is not None:
            found[el] = int(number)
    return found


def fill(marks: dict[ET.Element, int]) -> None:
    """Mark each set-aside picture's place for :func:`put_back` (its only content until then)."""
    for el, number in marks.items():
        el.text = _SLOT.format(number)


def empty(marks: dict[ET.Element, int]) -> None:
    """Leave each set-aside picture empty again (for a layout probe)."""
    for el in marks:
        el.text = None


def put_back(html: str, insides: list[str]) -> str:
    """The serialised page with each marked picture's inside written back in its place."""
    return _SLOTS.sub(lambda m: insides[int(m.group(1))], html)
