"""A stronger player: determinized Monte-Carlo search over what the player may know.

The :class:`MonteCarloBot` ("Perfect Information Monte Carlo") plays like this at each turn
with more than one legal move:

1. It deals the cards it cannot see afresh, ``samples`` times, each a world consistent with
   its own view (:meth:`~engine.protocol.State.sample_hidden`: its own hand, the table, the
   cards shown to it and every hand's size stay as they are). It never looks at the hidden
   cards of the real game: every world depends only on what the player knows and the seed.
2. In every world it tries each candidate move (all the legal moves, or the ``candidates``
   the game's heuristic likes best when there are more) and plays the game out with the
   heuristic player in every seat, through the one play loop (:func:`engine.play.run`).
   Every candidate meets the same worlds and the same rollout seeds (common random numbers),
   so the comparison between moves is fair.
3. It plays the move with the best average outcome: a win counts 1 (a shared win its share),
   plus a small tie-breaker for the score margin over the best opponent, so near-wins are
   preferred to heavy losses when wins are rare in a handful of rollouts.

Work per move is bounded by ``samples * min(candidates, legal moves)`` rollouts. Everything
is seeded: the bot's choices at its ``k``-th turn draw from ``derive(seed, "mc", k)``.

>>> from engine import get_game
>>> from engine.play import play_seeded
>>> state = play_seeded(get_game("kendra-kari", players=3), 5, ["mc", "heuristic", "heuristic"])
>>> state.is_terminal()
True
"""

from __future__ import annotations

from .protocol import State
from .shuffle import derive

SAMPLES = 8  # worlds per move (the bot named "mc"; "mc:N" takes N)
CANDIDATES = 6  # moves tried at most per turn, the heuristic's favourites
MARGIN_WEIGHT = 0.25  # the score margin's weight beside a win (which counts 1)


class MonteCarloBot:
    """Determinized Monte-Carlo player: samples the hidden cards, plays each move out, keeps the best."""

    name = "mc"

    def __init__(self, seed: int | str = 0, samples: int = SAMPLES, candidates: int = CANDIDATES,
                 rollout: str = "heuristic"):
        if samples < 1 or candidates < 1:
            from .errors import OptionError

            raise OptionError("the Monte-Carlo player needs at least one sample and one candidate move")
        self.seed = seed
        self.samples = samples
        self.candidates = candidates
        self.rollout = rollout
        self.turns = 0

    def choose(self, state: State):
        moves = state.legal_moves()
        self.turns += 1
        if len(moves) == 1:
            return moves[0]
        player = state.current_player
        seed = derive(self.seed, "mc", self.turns)
        worlds = [state.sample_hidden(player, derive(seed, "world", i)) for i in range(self.samples)]
        candidates = self.shortlist(worlds[0], moves)
        totals = [0.0] * len(candidates)
        for i, world in enumerate(worlds):
            rollout_seed = derive(seed, "rollout", i)
            for j, move in enumerate(candidates):
                totals[j] += self.play_out(world, move, player, rollout_seed)
        best = max(totals)
        return candidates[totals.index(best)]  # the first of equals: the heuristic's order

    def shortlist(self, world: State, moves: list) -> list:
        """The moves worth trying: all of them, or the ``candidates`` the heuristic rates highest.

        Rated in a sampled world (the player's own moves rate the same in every world), stably,
        so moves the heuristic likes equally keep the game's order.
        """
        if len(moves) <= self.candidates:
            return list(moves)
        rate = world.move_priority
        order = sorted(range(len(moves)), key=lambda k: -rate(moves[k]))
        return [moves[k] for k in order[:self.candidates]]

    def play_out(self, world: State, move, player: int, seed: int) -> float:
        """The outcome for ``player`` of ``move`` in ``world``, the game then played by the rollout bots."""
        from .play import run, seat_bots  # engine.play imports the bots: import it when first needed

        game = world.game
        state = world.copy()
        state.apply(move)
        run(state, seat_bots(game, self.rollout, seed), seed)
        result = state.result()
        value = 1.0 / len(result.winners) if player in result.winners else 0.0
        scores = result.scores
        others = max(s for p, s in enumerate(scores) if p != player)
        scale = max(abs(s) for s in scores) or 1.0
        return value + MARGIN_WEIGHT * (scores[player] - others) / scale


def make_mc_bot(seed: int | str = 0, argument: str | None = None) -> MonteCarloBot:
    """The bot named ``mc`` (``mc:N``: N sampled worlds per move)."""
    if argument is None:
        return MonteCarloBot(seed)
    if not (argument.isascii() and argument.isdigit() and 0 < len(argument) <= 4 and int(argument) > 0):
        from .errors import OptionError

        raise OptionError(f"mc:{argument}: write the Monte-Carlo player as mc or mc:N, N worlds per move (1-9999)")
    return MonteCarloBot(seed, samples=int(argument))
