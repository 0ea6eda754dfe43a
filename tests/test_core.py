"""The engine core: cards, decks, notation, seeded chance, options."""

import pickle

import pytest
from hypothesis import given, strategies as st

from engine import (DASHAVATARA, DECKS, MUGHAL, NAQSH, Card, Deal, NotationError, OptionError, Ranking,
                    format_cards, parse_cards, shuffled)
from engine.shuffle import Rng, derive, deriving, seed_int

ALL_CARDS = [c for d in DECKS.values() for c in d.cards]


def test_deck_sizes_and_groups():
    assert (len(MUGHAL.cards), len(DASHAVATARA.cards), len(NAQSH.cards)) == (96, 120, 48)
    assert len(DECKS["french"].cards) == 48  # the French pack without jacks, a substitute pack for Naqsh
    assert len(set(ALL_CARDS)) == 96 + 120 + 48 + 48
    assert [s.name for s in MUGHAL.suits if s.group == "strong"] == ["Safed", "Taj", "Shamsher", "Ghulam"]
    assert [s.name for s in DASHAVATARA.suits if s.group == "weak"] == ["Matsya", "Kurma", "Varaha", "Narasimha", "Vamana"]


def test_french_pack_names_ace_queen_and_king():
    french = DECKS["french"]
    assert format_cards(parse_cards("ASp 1He QDi KCl 10Sp")) == "ASp AHe QDi KCl 10Sp"
    assert [french.card_name(c) for c in parse_cards("ASp QHe KDi")] == \
        ["Ace of Spades", "Queen of Hearts", "King of Diamonds"]
    with pytest.raises(NotationError):
        Card.parse("JSp")  # no jacks


def test_rank_orders():
    sh, su = MUGHAL.suit("Shamsher"), MUGHAL.suit("Ashrafi")
    assert MUGHAL.order(sh)[:3] == (12, 11, 10) and MUGHAL.order(sh)[-1] == 1
    assert MUGHAL.order(su)[:3] == (12, 11, 1) and MUGHAL.order(su)[-1] == 10
    strength = MUGHAL.strength_table(Ranking.TRADITIONAL)
    assert strength[Card.parse("1Su")] > strength[Card.parse("10Su")]
    assert strength[Card.parse("10Sh")] > strength[Card.parse("1Sh")]
    uniform = MUGHAL.strength_table(Ranking.UNIFORM)
    assert uniform[Card.parse("10Su")] > uniform[Card.parse("1Su")]
    assert strength[Card.parse("RSu")] == 12 and strength[Card.parse("VSu")] == 11


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_card_notation_round_trips(card):
    assert Card.parse(str(card)) is card
    assert eval(repr(card)) is card
    assert pickle.loads(pickle.dumps(card)) is card


@pytest.mark.parametrize("text, token", [("11Sh", "11Sh"), ("RXx", "RXx"), ("QSh", "QSh"), ("Sh", "Sh"), ("01Sh", "01Sh"), ("MSh", "MSh")])
def test_bad_card_notation_names_token(text, token):
    with pytest.raises(NotationError) as err:
        parse_cards(f"RSh {text}")
    assert err.value.token == token
    assert token in str(err.value)


def test_cards_are_immutable():
    with pytest.raises(AttributeError):
        Card.parse("RSh").rank = 3


@given(st.lists(st.sampled_from(ALL_CARDS)), st.lists(st.lists(st.sampled_from(ALL_CARDS)), max_size=6))
def test_cards_and_deals_round_trip(cards, hands):
    assert parse_cards(format_cards(cards)) == tuple(cards)
    deal = Deal(tuple(tuple(h) for h in hands), (("stock", tuple(cards)),))
    assert Deal.parse(str(deal)) == deal
    assert eval(repr(deal)) == deal


def test_bad_deal_notation():
    with pytest.raises(NotationError, match="P2"):
        Deal.parse("P1=RSh; P3=1Ta")
    with pytest.raises(NotationError, match="zz"):
        Deal.parse("P1=RSh; zz")


def test_unknown_suit_is_option_error():
    with pytest.raises(OptionError, match="Safed"):
        MUGHAL.suit("Spades")


# Pinned: these must never change, on any platform or Python version.
def test_shuffle_is_pinned():
    assert format_cards(shuffled(MUGHAL.cards, 1)[:8]) == PINNED_1
    assert format_cards(shuffled(MUGHAL.cards, "kendra")[:8]) == PINNED_KENDRA
    assert seed_int("kendra") == PINNED_SEED_INT
    assert [Rng(5).below(100) for _ in range(1)] == [PINNED_RNG5]


def test_shuffle_is_a_permutation_and_seed_sensitive():
    a, b = shuffled(MUGHAL.cards, 1), shuffled(MUGHAL.cards, 2)
    assert sorted(a) == sorted(MUGHAL.cards) == sorted(b)
    assert a != b
    assert shuffled(MUGHAL.cards, 1) == a
    assert derive(1, "x") != derive(1, "y") and derive(1, "x") == derive(1, "x")


def test_deriving_is_derive_with_the_last_label_left_open():
    for seed in (0, 7, -7, "spring-fair", 2**127 + 3):
        for labels in ((), ("chance",), ("chance", 4)):
            at = deriving(seed, *labels)
            assert [at(k) for k in (0, 1, 12, "x")] == [derive(seed, *labels, k) for k in (0, 1, 12, "x")]


PINNED_1 = "1Qi 7Ch VSh 2Su 7Qi 5Su 4Su 2Qi"
PINNED_KENDRA = "6Sh 3Qi RSh 3Sh RGh 9Gh RSu RSa"
PINNED_SEED_INT = 251845578488069286801043284385184716132
PINNED_RNG5 = 62


# --- chance: one stream a game (issue 18) -------------------------------------------------------

def test_chance_draws_every_step_from_one_stream_seeded_once(monkeypatch):
    """A seed fixes chance's later steps through one stream, Rng(derive(seed, "chance")), made once a game
    and drawn from in turn: replaying the game with that stream by hand gives every chance move again."""
    from engine.players import loop as play_module
    from engine.players.play import play_seeded
    from engine.protocol import CHANCE
    from engine.registry import get_game
    from engine.shuffle import Rng

    made = []

    class Counted(Rng):
        __slots__ = ()

        def __init__(self, seed):
            made.append(seed)
            super().__init__(seed)

    monkeypatch.setattr(play_module, "Rng", Counted)
    game = get_game("sama", players=4, rounds=3)
    state = play_seeded(game, 11, "random")
    chance_steps = [i for i, r in enumerate(state.history) if r.player == CHANCE]
    assert len(chance_steps) >= 4 and made == [derive(11, "chance")]  # many steps, one stream
    stream, again = Rng(derive(11, "chance")), game.start(11)
    for i, record in enumerate(state.history):
        move = again.chance_outcome(stream) if i in chance_steps else record.move
        assert move == record.move
        again.apply(move)


def test_a_game_without_chance_steps_never_seeds_chance(monkeypatch):
    from engine.players import loop as play_module
    from engine.players.play import play_seeded
    from engine.registry import get_game

    monkeypatch.setattr(play_module, "Rng", lambda seed: pytest.fail("chance was seeded"))
    play_seeded(get_game("kendra-kari", players=4), 3, "random")  # stock-out=end: no chance after the deal


def test_recorded_chance_makes_the_recorded_moves_while_they_fit():
    """A transcript's chance moves are made again as written; one that does not fit ends the recording
    and chance draws from its stream from there."""
    from engine.families.stakes import Draw
    from engine.players.play import Chance, RecordedChance, play_seeded
    from engine.protocol import CHANCE
    from engine.registry import get_game

    game = get_game("sama", players=3, rounds=2)
    first = play_seeded(game, 5, "heuristic")
    recorded = [r.move for r in first.history if r.player == CHANCE]
    other = play_seeded(game, 5, "heuristic", chance=RecordedChance(99, recorded))
    assert other.history == first.history  # another seed's stream, the same game: the moves were recorded
    bad = Draw(tuple(first.game.deck.cards[:1]))  # a card that is in a hand, not in the pack
    fell_back = play_seeded(game, 5, "heuristic", chance=RecordedChance(5, [bad]))
    assert fell_back.history == play_seeded(game, 5, "heuristic", chance=Chance(5)).history
