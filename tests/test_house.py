"""The house's shape (issue 34), held by tests: the engine and the book import one way (no module imports
another that imports it back, at any depth, inside a function or not), a game folder's definition
(``game.py``) is imported by none of the modules it stands on, no engine module is over 600 lines, and
no run of ten or more lines is copied from one game folder to another (what games share lives in
``engine/families/``).

Imports under ``if TYPE_CHECKING:`` are for type hints only and run never: they do not count."""

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
    """The modules of ``files`` that ``path`` imports, anywhere in it but under ``if TYPE_CHECKING:``."""
    me = _module(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    tree = ast.parse(path.read_text())
    hints = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
             for n in ast.walk(node)}
    out = set()
    for node in ast.walk(tree):
        if id(node) in hints:
            continue
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


def test_the_engine_and_the_book_import_one_way():
    assert _circles(_files("engine")) == []
    assert _circles(_files("book")) == []


def test_a_circle_is_found_where_there_is_one(tmp_path, monkeypatch):
    """The finder itself: two modules importing each other, one of them inside a function, are a circle."""
    (tmp_path / "engine" / "x").mkdir(parents=True)
    for name, body in (("__init__", ""), ("a", "from . import b\n"), ("b", "def f():\n    from .a import g\n")):
        (tmp_path / "engine" / "x" / f"{name}.py").write_text(body)
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert _circles(_files("engine")) == [["engine.x.a", "engine.x.b"]]


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
