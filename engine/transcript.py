"""Golden transcripts: a whole game as a reviewable text file, replayed and checked by the engine.

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

What a seed fixes: the deal (``Game.deal(seed)``, the same on every platform and Python
version), each seat's bot (its own stream, from ``derive(seed, "bot", seat)``) and chance's later
steps (one stream for the game, from ``derive(seed, "chance")``, each step drawing in turn; until
November 2026 each chance step had a seed of its own, so a seed's later chance steps then differed).
A file keeps the cards it holds: ``regenerate`` plays its bots again with chance making the moves
the file records, so a change in how a seed becomes cards never changes a golden transcript.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Sequence

from .errors import DealError, GanjifaError, IllegalMoveError, NotationError, OptionError
from .files import write_text
from .play import RecordedChance, play_seeded
from .protocol import CHANCE, Deal, Game, default_names, parse_options
from .registry import game_class
from .notation import whole_number
from .shuffle import parse_seed

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


@dataclass(frozen=True)
class Replayed:
    """One replayed step: the transcript step, the engine's record, and (if kept) the state after it."""

    step: Step
    record: Any
    state: Any = None
    forced: bool = False  # the move was the player's only legal choice


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


# --- writing -----------------------------------------------------------------------


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


def write(t: Transcript, path: str | Path) -> None:
    """Write a transcript file (creating its folder), whole or not at all (:func:`engine.files.write_text`)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text(path, dumps(t))


# --- replaying and playing ---------------------------------------------------------


def _names(t: Transcript, game: Game) -> tuple[str, ...]:
    if not t.names:
        return default_names(game.players)
    if len(t.names) != game.players:
        raise t.error("names", f"{len(t.names)} names for {game.players} players")
    return t.names


def start(t: Transcript):
    """The game definition, the names, and the starting state (the stored deal checked against the seed)."""
    game = t.definition()
    names = _names(t, game)
    if t.seed is not None:
        expected = game.deal(t.seed)
        if expected != t.deal:
            raise t.error("deal", f"the stored deal is not the deal of seed {t.seed}: {_first_difference(expected, t.deal)}",
                          game.DEAL_CLAUSE)
    try:
        state = game.new_game(t.deal)
    except (DealError, NotationError, OptionError) as err:
        raise t.error("deal", f"this deal cannot start the game: {err}", err.clause) from None
    return game, names, state


def _first_difference(expected: Deal, stored: Deal) -> str:
    """Where a stored deal first differs from the deal its seed gives, in a few words."""
    for i, (a, b) in enumerate(zip(expected.hands, stored.hands)):
        if a != b:
            return f"P{i + 1} should be dealt {' '.join(map(str, a[:6]))}{' ...' if len(a) > 6 else ''}"
    if len(expected.hands) != len(stored.hands):
        return f"the seed deals {len(expected.hands)} hands, the file has {len(stored.hands)}"
    return "the piles differ"


def _narration(record, names) -> tuple[str, ...]:
    return tuple(record.narrate(names).splitlines())


def _seat_name(names, seat: int) -> str:
    return CHANCE_NAME if seat == CHANCE else names[seat]


def _apply(t: Transcript, game, names, state, step: Step):
    if state.is_terminal():
        raise t.error(step.line, f"move {step.number} comes after the end of the game")
    who = _seat_name(names, state.current_player)
    if step.player != who:
        raise t.error(step.line, f"move {step.number} is by {step.player}, but it is {who}'s turn")
    try:
        move = game.parse_move(step.move)
    except NotationError as err:
        raise t.error(step.line, f"move {step.number}: {err}", err.clause) from None
    try:
        return state.apply(move)
    except IllegalMoveError as err:
        raise t.error(step.line, f"move {step.number} by {who}: {err}", err.clause) from None


def replay(t: Transcript, snapshots: bool | Iterable[int] = True) -> list[Replayed]:
    """Replay ``t`` through the current engine, checking moves, narration and result line by line.

    ``snapshots``: keep a copy of the state after every step (True), after the steps
    whose numbers are given, or none (False). The state before step 1 is :func:`initial_state`.
    """
    game, names, state = start(t)
    keep = (lambda n: True) if snapshots is True else (lambda n: False) if snapshots is False else set(snapshots).__contains__
    out: list[Replayed] = []
    for step in t.steps:
        forced = _forced(state, game, step)
        record = _apply(t, game, names, state, step)
        said = _narration(record, names)
        if said != step.narration:
            for k, (old, new) in enumerate(zip(step.narration + ("",) * len(said), said + ("",) * len(step.narration))):
                if old != new:
                    raise t.error(step.line + 1 + k, f"move {step.number}: the narration differs.\n"
                                  f"  file:   {old or '(nothing)'}\n  engine: {new or '(nothing)'}")
        out.append(Replayed(step, record, state.copy() if keep(step.number) else None, forced))
    _check_result(t, names, state)
    return out


def _forced(state, game, step: Step) -> bool:
    """Whether the step's move is the only legal one (False for chance's steps, and for a move that
    does not parse: _apply reports it)."""
    if state.is_terminal() or state.current_player == CHANCE:
        return False
    try:
        return state.is_forced(game.parse_move(step.move))
    except (NotationError, IllegalMoveError):
        return False


def _check_result(t: Transcript, names, state) -> None:
    if t.result is None:
        return
    if not state.is_terminal():
        raise t.error("result", "the file gives a result, but after its last move the game is not over")
    said = state.result().narrate(names)
    if said != t.result:
        raise t.error("result", f"the result differs.\n  file:   {t.result}\n  engine: {said}")


def initial_state(t: Transcript):
    """The state before the first move."""
    return start(t)[2]


def play(game: Game | str, seed: int | str, bots: str | Sequence[str] = "heuristic",
         names: Sequence[str] | None = None, max_moves: int = 10_000, chance_moves: Sequence = ()) -> Transcript:
    """Play a seeded game with bots (:func:`engine.play.play_seeded`) into a transcript.

    ``chance_moves``: chance's moves as a transcript recorded them, made again in turn while they fit
    (:class:`engine.play.RecordedChance`); chance draws from the seed's stream past them.
    A player's moves in a row are joined into one line where the game allows (``join_moves``);
    the joined moves are replayed from the same deal to check they make the same game.
    """
    if isinstance(game, str):
        cls = game_class(game)
        game = cls.from_options({"players": len(names)} if names else {})
    kinds = (bots,) if isinstance(bots, str) else tuple(bots)
    names = tuple(names) if names else default_names(game.players)
    if len(names) != game.players:
        raise OptionError(f"{len(names)} names for {game.players} players")
    for name in names:
        check_name(name)
    deal = game.deal(seed)
    moves: list[tuple[int, Any]] = []  # (seat, move), a player's moves in a row joined where the game allows

    def keep(state, record) -> None:
        seat, move = record.player, record.move
        joined = game.join_moves(moves[-1][1], move) if moves and moves[-1][0] == seat != CHANCE else None
        if joined is not None:
            moves[-1] = (seat, joined)
        else:
            moves.append((seat, move))

    final = play_seeded(game, seed, kinds, deal=deal, max_moves=max_moves, on_step=keep,
                        chance=RecordedChance(seed, chance_moves))
    result = final.result().narrate(names)
    state = game.new_game(deal)
    steps = []
    for seat, move in moves:
        record = state.apply(move)
        steps.append(Step(len(steps) + 1, _seat_name(names, seat), str(move), _narration(record, names)))
    if not state.is_terminal() or state.result().narrate(names) != result:
        raise GanjifaError(f"{game.title} seed {seed}: joining moves changed the game")
    shown = tuple(dict.fromkeys(kinds))
    return Transcript(getattr(type(game), "spec", game.name), game.option_items(), seed, names,  # (a variant file's path)
                      shown if len(shown) == 1 else kinds,
                      deal, tuple(steps), result)


def check_name(name: str) -> str:
    """A player's name as a transcript can hold it (OptionError naming the problem otherwise)."""
    if not name or name != name.strip() or any(c in name for c in ",:\n\r") or name.startswith("#") \
            or name == CHANCE_NAME or not name.isprintable():
        raise OptionError(f"player name {name!r} cannot be written in a transcript: a name is printable text "
                          f"without ',' or ':', not starting with '#', and not {CHANCE_NAME!r}")
    return name


def rebuild(t: Transcript) -> Transcript:
    """The transcript as the current engine would write it: re-played by its bots, or re-narrated."""
    game = t.definition()
    names = _names(t, game)
    if t.bots is not None:
        if t.seed is None:
            raise t.error("seed", "a transcript played by bots needs a seed")
        recorded = []  # chance's moves as written: the bots play again, chance makes these again
        for step in t.steps:
            if step.player == CHANCE_NAME:
                try:
                    recorded.append(game.parse_move(step.move))
                except NotationError as err:
                    raise t.error(step.line, f"move {step.number}: {err}", err.clause) from None
        try:
            new = play(game, t.seed, t.bots, names, chance_moves=recorded)
        except OptionError as err:
            raise t.error("bots", str(err)) from None
        return replace(new, names=t.names, path=t.path, lines=t.lines)
    game, names, state = start(t)
    steps = []
    for step in t.steps:
        record = _apply(t, game, names, state, step)
        steps.append(replace(step, player=_seat_name(names, record.player), move=str(record.move),
                             narration=_narration(record, names)))
    result = t.result
    if result is not None or state.is_terminal():
        result = state.result().narrate(names) if state.is_terminal() else result
    return replace(t, steps=tuple(steps), result=result)


def regenerate(paths: Sequence[str | Path] = (), write: bool = False, out=print) -> int:
    """Check (or with ``write`` rewrite) golden transcripts; 1 if any differs or fails, else 0."""
    files = [Path(p) for p in paths] or sorted(DEALS_DIR.glob("*.txt"))
    status = 0
    for path in files:
        try:
            old = read_text(path)
            t = parse(old, path)
            if not write:  # the stored moves, narration and result, replayed as written
                try:
                    replay(t, snapshots=False)
                except TranscriptError as err:
                    out(f"differs: {err.described()}")
                    status = 1
                    continue
            new = dumps(rebuild(t))
        except TranscriptError as err:
            out(f"error: {err.described()}")
            status = 1
            continue
        except OSError as err:
            out(f"error: {path}: {err.strerror or err}")
            status = 1
            continue
        if new == old:
            out(f"same:    {path}")
        elif write:
            write_text(path, new)  # whole or not at all: an interrupted run leaves the old file
            out(f"rewrote: {path}")
        else:
            out(f"differs: {path}")
            diff = difflib.unified_diff(old.splitlines(), new.splitlines(), "file", "engine", lineterm="", n=1)
            for line in list(diff)[:40]:
                out(f"  {line}")
            status = 1
    return status


def key_steps(t: Transcript, replayed: Sequence[Replayed], game: Game | None = None) -> list[int]:
    """The numbers of the steps that cite one of the game's key clauses (``Game.KEY_CLAUSES``)."""
    game = game or t.definition()
    keys = set(game.KEY_CLAUSES)
    return [r.step.number for r in replayed if keys.intersection(r.record.clauses)]


def key_pictures(t: Transcript, replayed: Sequence[Replayed], game: Game | None = None) -> tuple[set[int], set[int]]:
    """``(before, after)``: the step numbers to draw the position before and after, for the key moments.

    A key step is drawn on both sides; with ``Game.KEY_SPAN == "trick"`` the whole trick around it
    is the moment: the position before the trick's first step and after its last (the completed trick).
    """
    game = game or t.definition()
    keys = key_steps(t, replayed, game)
    if game.KEY_SPAN != "trick":
        return set(keys), set(keys)
    before, after, keys = set(), set(), set(keys)
    first, key_trick = 1, False
    for r in replayed:
        n = r.step.number
        key_trick = key_trick or n in keys
        if r.record.trick_winner is not None:  # the trick ends here
            if key_trick:
                before.add(first)
                after.add(n)
            first, key_trick = n + 1, False
    return before, after


def match_transcripts(game: Game, names: Sequence[str], deals: int, seed: int | str,
                      bots: str = "heuristic") -> tuple[list[Transcript], tuple[str, ...]]:
    """A short match (:class:`engine.match.Match`) as one transcript per deal, each with the players'
    names in that deal's seat order (so the dealer sits where the game seats its dealer); and the
    narration of chance's draw for the first dealer (empty if the game has none)."""
    from .match import Match

    match = Match(game, tuple(names), deals=deals)
    match.draw_first_dealer(seed)
    out = []
    from .shuffle import derive, seed_int

    while not match.over():
        number = len(match.played) + 1
        seating = match.seating(number)
        # the same deal as Match.play's derive(seed, "deal", number), written as a short word seed
        deal_seed = f"{seed_int(seed)}/deal/{number}"
        assert seed_int(deal_seed) == derive(seed, "deal", number)
        seat_names = tuple(match.names[p] for p in seating)
        t = play(game, deal_seed, bots, seat_names)
        state = game.new_game(t.deal)
        for step in t.steps:
            state.apply(game.parse_move(step.move))
        match.record(state)
        out.append(t)
    return out, match.first_dealer_draw
