"""Each game's chapter marks exactly the clauses its engine cites (and no others)."""

import re
from pathlib import Path

import pytest

from engine.registry import available_games, game_class

ROOT = Path(__file__).resolve().parent.parent
CLAUSE = re.compile(r"^(?:`{3,}|:{3,})\{clause\}\s+(\S+)", re.M)


def chapter_clauses(text: str) -> list[str]:
    return CLAUSE.findall(text)


def test_parser_finds_both_fence_styles():
    text = "```{clause} kk.match\nx\n```\n\n:::{clause} kk.next\ny\n:::\n\n    ```{clause} not.this\n"
    assert chapter_clauses(text) == ["kk.match", "kk.next"]


# Engines that are in but whose chapter is still being written: skipped loudly, never passed.
# Remove the entry when the chapter lands.
CHAPTER_PENDING: dict[str, str] = {}


def test_pending_chapters_are_really_pending():
    for game in CHAPTER_PENDING:
        assert not (ROOT / "rules" / f"{game}.md").exists(), f"{game} has a chapter now: drop it from CHAPTER_PENDING"


@pytest.mark.parametrize("game", available_games())
def test_chapter_marks_every_clause(game):
    chapter = ROOT / "rules" / f"{game}.md"
    if game in CHAPTER_PENDING:
        pytest.skip(CHAPTER_PENDING[game])
    assert chapter.is_file(), f"no chapter {chapter.relative_to(ROOT)} for the game {game}"
    found = chapter_clauses(chapter.read_text(encoding="utf-8"))
    expected = list(game_class(game).CLAUSES)
    twice = sorted({c for c in found if found.count(c) > 1})
    missing = [c for c in expected if c not in found]
    extra = [c for c in found if c not in expected]
    assert not twice, f"{chapter.name}: clauses given twice: {', '.join(twice)}"
    assert not missing and not extra, (f"{chapter.name}: missing clauses: {', '.join(missing) or 'none'}; "
                                       f"clauses the engine does not know: {', '.join(extra) or 'none'}")
