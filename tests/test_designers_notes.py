"""Statistics belong to the designers (DESIGN.md, "Book: written for players, checked like code").

A game's chapter says what play shows in a few plain sentences, their figures printed by
``{sim-figure}`` from the same simulations the game's page of the notes for designers shows in full
(``rules/designers/<game>.md``): no ``{simulation}`` table in a chapter, a designers' page for every
game with a chapter, listed after the games, and every figure of a chapter's sentences resting on a
table of that page. Figures still typed in a chapter are checked here against the computation.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from book.directives.sim_figure import rate_words, share_words
from engine.registry import game_class, game_names

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"
DESIGNERS = RULES / "designers"
GAMES = [g for g in game_names() if (RULES / f"{g}.md").is_file()]  # the games that have a chapter
SIMULATION = re.compile(r"^(`{3,}|:{3,})\{simulation\}\s*\n(.*?)^\1", re.M | re.S)
SIM_FIGURE = re.compile(r"\{sim-figure\}`([^`]*)`", re.S)


def toctree_docs(caption: str) -> list[str]:
    index = (ROOT / "index.md").read_text(encoding="utf-8")
    for block in re.findall(r"```\{toctree\}(.*?)```", index, re.S):
        if re.search(rf"^:caption:\s*{re.escape(caption)}\s*$", block, re.M):
            return [ln.strip() for ln in block.splitlines() if ln.strip() and not ln.strip().startswith(":")]
    raise AssertionError(f"index.md has no toctree with the caption {caption!r}")


def test_there_are_games_with_chapters():
    assert len(GAMES) >= 6, GAMES


@pytest.mark.parametrize("chapter", sorted(RULES.glob("*.md")), ids=lambda p: p.stem)
def test_no_chapter_holds_a_simulation_table(chapter):
    text = chapter.read_text(encoding="utf-8")
    assert "{simulation}" not in text, f"{chapter.name}: simulation tables go to rules/designers/{chapter.name}"
    for word in ("95%", "interval", "z-test", "Welch", "significant"):
        assert word not in text, f"{chapter.name}: {word!r} belongs to the notes for designers"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_designers_page_with_its_tables(game):
    page = DESIGNERS / f"{game}.md"
    assert page.is_file(), f"no notes for designers for {game}: write {page.relative_to(ROOT)}"
    text = page.read_text(encoding="utf-8")
    assert SIMULATION.search(text), f"{page.relative_to(ROOT)} shows no {{simulation}} table"
    assert all(f":game: {game}" in body for _, body in SIMULATION.findall(text)), "a table of another game"


def test_the_notes_for_designers_come_after_the_games_and_before_the_glossary():
    index = (ROOT / "index.md").read_text(encoding="utf-8")
    games, notes = toctree_docs("Chapters"), toctree_docs("Notes for designers")
    assert notes[0] == "rules/designers/index"
    assert sorted(notes[1:]) == sorted(f"rules/designers/{g}" for g in GAMES)
    chapter_order = [d.rpartition("/")[2] for d in games if d.rpartition("/")[2] in GAMES]
    assert [d.rpartition("/")[2] for d in notes[1:]] == chapter_order, "the notes follow the chapters' order"
    assert index.index("rules/naqsh\n") < index.index("rules/designers/index") < index.index("rules/glossary")
    assert "rules/glossary" not in games and "rules/glossary" not in notes


def _setting(game: str, words: list[str]) -> tuple:
    """(game, its options as the game writes them, games, seed, bots): one simulation's parameters."""
    keys = {k: v for k, _, v in (w.partition("=") for w in words) if k in ("games", "seed", "bots")}
    options = " ".join(w for w in words if w.partition("=")[0] not in keys)
    return (game, game_class(game).from_text(options).options_text(), int(keys.get("games", 1000)),
            keys.get("seed", "1"), keys.get("bots", "random"))


def designers_settings(game: str) -> set[tuple]:
    """Every simulation a game's designers' page runs: each column of each table."""
    out = set()
    for _, body in SIMULATION.findall((DESIGNERS / f"{game}.md").read_text(encoding="utf-8")):
        opts = dict(re.findall(r"^:([a-z]+):[ \t]*(.*)$", body, re.M))
        common = opts.get("options", "").split() + [f"games={opts.get('games', '1000')}",
                                                      f"seed={opts.get('seed', '1')}",
                                                      f"bots={opts.get('bots', 'random')}"]
        for column in [c.strip() for c in opts.get("compare", "").split(";") if c.strip()] or [""]:
            column = column.partition(": ")[2] if ": " in column else column
            out.add(_setting(game, common + column.split()))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_a_chapters_figures_rest_on_the_designers_tables(game):
    """Every {sim-figure} of a chapter reads a simulation its designers' page shows in full."""
    text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    figures = SIM_FIGURE.findall(text)
    assert figures, f"{game}.md: 'How the game plays out' prints no figure"
    shown = designers_settings(game)
    for figure in figures:
        _, _, setting = figure.partition("@")
        name, *words = setting.split()
        assert name == game, f"{game}.md: a figure of {name}: {figure}"
        assert _setting(name, words) in shown, f"{game}.md: {figure!r} is not a table of rules/designers/{game}.md"


def test_figures_in_words():
    assert share_words(1, 3, "game") == "about one game in three"
    assert share_words(2, 5, "round") == "about two rounds in five"
    assert share_words(1, 255, "hand") == "about one hand in 260"  # two figures are enough at the table
    assert share_words(0, 10, "game") == "none of 10 games (so fewer than one in 3, 95% sure)"  # what was seen, never a certainty
    assert share_words(600, 600, "game") == "all 600 games"
    assert rate_words(12, 1) == "about 12" and rate_words(3, 2) == "about one and a half"


def test_komi_typed_figures_match_the_count():
    """The Komi chapter's odds (a Komi's chance, a cell of the count's table; ties to the dealer cost
    "about one stake in ten") against the exact count."""
    from engine.games.komi import odds

    text = " ".join((RULES / "komi.md").read_text(encoding="utf-8").split())
    from book.directives.table_figure import cell

    counts = odds.score_counts()
    assert "a Komi comes in {table-figure}`komi scores: Komi | chance` of hands" in text  # computed, not typed
    assert cell("komi scores: Komi | chance") == f"{100 * counts[10] / sum(counts):.2f}%"
    edge = odds.dealer_edge("dealer")
    said = "{table-figure}`komi edge: 2 & 1 | dealer's gain (ties to the dealer) | in words: stake`"
    assert said in text and cell(said[15:-1]) == "about one stake in ten"  # computed from the exact table
    assert abs(edge - Fraction(1, 10)) < Fraction(1, 100)
    assert odds.dealer_edge("push") == 0 and "nobody has an edge" in text


def test_a_figure_prints_words_and_a_bad_one_fails_the_build_at_its_line(tmp_path):
    from tests.test_directive_errors import build

    (tmp_path / "good").mkdir()
    (tmp_path / "bad").mkdir()
    good = ("# Fine\n\nAmong random players the stock runs out in "
            "{sim-figure}`game: stock-out / games @ kendra-kari games=20 seed=3`.\n")
    code, out = build(tmp_path / "good", good)
    assert code == 0, out
    html = (tmp_path / "good" / "out" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'class="ganjifa-sim-figure">(about one game in [^<]+|none of 20 games [^<]+)<', html), html
    bad = "# Bad\n\nText.\n\nIt runs out in {sim-figure}`game: nothing / games @ kendra-kari games=20`.\n"
    code, out = build(tmp_path / "bad", bad)
    assert code != 0 and re.search(r"index\.md:5: .*'nothing' is not an event of Kendra Kari", out), out
