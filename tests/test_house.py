"""The house's shape (issues 34 and 48), held by tests: ``engine/`` stands in floors, each importing only the
floors below it (:data:`FLOORS`); the engine and the book import one way (no module imports another that imports
it back, at any depth, inside a function or not); a game folder's definition (``game.py``) is imported by none of
the modules it stands on; no engine module is over 600 lines, and no run of ten or more lines is copied from one
game folder to another (what games share lives in ``engine/families/``).

An import is an import wherever it stands: inside a function, or under ``if TYPE_CHECKING:`` for type hints alone
(a hint names the module it stands on), so neither steps around a floor or a circle."""

from __future__ import annotations

import ast
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "engine" / "games"
LONGEST = 600
COPIED_RUN = 10


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _files(*tops: str) -> dict[str, Path]:
    return {_module(p): p for top in tops for p in sorted((ROOT / top).rglob("*.py"))}


def _imports(path: Path, files: dict[str, Path]) -> set[str]:
    """The modules of ``files`` that ``path`` imports, anywhere in it (in a function, under ``if TYPE_CHECKING:``)."""
    me = _module(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    tree = ast.parse(path.read_text())
    out = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(base + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            subs = [f"{base}.{a.name}" for a in node.names]
            names = [s for s in subs if s in files]
            if len(names) < len(subs):
                names.append(base)
        for name in names:
            while name and name not in files:
                name = name.rpartition(".")[0]
            if name and name != me:
                out.add(name)
    return out


def _circles(files: dict[str, Path]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iteratively)."""
    graph = {m: sorted(_imports(p, files)) for m, p in files.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    group = []
                    while True:
                        x = stack.pop()
                        on.discard(x)
                        group.append(x)
                        if x == v:
                            break
                    if len(group) > 1:
                        out.append(sorted(group))
            elif w not in index:
                index[w] = low[w] = len(index)
                stack.append(w)
                on.add(w)
                work.append((w, iter(graph[w])))
            elif w in on:
                low[v] = min(low[v], index[w])
    return out


# The floors of engine/, bottom up, each with the floors it may import besides its own (engine/<floor>/__init__.py
# says what it holds). The contract is engine/'s own modules, with the games' finder (engine/games/__init__.py,
# which imports no game); a game is its folder under engine/games/, and it imports no other game's folder. A
# game's tools (the modules of its folder that its game never imports, run by hand to write a results file:
# Udvasa's odds.py and unseen.py) stand above it beside the front doors, which use every floor below them.
CONTRACT = "contract"
FLOORS = {
    CONTRACT: set(),
    "draw": {CONTRACT},
    "families": {CONTRACT, "draw"},
    "games": {CONTRACT, "draw", "families"},
    "players": {CONTRACT},
    "study": {CONTRACT, "players"},
    "examples": {CONTRACT, "players"},
    "game tools": {CONTRACT, "draw", "families", "games", "players", "study", "examples"},
    "doors": {CONTRACT, "draw", "families", "games", "players", "study", "examples", "game tools"},
}


def _game_tools(files: dict[str, Path]) -> set[str]:
    """The modules of a game folder that its package never imports, at any depth: the tools above the game."""
    tools = set()
    for folder in sorted(p for p in GAMES.iterdir() if (p / "__init__.py").is_file()):
        top = _module(folder / "__init__.py")
        reached, todo = {top}, [top]
        while todo:
            for dep in _imports(files[todo.pop()], files):
                if dep.startswith(top + ".") and dep not in reached:
                    reached.add(dep)
                    todo.append(dep)
        tools |= {m for m in files if m.startswith(top + ".") and m not in reached}
    return tools


def _floor(module: str, tools: set[str]) -> str:
    """The floor ``module`` stands on: its package under ``engine/``, the games' own floor for a game folder."""
    parts = module.split(".")
    if module in tools:
        return "game tools"
    if len(parts) == 1 or module == "engine.games" or not (ROOT / "engine" / parts[1]).is_dir():
        return CONTRACT
    return parts[1]


def _floor_breaches(files: dict[str, Path]) -> list[str]:
    """Every import from one floor to another that :data:`FLOORS` does not allow, and from one game's folder to
    another's, as ``module -> module (floor -> floor)``."""
    tools = _game_tools(files)
    out = []
    for module, path in sorted(files.items()):
        mine = _floor(module, tools)
        for dep in sorted(_imports(path, files)):
            theirs = _floor(dep, tools)
            if theirs == mine == "games" and dep.split(".")[2] != module.split(".")[2] or (
                    theirs != mine and theirs not in FLOORS.get(mine, set())):
                out.append(f"{module} -> {dep} ({mine} -> {theirs})")
    return out


def test_each_floor_imports_only_the_floors_below_it():
    assert _floor_breaches(_files("engine")) == []


def test_every_floor_is_in_the_table_and_says_what_it_holds_and_may_import():
    """A package under engine/ is a floor of the table, and its docstring says what it may import (the games'
    finder and the families say what they hold; draw says what it draws)."""
    packages = sorted(p.name for p in (ROOT / "engine").iterdir() if (p / "__init__.py").is_file())
    assert [p for p in packages if p not in FLOORS] == []
    for name in ("players", "study", "examples", "doors"):
        doc = ast.get_docstring(ast.parse((ROOT / "engine" / name / "__init__.py").read_text())) or ""
        assert "May import:" in doc, name


def test_a_floor_breach_is_found_where_there_is_one(tmp_path, monkeypatch):
    """The table itself: a player importing the study, a game importing another game, the contract importing a
    door, and a type hint's import are breaches; a door importing a game, and a game's own tool importing the study,
    are not."""
    for folder in ("players", "study", "doors", "games", "games/a", "games/b"):
        (tmp_path / "engine" / folder).mkdir(parents=True)
        (tmp_path / "engine" / folder / "__init__.py").write_text("")
    bodies = {
        "cards": "",
        "registry": "def f():\n    from .doors import cli\n",
        "players/bots": "from ..study import simulate\n",
        "study/simulate": "from ..players import bots\n",
        "doors/cli": "from ..games.a import game\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..cards import x\n",
        "games/a/game": "from ... import cards\nfrom ..b import game\n",
        "games/a/odds": "from ...study import simulate\nfrom . import game\n",
        "games/b/game": "from ...players import bots\n",
    }
    for name, body in bodies.items():
        (tmp_path / "engine" / f"{name}.py").write_text(body)
    for game in ("a", "b"):
        (tmp_path / "engine" / "games" / game / "__init__.py").write_text("from .game import x\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    monkeypatch.setattr(sys.modules[__name__], "GAMES", tmp_path / "engine" / "games")
    assert _floor_breaches(_files("engine")) == [
        "engine.games.a.game -> engine.games.b.game (games -> games)",
        "engine.games.b.game -> engine.players.bots (games -> players)",
        "engine.players.bots -> engine.study.simulate (players -> study)",
        "engine.registry -> engine.doors.cli (contract -> doors)",
    ]


def test_the_engine_and_the_book_import_one_way():
    assert _circles(_files("engine")) == []
    assert _circles(_files("book")) == []


def test_a_circle_is_found_where_there_is_one(tmp_path, monkeypatch):
    """The finder itself: two modules importing each other, one of them inside a function, are a circle; so are
    two importing each other, one of them for type hints alone."""
    (tmp_path / "engine" / "x").mkdir(parents=True)
    hint = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .c import Game\n"
    for name, body in (("__init__", ""), ("a", "from . import b\n"), ("b", "def f():\n    from .a import g\n"),
                       ("c", "from . import d\n"), ("d", hint)):
        (tmp_path / "engine" / "x" / f"{name}.py").write_text(body)
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert sorted(_circles(_files("engine"))) == [["engine.x.a", "engine.x.b"], ["engine.x.c", "engine.x.d"]]


def test_what_a_game_definition_stands_on_never_imports_it():
    """A game folder reads one way: ``game.py`` (the definition and its options) stands on the folder's other
    modules (constants, moves, records, state, positions, pictures), and none of those imports it back at any
    depth; only the package and whole-game tools above it (Udvasa's odds) may."""
    files = _files("engine")
    upward = []
    for folder in sorted(p for p in GAMES.iterdir() if (p / "game.py").is_file()):
        top = _module(folder / "game.py")
        below, todo = set(), [top]
        while todo:
            for dep in _imports(files[todo.pop()], files):
                if dep.startswith(_module(folder) + ".") and dep not in below:
                    below.add(dep)
                    todo.append(dep)
        upward += [m for m in sorted(below) if top in _imports(files[m], files)]
    assert upward == []


def test_every_engine_module_says_what_it_holds_in_its_first_lines():
    """A newcomer finds where a rule lives from a folder's file list and each file's first lines."""
    silent = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "engine").rglob("*.py"))
              if not ast.get_docstring(ast.parse(p.read_text()))]
    assert silent == []


def test_no_engine_module_is_over_600_lines():
    long = {str(p.relative_to(ROOT)): n for p in (ROOT / "engine").rglob("*.py")
            if (n := len(p.read_text().splitlines())) > LONGEST}
    assert long == {}


def _lines(path: Path) -> list[tuple[int, str]]:
    """A file's lines that count, numbered, white space folded: no blank lines, comments, imports or lone
    punctuation."""
    out = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        text = " ".join(line.split())
        if not text or text.startswith(("#", "import ", "from ")) or re.fullmatch(r"[\W_]*", text):
            continue
        out.append((number, text))
    return out


def _copied_runs(folders: list[Path]) -> list[str]:
    """Runs of ``COPIED_RUN`` or more lines found alike in two files of different game folders."""
    where: dict[tuple[str, ...], list[tuple[Path, int]]] = defaultdict(list)
    lines = {p: _lines(p) for folder in folders for p in sorted(folder.glob("*.py"))}
    for path, numbered in lines.items():
        for i in range(len(numbered) - COPIED_RUN + 1):
            where[tuple(t for _, t in numbered[i:i + COPIED_RUN])].append((path, numbered[i][0]))
    found = set()
    for places in where.values():
        for a, line_a in places:
            for b, line_b in places:
                if a.parent != b.parent and str(a) < str(b):
                    found.add(f"{a.relative_to(GAMES)}:{line_a} ~ {b.relative_to(GAMES)}:{line_b}")
    return sorted(found)


def test_no_run_of_ten_lines_is_copied_between_game_folders():
    folders = sorted(p for p in GAMES.iterdir() if p.is_dir() and (p / "__init__.py").is_file())
    runs = _copied_runs(folders)
    # one line per copied stretch: its first place in each folder is enough to find it
    firsts = sorted({r.split(" ~ ")[0].rsplit(":", 1)[0] + " ~ " + r.split(" ~ ")[1].rsplit(":", 1)[0] for r in runs})
    assert firsts == [], runs[:20]


def test_a_copied_run_is_found_where_there_is_one(tmp_path, monkeypatch):
    body = "\n".join(f"x{i} = compute({i}, 'word')" for i in range(12))
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "m.py").write_text(f"# {folder}\n{body}\n")
    monkeypatch.setattr(sys.modules[__name__], "GAMES", tmp_path)
    assert _copied_runs([tmp_path / "one", tmp_path / "two"]) == ["one/m.py:2 ~ two/m.py:2", "one/m.py:3 ~ two/m.py:3",
                                                                   "one/m.py:4 ~ two/m.py:4"]
