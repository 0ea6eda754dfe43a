"""A tiny Sphinx project per case: every bad directive fails a -W build, naming the .md file and line."""

import contextlib
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from sphinx.cmd.build import build_main

from engine.examples import transcript as T

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = sorted((ROOT / "rules" / "deals").glob("kendra-kari*.txt"))

CONF = 'extensions = ["myst_parser", "sphinx_design", "book"]\nexclude_patterns = ["_build", "deals"]\n'


def build(tmp_path, page: str, files: dict[str, str] = {}) -> tuple[int, str]:
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(CONF)
    (src / "index.md").write_text(page)
    for name, text in files.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text)
    return sphinx_build("-E", "-W", "-q", "-b", "html", str(src), str(tmp_path / "out"))


def sphinx_build(*args: str) -> tuple[int, str]:
    """``sphinx-build ARGS`` in this process (a new Sphinx application each time; starting a Python for
    each of the many tiny builds cost more than the builds): its exit status and everything it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = build_main(list(args))
    return code, out.getvalue()


def line_of(page: str, needle: str) -> int:
    return next(i for i, line in enumerate(page.splitlines(), 1) if needle in line)


def test_good_page_builds(tmp_path):
    page = ("# Fine\n\n```{game-facts} kendra-kari\n```\n\n```{clause} kk.match\n:summary: The rule in a line.\nMatch it.\n```\n\n"
            "```{clause} kk.draw\n:summary: The rule in a line.\nDraw.\n```\n\n"
            "```{deal}\n:file: deals/x.txt\n:from: 5\n:to: 12\n:pictures: 6,7\n```\n\n"
            "```{simulation}\n:game: kendra-kari\n:options: players=3\n:games: 50\n:seed: 4\n```\n")
    code, out = build(tmp_path, page, {"deals/x.txt": GOLDEN[0].read_text()})
    assert code == 0, out
    html = (tmp_path / "out" / "index.html").read_text()
    assert 'id="kk.match"' in html and "ganjifa-facts" in html and "Defaults are in bold." in html
    facts = re.sub(r"<[^>]+>", "", html.split("ganjifa-facts")[1].split("</table>")[0])
    assert facts.count("Players") == 1 and "Number of players, 3 to 6. Choices: 3, 4, 5, 6." in facts  # one row
    assert '<span class="ganjifa-clause-number">§2</span>' in html  # numbered in page order
    # moves 5-12: three or more forced moves in a row with no picture fold into one line
    steps = T.replay(T.parse(GOLDEN[0].read_text()))[4:12]
    pictured = {6, 7}
    lines, run = 0, 0
    for r in steps:
        if r.forced and r.step.number not in pictured:
            run += 1
            continue
        lines += 1 if run >= 3 else run
        run = 0
        lines += 1
    lines += 1 if run >= 3 else run
    assert html.count('<li class="ganjifa-move') == lines
    assert "Forced moves, each the only one allowed" in html or lines == 8
    if lines != 8:  # the fold lists each move compactly ("9 Player 2 draw"); the sentences follow, screen only
        folded = [r for r in steps if r.forced and r.step.number not in pictured]
        assert any(f"{r.step.number}\u00a0{r.step.player}\u00a0<code" in html for r in folded)
        assert 'class="ganjifa-folded-detail' in html
    assert "Before move 5" in html and "After move 6" in html and "After move 7" in html
    assert "After move 8" not in html and "Result:" not in html
    assert 'href="#kk.match"' in html  # a citation in the narration links to its clause
    assert len(re.findall(r"Player \d wins</p>", html)) == 3  # win rate of each of 3 seats


def test_bad_option_value(tmp_path):
    page = "# Bad\n\nText.\n\n```{deal}\n:file: deals/x.txt\n:pictures: sometimes\n```\n"
    code, out = build(tmp_path, page, {"deals/x.txt": GOLDEN[0].read_text()})
    assert code != 0
    assert re.search(r"index\.md:\d+: .*pictures.*sometimes", out), out


def test_bad_option_in_position(tmp_path):
    page = "# Bad\n\n```{position}\n:game: kendra-kari\n:options: players=9\nring=-\n```\n"
    code, out = build(tmp_path, page)
    assert code != 0
    assert f"index.md:{line_of(page, '{position}')}:" in out and "players=9" in out, out


def test_illegal_move_in_deal_file(tmp_path):
    t = T.read(GOLDEN[0])
    game, names, state = T.start(t)
    text = GOLDEN[0].read_text()
    for step in t.steps:
        try:
            state.check(game.parse_move("draw"))
        except ValueError as err:
            lines = text.splitlines(keepends=True)
            lines[step.line - 1] = f"{step.number} {step.player}: draw\n"
            bad, clause = "".join(lines), err.clause
            break
        state.apply(game.parse_move(step.move))
    page = "# Bad\n\nAn example:\n\n```{deal}\n:file: deals/bad.txt\n```\n"
    code, out = build(tmp_path, page, {"deals/bad.txt": bad})
    assert code != 0
    assert f"index.md:{line_of(page, '{deal}')}:" in out, out
    assert f"deals/bad.txt:{step.line}:" in out and f"clause {clause}" in out, out


def test_unknown_game(tmp_path):
    page = "# Bad\n\n```{game-facts} snap\n```\n"
    code, out = build(tmp_path, page)
    assert code != 0
    assert "index.md:3:" in out and "unknown game 'snap'" in out, out


def test_unknown_clause_id(tmp_path):
    page = "# Bad\n\nSome text.\n\n```{clause} kk.nope\n:summary: The rule in a line.\nNo such rule.\n```\n"
    code, out = build(tmp_path, page)
    assert code != 0
    assert "index.md:5:" in out and "unknown clause id 'kk.nope'" in out, out


def test_illegal_position_move(tmp_path):
    from engine.registry import get_game

    game = get_game("kendra-kari", players=4)
    state = game.start(5)
    setup = state.position()
    wrong = next(m for m in ("draw", "*1Sa", "open 1Sa") if _illegal(state, game, m))
    clause = _illegal(state, game, wrong)
    page = f"# Bad\n\n```{{position}}\n:game: kendra-kari\n:move: {wrong}\n{setup}\n```\n"
    code, out = build(tmp_path, page)
    assert code != 0
    assert "index.md:3:" in out and f"clause {clause}" in out, out


def _illegal(state, game, text):
    try:
        state.check(game.parse_move(text))
    except ValueError as err:
        return getattr(err, "clause", None)
    return None


def test_text_builder_gets_fallbacks(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(CONF)
    (src / "index.md").write_text("# Deck\n\n```{deck-table} naqsh\n:pictures:\n```\n\n```{clause} kk.match\n:summary: The rule in a line.\nMatch it.\n```\n")
    run = subprocess.run([sys.executable, "-m", "sphinx", "-E", "-W", "-q", "-b", "text", str(src), str(tmp_path / "out")],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    text = (tmp_path / "out" / "index.txt").read_text()
    assert "[Picture: " in text and "<svg" not in text
    from engine.registry import game_class

    title = game_class("kendra-kari").CLAUSES["kk.match"]
    assert f"§1 {title}**" in text and "(kk.match)" not in text and "Match it." in text


def _gg_bad_copy(kind: str) -> tuple[str, T.Step, str, str]:
    """The 4-player Guru Ganjifa deal with one illegal lead planted: (text, step, clause, words)."""
    path = ROOT / "rules" / "deals" / "guru-ganjifa-4p.txt"
    t = T.read(path)
    steps = T.replay(t, snapshots=False)
    if kind == "holds back":  # a compulsory lead without one of its compulsory cards
        r = next(r for r in steps if "gg.compulsory" in r.record.clauses and len(r.record.move.cards) > 1)
        cards = r.step.move.split()[1:]
        move, clause, words = "lead " + " ".join(cards[1:]), "gg.compulsory", "it leaves out the "
    else:  # a Deni whose led card is the shown card itself: no lower card of the suit led
        r = next(r for r in steps if r.step.move.startswith("deni"))
        shown = r.step.move.split()[-1]
        move, clause, words = f"deni {shown} > {shown}", "gg.deni", "weaker card"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[r.step.line - 1] = f"{r.step.number} {r.step.player}: {move}\n"
    return "".join(lines), r.step, clause, words


@pytest.mark.parametrize("kind", ["holds back", "deni"])
def test_illegal_guru_ganjifa_lead_in_deal_file(tmp_path, kind):
    bad, step, clause, words = _gg_bad_copy(kind)
    page = "# Bad\n\nA worked deal:\n\n```{deal}\n:file: deals/bad.txt\n```\n"
    code, out = build(tmp_path, page, {"deals/bad.txt": bad})
    assert code != 0
    assert f"index.md:{line_of(page, '{deal}')}:" in out, out
    assert f"deals/bad.txt:{step.line}:" in out and f"clause {clause}" in out and words in out, out


def test_rule_role_cites_a_clause_by_its_number(tmp_path):
    page = ("# R\n\n```{clause} kk.deal\n:summary: The rule in a line.\nDeal six each.\n```\n\n```{clause} kk.match\n:summary: The rule in a line.\nMatch it.\n```\n\n"
            "Matching ({rule}`kk.match`) is the heart of the game.\n")
    code, out = build(tmp_path, page)
    assert code == 0, out
    text = re.sub(r"<[^>]+>", "", (tmp_path / "out" / "index.html").read_text())
    assert "Matching (§2) is the heart of the game." in text and "kk.match)" not in text


@pytest.mark.parametrize("cited, says", [("kk.nope", "{rule}: unknown clause id 'kk.nope'"),
                                         ("kk.draw", "{rule}: clause kk.draw is cited but no chapter gives it")])
def test_rule_role_refuses_an_unknown_or_missing_clause(tmp_path, cited, says):
    page = "# R\n\nSome text.\n\nSee ({rule}`" + cited + "`) here.\n"
    code, out = build(tmp_path, page)
    assert code != 0
    assert re.search(rf"index\.md:{line_of(page, 'See (')}: (ERROR|WARNING): " + re.escape(says), out), out
def test_game_table_prints_the_engines_table_and_refuses_an_unknown_one(tmp_path):
    good = "# Odds\n\n```{game-table} nakash order\n:options: players=3\n```\n"
    (tmp_path / "good").mkdir()
    code, out = build(tmp_path / "good", good)
    assert code == 0, out
    html = (tmp_path / "good" / "out" / "index.html").read_text()
    assert "A pair of Rajas" in html and "4,560" in html
    bad = "# Odds\n\n\n```{game-table} nakash luck\n```\n"
    (tmp_path / "bad").mkdir()
    code, out = build(tmp_path / "bad", bad)
    assert code != 0 and "index.md:4" in out and "no table 'luck'" in out and "order, over" in out


def test_a_clause_cited_before_it_is_stated_fails_the_build_at_the_citation(tmp_path):
    """A reader meeting "§2" must already have read clause 2: a chapter's citation of its own clause ahead
    of the clause fails a -W build, naming file, line and clause; the same citation after it builds."""
    clauses = "```{clause} kk.deal\n:summary: The rule in a line.\nDeal six each.\n```\n\n```{clause} kk.match\n:summary: The rule in a line.\nMatch it.\n```\n\n"
    early = "# R\n\nMatching ({rule}`kk.match`) is the heart of the game.\n\n" + clauses
    code, out = build(tmp_path, early)
    assert code != 0
    assert re.search(rf"index\.md:{line_of(early, 'Matching (')}: WARNING: clause kk\.match \(§2 .*\) is cited "
                     rf"before it is stated at line {line_of(early, '{clause} kk.match')}", out), out
    (tmp_path / "late").mkdir()
    code, out = build(tmp_path / "late", "# R\n\n" + clauses + "Matching ({rule}`kk.match`) is the heart.\n")
    assert code == 0, out
