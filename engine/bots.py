"""Players that choose moves by themselves, for worked examples and simulations.

Every bot is seeded, so a played-out game is reproducible. A game may help the
heuristic bot by giving its State a ``move_priority(move) -> number`` method
(higher is better); without one the heuristic bot plays like the random one.
"""

from __future__ import annotations

from typing import Sequence

from .shuffle import Rng


class RandomBot:
    """Chooses uniformly among the legal moves.

    A state may offer ``legal_move_sequence()``: its legal moves, in ``legal_moves()`` order,
    as a sequence that builds a move only when it is looked at. The bot then takes the same
    move as from the list, without the list.
    """

    name = "random"

    def __init__(self, seed: int | str = 0):
        self.rng = Rng(seed)

    def choose(self, state):
        lazy = getattr(state, "legal_move_sequence", None)
        moves = state.legal_moves() if lazy is None else lazy()
        return self.rng.choice(moves)  # = moves[self.rng.below(len(moves))], one call fewer


class HeuristicBot:
    """Chooses the legal move the game rates highest; ties are broken by its seeded stream."""

    name = "heuristic"

    def __init__(self, seed: int | str = 0):
        self.rng = Rng(seed)

    def choose(self, state):
        moves = state.legal_moves()
        rate = getattr(state, "move_priority", None)
        if rate is None or len(moves) == 1:
            return moves[self.rng.below(len(moves))]
        scores = [rate(m) for m in moves]
        best = max(scores)
        top = [m for m, s in zip(moves, scores) if s == best]
        return top[self.rng.below(len(top))]


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(kind: str, seed: int | str = 0):
    try:
        return BOTS[kind](seed)
    except KeyError:
        from .errors import OptionError

        raise OptionError(f"unknown bot {kind!r}; bots are {', '.join(BOTS)}") from None


def play_out(state, bots: Sequence, max_moves: int = 100_000):
    """Let ``bots`` (one per seat) play ``state`` to the end; return the state."""
    for _ in range(max_moves):
        if state.is_terminal():
            return state
        state.apply(bots[state.current_player].choose(state))
    raise RuntimeError(f"game did not end within {max_moves} moves")
