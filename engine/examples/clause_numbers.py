"""A game's rules as its chapter numbers them (§N). A game's ``CLAUSES`` are kept in the order its chapter states
them (``tests/test_clause_numbers.py`` holds it), so the terminal, the play pages and the command line cite a rule
as the reader finds it in print, with no chapter to read (the play pages run the engine alone).

>>> from engine import get_game
>>> numbers = chapter_numbers(get_game("kendra-kari"))
>>> numbers["kk.players"], cite("a bridge [kk.bridge]", numbers)
(1, 'a bridge §11')
"""

from __future__ import annotations

import re

_CITED = re.compile(r"\[([a-z]+\.[\w-]+)\]")


def chapter_numbers(game) -> dict[str, int]:
    """Clause id -> its number in the game's chapter (§N)."""
    return {c: i for i, c in enumerate(game.CLAUSES, 1)}


def cite(text: str, numbers: dict[str, int]) -> str:
    """``text`` with each citation ``[kk.bridge]`` written as the book prints it, ``§11`` (an id the chapter does
    not number is left as it is)."""
    return _CITED.sub(lambda m: f"§{numbers[m.group(1)]}" if m.group(1) in numbers else m.group(0), text)
