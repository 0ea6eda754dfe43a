"""Every chapter's "at a glance" page is one a player can play from: set-up, the play, the end, every rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from book.directives.game_facts import SET_UP, THE_END, outline, players_in_words, seats_allowed
from engine.registry import available_games, game_class

from .test_clause_coverage import chapter_clauses
from .test_directive_errors import build, line_of
from .test_questions import clause

ROOT = Path(__file__).resolve().parent.parent
BOX = re.compile(r"^```\{quick-reference\} (?P<game>\S+)\n(?P<body>.*?)^```", re.S | re.M)


def glance(game: str) -> list[tuple[str, list[str], int]]:
    text = (ROOT / "rules" / f"{game}.md").read_text(encoding="utf-8")
    found = [m for m in BOX.finditer(text) if m["game"] == game]
    assert len(found) == 1, f"{game}: the chapter has {len(found)} quick references"
    return outline(found[0]["body"].splitlines())


@pytest.mark.parametrize("game", available_games())
def test_each_at_a_glance_has_set_up_play_and_end_and_every_rule_of_its_chapter(game):
    parts = glance(game)
    heads = [h for h, _, _ in parts]
    assert heads and heads[0] == SET_UP, f"{game}: the first part is {heads[:1]}, not the set-up"
    assert heads[-1].startswith(THE_END), f"{game}: the last part is {heads[-1:]}, not the end"
    assert len(heads) >= 3, f"{game}: nothing between the set-up and the end says how play goes"
    listed = [cid for _, cids, _ in parts for cid in cids]
    stated = chapter_clauses((ROOT / "rules" / f"{game}.md").read_text(encoding="utf-8"))
    assert sorted(listed) == sorted(stated), (f"{game}: left out {sorted(set(stated) - set(listed))}, "
                                              f"listed but not stated {sorted(set(listed) - set(stated))}")


@pytest.mark.parametrize("game", available_games())
def test_the_players_line_is_words_a_player_reads(game):
    said = players_in_words(game_class(game))
    assert not re.search(r"\d", said) and not said.startswith(("One players", "1 ")), said
    assert said.partition(" (")[0].endswith("player" if game_class(game).max_players == 1 else "players"), said
    # the tables its rulings allow beyond the source's, as its chapter says (Naqsh: two to four as well)
    assert ("can play too" in said) == (set(seats_allowed(game_class(game)))
                                          != set(range(game_class(game).min_players, game_class(game).max_players + 1)))


KK = {"kk.deal": "Deal six cards each.", "kk.match": "Match the last card.", "kk.out": "First out wins."}


def _page(outline_text: str, more: str = "") -> str:
    return "# Q\n\n" + "".join(clause(cid, text) for cid, text in KK.items()) + more + \
        f"```{{quick-reference}} kendra-kari\n{outline_text}```\n"


def test_the_box_shows_the_three_parts_in_order(tmp_path):
    code, out = build(tmp_path, _page("Set-up: kk.deal\nYour turn: kk.match\nThe end: kk.out\n"))
    assert code == 0, out
    text = re.sub(r"<[^>]+>", "", (tmp_path / "out" / "index.html").read_text())
    box = text.split("Kendra Kari at a glance")[1]
    assert "Three to six players · the Mughal deck of 96 cards · play goes clockwise." in box
    assert box.index("Set-up") < box.index("Deal six cards each (§1)") < box.index("Your turn") \
        < box.index("Match the last card (§2)") < box.index("The end") < box.index("First out wins (§3)")


@pytest.mark.parametrize("body, says", [
    ("", "has the parts none"),
    ("Your turn: kk.deal kk.match\nThe end: kk.out\n", "starting with 'Set-up'"),
    ("Set-up: kk.deal\nThe end: kk.match kk.out\n", "the play between"),
    ("Set-up: kk.deal\nYour turn: kk.match\nThe end: kk.out\n", "leaves out kk.next: a player at the table needs"),
    ("Set-up: kk.deal\nYour turn: kk.match kk.deal\nThe end: kk.out\n", "kk.deal twice"),
    ("Set-up: kk.deal\nYour turn: kk.match\nThe end: kk.out kk.bridge\n", "kk.bridge, which this chapter does not state"),
    ("Set-up kk.deal\n", "write a part as `Heading: clause clause ...`"),
])
def test_a_quick_reference_that_leaves_out_a_part_or_a_rule_fails_at_its_line(tmp_path, body, says):
    page = _page(body, clause("kk.next", "Play onto the next place.") if "kk.next" in says else "")
    code, out = build(tmp_path, page)
    errors = [line for line in out.splitlines() if "ERROR" in line]
    assert code != 0 and len(errors) == 1 and f"index.md:{line_of(page, '{quick-reference}')}:" in errors[0], out
    assert says in errors[0], errors[0]


def test_a_quick_reference_longer_than_a_page_is_marked_to_print_as_a_spread(tmp_path):
    ids = list(game_class("traditional-ganjifa").CLAUSES)  # 37 rules: more than a printed page holds
    page = "# TG\n\n" + "".join(clause(cid, f"Rule {k}: the player who leads plays a card and the others follow it in turn, clockwise.")
                                 for k, cid in enumerate(ids)) + \
        f"```{{quick-reference}} traditional-ganjifa\nSet-up: {ids[0]}\nPlay: {' '.join(ids[1:-1])}\nThe end: {ids[-1]}\n```\n"
    code, out = build(tmp_path, page)
    assert code == 0, out
    html = (tmp_path / "out" / "index.html").read_text()
    assert re.search(r'<div class="ganjifa-quick-reference ganjifa-quick-spread[^"]*"', html), html[-3000:]
    (tmp_path / "k").mkdir()
    code, out = build(tmp_path / "k", _page("Set-up: kk.deal\nYour turn: kk.match\nThe end: kk.out\n"))
    assert code == 0 and "ganjifa-quick-spread" not in (tmp_path / "k" / "out" / "index.html").read_text()
