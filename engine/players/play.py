"""Seating bots and playing a seeded game: :func:`seat_bots` (one bot per seat, each from its own stream)
and :func:`play_seeded` (a whole game from a seed), on the one play loop of :mod:`engine.players.loop`.

The loop's names (:func:`~engine.players.loop.run`, :class:`~engine.players.loop.Chance`, :class:`~engine.players.loop.RecordedChance`,
:class:`~engine.players.loop.GameTooLong`, :data:`~engine.players.loop.MAX_MOVES`) are named here too, as before.

>>> from engine import get_game
>>> state = play_seeded(get_game("kendra-kari", players=3), 7, "random")
>>> state.is_terminal(), len(state.history) > 0
(True, True)
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..errors import OptionError
from ..protocol import Deal, Game, Record, State
from ..shuffle import deriving
from .bots import make_bot
from .loop import MAX_MOVES, Chance, GameTooLong, RecordedChance, run

__all__ = ["MAX_MOVES", "Chance", "GameTooLong", "RecordedChance", "run", "seat_bots", "play_seeded"]


def seat_bots(game: Game, bots: str | Sequence[str], seed: int | str) -> list:
    """One bot per seat: ``bots`` is one kind for every seat, or one kind per seat (in seat order).

    Seat ``i``'s bot draws its choices from ``derive(seed, "bot", i)``.
    """
    kinds = (bots,) if isinstance(bots, str) else tuple(bots)
    if len(kinds) == 1:
        kinds *= game.players
    if len(kinds) != game.players:
        raise OptionError(f"{len(kinds)} bots for {game.players} players")
    bot_seed = deriving(seed, "bot")  # derive(seed, "bot", i), the common part once
    return [make_bot(kind, bot_seed(i)) for i, kind in enumerate(kinds)]


def play_seeded(game: Game, seed: int | str, bots: str | Sequence[str] = "heuristic", *,
                deal: Deal | None = None, max_moves: int = MAX_MOVES, chance: Chance | None = None,
                on_step: Callable[[State, Record], None] | None = None) -> State:
    """A whole game from ``seed``: the deal it gives (or ``deal``), the bots it seeds, chance's stream
    (or ``chance``, e.g. a :class:`RecordedChance`)."""
    state = game.new_game(game.deal(seed) if deal is None else deal)
    return run(state, seat_bots(game, bots, seed), seed if chance is None else chance, max_moves=max_moves,
               on_step=on_step)
