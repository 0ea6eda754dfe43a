"""Positions an example takes from play rather than setting by hand (issue 30).

A chapter's example may name its position in three ways; the last two guarantee that play can
reach it:

* by hand, in the game's position notation (``P1=...; P2=...``), which the game's reader checks;
* as a moment of a real game: ``deals/ekrang-4p.txt, move 31`` is the position after move 31
  of that golden deal (``move 0``: as dealt), replayed through the engine;
* as the continuation of an earlier example: the earlier example's position with moves played
  from it, so that examples a chapter presents as one continuing deal are one sequence of
  positions, and a card cannot change hands between them.

When an example names its position both by hand and from play, the two must be the same position
(:func:`difference` says how they differ), so a chapter may keep the notation in view for its
editors while the build proves it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Sequence

from ..errors import GanjifaError, IllegalMoveError, NotationError
from ..protocol import CHANCE, State

_MOMENT = re.compile(r"^\s*(?P<file>\S+?)\s*,\s*(?:after\s+)?move\s+(?P<move>\d+)\s*$", re.I)


def moment(text: str, folder: Path) -> State:
    """The position ``FILE, move N`` names: the golden deal ``FILE`` (relative to ``folder``) after its move ``N``."""
    from . import transcript as T

    m = _MOMENT.match(text)
    if not m:
        raise NotationError(text, "a moment of a game is written 'deals/FILE.txt, move N' (move 0: as dealt)")
    path = folder / m.group("file")
    if not path.is_file():
        raise NotationError(m.group("file"), f"no golden deal {path}")
    t = T.read(path)
    n = int(m.group("move"))
    if n > len(t.steps):
        raise NotationError(text, f"{m.group('file')} has {len(t.steps)} moves, not {n}")
    if n == 0:
        return T.initial_state(t)
    return T.replay(t, snapshots=[t.steps[n - 1].number])[n - 1].state


def play_on(state: State, moves: str) -> tuple[State, list[tuple[int, object]]]:
    """``state`` (left unchanged) with ``moves`` (the game's notation, separated by ``;``) played from it, and
    the (seat, move) pairs played; an illegal move is a NotationError naming it and its clause."""
    game = state.game
    after, played = state.copy(), []
    for text in filter(None, (t.strip() for t in moves.split(";"))):
        if after.current_player is None:
            raise NotationError(text, "the game is over: no more moves")
        if after.current_player == CHANCE:
            raise NotationError(text, "chance acts next here; an example continues only through players' moves")
        try:
            move = game.parse_move(text)
            seat = after.current_player
            after.apply(move)
        except IllegalMoveError as err:
            raise NotationError(text, f"illegal here: {err.reason} [clause {err.clause}]", err.clause) from None
        played.append((seat, move))
    return after, played


def _summary(state: State) -> dict[str, object]:
    out: dict[str, object] = {
        "whose turn": state.current_player,
        "hands": tuple(tuple(sorted(str(c) for c in h)) for h in state.hands),
        "moves allowed": () if state.is_terminal() or state.current_player == CHANCE
        else tuple(sorted(str(m) for m in state.legal_moves())),
    }
    return out


def difference(written: State, played: State, names: Sequence[str]) -> str | None:
    """How a position written by hand differs from the one play gives (None when they are the same): whose turn,
    each hand, the moves allowed, then the rest of the notation."""
    a, b = _summary(written), _summary(played)
    if a["whose turn"] != b["whose turn"]:
        def who(seat):
            return "nobody" if seat is None else "chance" if seat == CHANCE else names[seat]
        return f"written, {who(a['whose turn'])} is to play; in play, {who(b['whose turn'])}"
    for seat, (x, y) in enumerate(zip(a["hands"], b["hands"])):
        if x != y:
            more, less = sorted(set(x) - set(y)), sorted(set(y) - set(x))
            parts = ([f"has {' '.join(more)} written"] if more else []) + ([f"holds {' '.join(less)} in play"]
                                                                          if less else [])
            return f"{names[seat]}'s hand differs: {', '.join(parts) or 'the same cards in another number'}"
    if a["moves allowed"] != b["moves allowed"]:
        return (f"the moves allowed differ: written {', '.join(a['moves allowed']) or 'none'}; in play "
                f"{', '.join(b['moves allowed']) or 'none'}")
    return None


def complete_hands(cards: Sequence, hands: Sequence[Sequence], size: int, refuse=lambda seat, card: False,
                   seed: int = 5) -> list[list]:
    """Hands as dealt that hold the cards given: every hand made up to ``size`` from ``cards`` (the deck) in a
    fixed shuffled order, never giving ``seat`` a card ``refuse(seat, card)`` rejects, the most constrained
    cards first. A chapter's author uses it to write an opening that play reaches around the cards a question is
    about (see tests/games/traditional_ganjifa/test_rules.py); the hands are then written out in full."""
    import random

    held = [list(h) for h in hands]
    placed = {c for h in held for c in h}
    rest = [c for c in cards if c not in placed]
    random.Random(seed).shuffle(rest)
    rest.sort(key=lambda c: -sum(refuse(p, c) for p in range(len(held))))
    for card in rest:
        seats = [p for p in range(len(held)) if len(held[p]) < size and not refuse(p, card)]
        if not seats:
            raise ValueError(f"no hand can take {card}")
        held[min(seats, key=lambda p: len(held[p]))].append(card)
    return held


class Positions:
    """The positions of one chapter's examples, read in page order: each example's own, with the labels kept
    for the examples that continue them. The book's directives and the tests read examples through it, so a
    chapter means the same thing to both."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.kept: dict[str, State] = {}

    def read(self, game, written: str = "", *, moment_text: str = "", continues: str = "", moves: str = "",
             label: str = "", names: Sequence[str] = ()) -> State:
        """The example's position (GanjifaError naming what is wrong): written by hand, or a moment of a golden
        deal, or an earlier example continued, with ``moves`` played on; both, and they must agree."""
        played = None
        if moment_text:
            played = moment(moment_text, self.folder)
            if type(played.game) is not type(game) or played.game != game:
                raise NotationError(moment_text, f"a deal of {played.game.title} "
                                    f"({played.game.options_text() or 'no options'}), not of {game.title} "
                                    f"({game.options_text() or 'no options'})")
        if continues:
            if played is not None:
                raise NotationError(continues, "give a moment of a deal or an example to continue, not both")
            if continues not in self.kept:
                raise NotationError(continues, "no earlier example of this page has this label (labels so far: "
                                    f"{', '.join(self.kept) or 'none'})")
            played = self.kept[continues]
        state = game.position(" ".join(written.split())) if written.strip() else None
        if moves:
            if played is None:  # a written position with moves played on from it: the position they lead to
                if state is None:
                    raise NotationError(moves, "moves are played on from a position: written, a moment of a deal "
                                        "or an earlier example")
                state, _ = play_on(state, moves)
            else:
                played, _ = play_on(played, moves)
        if state is None and played is None:
            raise NotationError(written or "-", "give the position, a moment of a golden deal or an example to "
                                "continue")
        if state is not None and played is not None:
            diff = difference(state, played, names or tuple(f"Player {i + 1}" for i in range(game.players)))
            if diff:
                raise NotationError(written[:40] + "...", f"the position written is not the one play reaches ({diff})")
        state = played.copy() if state is None else state
        if label:
            self.kept[label] = state.copy()
        return state


__all__ = ["moment", "play_on", "difference", "complete_hands", "Positions", "GanjifaError"]
