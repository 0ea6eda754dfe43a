"""Players that choose moves by themselves, by name (``random``, ``heuristic``, ``mc``), for worked examples
and simulations.

The simple players are :mod:`engine.players.basic_bots` (named here as before: ``from engine.players.bots import RandomBot``).
Games are played by the one loop in :mod:`engine.players.loop` (seated by :mod:`engine.players.play`). A stronger player,
``mc`` (or ``mc:N``), searches by sampling the cards it cannot see: :mod:`engine.players.montecarlo`; the strong
player, ``strong`` (or ``strong:N``), searches more worlds on a budget of moves played: :mod:`engine.players.strong`.
"""

from __future__ import annotations

from .basic_bots import HeuristicBot, RandomBot
from .montecarlo import make_mc_bot
from .strong import make_strong_bot


# each kind of bot in a player's words, for the book ("careful players"); "mc:N" reads as "mc"
PLAIN = {"random": "random", "heuristic": "careful", "mc": "searching", "strong": "strong"}


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


# name -> maker(seed); "mc" is the determinized Monte-Carlo player (engine.players.montecarlo), "mc:N" with N worlds per move
BOTS = {"random": RandomBot, "heuristic": HeuristicBot, "mc": make_mc_bot, "strong": make_strong_bot}
TUNABLE = {"mc", "strong"}  # bots that take an argument after a colon


def make_bot(kind: str, seed: int | str = 0):
    name, colon, argument = kind.partition(":") if isinstance(kind, str) else (kind, "", "")
    maker = BOTS.get(name)
    if maker is None or (colon and name not in TUNABLE):
        from ..errors import OptionError

        raise OptionError(f"unknown bot {kind!r}; bots are {', '.join(BOTS)} (mc:N: N worlds per move; strong:N: N moves played out per move)") from None
    return maker(seed, argument) if colon else maker(seed)
