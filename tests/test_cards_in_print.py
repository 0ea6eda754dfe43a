"""Cards read in print (issue 41): a card's suit sign prints large enough to read, and a card lying face down
shows a back that no face looks like, not even a dark suit's (Safed, drawn near black).

Sizes are measured in the SVG as the book prints it: 1 px is 1/96 inch unless the picture is shrunk to its
print box (read from book/static/print.css, as in tests/test_draw.py). A sign is drawn in a 20-unit box
scaled by its ``scale(...)``; its printed height is that box's."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from engine import DECKS, MUGHAL, Card, get_game, parse_cards
from engine.draw import card_svg, deck_sheet_svg, hand_svg, state_svg, to_string
from engine.draw.cards import BACK_GROUND, BACK_LINES, MIN_SIGN_MM, SIGN_CARD, face_layout
from engine.draw.svg import document
from engine.players.play import Chance
from engine.protocol import CHANCE
from tests.test_draw import MM_PER_PX, _css_mm, print_boxes, print_scale

NS = "{http://www.w3.org/2000/svg}"
C = Card.parse
SAFED = MUGHAL.suit("Safed")


def parse(svg) -> ET.Element:
    return ET.fromstring(to_string(svg))


def classes(node) -> list[str]:
    return (node.get("class") or "").split()


def sign_heights_mm(root: ET.Element, scale: float = 1.0) -> list[float]:
    """The printed height of every suit sign in the picture, in mm, the picture shrunk by ``scale``."""
    out = []
    for g in root.iter(NS + "g"):
        if classes(g) == ["sign"]:
            k = float(re.search(r"scale\(([\d.]+)\)", g.get("transform")).group(1))
            out.append(20 * k * scale * MM_PER_PX)
    return out


def backs(root) -> list[ET.Element]:
    return [g for g in root.iter(NS + "g") if "back" in classes(g)]


def lattices(node) -> list[ET.Element]:
    return [p for p in node.iter(NS + "path") if "lattice" in classes(p)]


def faces(root) -> list[ET.Element]:
    """Every card drawn face up: a card group that is neither a back nor a face lying face down."""
    return [g for g in root.iter(NS + "g") if classes(g) == ["card"]]


# -- the sign -------------------------------------------------------------------------------------------------

def test_the_decks_pages_print_every_sign_at_least_2_5_mm():
    """The decks chapter's pictures (one suit's twelve cards at a time, p. 17 of the first A5 book) printed
    every sign about 1.2 mm tall; now at least MIN_SIGN_MM."""
    box = (print_boxes()["state"][0], _css_mm(r"\nsvg, img \{[^}]*max-height: ([\d.]+)mm"))
    for deck in DECKS.values():
        for suit in deck.suits:
            root = parse(deck_sheet_svg(deck, suit))
            heights = sign_heights_mm(root, print_scale(root, box))
            if suit.sign == "none":
                assert not heights, suit  # the Naqsh pack's sets have no sign to draw
                continue
            assert len(heights) == 12, suit
            assert min(heights) >= MIN_SIGN_MM, f"{deck.name} {suit.name}: a sign prints {min(heights):.2f} mm tall"


@pytest.mark.parametrize("size", [SIGN_CARD, 48, 52, 56, 64])
def test_every_card_of_44_px_or_more_prints_its_sign_at_least_2_5_mm(size):
    for deck in DECKS.values():
        for card in deck.cards:
            heights = sign_heights_mm(parse(card_svg(card, size=size)))
            assert len(heights) == (card.suit.sign != "none"), card
            assert all(h >= MIN_SIGN_MM for h in heights), (card, size, heights)


def test_the_sign_grows_as_the_card_does_and_never_vanishes():
    sizes = [32, 36, 38, 40, 44, 48, 56, 64]
    signs = [face_layout(s).sign for s in sizes]
    assert signs == sorted(signs) and signs[0] > 2  # a 32 px card keeps a mark (its 8 pt labels fill the rest)


def test_the_dealer_games_face_up_cards_print_their_signs_at_least_2_5_mm():
    """The dealer games' tables (Komi, Nakash, Sama, Naqsh) draw hands at 48 px: a face-up card prints its sign
    2.5 mm tall or more; a card lying face down, its face smaller on the back, at least 1.6 mm (0.8 mm before)."""
    for name in ("komi", "nakash", "sama", "naqsh"):
        game = get_game(name)
        state, chance = game.new_game(game.deal(3)), Chance(3)
        for _ in range(12):
            if state.is_terminal():
                break
            root = parse(state_svg(state, names=["Asha", "Bela", "Chitra", "Dev", "Esha", "Farid", "Gopal"]))
            scale = print_scale(root, print_boxes()["position"])
            lying = {id(n) for g in root.iter(NS + "g") if "face-down-shown" in classes(g) for n in g.iter()}
            up = [g for g in faces(root) if id(g) not in lying]
            down = [g for g in faces(root) if id(g) in lying]
            assert all(min(sign_heights_mm(g, scale) or [9]) >= MIN_SIGN_MM for g in up), name
            assert all(min(sign_heights_mm(g, scale) or [9]) >= 1.6 for g in down), name
            state.apply(chance.outcome(state) if state.current_player == CHANCE else state.legal_moves()[0])


# -- the back -------------------------------------------------------------------------------------------------

def _luminance(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_a_back_is_a_pale_latticed_disc_with_nothing_written_on_it():
    root = parse(card_svg(None, size=48))
    disc = root.find(f".//{NS}circle")
    assert disc.get("fill") == BACK_GROUND and _luminance(BACK_GROUND) > 0.8  # not a dark fill
    assert len(lattices(root)) == 1 and lattices(root)[0].get("d").count("M") >= 8  # a pattern, not a plain disc
    assert not list(root.iter(NS + "text")) and not sign_heights_mm(root)


def test_every_face_down_card_shows_the_back_and_no_face_up_card_does():
    for deck in DECKS.values():
        for card in deck.cards:
            face, down = parse(card_svg(card)), parse(card_svg(card, face_down=True))
            assert not lattices(face) and not backs(face), card
            assert len(backs(down)) == 1 and lattices(down), card
            assert to_string(down) == to_string(card_svg(None))  # the back hides which card it is


def test_a_dark_suit_s_face_is_nothing_like_the_back():
    """A Safed card (the Mughal deck's white suit, drawn near black) read as face down beside the old dark
    back (Komi and Sama, issue 41). Its face is a tinted disc ringed in its colour, with its rank, code and
    sign; the back is a pale disc ringed and latticed in slate, with nothing on it."""
    for card in (C("8Sa"), C("RSa"), C("9Ka")):
        root = parse(card_svg(card, size=48))
        disc = root.find(f".//{NS}circle")
        assert disc.get("stroke") == card.suit.colour != BACK_LINES
        assert disc.get("fill") != BACK_GROUND and not lattices(root)
        assert [t.text for t in root.iter(NS + "text")] and sign_heights_mm(root)
    assert to_string(card_svg(C("8Sa"), size=48)) != to_string(card_svg(None, size=48))


def test_a_card_lying_face_down_shows_its_face_on_the_lattice_and_the_key_says_so():
    """In Nakash every card lies face down before its holder until it is shown; the book shows its face, on the
    card's back. (Komi's hands are drawn only from the show: its bets come before the deal.)"""
    game = get_game("nakash", players=4, first_dealer="player-1")  # (no chance step before the deal)
    state = game.new_game(game.deal(1))
    assert state.cards_dealt() and all(state.hands)
    root = parse(state_svg(state, names=["Asha", "Bela", "Chitra", "Dev"]))
    lying = [g for g in root.iter(NS + "g") if "face-down-shown" in classes(g)]
    assert lying and len(lying) == sum(len(h) for h in state.hands)
    assert all(lattices(g) and len(faces(g)) == 1 for g in lying)
    assert "A card on a latticed back lies face down on the table." in [t.text for t in root.iter(NS + "text")]
    # a Safed card held face up (Sama's third card) is drawn as a face, with no lattice
    held = parse(hand_svg(parse_cards("8Sa RSa 3Sa"), size=48))
    assert not lattices(held) and len(faces(held)) == 3


# -- cards the text says lie face down ---------------------------------------------------------------------------

def test_hamrang_s_out_players_cards_are_drawn_face_down_in_the_book():
    game = get_game("hamrang")
    state = game.position("P1=VSh 4Sh VTa 3Ta; P2=RSh 3Sh 5Ta 4Ta; P3=9Su 1Su 2Gh 8Gh; P4=6Ta 6Su 2Sh 7Sh; "
                          "tricks=4 4 2 0; turn=P1")
    root = parse(document(game.draw_state(state, names=["Asha", "Bela", "Chitra", "Dev"])))
    seats = [g for g in root.iter(NS + "g") if "seat" in classes(g)]
    assert [len(backs(s)) for s in seats] == [0, 0, 4, 4]  # Chitra and Dev are out
    assert [len(faces(s)) for s in seats] == [4, 4, 0, 0]
    text = to_string(root)
    assert "9 of Surkh" not in text and "6 of Taj" not in text  # their cards are not named either


def shown_down(root) -> list[ET.Element]:
    """The cards lying face down drawn as the book's reader sees them: the face, smaller, on the back."""
    return [g for g in root.iter(NS + "g") if "face-down-shown" in classes(g)]


def face_up(root) -> int:
    """How many cards lie face up: the faces, less the ones drawn on a card lying face down."""
    return len(faces(root)) - sum(len(faces(g)) for g in shown_down(root))


def test_traditional_ganjifa_s_face_down_lead_is_drawn_face_down_and_named_in_the_caption():
    """The book's picture shows the card led face down as lying face down, its face on the back (How to use this
    book: the reader may follow it), and names it; a seat that did not lead it sees its back."""
    from tests.games.traditional_ganjifa.test_pictures import AFTER_TALAFA, NAMES, TG

    state = TG.position(AFTER_TALAFA)  # the last trick: Bela led the 3 of Varaha face down
    root = parse(document(TG.draw_state(state, names=NAMES)))
    trick = next(g for g in root.iter(NS + "g") if "trick-table" in classes(g))
    assert not backs(trick) and len(shown_down(trick)) == 1 and face_up(trick) == 2
    other = parse(document(TG.draw_state(state, viewer=2, names=NAMES)))
    trick = next(g for g in other.iter(NS + "g") if "trick-table" in classes(g))
    assert len(backs(trick)) == 1 and len(faces(trick)) == 2
    assert "Bela led the 3 of Varaha face down" in root.get("aria-label")
    # the trick in progress, just after the lead
    led = TG.position(AFTER_TALAFA.rsplit(", add 4Pa", 1)[0])
    pic = TG.draw_state(led, names=NAMES)
    trick = next(g for g in parse(document(pic)).iter(NS + "g") if "trick-table" in classes(g))
    assert not backs(trick) and len(shown_down(trick)) == 1 and not face_up(trick)
    assert "(the 3 of Varaha; only Bela knows it)" in pic.alt
    own = parse(document(TG.draw_state(led, viewer=1, names=NAMES)))  # Bela knows her own card
    trick = next(g for g in own.iter(NS + "g") if "trick-table" in classes(g))
    assert not backs(trick) and len(faces(trick)) == 1


def test_a_card_led_face_down_is_drawn_for_the_reader_with_its_face_and_for_a_seat_as_a_back():
    """Traditional Ganjifa p. 245 (the eleventh reading): the book's caption named the card Bela led face down
    ("only Bela saw it") but drew a plain back, against How to use this book ("its face is shown inside the
    back's ring"). The book's picture (no viewer) draws its face on the back; another seat's view, a back."""
    from engine import get_game
    from engine.draw import state_svg, to_string

    game = get_game("traditional-ganjifa")
    state = game.position("P1=9Kr 3Kr 2Ma 4Vr 3Pa 1Pa; P2=RKr 4Ma 2Ku 3Vr 5Pa 2Pa; P3=10Kr 5Ma 6Ku 1Vr 7Pa 4Pa; "
                          "lead=P1; lost=P1 P2 P3; moves=natavani 3Kr, add RKr, add 5Ma, utari 2Ku, add 6Ku, add 4Vr, "
                          "talafa 3Vr as Ma, add 4Pa, add 2Ma")
    book = ET.fromstring(to_string(state_svg(state, names=["Asha", "Bela", "Chitra"])))
    shown = [g for g in book.iter(NS + "g") if "face-down-shown" in classes(g)]
    assert len(shown) == 1 and "3 of Varaha" in to_string(state_svg(state, names=["Asha", "Bela", "Chitra"]))
    seat = to_string(state_svg(state, viewer=2, names=["Asha", "Bela", "Chitra"]))
    assert "face-down-shown" not in seat and "3 of Varaha" not in seat
