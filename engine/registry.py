"""Every game by name, so the book, the CLI and transcripts can ask for one.

Games are discovered (:func:`engine.games.discovered`): a folder under ``engine/games/`` whose
package defines ``GAME`` is a game; nothing here names one.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any

from .errors import OptionError
from .games import discovered
from .protocol import Game


@lru_cache(maxsize=None)
def _games() -> dict[str, str]:
    return discovered()


def game_names() -> list[str]:
    """Every game folder's name, loadable or not."""
    return list(_games())


def game_class(name: str) -> type[Game]:
    """The definition class of game ``name`` (OptionError for an unknown or broken game)."""
    games = _games()
    if not isinstance(name, str) or name not in games:
        from .variants import resolve  # a designer's variant: a file (path.py:Class) or an installed entry point

        found = resolve(name) if isinstance(name, str) else None
        if found is not None:
            return found
        import difflib

        close = difflib.get_close_matches(name, list(games), n=1, cutoff=0.6) if isinstance(name, str) else []
        hint = f"; did you mean {close[0]}?" if close else ""
        raise OptionError(f"unknown game {name!r}{hint} (games are {', '.join(games)})")
    module = games[name]
    try:
        cls = importlib.import_module(module).GAME
    except AttributeError:
        raise OptionError(f"game {name!r} is not written yet: its package {module} defines no GAME") from None
    except Exception as err:  # a broken game module must not crash the book with a bare traceback
        raise OptionError(f"game {name!r} cannot be loaded ({module}): {type(err).__name__}: {err}") from err
    if getattr(cls, "name", None) != name:
        raise OptionError(f"game folder {module} holds {getattr(cls, 'name', cls)!r}, not {name!r}")
    return cls


def get_game(name: str, **options: Any) -> Game:
    """A game definition by name with options, e.g. ``get_game("kendra-kari", players=4)``.

    Options may be given as text (as in a directive); unknown ones raise OptionError.
    """
    return game_class(name).from_options(options)


def unit_game(name: str, players: int) -> Game:
    """One unit of play for the bench and the instruction counts: the game at its defaults with ``players``,
    except that a game of rounds (an option ``rounds``, e.g. Komi's one round for each player) plays one round,
    to set beside one hand of the peer's game.

    >>> unit_game("komi", 5).round_count, get_game("komi", players=5).round_count
    (1, 5)
    """
    cls = game_class(name)
    one = {"rounds": 1} if any(o.name == "rounds" for o in cls.options()) else {}
    return cls.from_options({"players": players, **one})


def available_games() -> list[str]:
    """The names of the games that load."""
    out = []
    for name in _games():
        try:
            game_class(name)
        except OptionError:
            continue
        out.append(name)
    return out
