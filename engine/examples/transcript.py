"""Golden transcripts: a whole game as a reviewable text file, replayed and checked by the engine.

The file format, read and written as text, is :mod:`engine.examples.transcript_text` (its names are named here too);
this module replays a transcript through the engine, plays a seeded game into one, and regenerates the
golden deals of ``rules/deals``.

What a seed fixes: the deal (``Game.deal(seed)``, the same on every platform and Python
version), each seat's bot (its own stream, from ``derive(seed, "bot", seat)``) and chance's later
steps (one stream for the game, from ``derive(seed, "chance")``, each step drawing in turn; until
November 2026 each chance step had a seed of its own, so a seed's later chance steps then differed).
A file keeps the cards it holds: ``regenerate`` plays its bots again with chance making the moves
the file records, so a change in how a seed becomes cards never changes a golden transcript.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterable, Sequence

from ..errors import DealError, GanjifaError, IllegalMoveError, NotationError, OptionError
from ..files import write_text
from ..players.play import RecordedChance, play_seeded
from ..protocol import CHANCE, Deal, Game, default_names
from ..registry import game_class
from .transcript_text import (CHANCE_NAME, DEALS_DIR, Step, Transcript, TranscriptError, check_name, dumps, parse,
                              read_text)
from .transcript_text import BOM, HEADER_KEYS, MAGIC, VERSION, read  # noqa: F401 - named here too, as before


@dataclass(frozen=True)
class Replayed:
    """One replayed step: the transcript step, the engine's record, and (if kept) the state after it."""

    step: Step
    record: Any
    state: Any = None
    forced: bool = False  # the move was the player's only legal choice


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


def joined(game, played) -> list[tuple[int, Any]]:
    """``played`` (seat, move) pairs with a player's moves in a row joined where the game allows (as ``ganjifa
    play`` writes them)."""
    moves: list[tuple[int, Any]] = []
    for seat, move in played:
        both = game.join_moves(moves[-1][1], move) if moves and moves[-1][0] == seat != CHANCE else None
        if both is not None:
            moves[-1] = (seat, both)
        else:
            moves.append((seat, move))
    return moves


def replayed_steps(game, deal, moves, names) -> tuple[list[Step], Any]:
    """``moves`` (seat, move) made again from ``deal``, each a numbered step with its narration; and the state
    they reach."""
    state = game.new_game(deal)
    steps = []
    for seat, move in moves:
        record = state.apply(move)
        steps.append(Step(len(steps) + 1, _seat_name(names, seat), str(move), _narration(record, names)))
    return steps, state


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
    """Play a seeded game with bots (:func:`engine.players.play.play_seeded`) into a transcript.

    ``chance_moves``: chance's moves as a transcript recorded them, made again in turn while they fit
    (:class:`engine.players.play.RecordedChance`); chance draws from the seed's stream past them.
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
    made: list[tuple[int, Any]] = []  # (seat, move), every step

    def keep(state, record) -> None:
        made.append((record.player, record.move))

    final = play_seeded(game, seed, kinds, deal=deal, max_moves=max_moves, on_step=keep,
                        chance=RecordedChance(seed, chance_moves))
    result = final.result().narrate(names)
    steps, state = replayed_steps(game, deal, joined(game, made), names)
    if not state.is_terminal() or state.result().narrate(names) != result:
        raise GanjifaError(f"{game.title} seed {seed}: joining moves changed the game")
    shown = tuple(dict.fromkeys(kinds))
    return Transcript(getattr(type(game), "spec", game.name), game.option_items(), seed, names,  # (a variant file's path)
                      shown if len(shown) == 1 else kinds,
                      deal, tuple(steps), result)


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
    """A short match (:class:`engine.players.match.Match`) as one transcript per deal, each with the players'
    names in that deal's seat order (so the dealer sits where the game seats its dealer); and the
    narration of chance's draw for the first dealer (empty if the game has none)."""
    from ..players.match import Match

    match = Match(game, tuple(names), deals=deals)
    match.draw_first_dealer(seed)
    out = []
    from ..shuffle import derive, seed_int

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
