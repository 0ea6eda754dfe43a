"""The one play loop: seated players (bots) and chance take turns from a deal to the end of a game.

Every caller that plays a game (the benchmark, the CLI, transcripts, simulations, the book's
tables, the tests) goes through :func:`run`, so chance is resolved the same way everywhere:
when ``current_player`` is :data:`~engine.protocol.CHANCE`, the state's ``chance_outcome`` is
asked for chance's move with chance's one stream for the game (:class:`Chance`), seeded once from
``derive(seed, "chance")`` when chance first acts after the deal; each chance step draws from it in
turn. A game's seed thus fixes its deal (``Game.deal(seed)``), chance's later steps and each seat's
bot (its own stream, ``derive(seed, "bot", seat)``, seated by :func:`engine.players.play.seat_bots`).

The loop knows the simple bots only (:mod:`engine.players.basic_bots`, to play a table of random bots fast), so
the Monte-Carlo player (:mod:`engine.players.montecarlo`) plays its playouts through it, and the bots by name
(:mod:`engine.players.bots`) and the seating (:mod:`engine.players.play`) sit above both.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..errors import GanjifaError
from ..protocol import CHANCE, Record, State
from ..shuffle import Rng, derive
from .basic_bots import RandomBot

MAX_MOVES = 100_000


class GameTooLong(GanjifaError, RuntimeError):
    """A game that did not end within the move limit (a fault in a game, never in the rules)."""


class Chance:
    """Chance's one stream for a game: ``Rng(derive(seed, "chance"))``, seeded when chance first acts
    (a game whose only chance step is its deal never pays for it); every chance step draws from it in
    turn. ``outcome(state)`` is chance's move in ``state``.

    >>> from engine import get_game
    >>> from engine.players.play import seat_bots
    >>> state = get_game("komi", players=3, rounds=2).start(4)
    >>> chance = Chance(4)
    >>> state = run(state, seat_bots(state.game, "random", 4), chance)
    >>> chance.steps  # the second round's deal
    1
    """

    __slots__ = ("seed", "steps", "_rng")

    def __init__(self, seed: int | str):
        self.seed = seed
        self.steps = 0
        self._rng: Rng | None = None

    def outcome(self, state: State):
        rng = self._rng
        if rng is None:
            rng = self._rng = Rng(derive(self.seed, "chance"))
        self.steps += 1
        return state.chance_outcome(rng)


class RecordedChance(Chance):
    """Chance that makes the moves a transcript recorded, in turn, while they are legal where they
    come; past them (or once one does not fit the game as now played) it draws from its own stream.
    A worked example so never depends on how a seed is turned into cards."""

    __slots__ = ("_moves",)

    def __init__(self, seed: int | str, moves: Sequence):
        super().__init__(seed)
        self._moves = list(reversed(moves))

    def outcome(self, state: State):
        moves = self._moves
        if moves:
            move = moves.pop()
            try:
                state.check(move)
            except GanjifaError:
                moves.clear()
            else:
                self.steps += 1
                return move
        return super().outcome(state)


def run(state: State, bots: Sequence, chance: int | str | Chance = 0, *, max_moves: int = MAX_MOVES,
        on_step: Callable[[State, Record], None] | None = None) -> State:
    """Play ``state`` to its end: each seat's bot chooses its moves, chance makes its own (``chance``: a
    :class:`Chance`, or the seed of one).

    ``on_step(state, record)`` is called after every step. Returns ``state`` (its ``history``
    holds every record). A game that has not ended after ``max_moves`` raises GameTooLong.
    """
    if not isinstance(chance, Chance):
        chance = Chance(chance)
    if on_step is None and set(map(type, bots)) == {RandomBot}:  # every seat a RandomBot
        return _run_random(state, [bot.stream for bot in bots], chance, max_moves)
    apply = state.apply
    choose = [bot.choose for bot in bots]
    outcome = chance.outcome
    for _ in range(max_moves):
        seat = state.current_player
        if seat is None:
            return state
        record = apply(outcome(state) if seat == CHANCE else choose[seat](state))
        if on_step is not None:
            on_step(state, record)
    if state.current_player is None:
        return state
    raise GameTooLong(f"{state.game.title}: no end after {max_moves} moves")


def _run_random(state: State, streams: list, chance: Chance, max_moves: int) -> State:
    """:func:`run` when every seat is a :class:`~engine.players.bots.RandomBot` (the simulations' common case):
    the same choices (``RandomBot.choose`` is one move of the state's legal-move sequence, drawn with the
    seat's stream, ``RandomBot.stream``), made by the state's :meth:`~engine.protocol.State.play_random`,
    which a game may run faster than a call into the game per choice."""
    state.play_random(streams, chance, max_moves)
    if state.current_player is None:
        return state
    raise GameTooLong(f"{state.game.title}: no end after {max_moves} moves")
