"""A cache of simulation reports for the book, keyed on the engine's source and the parameters.

A directive that shows simulated figures asks :func:`cached_report`; the key is a hash of
every engine source file and of the simulation's parameters, so the book never shows numbers
from an older engine, and a rebuild with nothing changed does not replay thousands of games.
"""

from __future__ import annotations

import hashlib
import json
import pickle
from functools import lru_cache
from pathlib import Path

import engine

ENGINE_DIR = Path(engine.__file__).resolve().parent


@lru_cache(maxsize=None)
def engine_digest() -> str:
    h = hashlib.sha256()
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        h.update(str(path.relative_to(ENGINE_DIR)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def cached_report(folder: Path, game, games: int, seed, bots: tuple[str, ...]):
    """The :class:`engine.simulate.Report` for these parameters, from ``folder`` or computed and stored there."""
    from engine.simulate import simulate

    params = json.dumps([engine_digest(), game.name, game.options_text(), games, seed, list(bots)])
    key = hashlib.sha256(params.encode()).hexdigest()[:32]
    path = folder / f"{key}.pickle"
    if path.is_file():
        try:
            return pickle.loads(path.read_bytes())
        except Exception:  # a damaged or foreign cache file: compute afresh
            pass
    report = simulate(game, games, seed, bots)
    folder.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(pickle.dumps(report))
    tmp.replace(path)
    return report
