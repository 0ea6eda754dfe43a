"""The events the two games count for simulations, checked against the games as played.

Each event is recomputed here from the positions before the moves (not from the records that
carry it), over seeded games, and must be met often enough for the check to mean something.
"""

from __future__ import annotations

from collections import Counter

from engine import get_game
from engine.players.play import Chance, run, seat_bots
from engine.protocol import CHANCE
from engine.shuffle import derive


def played(game, seed, bots="heuristic"):
    """(state before, record) for every step of a seeded game."""
    state = game.start(seed)
    bots = seat_bots(game, bots, seed)
    chance = Chance(seed)
    out = []
    while not state.is_terminal():
        before = state.copy()
        seat = state.current_player
        move = chance.outcome(state) if seat == CHANCE \
            else bots[seat].choose(state)
        out.append((before, state.apply(move)))
    return out


def test_guru_ganjifa_open_denis_and_early_sacrifices():
    for players in (3, 4):
        game = get_game("guru-ganjifa", players=players)
        seen = Counter()
        for seed in range(40):
            for before, record in played(game, seed, "heuristic" if seed % 2 else "random"):
                events = game.events_of(record)
                if record.move.kind == "deni":
                    shown = record.move.shown
                    below = before._t.below(shown)
                    holder = next((p for p, h in enumerate(before.hands) if below in h), None) if below else None
                    is_open = holder is not None and holder != record.player
                    assert ("deni-open" in events) == is_open, (seed, str(record.move))
                    seen["open" if is_open else "closed"] += 1
                if "no-unbeatable" in events:
                    assert not before.unbeatable(record.player)
                    early = 2 * (len(before.hands[record.player]) - 1) >= 120 // players
                    assert ("no-unbeatable-early" in events) == early
                    seen["early" if early else "late"] += 1
                else:
                    assert "no-unbeatable-early" not in events
        assert seen["open"] > 50 and seen["closed"] > 50, seen
        if players == 4:
            assert seen["early"] and seen["late"], seen


def test_kendra_kari_dry_rounds_are_whole_rounds_of_draws_that_do_not_fit():
    for players in (3, 4):
        game = get_game("kendra-kari", players=players)
        found = 0
        for seed in range(150):
            steps = played(game, seed, "heuristic")
            streak = 0
            for before, record in steps:
                dry_draw = record.move.kind == "draw" and "kk.stock-out" not in record.clauses \
                    and not record.positions
                streak = streak + 1 if dry_draw else 0
                assert ("dry-round" in game.events_of(record)) == (streak == players), (seed, streak)
                found += streak == players
        assert found > 20, found
