"""Players that choose moves by themselves, for worked examples and simulations.

Every bot is seeded, so a played-out game is reproducible. The heuristic bot asks the
state's ``move_priority(move)`` (part of the game contract; a game's ``strategy.py``
supplies it, and the default of 0 for every move makes it play like the random one).
Games are played by the one loop in :mod:`engine.play`. A stronger player, ``mc`` (or ``mc:N``),
searches by sampling the cards it cannot see: :mod:`engine.montecarlo`.
"""

from __future__ import annotations

from .shuffle import Rng


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


def _mc(seed: int | str = 0, argument: str | None = None):
    from .montecarlo import make_mc_bot

    return make_mc_bot(seed, argument)


# each kind of bot in a player's words, for the book ("careful players"); "mc:N" reads as "mc"
PLAIN = {"random": "random", "heuristic": "careful", "mc": "searching"}


def lineup_words(kinds) -> str:
    """A line-up of bots in a player's words: ``careful players``, or seat by seat when they differ
    (``Player 1 searching, the others careful``).

    >>> lineup_words(("heuristic",) * 4), lineup_words(("mc", "heuristic", "heuristic")), lineup_words(("random", "mc"))
    ('careful players', 'Player 1 searching, the others careful', 'Player 1 random, Player 2 searching')
    """
    words = [PLAIN.get(str(k).partition(":")[0], str(k)) for k in kinds]
    if len(set(words)) == 1:
        return f"{words[0]} players"
    if len(words) > 2 and len(set(words[1:])) == 1:
        return f"Player 1 {words[0]}, the others {words[1]}"
    return ", ".join(f"Player {i + 1} {w}" for i, w in enumerate(words))


# name -> maker(seed); "mc" is the determinized Monte-Carlo player (engine.montecarlo), "mc:N" with N worlds per move
BOTS = {"random": RandomBot, "heuristic": HeuristicBot, "mc": _mc}
TUNABLE = {"mc"}  # bots that take an argument after a colon


def make_bot(kind: str, seed: int | str = 0):
    name, colon, argument = kind.partition(":") if isinstance(kind, str) else (kind, "", "")
    maker = BOTS.get(name)
    if maker is None or (colon and name not in TUNABLE):
        from .errors import OptionError

        raise OptionError(f"unknown bot {kind!r}; bots are {', '.join(BOTS)} (mc:N: N worlds per move)") from None
    return maker(seed, argument) if colon else maker(seed)
