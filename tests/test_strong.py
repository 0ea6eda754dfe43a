"""The strong player (engine.players.strong): its choice depends only on its seat's view and its seed, in every game.

Each position met in seeded careful play is dealt anew for the seat to move (``sample_hidden`` of the true
state: a different deal of the cards it cannot see, consistent with its view); the strong player, seeded alike,
chooses the same move in both. A small budget keeps the test quick; the search is the same at any budget.
"""

from __future__ import annotations

import pytest

from engine import get_game
from engine.players.bots import PLAIN, lineup_words, make_bot
from engine.errors import OptionError
from engine.registry import game_names
from engine.shuffle import derive
from engine.study.strength import measure
from engine.players.strong import StrongBot, pick
from tests.test_sample_hidden import NOT_YET, layout, positions


@pytest.mark.parametrize("name", [n for n in game_names() if n not in NOT_YET])
def test_the_strong_player_chooses_the_same_when_the_hidden_cards_are_dealt_anew(name):
    game = get_game(name)
    compared = 0
    for seed, step, state in positions(game, seeds=range(3), every=4, most=2):
        if len(state.legal_moves()) < 2:
            continue
        seat = state.current_player
        other = state.sample_hidden(seat, derive("anew", seed, step))
        a = StrongBot(seed, steps=300, least=2, most=3).choose(state)
        b = StrongBot(seed, steps=300, least=2, most=3).choose(other)
        assert a == b, (name, seed, step, a, b, layout(state) != layout(other))
        compared += 1
    if not compared:  # a game without choices (Nakash: every step is the rules' or chance's)
        assert not any(len(s.legal_moves()) > 1 for _, _, s in positions(game, every=1, most=40))
        return
    assert compared >= 2, compared


def test_the_strong_player_keeps_the_careful_favourite_unless_another_move_is_clearly_better():
    assert pick([[0.0, 0.5], [0.1, 0.6], [0.2, 0.7]]) == 1
    assert pick([[0.0, 1.0], [0.5, -0.5], [0.0, 1.0], [0.5, -0.4]]) == 0
    assert pick([[0.3, 0.3, 0.3]] * 4) == 0


def test_the_strong_player_by_name():
    assert isinstance(make_bot("strong", 1), StrongBot) and make_bot("strong:500", 1).steps == 500
    assert PLAIN["strong"] == "strong" and lineup_words(("strong", "heuristic", "heuristic")) == \
        "Player 1 strong, the others careful"
    for bad in ("strong:0", "strong:x", "strong:"):
        with pytest.raises(OptionError):
            make_bot(bad, 1)


def test_the_measure_pairs_the_deals_and_is_reproducible():
    a = measure("kendra-kari", deals=3, bot="strong:200")
    b = measure("kendra-kari", deals=3, bot="strong:200")
    assert a.deals == 3 and (a.careful, a.strong, a.difference) == (b.careful, b.strong, b.difference)
    same = measure("kendra-kari", deals=3, bot="heuristic")  # a careful player measured against itself
    assert same.difference == 0.0 and same.strong == same.careful
