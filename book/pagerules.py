"""The rules every printed page keeps (issue 41, "Pages"), checked against the booklet itself.

``python -m book.pagerules _build/pdf/ganjifa-rules.pdf`` prints one line a fault and exits 1 when there is
any. Each line names the chapter's file and line where it can (``rules/hamrang.md:143``), and always the
page, the chapter and the heading the page is under:

- **questions**: a question (``{question}``), its picture and its answer are on one spread: a question that
  starts on a right-hand page never ends overleaf (its start and end marks, ``question-DOC-LINE`` and
  ``...-end``, book/directives/question.py);
- **headings**: no heading (h2-h6, the booklet's bookmarks) has fewer than two lines of its text under it at
  a page's foot, and no worked game's header ("Game: ...", "Players: ...") is the last text on its page;
- **lead-ins**: no page ends with a line ending in a colon (a sentence leading into what is overleaf);
- **underfull pages**: no page is less than a fifth full (:data:`FIFTH`: its inked height between the margins)
  except a chapter's last page; the only page with nothing on it is the blank left-hand page before a
  chapter's opening, or the note pages at the end;
- **quick references**: each chapter's "at a glance" box is on the one page the front matter promises, or on
  two where its title says "(two pages)" (its marks ``at-a-glance-GAME`` and ``...-end``), and the page
  before it is not blank;
- **wide gaps**: no line set to the right margin has a gap between two words wider than :data:`WIDE_GAP` em
  (a space is a quarter of one; justification stretched none of the book's other lines past 0.62 em);
- **the index**: each page it gives for a word holds the word, no page is given twice for one word, and every
  word the glossary explains (``{glossary-index}``'s body) is in it.

Reading the whole book takes a few seconds (PDFium, through pypdfium2, and pypdf for the bookmarks).
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from .pagecheck import FOOT_PT, HEAD_PT, fullness, page_texts, pixels

ROOT = Path(__file__).resolve().parent.parent

FIFTH = 0.20  # a page less full than this is a fault, unless it ends a chapter
WIDE_GAP = 0.85  # em: a gap between two words of a justified line wider than this is a fault (a space: ~0.26 em;
# the widest in the booklet's justified lines was 0.62 em, the stretched line of Kendra Kari p. 41 2.1 em)


def _ascii(text: str) -> str:
    """Letters and digits only, lower case: how a heading is found in a page's text (which may split a
    Devanagari cluster, break a line or drop a space)."""
    return re.sub(r"[^a-z0-9]+", "", text.lower())


@dataclass(frozen=True)
class Mark:
    """A bookmark (a heading) of the booklet: its level (1 for a chapter), title, page and height on it
    (PDF points from the foot)."""

    level: int
    title: str
    page: int
    top: float


@dataclass
class Sources:
    """The chapters' Markdown files, to name a fault's file and line: each chapter's title (its ``# `` line)
    and its headings with their lines."""

    root: Path = ROOT

    @cached_property
    def files(self) -> dict[str, Path]:
        """docname ("rules/hamrang") -> file, for every Markdown file of the book."""
        return {p.relative_to(self.root).with_suffix("").as_posix(): p
                for p in sorted(self.root.glob("rules/**/*.md")) + [self.root / "index.md"] if p.is_file()}

    @cached_property
    def by_title(self) -> dict[str, str]:
        """A chapter's title (letters and digits) -> its docname."""
        out = {}
        for doc, path in self.files.items():
            found = re.search(r"^# (.+)$", path.read_text(encoding="utf-8"), re.M)
            if found:
                out.setdefault(_ascii(found[1]), doc)
        return out

    def by_slug(self, slug: str) -> str | None:
        """The docname whose slug (``rules-designers-komi``) is ``slug``."""
        for doc in self.files:
            if re.sub(r"[^a-z0-9]+", "-", doc.lower()).strip("-") == slug:
                return doc
        return None

    def name(self, doc: str) -> str:
        return self.files[doc].relative_to(self.root).as_posix()

    def heading_line(self, doc: str | None, title: str) -> int | None:
        """The line of ``doc`` that holds the heading ``title`` (``## Variants``), or None."""
        if not doc or doc not in self.files:
            return None
        want = _ascii(title)
        for n, line in enumerate(self.files[doc].read_text(encoding="utf-8").splitlines(), 1):
            found = re.match(r"#{1,6} (.+)$", line)
            if found and _ascii(found[1]) == want:
                return n
        return None


@dataclass
class Booklet:
    """The printed booklet as the checks read it: each page's text and its bookmarks, read once."""

    path: Path
    sources: Sources = field(default_factory=Sources)

    @cached_property
    def texts(self) -> list[str]:
        return page_texts(self.path)

    @cached_property
    def reader(self):
        from pypdf import PdfReader

        return PdfReader(str(self.path))

    @cached_property
    def marks(self) -> list[Mark]:
        """Every bookmark, in the book's order."""
        out: list[Mark] = []

        def walk(items, level):
            for item in items:
                if isinstance(item, list):
                    walk(item, level + 1)
                else:
                    out.append(Mark(level, str(item.title), self.reader.get_destination_page_number(item) + 1,
                                    float(item.top or 0)))

        outline = self.reader.outline
        walk(outline, 1)
        if len({m.level for m in out if m.level == 1}) and sum(m.level == 1 for m in out) == 1 and len(out) > 1:
            out = [Mark(m.level - 1, m.title, m.page, m.top) for m in out[1:]]  # one top entry: the book's
        return out

    @cached_property
    def chapters(self) -> list[Mark]:
        return [m for m in self.marks if m.level == 1]

    @cached_property
    def chapter_starts(self) -> set[int]:
        return {m.page for m in self.chapters}

    @cached_property
    def anchors(self) -> dict[str, int]:
        """Every named destination (an id of the HTML) -> its page."""
        out = {}
        for name, dest in self.reader.named_destinations.items():
            try:
                out[str(name)] = self.reader.get_destination_page_number(dest) + 1
            except Exception:  # noqa: BLE001 - a destination to no page: none to check
                continue
        return out

    def turned_questions(self) -> set[int]:
        """The pages before a question that book/pdf.py turned to a left-hand page so that its answer faces it
        (its mark ``question-...-turned``): such a page may end early, deliberately."""
        return {page - 1 for name, page in self.anchors.items() if name.endswith("-turned")}

    def chapter_of(self, page: int) -> Mark | None:
        found = [m for m in self.chapters if m.page <= page]
        return found[-1] if found else None

    def heading_of(self, page: int) -> Mark | None:
        """The last heading under a chapter's title that starts on or before ``page``."""
        found = [m for m in self.marks if m.level > 1 and m.page <= page]
        chapter = self.chapter_of(page)
        found = [m for m in found if chapter is None or m.page >= chapter.page]
        return found[-1] if found else None

    def doc_of(self, page: int) -> str | None:
        chapter = self.chapter_of(page)
        return self.sources.by_title.get(_ascii(chapter.title)) if chapter else None

    def where(self, page: int, heading: Mark | None = None, doc: str | None = None, line: int | None = None) -> str:
        """``rules/naqsh.md:275: p. 281 (Naqsh, "Variants")``: the file and line where known, the page,
        the chapter and the heading."""
        chapter = self.chapter_of(page)
        heading = heading or self.heading_of(page)
        doc = doc or self.doc_of(page)
        if line is None and heading is not None:
            line = self.sources.heading_line(doc, heading.title)
        if line is None and chapter is not None:
            line = self.sources.heading_line(doc, chapter.title)
        source = f"{self.sources.name(doc)}:{line}: " if doc in self.sources.files and line else \
            f"{self.sources.name(doc)}: " if doc in self.sources.files else ""
        under = ", ".join(filter(None, [chapter.title if chapter else "", f'"{heading.title}"' if heading else ""]))
        return f"{source}p. {page}" + (f" ({under})" if under else "")


# -- the checks: each returns one line a fault ----------------------------------------------------

QUESTION = re.compile(r"question-(?P<doc>[a-z0-9-]+?)-(?P<line>\d+)")


def split_questions(book: Booklet) -> list[str]:
    """A question whose answer is overleaf from a right-hand page (or more than a spread away)."""
    out = []
    anchors = book.anchors
    for name, start in sorted(anchors.items(), key=lambda kv: kv[1]):
        found = QUESTION.fullmatch(name)
        if not found or f"{name}-end" not in anchors:
            continue
        end = anchors[f"{name}-end"]
        if end == start or (start % 2 == 0 and end == start + 1):
            continue  # on one page, or on the two facing pages of a spread
        doc = book.sources.by_slug(found["doc"])
        side = "a right-hand page" if start % 2 else "a left-hand page"
        out.append(f"{book.where(start, doc=doc, line=int(found['line']))}: the question starts on {side} and its "
                   f"answer is on p. {end}, overleaf: a question, its picture and its answer share one spread")
    return out


HEADER = re.compile(r"(?:Game|Players|Variants|Options|Names|Rounds):")  # a worked game's header (book/directives/deal.py)
UNDER_HEADING = 2  # lines of its text a heading has under it on its page, at least


def _text_lines(lines: list[str]) -> list[str]:
    """``lines`` without a worked game's header ("Game: Naqsh, 6 players", "Players: ..." and the short end of
    a line of it that runs on, "play)")."""
    out, in_header = [], False
    for line in lines:
        if HEADER.match(line):
            in_header = True
            continue
        if in_header and len(line) < 30 and (line[:1].islower() or line.endswith(")")):
            continue
        in_header = False
        out.append(line)
    return out


def headings_ending_pages(book: Booklet, under: int = UNDER_HEADING) -> list[str]:
    """A heading with fewer than ``under`` lines of its text under it on its page (a worked game's header,
    "Game: ..." and "Players: ...", is not its text): what it heads is overleaf."""
    out = []
    for n, text in enumerate(book.texts, 1):
        on_page = [m for m in book.marks if m.page == n and m.level > 1]  # a chapter's title opens its page
        if not on_page:
            continue
        last = min(on_page, key=lambda m: m.top)  # the lowest heading on the page
        title = _ascii(last.title)
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        after = None
        for i in range(len(lines) - 1, -1, -1):  # the heading's own line(s), the last that spell its title
            for m in range(1, 4):
                if _ascii(" ".join(lines[i:i + m])) == title:
                    after = lines[i + m:]
                    break
            if after is not None:
                break
        if after is None:
            continue
        body = _text_lines(after)
        if len(body) < under:
            said = "nothing" if not body else f"{len(body)} line{'s' * (len(body) > 1)} of its text"
            out.append(f"{book.where(n, heading=last)}: the heading \"{last.title}\" has {said} under it at the "
                       f"page's foot; what it heads is on p. {n + 1}")
    return out


def headers_ending_pages(book: Booklet) -> list[str]:
    """A worked game's header ("Game: ...", "Players: ...") that is the last text on its page: the table it
    heads is overleaf (Naqsh's worked round, issue 41)."""
    out = []
    for n, text in enumerate(book.texts, 1):
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        last = max((i for i, line in enumerate(lines) if HEADER.match(line)), default=None)
        if last is not None and not _text_lines(lines[last:]):
            out.append(f"{book.where(n)}: a worked game's header ({lines[last][:40]!r}) ends the page; the game "
                       f"it heads starts on p. {n + 1}")
    return out


def leads_ending_pages(book: Booklet) -> list[str]:
    """A page whose last line ends with a colon: the sentence that leads into a picture, a question or a list
    is at the page's foot, and what it leads into is overleaf (the eleventh reading found a dozen)."""
    out = []
    for n, text in enumerate(book.texts, 1):
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        overleaf = [line.strip() for line in book.texts[n].splitlines() if line.strip()] if n < len(book.texts) else []
        if overleaf and overleaf[0][:1].islower():
            continue  # the sentence goes on overleaf: a colon inside it ("... at the 5% level: each ..."), no lead-in
        if lines and lines[-1].endswith(":") and n < len(book.texts):
            words = lines[-1].split()
            said = ("... " if len(words) > 10 else "") + " ".join(words[-10:])  # the line's last words, whole
            out.append(f"{book.where(n)}: the page ends on a lead-in ({said!r}); what it leads into is "
                       f"on p. {n + 1}")
    return out


def _blank(text: str) -> bool:
    return not text.strip()


def _is_note(text: str) -> bool:
    return text.strip().partition("\n")[0].strip() == "Notes"


def underfull_pages(book: Booklet, fifth: float = FIFTH) -> list[str]:
    """A page less than ``fifth`` full that does not end a chapter, and a blank page that is not the left-hand
    page before a chapter's opening. The cover, the imprint and the note pages at the end are left alone."""
    texts = book.texts
    last = len(texts)
    starts = book.chapter_starts
    first = min(starts) if starts else 1
    out = []
    for n, page in enumerate(pixels(book.path), 1):
        text = texts[n - 1]
        if n < first or n == last or _is_note(text):
            continue
        ends_chapter = (n + 1 in starts) or (n + 2 in starts and _blank(texts[n])) or n + 1 > last \
            or _is_note(texts[n])
        if _blank(text):
            if not (n % 2 == 0 and n + 1 in starts):
                out.append(f"{book.where(n)}: the page is blank, and it is not the left-hand page before a "
                           f"chapter's opening")
            continue
        if ends_chapter:
            continue
        full = fullness(page)
        if full < fifth:
            out.append(f"{book.where(n)}: the page is {100 * full:.0f}% full, under a fifth, and does not end "
                       f"its chapter")
    return out


TWO_PAGES = "at a glance (two pages)"  # book/directives/game_facts.py: a quick reference longer than a page
QUICK = re.compile(r"at-a-glance-(?P<game>[a-z0-9-]+)")  # book/directives/game_facts.py quick_reference_id


def quick_references(book: Booklet) -> list[str]:
    """A chapter's "at a glance" box that is not on one page, or that has a blank page before it."""
    out = []
    anchors = book.anchors
    for name, start in anchors.items():
        found = QUICK.fullmatch(name)
        if not found:
            continue
        end = anchors.get(f"{name}-end", start)
        title = found["game"].replace("-", " ").title()
        two = TWO_PAGES in " ".join(book.texts[start - 1].split())  # the title says so: "... at a glance (two pages)"
        if end > start + two:
            out.append(f"{book.where(start)}: {title} at a glance takes pp. {start}-{end}: the front matter "
                       f"promises it on one page, or on two where its title says \"{TWO_PAGES}\"")
        if start > 1 and _blank(book.texts[start - 2]):
            out.append(f"{book.where(start)}: {title} at a glance has a blank page before it (p. {start - 1})")
    return out


def contents_order(book: Booklet) -> list[str]:
    """A heading listed in the contents (a bookmark) before one on an earlier page of the same chapter: "at a
    glance ... 54" above "Sources and credits ... 53" (a float moved past the text after it)."""
    out, last, chapter = [], None, ""
    for mark in book.marks:
        if mark.level == 1:
            chapter, last = mark.title, mark
            continue
        if last is not None and (mark.page, -mark.top) < (last.page, -last.top) and mark.page < last.page:
            out.append(f"{book.where(mark.page)}: the contents list {last.title!r} (p. {last.page}) before "
                       f"{mark.title!r} (p. {mark.page}) in {chapter}: the pages run the other way")
        last = mark
    return out


MARKER = re.compile(r"(?:\d+(?:[–-]\d+)?|[a-z]|[ivx]+)[.)]|[•‣◦–-]")  # a list item's number or bullet


def _lines(book: Booklet):
    """Each line of the text between the margins: ``(page, size, words)``, ``words`` the (left, right, text) of
    each word, read from PDFium's character boxes; ``size`` the type size most of its letters have. A line
    is what shares a baseline (two columns side by side make one). Text in the pictures (their own font)
    is left out."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    from .pagecheck import PICTURE_FONT

    name = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    x, y = ctypes.c_double(), ctypes.c_double()
    document = pdfium.PdfDocument(str(book.path))
    try:
        for n, page in enumerate(document, 1):
            height = page.get_height()
            text = page.get_textpage()
            rows: dict[int, list] = {}
            for i in range(pdfium_c.FPDFText_CountChars(text.raw)):
                char = pdfium_c.FPDFText_GetUnicode(text.raw, i)
                if char in (0x0A, 0x0D, 0x02, 0xFFFE) or pdfium_c.FPDFText_IsGenerated(text.raw, i) == 1:
                    continue
                pdfium_c.FPDFText_GetCharOrigin(text.raw, i, x, y)
                if not (FOOT_PT < y.value < height - HEAD_PT):
                    continue
                pdfium_c.FPDFText_GetFontInfo(text.raw, i, name, len(name), flags)
                if name.value.decode("utf-8", "replace").split("+", 1)[-1] == PICTURE_FONT:
                    continue
                pdfium_c.FPDFText_GetCharBox(text.raw, i, left, right, bottom, top)
                size = round(pdfium_c.FPDFText_GetFontSize(text.raw, i), 1)
                rows.setdefault(round(y.value), []).append((left.value, right.value, chr(char), size))
            for _, chars in sorted(rows.items(), key=lambda kv: -kv[0]):
                chars.sort()
                sizes = [c[3] for c in chars if not c[2].isspace()]
                if not sizes:
                    continue
                size = max(set(sizes), key=sizes.count)
                words: list[list] = []
                spaced = True
                for l, r, c, _ in chars:
                    if c.isspace():
                        spaced = True
                        continue
                    if spaced or not words or l - words[-1][1] > 0.2 * size:
                        words.append([l, r, c])
                    else:
                        words[-1][1], words[-1][2] = max(words[-1][1], r), words[-1][2] + c
                    spaced = False
                if words:
                    yield n, size, [tuple(w) for w in words]
    finally:
        document.close()



def wide_gaps(book: Booklet, widest: float = WIDE_GAP) -> list[str]:
    """A line of text set from margin to margin whose gap between two words is wider than ``widest`` em:
    justification stretched it. A list item's number and the text after it are not two words."""
    lines = [line for line in _lines(book) if len(line[2]) > 1]
    # the text block's right edge on left and on right pages: where most full lines end
    ends: dict[int, list[float]] = {0: [], 1: []}
    for n, size, words in lines:
        ends[n % 2].append(round(words[-1][1]))
    edge = {side: max(set(e), key=e.count) if e else 0 for side, e in ends.items()}
    out = []
    for n, size, words in lines:
        if abs(words[-1][1] - edge[n % 2]) > 1.5:
            continue  # not set to the right margin: a paragraph's last line, text set flush left, a column
        if MARKER.fullmatch(words[0][2]):
            words = words[1:]
        gaps = [(b[0] - a[1], a[2], b[2]) for a, b in zip(words, words[1:])]
        if not gaps:
            continue
        gap, before, after = max(gaps)
        if gap > widest * size:
            text = " ".join(w[2] for w in words)
            out.append(f"{book.where(n)}: a justified line has a gap of {gap / size:.1f} em "
                       f"({gap / 72 * 25.4:.1f} mm) between {before!r} and {after!r}: {text[:70]!r}")
    return out


def index_faults(book: Booklet, glossary: Path | None = None) -> list[str]:
    """The index against the pages it gives: each page holds its word, none is given twice for a word, and
    every word the glossary explains is listed."""
    entries = index_entries(book)
    glossary = glossary or book.sources.root / "rules" / "glossary.md"
    words = glossary_words(glossary)
    out = []
    start = _index_start(book)
    index_doc = book.doc_of(start) if start else None
    where = f"{book.sources.name(index_doc)}: " if index_doc in book.sources.files else ""
    for term, pages in entries.items():
        twice = sorted({p for p in pages if pages.count(p) > 1})
        if twice:
            out.append(f"{where}the index gives {', '.join(f'p. {p}' for p in twice)} twice for {term!r}: {pages}")
        if term.lower() not in {w.lower() for w in words}:
            continue  # a topic or a game: its pages are sections and rules, not the word
        for page in sorted(set(pages)):
            if page < 1 or page > len(book.texts) or not holds(book.texts[page - 1], term):
                out.append(f"{book.where(page)}: the index gives this page for {term!r}, and the word is not on it")
    listed = {t.lower() for t in entries}
    for word, line in words.items():
        if word.lower() not in listed:
            out.append(f"{glossary.relative_to(book.sources.root) if glossary.is_relative_to(book.sources.root) else glossary}:"
                       f"{line}: the glossary explains {word!r}, and the index does not list it")
    return out


def holds(text: str, term: str) -> bool:
    """Whether a page's text holds ``term``, case aside, a word broken at a line's end by a hyphen read whole:
    each of its words starts a word there, but for its last two letters ("stake" in "stakes", "doubled" in
    "doubles", "deni" whole)."""
    flat = " ".join(re.sub(r"[\u2010\u00ad-]\s*\n\s*", "", text).split()).lower()
    spaced = " ".join(text.split()).lower()
    stems = [word[:max(4, len(word) - 2)] for word in re.split(r"[ \u2010-]+", term.lower()) if word]
    return all(re.search(rf"\b{re.escape(stem)}", flat) or re.search(rf"\b{re.escape(stem)}", spaced)
               for stem in stems)


def glossary_words(glossary: Path) -> dict[str, int]:
    """The headwords of the glossary's ``{glossary-index}`` body, each with its line."""
    from .directives.glossary import WORD_LINE

    out, inside = {}, False
    for n, line in enumerate(glossary.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```{glossary-index}"):
            inside = True
        elif inside and line.startswith("```"):
            break
        elif inside and line.strip() and not line.startswith(":"):
            found = WORD_LINE.match(line.strip())
            if found:
                out[found["head"].strip()] = n
    return out


INDEX_HEAD = "Every word the glossary explains"
INDEX_ENTRY = re.compile(r"([A-Z][A-Za-z\u2010-]*(?: (?:\(the game\)|[A-Za-z\u2010-]+))*) (\d+(?:, \d+)*)")


def _index_start(book: Booklet) -> int | None:
    for n, text in enumerate(book.texts, 1):
        if INDEX_HEAD in " ".join(text.split()):
            return n
    return None


def index_entries(book: Booklet) -> dict[str, list[int]]:
    """The index at the end of the book: term -> its page numbers as printed, in order."""
    start = _index_start(book)
    if start is None:
        return {}
    text = []
    for n in range(start, len(book.texts) + 1):
        lines = [ln.strip() for ln in book.texts[n - 1].splitlines() if ln.strip()]
        if not lines or lines[0] == "Notes":
            break
        if n == start:
            joined = " ".join(lines)
            lines = [joined.split("the sections of its chapter.", 1)[-1]]  # after the heading and its note
        text.append(" ".join(lines))
    flat = re.sub(r"[\u2010\u00ad-] ", "", " ".join(text))
    return {term: [int(p) for p in pages.split(", ")] for term, pages in INDEX_ENTRY.findall(flat)}


CHECKS = {
    "questions": split_questions,
    "headings": lambda book: headings_ending_pages(book) + headers_ending_pages(book),
    "lead-ins": leads_ending_pages,
    "underfull pages": underfull_pages,
    "quick references": quick_references,
    "contents order": contents_order,
    "wide gaps": wide_gaps,
    "index": index_faults,
}


def faults(pdf: Path, root: Path = ROOT, only: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """Every check's faults, by check."""
    book = Booklet(Path(pdf), Sources(root))
    return {name: check(book) for name, check in CHECKS.items() if not only or name in only}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m book.pagerules", description=__doc__.splitlines()[0])
    parser.add_argument("pdf")
    parser.add_argument("--root", default=str(ROOT), help="the book's sources (its rules/ folder)")
    parser.add_argument("--only", action="append", default=[], choices=list(CHECKS))
    args = parser.parse_args(argv)
    found = faults(Path(args.pdf), Path(args.root), tuple(args.only))
    total = 0
    for name, lines in found.items():
        for line in lines:
            print(line)
        total += len(lines)
    print(f"{args.pdf}: " + ", ".join(f"{name} {len(lines)}" for name, lines in found.items()), file=sys.stderr)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
