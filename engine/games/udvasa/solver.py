"""Does an Udvasa deal come out? A solver that decides it, with the game's own rules.

Depth-first search over positions (the state's own legal moves, made and taken back with
``UDState._do``/``_undo``, so the rules exist once) with

* a transposition table: a position seen before is not searched again; once the stock is used up the
  working stacks are interchangeable (no deal will tell them apart), so positions that differ only in
  their order are one;
* safe moves to the build stacks made at once: a card that can go up while no card one more or one
  less than it is left to be placed on it (and its stack keeps a card, so no fill follows) goes up,
  and no other move is tried there;
* dominance pruning: giving up is never tried, and a move between two stacks that only undoes the
  move just made is never tried (the table would catch it one step later);
* move ordering: builds, moves that uncover a card that can go up, fills, the deal, other moves;
* a node limit: a deal not decided within it is ``undecided``, never guessed.

The verdict on the stock's order is exact: the solver knows the whole deal (as the published
solvers of Klondike and FreeCell do), so "won" means a line exists that wins it, "lost" that none does.

>>> from engine.registry import get_game
>>> v = solve(get_game("udvasa").start(1), limit=200_000)
>>> v.verdict in ("won", "lost", "undecided"), v.nodes > 0
(True, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .moves import BUILD, DEAL, SHIFT, STOP
from .state import FULL, UDState
from .tables import N_CARDS, STACKS, SUIT, VALUE

LIMIT = 200_000  # positions searched before a deal is called undecided


@dataclass(frozen=True)
class Verdict:
    """A solved deal: ``won`` (with a winning line of move texts), ``lost`` or ``undecided``."""

    verdict: str
    nodes: int
    seconds: float
    line: tuple[str, ...] = ()


class _Limit(Exception):
    pass


def key(state: UDState) -> bytes:
    """The transposition table's key: the build stacks, the stock's size and the working stacks (in any
    order once the stock is used up)."""
    stacks = [bytes(s) for s in state._stacks]
    if not state._stock:
        stacks.sort()
    return bytes(state._built) + bytes((len(state._stock), 255)) + b"\xfe".join(stacks)


def _safe(state: UDState, moves) -> object | None:
    """A build move that cannot spoil a win (see the module's note), or None."""
    near = state._near
    built = state._built
    need = state._need
    stacks = state._stacks
    for m in moves:
        if m._k != BUILD:
            continue
        src = stacks[m.src]
        if len(src) < 2 and state._at_once and any(len(s) > 1 for s in stacks):
            continue
        v = VALUE[src[-1]]
        ok = True
        for s in range(len(built)):  # every card one more or one less must be built already
            row = need[s]
            b = built[s]
            # the values still to come on suit s are exactly those not yet built
            for w in near[v]:
                if _unbuilt(row, b, s, w, state):
                    ok = False
                    break
            if not ok:
                break
        if ok:
            return m
    return None


def _unbuilt(row, b: int, s: int, w: int, state: UDState) -> bool:
    """Whether suit ``s``'s card of value ``w`` is not yet on its build stack."""
    up = state.game.up_flags[s]
    return w > b if up else w < FULL + 1 - b


def _ordered(state: UDState, moves):
    stacks = state._stacks
    need, built = state._need, state._built
    first, second, third, last = [], [], [], []
    deal = None
    for m in moves:
        k = m._k
        if k == BUILD:
            first.append(m)
        elif k == SHIFT:
            src = stacks[m.src]
            if len(src) > 1 and need[SUIT[src[-2]]][built[SUIT[src[-2]]]] == src[-2]:
                second.append(m)
            elif not stacks[m.dst]:
                third.append(m)
            else:
                last.append(m)
        elif k == DEAL:
            deal = m
    out = first + second + third
    if deal is not None:
        out.append(deal)
    return out + last


def solve(state: UDState, limit: int = LIMIT) -> Verdict:
    """Decide ``state`` (a copy is searched; ``state`` is left alone)."""
    start = time.perf_counter()
    st = state.copy()
    st.history = []
    if st.won():
        return Verdict("won", 0, 0.0, ())
    seen: set[bytes] = set()
    path: list = []
    nodes = 0
    # the explicit stack: for each position on the path, the moves still to try there
    todo: list[list] = []

    def expand() -> list | None:
        nonlocal nodes
        k = key(st)
        if k in seen:
            return None
        seen.add(k)
        nodes += 1
        if nodes > limit:
            raise _Limit
        moves = st._moves()
        safe = _safe(st, moves)
        if safe is not None:
            return [safe]
        ordered = _ordered(st, moves)
        if path and path[-1][0]._k == SHIFT:  # never undo the move just made
            last = path[-1][0]
            ordered = [m for m in ordered if not (m._k == SHIFT and m.src == last.dst and m.dst == last.src)]
        ordered.reverse()  # popped from the end
        return ordered

    try:
        first = expand()
        todo.append(first or [])
        while todo:
            moves = todo[-1]
            if not moves:
                todo.pop()
                if path:
                    m, suit = path.pop()
                    st._undo(m, suit)
                continue
            m = moves.pop()
            suit = SUIT[st._stacks[m.src][-1]] if m._k == BUILD else -1
            st._do(m)
            path.append((m, suit))
            if m._k == BUILD and sum(st._built) == N_CARDS:
                return Verdict("won", nodes, time.perf_counter() - start, tuple(str(p[0]) for p in path))
            nxt = expand()
            if nxt is None:
                path.pop()
                st._undo(m, suit)
                continue
            todo.append(nxt)
    except _Limit:
        return Verdict("undecided", nodes, time.perf_counter() - start)
    return Verdict("lost", nodes, time.perf_counter() - start)
