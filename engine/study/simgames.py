"""A simulation's games, and what a game played.

Game ``g`` of a simulation with seed ``s`` is dealt from ``derive(s, "game", g)`` and its bots are seated a
block of :data:`BLOCK` games at a time (:func:`played`); a shared win is counted in sixtieths (:data:`UNIT`).
Whether money changes hands (:func:`stakes_game`) and a game's print (:func:`game_print`: its players' moves
and outcome) say what a game played, so two games played alike are told (:mod:`engine.study.alike`). The
simulation itself, with its statistics and its workers, is :mod:`engine.study.simulate`.
"""

from __future__ import annotations

from typing import Iterator, Sequence

from ..players.play import run, seat_bots
from ..protocol import CHANCE, Game, State
from ..shuffle import derive, deriving

UNIT = 60  # a shared win is counted in sixtieths (1/2 .. 1/6 are whole), so sums are exact in any order
BLOCK = 100  # games a seating of bots plays: a range of games a worker plays starts at a multiple of it


def played(game: Game, seed: int | str, bots: Sequence[str], first: int, last: int) -> Iterator[State]:
    """Games ``first .. last - 1`` of a simulation with ``seed``, played to their end, in order.

    Game ``g`` is ``game.deal(derive(seed, "game", g))``, chance's stream seeded from the same seed;
    the bots (one kind per seat) are seated at each multiple of :data:`BLOCK`, from the seed
    ``derive(seed, "bots", g // BLOCK)`` (:func:`engine.players.play.seat_bots`), so ``first`` is one.
    """
    if first % BLOCK:
        raise ValueError(f"a simulation's games are played from a multiple of {BLOCK}, not from game {first}")
    game_seed = deriving(seed, "game")  # derive(seed, "game", g)
    deal, new_game = game.deal, game.new_game
    seated = None
    for g in range(first, last):
        if g % BLOCK == 0:
            seated = seat_bots(game, bots, derive(seed, "bots", g // BLOCK))
        s = game_seed(g)
        yield run(new_game(deal(s)), seated, s)


def stakes_game(game: Game) -> bool:
    """Whether money changes hands in ``game`` (it overrides :meth:`Game.settle`)."""
    return type(game).settle is not Game.settle


def game_print(game: Game, state) -> tuple:
    """What a game played: every player's move in turn (chance's steps left out) and its outcome (the winners,
    and the money for a game played for stakes). Two games with the same print were played alike, whatever
    cards chance dealt (a hand of three cards scored on two is played as the hand of two)."""
    moves = tuple((r.player, str(r.move)) for r in state.history if r.player != CHANCE)
    money = tuple(game.settle(state)) if stakes_game(game) else ()
    return moves, tuple(state.result().winners), money
