"""A player of Udvasa who does not see the stock: she plans by guessing its order several times over.

What she knows is what lies face up: the build stacks and every working stack, so also which cards the stock
holds, but not their order. Everything she decides comes from copies of the game whose stock is shuffled
afresh (:meth:`UDState.sample_stock`, seeded by her own seed and her turn), never from the real stock; the
tests play her on two games that differ only in the stock's order and check that she chooses alike.

She thinks in stretches between deals, since nothing new is seen until the next deal:

* **While the stock lasts**, at the start of each stretch she draws ``worlds`` orders of the stock. In each
  she asks the solver (:mod:`.solver`, a small budget) for a winning line and keeps its moves up to and
  including its next deal: one candidate plan per world, beside the careful player's plan (build what she
  can, uncover cards to build, fill, then deal). Each plan is then tried in every world (the same worlds
  for every plan): the plan, then the careful player until the stock is used up, then the solver on the
  face-up end game. She follows the plan that wins in most worlds (the careful plan when none does better),
  and plans again after the deal shows her eight new cards.
* **Once the stock is used up** every card is face up: she searches the end game with the solver and plays
  its winning line; if it finds none, she plays on as the careful player does.

This is determinization ("perfect-information Monte Carlo"): each guessed world is searched as if its stock
were known, and the plans are judged over many worlds. Its figures are in ``rules/data/udvasa-unseen.json``
(:mod:`.unseen`).

>>> from engine.games.udvasa import Udvasa
>>> from engine.players.play import run
>>> state = Udvasa().start(0)
>>> _ = run(state, [SearchingPlayer(0)], 0)
>>> state.result().winners
(0,)
"""

from __future__ import annotations

from ...shuffle import derive
from .moves import DEAL, UDMove
from .solver import solve
from .strategy import move_priority

WORLDS = 5  # stock orders drawn at the start of each stretch
PLAN_LIMIT = 4000  # positions the solver searches in a drawn world, for a plan
TRY_LIMIT = 4000  # positions the solver searches at the end of a plan's trial, once the stock is used up
END_LIMIT = 100_000  # positions for the real end game, all of it face up
LONGEST = 400  # moves a careful stretch may take at most (it never comes near)


def key(state) -> bytes:
    """What the player sees, exactly: the build stacks, the stock's size and each working stack in its place."""
    return bytes(state._built) + bytes((len(state._stock), 255)) + b"\xfe".join(bytes(s) for s in state._stacks)


def careful_move(state) -> UDMove:
    """The careful player's move, without chance: the highest rated, the first of them on a tie."""
    moves = state.legal_moves()
    best, rate = moves[0], move_priority(state, moves[0])
    for m in moves[1:]:
        r = move_priority(state, m)
        if r > rate:
            best, rate = m, r
    return best


def careful_stretch(state) -> list[UDMove]:
    """The careful player's moves from ``state`` (left alone) up to and including her next deal."""
    st = state.copy()
    out: list[UDMove] = []
    while not st.is_terminal() and len(out) < LONGEST:
        m = careful_move(st)
        out.append(m)
        st.apply(m)
        if m._k == DEAL:
            break
    return out


def trial(world, plan) -> bool:
    """Whether ``world`` is won after ``plan``: the plan, then the careful player until the stock is used up,
    then the solver on the end game."""
    st = world.copy()
    for m in plan:
        if st.is_terminal():
            return st.won()
        st.apply(m)
    steps = 0
    while not st.is_terminal() and st._stock and steps < 10 * LONGEST:
        st.apply(careful_move(st))
        steps += 1
    if st.is_terminal():
        return st.won()
    return solve(st, limit=TRY_LIMIT).verdict == "won"


class SearchingPlayer:
    """The searching player: determinized planning over guessed orders of the stock (see the module)."""

    name = "searching"

    def __init__(self, seed: int | str = 0, worlds: int = WORLDS, plan_limit: int = PLAN_LIMIT,
                 try_limit: int = TRY_LIMIT, end_limit: int = END_LIMIT):
        self.seed = seed
        self.worlds = worlds
        self.plan_limit = plan_limit
        self.try_limit = try_limit
        self.end_limit = end_limit
        self.turns = 0
        self.plan: list[tuple[bytes, UDMove]] = []  # (the position it is meant for, the move)
        self.stretches = 0  # stretches planned (for the figures)
        self.changed = 0  # stretches where a plan other than the careful one was chosen
        self.guessed: tuple[bytes, ...] = ()  # the last stretch's guesses at the stock
        self.weighed: list[tuple[tuple[str, ...], int]] = []  # the last stretch's plans, each with its wins

    def choose(self, state):
        moves = state.legal_moves()
        self.turns += 1
        seed = derive(self.seed, "searching", self.turns)
        seen = state.sample_stock(derive(seed, "seen"))  # all she knows, with a stock order guessed
        if len(moves) == 1:
            return moves[0]
        here = key(seen)
        if self.plan and self.plan[0][0] == here and self.plan[0][1] in moves:
            return self.plan.pop(0)[1]
        self.plan = self._plan(seen, seed)
        if self.plan and self.plan[0][0] == here and self.plan[0][1] in moves:
            return self.plan.pop(0)[1]
        self.plan = []
        return careful_move(seen)

    def _plan(self, seen, seed) -> list[tuple[bytes, UDMove]]:
        if not seen._stock:
            v = solve(seen, limit=self.end_limit)
            return _keyed(seen, [UDMove.parse(m) for m in v.line]) if v.verdict == "won" else []
        self.stretches += 1
        worlds = [seen.sample_stock(derive(seed, "world", i)) for i in range(self.worlds)]
        self.guessed = tuple(bytes(w._stock) for w in worlds)
        plans = [careful_stretch(seen)]
        ends = {_stretch_key(seen, plans[0])}
        for world in worlds:
            v = solve(world, limit=self.plan_limit)
            if v.verdict != "won":
                continue
            line = []
            for text in v.line:
                line.append(UDMove.parse(text))
                if text == "deal":
                    break
            end = _stretch_key(seen, line)
            if end not in ends:
                ends.add(end)
                plans.append(line)
        best, best_wins = 0, -1
        self.weighed = []
        if len(plans) > 1:
            for i, plan in enumerate(plans):
                wins = sum(trial(world, plan) for world in worlds)
                self.weighed.append((tuple(map(str, plan)), wins))
                if wins > best_wins:
                    best, best_wins = i, wins
        if best:
            self.changed += 1
        return _keyed(seen, plans[best])


def _stretch_key(state, plan) -> bytes:
    """The position a stretch leaves before its deal (the same in every world), to tell plans apart."""
    st = state.copy()
    for m in plan:
        if m._k == DEAL or st.is_terminal():
            break
        st.apply(m)
    return key(st)


def _keyed(state, plan) -> list[tuple[bytes, UDMove]]:
    """Each move of ``plan`` beside the position (as the solver keys it) it is to be made in; up to the deal,
    since after it the new cards are seen and the player plans again."""
    st = state.copy()
    out = []
    for m in plan:
        if st.is_terminal():
            break
        out.append((key(st), m))
        st.apply(m)
        if m._k == DEAL:
            break
    return out
