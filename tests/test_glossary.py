"""The glossary generated from the chapters' {define} markup."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .test_directive_errors import build, line_of

INDEX = "# Book\n\n```{toctree}\nrules\nmore\nwords\n```\n"
RULES = ("# Rules\n\nCards sit on a {define}`ring` of six places. The card just played is the "
         "{define}`last card <Last card>`, and it decides what may follow. " + "Players sit round the table. " * 12 + "\n\n"
         "Other things happen. This reversal is the {define}`traditional <traditional ranking>` ranking.\n")
MORE = "# More rules\n\nIn this game the {define}`ring` is a circle of chairs.\n"
WORDS = ("# Glossary\n\n```{glossary-index}\nLast card\nRing\nTraditional ranking\n"
         "Phase [rules more]: One of the two halves of a round.\n```\n")


def _entries(html: str) -> list[str]:
    body = html.split('ganjifa-glossary">')[1].split("</dl>")[0]
    return [" ".join(re.sub(r"<[^>]+>", " ", item).split()) for item in re.findall(r"<dt.*?</dd>", body, re.S)]


def test_glossary_lists_each_term_with_the_chapters_own_definition_and_places(tmp_path):
    code, out = build(tmp_path, INDEX, {"rules.md": RULES, "more.md": MORE, "words.md": WORDS})
    assert code == 0, out
    html = (tmp_path / "out" / "words.html").read_text()
    entries = _entries(html)
    assert [e.split()[0] for e in entries] == ["Last", "Phase", "Ring", "Traditional"]  # alphabetical, capitalised
    last, phase, ring, traditional = entries
    # the chapter's own sentence, once: no second wording to drift from it (issue 41)
    assert last == "Last card The card just played is the last card, and it decides what may follow. See Rules .", last
    assert "Players sit" not in last  # the sentence, not its long paragraph
    # a term two chapters define shows each chapter's sentence, under its name, in the book's order
    assert ring == ("Ring Rules: Cards sit on a ring of six places. See Rules . More rules: In this game the ring "
                    "is a circle of chairs. See More rules ."), ring
    # a sentence that leans on the one before ("This reversal ...") brings it along
    assert traditional == ("Traditional ranking Other things happen. This reversal is the traditional ranking. "
                           "See Rules ."), traditional
    # a word no chapter marks keeps the glossary's own definition and leads to the chapters it names
    assert phase == "Phase One of the two halves of a round. See Rules . See More rules .", phase
    assert 'href="rules.html#term-rules-last-card"' in html and 'href="more.html#term-more-ring"' in html
    page = (tmp_path / "out" / "rules.html").read_text()
    assert re.search(r'<span class="ganjifa-term" id="term-rules-ring">ring</span>', page)


@pytest.mark.parametrize("words, says", [
    (WORDS.replace("Ring\n", ""), "'ring' is defined in "),
    (WORDS.replace("Phase [rules more]", "Phase"), "'Phase': no chapter defines it with {define}"),
    (WORDS.replace("Phase [rules more]", "Phase [nowhere]"), "nowhere is no chapter"),
    (WORDS.replace("Phase [rules more]: One of the two halves of a round.", "Phase [rules more]"),
     "'Phase': no chapter defines it with {define}; define it in its chapter"),
    (WORDS.replace("Ring\n", "Ring: Six places for cards.\n"), "leave out this second wording"),
])
def test_a_glossary_word_without_a_definition_or_a_place_fails(tmp_path, words, says):
    code, out = build(tmp_path, INDEX, {"rules.md": RULES, "more.md": MORE, "words.md": words})
    assert code != 0 and says in out, out


BOOK = Path(__file__).resolve().parent.parent


def _book_glossary() -> dict[str, tuple[str, list[str]]]:
    from book.directives.glossary import WORD_LINE

    text = (BOOK / "rules" / "glossary.md").read_text(encoding="utf-8")
    body = text.split("```{glossary-index}")[1].split("```")[0]
    out = {}
    for line in body.strip().splitlines():
        found = WORD_LINE.match(line.strip())
        assert found, f"glossary.md: {line!r} is not `Word: definition.`"
        out[found["head"].lower()] = (found["text"], (found["docs"] or "").split())
    return out


def _chapter_terms() -> dict[str, list[str]]:
    """headword -> the chapters that mark it with {define}, and the sentence around each mark."""
    out: dict[str, list[str]] = {}
    for path in sorted((BOOK / "rules").rglob("*.md")):  # (the notes for designers define "action")
        text = path.read_text(encoding="utf-8")
        for found in re.finditer(r"\{define\}`([^`]+)`", text):
            role = re.match(r"^\s*(.+?)\s*(?:<([^<>]+)>)?\s*$", found[1], re.S)
            out.setdefault((role[2] or role[1]).strip().lower(), []).append(path.stem)
    return out


def test_the_books_glossary_defines_every_word_once():
    """Every word a chapter defines is in the glossary without a second wording; only a word no chapter defines
    has the glossary's own definition, one plain sentence, and names the chapters that use it."""
    glossary, marked = _book_glossary(), _chapter_terms()
    assert not sorted(set(marked) - set(glossary)), f"words not in the glossary: {sorted(set(marked) - set(glossary))}"
    for key, (text, docs) in glossary.items():
        if key in marked:
            assert not text, f"{key}: defined in {marked[key]}; the glossary shows that sentence, not its own"
            continue
        assert docs, f"{key}: defined by no chapter and leads nowhere"
        assert len(text) <= 200 and text.endswith(".") and len(re.findall(r"[.!?](\s|$)", text)) == 1, \
            f"{key}: a definition is one plain sentence: {text!r}"
    for word in ("phase", "opener", "put in", "low card", "trick"):  # words a newcomer met undefined
        assert word in glossary, f"the glossary does not define {word!r}"
    # a word one meaning: trick, leading Raja, Ghodi and Mir are defined in one chapter each (the decks)
    for word in ("trick", "leading raja", "ghodi", "mir"):
        assert marked[word] == ["decks"], (word, marked[word])


def test_a_term_defined_twice_in_one_chapter_fails_with_its_line(tmp_path):
    page = RULES + "\nLater the {define}`ring` again.\n"
    code, out = build(tmp_path, INDEX, {"rules.md": page, "more.md": MORE, "words.md": WORDS})
    assert code != 0
    assert re.search(rf"rules\.md:{line_of(page, 'Later the')}: WARNING: {{define}}: 'ring' is already defined", out), out


def test_a_glossary_with_no_terms_says_so(tmp_path):
    code, out = build(tmp_path, INDEX, {"rules.md": "# Rules\n\nNothing.\n", "more.md": "# More\n\nx\n",
                                        "words.md": WORDS})
    assert code != 0 and "no chapter marks a term with {define}" in out, out


# -- the index of terms ({term-index}): each defined word with every place it is defined or marked ----------

INDEX_BOOK = "# Book\n\n```{toctree}\nrules\nmore\nwords\nterms\n```\n"
RULES_USED = RULES + "\n## Later\n\nThe {mention}`ring` fills up, and the {mention}`last <last card>` card decides.\n"
MORE_USED = MORE + "\nThe {mention}`last card <Last card>` may be anywhere.\n"
TERMS = "# Index\n\n```{term-index}\n```\n"


def _index(html: str) -> dict[str, list[tuple[str, str, bool]]]:
    """term -> [(href, where, is definition)] as the site shows them."""
    body = html.split('ganjifa-term-index')[1]
    out = {}
    for entry in re.findall(r'<p class="ganjifa-index-entry[^"]*">(.*?)</p>', body, re.S):
        term = re.search(r'ganjifa-index-term">([^<]+)<', entry).group(1)
        out[term] = [(href, re.sub(r"<[^>]+>", "", where), "ganjifa-index-def" in classes)
                     for classes, href, where in re.findall(r'<a class="([^"]*)" href="([^"]+)">(.*?)</a>', entry, re.S)]
    return out


def test_the_index_lists_each_defined_word_with_its_definition_and_marked_uses_in_book_order(tmp_path):
    code, out = build(tmp_path, INDEX_BOOK, {"rules.md": RULES_USED, "more.md": MORE_USED, "words.md": WORDS,
                                             "terms.md": TERMS})
    assert code == 0, out
    index = _index((tmp_path / "out" / "terms.html").read_text())
    # every defined word, alphabetical; a word only the glossary defines leads to its glossary entry (issue 41)
    assert list(index) == ["Last card", "Phase", "Ring", "Traditional ranking"]
    assert [href for href, _, _ in index["Phase"]] == ["words.html#glossary-phase"]
    assert index["Ring"] == [("rules.html#term-rules-ring", "Rules", True),
                             ("rules.html#use-rules-ring-1", "Rules: Later", False),
                             ("more.html#term-more-ring", "More rules", True)]
    assert [(href, is_def) for href, _, is_def in index["Last card"]] == [
        ("rules.html#term-rules-last-card", True), ("rules.html#use-rules-last-card-1", False),
        ("more.html#use-more-last-card-1", False)]
    assert index["Traditional ranking"] == [("rules.html#term-rules-traditional-ranking", "Rules", True)]
    page = (tmp_path / "out" / "rules.html").read_text()
    assert '<span class="ganjifa-mention" id="use-rules-ring-1">ring</span>' in page  # reads as plain text


def test_a_mention_of_a_word_defined_nowhere_fails_with_its_line(tmp_path):
    more = MORE + "\nSee the {mention}`rings` here.\n"
    code, out = build(tmp_path, INDEX_BOOK, {"rules.md": RULES, "more.md": more, "words.md": WORDS, "terms.md": TERMS})
    assert code != 0
    assert re.search(rf"more\.md:{line_of(more, 'See the')}: WARNING: {{mention}}: 'rings' is defined nowhere", out), out


def test_the_index_lists_topics_and_each_games_sections_not_only_words(tmp_path):
    from .test_questions import clause

    game = ("# Kendra Kari\n\n## Players and the deal\n\n" + clause("kk.deal", "Deal six cards each.")
            + "## The end\n\n" + clause("kk.stock-out", "An empty stock ends the game; fewest cards wins, ties share.")
            + "## Variants\n\nPlay to two bridges.\n\n## Rulings\n\nNone.\n")
    code, out = build(tmp_path, INDEX_BOOK.replace("rules\n", "rules\ngame\n"),
                      {"rules.md": RULES, "game.md": game, "more.md": MORE, "words.md": WORDS, "terms.md": TERMS})
    assert code == 0, out
    index = _index((tmp_path / "out" / "terms.html").read_text())
    assert [where for _, where, _ in index["Ties"]] == ["Kendra Kari §2"]
    assert [where for _, where, _ in index["Variants"]] == ["Kendra Kari: Variants"]
    assert [where for _, where, _ in index["Rulings"]] == ["Kendra Kari: Rulings"]
    # the section and its rule §1 both: a section can run over two pages (Naqsh's payments lost §17 and §18 when
    # a section was listed once, issue 41); in print a page is given once, from the laid-out book
    assert [where for _, where, _ in index["Dealing"]] == ["Kendra Kari: Players and the deal", "Kendra Kari §1"]
    # a section is linked by an id of its chapter's own: "variants" repeats in every chapter of the booklet
    assert index["Variants"][0][0] == "game.html#topic-game-variants"
    assert 'id="topic-game-variants"' in (tmp_path / "out" / "game.html").read_text()
    assert [where for _, where, _ in index["Scoring and winning"]] == ["Kendra Kari §2"]
    assert [where for _, where, _ in index["Kendra Kari"]] == ["Players and the deal", "The end", "Variants", "Rulings"]
    assert index["Ties"][0][0] == "game.html#kk.stock-out"
    assert list(index)[:3] == ["Dealing", "Kendra Kari", "Last card"]  # words and topics in one alphabet


def test_a_definition_that_leans_on_its_neighbours_fails_at_its_line(tmp_path):
    """The glossary quotes the chapter's sentence alone, so it must read alone: Traditional Ganjifa's "The player
    who holds that Raja is the gheni" read as nonsense in the glossary (issue 41)."""
    page = RULES + "\nA deni draws a Raja out. The player who holds that Raja is the {define}`gheni`.\n"
    words = WORDS.replace("Last card\n", "Gheni\nLast card\n")
    code, out = build(tmp_path, INDEX, {"rules.md": page, "more.md": MORE, "words.md": words})
    assert code != 0
    assert re.search(rf"rules\.md:{line_of(page, 'that Raja')}: WARNING: {{define}}: the sentence that defines 'gheni' "
                     r"leans on its neighbours \('that '\)", out), out
