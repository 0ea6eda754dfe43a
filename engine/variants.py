"""A designer's own variant: a game from a small Python file outside the package, or from an installed package.

A variant is a subclass of a game with a rule changed; ``play``, ``simulate``, ``compare``, ``info`` and
transcripts take it wherever they take a game's name:

* by path: ``./my_komi.py:TwoCards`` (the class ``TwoCards`` of that file; ``./my_komi.py`` alone when the
  file defines one game class);
* by entry point: an installed package that declares ``[project.entry-points."ganjifa.games"]``
  ``two-card-komi = "my_package.komi:TwoCards"`` makes ``two-card-komi`` a game name.

The file is read once per process (as the module ``ganjifa_variant_<hash of its path>``). A variant's
games are sent to worker processes (and to a Dask cluster) as the file's path, the class name and the
options, so the workers load the same file: it must be readable there.

>>> is_variant_spec("./my_komi.py:TwoCards"), is_variant_spec("komi")
(True, False)
"""

from __future__ import annotations

import copyreg
import dataclasses
import hashlib
import importlib.util
import sys
from functools import lru_cache
from pathlib import Path

from .errors import OptionError
from .protocol import Game

ENTRY_POINTS = "ganjifa.games"


def is_variant_spec(name: str) -> bool:
    """Whether ``name`` names a file (``path.py`` or ``path.py:Class``) rather than a game."""
    path = name.rpartition(":")[0] if ":" in name and not name.endswith(".py") else name
    return path.endswith(".py")


def _split(spec: str) -> tuple[str, str | None]:
    if spec.endswith(".py"):
        return spec, None
    path, _, cls = spec.rpartition(":")
    return path, cls or None


@lru_cache(maxsize=None)
def file_module(path: str, what: str = "the variant file"):
    """The module of the file at (absolute) ``path``, executed once; a file that cannot run is one line naming
    ``what`` it is, the file and the line that failed."""
    name = "ganjifa_variant_" + hashlib.sha1(path.encode()).hexdigest()[:12]
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise OptionError(f"{path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as err:  # a designer's file: say what is wrong in one line, not a traceback
        del sys.modules[name]
        where = ""
        tb = err.__traceback__
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == path:
                where = f":{tb.tb_lineno}"
            tb = tb.tb_next
        raise OptionError(f"{path}{where}: {what} cannot be loaded: {type(err).__name__}: {err}") from None
    return module


def _game_classes(module) -> list[type[Game]]:
    return [v for v in vars(module).values()
            if isinstance(v, type) and issubclass(v, Game) and v.__module__ == module.__name__]


def load_file(spec: str) -> type[Game]:
    """The game class a variant file names (``path.py:Class`` or ``path.py``)."""
    path_text, cls_name = _split(spec)
    path = Path(path_text).expanduser()
    if not path.is_file():
        raise OptionError(f"variant file {path_text} not found" if not path.exists()
                          else f"{path_text} is not a file")
    module = file_module(str(path.resolve()))
    if cls_name is None:
        found = _game_classes(module)
        if len(found) != 1:
            names = ", ".join(c.__name__ for c in found) or "none"
            raise OptionError(f"{path_text} defines {len(found)} game classes ({names}): name one, "
                              f"as in {path_text}:{found[0].__name__ if found else 'MyGame'}")
        cls = found[0]
    else:
        cls = getattr(module, cls_name, None)
        if cls is None:
            names = ", ".join(c.__name__ for c in _game_classes(module)) or "none"
            raise OptionError(f"{path_text} has no class {cls_name!r}; its game classes are {names}")
    return _adopt(cls, spec, ("file", str(path.resolve()), cls.__name__))


def _adopt(cls, spec: str, origin: tuple) -> type[Game]:
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise OptionError(f"{spec} is not a game: a variant is a subclass of a game (e.g. of "
                          "engine.games.kendra_kari.game.KendraKari)")
    if "spec" not in vars(cls):
        cls.spec = spec  # how this process named it: transcripts written from it say so on their game line
    copyreg.pickle(cls, _reduce)  # worker processes and clusters rebuild it from its file (or entry point)
    cls._variant_origin = origin
    return cls


def _reduce(game: Game):
    options = {f.name: getattr(game, f.name) for f in dataclasses.fields(game)}
    return _rebuild, (type(game)._variant_origin, options)


def _rebuild(origin: tuple, options: dict) -> Game:
    kind, where, cls_name = origin
    if kind == "file":
        cls = load_file(f"{where}:{cls_name}")
    else:
        cls = load_entry_point(where)
    return cls(**options)


def entry_points() -> dict:
    """Installed games declared under the ``ganjifa.games`` entry-point group: name -> entry point."""
    from importlib.metadata import entry_points as found

    return {ep.name: ep for ep in found(group=ENTRY_POINTS)}


def load_entry_point(name: str) -> type[Game]:
    ep = entry_points().get(name)
    if ep is None:
        raise OptionError(f"no installed game {name!r}")
    try:
        cls = ep.load()
    except Exception as err:  # noqa: BLE001 - a broken package: one line
        raise OptionError(f"the installed game {name!r} ({ep.value}) cannot be loaded: "
                          f"{type(err).__name__}: {err}") from None
    return _adopt(cls, name, ("entry point", name, ""))


def resolve(name: str) -> type[Game] | None:
    """The variant ``name`` names (a file, or an installed entry point), or None when it names neither."""
    if is_variant_spec(name):
        return load_file(name)
    if name in entry_points():
        return load_entry_point(name)
    return None
