"""Traditional Ganjifa's narration says what happens and cites the rule it happens by (newcomers' reading,
issue 30): nobody "leads" after a deal's last trick; a deal that gives a player who owes cards every batch
face down cites the face-up clause; the last card added to the opening trick says the exchanges come next."""

from __future__ import annotations

from pathlib import Path

from engine.examples import transcript as T

DEALS = Path(__file__).resolve().parents[3] / "rules" / "deals"
MATCH = T.replay(T.parse((DEALS / "traditional-ganjifa-match.txt").read_text()))


def _said(r) -> str:
    return " ".join(r.step.narration)


def test_nobody_leads_after_a_deal_s_last_trick_and_every_other_trick_winner_does():
    ends = [r for r in MATCH if "The deal is over" in _said(r)]
    assert ends and all(" and leads" not in _said(r) and "leads." not in _said(r) for r in ends)
    tricks = [r for r in MATCH if "wins the" in _said(r) and "The deal is over" not in _said(r)]
    assert tricks and all("leads" in _said(r) for r in tricks)


def test_a_deal_with_a_player_owing_cards_cites_the_face_down_rule():
    deals = [r for r in MATCH if r.step.player == "chance" and "dealt for deal" in _said(r)]
    owing = [r for r in deals if "batches come face down" in _said(r)]
    assert owing and all("tg.face-up" in r.record.clauses for r in owing)
    assert all("tg.face-up" not in r.record.clauses for r in deals if r not in owing)


def test_the_last_card_added_to_the_opening_trick_says_the_exchanges_come_next():
    last_add = next(r for r in MATCH if "tg.exchange" in r.record.clauses)
    assert "to the opening trick. Before the opening trick is gathered, each player in turn may exchange" \
        in _said(last_add)
