"""The engine against a second Hamrang written from the booklet alone (:mod:`.source_model`).

Random games under every option that changes play; at every step the model's plays must be the
engine's legal moves (two cards, and for a lead the suit it leads: a follower's pair may be written
in either order), and the trick winners, the trick counts, the end of the game and its winners must
agree. The moves go to the engine as text, a follower's cards now and then written the other way round.
"""

from __future__ import annotations

import inspect
import itertools
import random

import pytest

from engine.cards import parse_cards
from engine.decks import Ranking
from engine.games.hamrang import Hamrang
from engine.players.play import Chance
from engine.protocol import CHANCE

from .source_model import Model, dealer_of

COMBOS = list(itertools.product(("day", "night"), ("uniform", "traditional"), ("if-none", "any-time"),
                                ("plays-on", "stops")))
GAMES_EACH = 24  # 16 combinations: 384 games


def _key(move, leading: bool) -> tuple:
    """A move as the model writes it: a lead's suit is its first card's (the notation writes the card
    of the suit led first); a follower's two cards in either order."""
    return (move.cards[0].suit if leading else None, frozenset(move.cards))


def _keys(moves, leading: bool) -> set[tuple]:
    return {_key(m, leading) for m in moves}


@pytest.mark.parametrize("time,ranking,opener,last", COMBOS,
                         ids=["-".join(c) for c in COMBOS])
def test_engine_plays_as_the_booklet_says(time, ranking, opener, last):
    game = Hamrang(time=time, ranking=Ranking(ranking), opener_substitute=opener, last_player=last)
    for n in range(GAMES_EACH):
        seed = 1000 * COMBOS.index((time, ranking, opener, last)) + n
        state = game.start(seed)
        assert state.current_player == CHANCE  # the draw for the dealer comes first
        record = state.apply(Chance(seed).outcome(state))
        draw = str(record.move).split()
        shuffler = int(draw[1][1:]) - 1
        drawn = list(parse_cards(" ".join(draw[2:])))
        dealer, used = dealer_of(shuffler, drawn)
        assert used == len(drawn), f"seed {seed}: the draw stops where one card is highest"
        assert state.dealer == dealer, f"seed {seed}: the highest card deals"
        model = Model([list(h) for h in state.hands], time=time, ranking=ranking,
                      opener_substitute=opener, last_player=last)
        rng = random.Random(seed)
        steps = 0
        while True:
            where = f"seed {seed}, step {steps}: {state.position()}"
            if model.over:
                assert state.is_terminal(), where
                break
            assert state.current_player == model.turn, where
            moves = state.legal_moves()
            leading = not model.trick
            assert _keys(moves, leading) == model.legal(), where
            assert len(moves) == len(_keys(moves, leading)), where  # each play listed once
            move = moves[rng.randrange(len(moves))]
            a, b = move.cards
            text = f"play {b} {a}" if not leading and rng.random() < 0.5 else str(move)
            record = state.apply(text)
            assert record.move is move, where  # recorded as the legal move, in its usual order
            won = model.play(_key(move, leading))
            assert record.trick_winner == won, where
            assert list(state.tricks) == model.tricks, where
            assert record.game_over == model.over, where
            steps += 1
        result = state.result()
        assert tuple(result.winners) == model.winners, f"seed {seed}"
        assert list(result.scores) == model.tricks, f"seed {seed}"


def test_the_books_defaults_are_the_booklets():
    """The model's defaults are the booklet's plain words (its main rank order, play until every face card
    is played); the book's defaults must be the same."""
    model = inspect.signature(Model).parameters
    game = Hamrang()
    assert str(game.ranking) == model["ranking"].default
    assert game.last_player == model["last_player"].default
    assert game.time == model["time"].default and game.opener_substitute == model["opener_substitute"].default
