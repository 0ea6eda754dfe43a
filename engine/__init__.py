"""The Ganjifa rules engine: cards, decks, notation, chance, and the games.

Pure Python with no Sphinx imports; the book calls into it.

The names below are imported when first asked for (``from engine import get_game``), not when the package
is: ``import engine.doors.entry``, the ``ganjifa`` command's first step, so stays quick, and a Ctrl-C while the
command's modules load is answered by its handler rather than a traceback (engine/doors/entry.py).
"""

from __future__ import annotations

import importlib

_FROM = {  # name -> the module that defines it
    **dict.fromkeys(("HeuristicBot", "RandomBot"), "players.basic_bots"),
    "make_bot": "players.bots",
    **dict.fromkeys(("Card", "Suit", "format_cards", "parse_cards"), "cards"),
    **dict.fromkeys(("DASHAVATARA", "DECKS", "MUGHAL", "NAQSH", "Deck", "Ranking", "deck"), "decks"),
    **dict.fromkeys(("DealError", "GameNotOverError", "GanjifaError", "IllegalMoveError", "NotationError",
                     "OptionError"), "errors"),
    **dict.fromkeys(("play_seeded", "seat_bots"), "players.play"),
    "run": "players.loop",
    **dict.fromkeys(("Game", "State"), "protocol"),
    **dict.fromkeys(("CHANCE", "Record", "Result"), "records"),
    "Deal": "deal",
    **dict.fromkeys(("available_games", "game_class", "get_game"), "registry"),
    **dict.fromkeys(("Rng", "derive", "shuffled"), "shuffle"),
}

__all__ = [
    "Card", "Suit", "format_cards", "parse_cards",
    "Deck", "Ranking", "MUGHAL", "DASHAVATARA", "NAQSH", "DECKS", "deck",
    "GanjifaError", "NotationError", "IllegalMoveError", "OptionError", "DealError", "GameNotOverError",
    "Deal", "Game", "State", "Record", "Result", "CHANCE",
    "get_game", "game_class", "available_games",
    "Rng", "shuffled", "derive",
    "RandomBot", "HeuristicBot", "make_bot", "run", "play_seeded", "seat_bots",
]


def __getattr__(name: str):
    module = _FROM.get(name)
    if module is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
