"""Naqsh positions as text: every position play can reach, the end of a hand included, reads back as
written (issue 18), and bad text is refused with a NotationError naming the token."""

from __future__ import annotations

import itertools

import pytest

from engine.errors import NotationError
from engine.games.naqsh import Naqsh
from engine.players.play import play_seeded

GAMES = [Naqsh(players=n, pack=pack, dealer_fails=rule)
         for n, pack, rule in itertools.product((2, 5, 6, 7), ("naqsh", "french", "mughal"),
                                                ("pay-standing", "pay-higher", "nothing"))]


def reads_back(game, state) -> None:
    text = state.position()
    again = game.position(text)
    assert again.position() == text, text
    assert again.current_player == state.current_player and again.legal_moves() == state.legal_moves(), text
    assert again.hands == state.hands and again.stock == state.stock
    if state.current_player is None:
        assert again.result() == state.result() and again.payments() == state.payments(), text
        assert again.next_dealer_seat() == state.next_dealer_seat()
    else:
        assert [again.status(s) for s in range(game.players)] == [state.status(s) for s in range(game.players)]


@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_every_position_of_many_seeded_hands_reads_back_the_end_included(bots):
    ends = set()
    for k, game in enumerate(GAMES):
        for seed in range(12):
            start = game.start(1000 * k + seed)
            reads_back(game, start)
            final = play_seeded(game, 1000 * k + seed, bots, on_step=lambda state, record: reads_back(game, state))
            assert final.current_player is None
            reads_back(game, final)  # the end of the hand, once more
            ends.add(final.result().clause)
    assert ends == {"nq.player-naqsh", "nq.dealer-naqsh", "nq.dealer-fails"}


@pytest.mark.parametrize("text, clause", [
    ("P1=10N1 5N2 stood; P2=3N1 9N3 5N4; P3=MN3; P4=2N2; turn=-", "nq.player-naqsh"),
    ("P1=10N1 5N2 stood; P2=3N1 9N3 10N4; P3=MN3 4N1 threw; P4=2N2 MN2 3N3; turn=-", "nq.dealer-naqsh"),
    ("P1=10N1 5N2 stood; P2=3N1 9N3 10N4; P3=MN3 4N1 threw; P4=2N2 MN2 1N3 stood; turn=-", "nq.dealer-fails"),
    ("P1=10N1 5N2 stood; P2=3N1 9N3 10N4; P3=MN3 4N1 threw; P4=2N2 MN2 4N3; turn=-", "nq.dealer-fails"),
])
def test_the_end_of_a_hand_is_written_turn_dash(text, clause):
    state = Naqsh(players=4).position(text)
    assert state.current_player is None and state.result().clause == clause and state.legal_moves() == []
    assert state.position().startswith(text)


@pytest.mark.parametrize("text, token", [
    ("P1=10N1; P2=5N3; P3=MN1; P4=2N2; turn=P1⁰", "P1⁰"),  # a digit str.isdigit accepts and int refuses
    ("P1=10N1; P2=5N3; P3=MN1; P4=2N2; turn=P²", "P²"),
    ("P1=10N1; P2=5N3; P3=MN1; P4=2N2; turn=P01", "P01"),
    ("P1=10N1; P2=5N3; P3=MN1; P4=2N2; turn=P5", "P5"),
    # the hand is not over: nobody made Naqsh and the dealer has not finished
    ("P1=10N1 5N2 stood; P2=3N1 9N3 10N4; P3=MN3 4N1 threw; P4=2N2 MN2; turn=-", "P4"),
    ("P1=10N1 5N2 stood; P2=3N1 9N3 10N4; P3=MN3 4N1 threw; P4=2N2; turn=-", "P4"),
    # a Naqsh that ended the hand takes no word, and the hands after it have not played
    ("P1=10N1 5N2 stood; P2=3N1 9N3 5N4 stood; P3=MN3; P4=2N2; turn=-", "stood"),
    ("P1=10N1 5N2 stood; P2=3N1 9N3 5N4; P3=MN3 1N1; P4=2N2; turn=-", "P3"),
    # a hand in play that is over already points to turn=-
    ("P1=10N1 7N2; P2=5N3; P3=MN1; P4=2N2; turn=P1", "P1"),
])
def test_bad_positions_are_notation_errors_naming_the_token(text, token):
    with pytest.raises(NotationError) as err:
        Naqsh(players=4).position(text)
    assert err.value.token == token
    assert "\n" not in err.value.described()
