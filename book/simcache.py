"""A cache of simulation reports for the book, keyed on the engine's source and the parameters.

A directive that shows simulated figures asks :func:`cached_report`; the key is a hash of the
engine source files the game can run (every file of the engine but the other games' folders:
games never import each other) and of the simulation's parameters, so the book never shows
numbers from an older engine, a rebuild with nothing changed does not replay thousands of games,
and editing one game replays only that game's simulations.

The cache lives in the project's ``_build/cache/simulations`` (conf value ``ganjifa_cache``),
shared by the site, the booklet and ``make check``'s reading of the chapters.
"""

from __future__ import annotations

import hashlib
import json
import pickle
from functools import lru_cache
from pathlib import Path

import engine
from engine.files import write_bytes

ENGINE_DIR = Path(engine.__file__).resolve().parent


GAMES_DIR = ENGINE_DIR / "games"


@lru_cache(maxsize=None)
def engine_digest(game_folder: str = "") -> str:
    """A hash of the engine's source files, leaving out every game's folder but ``game_folder`` (all of
    them when it is empty)."""
    h = hashlib.sha256()
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        rel = path.relative_to(ENGINE_DIR)
        if rel.parts[0] == "games" and len(rel.parts) > 2 and rel.parts[1] != game_folder:
            continue
        h.update(str(rel).encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def game_folder(game) -> str:
    """The folder under engine/games/ that defines ``game``'s class ("" for a class defined elsewhere)."""
    parts = type(game).__module__.split(".")
    return parts[2] if parts[:2] == ["engine", "games"] and len(parts) > 2 else ""


def cache_file(folder: Path, game, games: int, seed, bots: tuple[str, ...]) -> Path:
    """The file the report for these parameters is kept in: a hash of the engine's source and the parameters."""
    params = json.dumps([engine_digest(game_folder(game)), game.name, game.options_text(), games, seed, list(bots)])
    return folder / f"{hashlib.sha256(params.encode()).hexdigest()[:32]}.pickle"


def workers() -> int:
    """The worker processes a simulation of the book is played on: one a core (at most four)."""
    from engine.simulate import cores

    return min(4, cores())


def cached_report(folder: Path, game, games: int, seed, bots: tuple[str, ...], per_game: bool = False):
    """The :class:`engine.simulate.Report` for these parameters, from ``folder`` or computed and stored there.

    It is played on every core (:func:`workers`; the figures are the same on any number of workers, as
    tests/test_simulate.py checks), in chunks small enough to keep them all busy, and it always keeps each
    game's outcome, so that a comparison (:mod:`engine.compare` pairs the games, ``per_game``) and a plain
    table share one entry and neither plays the games again. A report stored without outcomes (an older
    cache) is played again when ``per_game`` asks for them."""
    from engine.simulate import BLOCK, simulate

    path = cache_file(folder, game, games, seed, bots)
    if path.is_file():
        try:
            report = pickle.loads(path.read_bytes())
        except Exception:  # a damaged or foreign cache file: compute afresh
            report = None
        if report is not None and (not per_game or report.outcomes is not None):
            return report
    processes = workers()
    chunk = max(BLOCK, games // (3 * processes) // BLOCK * BLOCK)  # about three chunks a worker
    report = simulate(game, games, seed, bots, workers=processes, chunk=chunk, per_game=True)
    folder.mkdir(parents=True, exist_ok=True)
    write_bytes(path, pickle.dumps(report))  # whole or not at all, even when two processes compute it at once
    return report
