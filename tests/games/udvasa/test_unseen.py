"""The player who does not see the stock (engine/games/udvasa/player.py), the figures measured with her
(rules/data/udvasa-unseen.json), the literal rule of dealing (the variant dealing only when stuck), and the chapter's odds
sentences, checked against the data files."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from engine.errors import IllegalMoveError
from engine.games.udvasa import Udvasa
from engine.games.udvasa.odds import FILE as SOLVED
from engine.games.udvasa.odds import load as load_solved
from engine.games.udvasa.player import SearchingPlayer
from engine.games.udvasa.unseen import FILE, chances, literal_summary, load, play_row, settings, summary
from engine.shuffle import shuffled

CHAPTER = Path(__file__).resolve().parents[3] / "rules" / "udvasa.md"


def twin(state, seed):
    """The same game with the stock in another order: what the player sees is the same."""
    other = state.copy()
    other._stock = shuffled(list(state._stock), seed)
    assert other._stock != state._stock and sorted(other._stock) == sorted(state._stock)
    return other


def test_a_sample_keeps_what_is_face_up_and_shuffles_the_stock_by_its_seed_alone():
    state = Udvasa().start(4)
    a, b = state.sample_stock(1), twin(state, 9).sample_stock(1)
    assert a.position() == b.position()  # the same copy whatever the real order was
    assert a.stacks == state.stacks and a.built == state.built
    assert sorted(map(str, a.stock)) == sorted(map(str, state.stock)) and a.stock != state.stock
    assert state.sample_stock(2).stock != a.stock


def mismatches(seed: int = 6) -> tuple[int, int]:
    """Along a game of the searching player (a new stretch to plan, a plan half followed, the end game), how
    often a copy of her chooses otherwise in the real game than in one whose stock is shuffled otherwise, or
    guesses other stocks, weighs other plans or finds them winning in another number of guesses."""
    state = Udvasa().start(seed)
    bot = SearchingPlayer(seed)
    checked = differ = 0
    for step in range(400):
        if state.is_terminal():
            break
        if step in (0, 1, 5, 30, 31, 60) or (not state._stock and checked < 9):
            a, b = copy.deepcopy(bot), copy.deepcopy(bot)
            other = twin(state, step) if state._stock else state.copy()
            differ += a.choose(state.copy()) is not b.choose(other) or a.plan != b.plan or a.weighed != b.weighed \
                or a.guessed != b.guessed
            checked += 1
        state.apply(bot.choose(state))
    return checked, differ


def test_the_searching_player_chooses_alike_in_games_that_differ_only_in_the_stocks_order():
    checked, differ = mismatches()
    assert checked >= 9 and differ == 0


def test_the_twin_test_catches_the_player_if_she_read_the_stock(monkeypatch):
    """Were her guesses the real stock, the same check would see her choose otherwise."""
    from engine.games.udvasa.state import UDState

    monkeypatch.setattr(UDState, "sample_stock", lambda self, seed: self.copy())
    checked, differ = mismatches()
    assert differ > 0


def test_the_unseen_results_file_follows_from_its_rows_and_some_rows_play_again():
    data = load(FILE)
    rows = data["rows"]
    assert data["player"] == settings()
    assert data["summary"] == summary(rows)
    assert [r["seed"] for r in rows] == list(range(len(rows))) and len(rows) >= 200
    for row in sorted(rows, key=lambda r: r["ms"])[:3]:
        again = play_row(row["seed"])
        assert {k: v for k, v in again.items() if k != "ms"} == {k: v for k, v in row.items() if k != "ms"}
    lit = data["literal"]
    assert lit["summary"] == literal_summary(lit["rows"])


def _section(title: str) -> str:
    text = CHAPTER.read_text(encoding="utf-8")
    return text.split(f"## {title}")[1].split("\n## ")[0]


def test_the_chapters_odds_come_from_the_data_files():
    """Each figure the chapter gives for the odds, in words, is a cell of the odds table ({table-figure}),
    said as the data files' own wording (results.chances) says it; the chapter types none of them."""
    import re

    from book.directives.table_figure import cell

    words = chances(load_solved(SOLVED), load(FILE))
    text = " ".join(_section("How often can a deal be won?").split())
    cited = {name: f"udvasa odds: {row} | deals | in words: deal" for name, row in (
        ("solver", "the solver: won"), ("unseen", "the searching player"),
        ("careful_end", "the careful player, then the solver"),
        ("literal", "dealing only when no card can move: the solver wins"))}
    for name, role in cited.items():
        assert f"{{table-figure}}`{role}`" in text, (name, role)
        assert cell(role) == words[name], (name, cell(role), words[name])
    assert not re.search(r"\d+ deals? in 100", text)  # none typed
    intro = " ".join(CHAPTER.read_text(encoding="utf-8").split("## ")[0].split())
    assert f"{{table-figure}}`{cited['unseen']}`" in intro and "order of the stock" in intro


def test_the_chapter_says_what_the_odds_assume_and_rules_on_dealing_with_the_sources_words():
    odds = " ".join(_section("How often can a deal be won?").split())
    assert "knowing the order of the stock" in odds and "whenever she likes" in odds
    rulings = " ".join(_section("Rulings").split())
    assert "no more moves" in rulings and "{variant}`dealing=no-moves`" in rulings
    assert re.search(r"\{variant\}`dealing=no-moves`\n: ", _section("Variants"))


def test_the_designers_notes_describe_the_player_as_she_is_set():
    notes = " ".join((CHAPTER.parent / "designers" / "udvasa.md").read_text(encoding="utf-8").split())
    s = settings()
    assert "five times over" in notes and s["worlds"] == 5
    for name in ("plan_limit", "try_limit", "end_limit"):
        assert f"{s[name]:,} positions a pass" in notes, name
