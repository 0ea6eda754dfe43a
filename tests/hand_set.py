"""A clause's minimal position for its unit test: only the cards the clause is about.

Play could not reach such a position (the hands are not as dealt, the cards played are not all won, a
stock is not a multiple of its deal), so the book and the tool, which read positions with
``game.position``, refuse it; each game's reader takes ``reachable=False`` for the tests, and the rules
are the same on it. Each game's own test says that the strict reader refuses it."""

from __future__ import annotations

import importlib


def hand_set(game, text: str):
    """``game``'s position ``text`` read without the checks that play could reach it."""
    positions = importlib.import_module(type(game).__module__.rpartition(".")[0] + ".positions")
    return positions.parse_position(game, text, reachable=False)
