"""A card laid face down leaves no trace in what the other players are told (issue 41: a learner at the terminal
read which card Bela had led face down, because her face-up batch cards listed one card fewer)."""

from engine import get_game
from engine.draw import state_svg, to_string
from engine.players.play import play_seeded

NAMES = ("Asha", "Bela", "Chitra")


def test_a_face_up_batch_card_laid_face_down_is_still_counted_as_possibly_held():
    game = get_game("traditional-ganjifa", rounds=1)
    found = []
    for seed in range(80):
        told_before = {}

        def on_step(state, record):
            nonlocal told_before
            if state.down is not None and len(state.trick) == 1 and state.trick[0][1] is state.down and told_before:
                leader, card = state.trick[0]
                if card in state.face_up[leader]:
                    found.append((seed, leader, card))
                    for viewer in {0, 1, 2} - {leader}:
                        told = state.view(viewer).face_up[leader]
                        assert told == told_before[viewer][leader], (seed, viewer, told, told_before[viewer][leader])
                        assert card in told  # as far as the viewer can tell, the leader may still hold it
                        assert card.index is not None
                        picture = to_string(state_svg(state, viewer=viewer, names=NAMES))
                        assert game.deck.card_name(card) in picture, (seed, viewer)  # drawn face up in the hand
            told_before = {viewer: state.view(viewer).face_up for viewer in range(3)}

        play_seeded(game, seed, "heuristic", on_step=on_step)
        if len(found) >= 3:
            break
    assert found, "no seed laid a face-up batch card face down: widen the search"
