"""The print shop's booklets, one per deck (issue 24): the declared table, the imposition, and each PDF.

The table and the saddle-stitch order are checked in a moment (no book is built). The imposition is
checked on a small fixture PDF (WeasyPrint, a page per number). The real booklets are checked where
they are made (``_build/pdf``): ``make test`` makes them in the background with the real book, once its
site has cached the simulations they read (tests/book_build.py), and runs these tests last, with the
book's; ``make booklets`` makes them and then runs this file on them (no book is built).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from book import booklets, impose
from book import pdf as bookpdf
from book.pdfinputs import record_path

ROOT = Path(__file__).resolve().parents[1]
MM = 72 / 25.4
A5_PT = (148 * MM, 210 * MM)
A4_LANDSCAPE_PT = (297 * MM, 210 * MM)
HALF_MM = 0.5 * MM
SPECS = booklets.specs()


# -- the table -------------------------------------------------------------------------------

def test_the_three_booklets_are_declared_in_conf_py():
    assert [s.key for s in SPECS] == ["mughal", "dashavatara", "naqsh"]
    assert [s.deck for s in SPECS] == ["mughal", "dashavatara", "naqsh"]
    assert len({s.file for s in SPECS}) == len(SPECS) and all(s.file != "ganjifa-rules" for s in SPECS)


def test_every_game_is_in_exactly_one_booklet():
    from engine.registry import available_games

    held = [g for s in SPECS for g in s.games]
    assert len(held) == len(set(held)), held
    assert set(held) == set(available_games()), set(held) ^ set(available_games())


def test_a_declared_game_without_a_chapter_waits_for_it(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "komi.md").write_text("# Komi\n")
    table = {"m": {"title": "M", "deck": "mughal", "games": ["udvasa", "komi"]}}
    (spec,) = booklets.specs(table, root=tmp_path)
    assert spec.games == ("komi",) and spec.declared == ("udvasa", "komi")
    assert spec.file == "ganjifa-m"


def test_which_chapters_go_where_is_not_written_into_the_build_code():
    code = (ROOT / "book" / "booklets.py").read_text(encoding="utf-8")
    for game in (g for s in SPECS for g in s.games):
        assert f'"{game}"' not in code, f"book/booklets.py names {game}: the table in conf.py does"


def test_the_root_document_lists_the_booklets_chapters_notes_and_words():
    spec = next(s for s in SPECS if s.key == "naqsh")
    text = booklets.root_document(spec)
    docs = [ln for ln in text.splitlines() if ln.startswith("rules/")]
    assert docs == ["rules/how-to-use", "rules/decks", "rules/naqsh", "rules/designers/index",
                    "rules/designers/naqsh", "rules/glossary", "rules/term-index"]
    assert text.startswith("# Naqsh\n")


def test_a_games_pages_name_its_booklet():
    table = booklets.declared()
    assert booklets.booklet_of("rules/komi", table) == ("Mughal Ganjifa", "ganjifa-mughal")
    assert booklets.booklet_of("rules/designers/guru-ganjifa", table) == ("Dashavatara Ganjifa", "ganjifa-dashavatara")
    assert booklets.booklet_of("rules/decks", table) is None
    assert booklets.booklet_of("index", table) is None


def test_a_games_page_on_the_site_links_its_decks_booklet():
    """book/site.py gives a game's page (and its designers' notes) its booklet; the page template links it."""
    from types import SimpleNamespace

    from book.site import _page_context

    app = SimpleNamespace(config=SimpleNamespace(ganjifa_booklets=booklets.declared()))
    for page, want in (("rules/komi", {"title": "Mughal Ganjifa", "pdf": "ganjifa-mughal.pdf"}),
                       ("rules/designers/naqsh", {"title": "Naqsh", "pdf": "ganjifa-naqsh.pdf"}),
                       ("rules/decks", None), ("index", None)):
        context = {}
        _page_context(app, page, "page.html", context, None)
        assert context["ganjifa_booklet"] == want, page
    template = (ROOT / "book" / "templates" / "site" / "page.html").read_text(encoding="utf-8")
    assert 'class="ganjifa-booklet-link" href="{{ pathto(ganjifa_booklet.pdf, 1) }}"' in template


# -- leaving out the other decks --------------------------------------------------------------

def test_leaving_out_a_section_drops_its_glossary_entries_and_index_places():
    root = ET.fromstring(
        '<div><section id="a"><p>Alpha <span id="t-a">x</span></p>'
        '<section id="k"><p><span id="t-k">k</span></p></section></section>'
        '<section id="b"><p><span id="t-b">y</span></p></section>'
        '<dl class="ganjifa-glossary"><dt>X</dt><dd><p class="ganjifa-glossary-entry">'
        '<a class="ganjifa-page-ref" href="#t-a">A</a>: x</p></dd>'
        '<dt>Y</dt><dd><p class="ganjifa-glossary-entry"><a class="ganjifa-page-ref" href="#t-b">B</a>: y</p>'
        '<p class="ganjifa-glossary-entry"><a class="ganjifa-page-ref" href="#t-a">A</a>: y</p></dd></dl>'
        '<div class="ganjifa-term-index"><p class="ganjifa-index-entry"><span>X</span> '
        '<a class="ganjifa-index-ref" href="#t-a">A</a></p>'
        '<p class="ganjifa-index-entry"><span>Y</span> <a class="ganjifa-index-ref" href="#t-b">B</a>, '
        '<a class="ganjifa-index-ref" href="#t-k">K</a></p></div></div>')
    assert bookpdf.leave_out(root, ["a"], keep=["k"]) == ["a"]
    assert root.find(".//section[@id='a']") is None and root.find("section[@id='k']") is not None
    assert [dt.text for dt in root.iter("dt")] == ["Y"]
    assert [a.get("href") for a in root.iter("a") if "page-ref" in a.get("class")] == ["#t-b"]
    entries = ["".join(p.itertext()) for p in root.iter("p") if p.get("class") == "ganjifa-index-entry"]
    assert entries == ["Y B, K"]


# -- the imposition --------------------------------------------------------------------------

@pytest.mark.parametrize("pages", range(1, 41))
def test_saddle_stitch_order_places_every_page_once(pages):
    order = impose.saddle_order(pages)
    n = impose.padded(pages)
    assert n % 4 == 0 and n - pages < 4
    assert len(order) == n // 2
    assert sorted(i for side in order for i in side) == list(range(n))
    assert order[0] == (n - 1, 0) and order[1] == (1, n - 2)  # the outer sheet: cover pages and their backs
    for left, right in order:
        assert left + right == n - 1  # facing across the fold, the pages sum to n + 1 (counted from 1)
    # folded, the sheets nest: the fronts' right pages run 1, 3, 5, ... and the backs' left pages 2, 4, 6, ...
    assert [r for (_, r) in order[::2]] == list(range(0, n // 2, 2))
    assert [left for (left, _) in order[1::2]] == list(range(1, n // 2, 2))


@pytest.mark.parametrize("pages", [20, 64, 96, 97, 100, 236])
def test_a_booklet_is_stapled_up_to_96_pages_and_bound_in_sections_of_16_beyond(pages):
    order = impose.book_order(pages, impose.section_pages(pages))
    n = impose.padded(pages)
    assert sorted(i for side in order for i in side) == list(range(n))  # every page once
    if pages <= impose.STAPLE_PAGES:
        assert impose.binding(pages) == "saddle-stitch" and order == impose.saddle_order(pages)
        return
    assert impose.binding(pages) == "sections"
    parts = impose.sections(pages, 16)
    assert [start for start, _ in parts] == list(range(0, n, 16))
    assert all(count == 16 for _, count in parts[:-1]) and 0 < parts[-1][1] <= 16 and parts[-1][1] % 4 == 0
    # each section is four sheets (the last may be fewer): its pages face each other across its own fold
    at = 0
    for start, count in parts:
        sides = order[at:at + count // 2]
        at += count // 2
        assert sides[0] == (start + count - 1, start)
        assert all(left + right == 2 * start + count - 1 for left, right in sides)
    assert impose.book_order(236, 16)[:2] == [(15, 0), (1, 14)]


def test_a_section_is_a_multiple_of_four_pages():
    with pytest.raises(ValueError, match="multiple of four"):
        impose.sections(40, 10)


def _numbered_pdf(path: Path, pages: int) -> Path:
    from weasyprint import HTML

    body = "".join(f'<section style="page-break-after: always"><p>Page {chr(65 + i)}{i + 1} of the fixture</p></section>'
                   for i in range(pages))
    HTML(string=f"<html><head><style>@page {{ size: A5; margin: 15mm }}</style></head><body>{body}</body></html>"
         ).write_pdf(path)
    return path


@pytest.fixture(scope="module")
def fixture_imposed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("impose")
    made = {}
    for pages in (6, 8):
        interior = _numbered_pdf(folder / f"p{pages}.pdf", pages)
        out = folder / f"p{pages}-imposed.pdf"
        made[pages] = (interior, out, impose.impose(interior, out))
    return made


@pytest.mark.parametrize("pages", [6, 8])
def test_the_imposed_fixture_holds_every_page_once_in_order(fixture_imposed, pages):
    interior, out, sides = fixture_imposed[pages]
    assert len(PdfReader(interior).pages) == pages
    assert sides == 4 and len(PdfReader(out).pages) == 4  # two A4 sheets, both sides
    for page in PdfReader(out).pages:
        assert abs(float(page.mediabox.width) - A4_LANDSCAPE_PT[0]) < HALF_MM
        assert abs(float(page.mediabox.height) - A4_LANDSCAPE_PT[1]) < HALF_MM
    assert impose.check(interior, out) == []
    halves = [h for side in impose.halves_text(out) for h in side]
    numbered = [h for h in halves if h]
    assert len(numbered) == pages and len(set(numbered)) == pages  # each page exactly once; the rest blank
    assert impose.halves_text(out)[0] == ("" if pages == 6 else "PageH8ofthefixture", "PageA1ofthefixture")


def test_the_imposed_fixture_in_sections_of_four_pages(tmp_path):
    interior = _numbered_pdf(tmp_path / "p12.pdf", 12)
    out = tmp_path / "p12-imposed.pdf"
    assert impose.impose(interior, out, section=4) == 6  # three sections of one sheet each
    assert impose.check(interior, out, section=4) == []
    assert impose.check(interior, out) != []  # not in the order of one stapled section
    assert impose.halves_text(out)[:2] == [("PageD4ofthefixture", "PageA1ofthefixture"),
                                           ("PageB2ofthefixture", "PageC3ofthefixture")]


def test_the_check_finds_a_page_out_of_place(fixture_imposed, tmp_path):
    interior, out, _ = fixture_imposed[8]
    other = _numbered_pdf(tmp_path / "other.pdf", 8)
    from pypdf import PdfWriter

    writer = PdfWriter(clone_from=interior)
    writer.pages[2].merge_page(PdfReader(other).pages[4])  # page 3 now says page 5's words too
    writer.write(tmp_path / "changed.pdf")
    assert impose.check(tmp_path / "changed.pdf", out)


def test_pages_of_two_sizes_are_refused(tmp_path):
    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_blank_page(A5_PT[0], A5_PT[1])
    writer.add_blank_page(A5_PT[0] + 20, A5_PT[1])
    writer.write(tmp_path / "two.pdf")
    with pytest.raises(ValueError, match="more than one size"):
        impose.impose(tmp_path / "two.pdf", tmp_path / "out.pdf")


# -- the real booklets, as `make booklets` made them ---------------------------------------------

def _made(spec: booklets.Spec) -> bool:
    return all(p.is_file() for p in (spec.interior, spec.cover, spec.imposed, record_path(spec.interior)))


class Text:
    """A PDF's text, page by page, as poppler's pdftotext reads it (a second for 200 pages, where pypdf takes
    minutes); with what tests/test_pdf.py's helpers (_contents, _index_entries) read."""

    def __init__(self, path: Path):
        import subprocess

        from tests.test_pdf import _mend

        self.path = path
        self.reader = PdfReader(path)
        out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
        self.pages = [_mend(page) for page in out.split("\f")[:-1]]
        self.text = "\n".join(self.pages)

    def page_of(self, needle: str, start: int = 1) -> int:
        for i, text in enumerate(self.pages[start - 1:], start):
            if needle in " ".join(text.split()):
                return i
        raise AssertionError(f"{needle!r} is on no page from {start} on")


@pytest.fixture(scope="session")
def booklets_made() -> None:
    """The booklets, made: by this test run, in the background with the real book (tests/book_build.py), or
    by ``make booklets`` just before it ran this file (book_build.BOOKLETS_MADE)."""
    import os

    from tests import book_build
    from tests.conftest import _folder

    if not os.environ.get(book_build.BOOKLETS_MADE):
        folder = _folder()
        book_build.start(folder)  # (started at collection, as a test of the book is here)
        step = book_build.wait_booklets(folder)
        assert step.returncode == 0, f"making the booklets failed:\n{step.stdout}\n{step.stderr}"[-4000:]


@pytest.fixture(scope="module", params=[s.key for s in SPECS])
def made(request, booklets_made):
    spec = next(s for s in SPECS if s.key == request.param)
    assert _made(spec), f"{spec.interior.name} was not made"
    return spec, Text(spec.interior)


def _titles(spec: booklets.Spec) -> list[str]:
    out = []
    for doc in spec.documents:
        text = (ROOT / f"{doc}.md").read_text(encoding="utf-8")
        out.append(re.search(r"^# (.+)$", text, re.M).group(1).strip())
    return out


@pytest.mark.slow
@pytest.mark.book  # made with the real book, run last with its tests
def test_the_interior_is_a5_throughout_a_multiple_of_four_pages(made):
    spec, built = made
    assert len(built.pages) % 4 == 0
    for n, page in enumerate(built.reader.pages, 1):
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert abs(w - A5_PT[0]) < HALF_MM and abs(h - A5_PT[1]) < HALF_MM, f"{spec.interior.name} p. {n}"


@pytest.mark.slow
@pytest.mark.book  # made with the real book, run last with its tests
def test_the_interior_holds_its_chapters_and_only_its_games(made):
    from engine.registry import available_games, game_class

    spec, built = made
    assert built.pages[0].startswith(spec.title), built.pages[0][:200]
    text = " ".join(built.text.split())
    for title in _titles(spec):
        assert title in text, f"{spec.interior.name}: no chapter {title!r}"
    others = [game_class(g).title for g in available_games() if g not in spec.games]
    contents = " ".join("\n".join(built.pages[:6]).split())
    for title in others:
        assert f"{title} " not in contents.split("Contents", 1)[1][:3000].replace("Guru Ganjifa", "") or \
            title == "Naqsh", f"{spec.interior.name}: the contents list {title}, a game of another deck"


@pytest.mark.slow
@pytest.mark.book  # made with the real book, run last with its tests
def test_the_contents_give_each_chapters_page(made):
    from tests.test_pdf import _contents

    spec, built = made
    entries, _ = _contents(built)
    assert len(entries) >= len(spec.documents)
    for title, page in entries:
        assert title in " ".join(built.pages[page - 1].split()), f"{spec.interior.name}: {title!r} is not on p. {page}"


def _pdffonts(path: Path) -> list[tuple[str, str, str]]:
    """(name, type, embedded "yes"/"no") of every font in ``path``, by poppler's pdffonts (which looks in the
    forms an imposed sheet draws, too)."""
    import subprocess

    out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    rows = []
    for line in out.splitlines()[2:]:  # after the header and its rule
        found = re.match(r"(\S+)\s+(Type 3|Type 1C?|TrueType|CID TrueType|CID Type 0C?|Type 1C)\s+\S+\s+(yes|no)\s", line)
        assert found, f"{path.name}: pdffonts line not understood: {line!r}"
        rows.append(found.groups())
    return rows


@pytest.mark.slow
@pytest.mark.book  # made with the real book, run last with its tests
def test_fonts_are_embedded_and_none_is_type_3(made):
    spec, built = made
    for path in (spec.interior, spec.cover, spec.imposed):
        fonts = _pdffonts(path)
        assert fonts, f"{path.name}: no fonts found"
        for name, kind, embedded in fonts:
            assert kind != "Type 3", f"{path.name}: {name} is a Type 3 font"
            assert embedded == "yes", f"{path.name}: {name} is not embedded"


@pytest.mark.slow
@pytest.mark.book  # made with the real book, run last with its tests
def test_the_index_gives_pages_that_hold_the_term_of_its_games_only(made):
    from tests.test_pdf import _index_entries

    spec, built = made
    index = _index_entries(built)
    assert index, f"{spec.interior.name}: no index"
    glossary_words = {line.split(":")[0].split(" [")[0].lower()
                      for line in (ROOT / "rules" / "glossary.md").read_text(encoding="utf-8").splitlines()
                      if ": " in line}
    for term, pages in index.items():
        assert pages == sorted(pages), (term, pages)
        if term.lower() not in glossary_words:  # a topic or a game: its pages are sections and rules, not the word
            continue
        for page in pages:
            flat = " ".join(re.sub(r"[\u2010\u00ad-]\s*\n\s*", "", built.pages[page - 1]).split()).lower()
            # a mention may show part of the headword ("out" for Out of the game): one of its words, then
            words = [w for w in re.split(r"[ \u2010-]", term.lower()) if len(w) > 2 and w not in ("the", "and")]
            assert any(re.search(rf"\b{re.escape(w[:5])}", flat) for w in words), f"{spec.interior.name}: {term!r} p. {page}"
    glossary = " ".join(re.sub(r"[\u2010\u00ad]\s*\n\s*", "", "\n".join(  # (a word broken at a line's end read whole)
        built.pages[built.page_of("The words this book gives"):])).split())
    refs = re.findall(r"See (.{0,60}?), p\.\s?\d+", glossary)  # each definition's places: "See Naqsh, p. 21."
    titles = _titles(spec)
    assert refs
    for before in refs:  # "See Naqsh (नक़्श), p. 21." names a chapter of this booklet
        assert any(before.endswith(t) for t in titles), f"{spec.interior.name}: the glossary quotes {before!r}"


@pytest.mark.slow
@pytest.mark.book  # made with the real book, run last with its tests
def test_the_cover_has_bleed_and_the_decks_name(made):
    spec, _ = made
    cover = PdfReader(spec.cover)
    assert len(cover.pages) == 2
    for page in cover.pages:
        assert abs(float(page.trimbox.width) - A5_PT[0]) < HALF_MM
        assert abs(float(page.mediabox.width) - A5_PT[0] - 6 * MM) < HALF_MM
        assert abs(float(page.mediabox.height) - A5_PT[1] - 6 * MM) < HALF_MM
    front, back = (" ".join((p.extract_text() or "").split()) for p in cover.pages)
    assert front.startswith(spec.title) and "edition" in front
    from engine.registry import game_class

    assert all(game_class(g).title in back for g in spec.games), back


@pytest.mark.slow
@pytest.mark.book  # made with the real book, run last with its tests
def test_the_imposed_file_is_every_page_once_in_its_bindings_order(made):
    spec, built = made
    reader = PdfReader(spec.imposed)
    assert len(reader.pages) * 2 == impose.padded(len(built.pages))
    assert (len(reader.pages) * 2) % 4 == 0
    for page in reader.pages:
        assert abs(float(page.mediabox.width) - A4_LANDSCAPE_PT[0]) < HALF_MM
        assert abs(float(page.mediabox.height) - A4_LANDSCAPE_PT[1]) < HALF_MM
    section = impose.section_pages(len(built.pages))
    assert impose.check(spec.interior, spec.imposed, section) == []
    # the pages are drawn, not copied with every page's share of the book's resources (it was 26 MB for
    # the Mughal booklet's 3.5 MB interior)
    assert spec.imposed.stat().st_size < 1.5 * spec.interior.stat().st_size


@pytest.mark.slow
@pytest.mark.book  # made with the real book, run last with its tests
def test_a_booklet_too_thick_to_staple_gets_a_cover_spread_with_its_spine(made):
    from book.spread import spine_mm

    spec, built = made
    if impose.binding(len(built.pages)) == "saddle-stitch":
        assert len(built.pages) <= impose.STAPLE_PAGES and not spec.spread.exists()
        return
    (page,) = PdfReader(spec.spread).pages
    assert abs(float(page.trimbox.width) - (2 * 148 + spine_mm(len(built.pages))) * MM) < HALF_MM
    text = " ".join((page.extract_text() or "").split())
    assert text.count(spec.title) >= 3, text[:300]  # back, spine and front
    from engine.registry import game_class

    assert all(game_class(g).title in text for g in spec.games), text


# -- the complete book's cover spread -------------------------------------------------------------

def test_the_spine_follows_the_page_count():
    from book.spread import COVER_MM, LEAF_MM, spine_mm

    assert spine_mm(164) == round(82 * LEAF_MM + COVER_MM, 1) == 8.7
    assert spine_mm(188) > spine_mm(164) > spine_mm(40)
    assert spine_mm(163) == spine_mm(164)  # a leaf is two pages


@pytest.mark.slow
def test_the_cover_spread_is_back_spine_front_with_bleed(tmp_path):
    from book.spread import make_spread, spine_mm

    from pypdf import PdfWriter

    writer = PdfWriter()
    for _ in range(160):  # only the count matters: a spine wide enough for its title
        writer.add_blank_page(A5_PT[0], A5_PT[1])
    writer.write(tmp_path / "book.pdf")
    out, spine = make_spread(tmp_path / "book.pdf")
    assert out.name == "book-cover-spread.pdf" and spine == spine_mm(160) == 8.5
    (page,) = PdfReader(out).pages
    assert abs(float(page.trimbox.width) - (2 * 148 + spine) * MM) < HALF_MM
    assert abs(float(page.mediabox.width) - (2 * 148 + spine + 6) * MM) < HALF_MM
    assert abs(float(page.mediabox.height) - (210 + 6) * MM) < HALF_MM
    text = " ".join((page.extract_text() or "").split())
    assert text.count(bookpdf.TITLE) >= 3 and "In this book:" in text  # back, spine and front (the complete book: no games named)


# -- the imprint names the sources of the booklet's games ---------------------------------------

def test_every_game_has_one_source_for_the_imprint():
    from engine.registry import available_games

    table = booklets.conf_value("ganjifa_sources")
    named = [g for _, games in table["games"] for g in games]
    assert sorted(named) == sorted(available_games()), "conf.py's ganjifa_sources must name every game once"


def test_a_booklets_imprint_names_the_sources_of_its_games_only():
    naqsh = bookpdf.imprint("Naqsh", bookpdf.AUTHOR, "For the Naqsh pack", ("naqsh",))
    sources = next(line for line in naqsh if line.startswith("Sources:"))
    assert "Kaushal Gupta" in sources and "(Naqsh)" in sources and "von Leyden and Dummett" in sources
    assert "Adrian Morgan" not in sources and "Mughal deck" not in sources
    everything = next(line for line in bookpdf.imprint("All", bookpdf.AUTHOR, "x") if line.startswith("Sources:"))
    assert everything.count("(") >= 5 and "Traditional Ganjifa" in everything


def test_make_test_makes_the_booklets_with_the_book_and_make_booklets_builds_no_book(tmp_path, monkeypatch):
    """The real book's build makes the booklets after its site (book_build.build_booklets); their tests wait for
    what that did. `make booklets` (BOOKLETS_MADE) has made them already: its test run starts no build."""
    from tests import book_build

    monkeypatch.setenv(book_build.BOOKLETS_MADE, "1")
    assert book_build.start(tmp_path / "run") is False and not (tmp_path / "run").exists()
    (tmp_path / "booklets.json").write_text('{"returncode": 0, "stdout": "made", "stderr": "", "seconds": 1.0}')
    assert book_build.wait_booklets(tmp_path, seconds=1) == book_build.Step(0, "made", "", 1.0)
    code = (ROOT / "tests" / "book_build.py").read_text(encoding="utf-8")
    assert '"--booklets", str(folder)' in code.split("def build(")[1].split("def build_booklets(")[0]
