"""{game-table} and {match-table} on a tiny Sphinx project: they build, and bad input fails the -W build
naming the file and line."""

from __future__ import annotations

from pathlib import Path

from tests.test_directive_errors import build, line_of

DEALS = Path(__file__).resolve().parents[3] / "rules" / "deals"
MATCH = {f"deals/m{i}.txt": (DEALS / f"naqsh-match-{i}.txt").read_text() for i in range(1, 5)}


def test_tables_build_and_mistakes_fail(tmp_path):
    good = ("# T\n\n```{game-table} naqsh\n:table: two-card-naqsh\n```\n\n"
            "```{match-table}\n:files: deals/m1.txt deals/m2.txt deals/m3.txt deals/m4.txt\n"
            ":names: Asha, Bela, Chitra, Dev, Esha\n```\n")
    (tmp_path / "a").mkdir()
    code, out = build(tmp_path / "a", good, MATCH)
    assert code == 0, out
    html = (tmp_path / "a" / "out" / "index.html").read_text()
    assert "Mir + 9" in html and "\u22121 (\u22122)" in html and ">Round<" in html and "+4 (8)" in html  # deal 1: a failing dealer pays nothing

    for name, page in (
            ("b", "# T\n\n```{game-table} naqsh\n:table: no-such-table\n```\n"),
            ("c", "# T\n\n```{match-table}\n:files: deals/m1.txt deals/m3.txt\n```\n"),  # Esha should deal deal 2
    ):
        (tmp_path / name).mkdir()
        code, out = build(tmp_path / name, page, MATCH)
        assert code != 0
        line = line_of(page, "game-table" if name == "b" else "match-table")
        assert f"index.md:{line}" in out, out
        assert ("no table 'no-such-table'" in out) if name == "b" else ("should" in out), out
