"""The games, one folder each, found by looking: ``engine/games/<folder>/`` with a ``GAME`` is a game.

A game's name is its folder's name with ``-`` for ``_`` (``kendra_kari`` is ``kendra-kari``);
its package defines ``GAME``, the :class:`~engine.protocol.Game` subclass. Folders are imported
only when their game is asked for. See ``README.md`` beside this file for adding a game.
"""

from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).resolve().parent


def discovered() -> dict[str, str]:
    """Game name -> the module that holds it, for every game folder here, sorted by name."""
    out = {}
    for path in sorted(FOLDER.iterdir()):
        if path.is_dir() and (path / "__init__.py").is_file() and not path.name.startswith(("_", ".")):
            out[path.name.replace("_", "-")] = f"{__name__}.{path.name}"
    return out
