"""A designer's own measure: a function of a finished game, in a small Python file, named on the command line.

``--measure ./my_measures.py:dealer_edge`` (in ``ganjifa compare`` and ``ganjifa review``) names the function
``dealer_edge`` of that file. It is given each finished game's state and returns a number (a float; ``None``
leaves the game out), and the command sets it beside the other measures: its mean a game with its 95%
interval, each variant (or the head side) tested against the first (or the base) game by game on the same
seeds, Holm's method over the table's tests. The file is loaded as the variant files are
(:mod:`engine.variants`, once a file): it may import the engine.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "m.py").write_text("def moves(state):\\n    return float(len(state.history))\\n")
>>> m = load(f"{folder}/m.py:moves")
>>> m.name, m.label
('moves', 'moves (m.py)')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from ..errors import OptionError
from ..variants import file_module


@dataclass(frozen=True)
class DesignerMeasure:
    """A loaded measure: its file, its function's name, the function."""

    path: str
    name: str
    fn: Callable

    @property
    def spec(self) -> str:
        """``/abs/path.py:name``: the measure named so that another process (another checkout) finds it."""
        return f"{self.path}:{self.name}"

    @property
    def label(self) -> str:
        return f"{self.name} ({Path(self.path).name})"


def load(spec: str) -> DesignerMeasure:
    """The measure ``spec`` names (``path.py:function``); one clear line (OptionError) when the file is missing,
    cannot be loaded, or has no such function."""
    path_text, colon, name = spec.rpartition(":")
    if not colon or not path_text.endswith(".py") or not name.isidentifier():
        raise OptionError(f"--measure {spec!r}: write FILE.py:FUNCTION, e.g. ./my_measures.py:dealer_edge")
    path = Path(path_text).expanduser().resolve()
    if not path.is_file():
        raise OptionError(f"--measure {spec!r}: the file {path_text} is not found")
    module = file_module(str(path), "the measure file")  # loaded as a variant file is, once
    fn = getattr(module, name, None)
    if not callable(fn):
        raise OptionError(f"--measure {spec!r}: {path.name} has no function {name!r}")
    return DesignerMeasure(str(path), name, fn)


def measure_games(measure: DesignerMeasure, game, seed, bots: Sequence[str], games: int) -> list[float | None]:
    """The measure of each of the games ``0 .. games - 1`` a simulation of ``game`` from ``seed`` plays (the
    same games, in the same order), one value a game; a value that is not a number fails in one line."""
    from .simgames import played

    out: list[float | None] = []
    for g, state in enumerate(played(game, seed, tuple(bots), 0, games)):
        try:
            value = measure.fn(state)
        except Exception as err:  # noqa: BLE001
            raise OptionError(f"--measure {measure.label}: game {g} failed: {type(err).__name__}: {err}") from None
        if value is not None and not (isinstance(value, (int, float)) and math.isfinite(value)):
            raise OptionError(f"--measure {measure.label}: game {g} gave {value!r}, not a number")
        out.append(None if value is None else float(value))
    return out
