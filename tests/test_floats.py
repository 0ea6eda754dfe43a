"""A worked game's picture that would leave a page half blank floats past the moves after it (book/floats.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from book import floats
from book.pdf import serialise

CSS = "@page { size: A5; margin: 15mm 14mm 14mm 14mm; } body { margin: 0; font: 10pt/1.3 serif; } " \
      "figure { margin: 0; break-inside: avoid; } figure.pdf-float-alt { display: none; }"


def _book(picture_mm: float, second_picture: bool = False, reserve: bool = False) -> ET.Element:
    """A page of text, then a worked game: a picture ``picture_mm`` high before 30 moves; with ``reserve``, the
    position after each of the first 12 moves drawn in reserve (as book/directives/deal.py does for print)."""
    def spare(n):
        return (f'<figure class="ganjifa-figure ganjifa-state-alt pdf-float-alt"><div style="height: {picture_mm}mm">'
                f'</div><figcaption>After move {n}</figcaption></figure>' if reserve and n <= 12 else "")
    moves = "".join(f'<li class="ganjifa-move"><p>Move {n}: a line of narration.</p>{spare(n)}</li>' for n in range(1, 31))
    other = ('<li class="ganjifa-move"><p>Move 31.</p><figure class="ganjifa-figure ganjifa-state">'
             '<div style="height: 20mm"></div><figcaption>After move 31</figcaption></figure></li>'
             if second_picture else "")
    html = (f"<html><head><style>{CSS}</style></head><body><div style='height: 100mm'>Text before.</div>"
            '<div class="ganjifa-deal"><figure class="ganjifa-figure ganjifa-state">'
            f'<div style="height: {picture_mm}mm"></div><figcaption>Before move 1</figcaption></figure>'
            f'<ul class="ganjifa-moves">{other}{moves}</ul></div></body></html>')
    import tinyhtml5

    return tinyhtml5.parse(html, namespace_html_elements=False)


def _render(root):
    from weasyprint import HTML

    return HTML(string=serialise(root)).render()


def _page_of(pages, anchor: str) -> int:
    return next(n for n, page in enumerate(pages) if anchor in page.anchors)


def test_a_picture_that_leaves_half_a_page_blank_heads_the_next_page_after_the_moves_that_fill_it():
    root = _book(120)
    assert floats.mark(root) == 1
    first = _render(root).pages
    assert _page_of(first, "pdf-float-0") == 1 and _page_of(first, "pdf-float-0-at") == 0  # the gap
    assert floats.float_down(root, first, CSS) == ["Before move 1"]
    again = _render(root).pages
    on_first = [a for a in again[0].anchors if a.startswith("pdf-move-")]
    assert on_first  # moves now run on under the text
    px = floats.PX_PER_MM
    bottom = max(box[3] for name, box in again[0].anchors.items() if name.startswith("pdf-move-"))
    assert (210 - 14) * px - bottom < floats.GAP * (210 - 15 - 14) * px  # the page is no longer half blank
    assert _page_of(again, "pdf-float-0") == 1
    assert again[1].anchors["pdf-float-0"][1] < 20 * px  # the picture heads the next page
    # the moves keep their order; the picture comes after the last move that fits before it
    moves = [el.get("id") for el in root.iter("li")]
    assert moves == [f"pdf-move-{n}" for n in range(30)]
    holder = next(li for li in root.iter("li") if li.find("figure") is not None)
    assert holder.get("id") == on_first[-1]


def test_a_picture_that_goes_on_becomes_the_position_the_moves_have_reached():
    """Issue 19: a picture never follows the moves it precedes. The moves that fill the gap run on, and the
    next page is headed by the position after the last of them, drawn in reserve; the rest are dropped."""
    root = _book(120, reserve=True)
    assert floats.mark(root) == 1  # the reserve is not a picture of its own
    first = _render(root).pages
    moved = floats.float_down(root, first, CSS)
    assert len(moved) == 1 and moved[0].startswith("Before move 1 -> After move ")
    figures = [el for el in root.iter("figure")]
    assert len(figures) == 1 and "".join(figures[0].find("figcaption").itertext()) == moved[0].split(" -> ")[1]
    assert "pdf-float-alt" not in figures[0].get("class") and figures[0].get("id") == "pdf-float-0"
    holder = next(li for li in root.iter("li") if li.find("figure") is not None)
    n = int(moved[0].rsplit(" ", 1)[1])
    assert "".join(holder.find("p").itertext()).startswith(f"Move {n}:")  # drawn after the move it follows
    again = _render(root).pages
    assert _page_of(again, "pdf-float-0") == 1 and again[1].anchors["pdf-float-0"][1] < 20 * floats.PX_PER_MM


def test_a_picture_that_fits_or_would_pass_another_picture_stays():
    fits = _book(60)
    floats.mark(fits)
    assert floats.float_down(fits, _render(fits).pages, CSS) == []  # it fits under the text: no gap
    blocked = _book(120, second_picture=True)
    assert floats.mark(blocked) == 2
    assert floats.float_down(blocked, _render(blocked).pages, CSS) == []  # the next item holds a picture


def test_text_block_is_read_from_the_print_stylesheet():
    from book.pdf import PRINT_CSS

    assert floats.text_block(PRINT_CSS.read_text(encoding="utf-8")) == (15.0, 14.0)
    with pytest.raises(ValueError, match="@page"):
        floats.text_block("body { margin: 0 }")
