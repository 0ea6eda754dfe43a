"""The rules text of a review: clauses added, removed and reworded (with a word diff), options changed.

Clauses are read from the chapters' text on each side (``{clause}`` blocks, :func:`snapshot.directives`);
options from each side's engine (the snapshot's game facts). A chapter belongs to the game of its name
(``rules/komi.md`` and ``rules/designers/komi.md`` to Komi); other chapters to the book as a whole.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

from .snapshot import chapters, directives

BOOK = ""  # the group of the chapters that are no game's


@dataclass(frozen=True)
class Clause:
    cid: str
    file: str
    line: int
    summary: str
    text: str


@dataclass
class TextChanges:
    """One game's (or the book's) text changes."""

    added: list[Clause] = field(default_factory=list)
    removed: list[Clause] = field(default_factory=list)
    reworded: list[tuple[Clause, Clause]] = field(default_factory=list)
    options: list[str] = field(default_factory=list)  # sentences: "option stock-out: default end -> reshuffle"
    # file -> the runs of lines changed outside the clauses: (first old line, first new line, old lines, new lines)
    prose: dict[str, list[tuple[int, int, tuple[str, ...], tuple[str, ...]]]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.reworded or self.options or self.prose)


def clauses(root: Path) -> dict[str, Clause]:
    out = {}
    for chapter in chapters(root):
        rel = chapter.relative_to(root).as_posix()
        for d in directives(chapter.read_text(encoding="utf-8"), ("clause",)):
            cid = d["arg"].strip()
            out[cid] = Clause(cid, rel, d["line"], " ".join(d["options"].get("summary", "").split()),
                              " ".join(d["body"].split()))
    return out


def owner(path: str, games: set[str]) -> str:
    """The game a chapter belongs to (by its file's name), else :data:`BOOK`."""
    stem = Path(path).stem
    return stem if stem in games else BOOK


def word_diff(old: str, new: str) -> str:
    """``old`` against ``new`` word by word, in Markdown: removed words ~~struck~~, added words **bold**.

    >>> word_diff("the stock ends the game", "the stock is shuffled again")
    'the stock ~~ends the game~~ **is shuffled again**'
    """
    a, b = old.split(), new.split()
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(" ".join(a[i1:i2]))
            continue
        if i2 > i1:
            out.append(f"~~{' '.join(a[i1:i2])}~~")
        if j2 > j1:
            out.append(f"**{' '.join(b[j1:j2])}**")
    return " ".join(out)


_BLOCK = re.compile(r"^(`{3,}|:{3,})\{clause\}")


def _prose(text: str) -> list[tuple[int, str]]:
    """A chapter's lines outside its clause blocks, each with its line number."""
    out, fence = [], None
    for n, line in enumerate(text.splitlines(), 1):
        if fence is None:
            m = _BLOCK.match(line)
            if m:
                fence = m.group(1)
                continue
            out.append((n, line))
        elif line.strip() and set(line.strip()) == {fence[0]} and len(line.strip()) >= len(fence):
            fence = None
    return out


def changed_lines(hunks) -> int:
    """How many lines the runs of ``hunks`` change (a line reworded counts once, as does one added or removed)."""
    return sum(max(len(a), len(b)) for _, _, a, b in hunks)


def prose_changes(old_root: Path, new_root: Path) -> dict[str, list[tuple[int, int, tuple[str, ...], tuple[str, ...]]]]:
    """Per chapter, the runs of lines changed outside its clause blocks, each with its first line on each side:
    ``(old line, new line, old lines, new lines)``."""
    olds = {p.relative_to(old_root).as_posix(): p for p in chapters(old_root)}
    news = {p.relative_to(new_root).as_posix(): p for p in chapters(new_root)}
    out = {}
    for rel in sorted(set(olds) | set(news)):
        a = _prose(olds[rel].read_text(encoding="utf-8")) if rel in olds else []
        b = _prose(news[rel].read_text(encoding="utf-8")) if rel in news else []
        ta, tb = [line for _, line in a], [line for _, line in b]
        if ta == tb:
            continue
        hunks = []
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ta, tb, autojunk=False).get_opcodes():
            if tag == "equal":
                continue
            first_old = a[i1][0] if i1 < len(a) else (a[-1][0] + 1 if a else 1)
            first_new = b[j1][0] if j1 < len(b) else (b[-1][0] + 1 if b else 1)
            hunks.append((first_old, first_new, tuple(ta[i1:i2]), tuple(tb[j1:j2])))
        if hunks:
            out[rel] = hunks
    return out


def option_changes(old: dict, new: dict) -> list[str]:
    """Sentences for the options one game's engine added, removed or changed (default, choices)."""
    out = []
    for name in sorted(set(old) | set(new)):
        shown = name.replace("_", "-")
        if name not in old:
            o = new[name]
            out.append(f"option {shown} added (default {_v(o['default'])}; choices {', '.join(map(_v, o['choices']))})")
        elif name not in new:
            out.append(f"option {shown} removed (its default was {_v(old[name]['default'])})")
        else:
            a, b = old[name], new[name]
            if a["default"] != b["default"]:
                out.append(f"option {shown}: the default is now {_v(b['default'])} (was {_v(a['default'])})")
            if a["choices"] != b["choices"]:
                gone = [c for c in a["choices"] if c not in b["choices"]]
                came = [c for c in b["choices"] if c not in a["choices"]]
                parts = ([f"new choices {', '.join(map(_v, came))}"] if came else []) + \
                        ([f"choices {', '.join(map(_v, gone))} removed"] if gone else [])
                out.append(f"option {shown}: " + ("; ".join(parts) or "the choices are in a new order"))
    return out


def _v(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def text_changes(old_root: Path, new_root: Path, old_games: dict, new_games: dict) -> dict[str, TextChanges]:
    """Every game's (and the book's, key ``""``) text changes; groups without any left out."""
    names = set(old_games) | set(new_games)
    a, b = clauses(old_root), clauses(new_root)
    out: dict[str, TextChanges] = {}

    def group(path: str) -> TextChanges:
        return out.setdefault(owner(path, names), TextChanges())

    for cid in b:
        if cid not in a:
            group(b[cid].file).added.append(b[cid])
        elif (a[cid].text, a[cid].summary) != (b[cid].text, b[cid].summary):
            group(b[cid].file).reworded.append((a[cid], b[cid]))
    for cid in a:
        if cid not in b:
            group(a[cid].file).removed.append(a[cid])
    for game in sorted(names):
        changes = option_changes(old_games.get(game, {}).get("options", {}), new_games.get(game, {}).get("options", {}))
        if changes:
            out.setdefault(game, TextChanges()).options.extend(changes)
    for rel, hunks in prose_changes(old_root, new_root).items():
        group(rel).prose[rel] = hunks
    return {k: v for k, v in out.items() if v}
