"""A cache of simulation reports for the book, keyed on the engine's source and the parameters.

A directive that shows simulated figures asks :func:`cached_report`; the key is a hash of the
engine source files the game's simulation can run (its folder, the simulator, and every engine module
they import: :func:`engine_files`) and of the simulation's parameters, so the book never shows
numbers from an older engine, a rebuild with nothing changed does not replay thousands of games,
and editing one game replays only that game's simulations.

The cache lives in the project's ``_build/cache/simulations`` (conf value ``ganjifa_cache``),
shared by the site, the booklet and ``make check``'s reading of the chapters.
"""

from __future__ import annotations

import ast
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
    """A hash of the engine's source files a simulation of ``game_folder``'s game can run: the folder's own
    files, :mod:`engine.study.simulate`, and every engine module they import, at any depth (read from the files'
    import statements, those inside functions included: :func:`engine_files`). Editing the terminal, the
    pictures of another game or the review leaves the figures' key alone. Every engine file when
    ``game_folder`` is empty (a game defined outside the engine, such as a variant file)."""
    h = hashlib.sha256()
    for path in engine_files(game_folder):
        h.update(str(path.relative_to(ENGINE_DIR)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def engine_files(game_folder: str = "") -> list[Path]:
    """The engine's source files behind :func:`engine_digest`, sorted."""
    if not game_folder:
        return sorted(ENGINE_DIR.rglob("*.py"))
    # the simulator, and the registry through which it finds every game by name
    todo = sorted((GAMES_DIR / game_folder).glob("*.py")) + [ENGINE_DIR / "study" / "simulate.py",
                                                                 ENGINE_DIR / "registry.py"]
    seen: set[Path] = set()
    while todo:
        path = todo.pop()
        if path not in seen:
            seen.add(path)
            todo.extend(_imported(path) - seen)
    return sorted(seen)


def _module_file(name: str) -> Path | None:
    """The file of engine module ``name`` (``engine.players.play``, a package's ``__init__.py``), else None."""
    parts = name.split(".")
    if parts[0] != "engine":
        return None
    base = ENGINE_DIR.joinpath(*parts[1:])
    for path in (base / "__init__.py", base.with_suffix(".py")):
        if path.is_file():
            return path
    return None


def _imported(path: Path) -> set[Path]:
    """The engine files ``path`` imports (each name imported from a package may be a module of its own;
    the packages on the way are imported too)."""
    rel = path.relative_to(ENGINE_DIR.parent).with_suffix("").parts
    package = list(rel[:-1]) if rel[-1] != "__init__" else list(rel[:-1])
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[:len(package) - node.level + 1] + ([node.module] if node.module else [])) \
                if node.level else node.module or ""
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    out = set()
    for name in names:
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            found = _module_file(".".join(parts[:i]))
            if found is not None:
                out.add(found)
    return out


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
    from engine.study.simulate import cores

    return min(4, cores())


def cached_report(folder: Path, game, games: int, seed, bots: tuple[str, ...], per_game: bool = False):
    """The :class:`engine.study.simulate.Report` for these parameters, from ``folder`` or computed and stored there.

    It is played on every core (:func:`workers`; the figures are the same on any number of workers, as
    tests/test_simulate.py checks), in chunks small enough to keep them all busy, and it always keeps each
    game's outcome, so that a comparison (:mod:`engine.study.compare` pairs the games, ``per_game``) and a plain
    table share one entry and neither plays the games again. A report stored without outcomes (an older
    cache) is played again when ``per_game`` asks for them."""
    from engine.study.simulate import BLOCK, simulate

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
