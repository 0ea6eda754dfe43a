"""Traditional Ganjifa's table picture: a card led face down is said to be face down, with the suit it named,
and only its leader sees which card it is."""

from __future__ import annotations

from engine import get_game
from engine.draw.svg import document, to_string

TG = get_game("traditional-ganjifa", rounds=1)
NAMES = ["Asha", "Bela", "Chitra"]
# after the tigasta Bela leads the 3 of Varaha face down as a talafa naming Matsya, and Asha's 2 of Matsya wins
AFTER_TALAFA = ("P1=9Kr 3Kr 2Ma 4Vr 3Pa 1Pa; P2=RKr 4Ma 2Ku 3Vr 5Pa 2Pa; P3=10Kr 5Ma 6Ku 1Vr 7Pa 4Pa; lead=P1; "
                "lost=P1 P2 P3; moves=natavani 3Kr, add RKr, add 5Ma, utari 2Ku, add 6Ku, add 4Vr, "
                "talafa 3Vr as Ma, add 4Pa, add 2Ma")


def test_the_last_trick_says_which_card_was_led_face_down_and_the_suit_it_named():
    state = TG.position(AFTER_TALAFA)
    book = TG.draw_state(state, names=NAMES)
    assert "Bela led the 3 of Varaha face down, naming Matsya: only Bela saw it" in book.alt


def test_a_card_led_face_down_stays_hidden_from_the_others_in_their_picture():
    state = TG.position(AFTER_TALAFA)
    for viewer in (0, 2):
        pic = TG.draw_state(state, viewer=viewer, names=NAMES)
        assert "Bela led a card face down, naming Matsya" in pic.alt
        svg = to_string(document(pic))
        assert "3 of Varaha" not in pic.alt and "3 of Varaha" not in svg and "3Vr" not in svg
        assert "Bela leads a card face down" in pic.alt
    own = TG.draw_state(state, viewer=1, names=NAMES)
    assert "Bela led the 3 of Varaha face down" in own.alt
