"""The box that opens each chapter, ``{what-you-need} GAME``: its facts are the game's declared facts,
its picture seats the cast round the table with the dealer marked and face-down cards drawn as backs,
and an unknown game fails the build in one line naming the file and line."""

import re
import xml.etree.ElementTree as ET

import pytest

from book.directives.what_you_need import DIRECTION_WORDS
from book.printwords import CAST
from engine.draw import table_svg, to_string
from engine.draw.measure import text_boxes
from engine.draw.svg import PRINT_WIDTH
from engine.registry import available_games, game_class

from .test_directive_errors import build, line_of

NS = "{http://www.w3.org/2000/svg}"
MIN_7PT = 7 * 96 / 72  # px at print size (1 px = 1/96 inch)
NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


def plain(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)).replace("&#8217;", "'")


def classes(node) -> list[str]:
    return (node.get("class") or "").split()


@pytest.mark.parametrize("games", [("kendra-kari", "komi")])
def test_box_says_the_games_facts_and_draws_the_table(tmp_path, games):
    page = "# Two games\n\n" + "".join(f"## {g}\n\n```{{what-you-need}} {g}\n```\n\n" for g in games)
    code, out = build(tmp_path, page)
    assert code == 0, out
    html = (tmp_path / "out" / "index.html").read_text()
    boxes = re.findall(r'<div class="[^"]*ganjifa-what-you-need[^"]*">(.*?)</figure>', html, re.S)
    assert len(boxes) == len(games)
    for name, box in zip(games, boxes):
        game = game_class(name)()
        cls = type(game)
        words = plain(box.split("<svg")[0])
        assert words.strip().startswith("What you need")
        said = dict(re.findall(r"([A-Z][a-z ]+): (.*?)\.(?= [A-Z][a-z ]+:|\s*$)", words.split("What you need", 1)[1]))
        assert said["Players"].startswith(f"{NUMBERS[cls.min_players]} to {NUMBERS[cls.max_players]}".capitalize())
        assert said["Cards"].startswith(f"The {cls.deck.name} deck, {len(cls.deck.cards)} cards;")
        assert said["Besides the cards"].lower() == (game.EQUIPMENT or "nothing").lower()
        assert said["First dealer"].lower() == game.first_dealer_words().lower()
        assert said["Play goes"].lower() == DIRECTION_WORDS[game.direction_of_play()].lower()
        svg = ET.fromstring(re.search(r"<svg.*?</svg>", box, re.S).group(0))
        names = [t.text for t in svg.iter(NS + "text") if "name" in classes(t)]
        assert names == list(CAST[:game.players])  # every seat, in the order of play
        dealer = CAST[game.dealer_seat()]
        seats = [g for g in svg.iter(NS + "g") if "seat" in classes(g)]
        marked = [g for g in seats if "dealer" in classes(g)]
        assert len(marked) == 1
        assert [t.text for t in marked[0].iter(NS + "text")][:2] == [dealer, "dealer"]
        assert any("dealer-mark" in classes(r) for r in marked[0].iter(NS + "rect"))
        backs = [g for g in svg.iter(NS + "g") if classes(g) == ["card", "back"]]
        assert backs, "a face-down card is drawn as the card's back"
        assert all(len(list(g.iter(NS + "text"))) == 0 for g in backs)  # a back shows no face
        assert f"{dealer} deals" in svg.get("aria-label")


def test_kendra_kari_middle_shows_a_face_up_card_and_the_stock():
    game = game_class("kendra-kari")()
    root = ET.fromstring(to_string(table_svg(game, CAST)))
    middles = {classes(g)[1]: g for g in root.iter(NS + "g") if "middle" in classes(g)}
    assert set(middles) == {"face-up", "face-down"}
    face = [g for g in middles["face-up"].iter(NS + "g") if "card" in classes(g)]
    assert face and "back" not in classes(face[0])
    assert all("back" in classes(g) for g in middles["face-down"].iter(NS + "g") if "card" in classes(g))
    assert "face up on Position 7" in root.get("aria-label")


@pytest.mark.parametrize("name", available_games())
def test_table_picture_fits_the_page_and_its_words_print_at_7pt(name):
    game = game_class(name)()
    first = to_string(table_svg(game, CAST))
    assert first == to_string(table_svg(game, CAST))  # deterministic
    root = ET.fromstring(first)
    assert root.get("role") == "img" and root.find(NS + "title").text == root.get("aria-label")
    assert float(root.get("width")) <= 0.7 * PRINT_WIDTH
    sizes = [box.size for box in text_boxes(root)]
    assert sizes and min(sizes) >= MIN_7PT, (name, min(sizes))
    assert all(box.fits for box in text_boxes(root))
    assert not re.search(r"\d\.\d{3,}", first)


def test_unknown_game_names_file_and_line(tmp_path):
    page = "# Bad\n\nSome words.\n\n```{what-you-need} snap\n```\n"
    code, out = build(tmp_path, page)
    assert code != 0
    lines = [line for line in out.splitlines() if "snap" in line]
    assert len(lines) == 1, out
    assert f"index.md:{line_of(page, '{what-you-need}')}:" in lines[0] and "unknown game 'snap'" in lines[0], out


def test_box_links_to_the_chapters_quick_reference(tmp_path):
    """The box ends with a link to the chapter's one-page summary, "Komi at a glance", whose box has that anchor."""
    from engine import get_game

    rules = "".join(f"```{{clause}} {cid}\n:summary: The rule.\nThe rule.\n```\n\n" for cid in get_game("komi").CLAUSES)
    ids = list(get_game("komi").CLAUSES)
    body = f"Set-up: {ids[0]}\nA round: {' '.join(ids[1:-1])}\nThe end: {ids[-1]}\n"
    page = "# Komi\n\n```{what-you-need} komi\n```\n\n" + rules + "```{quick-reference} komi\n" + body + "```\n"
    code, out = build(tmp_path, page)
    assert code == 0, out
    html = (tmp_path / "out" / "index.html").read_text()
    link = re.search(r'To keep at the table: <a class="reference internal" href="#([^"]+)">Komi at a glance</a>', html)
    assert link, html
    assert re.search(rf'<div class="ganjifa-quick-reference[^"]*" id="{link.group(1)}">', html)


def test_a_patience_has_no_dealer_and_no_direction_of_play():
    """Udvasa is played alone: the box says nothing of a first dealer or the way play goes, the picture has
    no dealer's mark and no arrow, and the cards are laid out, not dealt into hands."""
    from engine import get_game
    from engine.draw import table_svg, to_string

    from book.directives.what_you_need import facts

    lines = dict(facts(get_game("udvasa")))
    assert set(lines) == {"Players", "Cards", "Besides the cards"} and lines["Players"] == "one"
    assert "laid out" in lines["Cards"] and "0 to each" not in lines["Cards"]
    svg = to_string(table_svg(get_game("udvasa"), ["Asha"]))
    assert "dealer-mark" not in svg and 'class="direction' not in svg and "alone at the table" in svg


def test_traditional_ganjifa_s_table_as_play_starts_has_no_card_lying_face_up():
    """Its face-up batches are noted and picked up before play (tg.face-up): the picture of the table as play
    starts shows each player holding a hand, not a card lying face up before them (a newcomer read one there)."""
    from engine import get_game
    from engine.draw.table import table_picture

    alt = table_picture(get_game("traditional-ganjifa"), ["Asha", "Bela", "Chitra"]).alt
    assert "a hand of cards" in alt and "face up" not in alt
