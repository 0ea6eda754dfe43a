"""A worked game's pictures float, as a typesetter's do: one that would leave a page half blank goes on.

A whole-table picture of a worked game (most of a page for a table of 15-20 cards a hand) that does
not fit under the moves before it goes to the next page and leaves a gap. :func:`mark` gives each
such picture, the place it stands and each move an id; after a first rendering, :func:`float_down`
reads where WeasyPrint put them (the public ``Page.anchors``) and moves each picture that left more
than ``GAP`` of a page blank past as many of the moves after it as fill the gap, so the moves run on
and the picture heads the next page. Its caption ("Before move 33") still says which position it
is. Only moves are passed, never another picture, a question or a rule.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from .pdf import _has_class

GAP = 0.40  # a page more than this share blank is worth a second rendering
PX_PER_MM = 96 / 25.4


def mark(root: ET.Element) -> int:
    """Give each worked game's picture (``pdf-float-N``), a marker just before it (``pdf-float-N-at``)
    and each of its moves (``pdf-move-N``) an id; return how many pictures."""
    pictures = moves = 0
    for deal in root.iter("div"):
        if not _has_class(deal, "ganjifa-deal"):
            continue
        for parent in list(deal.iter()):
            for child in list(parent):
                if child.tag == "figure" and _has_class(child, "ganjifa-state"):
                    child.set("id", f"pdf-float-{pictures}")
                    marker = ET.Element("div", {"id": f"pdf-float-{pictures}-at", "class": "pdf-float-marker"})
                    parent.insert(list(parent).index(child), marker)
                    pictures += 1
                elif child.tag == "li" and _has_class(child, "ganjifa-move") and not child.get("id"):
                    child.set("id", f"pdf-move-{moves}")
                    moves += 1
    return pictures


def text_block(css: str) -> tuple[float, float]:
    """The top and bottom page margins (mm) of the print stylesheet's first ``@page`` rule."""
    m = re.search(r"@page\s*\{[^}]*?margin:\s*([\d.]+)mm\s+[\d.]+mm\s+([\d.]+)mm", css)
    if m is None:
        raise ValueError("print.css: no '@page { margin: TOP RIGHT BOTTOM LEFT }' in mm")
    return float(m[1]), float(m[2])


def _where(pages) -> dict[str, tuple[int, float, float]]:
    """Anchor name -> (page index, top, bottom of its box in CSS px) where it starts."""
    out = {}
    for n, page in enumerate(pages):
        for name, box in page.anchors.items():  # (left, top, right, bottom) in WeasyPrint 70
            out.setdefault(name, (n, box[1], box[3]))
    return out


def float_down(root: ET.Element, pages, css: str) -> list[str]:
    """Move each picture that left its page more than ``GAP`` blank past the moves that fill the gap;
    return the pictures moved (their captions), for the build's log."""
    top, bottom = (mm * PX_PER_MM for mm in text_block(css))
    where = _where(pages)
    by_id = {el.get("id"): el for el in root.iter() if el.get("id")}
    parents = {child: parent for parent in root.iter() for child in parent}
    moved = []
    n = 0
    while (picture := by_id.get(f"pdf-float-{n}")) is not None:
        marker = by_id[f"pdf-float-{n}-at"]
        n += 1
        if picture.get("id") not in where or marker.get("id") not in where:
            continue
        (page, _, _), (page_at, y_at, _) = where[picture.get("id")], where[marker.get("id")]
        height = pages[page_at].height - top - bottom
        free = pages[page_at].height - bottom - y_at
        if page != page_at + 1 or free < GAP * height:
            continue
        target = _filler(picture, parents, where, free)
        if target is None:
            continue
        parents[picture].remove(picture)
        parents[marker].remove(marker)
        target.append(picture)
        parents[picture] = target
        caption = picture.find("figcaption")
        moved.append("".join(caption.itertext()) if caption is not None else picture.get("id"))
    return moved


def _filler(picture, parents, where, free) -> ET.Element | None:
    """The last of the moves after ``picture`` that together fit in ``free`` px, or None.

    A move's height is read from where it was set: from its top to the next move's top on the same
    page, else its own box and the spacing seen between moves."""
    deal = picture
    while not _has_class(deal, "ganjifa-deal"):
        deal = parents[deal]
    after, seen = [], False
    for el in deal.iter():
        if el is picture:
            seen = True
        elif seen and el.tag == "figure":
            break  # never past another picture
        elif seen and el.tag == "li" and el.get("id", "").startswith("pdf-move-"):
            after.append(el)
    boxes = [where.get(li.get("id")) for li in after]
    spacing = [b2[1] - b1[2] for b1, b2 in zip(boxes, boxes[1:]) if b1 and b2 and b1[0] == b2[0]]
    gap = sorted(spacing)[len(spacing) // 2] if spacing else 0.0
    target, used = None, 0.0
    for i, li in enumerate(after):
        box = boxes[i]
        if box is None or li.find("figure") is not None:
            break
        following = boxes[i + 1] if i + 1 < len(boxes) else None
        used += following[1] - box[1] if following and following[0] == box[0] else box[2] - box[1] + gap
        if used > free - 4 * PX_PER_MM:  # a little room for the list's own margins
            break
        target = li
    return target
