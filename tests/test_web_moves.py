"""The moves a play page lists (engine/web.py): each said in words as the book would tell it, never naming a card
the player cannot see yet; and a game the bots finish after the player's one decision told step by step."""

from __future__ import annotations

import random
import re

import pytest

from engine import get_game
from engine.registry import game_names
from engine.web import WebGame, names_cards


def said_moves(name: str, seeds, turns: int = 40):
    """(game, reply) at each of the person's turns in a few games of ``name``, the person choosing at random."""
    for seed in seeds:
        game = WebGame(get_game(name), seed, {0})
        rng = random.Random(seed)
        reply = game.reply()
        for _ in range(turns):
            if reply["over"]:
                break
            yield game, reply
            reply = game.try_move(rng.choice(reply["moves"])["move"])


def test_every_udvasa_move_is_said_in_words_naming_no_card_of_the_stock():
    """Udvasa's moves were listed as "2-3 is legal"; a deal from the stock had no words at all. Each now says what
    it does ("moves the 3 of Barat from stack 2 onto ...", "deals eight more cards ..."), and none names a card of
    the stock, the deal's included."""
    kinds = set()
    for game, reply in said_moves("udvasa", range(4)):
        stock = game.unseen_by(0)
        assert stock
        for move in reply["moves"]:
            words = move["words"]
            assert words and words != move["move"] and " is legal" not in words, move
            assert not names_cards(words, stock, game.game.deck), (move, names_cards(words, stock, game.game.deck))
            kinds.add(move["move"].split("-")[-1] if move["move"] != "deal" else "deal")
    assert "deal" in kinds and "build" in kinds


@pytest.mark.parametrize("name", game_names())
def test_every_listed_move_of_every_game_has_words(name):
    """Every game: each move the page lists carries words, naming no card hidden from the player now."""
    count = 0
    for game, reply in said_moves(name, range(2), turns=12):
        hidden = game.unseen_by(0)
        for move in reply["moves"]:
            assert move["words"], (name, move)
            assert not names_cards(move["words"], hidden, game.game.deck), (name, move)
            assert " is legal" not in move["why"] and " is forced" not in move["why"], (name, move)
            count += 1
    assert count > 0
