"""The deal goes round the table in batches of four from the player dealt to first (the engine deals by a table of
places in the cut pack): the same shuffle and cut dealt from another first player gives the same hands, turned."""

from engine.registry import unit_game
from engine.shuffle import Rng


def test_the_same_pack_dealt_from_another_first_player_turns_the_hands():
    game = unit_game("traditional-ganjifa", 3)
    for seed in range(20):
        hands = {first: game.deal_cards(Rng(seed), first) for first in range(3)}
        by_seat = {first: [cards[i * 40:(i + 1) * 40] for i in range(3)] for first, cards in hands.items()}
        for first in (1, 2):
            assert all(by_seat[first][(seat + first) % 3] == by_seat[0][seat] for seat in range(3))
        assert len(set(hands[0])) == 120 and all(len(h) == 40 for h in by_seat[0])
