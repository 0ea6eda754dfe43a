"""Every game's ``CLAUSES`` in the order its chapter states them: the §N the terminal and the play pages cite
(:mod:`engine.examples.clause_numbers`) is the §N the book prints."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.examples.clause_numbers import chapter_numbers
from engine.registry import game_class, game_names

RULES = Path(__file__).resolve().parent.parent / "rules"


@pytest.mark.parametrize("name", game_names())
def test_the_engine_numbers_a_games_rules_as_its_chapter_does(name):
    stated = re.findall(r"^[`:]{3,}\{clause\}\s+(\S+)", (RULES / f"{name}.md").read_text(encoding="utf-8"), re.M)
    game = game_class(name)()
    assert list(chapter_numbers(game)) == list(dict.fromkeys(stated)), (
        f"engine/games/{name.replace('-', '_')}: keep CLAUSES in the order rules/{name}.md states them")
