"""The glossary generated from the chapters' {define} markup."""

from __future__ import annotations

import re

from .test_directive_errors import build, line_of

INDEX = "# Book\n\n```{toctree}\nrules\nmore\nwords\n```\n"
RULES = ("# Rules\n\nCards sit on a {define}`ring` of six places. The card just played is the "
         "{define}`last card <Last card>`, and it decides what may follow. " + "Players sit round the table. " * 12 + "\n\n"
         "Other things happen. This reversal is the {define}`traditional <traditional ranking>` ranking.\n")
MORE = "# More rules\n\nIn this game the {define}`ring` is a circle of chairs.\n"
WORDS = "# Glossary\n\n```{glossary-index}\n```\n"


def _entries(html: str) -> list[str]:
    body = html.split('ganjifa-glossary">')[1].split("</dl>")[0]
    return [" ".join(re.sub(r"<[^>]+>", " ", item).split()) for item in re.findall(r"<dt.*?</dd>", body, re.S)]


def test_glossary_lists_each_term_with_its_defining_sentence_and_place(tmp_path):
    code, out = build(tmp_path, INDEX, {"rules.md": RULES, "more.md": MORE, "words.md": WORDS})
    assert code == 0, out
    html = (tmp_path / "out" / "words.html").read_text()
    entries = _entries(html)
    assert [e.split()[0] for e in entries] == ["Last", "Ring", "Traditional"]  # alphabetical, capitalised
    last, ring, traditional = entries
    assert "Players sit" not in last  # from a long paragraph only the defining sentence
    assert "Rules : The card just played is the last card, and it decides what may follow." in last
    assert "More rules : In this game the ring is a circle of chairs." in ring  # a short paragraph whole
    # a term defined in two chapters is listed once, with both places in the book's order
    assert ring.index("Rules : Cards sit on a ring") < ring.index("More rules : In this game the ring")
    # a sentence that leans on the one before it ("This ...") is quoted with it
    assert "Other things happen. This reversal is the traditional ranking." in traditional
    assert 'href="rules.html#term-rules-last-card"' in html and 'href="more.html#term-more-ring"' in html
    page = (tmp_path / "out" / "rules.html").read_text()
    assert re.search(r'<span class="ganjifa-term" id="term-rules-ring">ring</span>', page)


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
    for entry in re.findall(r'<p class="ganjifa-index-entry">(.*?)</p>', body, re.S):
        term = re.search(r'ganjifa-index-term">([^<]+)<', entry).group(1)
        out[term] = [(href, re.sub(r"<[^>]+>", "", where), "ganjifa-index-def" in classes)
                     for classes, href, where in re.findall(r'<a class="([^"]*)" href="([^"]+)">(.*?)</a>', entry, re.S)]
    return out


def test_the_index_lists_each_defined_word_with_its_definition_and_marked_uses_in_book_order(tmp_path):
    code, out = build(tmp_path, INDEX_BOOK, {"rules.md": RULES_USED, "more.md": MORE_USED, "words.md": WORDS,
                                             "terms.md": TERMS})
    assert code == 0, out
    index = _index((tmp_path / "out" / "terms.html").read_text())
    assert list(index) == ["Last card", "Ring", "Traditional ranking"]  # every defined word, alphabetical
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


def test_the_quoted_sentence_holds_the_word_itself_not_a_longer_one(tmp_path):
    """"bank" is quoted from the sentence that defines it, not from an earlier one that says "banking"."""
    rules = ("# Rules\n\nThis is a banking game of the seventeen family, a cousin of Twenty-One. "
             "One player is the dealer and the {define}`bank`: the one who plays against the others. "
             + "Players sit round the table. " * 12 + "\n")
    code, out = build(tmp_path, INDEX, {"rules.md": rules, "more.md": MORE, "words.md": WORDS})
    assert code == 0, out
    bank = next(e for e in _entries((tmp_path / "out" / "words.html").read_text()) if e.startswith("Bank"))
    assert "One player is the dealer and the bank: the one who plays against the others." in bank, bank
    assert "banking game" not in bank
