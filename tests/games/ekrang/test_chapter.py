"""The chapter's examples of the rounds and the end are one deal: each position comes from the one before by play.

The chapter says so in print ("each position comes from the one before it by play"), so a hand that
gains a card between two examples, or a trick count that does not follow, fails here with the line.
"""

from pathlib import Path

from engine.games.ekrang import Ekrang

CHAPTER = Path(__file__).resolve().parents[3] / "rules" / "ekrang.md"
EK = Ekrang(players=4)


def examples(text: str, first: str, last: str):
    """The examples between the headings ``first`` and ``last``: (line, options, position text) in order."""
    lines = text.splitlines()
    start = lines.index(first)
    end = lines.index(last)
    out = []
    i = start
    while i < end:
        line = lines[i].strip()
        if line.startswith(("```{position}", ":::{question}")):
            opts, body, j = {}, [], i + 1
            while j < len(lines) and lines[j].startswith(":") and not lines[j].startswith(":::"):
                key, _, value = lines[j][1:].partition(":")
                opts[key.strip()] = value.strip()
                j += 1
            while j < len(lines) and not lines[j].startswith(("```", ":::")):
                body.append(lines[j].strip())
                j += 1
            position = opts.get("position") or opts.get("setup") or " ".join(b for b in body if b)
            out.append((i + 1, opts.get("options", ""), position))
            i = j
        i += 1
    return out


def reachable(game, before: str, after: str) -> bool:
    """Whether some legal play leads from the position ``before`` to the position ``after``."""
    target = game.position(after)
    goal = target.position()
    still_held = {c for h in target.hands for c in h}

    def search(state) -> bool:
        if state.position() == goal:
            return True
        if state.current_player is None:
            return False
        for move in state.legal_moves():
            if any(c in still_held for c in move.cards):  # a card held later cannot be played now
                continue
            nxt = state.copy()
            nxt.apply(move)
            if search(nxt):
                return True
        return False

    return search(game.position(before))


def test_the_rounds_examples_follow_one_deal():
    chain = [e for e in examples(CHAPTER.read_text(encoding="utf-8"), "## Rounds", "## Variants")
             if e[1] == "players=4"]
    assert len(chain) >= 10  # every example of the rounds and the end but the old custom's other deal
    for (line_a, _, a), (line_b, _, b) in zip(chain, chain[1:]):
        assert reachable(EK, a, b), f"rules/ekrang.md:{line_b}: this position does not follow by play from line {line_a}"


def test_reachable_refuses_a_card_from_nowhere():
    a = "P1=VTa 3Ta; P2=9Ta 2Sh 4Gh; P3=1Ta 8Ba 6Sh; P4=2Ch 2Ba 5Qi; tricks=P1:9 P2:9 P4:3; lead=P1; stage=phase1"
    good = "P1=3Ta; P2=2Sh 4Gh; P3=8Ba 6Sh; P4=2Ba 5Qi; tricks=P1:10 P2:9 P4:3; lead=P1; stage=phase2; suit=Ta"
    bad = "P1=7Ta; P2=2Sh 4Gh; P3=8Ba 6Sh; P4=2Ba 5Qi; tricks=P1:10 P2:9 P4:3; lead=P1; stage=phase2; suit=Ta"
    assert reachable(EK, a, good)
    assert not reachable(EK, a, bad)
