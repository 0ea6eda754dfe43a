"""``ganjifa check [CHAPTER]``: everything wrong in a chapter, in one report.

It reuses what the book already checks rather than checking again: Sphinx reads the chapter in this process
(the ``dummy`` builder: every directive runs, no page is written; a fresh environment, so nothing is kept from
an earlier read) and every error and warning line it gives for the chapter is collected, sorted into kinds:

* a failing example (a ``{question}`` whose stated answer is not the engine's: both are given), a position or
  deal that does not fit;
* a stale golden deal (the chapter's transcripts, replayed as ``ganjifa deals`` does);
* a clause without an example (no example of the chapter shows the engine citing it, nor does a worked game it
  tells): a warning, of its own tier, counted apart; it fails the check only with ``--strict``;
* a clause the engine does not know, and (for a game's chapter) a clause of the game the chapter does not state;
* a clause cited before it is stated;
* a broken reference (a link, a term, a document).

The exit status is 1 when anything is wrong (a book that would not build), else 0, whatever the warnings
(1 for a warning too with ``strict``).
"""

from __future__ import annotations

import io
import re
import tempfile
from pathlib import Path
from typing import Iterable

from ..errors import OptionError

ROOT = Path(__file__).resolve().parent.parent

KINDS = (
    ("example", "Failing examples (the chapter's answer beside the engine's)"),
    ("deal", "Stale or broken golden deals"),
    ("unknown-clause", "Clauses the engine does not know, or that the chapter leaves out"),
    ("cited-early", "Clauses cited before they are stated"),
    ("reference", "Broken references"),
    ("other", "Other errors"),
)
WARNINGS = (("no-example", "Warning: clauses without an example (the book builds; a reader sees no example of them)"),)
EXAMPLE_DIRECTIVES = ("{question}", "{position}", "{game-table}", "{match-table}")
REFERENCE_WORDS = ("undefined label", "unknown document", "reference target not found", "term not in glossary",
                   "toctree contains reference", "unknown target", "cross-reference", "{rule}: unknown clause",
                   "myst.xref_missing", "not found:", "unknown clause id")


def book_root(root: str | Path | None = None) -> Path:
    """The book's folder: ``root``, else the current folder if it holds ``conf.py``, else this checkout."""
    if root is not None:
        path = Path(root)
        if not (path / "conf.py").is_file():
            raise OptionError(f"{root}: not a book's folder (no conf.py)")
        return path.resolve()
    here = Path.cwd()
    return here.resolve() if (here / "conf.py").is_file() else ROOT


def chapter_docnames(root: Path, names: Iterable[str]) -> list[str]:
    """Sphinx document names (``rules/komi``) for chapter arguments (``komi``, ``rules/komi.md``, a path)."""
    out = []
    known = sorted(p.relative_to(root).with_suffix("").as_posix() for p in (root / "rules").rglob("*.md")
                   if "deals" not in p.parts)
    for name in names:
        path = Path(name)
        candidates = []
        if path.suffix == ".md":
            full = path.resolve() if path.is_absolute() or path.exists() else (root / path).resolve()
            try:
                candidates = [full.relative_to(root).with_suffix("").as_posix()]
            except ValueError:
                raise OptionError(f"{name}: not a chapter of the book in {root}") from None
        else:
            candidates = [n for n in (f"rules/{name}", name, f"rules/designers/{name.removeprefix('designers/')}")
                          if n in known][:1]
        if not candidates or candidates[0] not in known:
            import difflib

            short = [k.removeprefix("rules/") for k in known]
            close = difflib.get_close_matches(name.removesuffix(".md").removeprefix("rules/"), short, n=1)
            hint = f"; did you mean {close[0]}?" if close else f" (chapters: {', '.join(short)})"
            raise OptionError(f"no chapter {name!r}{hint}")
        out.append(candidates[0])
    return out


def _kind(message: str) -> str:
    if "cited before it is stated" in message:
        return "cited-early"
    if "unknown clause id" in message and "{rule}" not in message:
        return "unknown-clause"
    if any(word in message for word in REFERENCE_WORDS):
        return "reference"
    if "{deal}" in message or "transcript" in message:
        return "deal"
    if any(d in message for d in EXAMPLE_DIRECTIVES) or "the engine answers" in message or "the answers agree" in message:
        return "example"
    return "other"


def read_chapters(root: Path, docnames: list[str] | None) -> tuple[list[str], dict]:
    """Sphinx reads the book (only ``docnames`` among the chapters, with the pages every chapter links to);
    returns every warning line and, per document, the clauses it states and those its examples cite."""
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    from book.nodes import clause_block, clause_ref

    found: dict[str, dict] = {}

    def collect(app, doctree):
        stated = [(n["clause_id"], n.line or 0) for n in doctree.findall(clause_block)]
        shown = {n["clause_id"] for n in doctree.findall(clause_ref) if _in_narration(n)}
        found[app.env.docname] = {"stated": stated, "shown": shown}

    overrides = {}
    if docnames is not None:
        keep = set(docnames)
        others = [p.relative_to(root).as_posix() for p in (root / "rules").rglob("*.md")
                  if "deals" not in p.parts and p.relative_to(root).with_suffix("").as_posix() not in keep
                  and (p.parent.name == "designers" or _is_game_chapter(p))]
        overrides["exclude_patterns"] = ["_build", ".venv", "**/deals/**", *others]
    warnings = io.StringIO()
    with tempfile.TemporaryDirectory(prefix="ganjifa-check-") as out:
        with patch_docutils(str(root)), docutils_namespace():
            app = Sphinx(str(root), str(root), f"{out}/out", f"{out}/doctrees", "dummy", confoverrides=overrides,
                         status=None, warning=warnings, freshenv=True, keep_going=True, verbosity=0)
            app.connect("doctree-read", collect)
            app.build(force_all=True)
    return ANSI.sub("", warnings.getvalue()).splitlines(), found


def _in_narration(node) -> bool:
    """Whether a citation is the engine's, in an example (a question's answer, a worked game's narration)."""
    while node is not None:
        if "ganjifa-narration" in node.get("classes", ()):
            return True
        node = node.parent
    return False


ANSI = re.compile(r"\x1b\[[0-9;]*m")


UNDEFINED = re.compile(r"\{mention\}: '([^']+)' is defined nowhere in the book")
DEFINED = re.compile(r"\{define\}`([^`<]+?)\s*(?:<([^>`]+)>)?`")


def _defined_outside(root: Path, chosen: list[str]) -> set[str]:
    """The words (lower case) that chapters other than ``chosen`` define: a chapter checked alone mentions
    them rightly (Nakash's "stake" is Komi's), though the check did not read where they are defined."""
    words: set[str] = set()
    for path in (root / "rules").rglob("*.md"):
        if "deals" in path.parts or path.relative_to(root).with_suffix("").as_posix() in chosen:
            continue
        for m in DEFINED.finditer(path.read_text(encoding="utf-8")):
            words.add((m.group(2) or m.group(1)).strip().lower())
    return words


def _is_game_chapter(path: Path) -> bool:
    from ..registry import game_names

    return path.stem in game_names()


def check(docnames: list[str] | None, root: Path) -> dict[str, list[str]]:
    """Every problem in the chapters (all when ``docnames`` is None), by kind: ``{kind: [lines]}``."""
    from ..registry import available_games, game_class

    lines, found = read_chapters(root, docnames)
    chosen = docnames if docnames is not None else sorted(found)
    files = {d: (root / f"{d}.md") for d in chosen}
    problems: dict[str, list[str]] = {kind: [] for kind, _ in KINDS + WARNINGS}
    message_lines = []
    for line in lines:
        if not line.strip():
            continue
        if re.match(r"^\S.*?:\d+: |^\S+\.md: ", line) or "WARNING" in line or "ERROR" in line:
            message_lines.append(line)
        elif message_lines:
            message_lines[-1] += " " + line.strip()  # a message's continuation lines
    elsewhere = _defined_outside(root, chosen) if docnames is not None else set()
    for line in message_lines:
        where = next((d for d, f in files.items() if line.startswith(str(f))), None)
        if where is None:
            continue
        undefined = UNDEFINED.search(line)
        if undefined and undefined.group(1).lower() in elsewhere:  # defined in a chapter this check did not read
            continue
        text = line.replace(str(root) + "/", "")
        problems[_kind(text)].append(text)
    games = set(available_games())
    for doc in chosen:
        info = found.get(doc)
        if info is None:
            continue
        rel = f"{doc}.md"
        shown = info["shown"] | worked_game_clauses(files[doc])
        for cid, line in info["stated"]:
            if cid not in shown:
                problems["no-example"].append(f"{rel}:{line}: clause {cid} has no example: no question, position or "
                                              "worked game of the chapter shows the engine citing it")
        name = Path(doc).name
        if doc.startswith("rules/") and "/designers/" not in f"/{doc}" and name in games:
            stated = [c for c, _ in info["stated"]]
            for cid in game_class(name).CLAUSES:
                if cid not in stated:
                    problems["unknown-clause"].append(f"{rel}: clause {cid} of the game is not stated in the chapter")
        text = files[doc].read_text(encoding="utf-8")
        deals = sorted(set(re.findall(r"^:file:\s*(\S+)", text, re.M)))
        if deals:
            from ..examples.transcript import regenerate

            for p in (files[doc].parent / d for d in deals):
                told = p.relative_to(root).as_posix() if p.is_relative_to(root) else str(p)
                if not p.is_file():
                    problems["deal"].append(f"{rel}: golden deal {told} is missing")
                    continue
                said: list[str] = []
                if regenerate([p], write=False, out=said.append) == 0:
                    continue
                if any(told in line for line in problems["deal"]):
                    continue  # (the worked game's own error already names it)
                problems["deal"].append(f"{rel}: golden deal " + " ".join(
                    " ".join(said).replace(str(root) + "/", "").split()))
    return problems


def _check_encoding(root: Path, docnames: list[str] | None) -> None:
    """OptionError naming file, line and column of the first byte that is not UTF-8 in the chapters asked for,
    then in the other pages Sphinx reads with them (Sphinx would stop at it with a traceback and no line)."""
    from ..files import utf8_problem

    chosen = [root / f"{d}.md" for d in docnames or ()]
    pages = sorted(p for p in (root / "rules").rglob("*.md") if "deals" not in p.relative_to(root).parts)
    for path in dict.fromkeys([*chosen, *pages, root / "index.md"]):
        if path.is_file():
            problem = utf8_problem(path, path.relative_to(root) if path.is_relative_to(root) else path)
            if problem is not None:
                raise OptionError(problem)


CITED = re.compile(r"\[([a-z][a-z0-9]*\.[a-z0-9][a-z0-9.-]*)\]")


def worked_game_clauses(chapter: Path) -> set[str]:
    """The clauses cited in the golden deals a chapter tells (``{deal}``, ``{match-story}``, ... ``:file:``): a
    worked game shows the rules it cites at work, though a brief telling of it (a match told round by round)
    leaves the citations out."""
    try:
        text = chapter.read_text(encoding="utf-8")
    except OSError:
        return set()
    out: set[str] = set()
    for name in set(re.findall(r"^:file:\s*(\S+)", text, re.M)):
        try:
            out |= set(CITED.findall((chapter.parent / name).read_text(encoding="utf-8")))
        except OSError:
            continue
    return out


def run_check(chapters: list[str], root: str | Path | None = None, out=print, strict: bool = False) -> int:
    """The ``check`` command: the report, and 1 when anything is wrong (with ``strict``, a warning too)."""
    base = book_root(root)
    docnames = chapter_docnames(base, chapters) if chapters else None
    _check_encoding(base, docnames)
    problems = check(docnames, base)
    total = sum(len(problems[kind]) for kind, _ in KINDS)
    warned = sum(len(problems[kind]) for kind, _ in WARNINGS)
    what = ", ".join(f"{d}.md" for d in docnames) if docnames else "every chapter"
    for kind, heading in KINDS + WARNINGS:
        if problems[kind]:
            out(f"{heading} ({len(problems[kind])}):")
            for line in problems[kind]:
                out(f"  {line}")
    plural = lambda n, word: f"{n} {word}{'s' if n != 1 else ''}"  # noqa: E731
    said = "nothing wrong" if not total else plural(total, "problem")
    if warned:
        said += f"; {plural(warned, 'warning')} (clauses without an example" + (
            ", failing with --strict)" if strict else "; --strict fails on them)")
    out(f"{what}: {said}")
    return 1 if total or (strict and warned) else 0
