"""Words players never read (book/printwords.py): the print build fails at file and line, the PDF check
reads the same list, and every chapter and golden deal seats the same cast."""

import re
from pathlib import Path

import pytest

from book import pagecheck, printwords
from book.printwords import CAST, WORDS, find

from .test_directive_errors import sphinx_build

ROOT = Path(__file__).resolve().parent.parent
CONF = ('extensions = ["myst_parser", "sphinx_design", "book"]\nexclude_patterns = ["_build"]\n'
        'myst_enable_extensions = ["colon_fence"]\n')

# one text each entry must catch, and texts no entry may catch
CAUGHT = {
    "Python prompt": ">>> ask(p)",
    "traceback": "Traceback (most recent call last):",
    "clause id": "the rule kk.must-play says",
    "bot name": "played by the bots",
    "seed": "20,000 seeded rounds",
    "file path": "see deals/x.txt",
    "rules program": "computed by the rules\nprogram",
    "engine": "The engine behind this book",
    "legal moves": "Asha has 3 legal moves.",
    "range dots": "1 high .. 10 low",
    "seat code": "dealer P3",
    "Naqsh set code": "10 N1 M N2",
}
CLEAN = ["Player 1 wins", "the 10 of Shamsher (10Sh)", "Naqsh, the Delhi banking game", "and so on...",
         "1 high to 10 low", "the moves you may make", "worked out by computer", "careful players",
         "the first set", "§5 says"]


def build(tmp_path, page: str, *, print_build: bool) -> tuple[int, str]:
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    (src / "conf.py").write_text(CONF)
    (src / "index.md").write_text(page)
    tags = ["-t", "print", "-b", "singlehtml"] if print_build else ["-b", "html"]
    out = tmp_path / ("print" if print_build else "html")
    return sphinx_build("-E", "-W", "--keep-going", "-q", *tags, str(src), str(out))


def line_of(page: str, needle: str) -> int:
    return next(i for i, line in enumerate(page.splitlines(), 1) if needle in line)


def test_a_listed_word_fails_the_print_build_naming_file_line_and_word(tmp_path):
    page = ("# A game\n\nPlay goes to the left.\n\nEvery example was checked by the rules program.\n\n"
            "## Who wins\n\nA plain paragraph.\n\n- Asha has 3 legal moves.\n\n"
            "::::{only} not print\nFor editors: the engine behind this chapter.\n::::\n")
    code, out = build(tmp_path, page, print_build=True)
    assert code != 0, out
    for word, kind in (("rules program", "rules program"), ("legal moves", "legal moves")):
        line = line_of(page, word)
        assert re.search(rf"index\.md:{line}: WARNING: .*'{word}' \({kind}\)", out), out
    assert "engine" not in out  # the editors' block is left out of print, so its words are not checked
    # the site is not the booklet: the same page builds without -t print
    code, out = build(tmp_path, page, print_build=False)
    assert code == 0, out


def test_a_caption_and_a_rule_title_are_print_text_too(tmp_path):
    page = ("# A game\n\n```{clause} kk.match\n:summary: The rule in a line.\nMatch it.\n```\n\n"
            "```{position}\n:game: kendra-kari\n:options: players=4\n:names: Asha, Bela, Chitra, Dev\n"
            ":caption: Bela has 2 legal moves.\n"
            "ring=1:9Sh 2:4Sh 3:4Gh 4:4Ba 5:- 6:- 7:9Ta; last=4; turn=P2; P1=3Ta 5Ch RGh 2Ch VSu; "
            "P2=2Ba 2Sh 10Qi 6Ch; P3=1Ba 7Su 3Qi 9Ch; P4=7Gh 1Su 8Ch 3Sa; stock=20\n```\n")
    code, out = build(tmp_path, page, print_build=True)
    assert code != 0, out
    assert re.search(r"index\.md:\d+: WARNING: .*'legal moves' \(legal moves\)", out), out


def test_a_clean_page_builds_for_print(tmp_path):
    page = "# A game\n\n" + "\n\n".join(CLEAN) + "\n"
    code, out = build(tmp_path, page, print_build=True)
    assert code == 0, out


def test_every_entry_catches_its_example_and_nothing_clean():
    assert set(CAUGHT) == {w.kind for w in WORDS}
    for w in WORDS:
        assert {k.kind for k, _ in find(CAUGHT[w.kind])} == {w.kind}, (w.kind, CAUGHT[w.kind])
        assert w.reason
    for text in CLEAN:
        assert list(find(text)) == [], text


def test_the_list_and_the_pdf_check_agree():
    """pagecheck reads the same list: the enforced entries fail the PDF check, the waiting ones are counted."""
    assert pagecheck.ENGINE_WORDS is printwords.ENFORCED
    assert set(printwords.ENFORCED) | set(printwords.WAITING) == {w.kind for w in WORDS}
    assert not set(printwords.ENFORCED) & set(printwords.WAITING)
    assert all(w.waiting for w in WORDS if w.kind in printwords.WAITING)
    pages = list(CAUGHT.values()) + CLEAN
    found = pagecheck.engine_words(pages) + pagecheck.engine_words(pages, printwords.WAITING)
    expected = [(n, w.kind, text) for n, page in enumerate(pages, 1) for w, text in find(page)]
    assert sorted(found) == sorted(expected)


def test_imprint_and_covers_speak_players_words():
    from book import pdf

    text = (" ".join(pdf.imprint("Ganjifa", "the project", pdf.edition_line())) + pdf.end_matter(7, "")
            + pdf.cover_html("Ganjifa", "The round playing cards of India", pdf.edition_line(), ""))
    assert "In this booklet:" in text  # the back cover, in the cover's file
    assert [(w.kind, t) for w, t in find(text, tuple(w for w in WORDS if not w.waiting))] == []


# -- one cast ------------------------------------------------------------------------------------

def _is_cast(names: list[str]) -> bool:
    """The first N of the cast, in seat order, starting at any of them (a match's later deals rotate)."""
    seats = list(CAST[:len(names)])
    return any(names == seats[i:] + seats[:i] for i in range(len(seats)))


def seatings():
    for md in sorted((ROOT / "rules").glob("*.md")):
        for n, line in enumerate(md.read_text(encoding="utf-8").splitlines(), 1):
            m = re.match(r"\s*:names:\s*(.+)", line)
            lists = [m[1]] if m else re.findall(r"narrate\(\[([^\]]+)\]\)", line)
            for found in lists:
                yield f"{md.name}:{n}", [s.strip().strip("\"'") for s in found.split(",")]
    for deal in sorted((ROOT / "rules" / "deals").glob("*.txt")):
        for n, line in enumerate(deal.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("names:"):
                yield f"deals/{deal.name}:{n}", [s.strip() for s in line[len("names:"):].split(",")]
                break


def test_every_chapter_and_golden_deal_seats_the_one_cast():
    found = list(seatings())
    assert len(found) > 40
    wrong = [(where, names) for where, names in found if not _is_cast(names)]
    assert not wrong, f"the cast is {', '.join(CAST)} in seat order: " + "; ".join(f"{w}: {n}" for w, n in wrong)
    assert len(set(CAST)) == len(CAST) == 7


def test_the_heuristic_player_is_the_careful_player_everywhere():
    from engine.bots import lineup_words

    assert lineup_words(("heuristic",) * 4) == "careful players"
    for md in sorted((ROOT / "rules").glob("*.md")):
        text = md.read_text(encoding="utf-8")
        assert not re.search(r"\bsimple\s+(?:computer\s+)?(?:players?|strategy)\b", text), md.name
