"""A golden transcript as text: the file format (version 1), read and written.

A transcript file (version 1) looks like this::

    ganjifa-transcript 1
    game: kendra-kari
    options: players=4
    seed: 2024
    names: Asha, Bilal, Chitra, Dev
    bots: heuristic
    deal:
      P1=...
      centre=9Ta
      stock=...
    ---
    1 Asha: 7Sh
      Asha plays the 7 of Shamsher to Position 1, ... [kk.first]
    ---
    result: Asha wins: ...

``seed: -`` means the deal is given explicitly; ``bots: none`` means the moves were
written by hand (``regenerate`` then keeps the moves and rewrites only the narration).
``result: -`` marks an unfinished example. Lines starting with ``#`` are comments.
Chance's steps after the deal (a reshuffle, a blind draw) are move lines by ``chance``
(``14 chance: shuffle 7Sh 3Ta ...``), so a transcript replays with no hidden randomness.

The file and its text only: replaying, playing and regenerating transcripts is :mod:`engine.examples.transcript`,
which names all of this too.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from ..errors import GanjifaError, NotationError, OptionError
from ..protocol import Deal, Game, parse_options
from ..registry import game_class
from ..notation import whole_number
from ..shuffle import parse_seed

MAGIC = "ganjifa-transcript"
BOM = "\ufeff"
VERSION = 1
DEALS_DIR = Path(__file__).resolve().parent.parent / "rules" / "deals"
HEADER_KEYS = ("game", "options", "seed", "names", "bots", "played", "practice", "deal")
CHANCE_NAME = "chance"  # the name on chance's move lines (no player may take it)


class TranscriptError(GanjifaError, ValueError):
    """A transcript that is malformed or disagrees with the engine; names the file, line and clause."""

    def __init__(self, path: object, line: int, message: str, clause: str | None = None):
        self.path = str(path) if path is not None else "<transcript>"
        self.line = line
        self.message = message
        super().__init__(f"{self.path}:{line}: {message}", clause)


@dataclass(frozen=True)
class Step:
    """One move of a transcript: its number, the player's name, the move text and the narration."""

    number: int
    player: str
    move: str
    narration: tuple[str, ...]
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Transcript:
    """A parsed transcript file (frozen). ``lines`` maps header keys to their line numbers."""

    game: str
    options: tuple[tuple[str, str], ...]
    seed: int | str | None
    names: tuple[str, ...]
    bots: tuple[str, ...] | None
    deal: Deal
    steps: tuple[Step, ...]
    result: str | None
    version: int = VERSION
    path: str | None = field(default=None, compare=False)
    lines: tuple[tuple[str, int], ...] = field(default=(), compare=False)
    # a game played at the terminal: who played each seat (``Asha a person``, ``Bela random``); its moves are
    # kept as written (``bots: none``); ``practice``: why the game is practice (a move taken back), or None
    played: tuple[str, ...] | None = None
    practice: str | None = None

    def line_of(self, key: str) -> int:
        return dict(self.lines).get(key, 1)

    def error(self, key_or_line: str | int, message: str, clause: str | None = None) -> TranscriptError:
        line = key_or_line if isinstance(key_or_line, int) else self.line_of(key_or_line)
        return TranscriptError(self.path, line, message, clause)

    def definition(self) -> Game:
        """The game with this transcript's options (TranscriptError on an unknown game or option)."""
        try:
            cls = game_class(self.game)  # unknown game -> error on the game line
        except OptionError as err:
            raise self.error("game", str(err)) from None
        try:
            return cls.from_text(self.options_text())
        except OptionError as err:
            raise self.error("options", str(err), err.clause) from None

    def options_text(self) -> str:
        return " ".join(f"{k}={v}" for k, v in self.options)


# --- reading -----------------------------------------------------------------------


def _parse_seed(text: str) -> int | str | None:
    """The header's seed: ``-`` for a deal given by hand, else :func:`engine.shuffle.parse_seed`."""
    text = text.strip()
    return None if text == "-" else parse_seed(text)


def parse(text: str, path: object = None) -> Transcript:
    """Read transcript text; errors name ``path`` and the line."""
    where = str(path) if path is not None else "<transcript>"
    if not isinstance(text, str):
        raise TranscriptError(where, 1, "a transcript is text")
    if text.startswith(BOM):  # a byte-order mark, as some editors write: not part of the text
        text = text[len(BOM):]
    rows = [(n, line.rstrip("\n").rstrip()) for n, line in enumerate(text.splitlines(), 1)]
    rows = [(n, line) for n, line in rows if not line.lstrip().startswith("#")]
    if not rows or rows[0][1].split() != [MAGIC, str(VERSION)]:
        first = rows[0] if rows else (1, "")
        got = first[1].split()
        if len(got) == 2 and got[0] == MAGIC:
            raise TranscriptError(where, first[0], f"transcript version {got[1]} is not supported (this engine reads {VERSION})")
        raise TranscriptError(where, first[0], f"a transcript starts with '{MAGIC} {VERSION}'")
    header: dict[str, str] = {}
    lines: dict[str, int] = {}
    i = 1
    while i < len(rows) and rows[i][1] != "---":
        n, line = rows[i]
        if not line.strip():
            i += 1
            continue
        key, colon, value = line.partition(":")
        key = key.strip()
        if not colon or key not in HEADER_KEYS or line[0].isspace():
            raise TranscriptError(where, n, f"bad header line {line.strip()!r}; header keys are {', '.join(HEADER_KEYS)}")
        if key in header:
            raise TranscriptError(where, n, f"header {key!r} given twice")
        value = value.strip()
        lines[key] = n
        if key == "deal":  # continuation lines, indented
            parts = [value] if value else []
            while i + 1 < len(rows) and rows[i + 1][1][:1].isspace() and rows[i + 1][1].strip():
                i += 1
                parts.append(rows[i][1].strip())
            value = "; ".join(parts)
        header[key] = value
        i += 1
    missing = [k for k in ("game", "deal") if k not in header]
    if missing:
        raise TranscriptError(where, rows[min(i, len(rows) - 1)][0], f"header lacks {', '.join(missing)}")
    if i >= len(rows):
        raise TranscriptError(where, rows[-1][0], "the header must end with a line '---'")
    try:
        deal = Deal.parse(header["deal"])
    except NotationError as err:
        raise TranscriptError(where, lines["deal"], str(err)) from None
    try:
        parsed = parse_options(header.get("options", ""))
    except OptionError as err:
        raise TranscriptError(where, lines["options"], str(err)) from None
    options = [(key.replace("_", "-"), value) for key, value in parsed.items()]
    names = tuple(n.strip() for n in header["names"].split(",")) if header.get("names") else ()
    for name in names:
        try:
            check_name(name)
        except OptionError as err:
            raise TranscriptError(where, lines["names"], str(err)) from None
    if len(set(names)) != len(names):
        twice = next(n for i, n in enumerate(names) if n in names[:i])
        raise TranscriptError(where, lines["names"], f"the name {twice!r} is given twice")
    bots_text = header.get("bots", "none").strip()
    bots = None if bots_text in ("none", "-", "") else tuple(b.strip() for b in bots_text.split(","))

    steps: list[Step] = []
    i += 1
    result: str | None = None
    while i < len(rows):
        n, line = rows[i]
        i += 1
        if not line.strip():
            continue
        if line == "---":
            break
        if line[0].isspace():
            if not steps:
                raise TranscriptError(where, n, "narration before the first move")
            last = steps[-1]
            steps[-1] = replace(last, narration=last.narration + (line.strip(),))
            continue
        number, _, rest = line.partition(" ")
        player, colon, move = rest.partition(":")
        number_value = whole_number(number)
        if number_value is None or not colon or not move.strip() or not player.strip():
            raise TranscriptError(where, n, f"bad move line {line!r}; expected 'N Name: move'")
        if number_value != len(steps) + 1:
            raise TranscriptError(where, n, f"move {number} out of order: expected {len(steps) + 1}")
        steps.append(Step(number_value, player.strip(), move.strip(), (), n))
    else:
        raise TranscriptError(where, rows[-1][0], "the moves must end with a line '---' and a result line")
    result_line = rows[-1][0]
    for n, line in rows[i:]:
        if not line.strip():
            continue
        key, colon, value = line.partition(":")
        if key != "result" or result is not None:
            raise TranscriptError(where, n, f"expected one line 'result: ...', not {line!r}")
        result = value.strip()
        result_line = n
    if result is None:
        raise TranscriptError(where, result_line, "missing the line 'result: ...'")
    lines["result"] = result_line
    try:
        seed = _parse_seed(header.get("seed", "-"))
    except NotationError as err:
        raise TranscriptError(where, lines.get("seed", 1), str(err)) from None
    played = tuple(p.strip() for p in header["played"].split(",")) if header.get("played") else None
    return Transcript(header["game"], tuple(options), seed, names, bots, deal,
                      tuple(steps), None if result == "-" else result, VERSION,
                      where if path is not None else None, tuple(lines.items()),
                      played, header.get("practice") or None)


def read(path: str | Path) -> Transcript:
    """Read a transcript file: UTF-8 text (a byte-order mark is allowed); TranscriptError names the file and line."""
    return parse(read_text(path), path)


def read_text(path: str | Path) -> str:
    """A transcript file's text; a file that is not UTF-8 raises TranscriptError naming the line (OSError as usual)."""
    data = Path(path).read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise TranscriptError(path, line, f"not UTF-8 text (byte {data[err.start]:#04x}); "
                              "save the file as UTF-8") from None


def dumps(t: Transcript) -> str:
    """The text of a transcript; ``parse(dumps(t)) == t``."""
    out = [f"{MAGIC} {t.version}", f"game: {t.game}"]
    if t.options:
        out.append(f"options: {t.options_text()}")
    out.append(f"seed: {'-' if t.seed is None else t.seed}")
    if t.names:
        out.append(f"names: {', '.join(t.names)}")
    out.append(f"bots: {', '.join(t.bots) if t.bots else 'none'}")
    if t.played:
        out.append(f"played: {', '.join(t.played)}")
    if t.practice:
        out.append(f"practice: {t.practice}")
    out.append("deal:")
    out += [f"  {part.strip()}" for part in str(t.deal).split(";")]
    out.append("---")
    for s in t.steps:
        out.append(f"{s.number} {s.player}: {s.move}")
        out += [f"  {line}" for line in s.narration]
    out.append("---")
    out.append(f"result: {t.result if t.result is not None else '-'}")
    return "\n".join(out) + "\n"


def check_name(name: str) -> str:
    """A player's name as a transcript can hold it (OptionError naming the problem otherwise)."""
    if not name or name != name.strip() or any(c in name for c in ",:\n\r") or name.startswith("#") \
            or name == CHANCE_NAME or not name.isprintable():
        raise OptionError(f"player name {name!r} cannot be written in a transcript: a name is printable text "
                          f"without ',' or ':', not starting with '#', and not {CHANCE_NAME!r}")
    return name
