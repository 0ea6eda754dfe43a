"""The chapter's short match: its golden transcripts are the deals Match.play gives, dealt by the right players."""

from __future__ import annotations

from pathlib import Path

from engine.games.naqsh import Naqsh
from engine.players.match import Match
from engine.examples.transcript import match_transcripts, read, replay

DEALS = Path(__file__).resolve().parents[3] / "rules" / "deals"
NAMES = ("Asha", "Bela", "Chitra", "Dev", "Esha")


def test_match_files_are_the_match_and_chain_their_dealers():
    files = [read(DEALS / f"naqsh-match-{i}.txt") for i in range(1, 5)]
    made, draw = match_transcripts(Naqsh(players=5), NAMES, 4, 18)
    assert [(t.seed, t.names, t.deal, t.steps, t.result) for t in files] == \
        [(t.seed, t.names, t.deal, t.steps, t.result) for t in made]
    assert "Dev has the highest card and deals first" in draw[0]
    result = Match(Naqsh(players=5), NAMES, deals=4).play(seed=18)
    assert [d.dealer for d in result.deals] == [t.names[-1] for t in files]
    for t in files:
        replay(t, snapshots=False)
    assert sum(result.balance) == 0
