"""The two simple players every game supports: ``random`` and ``heuristic``.

Every bot is seeded, so a played-out game is reproducible. The heuristic bot asks the
state's ``move_priority(move)`` (part of the game contract; a game's ``strategy.py``
supplies it, and the default of 0 for every move makes it play like the random one).
They sit below the play loop (:mod:`engine.players.loop`, which plays a table of random bots fast) and the
Monte-Carlo player (:mod:`engine.players.montecarlo`, whose playouts seat heuristic bots); the bots by name
are :mod:`engine.players.bots`.
"""

from __future__ import annotations

from ..shuffle import Rng


class RandomBot:
    """Chooses uniformly among the legal moves.

    It takes the state's ``legal_move_sequence()``: the legal moves, in ``legal_moves()`` order,
    as a sequence a game may build lazily (a move only when it is looked at).
    """

    name = "random"

    def __init__(self, seed: int | str = 0):
        self.rng = Rng(seed)
        # the seeded stream itself, for the play loop's inlined choose(): Rng.choice(items) is
        # items[int(stream() * len(items))]
        self.stream = self.rng._random

    def choose(self, state):
        return self.rng.choice(state.legal_move_sequence())  # = moves[self.rng.below(len(moves))], one call fewer


class HeuristicBot:
    """Chooses the legal move the game rates highest; ties are broken by its seeded stream."""

    name = "heuristic"

    def __init__(self, seed: int | str = 0):
        self.rng = Rng(seed)

    def choose(self, state):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[self.rng.below(1)]
        rate = state.move_priority
        scores = [rate(m) for m in moves]
        best = max(scores)
        top = [m for m, s in zip(moves, scores) if s == best]
        return top[self.rng.below(len(top))]
