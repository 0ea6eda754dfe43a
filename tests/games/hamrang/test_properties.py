"""Hamrang over many seeded games: what every game must show, whatever the players do."""

from __future__ import annotations

import pytest

from engine.decks import Ranking
from engine.games.hamrang import Hamrang
from engine.players.play import play_seeded
from engine.protocol import CHANCE

GAMES = [Hamrang(), Hamrang(time="night", ranking=Ranking.TRADITIONAL), Hamrang(last_player="stops")]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.describe_options() or "defaults")
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_random_games_keep_the_rules(game, bots):
    cited = set()
    for seed in range(60):
        state = play_seeded(game, seed, bots)
        history = state.history
        assert history[0].player == CHANCE and history[0].move.kind == "draw"
        assert history[1].move.cards[0] is game.leading_raja  # the leading Raja opens
        cited.update(history[0].clauses)
        for record in history[1:]:
            cited.update(record.clauses)
            assert len(record.move.cards) == 2  # two cards every time
            if record.trick:
                winner, card = record.trick[0], record.trick[1]
                assert card.rank >= 11  # a trick always goes to a court card
        # the end: at most one player (none when playing on) holds a court card
        holding = [p for p, h in enumerate(state.hands) if any(c.rank >= 11 for c in h)]
        assert len(holding) <= (1 if game.last_player == "stops" else 0)
        assert sum(state.tricks) == sum(1 for r in history if r.trick)
        result = state.result()
        assert max(result.scores) == result.scores[result.winners[0]]
    assert {"hr.draw", "hr.deal", "hr.opening", "hr.follow", "hr.substitute", "hr.trick", "hr.lead",
            "hr.out", "hr.pass-lead", "hr.end"} <= cited


def test_the_heuristic_player_beats_random_ones():
    game = Hamrang()
    from engine.players.play import play_seeded as play
    wins = 0.0
    for seed in range(300):
        result = play(game, seed, ["heuristic", "random", "random", "random"]).result()
        if 0 in result.winners:
            wins += 1 / len(result.winners)
    assert wins / 300 > 0.27
