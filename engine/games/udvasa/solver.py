"""Does an Udvasa deal come out? A solver that decides it, with the game's own rules.

Depth-first search over positions (the state's own legal moves, made and taken back with
``UDState._do``/``_undo``, so the rules exist once) with

* a transposition table: a position seen before is not searched again; once the stock is used up the
  working stacks are interchangeable (no deal will tell them apart), so positions that differ only in
  their order are one;
* safe moves to the build stacks made at once: once the stock is used up, a card that can go up while
  every card one more or one less than it is built already (so nothing can ever be put on it), whose
  stack keeps a card and while no stack is empty, goes up, and no other move is tried there;
* dominance pruning: giving up is never tried, nor a move between two stacks that only undoes the move
  just made;
* move ordering: builds; then moves that dig towards a card some build stack takes next (from the stack
  where such a card lies shallowest first, onto the stack where it buries such a card least); fills; the
  deal; other moves;
* four passes: a first, narrower search that allows at most ``AIMLESS`` aimless moves in a row (moves
  between stacks whose source holds no card a build stack takes next; fills are never aimless), a second
  allowing one, then the full search, which alone may answer "lost"; and if none decided, a last narrow
  pass (one aimless move in a row) in the solver's first order: builds, moves that uncover a card that can
  go up, fills, the deal, other moves (the narrow passes find nearly every won deal quickly, each a few
  the others miss; what they miss they cannot rule out);
* a node limit on each pass: a deal not decided within it is ``undecided``, never guessed.

The solver knows the whole deal, the stock's order included (as the published solvers of Klondike and
FreeCell do): "won" means a line exists that wins it, "lost" that none does.

>>> from engine.registry import get_game
>>> v = solve(get_game("udvasa").start(1), limit=20_000)
>>> v.verdict, v.nodes < 20_000
('won', True)
>>> state = get_game("udvasa").start(1)
>>> for move in v.line:
...     _ = state.apply(move)
>>> state.result().winners
(0,)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .moves import BUILD, DEAL, SHIFT
from .state import FULL, UDState
from .tables import N_CARDS, SUIT, VALUE

LIMIT = 100_000  # positions searched in each pass before a deal is called undecided
AIMLESS = 3  # the first pass: aimless moves allowed in a row
DEEP = 99  # a stack's depth when it holds no card wanted next


@dataclass(frozen=True)
class Verdict:
    """A solved deal: ``won`` (with a winning line of move texts), ``lost`` or ``undecided``; the positions
    searched (all passes) and the time taken."""

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


def _safe(state: UDState, moves):
    """A build move that cannot spoil a win (see the module's note), or None."""
    if state._stock:
        return None
    stacks = state._stacks
    if not all(stacks):
        return None
    near, built, up = state._near, state._built, state.game.up_flags
    for m in moves:
        if m._k != BUILD:
            continue
        src = stacks[m.src]
        if len(src) < 2:
            continue
        v = VALUE[src[-1]]
        if all((w <= built[s]) if up[s] else (w >= FULL + 1 - built[s]) for w in near[v] for s in range(len(built))):
            return m
    return None


def _depths(state: UDState) -> list[int]:
    """For each working stack, how many cards lie on the shallowest card that its build stack takes next
    (0: it is on top; ``DEEP``: the stack holds none)."""
    need, built = state._need, state._built
    wanted = {need[s][built[s]] for s in range(len(built))}
    out = []
    for s in state._stacks:
        d = DEEP
        n = len(s)
        for i in range(n - 1, -1, -1):
            if s[i] in wanted:
                d = n - 1 - i
                break
        out.append(d)
    return out


def _aimless(state: UDState, m, depths) -> bool:
    """A move between stacks that neither fills a stack nor digs towards a card its build stack takes next."""
    return m._k == SHIFT and depths[m.src] == DEEP and bool(state._stacks[m.dst])


def _ordered(state: UDState, moves, depths):
    """Builds; then moves that dig towards a card wanted next (the shallowest first, onto the stack where it
    buries the least); fills; the deal; other moves."""
    stacks = state._stacks
    first, dig, third, last = [], [], [], []
    deal = None
    for m in moves:
        k = m._k
        if k == BUILD:
            first.append(m)
        elif k == SHIFT:
            d = depths[m.src]
            if 0 < d < DEEP:
                dig.append((d, -depths[m.dst], m.src, m.dst, m))
            elif not stacks[m.dst]:
                third.append(m)
            else:
                last.append(m)
        elif k == DEAL:
            deal = m
    dig.sort()
    out = first + [t[-1] for t in dig] + third
    if deal is not None:
        out.append(deal)
    return out + last


def _aimless_uncover(state: UDState, m) -> bool:
    """The last pass's aimless move: between stacks, neither filling a stack nor uncovering a card that can go up."""
    stacks = state._stacks
    if m._k != SHIFT or not stacks[m.dst]:
        return False
    src = stacks[m.src]
    if len(src) > 1:
        c = src[-2]
        s = SUIT[c]
        if state._need[s][state._built[s]] == c:
            return False
    return True


def _ordered_uncover(state: UDState, moves):
    """The last pass's order: builds, moves that uncover a card that can go up, fills, the deal, other moves."""
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


def solve(state: UDState, limit: int = LIMIT, aimless: int = AIMLESS) -> Verdict:
    """Decide ``state`` (copies are searched; ``state`` is left alone): the passes in turn, until one decides."""
    start = time.perf_counter()
    verdict, nodes, line = _search(state, limit, aimless)
    for second, uncover in ((1, False), (None, False), (1, True)):  # narrow, full, then narrow in another order
        if verdict in ("won", "lost") or (second == aimless and not uncover):
            continue
        verdict, more, line = _search(state, limit, second, uncover)
        nodes += more
    return Verdict(verdict, nodes, time.perf_counter() - start, line)


def _search(state: UDState, limit: int, aimless: int | None, uncover: bool = False) -> tuple[str, int, tuple[str, ...]]:
    """One depth-first pass; with ``aimless`` a narrow pass (never "lost": what it misses, it cannot rule out);
    with ``uncover`` in the order of :func:`_ordered_uncover`."""
    st = state.copy()
    st.history = []
    if st.won():
        return "won", 0, ()
    if st._end:
        return "lost", 0, ()
    seen: set[bytes] = set()
    path: list[tuple] = []  # (move, suit built or -1, aimless run length after it)
    todo: list[tuple] = []  # (moves left to try, the stacks' depths there)
    nodes = 0
    do, undo, moves_of = st._do, st._undo, st._moves

    def is_aimless(m, depths) -> bool:
        return _aimless_uncover(st, m) if uncover else _aimless(st, m, depths)

    def expand() -> list | None:
        nonlocal nodes
        k = key(st)
        if k in seen:
            return None
        seen.add(k)
        nodes += 1
        if nodes > limit:
            raise _Limit
        moves = moves_of()
        safe = _safe(st, moves)
        if safe is not None:
            return [safe], None
        if uncover:
            depths = ()
            ordered = _ordered_uncover(st, moves)
        else:
            depths = _depths(st)
            ordered = _ordered(st, moves, depths)
        if path:
            last, _, run = path[-1]
            if last._k == SHIFT:  # never undo the move just made
                ordered = [m for m in ordered if not (m._k == SHIFT and m.src == last.dst and m.dst == last.src)]
            if aimless is not None and run >= aimless:
                ordered = [m for m in ordered if not is_aimless(m, depths)]
        ordered.reverse()  # taken from the end
        return ordered, depths

    try:
        todo.append(expand() or ([], None))
        while todo:
            moves, depths = todo[-1]
            if not moves:
                todo.pop()
                if path:
                    m, suit, _ = path.pop()
                    undo(m, suit)
                continue
            m = moves.pop()
            k = m._k
            suit = SUIT[st._stacks[m.src][-1]] if k == BUILD else min(8, len(st._stock)) if k == DEAL else -1
            run = 0
            if aimless is not None and depths is not None and is_aimless(m, depths):
                run = (path[-1][2] if path else 0) + 1
            do(m)
            path.append((m, suit, run))
            if k == BUILD and sum(st._built) == N_CARDS:
                return "won", nodes, tuple(str(p[0]) for p in path)
            nxt = expand()
            if nxt is None:
                path.pop()
                undo(m, suit)
                continue
            todo.append(nxt)
    except _Limit:
        return "undecided", nodes - 1, ()
    return ("undecided" if aimless is not None else "lost"), nodes, ()
