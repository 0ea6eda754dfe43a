"""Look at the printed booklet the way a publisher would: what its pages say and how full they are.

``python -m book.pagecheck _build/pdf/ganjifa-rules.pdf`` prints the figures: pages, the page
count's remainder by four, words players never read in the print text (book/printwords.py's list,
the one the print build checks: Python prompts, clause ids, "rules program" ...), the pages more
than 40% blank, and the smallest text in a picture (card labels) and anywhere. ``--png DIR --pages
3,17`` also renders chosen pages to PNG (with poppler's ``pdftoppm``) so a reviewer can look at them.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

from .printwords import ENFORCED as ENGINE_WORDS  # the one list, shared with the print build's check
from .printwords import WAITING


def page_list(text: str) -> list[int]:
    """``"1,17,55-58"`` -> [1, 17, 55, 56, 57, 58]; anything else is refused naming the bad part."""
    pages: list[int] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        m = re.fullmatch(r"([1-9][0-9]{0,4})(?:-([1-9][0-9]{0,4}))?", part, re.ASCII)
        if not m or (m[2] and int(m[2]) < int(m[1])):
            raise argparse.ArgumentTypeError(f"not a page or a page range: {part!r} (e.g. 1,17,55-60)")
        pages.extend(range(int(m[1]), int(m[2] or m[1]) + 1))
    return pages


HEAD_PT = 40  # the top margin is 15 mm (42.5 pt): a running head prints above the text (book/static/print.css)
FOOT_PT = 38  # the bottom margin is 14 mm (39.7 pt): a page number prints below it


def _texts(pdf: Path) -> list[tuple[str, str, str]]:
    """Each page's (top margin, text between the margins, bottom margin), read by PDFium (pypdfium2): under a
    second for the whole book, where pypdf took a minute and a half and poppler's pdftotext ten seconds a
    pass. Lines end in "\\n"; a hyphen PDFium takes for a line-end one is a hyphen again."""
    import pypdfium2 as pdfium

    def clean(text: str) -> str:
        return text.replace("\r\n", "\n").replace("\r", "\n").replace("\ufffe", "-")

    out = []
    document = pdfium.PdfDocument(str(pdf))
    try:
        for page in document:
            width, height = page.get_size()
            text = page.get_textpage()
            out.append((clean(text.get_text_bounded(0, height - HEAD_PT, width, height)),
                        clean(text.get_text_bounded(0, FOOT_PT, width, height - HEAD_PT)),
                        clean(text.get_text_bounded(0, 0, width, FOOT_PT))))
    finally:
        document.close()
    return out


def page_texts(pdf: Path) -> list[str]:
    """Each page's text between its margins, as a reader reads it: without the running head and the page
    number (:func:`margin_texts`)."""
    return [body for _, body, _ in _texts(pdf)]


def margin_texts(pdf: Path) -> list[tuple[str, str]]:
    """Each page's (running head, page number): the text in its top and in its bottom margin, spaces
    made single ("" where there is none)."""
    return [(" ".join(head.split()), " ".join(foot.split())) for head, _, foot in _texts(pdf)]


HYPHENATED = re.compile(r"[\u2010\u00ad-]\n\s*(?=[a-z])")  # a word broken by the line's hyphen


def engine_words(texts: list[str], words: dict[str, re.Pattern] = ENGINE_WORDS) -> list[tuple[int, str, str]]:
    """``(page, kind, text)`` for every engine word in the print text (book/printwords.py's list; ``WAITING``
    for the entries not yet enforced)."""
    out = []
    for n, text in enumerate(texts, 1):
        text = HYPHENATED.sub("", text)  # "bot-" at a line's end and "tom" on the next are one word, "bottom"
        for kind, pattern in words.items():
            for m in pattern.finditer(text):
                out.append((n, kind, m.group(0)))
    return out


PICTURE_FONT = "Noto-Sans-Bold"  # engine/draw/svg.py: every picture's text; no other text of the booklet uses it


def font_sizes(pdf: Path, height: bool = False) -> list[tuple[float, int, str, str]]:
    """``(size in pt, page, font, text)`` for every run of glyphs of one font and size on a line.

    PDFium (pypdfium2) reads glyphs inside form XObjects too (WeasyPrint draws centred SVG text in one);
    each glyph's size as printed is its font size times the scale of the matrix it is drawn with (every
    transformation applied). About ten times as fast as pdfminer.six, which this used to read it with,
    and the same figures. ``height``: the size as the glyph's height (its vertical scale only), so that a
    label squeezed sideways to fit its card (SVG ``textLength``) is measured by how tall it prints.
    """
    import ctypes
    import math

    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    skip = {0x0A, 0x0D, 0xFFFE, 0x02}  # line ends and hyphens PDFium makes up
    runs: dict[tuple, list[str]] = {}
    name = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    matrix = pdfium_c.FS_MATRIX()
    x, y = ctypes.c_double(), ctypes.c_double()
    document = pdfium.PdfDocument(str(pdf))
    try:
        for n, page in enumerate(document, 1):
            text = page.get_textpage()
            for i in range(pdfium_c.FPDFText_CountChars(text.raw)):
                char = pdfium_c.FPDFText_GetUnicode(text.raw, i)
                if char in skip:
                    continue
                pdfium_c.FPDFText_GetMatrix(text.raw, i, matrix)
                scale = math.hypot(matrix.c, matrix.d) if height else math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
                size = pdfium_c.FPDFText_GetFontSize(text.raw, i) * scale
                pdfium_c.FPDFText_GetFontInfo(text.raw, i, name, len(name), flags)
                pdfium_c.FPDFText_GetCharOrigin(text.raw, i, x, y)  # on the baseline
                font = name.value.decode("utf-8", "replace").split("+", 1)[-1]
                runs.setdefault((round(size, 2), n, font, round(y.value, 1)), []).append(chr(char))
    finally:
        document.close()
    found = [(size, n, font, "".join(text).strip()) for (size, n, font, _), text in runs.items()]
    return [run for run in found if run[3]]


def smallest_card_font(pdf: Path, sizes=None) -> tuple[float, int, str] | None:
    """The smallest text in any picture (a card's rank or suit label, a player's name, a position's
    number): ``(size in pt, page, text)``, or None for a booklet without pictures."""
    found = [(size, n, text) for size, n, font, text in (sizes or font_sizes(pdf)) if font == PICTURE_FONT]
    return min(found) if found else None


CARD_LABEL_PT = 8.0  # a card's rank and suit code print at this size or more (7 pt before issue 30)


def smallest_suit_code(pdf: Path, sizes=None) -> tuple[float, int, str] | None:
    """The smallest suit code printed on a card (runs of two-letter codes, "MaKuVr", as the PDF holds
    them), by how tall it prints (a wide code such as "Vm" is squeezed sideways to stay inside the rim):
    ``(size in pt, page, text)``, or None for a booklet without cards. ``sizes``: :func:`font_sizes` with
    ``height=True``."""
    import re

    found = [(size, n, text) for size, n, font, text in (sizes or font_sizes(pdf, height=True))
             if font == PICTURE_FONT and re.fullmatch(r"(?:[A-Z][a-z])+", text)]
    return min(found) if found else None


def smallest_font(pdf: Path, sizes=None) -> tuple[float, int, str, str]:
    """The smallest text anywhere in the booklet: ``(size in pt, page, font, text)``."""
    return min(sizes or font_sizes(pdf))


def chapter_pages(pdf: Path) -> list[int]:
    """The page (1-based) where each chapter opens: the PDF's top-level bookmarks."""
    from pypdf import PdfReader

    reader = PdfReader(str(pdf))
    outline = reader.outline
    # a single top entry (the book) followed by its children: the chapters are the children
    if len(outline) == 2 and isinstance(outline[1], list):
        outline = outline[1]
    return [reader.get_destination_page_number(item) + 1 for item in outline if not isinstance(item, list)]


def render(pdf: Path, folder: Path, dpi: int = 20, pages: list[int] | None = None) -> list[Path]:
    """Pages as PNG files (all, or the chosen ones), with poppler's pdftoppm."""
    if shutil.which("pdftoppm") is None:
        raise RuntimeError("pdftoppm is not installed (Debian: apt-get install poppler-utils)")
    folder.mkdir(parents=True, exist_ok=True)
    if pages:
        for p in pages:
            subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(p), "-l", str(p), str(pdf),
                            str(folder / "page")], check=True)
    else:
        subprocess.run(["pdftoppm", "-png", "-r", str(dpi), str(pdf), str(folder / "page")], check=True)
    return sorted(folder.glob("page-*.png"))


def fullness(png) -> float:
    """The share of the page's height between its first and last inked row, ignoring the running
    head and the page number (the top and bottom 9% of the page). ``png``: a PNG file, or the page
    as an array of pixels (rows, columns, channels; 0 to 255 or 0 to 1)."""
    import numpy as np

    if isinstance(png, (str, Path)):
        import matplotlib.image as mpimg

        img = mpimg.imread(str(png))
    else:
        img = np.asarray(png, dtype=float)
        if img.max() > 1:
            img = img / 255
    grey = img[..., :3].mean(axis=2) if img.ndim == 3 else img
    h = grey.shape[0]
    top, bottom = int(h * 0.09), int(h * 0.91)
    inked = np.flatnonzero((grey[top:bottom] < 0.85).any(axis=1))
    if not len(inked):
        return 0.0
    return (inked[-1] - inked[0] + 1) / (bottom - top)


def pixels(pdf: Path, dpi: int = 20):
    """Each page drawn at ``dpi`` as an array of pixels, by PDFium (pypdfium2): a page a few milliseconds,
    where pdftoppm takes a tenth of a second for a page of pictures."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(pdf))
    try:
        for page in document:
            yield page.render(scale=dpi / 72, grayscale=True).to_numpy()
    finally:
        document.close()


def _is_note(text: str) -> bool:
    """A note page at the end (its first line just "Notes"), not a chapter such as "Notes for designers"."""
    return text.partition("\n")[0].strip() == "Notes"


def _is_quick_reference(text: str) -> bool:
    """A chapter's quick reference ("Komi at a glance"), which starts a page of its own so that it can be copied whole."""
    lines = [line.strip() for line in text.splitlines() if line.strip()][:3]  # after the running head, if any
    return any(line.endswith(" at a glance") or line.endswith(" at a glance (two pages)") for line in lines)


def blank_pages(pdf: Path, texts: list[str], limit: float = 0.40, allowed=()) -> list[tuple[int, float]]:
    """``(page, blank share)`` for pages more than ``limit`` blank, leaving out the cover and imprint,
    intentional pages (notes, blank), the last page, and the last page before a chapter opening, a
    chapter's quick reference (a page of its own, to copy) or the end matter (the last chapter's end,
    like any chapter's), and the pages in ``allowed`` (those before a question turned to a left-hand page
    so that its answer faces it: book.pagerules.Booklet.turned_questions)."""
    chapter_starts = set(chapter_pages(pdf))
    out = []
    last = len(texts)
    for n, page in enumerate(pixels(pdf), 1):
        text = texts[n - 1].strip()
        after = texts[n].strip() if n < last else ""
        if n <= 3 or n == last or n in allowed or _is_note(text) or not text or (n + 1) in chapter_starts \
                or (n + 2) in chapter_starts and not after \
                or n + 1 == last or _is_note(after) or _is_quick_reference(after) \
                or not after and n + 1 < last and _is_quick_reference(texts[n + 1]):  # a spread starts on the left
            continue
        share = 1 - fullness(page)
        if share > limit:
            out.append((n, round(share, 2)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m book.pagecheck", description=__doc__.splitlines()[0])
    parser.add_argument("pdf")
    parser.add_argument("--png", metavar="DIR", help="render the chosen pages to PNG in DIR")
    parser.add_argument("--pages", default="", type=page_list, help="pages to render, e.g. 1,17,55-60")
    parser.add_argument("--dpi", type=int, default=60)
    args = parser.parse_args(argv)
    pdf = Path(args.pdf)
    texts = page_texts(pdf)
    words = engine_words(texts)
    blank = blank_pages(pdf, texts)
    print(f"{pdf}: {len(texts)} pages ({'a multiple of four' if len(texts) % 4 == 0 else 'NOT a multiple of four'})")
    print(f"engine words in the print text: {len(words)}" + "".join(f"\n  p. {n}: {k} {t!r}" for n, k, t in words[:20]))
    waiting = engine_words(texts, WAITING)
    if waiting:
        print(f"listed but not yet enforced (book/printwords.py): {len(waiting)}"
              + "".join(f"\n  p. {n}: {k} {t!r}" for n, k, t in waiting[:5]))
    print(f"pages more than 40% blank: {len(blank)} of {len(texts)} ({100 * len(blank) / len(texts):.0f}%): "
          + ", ".join(f"p. {n} ({100 * s:.0f}%)" for n, s in blank))
    sizes = font_sizes(pdf)
    card = smallest_card_font(pdf, sizes)
    if card:
        print(f"smallest text in a picture: {card[0]:.2f} pt (p. {card[1]}, {card[2]!r})")
    code = smallest_suit_code(pdf)  # by height: measured again
    if code:
        print(f"smallest suit code on a card: {code[0]:.2f} pt (p. {code[1]}, {code[2]!r}; at least {CARD_LABEL_PT:g} pt wanted)")
    size, n, font, text = smallest_font(pdf, sizes)
    print(f"smallest text anywhere: {size:.2f} pt (p. {n}, {font}, {text!r})")
    if args.png:
        pages = args.pages or None
        for png in render(pdf, Path(args.png), args.dpi, pages):
            print(f"wrote {png}")
    return 0


if __name__ == "__main__":
    from pypdf.errors import PyPdfError

    try:
        sys.exit(main())
    except (RuntimeError, OSError, PyPdfError) as err:  # no pdftoppm, no such file, not a PDF: one line
        print(f"python -m book.pagecheck: {err}", file=sys.stderr)
        sys.exit(2)
