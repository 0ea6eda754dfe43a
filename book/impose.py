"""Imposition for the print shop: an A5 interior two-up on A4 sheets in saddle-stitch order (in sections
of 16 pages for a booklet too thick to staple).

A saddle-stitched booklet is a stack of sheets printed on both sides, folded once and stapled on the
fold. With ``n`` pages (a multiple of four; blank pages pad it), sheet ``i`` (from the outside in)
carries on its front the pages ``n - 2i`` (left) and ``2i + 1`` (right), and on its back ``2i + 2``
(left) and ``n - 2i - 1`` (right), counting from 1. :func:`impose` writes one A4 landscape page per
sheet side, the two A5 pages meeting at the fold in the middle, with pypdf's public API only
(each page a form, drawn twice-up on a ``PageObject.create_blank_page``). Printed double-sided (flip on the short edge), folded and stapled, the sheets give the pages in order.

``python -m book.impose INTERIOR.pdf IMPOSED.pdf``
"""

from __future__ import annotations

import sys
from pathlib import Path

MM = 72 / 25.4
A4_LANDSCAPE = (297 * MM, 210 * MM)  # points
# A saddle-stitched booklet folds flat and takes a staple up to about 24 sheets of 80 g/m² paper (96 pages;
# its spine is then about 2.5 mm thick, and the inner pages creep out by about as much). A thicker booklet is
# folded in sections of four sheets (16 pages), each saddle-ordered, gathered one after the other and sewn
# or glued into a cover with a spine (book/spread.py), as the print shop binds a book.
STAPLE_PAGES = 96
SECTION_PAGES = 16


def padded(pages: int) -> int:
    """The page count padded with blank pages to a multiple of four."""
    return pages + (-pages) % 4


def saddle_order(pages: int) -> list[tuple[int, int]]:
    """The sheet sides in printing order, each as (left page, right page), 0-based, for ``pages`` (padded
    to a multiple of four: an index ``>= pages`` is a blank page)."""
    n = padded(pages)
    sides = []
    for i in range(n // 4):
        sides.append((n - 1 - 2 * i, 2 * i))  # front: the last page and the first, outermost
        sides.append((2 * i + 1, n - 2 - 2 * i))  # back
    return sides


def sections(pages: int, section: int | None = None) -> list[tuple[int, int]]:
    """How a book of ``pages`` pages (padded to a multiple of four) is folded: one section of all its pages
    when ``section`` is None (saddle-stitched), else sections of ``section`` pages each (a multiple of four)
    and a last one of what remains; each as (its first page, its pages), 0-based."""
    n = padded(pages)
    if section is None:
        return [(0, n)]
    if section <= 0 or section % 4:
        raise ValueError(f"a section is a multiple of four pages, not {section}")
    return [(start, min(section, n - start)) for start in range(0, n, section)]


def binding(pages: int) -> str:
    """``saddle-stitch`` for a booklet thin enough to staple on the fold (:data:`STAPLE_PAGES` or fewer,
    padded), else ``sections``: folded in sections of :data:`SECTION_PAGES` pages that are gathered and bound."""
    return "saddle-stitch" if padded(pages) <= STAPLE_PAGES else "sections"


def section_pages(pages: int) -> int | None:
    """The pages a section holds for the binding :func:`binding` chooses (None: one section, stapled)."""
    return None if binding(pages) == "saddle-stitch" else SECTION_PAGES


def book_order(pages: int, section: int | None = None) -> list[tuple[int, int]]:
    """The sheet sides in printing order for the whole book, each as (left page, right page), 0-based: each
    section's sheets in saddle-stitch order, section after section (an index ``>= pages`` is a blank page)."""
    return [(start + left, start + right) for start, count in sections(pages, section)
            for left, right in saddle_order(count)]


def impose(interior: str | Path, out: str | Path, section: int | None = None) -> int:
    """Write ``interior`` two-up on A4 landscape sheet sides in saddle-stitch order to ``out`` (each section
    of ``section`` pages in that order, section after section, when given); return the number of sheet
    sides written (twice the number of sheets).

    Each A5 page becomes a form (its content stream, cloned once, with its resources), and each sheet side
    draws its two forms, moved into place: a page's drawing is copied as it is, never parsed, so a book of
    a hundred pages is imposed in a second or two (pypdf's ``merge_transformed_page``, which parses every
    page's drawing, took a minute). A page drawn in several streams is merged that way instead."""
    from pypdf import PageObject, PdfReader, PdfWriter, Transformation
    from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject, NameObject

    reader = PdfReader(str(interior))
    pages = reader.pages
    if not len(pages):
        raise ValueError(f"{interior} has no pages")
    width = float(pages[0].mediabox.width)
    height = float(pages[0].mediabox.height)
    sheet_w, sheet_h = A4_LANDSCAPE
    if 2 * width > sheet_w + 0.5 or height > sheet_h + 0.5:
        raise ValueError(f"{interior}: a page of {width:.0f} x {height:.0f} pt does not fit twice on A4")
    sizes = {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in pages}
    if len(sizes) != 1:
        raise ValueError(f"{interior} has pages of more than one size: {sorted(sizes)}")
    fold = sheet_w / 2
    y = (sheet_h - height) / 2
    writer = PdfWriter()
    forms: dict[int, object] = {}

    def form(index: int):
        """The page as a form in ``writer`` (an indirect reference), or None when it cannot be one."""
        if index not in forms:
            page = pages[index]
            contents = page.raw_get("/Contents") if "/Contents" in page else None
            if contents is None or isinstance(contents.get_object(), ArrayObject) or not hasattr(contents, "clone"):
                forms[index] = None
            else:
                ref = contents.clone(writer)  # the stream, copied as it is into the writer
                stream = ref.get_object()
                box = page.mediabox
                stream[NameObject("/Type")] = NameObject("/XObject")
                stream[NameObject("/Subtype")] = NameObject("/Form")
                stream[NameObject("/BBox")] = ArrayObject(FloatObject(v) for v in (box.left, box.bottom, box.right, box.top))
                # the resources as the page refers to them: WeasyPrint shares one dictionary (every form of
                # the book) among all pages, so it is copied once, not once a page (which made a 236-page
                # booklet's imposed file 26 MB against its interior's 3.5)
                stream[NameObject("/Resources")] = (page.raw_get("/Resources").clone(writer) if "/Resources" in page
                                                    else DictionaryObject())
                if "/Group" in page:
                    stream[NameObject("/Group")] = page["/Group"].clone(writer)
                forms[index] = ref
        return forms[index]

    for left, right in book_order(len(pages), section):
        side = PageObject.create_blank_page(width=sheet_w, height=sheet_h)
        drawing, xobjects, merged = [], DictionaryObject(), []
        for index, x in ((left, fold - width), (right, fold)):
            if index >= len(pages):
                continue  # a blank page
            box = pages[index].mediabox
            tx, ty = x - float(box.left), y - float(box.bottom)
            ref = form(index)
            if ref is None:
                merged.append((index, tx, ty))
                continue
            name = f"/P{index + 1}"
            xobjects[NameObject(name)] = ref
            drawing.append(f"q 1 0 0 1 {tx:.4f} {ty:.4f} cm {name} Do Q")
        stream = DecodedStreamObject()
        stream.set_data(" ".join(drawing).encode())
        side[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): xobjects})
        side.replace_contents(stream)
        for index, tx, ty in merged:
            side.merge_transformed_page(pages[index], Transformation().translate(tx=tx, ty=ty))
        writer.add_page(side).compress_content_streams()
    writer.add_metadata({"/Title": f"{(reader.metadata or {}).get('/Title', Path(interior).stem)} (imposed)",
                         "/Producer": "pypdf"})
    out = Path(out)
    partial = out.with_name(out.name + ".part")
    with open(partial, "wb") as fh:
        writer.write(fh)
    partial.replace(out)
    return len(writer.pages)


def _pdftotext(pdf: str | Path, *crop: float) -> list[str]:
    """Each page's text by poppler's ``pdftotext`` (within ``crop``, x y width height in points, if given),
    whitespace removed."""
    import subprocess

    area = []
    if crop:
        area = [a for flag, v in zip(("-x", "-y", "-W", "-H"), crop) for a in (flag, str(round(v)))]
    done = subprocess.run(["pdftotext", "-r", "72", *area, str(pdf), "-"], capture_output=True, text=True, check=True)
    pages = done.stdout.split("\f")[:-1]  # every page ends with a form feed
    return ["".join(page.split()) for page in pages]


def halves_text(imposed: str | Path) -> list[tuple[str, str]]:
    """The text on the left and the right half of each sheet side of an imposed file (whitespace removed),
    for checking that every page is where it belongs (poppler's ``pdftotext``, which places each glyph
    wherever the drawing's transformations put it)."""
    from pypdf import PdfReader

    box = PdfReader(str(imposed)).pages[0].mediabox
    width, height = float(box.width), float(box.height)
    left = _pdftotext(imposed, 0, 0, width / 2, height)
    right = _pdftotext(imposed, width / 2, 0, width / 2, height)
    return list(zip(left, right))


def page_text(pdf: str | Path) -> list[str]:
    """Each page's text, whitespace removed (as :func:`halves_text` gives it)."""
    return _pdftotext(pdf)


def check(interior: str | Path, imposed: str | Path, section: int | None = None) -> list[str]:
    """What is wrong with ``imposed`` as the imposition of ``interior`` (saddle-stitched, or in sections of
    ``section`` pages): each sheet side's halves against the pages that belong there (blank past the last
    page); an empty list when right."""
    pages = page_text(interior)
    halves = halves_text(imposed)
    order = book_order(len(pages), section)
    problems = []
    if len(halves) != len(order):
        problems.append(f"{len(halves)} sheet sides, not {len(order)}")
    for n, ((left, right), got) in enumerate(zip(order, halves), 1):
        for index, text, side in ((left, got[0], "left"), (right, got[1], "right")):
            want = pages[index] if index < len(pages) else ""
            if text != want:
                problems.append(f"sheet side {n}, {side}: not page {index + 1} "
                                f"({text[:40]!r} where {want[:40]!r} belongs)")
    return problems


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m book.impose INTERIOR.pdf IMPOSED.pdf", file=sys.stderr)
        return 2
    from pypdf import PdfReader

    pages = len(PdfReader(args[0]).pages)
    section = section_pages(pages)
    sides = impose(args[0], args[1], section)
    how = "saddle-stitched" if section is None else f"in sections of {section} pages"
    print(f"Imposed: {args[1]} ({sides // 2} A4 sheets, printed on both sides; {pages} pages, {how})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
