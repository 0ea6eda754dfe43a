"""The moves a play page lists (engine/doors/web.py): each said in words as the book would tell it, never naming a card
the player cannot see yet; and a game the bots finish after the player's one decision told step by step."""

from __future__ import annotations

import random
import re

import pytest

from engine import get_game
from engine.registry import game_names
from engine.doors.web import WebGame, names_cards


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


@pytest.mark.slow  # the fast tier (make check) leaves it to make test
def test_a_moves_words_tell_nothing_of_the_cards_it_would_bring():
    """A move that brings cards the player cannot see yet is said without its outcome: Kendra Kari's draw was
    about to be said as "draws; a card fits, so it goes straight to Position 2" (or "... which does not fit"),
    Komi's show as "shows 7, 10 and 8: 25, so 5. Bela has ...", Naqsh's take as "takes another card, a 10, and
    has 19". Now the words are the same however the hidden cards lie (where the game can deal them afresh), and
    name no rank of a card to come, nor a total."""
    from engine.examples.choices import brought

    told = 0
    for name in ("kendra-kari", "komi", "nakash", "naqsh", "shakti", "udvasa"):
        for game, reply in said_moves(name, range(4), turns=30):
            state = game.state
            for move in reply["moves"]:
                _, new = brought(state, game.game.parse_move(move["move"]), 0)
                if not new:
                    continue
                words = move["words"]
                assert words, (name, move)
                for card in new:
                    rank = game.game.deck.card_name(card).split(" of ")[0]
                    seen = [game.game.deck.card_name(c) for c in state.all_cards() if c not in game.unseen_by(0)]
                    rest = words
                    for n in seen:
                        rest = rest.replace(n, "")
                    assert not re.search(rf"(?<![\w-]){re.escape(rank)}(?![\w-])", rest), (name, move, card)
                assert not re.search(r"\d+ *: *\d+", words), (name, move)
                if name == "kendra-kari":
                    for k in range(6):
                        other = WebGame(game.game, 0, {0})
                        other.state = state.sample_hidden(0, 100 + k)
                        assert other.describe(game.game.parse_move(move["move"]), 0) == words, (name, move)
                told += 1
    assert told > 20


def test_the_clauses_said_before_a_move_do_not_tell_what_it_would_bring():
    """The forced move's line and a hint cite the clauses a move would be played under; for a move that brings
    cards the player cannot see they cited what it would bring: Nakash's forced show "under [nk.show] ...;
    [nk.bust] 18, 19, 21 and 23 lose at once" before the cards were shown, Naqsh's hint "take is played under
    [nq.take] ...; [nq.bust] Over 17 you are out". Now only the rule the move is played under."""
    forced, hinted = set(), set()
    for seed in range(30):
        reply = WebGame(get_game("nakash"), seed, {0}).reply()
        forced.add(reply["forced"])
        game = WebGame(get_game("naqsh"), seed, {0})
        if game.state.current_player == 0:
            for move in game.state.legal_moves():
                hinted.add(" ".join(game._would_cite(move)))
            hinted.add(game.hint_text()["message"].split("played under", 1)[-1])
    assert forced == {"Your only move is show, under [nk.show] The players show their cards in turn."}, forced
    assert not any(c in text for text in hinted for c in ("nq.bust", "nq.naqsh", "nq.player-naqsh")), hinted
    assert any("nq.take" in text for text in hinted)
