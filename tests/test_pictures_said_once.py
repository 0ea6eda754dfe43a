"""A picture shows the moment its words are about, once (issue 41, the eleventh reading).

- Kendra Kari's fresh ring drew the same table on facing pages: the bridge's picture after the move, then
  the next example's picture before its move, the same position. ``{position}`` leaves out a picture that
  the one just before it shows, and hangs its caption on the picture after the move.
- Komi's question about the show was drawn "No cards are dealt yet": ``:picture: after`` draws the position
  the asked moves lead to.
- The "What you need" picture draws three backs for any hand and one deal's face-up card: its caption says so.
"""

from __future__ import annotations

import re

from .test_directive_errors import build, line_of

KK = ":game: kendra-kari\n:options: players=4\n:names: Asha, Bela, Chitra, Dev\n"
BRIDGE = "```{position}\n" + KK + ":from: deals/kendra-kari-4p.txt, move 10\n:move: 2Ch *10Ch\n:caption: Move 11.\n```\n"
FRESH = ("```{position}\n" + KK + ":from: deals/kendra-kari-4p.txt, move 11\n:move: open 4Qi VQi\n"
         ":caption: Move 12: Chitra starts the fresh ring.\n```\n")


def _deal(tmp_path) -> dict[str, str]:  # the golden deal the examples start from
    from pathlib import Path

    return {"deals/kendra-kari-4p.txt": (Path(__file__).parent.parent / "rules/deals/kendra-kari-4p.txt").read_text()}


def _figures(html: str) -> list[str]:
    """The captions of the page's pictures, in order ('' for a picture without one)."""
    return [re.sub(r"<[^>]+>", "", m).strip() for m in
            re.findall(r'<figure[^>]*ganjifa[^>]*>.*?(?:<figcaption[^>]*>(.*?)</figcaption>|</figure>)', html, re.S)]


def test_a_position_the_picture_before_shows_is_not_drawn_again(tmp_path):
    page = "# Kendra Kari\n\nThe bridge:\n\n" + BRIDGE + "\nThen the fresh ring:\n\n" + FRESH
    code, out = build(tmp_path, page, _deal(tmp_path))
    assert code == 0, out
    html = (tmp_path / "out" / "index.html").read_text()
    captions = _figures(html)
    # the bridge before and after, then only the fresh ring after its move, with the example's caption
    assert len(captions) == 3, captions
    assert captions[0] == "Move 11." and "moves again in the same turn" in captions[1]
    assert captions[2] == "Move 12: Chitra starts the fresh ring."


def test_a_picture_between_keeps_the_position_drawn(tmp_path):
    """Another picture in between: the position is no longer the one just shown, so it is drawn."""
    between = "```{what-you-need} kendra-kari\n```\n"
    page = "# Kendra Kari\n\nThe bridge:\n\n" + BRIDGE + "\n" + between + "\nThen the fresh ring:\n\n" + FRESH
    code, out = build(tmp_path, page, _deal(tmp_path))
    assert code == 0, out
    captions = _figures((tmp_path / "out" / "index.html").read_text())
    assert captions[-2:] == ["Move 12: Chitra starts the fresh ring.", "After the move played"], captions
    table = next(c for c in captions if c.startswith("The table as play starts"))
    assert "Face-down cards show their latticed backs (each hand drawn as three backs, whatever its size)" in table  # six cards, three drawn
    assert "The 2 of Shamsher on Position 7 is one deal" in table


KOMI = ("```{question} Bela has bet 2. Chitra bets 1; Asha then deals and shows 5 and 7, Bela a Raja and a Vizier, "
        "Chitra 9 and 2. Who comes out ahead?\n:game: komi\n:options: players=3 rounds=1 hand-size=2\n"
        ":names: Asha, Bela, Chitra\n:position: dealer=P1; turn=P3; bets=0 2 0; P1=5Sh 7Ta; P2=RSa VTa; P3=9Su 2Ch\n"
        ":ask: who wins after bet 1; show\n:answer: Bela\n:clause: km.komi\n{picture}```\n")


def test_picture_after_draws_the_moment_the_question_is_about(tmp_path):
    code, out = build(tmp_path, "# Komi\n\n" + KOMI.replace("{picture}", ""))
    assert code == 0, out
    before = (tmp_path / "out" / "index.html").read_text()
    assert "No cards are dealt yet" in before  # the bets come before the deal: no hand drawn
    (tmp_path / "after").mkdir()
    code, out = build(tmp_path / "after", "# Komi\n\n" + KOMI.replace("{picture}", ":picture: after\n:caption: At the show.\n"))
    assert code == 0, out
    after = (tmp_path / "after" / "out" / "index.html").read_text()
    assert "No cards are dealt yet" not in after and "At the show." in after
    assert "Raja of Safed" in after  # Bela's cards are drawn, face up at the show


def test_picture_after_without_a_move_fails_at_its_line(tmp_path):
    page = ("# Komi\n\n```{question} Bela has bet 2. Whose turn is it?\n:game: komi\n:options: players=3 rounds=1\n"
            ":names: Asha, Bela, Chitra\n:position: dealer=P1; turn=P3; bets=0 2 0; P1=5Sh 7Ta 1Gh; P2=RSa VTa 2Gh; "
            "P3=9Su 2Ch 3Gh\n:ask: whose turn\n:answer: Chitra\n:picture: after\n```\n")
    code, out = build(tmp_path, page)
    assert code != 0
    assert re.search(rf"index\.md:{line_of(page, '{question}')}: .*:picture: after draws the position the asked moves "
                     "lead to, but the question plays no move", out), out


def test_the_table_picture_says_what_it_draws_for_its_own_sake():
    from book.directives.what_you_need import table_key
    from engine.registry import game_class

    kk = game_class("kendra-kari")()
    card = kk.deal(0).pile("centre")[0]
    words = table_key(kk)
    assert "on Position 7 is one deal's card" in words
    from engine.draw.cards import card_name

    assert f"The {card_name(card)} on Position 7" in words
    assert table_key(game_class("naqsh")()) == ""  # one card face down each, drawn as it is
    assert "face up before the players are one deal's" in table_key(game_class("sama")())
