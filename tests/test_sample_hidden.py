"""Every game deals its hidden cards afresh for a seat (``State.sample_hidden``), keeping what the seat knows.

Over every registered game at its default player count, in positions reached by seeded careful play: a sample
keeps the seat's own hand (as far as it has seen it), its view of the table (public cards, cards shown to it, every hand's and pile's
size) and every card of the game; two states that differ only in cards hidden from the seat give the same
sample for the same seed; and the sample is a game that goes on under the rules to its end.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine import get_game
from engine.cards import cards_in
from engine.players.play import Chance, run, seat_bots
from engine.protocol import CHANCE
from engine.registry import game_names
from engine.shuffle import derive

SEEDS = range(8)
# games whose hidden cards cannot yet be dealt afresh, and why (the report of issue 46 says so too)
NOT_YET = {"traditional-ganjifa": "cards laid face down, burned cards and blind payments are not yet dealt afresh"}


def sampled_games():
    return [pytest.param(n, marks=pytest.mark.xfail(reason=NOT_YET[n], strict=True)) if n in NOT_YET else n
            for n in game_names()]


def positions(game, seeds=SEEDS, every=3, most=4):
    """Positions met in seeded careful games: every ``every``-th step with a seat to move, ``most`` a game."""
    for seed in seeds:
        state = game.start(seed)
        bots = seat_bots(game, "heuristic", seed)
        chance = Chance(seed)
        step = taken = 0
        while not state.is_terminal() and taken < most:
            seat = state.current_player
            if seat != CHANCE and step % every == 1:
                taken += 1
                yield seed, step, state.copy()
            state.apply(chance.outcome(state) if seat == CHANCE else bots[seat].choose(state))
            step += 1


def layout(state) -> tuple:
    """Where every card lies, as far as the game tells: every hand, and every card in the game's own order."""
    return [sorted(map(str, h)) for h in state.hands], list(map(str, state.all_cards()))


@pytest.mark.parametrize("name", sampled_games())
def test_a_sample_keeps_what_the_seat_knows_and_plays_on(name):
    game = get_game(name)
    checked = changed = 0
    for seed, step, state in positions(game):
        seat = state.current_player
        world = state.sample_hidden(seat, derive(seed, step))
        where = (name, seed, step)
        assert world.view(seat) == state.view(seat), where  # own hand, public cards, sizes, whose turn
        known = cards_in(state.view(seat))  # (all of its hand, but in Komi, which bets before it looks)
        assert all(c in world.hands[seat] for c in state.hands[seat] if c in known), where
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands], where
        assert Counter(world.all_cards()) == Counter(state.all_cards()), where
        assert world.legal_moves() == state.legal_moves(), where
        shown = state.visible_cards(seat)
        assert all(c in world.hands[p] for p, h in enumerate(state.hands) for c in h if c in shown), where
        changed += layout(world) != layout(state)
        checked += 1
        run(world, seat_bots(game, "heuristic", seed), seed)  # a game that goes on under the rules
        assert world.is_terminal(), where
    assert checked >= 8, checked
    assert changed >= checked // 3, (checked, changed)  # most positions hide something


@pytest.mark.parametrize("name", sampled_games())
def test_a_sample_depends_only_on_what_the_seat_knows(name):
    """``other`` differs from ``state`` only in cards hidden from the seat: both give the same sample."""
    game = get_game(name)
    for seed, step, state in positions(game, seeds=range(3)):
        seat = state.current_player
        other = state.sample_hidden(seat, derive("other", seed, step))
        for k in range(2):
            a, b = state.sample_hidden(seat, k), other.sample_hidden(seat, k)
            assert layout(a) == layout(b), (name, seed, step, k)
            assert a.legal_moves() == b.legal_moves()
