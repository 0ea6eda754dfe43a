"""How Udvasa is drawn (issue 30): a stack's overlapping cards never hide a suit code, and the chapter's
opening picture is the layout the game starts from."""

import re
import xml.etree.ElementTree as ET

from engine import get_game
from engine.draw import state_svg, to_string
from tests.hand_set import hand_set

NS = "{http://www.w3.org/2000/svg}"
LONG = ("build=1Sa 1Ta 1Sh 1Gh RSu RCh RQi RBa; "
        "stacks=7Sh 8Su 9Qi 10Ta 2Ch 3Ba 4Qi 5Gh / 7Ba / VQi / 10Sa / 2Su / 2Qi / 2Ba / 3Sa")


def cards_by_column(svg: ET.Element) -> dict[float, list[tuple[float, ET.Element]]]:
    """The face-up cards drawn below the build stacks, by column: ``x -> [(y, card group)]`` top to bottom."""
    columns: dict[float, list] = {}
    for g in svg.iter(NS + "g"):
        if (g.get("class") or "").split()[:1] != ["card"] or "back" in (g.get("class") or ""):
            continue
        x, y = map(float, re.fullmatch(r"translate\(([\d.]+) ([\d.]+)\)", g.get("transform")).groups())
        columns.setdefault(x, []).append((y, g))
    return {x: sorted(cards, key=lambda c: c[0]) for x, cards in columns.items()}


def test_a_card_under_another_shows_its_whole_suit_code():
    svg = ET.fromstring(to_string(state_svg(hand_set(get_game("udvasa"), LONG), names=("Asha",))))
    stacked = 0
    for cards in cards_by_column(svg).values():
        working = [c for c in cards if c[0] > 60]  # the working stacks, below the build stacks' row
        for (y, card), (y_next, above) in zip(working, working[1:]):
            code = next(t for t in card.iter(NS + "text") if t.get("class") == "suit")
            foot = y + float(code.get("y")) + 0.25 * float(code.get("font-size"))  # the letters' lowest point
            # the card laid over it begins where its outermost circle (its halo, or its rim) begins
            top = y_next + min(float(c.get("cy")) - float(c.get("r")) for c in above.iter(NS + "circle"))
            assert foot <= top, (code.text, foot, top)
            stacked += 1
    assert stacked >= 4  # stack 1 shows five cards, four of them under another


def test_a_long_stack_says_how_many_cards_it_hides():
    svg = to_string(state_svg(hand_set(get_game("udvasa"), LONG), names=("Asha",)))
    shown = len(re.findall(r'class="suit">', svg)) - 8 - 7  # less the build stacks and the seven short stacks
    assert f'class="more">+{8 - shown}<' in svg


def test_the_opening_picture_is_the_layout_the_game_starts_from(tmp_path):
    from tests.test_directive_errors import build

    code, out = build(tmp_path, "# Udvasa\n\n```{what-you-need} udvasa\n```\n")
    assert code == 0, out
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    alt = re.search(r'<svg[^>]*aria-label="([^"]*)"', html).group(1)
    assert alt.startswith("Udvasa. Build stacks, up from the 1: 1 of Safed")
    assert all(f"stack {n} (bottom to top)" in alt for n in range(1, 9)) and "Stock: 80 cards" in alt
