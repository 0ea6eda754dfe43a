"""The cover spread of a book too thick to staple (the complete book, and a booklet bound in sections).

One page: the back cover, the spine and the front cover side by side, each cover A5, with 3 mm of bleed
all round and crop marks (``@page cover``, book/static/print.css). The spine's width follows the
interior's page count: :data:`LEAF_MM` per leaf (two pages), the caliper of 80 g/m² uncoated offset paper
(about 0.1 mm), plus :data:`COVER_MM` for the cover board wrapping round it.

``python -m book.spread INTERIOR.pdf [OUT.pdf]`` writes ``<interior>-cover-spread.pdf`` beside it.
"""

from __future__ import annotations

import os
import sys
from html import escape
from pathlib import Path

from . import pdfsetup
from .covers import back_cover, cover_section, edition_line
from .pdftree import serialise

LEAF_MM = 0.1  # 80 g/m² uncoated paper: about 100 micrometres a leaf
COVER_MM = 0.5  # the cover board (about 250 g/m²), once on each side of the spine
A5_MM = (148, 210)


def spine_mm(pages: int) -> float:
    """The spine's width for an interior of ``pages`` pages, to a tenth of a millimetre."""
    return round((pages + (-pages) % 2) / 2 * LEAF_MM + COVER_MM, 1)


def spread_path(interior: Path) -> Path:
    return interior.with_name(f"{interior.stem}-cover-spread{interior.suffix}")


def spread_html(title: str, subtitle: str, edition: str, css: str, pages: int, *, deck: str = "mughal",
                games: tuple[str, ...] | None = None) -> str:
    """The spread's HTML: the back cover (:func:`book.covers.back_cover`), the spine with the title when it is
    wide enough to print on (3 mm), and the front cover (:func:`book.covers.cover_section`)."""
    spine = spine_mm(pages)
    width = 2 * A5_MM[0] + spine
    front = serialise(cover_section(title, subtitle, edition, deck=deck)).replace("<!DOCTYPE html>\n", "")
    page = f"""
@page spread {{ size: {width}mm {A5_MM[1]}mm; margin: 0; bleed: 3mm; marks: crop; background: #f8f3e6;
  @top-left {{ content: none; }} @top-right {{ content: none; }}
  @bottom-left {{ content: none; }} @bottom-right {{ content: none; }} }}
.pdf-spread {{ page: spread; position: relative; width: {width}mm; height: {A5_MM[1]}mm; }}
.pdf-spread > .pdf-spread-back, .pdf-spread > .pdf-spread-front {{ position: absolute; top: 0; width: {A5_MM[0]}mm; }}
.pdf-spread > .pdf-spread-back {{ left: 0; }}
.pdf-spread > .pdf-spread-front {{ left: {A5_MM[0] + spine}mm; }}
.pdf-spread .pdf-back-cover {{ page: spread; break-before: auto; }}
.pdf-spread .pdf-cover {{ page: spread; break-after: auto; }}
.pdf-spine {{ position: absolute; top: 0; left: {A5_MM[0]}mm; width: {spine}mm; height: {A5_MM[1]}mm;
  background: #7a4a1e; }}
html div.body .pdf-spine p {{ position: absolute; left: {spine / 2}mm; top: 105mm; width: 180mm; margin: -2.5mm 0 0 -90mm;
  height: 5mm; line-height: 5mm; transform: rotate(90deg); text-align: center; color: #f8f3e6;
  font: 600 {min(9.0, spine * 1.8):.1f}pt "Noto Sans", sans-serif; white-space: nowrap; }}
"""
    back = back_cover(title, games)
    spine_text = f"<p>{escape(title)}</p>" if spine >= 3 else ""
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{escape(title)} (cover spread)</title>"
            f"<style>{css}{page}</style></head><body class='pdf-end'><div class='body'>"
            f"<div class='pdf-spread'><div class='pdf-spread-back'>{back}</div>"
            f"<div class='pdf-spine'>{spine_text}</div><div class='pdf-spread-front'>{front}</div></div>"
            "</div></body></html>")


def make_spread(interior: str | Path, out: str | Path | None = None, *, title: str | None = None,
                subtitle: str | None = None, edition: str | None = None, deck: str = "mughal",
                games: tuple[str, ...] | None = None) -> tuple[Path, float]:
    """Write the cover spread for ``interior`` (the complete book's unless a booklet's title, subtitle,
    edition, deck and games are given); return its path and the spine (mm)."""
    from pypdf import PdfReader
    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    os.environ.setdefault("SOURCE_DATE_EPOCH", pdfsetup.EPOCH)
    interior = Path(interior)
    out = Path(out) if out else spread_path(interior)
    pages = len(PdfReader(str(interior)).pages)
    title = title or pdfsetup.TITLE
    css = pdfsetup.font_faces_css() + pdfsetup.PRINT_CSS.read_text(encoding="utf-8")
    html = spread_html(title, subtitle or pdfsetup.SUBTITLE, edition or edition_line(), css, pages,
                       deck=deck, games=games)
    document = HTML(string=html).render(font_config=FontConfiguration())
    document.metadata.title = f"{title} (cover spread)"
    document.metadata.authors = [pdfsetup.AUTHOR]
    partial = out.with_name(out.name + ".part")
    document.write_pdf(partial)
    partial.replace(out)
    return out, spine_mm(pages)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (1, 2):
        print("usage: python -m book.spread INTERIOR.pdf [OUT.pdf]", file=sys.stderr)
        return 2
    with pdfsetup._rendering():
        out, spine = make_spread(*args)
    print(f"Cover spread: {out} (back, spine {spine} mm for the page count at {LEAF_MM} mm a leaf, front; "
          "3 mm bleed, crop marks)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
