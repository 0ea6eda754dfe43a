"""``ganjifa review`` and the pictures of worked games: every picture a ``{deal}`` block draws is recorded (as
the directive draws it, in print and on the site), compared one by one, named, counted in the verdict and
shown old and new side by side in ``--html``."""

from __future__ import annotations

import re
from pathlib import Path

from engine import transcript as T
from engine.review.snapshot import directives, worked_pictures
from tests.test_directive_errors import GOLDEN, build, sphinx_build

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
