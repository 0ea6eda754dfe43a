"""Guru Ganjifa positions as text: face-up packets recorded, repr pasteable, bad parts named."""

import pytest


from engine.decks import Ranking  # noqa: F401  (the repr of a game names it)
from engine.errors import NotationError
from engine.games.guru_ganjifa import GuruGanjifa  # noqa: F401
from engine.registry import get_game
from engine.shuffle import Rng
from tests.hand_set import hand_set


def _positions(game, seed, every=7):
    """States along one seeded random game, every few moves."""
    rng = Rng(f"positions/{seed}")
    state = game.start(seed)
    n = 0
    while not state.is_terminal():
        if n % every == 0:
            yield state
        moves = state.legal_moves()
        state.apply(moves[rng.below(len(moves))])
        n += 1


@pytest.mark.parametrize("players", [3, 4])
def test_face_up_cards_survive_the_position_text(players):
    game = get_game("guru-ganjifa", players=players, face_up_batches=True)
    checked = 0
    for seed in range(6):
        for state in _positions(game, seed):
            text = state.position()
            again = game.position(text)
            assert again.position() == text
            for seat in range(players):
                assert again.view(seat).face_up == state.view(seat).face_up
            checked += 1
    assert checked > 50
    start = game.start(0)
    assert "face-up=" in start.position()
    packets = game.batch_sizes()[0] + game.batch_sizes()[-1]  # 4 + 4, or 4 + 2 with four players
    assert sum(len(f) for f in game.position(start.position()).view(0).face_up) == packets * (players - 1)


@pytest.mark.parametrize("options", [{}, {"players": 4, "ranking": "uniform", "time": "night"},
                                     {"direction": "clockwise", "face_up_batches": True}])
def test_repr_is_pasteable(options):
    game = get_game("guru-ganjifa", **options)
    for state in _positions(game, 3, every=19):
        again = eval(repr(state))
        assert again.game == game and again.position() == state.position()
        assert again.legal_moves() == state.legal_moves()


@pytest.mark.parametrize("text, words", [
    ("P1=RRa 5Ma; P2=3Ku 4Ku; P3=9Ka 8Ka; face-up=P2:5Ma", "must be in its player's hand [clause gg.face-up]"),
    ("P1=RRa 5Ma; P2=3Ku 4Ku; P3=9Ka 8Ka; face-up=P9:5Ma", "a player is P1..P3"),
    ("P1=RRa 5Ma; P2=3Ku 4Ku; P3=9Ka 8Ka; faceup=P1:5Ma", "parts are P1.., won, exposed, face-up"),
])
def test_bad_face_up_parts_are_named(text, words):
    game = get_game("guru-ganjifa", face_up_batches=True)
    with pytest.raises(NotationError) as info:
        hand_set(game, text)  # an opening of two cards a hand: the parts are read before the deal is judged
    assert words in str(info.value)


def test_reachable_positions_only():
    gg = get_game("guru-ganjifa", players=3)
    with pytest.raises(NotationError) as info:  # the opening is played from the hands as dealt
        gg.position("P1=RRa 5Ma; P2=3Ku 4Ku; P3=9Ka 8Ka; stage=opening")
    assert info.value.clause == "gg.deal" and "40 cards each with 3 players" in str(info.value)
    with pytest.raises(NotationError) as info:  # every card played has been won, one from each player a trick
        gg.position("P1=RRa; P2=3Ku; P3=5Ma; won=P1:50 P3:7; lead=P1; stage=start")
    assert info.value.clause == "gg.trick" and "must add up to 117" in str(info.value)
    state = gg.position("P1=RRa; P2=3Ku; P3=5Ma; lead=P2; stage=start")  # left out: shared evenly from the leader
    assert [len(w) for w in state.won] == [39, 39, 39] and not state.out
    assert gg.position(state.position()).position() == state.position()
