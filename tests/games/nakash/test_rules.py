"""Nakash clause by clause, on hand-set positions; the pot, ties, carry-over; money conserved."""

import pytest

from engine import CHANCE, DealError, IllegalMoveError, NotationError, OptionError, get_game
from engine.players.match import Match
from engine.players.play import play_seeded
from engine.shuffle import Rng

NAMES = ["Asha", "Bela", "Chitra", "Dev"]


def pos(text, **options):
    return get_game("nakash", **options).position(text)


def show_all(state):
    records = []
    while state.current_player not in (None, CHANCE):
        records.append(state.apply(state.game.parse_move("show")))
    return records


def test_players_ante_and_deal():  # nk.players, nk.ante, nk.deal
    with pytest.raises(OptionError) as err:
        get_game("nakash", players=1)
    assert err.value.clause == "nk.players"
    game = get_game("nakash", players=4, ante=2, first_dealer="player-1")
    state = game.start(3)
    assert [len(h) for h in state.hands] == [2, 2, 2, 2]
    assert state.pot == 8 and state.balance == (-2, -2, -2, -2)  # everyone has paid the stake
    bad = game.deal(3)
    with pytest.raises(DealError) as err:
        game.new_game(type(bad)(tuple(h[:1] for h in bad.hands), bad.piles))
    assert err.value.clause == "nk.deal"


def test_first_dealer_by_chance_by_default():  # nk.dealer
    state = get_game("nakash", players=3).start(1)
    assert state.current_player == CHANCE
    assert state.apply(state.chance_outcome(Rng(5))).clauses == ("nk.dealer",)


def test_show_in_turn_and_values():  # nk.show, nk.value
    state = pos("dealer=P3; turn=P1; pot=3; balance=-1 -1 -1; P1=VSa 5Ta; P2=8Su 9Ch; P3=7Gh 6Ba", players=3)
    assert [str(m) for m in state.legal_moves()] == ["show"]
    first = state.apply(state.game.parse_move("show"))
    assert first.clauses == ("nk.show", "nk.value") and first.data[2][:2] == (1, 16)  # a Vizier counts 11
    assert state.current_player == 1


@pytest.mark.parametrize("hand, total", [("9Sa 9Ta", 18), ("10Sa 9Ta", 19), ("RSa 9Ta", 21), ("RSa VTa", 23)])
def test_18_19_21_23_lose_at_once(hand, total):  # nk.bust
    state = pos(f"dealer=P2; turn=P1; pot=2; balance=-1 -1; P1={hand}; P2=1Gh 2Ba", players=2)
    record = state.apply(state.game.parse_move("show"))
    assert "nk.bust" in record.clauses and record.data[2] == (0, total, "bust")
    show_all(state)
    assert state.balance == (-1, 1)  # a 3 beats a hand that lost at once


@pytest.mark.parametrize("hand", ["RSa 8Ta", "VSa 9Ta", "RSa 10Ta"])
def test_other_totals_over_17_lose_unless_a_pair(hand):  # nk.over
    state = pos(f"dealer=P2; turn=P1; pot=2; balance=-1 -1; P1={hand}; P2=1Gh 2Ba", players=2)
    assert "nk.over" in state.apply(state.game.parse_move("show")).clauses
    show_all(state)
    assert state.balance == (-1, 1)


def test_the_order_of_winning_hands():  # nk.order
    best_first = ["1Sa 1Ta", "RSa RTa", "VSa VTa", "10Sa 10Ta", "9Sa 8Ta", "9Sh 7Ta", "2Sa 1Gh"]
    for better, worse in zip(best_first, best_first[1:]):
        state = pos(f"dealer=P2; turn=P1; pot=2; balance=-1 -1; P1={worse}; P2={better}", players=2)
        records = show_all(state)
        assert state.balance == (-1, 1), (better, worse)
        assert "nk.order" in records[-1].clauses and "nk.pot" in records[-1].clauses


def test_tied_winners_share_and_odd_units_go_in_order_of_play():  # nk.pot
    state = pos("dealer=P3; turn=P1; pot=3; balance=-1 -1 -1; P1=9Sa 8Ta; P2=RSa 9Ta; P3=10Sh 7Ba", players=3)
    record = show_all(state)[-1]
    assert state.balance == (1, -1, 0)  # 3 shared by P1 and P3: P1 (first after the dealer) gets the odd one
    assert record.data[3][0] == (0, 2)
    even = pos("dealer=P1; turn=P2; pot=4; balance=-2 -2; P1=9Sa 8Ta; P2=10Sh 7Ba", players=2, ante=2)
    show_all(even)
    assert even.balance == (0, 0)


def test_nobody_qualifies_the_pot_waits_or_returns():  # nk.carry
    game = get_game("nakash", players=2, rounds=2)
    state = game.position("dealer=P1; turn=P2; pot=2; balance=-1 -1; P1=9Sa 9Ta; P2=RSa 8Ta")
    record = show_all(state)[-1]
    assert "nk.carry" in record.clauses and state.pot == 2 and state.balance == (-1, -1)
    state.apply(state.chance_outcome(Rng(1)))  # round 2: both pay again
    assert state.pot == 4 and state.balance == (-2, -2)
    last = get_game("nakash", players=2).position("dealer=P1; turn=P2; pot=2; balance=-1 -1; P1=9Sa 9Ta; P2=RSa 8Ta")
    show_all(last)
    assert last.pot == 0 and last.balance == (0, 0)  # after the last round the stakes go back
    back = get_game("nakash", players=2, rounds=3, unclaimed="return").position(
        "dealer=P1; turn=P2; pot=2; balance=-1 -1; P1=9Sa 9Ta; P2=RSa 8Ta")
    show_all(back)
    assert back.pot == 0 and back.balance == (0, 0)


def test_rounds_and_rotation():  # nk.rotate, nk.rounds
    state = get_game("nakash", players=4, rounds=4, first_dealer="player-1").start(7)
    dealers = [state.dealer]
    while not state.is_terminal():
        if state.current_player == CHANCE:
            assert state.apply(state.chance_outcome(Rng(len(state.history)))).clauses == ("nk.rotate", "nk.deal")
            dealers.append(state.dealer)
        else:
            state.apply(state.legal_moves()[0])
    assert dealers == [0, 1, 2, 3] and state.result().clause == "nk.rounds"
    with pytest.raises(IllegalMoveError):
        state.check(state.game.parse_move("show"))


def test_narration_and_positions():
    state = pos("dealer=P4; turn=P1; pot=4; balance=-1 -1 -1 -1; P1=RSa RTa; P2=8Su 9Ch; P3=RGh 9Ba; P4=7Gh 6Ba")
    texts = [r.narrate(NAMES) for r in show_all(state)]
    assert texts[0] == "Asha shows a pair of Rajas [nk.show] [nk.order]."
    assert texts[2] == "Chitra shows a Raja and 9: 21, which loses at once [nk.show] [nk.value] [nk.bust]."
    assert texts[3].endswith("Asha wins with a pair of Rajas and takes the pot of 4. Totals: Asha +3, Bela -1, "
                             "Chitra -1, Dev -1 [nk.show] [nk.value] [nk.order] [nk.ante] [nk.pot].")
    text = "dealer=P2; turn=P1; balance=-1 -1 -1; pot=3; P1=VSa 5Ta; P2=8Su 9Ch; P3=7Gh 6Ba; pack=90"
    assert get_game("nakash", players=3).position(text).position() == text
    with pytest.raises(NotationError):
        get_game("nakash", players=3).position("dealer=P2; turn=P1; pot=1; P1=VSa 5Ta; P2=8Su 9Ch; P3=7Gh 6Ba")


@pytest.mark.parametrize("players", range(2, 7))
def test_money_is_conserved(players):
    for seed in range(40):
        state = play_seeded(get_game("nakash", players=players, rounds=6, ante=3), seed, "random")
        assert sum(state.balance) == 0 and state.pot == 0
    result = Match(get_game("nakash", players=players, first_dealer="player-1"), deals=players).play(1, "random")
    assert sum(result.balance) == 0


def test_events_name_the_hands_shown():  # the events the chapter's simulations count
    game = get_game("nakash", players=4)
    state = game.position("dealer=P4; turn=P1; pot=4; balance=-1 -1 -1 -1; P1=RSa RTa; P2=9Su 9Ch; "
                          "P3=RGh 8Ba; P4=7Gh 6Ba")
    events = [game.events_of(r) for r in show_all(state)]
    assert events == [("pair",), ("bust",), ("over",), ()]  # Rajas, 18, 20 (not a pair), 13
    tie = get_game("nakash", players=3).position(
        "dealer=P3; turn=P1; pot=3; balance=-1 -1 -1; P1=9Sa 8Ta; P2=RSa 9Ta; P3=10Sh 7Ba")
    assert [game.events_of(r) for r in show_all(tie)] == [(), ("bust",), ("split",)]
    none = get_game("nakash", players=2).position("dealer=P1; turn=P2; pot=2; balance=-1 -1; P1=9Sa 9Ta; P2=RSa 8Ta")
    assert [game.events_of(r) for r in show_all(none)] == [("over",), ("bust", "carry")]


@pytest.mark.parametrize("limit, winner, words", [(17, 0, "Asha wins with 16"), (15, 2, "over 15 and no winning pair"),
                                                   (20, 1, "Bela wins with 20")])
def test_the_limit_is_an_option_a_designer_can_vary(limit, winner, words):
    """Issue 20: the highest total that wins (nk.over), 17 by default; 18, 19, 21 and 23 lose whatever it is."""
    game = get_game("nakash", players=3, limit=limit)
    state = game.position("dealer=P3; turn=P1; pot=3; balance=-1 -1 -1; P1=9Sa 7Ta; P2=RSa 8Ch; P3=5Sh 6Ba")
    text = " ".join(state.apply("show").narrate(["Asha", "Bela", "Chitra"]) for _ in range(3))
    assert words in text
    assert state.result().winners == (winner,)
    bust = get_game("nakash", players=2, limit=22).position("dealer=P2; turn=P1; pot=2; balance=-1 -1; P1=RSa 9Ta; P2=5Sh 6Ba")
    assert "loses at once" in bust.apply("show").narrate(["Asha", "Bela"])  # 21 busts even at a limit of 22
