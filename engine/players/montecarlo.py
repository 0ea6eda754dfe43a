"""A stronger player: determinized Monte-Carlo search over what the player may know.

The :class:`MonteCarloBot` ("Perfect Information Monte Carlo") plays like this at each turn
with more than one legal move:

1. It deals the cards it cannot see afresh, ``samples`` times, each a world consistent with
   its own view (:meth:`~engine.protocol.State.sample_hidden`: its own hand, the table, the
   cards shown to it and every hand's size stay as they are). It never looks at the hidden
   cards of the real game: every world depends only on what the player knows and the seed.
2. In every world it tries each candidate move (the ``candidates`` the game's heuristic rates
   highest, its favourite first) and plays the game out with the heuristic player in every
   seat (:class:`~engine.players.basic_bots.HeuristicBot`, seeded as :func:`engine.players.play.seat_bots` seats it),
   through the one play loop (:func:`engine.players.loop.run`). Every candidate meets the same
   worlds and the same rollout seeds (common random numbers), so moves are compared fairly.
3. A playout is worth its win (1, a shared win its share) plus the score margin over the best
   opponent scaled to -1..1, so a near-win counts for more than a heavy loss. It plays the
   heuristic's favourite unless another candidate beats it clearly: by a mean gain of more than
   ``CONFIDENCE`` standard errors of the paired differences (:meth:`MonteCarloBot.pick`). A
   handful of worlds is noisy, and simply taking the best of several noisy averages was found
   to play worse than the heuristic alone.

Strength (Guru Ganjifa, "mc" in seat 1 against heuristic players, the same deals played again
with the heuristic in seat 1): three players, 300 games, wins 39.3% (95% interval 34.0-45.0)
against 36.0% (30.8-41.6); paired over 100 further deals, +3.8 cards (+-2.4) of margin over the
best opponent and +3.5 points of win share (+-9.3); four players, 120 deals, wins 28.1% against
21.0% (+7.1 +-6.7 points) and +3.9 cards (+-2.1). Better, but not by much: its playouts are the
heuristic's own games.

Work per move is bounded by ``samples * candidates`` rollouts. Everything
is seeded: the bot's choices at its ``k``-th turn draw from ``derive(seed, "mc", k)``.

>>> from engine import get_game
>>> from engine.players.play import play_seeded
>>> state = play_seeded(get_game("kendra-kari", players=3), 5, ["mc", "heuristic", "heuristic"])
>>> state.is_terminal()
True
"""

from __future__ import annotations

from ..protocol import State
from ..shuffle import derive, deriving
from .basic_bots import HeuristicBot
from .loop import run

SAMPLES = 8  # worlds per move (the bot named "mc"; "mc:N" takes N)
CANDIDATES = 6  # moves tried at most per turn, the heuristic's favourites
MARGIN_WEIGHT = 1.0  # the score margin's weight beside a win (which counts 1); the margin is scaled to -1..1
CONFIDENCE = 1.5  # standard errors by which a move must beat the heuristic's favourite to be played instead


class MonteCarloBot:
    """Determinized Monte-Carlo player: samples the hidden cards, plays each move out, keeps the best."""

    name = "mc"

    def __init__(self, seed: int | str = 0, samples: int = SAMPLES, candidates: int = CANDIDATES,
                 rollout: type = HeuristicBot):
        if samples < 1 or candidates < 1:
            from ..errors import OptionError

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
        values = [[self.play_out(world, move, player, derive(seed, "rollout", i)) for move in candidates]
                  for i, world in enumerate(worlds)]
        return candidates[self.pick(values)]

    def pick(self, values: list[list[float]]) -> int:
        """The candidate to play, from ``values[world][candidate]``: the heuristic's favourite (0) unless
        another did better by a clear margin.

        Each world gives every candidate the same deal and the same rollout seed, so the per-world
        differences from the favourite are compared (a paired test). A handful of worlds is noisy,
        and picking the best of several noisy averages favours lucky moves; so a move replaces the
        favourite only when its average gain is more than ``CONFIDENCE`` standard errors above zero.
        """
        k = len(values[0])
        n = len(values)
        best, best_gain = 0, 0.0
        for j in range(1, k):
            diffs = [row[j] - row[0] for row in values]
            mean = sum(diffs) / n
            if mean <= best_gain:
                continue
            var = sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1)
            if n > 1 and mean > CONFIDENCE * (var / n) ** 0.5:
                best, best_gain = j, mean
        return best

    def shortlist(self, world: State, moves: list) -> list:
        """The moves worth trying: the ``candidates`` the heuristic rates highest, its favourite first.

        Rated in a sampled world (the player's own moves rate the same in every world), stably,
        so moves the heuristic likes equally keep the game's order.
        """
        rate = world.move_priority
        order = sorted(range(len(moves)), key=lambda k: -rate(moves[k]))
        return [moves[k] for k in order[:self.candidates]]

    def play_out(self, world: State, move, player: int, seed: int) -> float:
        """The outcome for ``player`` of ``move`` in ``world``, the game then played by the rollout bots (one
        ``rollout`` bot a seat, seat ``i``'s seeded ``derive(seed, "bot", i)`` as :func:`engine.players.play.seat_bots` seeds it)."""
        game = world.game
        state = world.copy()
        state.apply(move)
        bot_seed = deriving(seed, "bot")
        run(state, [self.rollout(bot_seed(i)) for i in range(game.players)], seed)
        result = state.result()
        value = 1.0 / len(result.winners) if player in result.winners else 0.0
        scores = result.scores
        others = max((s for p, s in enumerate(scores) if p != player), default=0.0)  # (0: a game played alone)
        scale = max(abs(s) for s in scores) or 1.0
        return value + MARGIN_WEIGHT * (scores[player] - others) / scale


def tuning(name: str, argument: str, digits: int, player: str, unit: str) -> int:
    """The N of a searching bot named ``name:N`` (at most ``digits`` digits), or OptionError in one line.

    >>> tuning("mc", "12", 4, "the Monte-Carlo player", "worlds per move")
    12
    """
    from ..errors import OptionError
    from ..notation import whole_number

    n = whole_number(argument, digits)
    if not n:
        raise OptionError(f"{name}:{argument}: write {player} as {name} or {name}:N, N {unit} (1-{'9' * digits}, "
                          "no leading zeros)")
    return n


def make_mc_bot(seed: int | str = 0, argument: str | None = None) -> MonteCarloBot:
    """The bot named ``mc`` (``mc:N``: N sampled worlds per move)."""
    if argument is None:
        return MonteCarloBot(seed)
    return MonteCarloBot(seed, samples=tuning("mc", argument, 4, "the Monte-Carlo player", "worlds per move"))
