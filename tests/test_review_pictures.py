"""``ganjifa review`` and the pictures of worked games: every picture a ``{deal}`` block draws is recorded (as
the directive draws it, in print and on the site), compared one by one, named, counted in the verdict and
shown old and new side by side in ``--html``."""

from __future__ import annotations

import re
from pathlib import Path

from engine.examples import transcript as T
from engine.doors.review.snapshot import directives, worked_pictures
from tests.test_directive_errors import GOLDEN, build, sphinx_build
from tests.test_review import clone, edit  # noqa: F401 - the fixture, and a draft's edit

FIGURE = re.compile(r'<figure class="([^"]*)">(.*?)(?:<figcaption>([^<]*)</figcaption>)?</figure>', re.S)


def _page() -> str:
    """A page stating every rule the golden deal cites, then four parts of it drawn four ways: told with a
    key move, every move with the key pictures, kept to the site, and its hands as dealt."""
    cited = dict.fromkeys(c for r in T.replay(T.parse(GOLDEN[0].read_text())) for c in r.record.clauses)
    rules = "".join(f"```{{clause}} {c}\n:summary: The rule in a line.\nThe rule.\n```\n\n" for c in cited)
    return (f"# Told\n\n{rules}"
            "```{deal}\n:file: deals/x.txt\n:to: 30\n:pictures: 12,20\n\n12: Asha keeps her best card for later.\n"
            "20-29: the players empty their hands\n```\n\n"
            "```{deal}\n:file: deals/x.txt\n:from: 31\n:to: 45\n:pictures: key\n```\n\n"
            "```{deal}\n:file: deals/x.txt\n:from: 46\n:pictures: all\n:print: no\n:start-picture: no\n```\n\n"
            "Text between.\n\n```{deal}\n:file: deals/y.txt\n:to: 3\n:hands: yes\n:pictures: none\n```\n")


def _figures(html: str) -> dict[str, set[str]]:
    """The pictures of a built page by kind: ``shown`` (drawn) and ``alt`` (print's stand-ins), as SVG text."""
    out = {"shown": set(), "alt": set()}
    for classes, svg, _caption in FIGURE.findall(html):
        if "ganjifa-state" in classes or "ganjifa-hand" in classes:
            out["alt" if "ganjifa-state-alt" in classes else "shown"].add(svg)
    return out


def test_the_pictures_recorded_are_those_the_book_draws_in_print_and_on_the_site(tmp_path):
    page = _page()
    code, out = build(tmp_path, page, {"deals/x.txt": GOLDEN[0].read_text(), "deals/y.txt": GOLDEN[1].read_text()})
    assert code == 0, out
    site = _figures((tmp_path / "out" / "index.html").read_text())
    code, out = sphinx_build("-E", "-W", "-q", "-b", "singlehtml", "-t", "print", str(tmp_path / "src"),
                             str(tmp_path / "print"))
    assert code == 0, out
    printed = _figures((tmp_path / "print" / "index.html").read_text())
    src = tmp_path / "src"
    recorded = [worked_pictures(d, "index.md", src, src) for d in directives(page, ("deal",))]
    assert [e["problem"] for e in recorded] == [None] * 4
    pictures = [p for e in recorded for p in e["pictures"]]
    assert {p["svg"] for p in pictures if "site" in p["forms"]} == site["shown"]
    assert {p["svg"] for p in pictures if "print" in p["forms"]} == printed["shown"]
    assert {p["svg"] for p in pictures if "print-alt" in p["forms"]} == printed["alt"] - printed["shown"]
    told, listed, site_only, hands = recorded
    assert [(p["moment"], p["captions"], p["forms"]) for p in told["pictures"]][:3] == [
        (0, ["At the start"], ["print", "site"]), (12, ["After move 12"], ["print", "site"]),
        (20, ["After move 20"], ["site"])]  # move 20 is in a stretch: the site's list of every move draws it
    assert {p["moment"] for p in site_only["pictures"]} == set(range(46, len(T.parse(GOLDEN[0].read_text()).steps) + 1))
    assert all(p["forms"] == ["site"] for p in site_only["pictures"])
    assert [p["moment"] for p in hands["pictures"]][:5] == [f"hand:{n}" for n in T.parse(GOLDEN[1].read_text()).names] + [0]
    assert (listed["deal"], listed["line"]) == ("deals/x.txt", page.splitlines().index(":from: 31") - 1)  # the opening fence


def _worked(line: int, pictures: list[tuple], problem=None) -> dict:
    return {"file": "rules/x.md", "line": line, "deal": "rules/deals/x-4p.txt", "part": ["", "30"], "game": "kendra-kari",
            "problem": problem, "pictures": [{"moment": m, "captions": [c], "forms": f, "svg": svg} for m, c, f, svg in pictures]}


def _review(old: list[dict], new: list[dict]):
    from engine.doors.review import GameReview, Review, verdict
    from engine.doors.review.examples import example_changes

    empty = {"questions": [], "positions": [], "tables": [], "deals": [], "figures": []}
    r = Review("main", "0" * 40, ["rules/x.md"])
    r.games["kendra-kari"] = GameReview("kendra-kari", "Kendra Kari")
    r.games["kendra-kari"].examples = example_changes({**empty, "worked": old}, {**empty, "worked": new})
    r.status, r.verdict = verdict(r)
    return r


def test_each_changed_picture_of_a_worked_game_is_named_counted_and_shown_side_by_side():
    from engine.doors.review import BOOK_CHANGES
    from engine.doors.review.writers import to_html, to_json, to_markdown

    both = ["print", "site"]
    old = [_worked(40, [(0, "At the start", both, "<svg>s</svg>"), (12, "After move 12", both, "<svg>a</svg>"),
                        (13, "After move 13", ["print-alt"], "<svg>b</svg>"), (20, "After move 20", ["site"], "<svg>c</svg>")])]
    new = [_worked(44, [(0, "At the start", both, "<svg>s</svg>"), (12, "After move 12", both, "<svg>A</svg>"),
                        (20, "After move 20", both, "<svg>c</svg>"), (25, "After move 25", ["site"], "<svg>d</svg>")])]
    r = _review(old, new)
    found = {e.moment: e for e in r.games["kendra-kari"].examples}
    assert set(found) == {12, 13, 20, 25}  # the start is drawn the same: not named
    assert found[12].what == ["picture"] and (found[12].old_svg, found[12].new_svg) == ("<svg>a</svg>", "<svg>A</svg>")
    assert found[13].what == ["picture removed"] and found[25].what == ["picture added"]
    assert found[20].what == ["where it is drawn"] and (found[20].file, found[20].line, found[20].old_line) == ("rules/x.md", 44, 40)
    assert (r.status, r.verdict) == (BOOK_CHANGES, "the book changes (0 examples, 0 worked games, 4 pictures of worked games)")
    text = to_markdown(r)
    assert ("- worked game rules/deals/x-4p.txt (rules/x.md:44, was line 40): 4 pictures changed: After move 12 (print and "
            "site); After move 20 (print and site): where it is drawn; After move 25 (site): picture added; After move 13 "
            "(print, in place of an earlier picture at a page break): picture removed") in text
    html = to_html(r, text)
    assert html.count("<div class='pair'>") == 3  # the three pictures drawn on a side with another (not 20: the same)
    pair = html.split("After move 12 (print and site) (rules/x.md:44, was line 40)</h3>")[1].split("</div>")[0]
    assert pair.index("<svg>a</svg>") < pair.index("<svg>A</svg>")  # old, then new
    assert {e["moment"] for e in to_json(r)["games"]["kendra-kari"]["examples"]} == {12, 13, 20, 25}


def test_a_worked_game_drawn_the_same_is_no_change_and_one_the_book_cannot_draw_is_said():
    from engine.doors.review import NO_CHANGE

    same = [_worked(40, [(0, "At the start", ["print", "site"], "<svg>s</svg>")])]
    assert _review(same, same).status == NO_CHANGE
    r = _review(same, [_worked(40, [], problem="move 3 by Bela: the narration differs")])
    (e,) = r.games["kendra-kari"].examples
    assert e.what == ["not drawn"] and "move 3 by Bela" in e.new
    assert r.verdict.endswith("0 pictures of worked games)")
    from engine.doors.review.writers import to_markdown

    assert ("- worked game rules/deals/x-4p.txt (rules/x.md:40): its pictures, base: 1 picture drawn; head: (the book "
            "fails here: move 3 by Bela: the narration differs)") in to_markdown(r)


def test_one_line_of_prose_edited_is_one_line_changed_and_shown_with_its_numbers(tmp_path):
    """Issue 43: chapter edits outside clauses were "11 other lines changed", with no lines: each run of changed
    lines now comes with its line on each side, and the report marks the words that changed."""
    from engine.doors.review import GameReview, Review
    from engine.doors.review.text import TextChanges, changed_lines, prose_changes
    from engine.doors.review.writers import to_markdown

    for side, word in (("a", "red"), ("b", "blue")):
        (tmp_path / side / "rules").mkdir(parents=True)
        (tmp_path / side / "rules" / "x.md").write_text(f"# X\n\nThe {word} card.\n\nMore.\n")
    def shown(found) -> str:
        r = Review("HEAD", "0" * 40, ["rules/x.md"])
        r.games[""] = GameReview("", "The rest of the book", text=TextChanges(prose=found))
        return to_markdown(r)

    found = prose_changes(tmp_path / "a", tmp_path / "b")
    assert found == {"rules/x.md": [(3, 3, ("The red card.",), ("The blue card.",))]}
    assert changed_lines(found["rules/x.md"]) == 1
    assert "- rules/x.md: 1 other line changed (prose, examples, headings):\n  - line 3: The ~~red~~ **blue** card.\n" \
        in shown(found)
    (tmp_path / "b" / "rules" / "x.md").write_text("# X\n\nThe blue card.\n\nA new line.\n\nMore.\n")
    found = prose_changes(tmp_path / "a", tmp_path / "b")
    assert changed_lines(found["rules/x.md"]) == 3  # one edited, two added
    assert "  - lines 3-5: The ~~red~~ **blue** card. **A new line.**" in shown(found)
    (tmp_path / "b" / "rules" / "x.md").write_text("# X\n\nMore.\n")
    assert "  - lines 3-4 removed (base): The red card." in shown(prose_changes(tmp_path / "a", tmp_path / "b"))


def test_the_verdict_counts_in_words_one_picture_is_one_picture():
    r = _review([_worked(40, [(12, "After move 12", ["site"], "<svg>a</svg>")])],
                [_worked(40, [(12, "After move 12", ["site"], "<svg>b</svg>")])])
    assert r.verdict == "the book changes (0 examples, 0 worked games, 1 picture of worked games)"


def test_a_chapter_asking_for_one_more_picture_of_a_worked_game_names_it(clone, tmp_path):
    """A chapter-only draft: a worked game of Kendra Kari draws one more moment; the review names that picture
    (golden deal, chapter, line, moment, where it is drawn), counts it, and draws it in --html beside none."""
    from engine.doors.review import BOOK_CHANGES, run_review

    chapter = clone / "rules" / "kendra-kari.md"
    text = chapter.read_text()
    fence = text.index("```{deal}\n:file: deals/kendra-kari-4p.txt\n:to: 12\n:pictures: 11\n")
    line = text[:fence].count("\n") + 1
    edit(chapter, ":file: deals/kendra-kari-4p.txt\n:to: 12\n:pictures: 11\n",
         ":file: deals/kendra-kari-4p.txt\n:to: 12\n:pictures: 10,11\n")
    said = []
    page = tmp_path / "review.html"
    status = run_review("HEAD", html=str(page), root=clone, out=said.append)
    text = said[0]
    assert status == BOOK_CHANGES
    assert "**Verdict: the book changes (0 examples, 0 worked games, 1 picture of worked games)**" in text
    assert (f"- worked game rules/deals/kendra-kari-4p.txt (rules/kendra-kari.md:{line}): 1 picture changed: After move 10 "
            f"(site): picture added") in text
    html = page.read_text()
    assert "worked game rules/deals/kendra-kari-4p.txt: After move 10 (site)" in html
    pair = html.split("<div class='pair'>")[1]
    assert "<figcaption>base</figcaption><p>(none)</p>" in pair and pair.count("<svg") == 1


def test_a_stale_golden_deal_is_named_by_its_path_in_the_book_not_on_this_machine(tmp_path):
    from engine.doors.review.snapshot import deal

    text = GOLDEN[0].read_text()
    first = next(line for line in text.splitlines() if line.startswith("  ") and "[" in line)
    (tmp_path / "rules" / "deals").mkdir(parents=True)
    path = tmp_path / "rules" / "deals" / "x.txt"
    path.write_text(text.replace(first, first.replace("[", "so [", 1), 1))
    entry = deal(path, "rules/deals/x.txt")
    assert not entry["replays"] and entry["problem"].startswith("rules/deals/x.txt:"), entry["problem"]
    assert str(tmp_path) not in entry["problem"]


def test_the_verdict_says_a_worked_game_ends_otherwise_when_no_seeded_game_differs():
    r = _review([], [])
    r.games["kendra-kari"].worked_changed = ["rules/deals/x-4p.txt"]
    from engine.doors.review import verdict

    assert verdict(r)[1] == "the game changes (Kendra Kari: a worked game plays or ends otherwise, no measure significantly)"


def test_the_table_as_play_starts_and_the_deck_sheets_are_pictures_of_the_book_too():
    """Outside the examples and worked games, a chapter draws the table as play starts ({what-you-need}) and a
    deck's sheets ({deck-table} with :pictures:): each is recorded, and one that changed is named and drawn."""
    from engine.draw import state_svg, table_svg, to_string
    from engine.registry import game_class
    from engine.doors.review.examples import example_changes
    from engine.doors.review.snapshot import book_pictures

    text = ("# X\n\n```{what-you-need} komi\n```\n\n```{what-you-need} udvasa\n```\n\n```{deck-table} mughal\n"
            ":pictures:\n```\n\n```{deck-table} mughal\n```\n")
    found = [p for d in directives(text) for p in book_pictures(d, "rules/x.md")]
    assert [(p["line"], p["game"], p["title"]) for p in found[:2]] == [
        (3, "komi", "the table as play starts (Komi)"), (6, "udvasa", "the table as play starts (Udvasa)")]
    from book.printwords import CAST

    assert found[0]["svg"] == to_string(table_svg(game_class("komi").from_text(""), CAST))
    assert found[1]["svg"] == to_string(state_svg(game_class("udvasa").from_text("").start(0), names=CAST[:1]))
    sheets = found[2:]
    assert len(sheets) == 8 and all(p["line"] == 9 and p["title"].startswith("the mughal deck's sheet: ") for p in sheets)
    empty = {"questions": [], "positions": [], "tables": [], "deals": [], "figures": [], "worked": []}
    changed = [{**found[0], "svg": "<svg>new</svg>"}, *found[1:]]
    (ex,) = example_changes({**empty, "pictures": found}, {**empty, "pictures": changed})
    assert (ex.kind, ex.game, ex.file, ex.line, ex.what, ex.new_svg) == ("picture", "komi", "rules/x.md", 3, ["picture"],
                                                                         "<svg>new</svg>")
