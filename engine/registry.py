"""Every game by name, so the book, the CLI and transcripts can ask for one."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import OptionError
from .protocol import Game

# name -> "module:Class"; modules are imported only when the game is asked for
GAMES: dict[str, str] = {
    "kendra-kari": "engine.games.kendra_kari:KendraKari",
    "guru-ganjifa": "engine.games.guru_ganjifa:GuruGanjifa",
}


def game_class(name: str) -> type[Game]:
    try:
        target = GAMES[name]
    except KeyError:
        raise OptionError(f"unknown game {name!r}; games are {', '.join(sorted(GAMES))}") from None
    module, _, cls = target.partition(":")
    try:
        return getattr(importlib.import_module(module), cls)
    except ModuleNotFoundError as err:
        if err.name != module:
            raise OptionError(f"game {name!r} cannot be loaded: {err}") from err
        raise OptionError(f"game {name!r} is not written yet") from None
    except Exception as err:  # a broken game module must not crash the book with a bare traceback
        raise OptionError(f"game {name!r} cannot be loaded ({module}): {type(err).__name__}: {err}") from err


def get_game(name: str, **options: Any) -> Game:
    """A game definition by name with options, e.g. ``get_game("kendra-kari", players=4)``.

    Options may be given as text (as in a directive); unknown ones raise OptionError.
    """
    return game_class(name).from_options(options)


def available_games() -> list[str]:
    """The names of the games whose module exists."""
    out = []
    for name in GAMES:
        try:
            game_class(name)
        except OptionError:
            continue
        out.append(name)
    return out
