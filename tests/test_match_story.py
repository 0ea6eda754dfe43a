"""``{match-story}``: a match told round by round (issue 19), from the golden transcripts the chapters use."""

from __future__ import annotations

import re
from pathlib import Path

from engine.examples.transcript import parse, replay

from .test_directive_errors import build, line_of

DEALS = Path(__file__).resolve().parent.parent / "rules" / "deals"


def story_page(name: str, scores: str = "stakes") -> str:
    return f"# M\n\nA match.\n\n```{{match-story}}\n:file: deals/{name}\n:scores: {scores}\n```\n"


def text_of(tmp_path) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", (tmp_path / "out" / "index.html").read_text()))


def test_a_match_is_one_paragraph_a_round_and_a_table_of_running_totals(tmp_path):
    source = (DEALS / "komi-match.txt").read_text()
    code, out = build(tmp_path, story_page("komi-match.txt"), {"deals/komi-match.txt": source})
    assert code == 0, out
    text = text_of(tmp_path)
    t = parse(source, "komi-match.txt")
    ends = [r.record.round_over for r in replay(t, snapshots=False) if r.record.round_over is not None]
    # one paragraph a round, each naming its dealer (the deal passes round the table)
    dealers = re.findall(r"Round (\d)\. (\w+) deals\.", text)
    assert dealers == [(str(k + 1), t.names[k]) for k in range(4)]
    # chance's raw lines and the running totals stay out of the story; the table holds the totals
    assert "deal " not in text.split("Round 1.")[1].split("Round 2.")[0] and "Totals:" not in text
    running = [0] * 4
    for k, pay in enumerate(ends, 1):
        running = [a + b for a, b in zip(running, pay)]
        row = " ".join([str(k), t.names[k - 1]] + [(f"{p:+d}" if p else "0") + f" ({r})" for p, r in zip(pay, running)])
        assert row in text, (row, text)
    assert f"Result: {t.result}" in text


def test_a_match_counted_in_rounds_won_says_so(tmp_path):
    source = (DEALS / "sama-match.txt").read_text()
    code, out = build(tmp_path, story_page("sama-match.txt", "rounds"), {"deals/sama-match.txt": source})
    assert code == 0, out
    text = text_of(tmp_path)
    assert "1 for a round won" in text and "Rounds won:" not in text
    wins = [int(n) for n in re.findall(r"\d+", re.findall(r"Rounds won: ([^\[]*)", source)[-1])]
    last_row = re.search(r"4 \w+ ((?:\d \(\d\) ?){4})", text).group(1)
    assert [int(n) for n in re.findall(r"\((\d)\)", last_row)] == wins


def test_a_single_deal_is_not_a_match(tmp_path):
    source = (DEALS / "guru-ganjifa-3p.txt").read_text()
    page = story_page("g.txt")
    code, out = build(tmp_path, page, {"deals/g.txt": source})
    errors = [line for line in out.splitlines() if "ERROR" in line]
    assert code != 0 and len(errors) == 1 and f"index.md:{line_of(page, '{match-story}')}:" in errors[0], out
    assert "is not a match of rounds" in errors[0]


def test_chance_is_told_in_words_in_a_worked_round(tmp_path):
    """A worked round prints a player's move in notation beside its sentence, but chance's moves ("dealer P4",
    "draw RSa 5Ch") only as sentences, marked as chance's: a seat code never reaches print."""
    source = (DEALS / "sama-4p.txt").read_text()
    code, out = build(tmp_path, "# W\n\n```{deal}\n:file: deals/s.txt\n```\n", {"deals/s.txt": source})
    assert code == 0, out
    html = (tmp_path / "out" / "index.html").read_text()
    text = text_of(tmp_path)
    assert "dealer P4" not in text and "draw RSa 5Ch" not in text
    assert "Chance chooses Dev to deal first" in text and html.count('class="ganjifa-chance"') == source.count(" chance: ")
    assert "exchange down" in text  # a player's move keeps its notation
    assert "pdf-float-alt" not in html  # positions drawn in reserve for print (book/floats.py) stay out of the site


def test_a_worked_game_may_start_without_its_picture(tmp_path):
    source = (DEALS / "sama-4p.txt").read_text()
    page = "# W\n\n```{deal}\n:file: deals/s.txt\n:start-picture: no\n:pictures: none\n```\n"
    code, out = build(tmp_path, page, {"deals/s.txt": source})
    assert code == 0, out
    assert "At the start" not in text_of(tmp_path) and "Chance chooses Dev" in text_of(tmp_path)
