"""The one play loop: seated players (bots) and chance take turns from a deal to the end of a game.

Every caller that plays a game (the benchmark, the CLI, transcripts, simulations, the book's
tables, the tests) goes through :func:`run`, so chance is resolved the same way everywhere:
when ``current_player`` is :data:`~engine.protocol.CHANCE`, the state's ``chance_outcome`` is
asked for chance's move with the sub-seed ``derive(chance_seed, "chance", step)``.

>>> from engine import get_game
>>> state = play_seeded(get_game("kendra-kari", players=3), 7, "random")
>>> state.is_terminal(), len(state.history) > 0
(True, True)
"""

from __future__ import annotations

from typing import Callable, Sequence

from .bots import RandomBot, make_bot
from .errors import GanjifaError, OptionError
from .protocol import CHANCE, Deal, Game, Record, State
from .shuffle import derive, deriving

MAX_MOVES = 100_000


class GameTooLong(GanjifaError, RuntimeError):
    """A game that did not end within the move limit (a fault in a game, never in the rules)."""


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


def run(state: State, bots: Sequence, chance_seed: int | str = 0, *, max_moves: int = MAX_MOVES,
        on_step: Callable[[State, Record], None] | None = None) -> State:
    """Play ``state`` to its end: each seat's bot chooses its moves, chance makes its own.

    ``on_step(state, record)`` is called after every step. Returns ``state`` (its ``history``
    holds every record). A game that has not ended after ``max_moves`` raises GameTooLong.
    """
    apply = state.apply
    history = state.history
    if on_step is None and set(map(type, bots)) == {RandomBot}:  # every seat a RandomBot
        return _run_random(state, [bot.stream for bot in bots], chance_seed, max_moves)
    choose = [bot.choose for bot in bots]
    chance_seed_at = deriving(chance_seed, "chance")  # derive(chance_seed, "chance", step)
    for _ in range(max_moves):
        seat = state.current_player
        if seat is None:
            return state
        if seat == CHANCE:
            move = state.chance_outcome(chance_seed_at(len(history)))
        else:
            move = choose[seat](state)
        record = apply(move)
        if on_step is not None:
            on_step(state, record)
    if state.current_player is None:
        return state
    raise GameTooLong(f"{state.game.title}: no end after {max_moves} moves")


def _run_random(state: State, streams: list, chance_seed: int | str, max_moves: int) -> State:
    """:func:`run` when every seat is a :class:`~engine.bots.RandomBot` (the simulations' common case):
    the same choices (``RandomBot.choose`` is one move of the state's legal-move sequence, drawn with the
    seat's stream, ``RandomBot.stream``), made by the state's :meth:`~engine.protocol.State.play_random`,
    which a game may run faster than a call into the game per choice."""
    state.play_random(streams, deriving(chance_seed, "chance"), max_moves)
    if state.current_player is None:
        return state
    raise GameTooLong(f"{state.game.title}: no end after {max_moves} moves")


def play_seeded(game: Game, seed: int | str, bots: str | Sequence[str] = "heuristic", *,
                deal: Deal | None = None, max_moves: int = MAX_MOVES,
                on_step: Callable[[State, Record], None] | None = None) -> State:
    """A whole game from ``seed``: the deal it gives (or ``deal``), the bots it seeds, its chance steps."""
    state = game.new_game(game.deal(seed) if deal is None else deal)
    return run(state, seat_bots(game, bots, seed), seed, max_moves=max_moves, on_step=on_step)
