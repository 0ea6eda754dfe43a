"""A worked game told, not listed ({deal} with key moves marked, book/directives/worked.py): the key moves in
full with their sentence, every other stretch in one line counted from the game; the whole list on the site
one click away; a part kept to the site; a key move outside the part fails the build naming file and line."""

import re
from collections import Counter

from engine.examples import transcript as T
from tests.test_directive_errors import GOLDEN, build, line_of, sphinx_build

CONF = 'extensions = ["myst_parser", "sphinx_design", "book"]\nexclude_patterns = ["_build", "deals"]\n'


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _page(body: str, extra: str = "") -> str:
    """A page stating every rule the first 30 moves of the golden deal cite, then those moves."""
    cited = dict.fromkeys(c for r in T.replay(T.parse(GOLDEN[0].read_text()))[:30] for c in r.record.clauses)
    rules = "".join(f"```{{clause}} {c}\n:summary: The rule in a line.\nThe rule.\n```\n\n" for c in cited)
    return f"# Told\n\n{rules}```{{deal}}\n:file: deals/x.txt\n:to: 30\n{extra}\n{body}```\n"


def _print_build(tmp_path, page):
    src = tmp_path / "src"
    code, out = sphinx_build("-E", "-W", "-q", "-b", "singlehtml", "-t", "print", str(src), str(tmp_path / "print"))
    assert code == 0, out
    return (tmp_path / "print" / "index.html").read_text()


def test_a_told_game_folds_the_stretches_between_key_moves_and_counts_them(tmp_path):
    page = _page("12: Asha keeps her best card for later.\n20-29: the players empty their hands\n",
                 ":pictures: 12\n")
    code, out = build(tmp_path, page, {"deals/x.txt": GOLDEN[0].read_text()})
    assert code == 0, out
    steps = T.replay(T.parse(GOLDEN[0].read_text()))
    told = _print_build(tmp_path, page)
    text = _text(told.split("ganjifa-told")[1])
    assert "Asha keeps her best card for later." in text
    assert "After move 12" in text  # the key move's picture
    for a, b in ((1, 11), (13, 19), (20, 29)):
        moved = Counter(r.step.player for r in steps[a - 1:b] if r.record.player != "chance")
        assert f"{a}\u2013{b}." in text, text
        assert f"{sum(moved.values())} moves" in text  # counted, not typed
    assert "The players empty their hands:" in text
    assert " 30. " in f" {text}"  # a stretch of one move is its own line
    assert "Every move" not in told  # the whole list is the site's
    site = (tmp_path / "out" / "index.html").read_text()
    assert '<details class="ganjifa-whole">' in site and "Every move, 1 to 30 (30 moves)" in site
    whole = site.split('<details class="ganjifa-whole">')[1].split("</details>")[0]
    for r in steps[:30]:  # every move, numbered (a run of forced moves in a row is one line of them)
        n = r.step.number
        assert f">{n}.<" in whole or f"{n}\u00a0{r.step.player}" in whole or f">{n}\u2013" in whole, n


def test_a_key_move_outside_the_part_fails_naming_its_line(tmp_path):
    page = _page("12: fine.\n31: the game shown stops at move 30.\n")
    code, out = build(tmp_path, page, {"deals/x.txt": GOLDEN[0].read_text()})
    assert code != 0
    assert f"index.md:{line_of(page, '31: the game')}:" in out and "move 31 is not in this part" in out, out


def test_a_mark_that_is_not_a_move_fails(tmp_path):
    page = _page("twelve: Asha waits.\n")
    code, out = build(tmp_path, page, {"deals/x.txt": GOLDEN[0].read_text()})
    assert code != 0 and f"index.md:{line_of(page, 'twelve:')}:" in out and "'N: why it matters'" in out, out


def test_a_part_for_the_site_only_is_not_printed(tmp_path):
    page = _page("", ":print: no\n")
    code, out = build(tmp_path, page, {"deals/x.txt": GOLDEN[0].read_text()})
    assert code == 0, out
    assert "ganjifa-moves" in (tmp_path / "out" / "index.html").read_text()
    told = _print_build(tmp_path, page)
    # no site address is set (conf.py's ganjifa_site): print never sends the reader to a site it cannot name
    assert "ganjifa-moves" not in told and "told move by move" not in told


def test_a_stretch_of_one_move_is_said_in_the_chapter_words_alone(tmp_path):
    """``8-8: text`` folds one move into the chapter's words: nothing to count, no stray "Dev: ." left over."""
    page = _page("5-5: a card goes onto the ring\n")
    code, out = build(tmp_path, page, {"deals/x.txt": GOLDEN[0].read_text()})
    assert code == 0, out
    text = _text(_print_build(tmp_path, page).split("ganjifa-told")[1])
    assert "5. A card goes onto the ring." in text, text
    assert ": ." not in text and "1 move" not in text


def test_a_key_move_s_words_are_checked_against_the_game(tmp_path):
    """Issue 30: the sentence of a key move names cards and holders the game bears out, or the build fails at
    its line (engine.examples.claims, as for a question)."""
    steps = T.replay(T.parse(GOLDEN[0].read_text()))
    r = steps[11]
    names = T.parse(GOLDEN[0].read_text()).names
    seat = r.record.player
    other = (seat + 1) % len(names)
    card = next(c for c in steps[10].state.hands[other])  # a card another player holds at move 12
    from engine.decks import MUGHAL
    wrong = f"12: {names[seat]} holds the {MUGHAL.card_name(card)}.\n"
    page = _page(wrong)
    code, out = build(tmp_path, page, {"deals/x.txt": GOLDEN[0].read_text()})
    assert code != 0 and f"index.md:{line_of(page, wrong.strip())}" in out, out
    assert "the words contradict the game" in out and f"{names[seat]} does not hold the" in out
    (tmp_path / "ok").mkdir()
    right = f"12: {names[other]} holds the {MUGHAL.card_name(card)}.\n"
    code, out = build(tmp_path / "ok", _page(right), {"deals/x.txt": GOLDEN[0].read_text()})
    assert code == 0, out


def test_a_told_game_says_once_how_it_is_told(tmp_path):
    """A reader who opens a chapter at its worked game learns there what a folded line is: said once per game,
    in print and on the site, however many told parts the game has on the page."""
    page = _page("12: Asha keeps her best card for later.\n")
    second = "\n```{deal}\n:file: deals/x.txt\n:from: 31\n:to: 40\n:start-picture: no\n\n35: a later move.\n```\n"
    code, out = build(tmp_path, page + second, {"deals/x.txt": GOLDEN[0].read_text()})
    assert code == 0, out
    key = "How this game is told:"
    told = _text(_print_build(tmp_path, page + second))
    assert told.count(key) == 1 and "the moves between a stretch to a line, numbered from its first move to its last" in told
    assert told.index(key) < told.index("Asha keeps her best card for later.")
    assert "All the moves are" not in told  # no site address set: no pointer to it (test_prose_references)
    site = _text((tmp_path / "out" / "index.html").read_text())
    assert site.count(key) == 1 and "Every move is under \u201cEvery move\u201d below" in site


def test_a_stretch_line_says_who_moved_and_how_often_a_rule_was_used_in_words(tmp_path):
    """A folded stretch reads as a sentence: the players who moved, the tricks each won, the rules used most
    "twice" or "3 times"; no "Asha: 2 moves", no "×"."""
    page = _page("12: Asha keeps her best card for later.\n")
    code, out = build(tmp_path, page, {"deals/x.txt": GOLDEN[0].read_text()})
    assert code == 0, out
    steps = T.replay(T.parse(GOLDEN[0].read_text()))
    text = _text(_print_build(tmp_path, page).split("ganjifa-told")[1])
    text = text.split("Project name not set")[0]  # the told game, not the theme's footer
    movers = list(dict.fromkeys(r.step.player for r in steps[:11] if r.record.player != "chance"))
    from book.directives.sim_figure import number_words

    assert len(movers) == 3 and f"11 moves, by all {number_words(len(movers))} players" in text, text
    assert "\u00d7" not in text and "rules used most" not in text
    assert re.search(r"players; mostly \u00a7\d+ ?(, \u00a7\d+ ?)*( and \u00a7\d+ ?)?\.", text), text
