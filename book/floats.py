"""A worked game's pictures float, as a typesetter's do: one that would leave a page half blank goes on.

A whole-table picture of a worked game (most of a page for a table of 15-20 cards a hand) that does
not fit under the moves before it goes to the next page and leaves a gap. :func:`mark` gives each
such picture, the place it stands and each move an id; :func:`probe` and :func:`lay_out_all` lay out
the chapters that hold such pictures (without drawing the pictures, whose size is all that counts),
and :func:`float_down` reads where WeasyPrint put them (the public ``Page.anchors``) and moves each
picture that left more than ``GAP`` of a page blank past as many of the moves after it as fill the
gap, so the moves run on and the picture heads the next page. Its caption ("Before move 33") still
says which position it is. Only moves are passed, never another picture, a question or a rule.
"""

from __future__ import annotations

import copy
import re
import tempfile
import xml.etree.ElementTree as ET
from typing import NamedTuple

from .pdftree import _has_class

FRONT = ("pdf-cover", "pdf-colophon", "pdf-contents")  # the front matter's parts (book.pdf.prepare)

GAP = 0.40  # a page more than this share blank is worth moving a picture for
PASSES = 3  # layouts looked at, at most: a picture moved changes where the next one falls
ALT, HIDDEN = "ganjifa-state-alt", "pdf-float-alt"  # a position drawn in reserve after a move (book/directives/deal.py)
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


def probe(root: ET.Element, css: list[str], parts: int = 1) -> list[ET.Element]:
    """The pages to lay out to learn where the worked games' pictures fall (none if there is no such
    picture), each a copy of ``root``; ``css`` is the text of every stylesheet the page uses.

    The pictures are empty while the page is edited (:mod:`book.inline_svg`): their ``<svg>`` tags,
    which give their size, are all the layout reads. Each chapter starts on a right-hand page of the
    same size (print.css: ``break-before: right``), so it is laid out alone as in the book, page for
    page: the copies hold only the chapters with such pictures, shared among ``parts`` copies to be
    laid out side by side, and no front matter. That holds unless a chapter's text depends on its page
    numbers (a page reference, a counter running through the book): then one copy keeps everything.
    """
    chapters = [el for el in root.iter("section") if _has_class(el, "pdf-chapter")
                and any(_is_picture(f) for f in el.iter("figure"))]
    if not chapters:
        return []
    if numbered(root, chapters, css):
        return [copy.deepcopy(root)]
    sizes = {id(ch): len(ET.tostring(ch)) for ch in chapters}  # the work to lay each out, roughly
    groups: list[set[int]] = [set() for _ in range(max(1, min(parts, len(chapters))))]
    load = [0] * len(groups)
    for ch in sorted(chapters, key=lambda ch: -sizes[id(ch)]):
        n = load.index(min(load))
        groups[n].add(id(ch))
        load[n] += sizes[id(ch)]
    out = []
    for group in groups:
        kept = []
        for parent in list(root.iter()):  # take out what this copy leaves out, copy, put it back
            for i, child in enumerate(list(parent)):
                if child.tag in ("section", "nav") and (
                        any(_has_class(child, c) for c in FRONT)
                        or (_has_class(child, "pdf-chapter") and id(child) not in group)):
                    kept.append((parent, i, child))
        for parent, _, child in kept:
            parent.remove(child)
        out.append(copy.deepcopy(root))
        for parent, i, child in kept:
            parent.insert(i, child)
    return out


_NUMBERED = re.compile(r"\b(?:target-counters?|target-text)\s*\(|\bcounters?\(\s*(?!list-item\b)[-\w]+")


def numbered(root: ET.Element, chapters: list[ET.Element], css: list[str]) -> bool:
    """Whether an element of ``chapters`` takes content from a counter or a target's page number in
    ``css`` (a rule whose ``content`` holds ``target-counter()``, ``target-text()`` or a counter other
    than a list's), so that its text, and so its layout, depends on the chapter's place in the book."""
    import cssselect2
    import tinycss2

    selectors = []

    def read(rules) -> None:
        for rule in rules:
            if rule.type == "qualified-rule" and _NUMBERED.search(tinycss2.serialize(rule.content)):
                try:
                    selectors.extend(cssselect2.compile_selector_list(rule.prelude))
                except cssselect2.SelectorError:
                    continue
            elif rule.type == "at-rule" and rule.content is not None and rule.lower_at_keyword in (
                    "media", "supports", "layer", "container", "scope"):  # rules inside rules
                read(tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True))

    for sheet in css:
        read(tinycss2.parse_stylesheet(sheet, skip_comments=True, skip_whitespace=True))
    if not selectors:
        return False
    inside = {id(el) for chapter in chapters for el in chapter.iter()}
    return any(id(el.etree_element) in inside and any(sel.test(el) for sel in selectors)
               for el in cssselect2.ElementWrapper.from_html_root(root).iter_subtree())


def _is_picture(figure: ET.Element) -> bool:
    return (figure.get("id") or "").startswith("pdf-float-")


class Page(NamedTuple):
    """What :func:`float_down` reads of a laid-out page: its height and where its anchors are."""

    height: float
    anchors: dict[str, tuple[float, float, float, float]]


def lay_out(html: str, base_url: str, font_config=None) -> list[Page]:
    """The pages WeasyPrint lays ``html`` out on (``HTML.render``), as :class:`Page` s."""
    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    document = HTML(string=html, base_url=base_url).render(font_config=font_config or FontConfiguration())
    return [Page(page.height, dict(page.anchors)) for page in document.pages]


def lay_out_all(pages: list[str], base_url: str, font_config=None) -> list[Page]:
    """Lay out each of ``pages`` (:func:`lay_out`), the first in this process and each other one at the same
    time in a process of its own; return all their pages, in order."""
    if len(pages) < 2:
        return [p for html in pages for p in lay_out(html, base_url, font_config)]
    import multiprocessing
    import threading

    # fork is quick, and safe from a process without threads; else a fresh interpreter
    method = ("fork" if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods()
              else "spawn")
    context = multiprocessing.get_context(method)
    children = []
    try:
        for html in pages[1:]:
            receive, send = context.Pipe(duplex=False)
            child = context.Process(target=_lay_out_child, args=(send, html, base_url, tempfile.gettempdir()),
                                    daemon=True)
            child.start()
            send.close()
            children.append((child, receive))
        out = lay_out(pages[0], base_url, font_config)
        for child, receive in children:
            try:
                result = receive.recv()
            except EOFError:  # it ended without a word
                child.join()
                raise RuntimeError(f"a layout probe's process ended with exit code {child.exitcode}") from None
            if isinstance(result, BaseException):
                raise result
            out += result
        return out
    finally:
        for child, receive in children:
            receive.close()
            if child.is_alive():
                child.terminate()
            child.join()


def _lay_out_child(send, html: str, base_url: str, temp: str) -> None:
    import gc
    import shutil

    gc.disable()  # as in book.pdf: the objects live until the end
    tempfile.tempdir = folder = tempfile.mkdtemp(prefix="ganjifa-probe-", dir=temp)  # WeasyPrint's working files
    try:
        try:
            result = lay_out(html, base_url)
        except Exception as error:  # noqa: BLE001 - handed to the parent, which raises it
            result = RuntimeError(f"layout probe: {type(error).__name__}: {error}")
        send.send(result)
        send.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


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


def float_down(root: ET.Element, pages, css: str, keep_reserve: bool = False) -> list[str]:
    """Move each picture that left its page more than ``GAP`` blank past the moves that fill the gap;
    return the pictures moved (their captions), for the build's log."""
    top, bottom = (mm * PX_PER_MM for mm in text_block(css))
    where = _where(pages)
    by_id = {el.get("id"): el for el in root.iter() if el.get("id")}
    parents = {child: parent for parent in root.iter() for child in parent}
    moved = []
    n = 0
    while (picture := by_id.get(f"pdf-float-{n}")) is not None:
        marker = by_id.get(f"pdf-float-{n}-at")
        n += 1
        if marker is None or parents.get(marker) is None:  # moved on an earlier look: it stays where it went
            continue
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
        caption = picture.find("figcaption")
        said = "".join(caption.itertext()) if caption is not None else picture.get("id")
        parents[picture].remove(picture)
        parents[marker].remove(marker)
        reached = next((f for f in target if f.tag == "figure" and _has_class(f, ALT)), None)
        if reached is not None:  # the position the moves have reached, drawn there: the order stays true
            reached.set("class", " ".join(c for c in reached.get("class", "").split() if c not in (ALT, HIDDEN))
                        + " ganjifa-state")
            reached.set("id", picture.get("id"))
            by_id[picture.get("id")] = reached
            now = reached.find("figcaption")
            moved.append(f"{said} -> {''.join(now.itertext()) if now is not None else '?'}")
        else:  # no drawing of that position (a folded run of forced moves): the picture itself goes on
            target.append(picture)
            parents[picture] = target
            moved.append(said)
    if not keep_reserve:
        drop_alternatives(root)
    return moved


def drop_alternatives(root: ET.Element) -> None:
    """Remove the positions drawn in reserve after a picture's moves (``pdf-float-alt``) that no picture took."""
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag == "figure" and _has_class(child, HIDDEN):
                parent.remove(child)


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
        elif seen and el.tag == "figure" and not _has_class(el, ALT):
            break  # never past another picture
        elif seen and el.tag == "li" and el.get("id", "").startswith("pdf-move-"):
            after.append(el)
    boxes = [where.get(li.get("id")) for li in after]
    spacing = [b2[1] - b1[2] for b1, b2 in zip(boxes, boxes[1:]) if b1 and b2 and b1[0] == b2[0]]
    gap = sorted(spacing)[len(spacing) // 2] if spacing else 0.0
    target, used = None, 0.0
    for i, li in enumerate(after):
        box = boxes[i]
        if box is None or any(f.tag == "figure" and not _has_class(f, ALT) for f in li):
            break
        following = boxes[i + 1] if i + 1 < len(boxes) else None
        used += following[1] - box[1] if following and following[0] == box[0] else box[2] - box[1] + gap
        if used > free - 4 * PX_PER_MM:  # a little room for the list's own margins
            break
        target = li
    return target
