"""Every {question} and {position} of the chapters, read as the book reads them: in page order, each
position resolved by engine.examples.moments.Positions (by hand, a moment of a golden deal, or an earlier
example continued), so that the tests ask about the very positions the book shows."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from engine.examples.moments import Positions
from engine.protocol import default_names
from engine.registry import game_class

RULES = Path(__file__).resolve().parent.parent / "rules"
EXAMPLE = re.compile(r"^(:{3,}|`{3,})\{(question|position)\}[ \t]*(.*?)\n(.*?)^\1\s*$", re.S | re.M)
OPTION = re.compile(r"^:([a-z]+):\s*(.*)$", re.M)


@dataclass(frozen=True)
class Example:
    where: str  # file:line
    kind: str  # question or position
    title: str
    opts: dict = field(compare=False)
    words: str  # the text below the options (for a position: its notation)
    state: object = field(compare=False, repr=False)
    notation: str = ""
    names: tuple[str, ...] = ()


@lru_cache(maxsize=None)
def chapter_examples() -> tuple[Example, ...]:
    found = []
    for path in sorted(RULES.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        positions = Positions(path.parent)
        for m in EXAMPLE.finditer(text):
            kind, title, body = m.group(2), m.group(3), m.group(4)
            opts = dict(OPTION.findall(body))
            words = "\n".join(line for line in body.splitlines() if not line.startswith(":"))
            game = game_class(opts["game"]).from_text(opts.get("options", ""))
            written = opts.get("position", "") if kind == "question" else (opts.get("setup") or words)
            names = tuple(n.strip() for n in opts["names"].split(",")) if "names" in opts \
                else default_names(game.players)
            state = positions.read(game, written, moment_text=opts.get("from", ""),
                                   continues=opts.get("continues", ""), moves=opts.get("moves", ""),
                                   label=opts.get("label", ""), names=names)
            notation = " ".join(written.split()) if written.strip() else state.position()
            line = text.count("\n", 0, m.start()) + 1
            found.append(Example(f"{path.name}:{line}", kind, title, opts, words, state, notation, names))
    return tuple(found)


def questions() -> list[Example]:
    return [e for e in chapter_examples() if e.kind == "question"]
