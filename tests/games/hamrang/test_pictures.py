"""Hamrang's picture: a player who is out has laid their cards face down before them [hr.out], so the book
draws them as it draws every card lying face down (the back's dark rim round the face); a player still in
holds a hand."""

from __future__ import annotations

from engine import get_game
from engine.draw.svg import document, to_string

HR = get_game("hamrang")


def test_an_out_player_s_cards_are_drawn_lying_face_down():
    state = HR.position("P1=VSh 4Sh VTa 3Ta; P2=RSh 3Sh 5Ta 4Ta; P3=9Su 1Su 2Gh 8Gh; P4=6Ta 6Su 2Sh 7Sh; "
                        "tricks=4 4 2 0; turn=P1")
    svg = to_string(document(HR.draw_state(state, names=["Asha", "Bela", "Chitra", "Dev"])))
    seats = svg.split('data-seat="')[1:]
    lying = [part.split('data-seat="')[0].count("face-down-shown") for part in seats]
    assert lying == [0, 0, 4, 4]  # Chitra and Dev are out, four cards each
