"""The real book (built once per test run, with -E -W): check that the directives rendered what the chapters ask for."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = sorted((ROOT / "rules").glob("*.md"))
CLAUSE = re.compile(r"^(?:`{3,}|:{3,})\{clause\}\s+(\S+)", re.M)
DIRECTIVE = re.compile(r"^(?:`{3,}|:{3,})\{([a-z-]+)\}", re.M)

pytestmark = [pytest.mark.slow, pytest.mark.book]


@pytest.fixture(scope="session")
def html(real_site):
    """The site of this test run's real book (tests/book_build.py: built once, with -E -W)."""
    assert real_site.html.returncode == 0, real_site.html.stdout + real_site.html.stderr
    return real_site.html_dir


def page(html, chapter: Path) -> str:
    return (html / "rules" / (chapter.stem + ".html")).read_text(encoding="utf-8")


def test_pages_exist(html):
    assert (html / "index.html").is_file()
    for chapter in CHAPTERS:
        assert (html / "rules" / (chapter.stem + ".html")).is_file(), chapter.name
    assert (html / "_static" / "book.css").is_file()


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda p: p.stem)
def test_clause_anchors_are_numbered_in_page_order(html, chapter):
    ids = CLAUSE.findall(chapter.read_text(encoding="utf-8"))
    text = page(html, chapter)
    for number, cid in enumerate(ids, 1):
        m = re.search(rf'<div class="ganjifa-clause" id="{re.escape(cid)}"><p class="ganjifa-clause-title">'
                      rf'<span class="ganjifa-clause-number">§(\d+)</span>', text)
        assert m, f"{chapter.name}: no anchor for clause {cid}"
        assert int(m.group(1)) == number


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda p: p.stem)
def test_directives_rendered(html, chapter):
    used = DIRECTIVE.findall(chapter.read_text(encoding="utf-8"))
    text = page(html, chapter)
    if "deal" in used:
        assert text.count('class="ganjifa-deal') >= used.count("deal")
        assert re.search(r'<figure class="ganjifa-figure[^"]*"><svg [^>]*role="img"', text)
        assert 'class="ganjifa-narration' in text and "Result:" in text
        # one picture of one position has one name: never "After move 39, Before move 40"
        assert not re.search(r"After move \d+, Before move", text)
    if "position" in used:
        assert 'ganjifa-position' in text and "<svg" in text
        # the choices are listed for every position that does not say :legal: no
        blocks = re.findall(r"```\{position\}(.*?)```", chapter.read_text(encoding="utf-8"), re.S)
        if any(":legal: no" not in b for b in blocks):
            assert "ganjifa-legal" in text
    if "deck-table" in used:
        assert "ganjifa-deck-table" in text and "ganjifa-swatch" in text
    if "game-facts" in used:
        assert "ganjifa-facts" in text


def test_citations_link_to_clause_anchors(html):
    """Every citation link in any page points at a clause anchor that exists."""
    anchors = {}
    for chapter in CHAPTERS:
        text = page(html, chapter)
        anchors[chapter.stem] = set(re.findall(r'<div class="ganjifa-clause" id="([^"]+)"', text))
    links = 0
    for chapter in CHAPTERS:
        for target, cid in re.findall(r'<a class="ganjifa-clause-cite[^"]*" href="([^"#]*)#([^"]+)"', page(html, chapter)):
            where = Path(target).stem if target else chapter.stem
            assert cid in anchors[where], f"{chapter.stem}: link to missing clause {target}#{cid}"
            links += 1
    if any("{deal}" in c.read_text() and "{clause}" in c.read_text() for c in CHAPTERS):
        assert links > 0


def test_a_rare_rule_is_not_shown_as_never_used(html):
    """Nakash's pot that waits (nk.carry) comes up in about one game in a hundred at four players: its row in
    the rule-use table of the notes for designers reads a small figure, never "0%" nor "none", which are kept for
    rules that never came up; a handful of games is given as its count ("6 of 1,000"), a share with its
    interval otherwise."""
    text = (html / "rules" / "designers" / "nakash.html").read_text(encoding="utf-8")  # the designers' notes
    table = re.search(r'<table class="[^"]*ganjifa-clause-use[^"]*">(.*?)</table>', text, re.S).group(1)
    row = next(r for r in table.split("<tr") if "When nobody qualifies" in r)
    share, per_game = re.findall(r"<td[^>]*><p>([^<]*)</p></td>", row)[:2]
    assert re.fullmatch(r"[1-9] of [\d,]+\u00a0\([\d.]+-[\d.]+%\)|[12]% \(\d+-\d+\)", share), row
    assert per_game not in ("0", "0.00"), row


def test_the_front_page_invites_play_of_every_game(html):
    """Issue 44: the site's first screen starts any game at once (where the site has play pages)."""
    from engine.registry import game_class, game_names

    front = (html / "index.html").read_text(encoding="utf-8")
    listed = re.findall(r'<nav class="ganjifa-play-all".*?</nav>', front, re.S)
    if not (html / "play").is_dir():
        assert not listed  # no play pages: no promise of them
        return
    links = re.findall(r'href="play/([a-z-]+)\.html">([^<]+)</a>', listed[0])
    assert sorted(g for g, _ in links) == sorted(game_names())
    assert all(title == game_class(g).title for g, title in links)
    assert all((html / "play" / f"{g}.html").is_file() for g, _ in links)
