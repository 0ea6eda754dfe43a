"""The strong player, ``strong``: determinized search with a budget of play, over worlds dealt from its seat's view.

At a turn with more than one legal move, :class:`StrongBot`

1. deals the cards its seat cannot know afresh (:meth:`~engine.protocol.State.sample_hidden`), one world at a
   time, each from ``derive(seed, "strong", turn, "world", i)``: it never reads a hidden card of the real game;
2. in each world plays every candidate move (the ``candidates`` the game's careful player rates highest, its
   favourite first, rated in the first world) and then the game out with careful players in every seat (the
   same rollout seeds for every candidate: common random numbers);
3. stops dealing worlds once its playouts have taken ``steps`` moves in all (at least ``least`` worlds, at most
   ``most``): a budget counted in moves played, not in seconds, so the same view and seed always give the same
   choice, and long games (Shakti) get fewer worlds than short ones;
4. plays the candidate with the best mean value (a win, or its share, plus the score margin over the best
   opponent scaled to -1..1) when it beats the careful favourite by more than ``CONFIDENCE`` standard errors of
   the paired differences, else the favourite.

A game whose own folder has a better player that sees only its seat's view offers it (``Game.strong_player``:
Udvasa's player who does not see the stock's order, :mod:`engine.games.udvasa.player`), and ``strong`` is that
player there. Its strength is measured, with intervals, by :mod:`engine.study.strength`.

>>> from engine import get_game
>>> from engine.players.play import play_seeded
>>> play_seeded(get_game("ekrang", players=3), 5, ["strong", "heuristic", "heuristic"]).is_terminal()
True
"""

from __future__ import annotations

from .basic_bots import HeuristicBot
from .loop import run
from .montecarlo import MonteCarloBot, tuning
from ..shuffle import derive

STEPS = 6000  # moves played out per decision, in all its worlds (the budget)
LEAST = 8  # worlds dealt at least
MOST = 48  # worlds dealt at most
CANDIDATES = 8  # moves tried at most, the careful player's favourites
CONFIDENCE = 1.0  # standard errors by which a move must beat the careful favourite to be played instead


class StrongBot:
    """Determinized search over worlds dealt from the seat's view, on a budget of moves played (see the module)."""

    name = "strong"

    def __init__(self, seed: int | str = 0, steps: int = STEPS, least: int = LEAST, most: int = MOST,
                 candidates: int = CANDIDATES):
        self.seed = seed
        self.steps, self.least, self.most, self.candidates = steps, least, max(least, most), candidates
        self.turns = 0
        self.own = None  # the game's own strong player, once asked (None: the search here)
        self.asked = False
        self._judge = MonteCarloBot(seed, candidates=candidates)  # its shortlist and paired comparison

    def choose(self, state):
        if not self.asked:
            self.own, self.asked = state.game.strong_player(self.seed), True
        if self.own is not None:
            return self.own.choose(state)
        moves = state.legal_moves()
        self.turns += 1
        if len(moves) == 1:
            return moves[0]
        player = state.current_player
        seed = derive(self.seed, "strong", self.turns)
        first = state.sample_hidden(player, derive(seed, "world", 0))
        candidates = self._judge.shortlist(first, moves)
        values: list[list[float]] = []
        played = 0
        for i in range(self.most):
            world = first if i == 0 else state.sample_hidden(player, derive(seed, "world", i))
            row = []
            for move in candidates:
                value, steps = self.play_out(world, move, player, derive(seed, "rollout", i))
                row.append(value)
                played += steps
            values.append(row)
            if i + 1 >= self.least and played >= self.steps:
                break
        return candidates[pick(values)]

    def play_out(self, world, move, player: int, seed: int) -> tuple[float, int]:
        """The value of ``move`` in ``world`` for ``player`` (as :meth:`MonteCarloBot.play_out`), and the moves played."""
        before = len(world.history)
        state = world.copy()
        state.apply(move)
        run(state, [HeuristicBot(derive(seed, "bot", i)) for i in range(world.game.players)], seed)
        result = state.result()
        value = 1.0 / len(result.winners) if player in result.winners else 0.0
        scores = result.scores
        others = max((s for p, s in enumerate(scores) if p != player), default=0.0)
        scale = max(abs(s) for s in scores) or 1.0
        return value + (scores[player] - others) / scale, len(state.history) - before


def pick(values: list[list[float]]) -> int:
    """The candidate with the best mean over the worlds, if it beats the favourite (0) by more than ``CONFIDENCE``
    standard errors of the paired differences; else the favourite.

    >>> pick([[0.0, 0.5, 0.2], [0.1, 0.6, 0.0], [0.2, 0.7, 0.3]]), pick([[0.0, 1.0], [0.5, -0.5]])
    (1, 0)
    """
    n, k = len(values), len(values[0])
    means = [sum(row[j] for row in values) / n for j in range(k)]
    best = max(range(k), key=lambda j: (means[j], -j))
    if best == 0 or n < 2:
        return 0
    diffs = [row[best] - row[0] for row in values]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return best if mean > CONFIDENCE * (var / n) ** 0.5 else 0


def make_strong_bot(seed: int | str = 0, argument: str | None = None) -> StrongBot:
    """The bot named ``strong`` (``strong:N``: a budget of N moves played out a decision)."""
    if argument is None:
        return StrongBot(seed)
    return StrongBot(seed, steps=tuning("strong", argument, 7, "the strong player", "moves played out a decision"))
