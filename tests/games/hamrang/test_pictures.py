"""Hamrang's picture: a player who is out has laid their cards face down before them [hr.out], and the
picture says so on the seat's name line and in its text; a player still in holds a hand."""

from __future__ import annotations

from engine import get_game
from engine.draw.svg import document, to_string

HR = get_game("hamrang")


def test_an_out_player_s_cards_are_said_to_lie_face_down():
    state = HR.position("P1=VSh 4Sh VTa 3Ta; P2=RSh 3Sh 5Ta 4Ta; P3=9Su 1Su 2Gh 8Gh; P4=6Ta 6Su 2Sh 7Sh; "
                        "tricks=4 4 2 0; turn=P1")
    picture = HR.draw_state(state, names=["Asha", "Bela", "Chitra", "Dev"])
    svg = to_string(document(picture))
    seats = [part.split('data-seat="')[0] for part in svg.split('data-seat="')[1:]]
    assert ["out: cards face down" in seat for seat in seats] == [False, False, True, True]
    assert "Chitra (out, cards face down)" in picture.alt and "Asha (out" not in picture.alt
