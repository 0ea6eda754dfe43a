"""Pictures: deterministic, valid SVG with alt text; every card of every deck draws; layouts hold."""

import re
import xml.etree.ElementTree as ET
from types import SimpleNamespace

import pytest

from engine import DASHAVATARA, DECKS, MUGHAL, NAQSH, Card, Ranking, parse_cards
from engine.draw import card_svg, deck_sheet_svg, hand_svg, state_svg, to_string, trick_svg
from engine.games.kendra_kari import KendraKari
from engine.games.kendra_kari.pictures import ring_svg
from engine.protocol import Game
from engine.draw.cards import MIN_CARD, PEEK, card_label, card_name, rank_label, suit_label
from engine.draw.layouts import rows_of
from engine.draw.svg import num

NS = "{http://www.w3.org/2000/svg}"
C = Card.parse


def parse(svg) -> ET.Element:
    """Serialise and read back: the output must be well-formed XML in the SVG namespace."""
    root = ET.fromstring(to_string(svg))
    assert root.tag == NS + "svg"
    return root


def texts(root) -> list[str]:
    return [t.text for t in root.iter(NS + "text")]


def groups(root, cls) -> list[ET.Element]:
    return [g for g in root.iter() if cls in (g.get("class") or "").split()]


def check_top_level(root, *names):
    for attr in ("viewBox", "width", "height", "aria-label"):
        assert root.get(attr), attr
    assert root.get("role") == "img"
    w, h = float(root.get("width")), float(root.get("height"))
    assert root.get("viewBox") == f"0 0 {num(w)} {num(h)}"
    title = root.find(NS + "title")
    assert title is not None and title.text == root.get("aria-label")
    for name in names:
        assert name in title.text, name


TOPS = [C("7Sh"), C("RTa"), C("3Ta"), None, None, None, C("7Ba")]


def every_picture():
    yield card_svg(C("RSh"))
    yield card_svg(C("RSh"), face_down=True, highlight=True)
    yield hand_svg(parse_cards("RSh VSh 10Sh 1Su 7Ta VGh 3Ch 9Qi 2Ba 5Sa"), label="North", highlight=[C("10Sh")])
    yield trick_svg([("Ali", C("7Ta")), ("Bina", C("RTa"))], winner="Bina")
    yield ring_svg(TOPS, last=3, highlight=(1, 4), caption="After three plays")
    yield deck_sheet_svg(MUGHAL)
    yield deck_sheet_svg(DASHAVATARA, "Rama", ranking=Ranking.UNIFORM)


@pytest.mark.parametrize("index", range(7))
def test_deterministic_valid_and_described(index):
    first = to_string(list(every_picture())[index])
    second = to_string(list(every_picture())[index])
    assert first == second
    root = parse(ET.fromstring(first))
    check_top_level(root)
    assert "id=" not in first and "nan" not in first
    # numbers carry at most two decimals
    assert not re.search(r"\d\.\d{3,}", first)


def test_card_face_and_alt_text():
    root = parse(card_svg(C("VTa"), size=56))
    check_top_level(root, "Vizier of Taj")
    assert (root.get("width"), root.get("height")) == ("56", "56")
    assert texts(root) == ["V", "Ta"]
    assert groups(root, "court") and not groups(root, "weak")
    assert groups(parse(card_svg(C("3Su"))), "weak")  # weak-group pips are marked
    assert not groups(parse(card_svg(C("3Sh"))), "weak")
    assert groups(parse(card_svg(C("3Sh"), highlight=True)), "halo")
    assert not groups(root, "halo")


def test_face_down_hides_the_card():
    text = to_string(card_svg(C("RSh"), face_down=True))
    root = parse(card_svg(C("RSh"), face_down=True))
    assert texts(root) == []
    assert "Raja" not in text and "Shamsher" not in text and "Sham" not in text
    check_top_level(root, "face-down")
    # a back looks the same whatever card it hides
    assert text == to_string(card_svg(C("1Ba"), face_down=True)) == to_string(card_svg(None))


@pytest.mark.parametrize("deck_key", list(DECKS))
def test_every_card_of_every_deck_draws(deck_key):
    deck = DECKS[deck_key]
    for card in deck.cards:
        root = parse(card_svg(card))
        labels = texts(root)
        assert labels == [rank_label(card)] + [card_label(card.suit)] * bool(card_label(card.suit)), card
        assert root.get("aria-label") == deck.card_name(card)
        circles = list(root.iter(NS + "circle"))
        assert circles[0].get("stroke") == card.suit.colour  # the suit-coloured ring
    # the short labels tell the suits of a deck apart; a pack whose suits play no part (Naqsh) tells its sets
    # apart by colour alone
    if any(card_label(s) for s in deck.suits):
        assert len({card_label(s) for s in deck.suits}) == len({suit_label(s) for s in deck.suits}) == len(deck.suits)
    else:
        assert len({s.colour for s in deck.suits}) == len({suit_label(s) for s in deck.suits}) == len(deck.suits)



@pytest.mark.parametrize("deck_key", list(DECKS))
def test_no_sign_is_scaled_to_nothing(deck_key):
    """A face too small for its sign (a card lying face down, shown to the reader small inside its back) draws
    no sign: one scaled to 0 is drawn huge by WeasyPrint, a brown blob over the card's rim (Traditional
    Ganjifa's face-down 3 of Varaha, the eighteenth reading)."""
    from engine.draw.cards import card_picture
    from engine.draw.svg import document

    for card in DECKS[deck_key].cards:
        for size in (MIN_CARD, 36, 44, 56):
            for peek in (False, True):
                root = parse(document(card_picture(card, size=size, peek=peek)))
                for sign in root.iter(NS + "g"):
                    found = re.search(r"scale\(([^)]*)\)", sign.get("transform") or "")
                    if sign.get("class") == "sign":
                        assert found and float(found.group(1)) > 0, (card, size, peek, sign.get("transform"))


def test_labels():
    assert [rank_label(C(t)) for t in ("RSh", "VSh", "10Sh", "MKr", "GN1", "MN2")] == ["R", "V", "10", "M", "G", "M"]
    assert suit_label(MUGHAL.suit("Shamsher")) == "Shams" and suit_label(MUGHAL.suit("Qimash")) == "Qimash"
    assert suit_label(NAQSH.suits[2]) == "Suit 3"
    assert card_name(C("MKr")) == "Mantri of Krishna"


def test_hand_wraps_into_even_rows():
    assert rows_of(8, 8) == [8] and rows_of(9, 8) == [5, 4] and rows_of(17, 8) == [6, 6, 5]
    cards = MUGHAL.cards[:12]
    root = parse(hand_svg(cards, size=56))
    check_top_level(root, *(MUGHAL.card_name(c) for c in cards))
    tops = sorted({_centre_of(g)[1] for g in groups(root, "card")})
    assert len(groups(root, "card")) == 12 and tops == [0, 59]
    # two rows of six: the svg is six cards wide and two cards high
    assert float(root.get("width")) == 6 * 56 + 5 * 3
    assert float(root.get("height")) == 2 * 56 + 3
    row8 = parse(hand_svg(cards[:8]))
    assert float(row8.get("width")) == 8 * 56 + 7 * 3 and float(row8.get("height")) == 56
    assert float(parse(hand_svg(cards, per_row=4)).get("height")) == 3 * 56 + 2 * 3


def test_hand_label_highlight_and_empty():
    root = parse(hand_svg(parse_cards("RSh 1Ta"), label="Player 2", highlight=parse_cards("1Ta")))
    check_top_level(root, "Player 2: Raja of Shamsher, 1 of Taj")
    assert "Player 2" in texts(root)
    assert len(groups(root, "halo")) == 1
    empty = parse(hand_svg([], label="Player 1"))
    check_top_level(empty, "Player 1: no cards")
    assert groups(empty, "empty")


def test_trick_names_players_and_winner():
    plays = [("Ali", C("7Ta")), ("Bina", C("RTa")), ("Chand", C("2Sh"))]
    root = parse(trick_svg(plays, winner=1))
    check_top_level(root, "Ali 7 of Taj", "Bina Raja of Taj", "Chand 2 of Shamsher", "Bina wins")
    assert [t for t in texts(root) if t in ("Ali", "Bina", "Chand", "wins")] == ["Ali", "Bina", "wins", "Chand"]
    assert len(groups(root, "halo")) == 1
    assert to_string(trick_svg(plays, winner="Bina")) == to_string(trick_svg(plays, winner=1))


def test_ring_positions_pairs_and_alt():
    root = parse(ring_svg(TOPS, last=3, highlight=(1,)))
    positions = groups(root, "position")
    assert [g.get("data-position") for g in positions] == [str(p) for p in range(1, 8)]
    pairs = groups(root, "pair")
    assert sorted(p.get("data-pair") for p in pairs) == ["1-4", "2-5", "3-6"]
    # every position carries its number, empty or not
    for g in positions:
        assert g.get("data-position") in texts(g)
    assert [bool(groups(g, "empty")) for g in positions] == [t is None for t in TOPS]
    check_top_level(root, "Position 1 7 of Shamsher", "Position 2 Raja of Taj", "Position 4 empty",
                    "Position 7 (centre) 7 of Barat", "last card is on Position 3", "goes to Position 4")
    # the last card glows amber, the highlighted one blue; an arrow points to the next position
    halos = {g.get("data-position"): [h.get("fill") for h in groups(g, "halo")] for g in positions}
    assert halos["3"] == ["#f2a900"] and halos["1"] == ["#1f6fd1"] and halos["2"] == []
    assert [g.get("data-next") for g in groups(root, "next")] == ["4"]
    assert not groups(parse(ring_svg(TOPS)), "next")
    assert [g.get("data-next") for g in groups(parse(ring_svg(TOPS, last=7)), "next")] == ["1"]
    assert [g.get("data-next") for g in groups(parse(ring_svg(TOPS, last=6)), "next")] == ["1"]


def _centre_of(card_group):
    x, y = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", card_group.get("transform", "translate(0 0)")).groups()
    return float(x), float(y)


def _centre(position_group):
    return _centre_of(position_group.find(NS + "g"))


def test_ring_direction_mirrors():
    full = list(MUGHAL.cards[:7])
    cw = {g.get("data-position"): _centre(g) for g in groups(parse(ring_svg(full)), "position")}
    acw = {g.get("data-position"): _centre(g) for g in groups(parse(ring_svg(full, direction="anticlockwise")), "position")}
    card = 300 * 0.22
    assert cw["1"] == acw["1"] and cw["4"] == acw["4"] and cw["7"] == acw["7"]
    assert cw["1"][1] < cw["7"][1] < cw["4"][1]  # 1 at the top, 4 at the bottom
    assert cw["2"][0] > cw["7"][0] and acw["2"][0] < acw["7"][0]  # 2 to the right clockwise, left otherwise
    assert abs(cw["2"][0] + acw["2"][0] - (300 - card)) < 0.02  # mirror images
    assert "numbered anticlockwise" in parse(ring_svg(full, direction="anticlockwise")).get("aria-label")


def test_to_string_of_a_parsed_tree_keeps_the_default_namespace():
    text = to_string(card_svg(C("RSh")))
    assert to_string(ET.fromstring(text)) == text


def test_ring_rejects_bad_data():
    with pytest.raises(ValueError, match="7 positions"):
        ring_svg(TOPS[:6])
    with pytest.raises(ValueError, match="direction"):
        ring_svg(TOPS, direction="widdershins")
    with pytest.raises(ValueError, match="last"):
        ring_svg(TOPS, last=8)


def test_ring_caption_and_size():
    root = parse(ring_svg(TOPS, size=240, caption="After three plays"))
    assert root.get("width") == "240" and float(root.get("height")) > 240
    assert "After three plays" in texts(root)
    assert root.get("aria-label").endswith("After three plays")


def test_deck_sheet_orders_high_to_low():
    root = parse(deck_sheet_svg(MUGHAL, "Surkh"))
    check_top_level(root, "Surkh")
    assert [t for t in texts(root) if t != "Su"][1:] == ["R", "V"] + [str(i) for i in range(1, 11)]
    uniform = parse(deck_sheet_svg(MUGHAL, MUGHAL.suit("Surkh"), ranking=Ranking.UNIFORM))
    ranks = [t for t in texts(uniform)[1:] if t != "Su"]
    assert ranks == ["R", "V"] + [str(i) for i in range(10, 0, -1)]
    whole = parse(deck_sheet_svg(DASHAVATARA))
    assert len(groups(whole, "card")) == 120
    check_top_level(whole, *(DASHAVATARA.card_name(c) for c in DASHAVATARA.cards))
    assert float(whole.get("width")) <= 470  # fits the A5 text width


def fake_kendra_kari(current=0):
    game = KendraKari(players=3)
    return SimpleNamespace(game=game, ring_tops=lambda: list(TOPS), last_position=3,
                           hands=[parse_cards("1Sa 2Sa"), parse_cards("RGh"), parse_cards("5Ch 6Ch 7Ch")],
                           stock=list(MUGHAL.cards[:40]), current_player=current)


def test_state_svg_kendra_kari_hides_other_hands():
    state = fake_kendra_kari(current=1)
    everyone = parse(state_svg(state))
    check_top_level(everyone, "Position 3 3 of Taj", "stock: 40 cards", "Player 2 (to play): Raja of Ghulam",
                    "Player 3: 5 of Chang, 6 of Chang, 7 of Chang")
    assert len(groups(everyone, "position")) == 7
    seen = parse(state_svg(state, viewer=0))
    label = seen.get("aria-label")
    assert "Player 1: 1 of Safed, 2 of Safed" in label
    assert "Ghulam" not in label and "Chang" not in label
    assert "Player 3: 3 face-down cards" in label
    assert "Ghulam" not in to_string(seen) and "Chang" not in to_string(seen)
    assert len(groups(seen, "back")) == 1 + 1 + 3  # the stock and the two hidden hands


def test_state_svg_other_games_show_hands():
    plain = SimpleNamespace(draw_state=Game.draw_state, SEAT_CARDS=Game.SEAT_CARDS)  # no picture of its own
    state = SimpleNamespace(game=plain, hands=[parse_cards("RSh"), parse_cards("1Ta")], current_player=0,
                            visible_cards=lambda player: frozenset())
    plain.draw_state = lambda state, **kw: Game.draw_state(plain, state, **kw)
    root = parse(state_svg(state, viewer=1))
    check_top_level(root, "Player 1 (to play): 1 face-down card", "Player 2: 1 of Taj")


def test_trick_table_rows_per_player():
    from engine.draw import trick_table_svg

    rows = [("Ali", parse_cards("RRa 10Ra 9Ra")), ("Bina", parse_cards("1Ma 2Ma 3Ma")), ("Chand", parse_cards("4Ka 5Ka 6Ka"))]
    root = parse(trick_table_svg(rows, winner=0, caption="A combined lead"))
    check_top_level(root, "Ali leads Raja of Rama, 10 of Rama, 9 of Rama", "Chand plays 4 of Kalki", "Ali wins",
                    "A combined lead")
    plays = groups(root, "play")
    assert [g.get("data-player") for g in plays] == ["Ali", "Bina", "Chand"]
    assert [len(groups(g, "card")) for g in plays] == [3, 3, 3]
    assert [len(groups(g, "halo")) for g in plays] == [3, 0, 0]
    assert "leads, wins" in texts(plays[0])
    assert to_string(trick_table_svg(rows, winner="Ali")) == to_string(trick_table_svg(rows, winner=0))


# --- Guru Ganjifa positions -------------------------------------------------------------------

NAMES = ["Asha", "Bela", "Chitra", "Dev"]


def _gg(players=4, **options):
    from engine.games.guru_ganjifa import GuruGanjifa

    return GuruGanjifa(players=players, **options)


def _seats(root):
    return groups(root, "seat")


def test_gg_start_position_shows_every_hand_and_no_trick():
    state = _gg().start(7)
    svg = state_svg(state, names=NAMES)
    root = parse(svg)
    assert not groups(root, "trick-table")
    seats = _seats(root)
    assert [g.get("data-seat") for g in seats] == ["1", "2", "3", "4"]
    assert [len(groups(g, "card")) for g in seats] == [30, 30, 30, 30]
    assert not groups(root, "back")
    assert [("to-play" in g.get("class")) for g in seats] == [s == state.current_player for s in range(4)]
    hand = ", ".join(card_name(c) for c in state.hands[1])
    check_top_level(root, "Guru Ganjifa, 4 players", f"Bela, 0 cards won, 30 in hand: {hand}",
                    f"{NAMES[state.current_player]} (to play)")
    assert "Asha" in texts(root) and "0 cards won" in texts(root)
    # fits the A5 text width without shrinking much; 120 cards in 12 rows
    assert float(root.get("width")) <= 560 and float(root.get("height")) <= 600
    assert to_string(svg) == to_string(state_svg(_gg().start(7), names=NAMES))


def test_gg_completed_trick_shows_cards_and_winner():
    state = _gg().start(7)
    for _ in range(4):  # the opening trick: the Raja and three other cards
        state.apply(state.legal_moves()[0])
    assert not state.trick and state.last_trick is not None
    plays, winner = state.last_trick
    root = parse(state_svg(state, names=NAMES))
    label = root.get("aria-label")
    for seat, card in plays:
        assert card_name(card) in label
    assert f"{NAMES[winner]} wins" in label and f"Trick just played: won by {NAMES[winner]}" in label
    assert f"Trick just played: won by {NAMES[winner]}" in texts(root)
    table = groups(root, "trick-table")[0]
    rows = groups(table, "play")
    assert [g.get("data-player") for g in rows] == [NAMES[s] for s, _ in plays]
    assert [len(groups(g, "halo")) for g in rows] == [1 if s == winner else 0 for s, _ in plays]
    assert "leads, wins" in texts(rows[0])
    assert sum(len(groups(g, "card")) for g in _seats(root)) == 116


def test_gg_trick_in_progress_groups_plays_and_marks_the_seat_to_play():
    from engine.games.guru_ganjifa.pictures import trick_rows

    state = _gg(3).position(
        "P1=2Ma 3Ma 4Ma 5Ma; P2=7Bu MBu 9Ma; P3=8Bu 4Ku; lead=P2; stage=after; "
        "trick=P2:deni 1Bu > MBu, P3:double 10Bu; called=RBu")
    assert trick_rows(state.trick) == [(1, [C("1Bu")]), (2, [C("RBu"), C("10Bu")])]
    root = parse(state_svg(state, names=NAMES))
    rows = groups(groups(root, "trick-table")[0], "play")
    assert [(g.get("data-player"), len(groups(g, "card"))) for g in rows] == [("Bela", 1), ("Chitra", 2),
                                                                             ("Asha", 0)]
    assert "to-play" in rows[2].get("class") and groups(rows[2], "empty")
    assert not groups(root, "winner")
    check_top_level(root, "Bela leads 1 of Buddha; Chitra plays Raja of Buddha, 10 of Buddha; Asha to play",
                    "a Deni, Bela shows the Mantri of Buddha",
                    f"Asha (to play), {len(state.won[0])} cards won, 4 in hand")
    assert len(state.won[0]) == 36  # the 108 cards played before the trick, shared evenly from Bela (gg positions)
    # the shown card lies on the table under Bela's hand, apart from it, with a blue halo and its label (gg.deni)
    bela = _seats(root)[1]
    assert [h.get("fill") for h in groups(bela, "halo")] == ["#1f6fd1"]
    assert "On the table, shown for a Deni:" in texts(bela)
    assert "Bela, 36 cards won, 2 in hand: 9 of Matsya, 7 of Buddha; on the table, shown for a Deni: Mantri of Buddha" \
        in root.get("aria-label")
    assert "shown for a Deni: Mantri of Buddha" in root.get("aria-label")
    assert not groups(_seats(root)[0], "halo")


def test_gg_viewer_sees_backs_except_face_up_and_shown_cards():
    state = _gg().start(7)
    root = parse(state_svg(state, viewer=2, names=NAMES))
    seats = _seats(root)
    assert [len(groups(g, "back")) for g in seats] == [30, 30, 0, 30]
    text = to_string(state_svg(state, viewer=2, names=NAMES))
    for seat in (0, 1, 3):
        for card in state.hands[seat]:
            if card not in state.hands[2]:
                assert card_name(card) not in root.get("aria-label")
    assert "Bela, 0 cards won, 30 in hand: 30 face down" in text
    assert "as Chitra sees it" in root.get("aria-label")
    # face-up batches: the first and last batches of the others show, before their backs
    open_state = _gg(face_up_batches=True).start(7)
    view = open_state.view(0)
    root = parse(state_svg(open_state, viewer=0))
    for seat, g in enumerate(_seats(root)):
        faces = [c for c in groups(g, "card") if "back" not in c.get("class")]
        assert len(faces) == (30 if seat == 0 else len(view.face_up[seat])) > 0
        if seat:
            shown = ", ".join(card_name(c) for c in open_state.hands[seat] if c in view.face_up[seat])
            assert f"Player {seat + 1}, 0 cards won, 30 in hand: {shown}, 24 face down" in root.get("aria-label")
    # a Deni's shown card is public: visible even to another viewer
    deni = _gg().position("P1=9Kr 7Kr; P2=10Kr 8Kr; P3=4Ma 5Ma; P4=2Ku 3Ku; lead=P1; stage=start")
    deni.apply("deni 7Kr > 9Kr")
    root = parse(state_svg(deni, viewer=3, names=NAMES))
    asha = _seats(root)[0]
    assert len(groups(asha, "back")) == 0 and [h.get("fill") for h in groups(asha, "halo")] == ["#1f6fd1"]
    bela = _seats(root)[1]
    assert len(groups(bela, "back")) == 2


def test_gg_state_pictures_are_deterministic_and_fit():
    for players in (3, 4):
        game = _gg(players)
        state = game.start(11)
        pictures = []
        for _ in range(40):
            state.apply(max(state.legal_moves(), key=state.move_priority))
            pictures.append(to_string(state_svg(state, names=NAMES[:players])))
            assert float(ET.fromstring(pictures[-1]).get("width")) <= 560
        again = game.start(11)
        for i in range(40):
            again.apply(max(again.legal_moves(), key=again.move_priority))
            assert to_string(state_svg(again, names=NAMES[:players])) == pictures[i]
        assert not re.search(r"\d\.\d{3,}", pictures[-1]) and "id=" not in pictures[-1]


def test_gg_game_over_has_empty_hands():
    state = _gg().start(3)
    while not state.is_terminal():
        state.apply(max(state.legal_moves(), key=state.move_priority))
    root = parse(state_svg(state))
    assert len(groups(root, "empty")) == 4 and not groups(root, "to-play")
    label = root.get("aria-label")
    assert label.endswith("The game is over")
    for seat in range(4):
        assert f"Player {seat + 1}, {len(state.won[seat])} cards won, 0 in hand: no cards" in label


def test_trick_table_to_play_columns_and_winner_row():
    from engine.games.guru_ganjifa.pictures import trick_table_picture
    from engine.draw.svg import document

    rows = [("Ali", parse_cards("7Kr")), ("Bina", parse_cards("9Kr 8Kr")), ("Ali", parse_cards("3Kr"))]
    root = parse(document(trick_table_picture(rows, winner=1, to_play="Chand")))
    plays = groups(root, "play")
    assert [g.get("data-player") for g in plays] == ["Ali", "Bina", "Ali", "Chand"]
    assert [len(groups(g, "halo")) for g in plays] == [0, 2, 0, 0]  # a row index marks that row only
    assert "to-play" in plays[3].get("class") and groups(plays[3], "empty")
    check_top_level(root, "Bina plays 9 of Krishna, 8 of Krishna; Ali plays 3 of Krishna; Bina wins; Chand to play")
    # the seat that played last and still owes cards keeps its row
    again = parse(document(trick_table_picture(rows, to_play="Ali")))
    assert len(groups(again, "play")) == 3 and "to-play" in groups(again, "play")[2].get("class")
    # side by side: one line of cards, each name above its cards
    side = parse(document(trick_table_picture(rows, size=48, columns=True)))
    tall = parse(document(trick_table_picture(rows, size=48)))
    assert float(side.get("height")) < float(tall.get("height")) and float(side.get("height")) < 2 * 48
    xs = [_centre_of(g.find(NS + "g"))[0] for g in groups(side, "play")]
    assert xs == sorted(xs) and len(set(xs)) == 3


# -- suit colours: told apart without the label -------------------------------------------------
# CIEDE2000 (Sharma, Wu and Dalal 2005) over CIE L*a*b* (D65) from sRGB, written out here so the
# measure is in plain sight. A difference of 20 is far beyond "just noticeable" (about 2): two
# suits of a deck must never look alike, even once the label is too small to read.

MIN_SUIT_DELTA_E = 20.0
MEASURED = {"mughal": 24.0, "dashavatara": 21.8}  # the palettes' minimum now (engine/decks.py)


def srgb_to_lab(colour: str) -> tuple[float, float, float]:
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e_2000(lab1, lab2) -> float:
    import math

    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    d_l, d_c = l2 - l1, c2p - c1p
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    rc = 2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    sc, sh = 1 + 0.045 * cp_bar, 1 + 0.015 * cp_bar * t
    rt = -math.sin(math.radians(60 * math.exp(-((h_bar - 275) / 25) ** 2))) * rc
    return math.sqrt((d_l / sl) ** 2 + (d_c / sc) ** 2 + (d_h / sh) ** 2 + rt * (d_c / sc) * (d_h / sh))


def test_delta_e_2000_matches_the_published_test_data():
    # pairs 1, 7, 17 and 25 of Sharma, Wu and Dalal's CIEDE2000 test data
    for lab1, lab2, expected in [((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
                                 ((50, 0, 0), (50, -1, 2), 2.3669),
                                 ((50, 2.5, 0), (73, 25, -18), 27.1492),
                                 ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644)]:
        assert delta_e_2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
        assert delta_e_2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)
    assert srgb_to_lab("#ffffff") == pytest.approx((100, 0, 0), abs=0.01)
    assert srgb_to_lab("#ff0000") == pytest.approx((53.24, 80.09, 67.20), abs=0.02)


def suit_colour_pairs(deck):
    labs = {s.name: srgb_to_lab(s.colour) for s in deck.suits}
    names = list(labs)
    return sorted((delta_e_2000(labs[a], labs[b]), a, b) for i, a in enumerate(names) for b in names[i + 1:])


@pytest.mark.parametrize("deck_key", ["mughal", "dashavatara"])
def test_suit_colours_are_far_apart(deck_key):
    """Every two suits of a deck differ by at least MIN_SUIT_DELTA_E (CIEDE2000), and by their sign."""
    deck = DECKS[deck_key]
    closest, a, b = suit_colour_pairs(deck)[0]
    assert closest >= MIN_SUIT_DELTA_E, f"{a} and {b} look alike: CIEDE2000 {closest:.1f}"
    assert closest == pytest.approx(MEASURED[deck_key], abs=0.05)  # the figure the docs state
    assert len({s.sign for s in deck.suits}) == len(deck.suits)


def test_the_old_dashavatara_palette_failed_the_colour_test():
    # before: Matsya and Krishna both blue, Kurma and Rama both green (issue 8)
    old = {"Matsya": "#1f6fa8", "Kurma": "#2f8f6f", "Rama": "#1f7a3a", "Krishna": "#24479a"}
    labs = {k: srgb_to_lab(v) for k, v in old.items()}
    assert delta_e_2000(labs["Kurma"], labs["Rama"]) < MIN_SUIT_DELTA_E
    assert delta_e_2000(labs["Matsya"], labs["Krishna"]) < MIN_SUIT_DELTA_E


# -- legible in print: every text of a picture at 6 pt or more, every card label inside its rim ------
# A picture is printed at its pixel size (1 px = 1/96 in) unless print.css caps it: at most the text
# width (of a question's box, less its padding), at most the max-height of its kind. These tests
# read those caps from book/static/print.css, so a change there that would shrink a card's label
# below 6 pt fails here as well as on the built PDF (tests/test_pdf.py).

from pathlib import Path

from engine.draw.measure import text_boxes

PRINT_CSS = (Path(__file__).resolve().parents[1] / "book" / "static" / "print.css").read_text(encoding="utf-8")
MM_PER_PX = 25.4 / 96
PT_PER_PX = 72 / 96
MIN_PT = 6.0


def _css_mm(pattern: str) -> float:
    m = re.search(pattern, PRINT_CSS)
    assert m, f"print.css has no rule matching {pattern!r}"
    return float(m.group(1))


def print_boxes() -> dict[str, tuple[float, float]]:
    """(width, max-height) in mm of the box a whole-table picture is printed in, by kind."""
    left = re.search(r"@page :left \{(.*?)\n\}", PRINT_CSS, re.S).group(1)
    margins = [float(v) for v in re.findall(r"margin-(?:left|right):\s*([\d.]+)mm", left)]
    text_width = 148 - sum(margins)
    question_pad = _css_mm(r"div\.ganjifa-question \{[^}]*padding: \S+ \S+ \S+ ([\d.]+)mm")
    state = _css_mm(r"\n\.ganjifa-state svg \{ max-height: ([\d.]+)mm")
    return {
        "question": (text_width - question_pad - 0.5,
                     _css_mm(r"div\.ganjifa-question \.ganjifa-state svg \{ max-height: ([\d.]+)mm")),
        "position": (text_width, _css_mm(r"div\.ganjifa-position \.ganjifa-state svg \{ max-height: ([\d.]+)mm")),
        "deal": (text_width, _css_mm(r"div\.ganjifa-deal \.ganjifa-state svg \{ max-height: ([\d.]+)mm")),
        "state": (text_width, state),
    }


def print_scale(root, box: tuple[float, float]) -> float:
    """How much the printed picture is shrunk (1: printed at its pixel size)."""
    width, height = float(root.get("width")) * MM_PER_PX, float(root.get("height")) * MM_PER_PX
    return min(1.0, box[0] / width, box[1] / height)


def check_legible(svg, box, what):
    root = parse(svg)
    scale = print_scale(root, box)
    boxes = list(text_boxes(root))
    assert boxes, what
    smallest = min(boxes, key=lambda t: t.size)
    assert smallest.size * scale * PT_PER_PX >= MIN_PT, (
        f"{what}: {smallest.text!r} prints at {smallest.size * scale * PT_PER_PX:.2f} pt (picture shrunk to {scale:.2f})")
    spill = [t.text for t in boxes if not t.fits]
    assert not spill, f"{what}: labels spill over the card's rim: {spill}"
    return smallest.size * scale * PT_PER_PX


def test_print_boxes_read_from_the_stylesheet():
    boxes = print_boxes()
    assert boxes["position"][0] == 116  # A5 less the 13 mm outer and 19 mm inner margins
    assert all(100 <= h <= 180 for _, h in boxes.values())


@pytest.mark.parametrize("deck_key", list(DECKS))
def test_every_card_label_fits_inside_the_rim(deck_key):
    """At every card size the pictures use, from the smallest in a whole-table picture up, every rank and suit
    label is 10.67 px (8 pt printed unshrunk; 9.44 px, 7 pt, before issue 30) or more and lies inside the rim;
    since issue 41 a larger card's labels grow more slowly than the card, leaving its sign room."""
    for card in DECKS[deck_key].cards:
        for size in (MIN_CARD, 48 * PEEK, 36, 38, 40, 44, 48, 56, 64):
            boxes = list(text_boxes(parse(card_svg(card, size=size))))
            assert [t.text for t in boxes] == [rank_label(card)] + [card_label(card.suit)] * bool(card_label(card.suit))
            assert all(t.fits for t in boxes), (card, size, [(t.text, t.box, t.card) for t in boxes])
            assert min(t.size for t in boxes) >= 32 / 3 - 1e-9


@pytest.mark.parametrize("deck_key", list(DECKS))
def test_the_suit_sign_stands_clear_of_the_rank(deck_key):
    """The sign mark's lowest point is above the top of the rank's tallest glyph (the sign touched or
    crossed the rank's top on every card before issue 30)."""
    import re as _re

    from engine.draw.cards import SIGNS
    from engine.draw.measure import ASCENT

    def lowest(d: str) -> float:  # the path's lowest y, control points included (a generous bound)
        numbers = [float(v) for v in _re.findall(r"-?\d+(?:\.\d+)?", d)]
        return max(numbers[1::2])

    for card in DECKS[deck_key].cards:
        root = parse(card_svg(card, size=MIN_CARD))
        sign = root.find(".//{*}g[@class='sign']")
        if sign is None:
            continue
        m = _re.search(r"translate\(([-\d.]+)[ ,]+([-\d.]+)\) scale\(([\d.]+)\)", sign.get("transform"))
        cy, scale = float(m.group(2)), float(m.group(3))
        bottom = cy + scale * max(lowest(p.get("d")) + (1.5 if p.get("stroke") else 0) for p in sign)
        rank = next(t for t in root.findall(".//{*}text") if t.get("class") == "rank")
        top = float(rank.get("y")) - ASCENT * float(rank.get("font-size"))
        assert top > bottom, (card, bottom, top)  # both bounds generous: control points, strokes, a tall capital


def test_a_long_label_would_be_caught():
    # the measure is not blind: the old card face (full suit names) spilled and printed under 6 pt
    from engine.draw.measure import TextBox

    assert not TextBox("Varaha", 7.9, (24 - 26, 30, 24 + 26, 37), (24, 24, 16)).fits
    assert TextBox("Vr", 8, (20, 28, 28, 36), (24, 24, 16)).fits


def _game_pictures():
    """State pictures of both games as the book draws them: starts, hand-set positions, and the
    positions of seeded games move by move, for every number of players."""
    from engine.games.guru_ganjifa import GuruGanjifa

    names = ["Asha", "Bela", "Chitra", "Dev", "Esha", "Farid"]
    for game in [KendraKari(players=n) for n in (3, 4)] + [GuruGanjifa(players=n) for n in (3, 4)]:
        for seed in (1, 2):
            state = game.start(seed)
            for move in range(80):
                if move % 7 == 0:
                    yield f"{game.title} {game.players}p seed {seed} move {move}", state_svg(
                        state, names=names[:game.players])
                if state.is_terminal():
                    break
                state.apply(max(state.legal_moves(), key=state.move_priority))
    for n in (5, 6):  # Kendra Kari's largest tables: their start
        yield f"Kendra Kari {n}p start", state_svg(KendraKari(players=n).start(3))
    deni = GuruGanjifa(players=4).position(
        "P1=9Kr 7Kr 5Vm 8Ma; P2=10Kr 4Ma 2Ku 3Vr; P3=5Ma 6Ku 3Bu 8Pa; P4=2Pa 7Vr 4Bu 6Ma; lead=P1; stage=start")
    deni.apply("deni 7Kr > 9Kr")
    yield "Guru Ganjifa Deni", state_svg(deni, names=names[:4])


@pytest.mark.parametrize("kind", ["question", "position", "deal"])
def test_whole_table_pictures_print_their_text_at_6pt(kind):
    box = print_boxes()[kind]
    smallest = min(check_legible(svg, box, f"{what} as a {kind}") for what, svg in _game_pictures())
    assert smallest >= MIN_PT


def test_deck_sheets_and_hands_print_their_text_at_6pt():
    box = (print_boxes()["state"][0], _css_mm(r"\nsvg, img \{[^}]*max-height: ([\d.]+)mm"))
    for deck in (MUGHAL, DASHAVATARA, NAQSH):
        for suit in deck.suits:
            check_legible(deck_sheet_svg(deck, suit), box, f"{deck.name} {suit.name} sheet")
    check_legible(hand_svg(list(DASHAVATARA.cards[:40]), label="Asha"), box, "a hand of 40")
    check_legible(trick_svg([("Ali", C("7Ta")), ("Bina", C("RTa"))], winner="Bina"), box, "a trick")


def _translate(el):
    if el.get("transform") is None:
        return 0.0, 0.0
    x, y = re.fullmatch(r"translate\(([\d.]+) ([\d.]+)\)", el.get("transform")).groups()
    return float(x), float(y)


def test_gg_small_hands_sit_two_to_a_row_and_large_ones_one():
    """Late in a deal (two cards a hand) the seats go two side by side, each within half the print width,
    which halves the picture's height; at the start of a three-player deal (40 cards a hand, four rows of
    twelve) each seat has a row of its own, which is shorter than seven rows of six."""
    from engine.draw.svg import PRINT_WIDTH

    small = _gg().position("P1=3Ma RRa; P2=9Ku 5Kr; P3=4Ma 2Ku; P4=7Vr 6Pa; lead=P1; stage=start")
    root = parse(state_svg(small, names=NAMES))
    spots = [_translate(seat) for seat in _seats(root)]
    assert spots[0][1] == spots[1][1] < spots[2][1] == spots[3][1]  # Asha beside Bela, Chitra beside Dev
    assert spots[0][0] == spots[2][0] == 0 and spots[1][0] == spots[3][0] > 0
    assert float(root.get("width")) <= PRINT_WIDTH
    # every mark is still there, and the alt text reads the seats in order
    assert [len(groups(seat, "card")) for seat in _seats(root)] == [2, 2, 2, 2]
    label = root.get("aria-label")
    assert label.index("Asha (to play)") < label.index("Bela,") < label.index("Chitra,") < label.index("Dev,")
    one_column = parse(state_svg(_gg(3).start(7), names=NAMES[:3]))
    starts = [_translate(seat) for seat in _seats(one_column)]
    assert all(x == 0 for x, _ in starts) and len({y for _, y in starts}) == 3
    # two rows of seats (name, counts, cards: 68 px and a gap) under the trick, not four rows of 60 px
    assert float(root.get("height")) < 2 * 76 + 10


def test_a_naqsh_card_shows_its_value_and_its_set_by_colour_only():
    """Suits play no part in Naqsh: a card of the Naqsh pack prints no suit code (N1 to N4 never reach a player)."""
    from engine.decks import NAQSH

    colours = set()
    for card in NAQSH.cards:
        svg = to_string(card_svg(card, size=48))
        assert card_label(card.suit) == "" and not re.search(r">N[1-4]<", svg)
        colours.add(card.suit.colour)
    assert len(colours) == 4


def test_a_seat_sees_the_others_face_up_cards_and_nothing_else():
    """Naqsh drawn for one seat: the other players' face-up cards show, their face-down card is a back."""
    from engine import get_game
    from engine.draw import state_svg
    from engine.draw.svg import to_string

    game = get_game("naqsh", players=4)
    state = game.position("P1=10N1 4N2 stood; P2=5N3; P3=MN1; P4=2N2; turn=P2; stock=2N1")
    names = ["Asha", "Bilal", "Chitra", "Dev"]
    alt = to_string(state_svg(state, viewer=1, names=names))
    deck = game.deck
    assert deck.card_name(state.hands[0][1]) in alt  # Asha's face-up 4, which she has played
    assert deck.card_name(state.hands[0][0]) not in alt  # her face-down 10
    assert deck.card_name(state.hands[1][0]) in alt  # Bilal's own face-down card
    assert deck.card_name(state.hands[2][0]) not in alt and "face-down card" in alt


def test_no_hand_is_drawn_before_the_rules_deal_it():
    """Komi's bets come before the deal and Nakash's first dealer is chosen before it; a picture of those
    moments showed every hand dealt (issue 41: a picture shows the moment its words are about)."""
    import re

    from engine import get_game
    from engine.draw import state_svg, to_string
    from engine.protocol import CHANCE

    def cards(state) -> int:
        return len(re.findall(r'class="card[ "]', to_string(state_svg(state, names=("Asha", "Bela", "Chitra")))))

    komi = get_game("komi", players=3).start(4)
    while komi.current_player == CHANCE:
        komi.apply(komi.chance_outcome(0) if hasattr(komi, "chance_outcome") else komi.legal_moves()[0])
    assert komi.current_player != CHANCE and not komi.cards_dealt()
    svg = to_string(state_svg(komi, names=("Asha", "Bela", "Chitra")))
    assert cards(komi) == 0 and "No cards are dealt yet." in svg
    while not komi.is_terminal() and not komi.cards_dealt():
        komi.apply(komi.legal_moves()[0])
    assert komi.current_player == komi._dealer  # every bet in: the dealer deals, face down, then shows
    assert komi.cards_dealt() and cards(komi) > 0 and "No cards are dealt yet." not in to_string(
        state_svg(komi, names=("Asha", "Bela", "Chitra")))

    nakash = get_game("nakash", players=3).start(4)  # the first dealer is chosen by chance
    assert nakash.current_player == CHANCE and not nakash.cards_dealt() and cards(nakash) == 0
