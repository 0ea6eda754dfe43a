"""The print-ready A5 booklet: WeasyPrint over Sphinx's ``singlehtml`` output.

``python -m book.pdf HTML_DIR OUT.pdf`` reads ``HTML_DIR/index.html`` (every chapter on
one page), adds a cover, a colophon and a contents page, strips the web chrome, marks
each chapter for the print stylesheet (``book/static/print.css``) and writes the PDF.
Fonts come from the ``fontpkg`` packages, registered with ``@font-face`` at PDF time.
Beside the PDF, ``OUT.pdf.inputs`` records what it was made from (:mod:`book.pdfinputs`): run
again on the same inputs, it says the PDF is up to date and leaves it (``--force`` makes it anew).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from .covers import cover_html, cover_path, cover_section, edition_line, imprint
from .pdfsetup import AUTHOR, EPOCH, PRINT_CSS, SUBTITLE, TITLE, _rendering, font_faces_css, font_files
from .pdftree import _add_class, _el, _find, _has_class, _iter, _text, serialise

# names callers and tests have always taken from here (their homes: book.covers, book.pdfsetup, book.pdftree)
from .covers import _plain_cards  # noqa: F401
from .pdftree import SVG_NS  # noqa: F401

CHROME = ("sphinxsidebar", "footer", "related", "clearer", "searchbox")  # removed classes


@dataclass(frozen=True)
class Heading:
    """One contents entry: its level (1 chapter, 2 section), text and link target."""

    level: int
    text: str
    target: str


def _is_chrome(el: ET.Element) -> bool:
    if el.tag == "script" or any(_has_class(el, c) for c in CHROME):
        return True
    # permalink marks; a headerlink with real text (a clause id) is content and stays
    return _has_class(el, "headerlink") and _text(el) in ("", "\u00b6", "#")


def _remove_chrome(root: ET.Element) -> None:
    for parent in list(root.iter()):
        previous = None
        for child in list(parent):
            if isinstance(child.tag, str) and _is_chrome(child):
                if child.tail:  # keep the text that followed the removed element
                    if previous is None:
                        parent.text = (parent.text or "") + child.tail
                    else:
                        previous.tail = (previous.tail or "") + child.tail
                parent.remove(child)
            else:
                previous = child


def _fix_links(root: ET.Element) -> None:
    """``#document-rules/x#anchor`` (a cross-page link written as raw HTML) -> ``#anchor``:
    singlehtml fixes that only for reference nodes."""
    for a in root.iter("a"):
        href = a.get("href") or ""
        if href.startswith("#document-") and "#" in href[1:]:
            a.set("href", "#" + href.rsplit("#", 1)[1])


def _trim_code(root: ET.Element) -> None:
    """Drop the blank lines that end a code block (doctests in .md need one before the fence)."""
    for pre in _iter(root, "pre"):
        slots = [(pre, "text")]
        for node in pre.iter():
            if node is not pre:
                slots += [(node, "text"), (node, "tail")]
        for node, attr in reversed(slots):
            value = getattr(node, attr)
            if not value:
                continue
            trimmed = value.rstrip()
            setattr(node, attr, trimmed)
            if trimmed:
                break


def _heading(section: ET.Element) -> ET.Element | None:
    for child in section:
        if isinstance(child.tag, str) and child.tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            return child
    return None


def _chapters(body: ET.Element) -> list[ET.Element]:
    """The chapter sections: in singlehtml each follows a ``<span id="document-...">``
    (perhaps with more empty target spans between them)."""
    chapters = []
    for parent in body.iter():
        children = list(parent)
        for i, child in enumerate(children):
            if child.tag == "span" and (child.get("id") or "").startswith("document-"):
                for nxt in children[i + 1:]:
                    if nxt.tag != "span":
                        if nxt.tag == "section":
                            nxt.set("data-ganjifa-doc", child.get("id")[len("document-"):])
                            chapters.append(nxt)
                        break
    return chapters


def _mark_chapters(chapters: list[ET.Element]) -> list[Heading]:
    """Class the chapters and give each chapter and section heading a unique id."""
    entries = []
    for n, chapter in enumerate(chapters, 1):
        _add_class(chapter, "pdf-chapter")
        doc = chapter.get("data-ganjifa-doc") or ""
        if "designers/" in doc and not doc.endswith("designers/index"):
            _add_class(chapter, "pdf-notes-page")  # a game's notes follow the last on the next page, no blank
        head = _heading(chapter)
        if head is None:
            continue
        _add_class(head, "pdf-chapter-title")
        head.set("id", f"pdf-ch{n}")
        entries.append(Heading(1, _text(head), f"pdf-ch{n}"))
        for m, section in enumerate((c for c in chapter if c.tag == "section"), 1):
            sub = _heading(section)
            if sub is not None:
                sub.set("id", f"pdf-ch{n}-s{m}")
                entries.append(Heading(2, _text(sub), f"pdf-ch{n}-s{m}"))
            # a chapter's quick reference (its own page, to copy) is listed under its title, "Komi at a glance"
            for k, box in enumerate(_iter(section, "div", "ganjifa-quick-reference"), 1):
                title = _find(box, "p", "ganjifa-quick-title")
                if title is not None:
                    title.set("id", f"pdf-ch{n}-s{m}-q{k}")
                    entries.append(Heading(2, _text(title), f"pdf-ch{n}-s{m}-q{k}"))
    return entries


LONG_TABLE_ROWS = 28  # more rows than fit on an A5 page: only such a table may split between rows (its header repeats)


def _keep_refs(entry: ET.Element, refs: list[ET.Element], kept: list[ET.Element]) -> None:
    """An index entry's page links ``refs`` cut down to ``kept``, in their order, a comma between two."""
    for a in refs:
        entry.remove(a)
    for n, a in enumerate(kept):
        a.tail = ", " if n + 1 < len(kept) else None
        entry.append(a)


def leave_out(root: ET.Element, ids, keep=()) -> list[str]:
    """Remove the sections with these ids (a booklet leaves out the decks it is not for), then the
    glossary's entries and the index's places that pointed into them, and any word left with none. A
    section inside a removed one whose id is in ``keep`` stays, in the removed section's place.
    Returns the ids removed."""
    ids, keep = set(ids), set(keep)
    removed = []
    for parent in list(root.iter()):
        for child in list(parent):
            if isinstance(child.tag, str) and child.get("id") in ids:
                at = list(parent).index(child)
                kept = [el for el in child.iter() if isinstance(el.tag, str) and el.get("id") in keep]
                for el in kept:
                    for holder in child.iter():
                        if el in list(holder):
                            holder.remove(el)
                            break
                parent.remove(child)
                for n, el in enumerate(kept):
                    parent.insert(at + n, el)
                removed.append(child.get("id"))
    if not removed:
        return removed
    present = {el.get("id") for el in root.iter() if isinstance(el.tag, str) and el.get("id")}

    def gone(a: ET.Element) -> bool:
        href = a.get("href") or ""
        return href.startswith("#") and href.rsplit("#", 1)[1] not in present

    for dl in _iter(root, "dl", "ganjifa-glossary"):
        items = list(dl)
        for i, dd in enumerate(items):
            if dd.tag != "dd":
                continue
            for p in list(_iter(dd, "p", "ganjifa-glossary-entry")):
                link = _find(p, "a", "ganjifa-page-ref")
                if link is not None and gone(link):
                    dd.remove(p)
            if _find(dd, "p", "ganjifa-glossary-entry") is None:
                dl.remove(dd)
                if i and items[i - 1].tag == "dt":
                    dl.remove(items[i - 1])
    for box in _iter(root, "div", "ganjifa-term-index"):
        for p in list(_iter(box, "p", "ganjifa-index-entry")):
            refs = [a for a in p if a.tag == "a" and _has_class(a, "ganjifa-index-ref")]
            kept = [a for a in refs if not gone(a)]
            if len(kept) == len(refs):
                continue
            if not kept:
                box.remove(p)
                continue
            _keep_refs(p, refs, kept)
    return removed


RELAYOUTS = 4  # layouts after the first, at most, to keep the questions on their spreads and the index's pages once


def keep_questions(root: ET.Element, pages: dict[str, int]) -> list[str]:
    """Mark ``pdf-question-turn`` each question (``{question}``, its marks ``question-...`` and ``...-end``)
    that starts on a right-hand page and ends overleaf; print.css starts it on a new page, a left-hand one, so its picture and its answer share a spread. ``pages``: each id's page in the
    laid-out book. Returns the ids of the questions marked."""
    marked = []
    chapters = [ch for ch in root.iter("section") if _has_class(ch, "pdf-chapter")] or [root]
    for chapter in chapters:
        for box in _iter(chapter, "div", "ganjifa-question"):
            name = box.get("id") or ""
            start, end = pages.get(name), pages.get(f"{name}-end")
            if start is None or end is None or _has_class(box, "pdf-question-turn"):
                continue
            if end > start and start % 2:  # on a left page, it may end on the facing one
                _add_class(box, "pdf-question-turn")
                box.insert(0, ET.Element("span", {"id": f"{name}-turned"}))  # the page before it may end early
                marked.append(name)
                # the first in its chapter: turning it moves the pages after it, so the chapter's later questions
                # are looked at again in the next layout (every chapter opens on a right page, so the chapters
                # after it keep their sides)
                break
    return marked


WORKED_PAGES = 3  # a worked game in print takes at most three pages (issue 30; tests/test_pdf.py)


def keep_worked_games(root: ET.Element, pages: dict[str, int]) -> list[str]:
    """Mark ``pdf-deal-turn`` the first part of each worked game (its ``{deal}`` parts of one transcript in one
    section, their marks ``worked-NAME-FROM`` and ``...-end``) that runs onto a fourth page from partway down
    its first: print.css starts it on a new page (its heading and the words before it stay), and the page
    before it may end early (its mark ``...-turned``). Returns the ids of the parts marked."""
    parents = {child: parent for parent in root.iter() for child in parent}
    games: dict[tuple, list[ET.Element]] = {}
    for deal in _iter(root, "div", "ganjifa-deal"):
        name = deal.get("id") or ""
        if name not in pages or f"{name}-end" not in pages:
            continue
        section = parents.get(deal)
        while section is not None and section.tag != "section":
            section = parents.get(section)
        games.setdefault((id(section), re.sub(r"-\d+$", "", name)), []).append(deal)
    marked = []
    for deals in games.values():
        first = min(pages[d.get("id")] for d in deals)
        last = max(pages[d.get("id") + "-end"] for d in deals)
        if last - first + 1 <= WORKED_PAGES or _has_class(deals[0], "pdf-deal-turn"):
            continue
        _add_class(deals[0], "pdf-deal-turn")
        deals[0].insert(0, ET.Element("span", {"id": f"{deals[0].get('id')}-turned"}))
        marked.append(deals[0].get("id"))
    return marked


QUICK_BEFORE = "-before"  # the id of the mark before a quick reference: its box's id and this


def _mark_before_quick(root: ET.Element) -> None:
    """Put an empty mark just before each quick reference: laid out, it shows where the text before the box ends."""
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag == "div" and _has_class(child, "ganjifa-quick-reference") and child.get("id"):
                mark = ET.Element("div", {"id": child.get("id") + QUICK_BEFORE, "class": "pdf-float-marker"})
                parent.insert(list(parent).index(child), mark)


FIFTH = 0.2  # a page less full than this is left only at a chapter's end (book/pagerules.py)


def quick_follows(root: ET.Element, document, css: str) -> list[str]:
    """A quick reference opens its page, so that it can be copied; when that leaves the page before it less
    than :data:`FIFTH` full (a section's last few lines), it either follows those lines on their page, whole,
    where it fits there (``pdf-quick-follow``), or goes to the chapter's end, so that the sections after it
    (the sources) fill that page (``pdf-quick-last``). ``document``: the laid-out book. Returns the ids of
    the boxes changed."""
    from .floats import PX_PER_MM, text_block

    top, bottom = (mm * PX_PER_MM for mm in text_block(css))
    where = {}
    for n, page in enumerate(document.pages, 1):
        for name, box in page.anchors.items():
            where.setdefault(name, (n, box[1], page.height))
    parents = {child: parent for parent in root.iter() for child in parent}
    changed = []
    for box in list(_iter(root, "div", "ganjifa-quick-reference")):
        name = box.get("id") or ""
        if _has_class(box, "pdf-quick-follow") or _has_class(box, "pdf-quick-last") \
                or not {name, name + QUICK_BEFORE, name + "-end"} <= set(where):
            continue
        (start, y_start, _), (page, y, height), (end, y_end, _) = (where[k] for k in (name, name + QUICK_BEFORE,
                                                                                    name + "-end"))
        text = height - top - bottom
        if start != page + 1 or (y - top) / text >= FIFTH:
            continue
        if end == start and not _has_class(box, "ganjifa-quick-spread") and (y_end - y_start) + 8 * PX_PER_MM < height - bottom - y:
            _add_class(box, "pdf-quick-follow")
        else:
            chapter = next((el for el in _ancestors(box, parents) if _has_class(el, "pdf-chapter")), None)
            if chapter is None or list(chapter)[-1] is box:
                continue
            mark = next((m for m in parents[box] if m.get("id") == name + QUICK_BEFORE), None)
            for el in (mark, box):
                if el is not None:
                    parents[el].remove(el)
                    chapter.append(el)
            _add_class(box, "pdf-quick-last")
        changed.append(name)
    return changed


def _ancestors(el: ET.Element, parents: dict):
    while el in parents:
        el = parents[el]
        yield el


def index_repeats(root: ET.Element, pages: dict[str, int], every: dict | None = None) -> list[str]:
    """Leave out each place of an index entry that gives a page the entry gives already (two uses of a word,
    or two sections of a chapter, on one page); ``pages``: each id's page in the laid-out book. The defining
    place (bold) stays rather than a use on its page. ``every``: each entry's places as first written, kept
    between layouts (a place left out in one layout comes back when a later one moves its section to a page
    of its own). Returns the entries changed ("Stake 93")."""
    every = {} if every is None else every
    changed = []
    for box in _iter(root, "div", "ganjifa-term-index"):
        for p in _iter(box, "p", "ganjifa-index-entry"):
            shown = [a for a in p if a.tag == "a" and _has_class(a, "ganjifa-index-ref")]
            refs = every.setdefault(p, shown)
            first: dict[int, ET.Element] = {}
            for a in refs:
                page = pages.get((a.get("href") or "").lstrip("#"))
                if page is None:
                    continue
                if page not in first:
                    first[page] = a
                elif _has_class(a, "ganjifa-index-def") and not _has_class(first[page], "ganjifa-index-def"):
                    first[page] = a  # the definition's page in bold, not the use before it
            kept = [a for a in refs if pages.get((a.get("href") or "").lstrip("#")) is None
                    or first[pages[(a.get("href") or "").lstrip("#")]] is a]
            if kept == shown:
                continue
            _keep_refs(p, shown, kept)
            term = _find(p, "span", "ganjifa-index-term")
            changed.append(_text(term) if term is not None else "")
    return changed


def _targets_into_chapters(body: ET.Element) -> None:
    """Move each chapter's ``<span id="document-...">`` (singlehtml's link target, just before the chapter)
    into the chapter, as its first child: left before it, the empty span sat on a line of its own, and when
    the chapter before filled its last page to the bottom that line alone made a page (the blank page with a
    running head before the glossary)."""
    for parent in list(body.iter()):
        children = list(parent)
        for i, child in enumerate(children):
            if child.tag != "span" or not (child.get("id") or "").startswith("document-"):
                continue
            nxt = next((c for c in children[i + 1:] if c.tag != "span"), None)
            if nxt is not None and nxt.tag == "section":
                parent.remove(child)
                child.tail = None
                nxt.insert(0, child)


LEAD_CHARS = 260  # about three lines: a paragraph this short after a heading leads into what follows it


BLOCKS = ("div", "figure", "table", "dl", "ul", "ol")  # what a paragraph may lead into


def _mark_leads(root: ET.Element) -> int:
    """Mark ``pdf-lead`` a paragraph that leads into the block after it (a picture, a question, a worked game, a
    table, a list), so that print.css keeps it with the block: a short paragraph between a heading and a block
    (the heading above it never ends a page with two lines under it and the block overleaf: Naqsh's "A worked
    round", issue 41), and any paragraph that ends with a colon before a block ("When Asha adds the last card,
    Bela takes the trick:" at a page's foot, its picture overleaf: the eleventh reading). Returns how many."""
    marked = 0
    for parent in root.iter():
        children = [c for c in parent if isinstance(c.tag, str)]
        for before, lead, block in zip([None, *children], children, children[1:]):
            titled = block.tag == "p" and _has_class(block, "ganjifa-table-title")  # a computed table's title
            if lead.tag != "p" or (block.tag not in BLOCKS and not titled):
                continue
            text = " ".join("".join(lead.itertext()).split())
            after_heading = before is not None and before.tag in ("h2", "h3", "h4", "h5", "h6") \
                and len(text) <= LEAD_CHARS and block.tag != "ul" and block.tag != "ol" \
                and not _has_class(block, "ganjifa-deal")
            # (a worked game's header stays with its table: its heading may keep two lines of lead above it)
            if after_heading or text.endswith(":"):
                _add_class(lead, "pdf-lead")
                marked += 1
    return marked


INLINE = ("a", "span", "em", "strong", "b", "i", "code", "abbr", "small", "sup", "sub")


def _glue_inside(root: ET.Element) -> int:
    """A no-break space that ends the text before an inline element goes inside the element: WeasyPrint, given
    "next\u00a0<a>§8</a>", puts every word of the line before on a line of its own ("Asha / shows / the
    cards", the eleventh reading). The words and where a line may break stay the same. Returns how many."""
    moved = 0
    for parent in root.iter():
        children = list(parent)
        for i, child in enumerate(children):
            if not isinstance(child.tag, str) or child.tag not in INLINE:
                continue
            before = parent.text if i == 0 else children[i - 1].tail
            if not before or not before.endswith("\u00a0"):
                continue
            if i == 0:
                parent.text = before[:-1]
            else:
                children[i - 1].tail = before[:-1]
            child.text = "\u00a0" + (child.text or "")
            moved += 1
    return moved


LONG_WORD_LIST_ROWS = 10  # a table of words written in a chapter (not computed): more rows may split between rows


_STRAIGHT = re.compile(r"(?<=[A-Za-z])'(?=[A-Za-z])")
_AS_WRITTEN = {"pre", "code", "kbd", "script", "style", "tt"}


def _curl_apostrophes(root: ET.Element) -> int:
    """A typed apostrophe inside a word ("Dev's") printed as the book's curly one ("Dev’s"): the chapters' prose
    is set with curly ones, but captions, labels and the engine's sentences came through straight (the twelfth
    reading found seven pages). Code and notation keep theirs. Returns how many were changed."""
    count = 0

    def walk(el: ET.Element, plain: bool) -> None:
        nonlocal count
        tag = el.tag.rsplit("}", 1)[-1] if isinstance(el.tag, str) else ""
        inside = plain and tag not in _AS_WRITTEN
        if inside and el.text and "'" in el.text:
            el.text, n = _STRAIGHT.subn("\u2019", el.text)
            count += n
        for child in el:
            walk(child, inside)
            if plain and child.tail and "'" in child.tail:
                child.tail, n = _STRAIGHT.subn("\u2019", child.tail)
                count += n

    walk(root, True)
    return count


def _mark_long_tables(root: ET.Element) -> None:
    for table in _iter(root, "table"):
        rows = sum(1 for _ in table.iter("tr"))
        # a list of words and meanings split between rows leaves no page half blank before it (Traditional
        # Ganjifa's "Words from the Indian game" did, issue 41); a computed table (ganjifa-table) stays whole
        # a table of how often each rule comes into play, one rule a row, splits between rules as a word list does
        if rows > LONG_TABLE_ROWS or rows > LONG_WORD_LIST_ROWS and (not _has_class(table, "ganjifa-table")
                                                                     or _has_class(table, "ganjifa-clause-use")
                                                                     or _has_class(table, "ganjifa-split-rows")
                                                                     or _has_class(table, "ganjifa-simulation")):
            # (a simulation's table of many events, two lines a row with their intervals, left Traditional
            # Ganjifa's notes a page 73% blank before it: it splits between rows, its heads repeated)
            _add_class(table, "pdf-long-table")


def _expand_interactive(root: ET.Element) -> None:
    """Open every dropdown (print.css shows every tab panel under its label)."""
    for details in _iter(root, "details"):
        details.set("open", "open")


def _front_matter(intro: list[ET.Element], entries: list[Heading], *, title: str,
                  subtitle: str, edition: str, author: str, deck: str = "mughal",
                  games: tuple[str, ...] | None = None) -> list[ET.Element]:
    cover = cover_section(title, subtitle, edition, cls="pdf-cover pdf-title-page", deck=deck)
    colophon = _el("section", cls="pdf-colophon")
    for el in intro:
        colophon.append(el)
    for line in imprint(title, author, edition, games):
        colophon.append(_el("p", line, cls="pdf-imprint"))

    contents = _el("nav", cls="pdf-contents")
    contents.append(_el("h2", "Contents", cls="pdf-contents-title"))
    ul = _el("ul")
    for e in entries:
        li = _el("li", cls=f"pdf-toc-l{e.level}")
        li.append(_el("a", e.text, href=f"#{e.target}"))
        ul.append(li)
    contents.append(ul)
    return [cover, colophon, contents]


HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


def _links_to_headings(root: ET.Element) -> int:
    """A link to a section points at its heading (``ID-head``), not at the section: a section whose heading
    goes over to the next page starts on the page before, and the index and the contents gave that page, one
    too early (the newcomers' second reading, issue 41). Returns how many links were moved."""
    heads = {}
    for section in root.iter("section"):
        sid = section.get("id")
        children = [c for c in section if isinstance(c.tag, str)]
        # the empty marks before the heading (an index topic's anchor, ``topic-...``) point at it too
        marks = []
        while children and children[0].tag == "span" and children[0].get("id") and not "".join(children[0].itertext()):
            marks.append(children.pop(0).get("id"))
        first = children[0] if children else None
        if first is None or first.tag not in HEADINGS:
            continue
        if not first.get("id"):
            first.set("id", f"{sid or marks[0] if (sid or marks) else 'section'}-head")
        for name in ([sid] if sid else []) + marks:
            heads[name] = first.get("id")
    moved = 0
    for a in root.iter("a"):
        href = a.get("href") or ""
        if href.startswith("#") and href[1:] in heads:
            a.set("href", "#" + heads[href[1:]])
            moved += 1
    return moved


def prepare(root: ET.Element, *, title: str = TITLE, subtitle: str = SUBTITLE,
            edition: str | None = None, author: str = AUTHOR, deck: str = "mughal",
            left_out: tuple[str, ...] = (), keep: tuple[str, ...] = (),
            games: tuple[str, ...] | None = None) -> list[Heading]:
    """Turn the singlehtml tree into the booklet's tree in place; return the contents. ``left_out``: ids of
    sections to leave out (:func:`leave_out`); ``games``: the booklet's (every game when None), whose
    sources its imprint names."""
    _remove_chrome(root)
    _fix_links(root)
    leave_out(root, left_out, keep)
    _trim_code(root)
    _expand_interactive(root)
    _mark_long_tables(root)
    _mark_leads(root)
    _glue_inside(root)
    _curl_apostrophes(root)
    body = _find(root, "div", "body")
    if body is None:
        raise ValueError("no <div class='body'> in the HTML: is it Sphinx singlehtml output?")
    chapters = _chapters(body)
    if not chapters:
        raise ValueError("no chapters found (no <span id='document-...'> before a <section>): "
                         "build the book with the singlehtml builder")
    entries = _mark_chapters(chapters)
    for chapter in chapters:  # a chapter's first page has no running head, on a left-hand page too (print.css)
        head = _heading(chapter)
        if head is not None:
            head.set("data-booktitle", title)
    _targets_into_chapters(body)
    _links_to_headings(root)

    # the front page's own title and intro move to the cover and the colophon
    intro: list[ET.Element] = []
    front = _find(body, "section")
    if front is not None and front not in chapters:
        for child in list(front):
            if child.tag == "div" and _has_class(child, "toctree-wrapper"):
                break
            front.remove(child)
            if child.tag not in ("h1", "span"):
                intro.append(child)
    for i, el in enumerate(_front_matter(intro, entries, title=title, subtitle=subtitle,
                                         edition=edition or edition_line(), author=author, deck=deck,
                                         games=games)):
        body.insert(i, el)
    return entries


def missing_anchors(root: ET.Element, more_ids=()) -> tuple[str, ...]:
    """Internal links (``href="#x"``) whose target id is not in the document (nor in ``more_ids``), in
    order, each once."""
    ids = {el.get("id") for el in root.iter() if el.get("id")} | set(more_ids)
    ids |= {el.get("name") for el in root.iter() if el.tag == "a" and el.get("name")}
    out = []
    for el in root.iter():
        href = el.get("href") or ""
        if href.startswith("#") and len(href) > 1 and href[1:] not in ids:
            out.append(href)
    return tuple(dict.fromkeys(out))


@dataclass(frozen=True)
class Booklet:
    """What :func:`make_pdf` wrote: the file, its page count, the seconds it took, and internal links
    whose target is missing (``#anchor`` strings); ``reused`` when the PDF was already made from the same
    inputs and was left as it was."""

    path: Path
    pages: int
    seconds: float
    broken_links: tuple[str, ...] = ()
    floated: tuple[str, ...] = ()  # captions of the worked games' pictures moved to the next page's head
    reused: bool = False
    cover: Path | None = None  # the cover's own file, with bleed and crop marks


def stylesheets(head: ET.Element, html_dir: Path) -> list[str]:
    """The text of every stylesheet ``head`` names (``<link rel="stylesheet">`` files in ``html_dir``)
    or holds (``<style>``), in order."""
    out = []
    for el in head:
        if el.tag == "style":
            out.append(el.text or "")
        elif el.tag == "link" and "stylesheet" in (el.get("rel") or "").split():
            path = html_dir / (el.get("href") or "").split("?")[0].split("#")[0]
            if (el.get("href") or "").split(":")[0] not in ("http", "https") and path.is_file():
                out.append(path.read_text(encoding="utf-8", errors="replace"))
    return out


_KEEP: list | None = None  # when a list (``python -m book.pdf``), what make_pdf rendered is kept in it, not freed


_IDS = re.compile(r"""\sid\s*=\s*["']([^"']+)["']""")


def make_pdf(html_dir: str | Path, out: str | Path, *, title: str = TITLE,
             author: str = AUTHOR, subtitle: str = SUBTITLE, edition: str | None = None,
             force: bool = False, deck: str = "mughal", games: tuple[str, ...] | None = None,
             left_out: tuple[str, ...] = (), keep: tuple[str, ...] = ()) -> Booklet:
    """Write the booklet for the singlehtml build in ``html_dir`` to ``out``.

    Only WeasyPrint's public API: the edited page goes in as ``HTML(string=..., base_url=...)``;
    internal links are checked in the document before rendering; fonts are embedded with a
    fixed timestamp, so the same book gives the same bytes.

    One full rendering: where the worked games' pictures fall is learnt first from a light layout
    probe (:func:`book.floats.probe`: the chapters with such pictures, the pictures empty), and the
    book is rendered once with the pictures moved. Unless ``force``, a PDF already made from the same
    inputs (:mod:`book.pdfinputs`) is left as it is.
    """
    with _rendering():
        return _make_pdf(html_dir, out, title=title, author=author, subtitle=subtitle, edition=edition, force=force,
                         deck=deck, games=games, left_out=left_out, keep=keep)


def _make_pdf(html_dir, out, *, title, author, subtitle, edition, force, deck="mughal", games=None,
              left_out=(), keep=()) -> Booklet:
    import tinyhtml5

    from . import floats, inline_svg, pdfinputs

    os.environ.setdefault("SOURCE_DATE_EPOCH", EPOCH)
    html_dir = Path(html_dir)
    index = html_dir / "index.html"
    if not index.is_file():
        raise FileNotFoundError(f"{index} not found: build with `sphinx -b singlehtml` first")
    start = time.perf_counter()
    out = Path(out)
    edition = edition or edition_line()
    inputs = pdfinputs.digest(html_dir, [path for *_, path in font_files()],
                              {"title": title, "subtitle": subtitle, "author": author, "edition": edition,
                               **({"deck": deck} if deck != "mughal" else {}), **({"games": list(games)} if games else {}),
                               **({"left_out": list(left_out), "keep": list(keep)} if left_out else {})})
    if not force and (record := pdfinputs.reusable(out, inputs, cover_path(out))):
        return Booklet(out, record["pages"], time.perf_counter() - start, tuple(record["broken_links"]),
                       tuple(record["floated"]), reused=True, cover=cover_path(out))

    # the pictures' insides are set aside while the page is parsed and edited, and put back to render it
    page, insides = inline_svg.set_aside(index.read_bytes().decode("utf-8"))
    root = tinyhtml5.parse(page, namespace_html_elements=False)
    pictures = inline_svg.take_marks(root)
    prepare(root, title=title, subtitle=subtitle, edition=edition, author=author, deck=deck, left_out=left_out,
            keep=keep, games=games)
    head = _find(root, "head")
    for t in _iter(head, "title"):
        t.text = title
    head.append(_el("meta", name="author", content=author))
    # an author stylesheet after the theme's, so it wins over it (WeasyPrint's
    # `stylesheets=` would be user sheets, which lose to the theme)
    css = font_faces_css() + PRINT_CSS.read_text(encoding="utf-8")
    head.append(_el("style", css))
    broken = missing_anchors(root, (m for inside in insides for m in _IDS.findall(inside)))

    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    fonts = FontConfiguration()  # @font-face rules only count with one; shared by every rendering
    base_url = html_dir.resolve().as_uri() + "/"

    def render(html: str):
        return HTML(string=html, base_url=base_url).render(font_config=fonts)

    floats.mark(root)
    floated: tuple[str, ...] = ()
    from engine.study.simulate import cores

    for _ in range(floats.PASSES):  # where the pictures fall, laid out side by side on two cores; a picture
        # drawn in reserve may differ a little in height from the one it replaces, so look again after a change
        probes = floats.probe(root, stylesheets(head, html_dir), parts=min(2, cores()))
        if not probes:
            break
        pages = floats.lay_out_all([serialise(p) for p in probes], base_url, fonts)
        moved = tuple(floats.float_down(root, pages, css, keep_reserve=True))
        floated += moved
        if not moved:
            break
    floats.drop_alternatives(root)  # the positions drawn in reserve that no picture took
    inline_svg.fill(pictures)
    # laid out, the book is read back: a question whose answer went overleaf from a right-hand page starts
    # a page instead (on the left, so its answer is on the facing page at the latest), and an index entry
    # that gives one page twice gives it once; then the book is laid out again, at most RELAYOUTS times
    # a quick reference that opens its page shares the page before it when that page would be under a fifth full
    _mark_before_quick(root)
    relaid: list[str] = []
    index_places: dict = {}  # each index entry's places as written: one left out comes back when its page moves
    for _ in range(RELAYOUTS + 1):
        rendered = render(inline_svg.put_back(serialise(root), insides))
        pages: dict[str, int] = {}
        for n, page in enumerate(rendered.pages, 1):
            for name in page.anchors:  # a box split over two pages has its anchor on both: the first counts
                pages.setdefault(name, n)
        changed = keep_questions(root, pages) + quick_follows(root, rendered, css) + keep_worked_games(root, pages)
        repeats = index_repeats(root, pages, index_places)
        if not changed and not repeats:
            break
        relaid.append(", ".join(changed + ([f"{len(repeats)} index entries"] if repeats else [])))
    if os.environ.get("GANJIFA_PDF_VERBOSE"):
        print(f"book.pdf: laid out {len(relaid) + 1} times" + "".join(f"; then {r}" for r in relaid), file=sys.stderr)
    # note pages to a multiple of four; none when the count is one already (an empty ending is still a page)
    ending = render(end_matter(len(rendered.pages), css)) if len(rendered.pages) % 4 else None
    booklet = rendered.copy(rendered.pages + (ending.pages if ending else []))  # WeasyPrint's documented way to join documents
    cover = render(cover_html(title, subtitle, edition, css, deck=deck, games=games))
    out.parent.mkdir(parents=True, exist_ok=True)
    cover_out = cover_path(out)
    for document, path in ((booklet, out), (cover, cover_out)):
        document.metadata.title = title if path == out else f"{title} (cover)"
        document.metadata.authors = [author]
        partial = path.with_name(path.name + ".part")  # never a half-written PDF under the booklet's name
        document.write_pdf(partial, pdf_variant="pdf/ua-1")  # tagged, with the language, for screen readers
        partial.replace(path)
    pdfinputs.write(out, inputs, pages=len(booklet.pages), broken_links=list(broken), floated=list(floated),
                    cover=pdfinputs.sha256(cover_out))
    if _KEEP is not None:
        _KEEP.append((root, rendered, ending, booklet))
    return Booklet(out, len(booklet.pages), time.perf_counter() - start, broken, floated, cover=cover_out)


def end_matter(pages: int, css: str) -> str:
    """The pages after the last chapter: note pages, so that the interior is a multiple of four pages (a
    booklet is printed on folded sheets of four pages). The covers are their own file (:func:`cover_html`)."""
    pad = (-pages) % 4
    notes = "".join('<section class="pdf-notes"><p class="pdf-notes-title">Notes</p>' + '<p class="pdf-rule"></p>' * 16 + "</section>"
                    for _ in range(pad))
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><style>{css}</style></head>"
            f"<body class='pdf-end'><div class='body'>{notes}</div></body></html>")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m book.pdf", description=__doc__.splitlines()[0])
    parser.add_argument("html_dir", help="the Sphinx singlehtml output folder")
    parser.add_argument("out", help="the PDF to write")
    parser.add_argument("--force", action="store_true",
                        help="render the PDF even when it was already made from the same inputs")
    args = parser.parse_args(argv)
    try:
        booklet = make_pdf(args.html_dir, args.out, force=args.force)
    except (FileNotFoundError, ValueError) as exc:
        print(f"book.pdf: {exc}", file=sys.stderr)
        return 1
    for link in booklet.broken_links:
        print(f"book.pdf: warning: link to {link} has no target in the book", file=sys.stderr)
    if booklet.reused:
        print(f"PDF: {booklet.path} is up to date ({booklet.pages} pages; its inputs have not changed), "
              "not rendered again")
        return 0
    from .pdfinputs import font_subsetter

    if font_subsetter() != "harfbuzz":
        print("book.pdf: warning: HarfBuzz-Subset (libharfbuzz-subset0) is not installed, so WeasyPrint "
              "subsets the fonts with fontTools: this PDF's bytes differ from one made where it is", file=sys.stderr)
    floated = f"; pictures floated to a page's head: {', '.join(booklet.floated)}" if booklet.floated else ""
    print(f"PDF: {booklet.path} ({booklet.pages} pages, {booklet.seconds:.1f} s{floated})")
    print(f"Cover: {booklet.cover} (front and back, A5 with 3 mm bleed and crop marks)")
    return 0


if __name__ == "__main__":
    _KEEP = []  # the process ends as soon as the booklet is written: freeing the rendered book would take seconds
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
