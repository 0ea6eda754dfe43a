"""Every position Hamrang writes reads back, at every step of many games (issue 32)."""

from __future__ import annotations

import itertools

import pytest

from engine.decks import Ranking
from engine.errors import NotationError
from engine.games.hamrang import Hamrang
from engine.players.play import Chance
from engine.protocol import CHANCE
from engine.shuffle import Rng

GAMES = [Hamrang(time=t, ranking=r, last_player=e)
         for t, r, e in itertools.product(("day", "night"), (Ranking.UNIFORM, Ranking.TRADITIONAL),
                                          ("plays-on", "stops"))]


def _same(state, game):
    text = state.position()
    again = game.position(text)
    assert again.position() == text, text
    assert again.current_player == state.current_player, text
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in state.legal_moves()], text
    assert again.tricks == state.tricks and again.still_in == state.still_in, text
    return again


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.describe_options() or "defaults")
def test_every_position_reads_back_at_every_step(game):
    for seed in range(25):
        state = game.start(seed)
        rng = Rng(seed)
        chance = Chance(seed)
        while True:
            again = _same(state, game)
            if state.current_player is None:
                break
            if state.current_player == CHANCE:
                move = chance.outcome(state)
                again.apply(move)  # the state read back plays on like the one written
            else:
                moves = state.legal_moves()
                move = moves[rng.below(len(moves))]
                again.apply(move)
            state.apply(move)
            assert again.position() == state.position()


def test_the_opening_position_written_while_the_dealer_is_drawn_reads_back():
    game = Hamrang()
    start = game.new_game(game.deal(0))
    assert start.current_player == CHANCE
    text = start.position()
    assert "turn=chance" in text
    again = game.position(text)
    assert again.current_player == CHANCE and again.position() == text


@pytest.mark.parametrize("text", [
    "P1=RSu 4Su; P2=VSu 3Su; P3=9Su 1Su; P4=RTa 6Su; turn=chance",  # not the whole deal
])
def test_a_draw_position_needs_the_whole_deal(text):
    with pytest.raises(NotationError):
        Hamrang().position(text)
