"""Komi clause by clause, on hand-set positions; the stakes family's dealer, deals and rounds; matches."""

import pytest

from engine import CHANCE, DealError, IllegalMoveError, NotationError, OptionError, get_game
from engine.families.stakes import NewDeal, Say, deal_order
from engine.players.match import Match
from engine.players.play import play_seeded
from engine.shuffle import Rng

NAMES = ["Asha", "Bela", "Chitra", "Dev"]


def pos(text, **options):
    return get_game("komi", **options).position(text)


def play(state, *moves):
    return [state.apply(state.game.parse_move(m)) for m in moves]


def refused(state, move):
    with pytest.raises(IllegalMoveError) as err:
        state.check(state.game.parse_move(move))
    return err.value.clause


def test_players_and_options():  # km.players
    assert get_game("komi").players == 4
    for n in (2, 6):
        assert get_game("komi", players=n).players == n
    with pytest.raises(OptionError) as err:
        get_game("komi", players=7)
    assert err.value.clause == "km.players"


def test_first_dealer_is_player_1_or_chance():  # km.dealer
    state = get_game("komi", players=3).start(4)
    assert state.dealer == 0 and state.current_player == 1  # the player after the dealer bets first
    chancy = get_game("komi", players=3, first_dealer="chance").start(4)
    assert chancy.current_player == CHANCE
    outcome = chancy.chance_outcome(Rng(11))
    record = chancy.apply(outcome)
    assert record.clauses == ("km.dealer",) and chancy.dealer == outcome.seat
    assert chancy.current_player == (outcome.seat + 1) % 3
    seats = {get_game("komi", players=5, first_dealer="chance").start(0).chance_outcome(Rng(s)).seat for s in range(60)}
    assert seats == set(range(5))  # every seat can be chosen


def test_bets_and_their_limits():  # km.bet
    state = pos("dealer=P1; turn=P2; P1=5Sh 7Ta VGh; P2=RSa VTa RBa; P3=9Su 9Ch 3Qi", players=3)
    assert [str(m) for m in state.legal_moves()] == ["bet 1", "bet 2", "bet 3"]
    assert refused(state, "bet 5") == "km.bet"
    assert refused(state, "show") == "km.bet"  # the dealer shows only after every bet: the bet rule (§3) says so
    play(state, "bet 2", "bet 3")
    assert state.current_player == 0 and [str(m) for m in state.legal_moves()] == ["show"]
    assert refused(state, "bet 1") == "km.bet"  # the dealer does not bet
    assert [str(m) for m in pos("dealer=P1; turn=P2; P1=5Sh 7Ta VGh; P2=RSa VTa RBa",
                                players=2, max_bet=1).legal_moves()] == ["bet 1"]


def test_deal_three_cards_each_round_the_table():  # km.deal
    game = get_game("komi", players=4)
    deal = game.deal(9)
    assert [len(h) for h in deal.hands] == [3, 3, 3, 3] and len(deal.pile("pack")) == 84
    assert game.deal(9) == deal
    bad = type(deal)(deal.hands[:3], deal.piles)
    with pytest.raises(DealError) as err:
        game.new_game(bad)
    assert err.value.clause == "km.deal"
    twice = type(deal)((deal.hands[0], deal.hands[0]) + deal.hands[2:], deal.piles)
    with pytest.raises(DealError):
        game.new_game(twice)
    assert deal_order(1, 4) == (2, 3, 0, 1)


def test_show_values_scores_and_komi():  # km.show, km.value, km.score, km.komi, km.settle
    state = pos("dealer=P1; turn=P3; bets=0 2 0; P1=5Sh 7Ta VGh; P2=RSa VTa RBa; P3=9Su 9Ch 3Qi", players=3,
                rounds=1)  # a game of one round: the show ends it
    play(state, "bet 1")
    record = play(state, "show")[0]
    assert record.clauses == ("km.show", "km.value", "km.score", "km.komi", "km.settle")
    assert record.data[1] == (2, 10, 1)  # 5 + 7 + 0 = 12 -> 2; Komi; 9 + 9 + 3 = 21 -> 1
    assert record.round_over == (-1, 2, -1) and state.balance == (-1, 2, -1)
    assert state.is_terminal() and state.result().winners == (1,)


def test_komi_ties_komi_and_equal_scores_push():  # km.komi, km.settle
    state = pos("dealer=P1; turn=P3; bets=0 3 0; P1=RSh VSh VCh; P2=RSa VTa RBa; P3=10Su RCh 10Qi", players=3)
    play(state, "bet 2", "show")
    assert state.balance == (2, 0, -2)  # Komi ties Komi; 10 + 0 + 10 = 20 -> 0 loses to a Komi
    same = pos("dealer=P1; turn=P2; P1=4Sh 3Sh VCh; P2=9Sa 8Ta RBa", players=2)
    play(same, "bet 3", "show")
    assert same.balance == (0, 0)  # 7 against 17 -> 7: a push
    house = pos("dealer=P1; turn=P2; P1=4Sh 3Sh VCh; P2=9Sa 8Ta RBa", players=2, ties="dealer")
    play(house, "bet 3", "show")
    assert house.balance == (3, -3)  # the house rule: ties go to the dealer


def test_rounds_rotate_and_totals_run():  # km.rotate, km.rounds
    game = get_game("komi", players=3, rounds=3)
    state = game.start(2)
    dealers = [state.dealer]
    while not state.is_terminal():
        if state.current_player == CHANCE:
            record = state.apply(state.chance_outcome(Rng(len(state.history))))
            assert record.clauses == ("km.rotate", "km.deal")
            dealers.append(state.dealer)
        else:
            state.apply(state.legal_moves()[0])
    assert dealers == [0, 1, 2]
    assert sum(state.balance) == 0 and state.result().clause == "km.rounds"
    with pytest.raises(IllegalMoveError) as err:
        state.check(Say.of("komi", "bet 1"))
    assert err.value.clause == "km.rounds"


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_by_default_a_game_is_one_round_for_each_player(players):  # km.rounds, ruling 8 (issue 19)
    game = get_game("komi", players=players)
    assert game.rounds == "each-deals-once" and game.round_count == players
    assert game.options_text() == f"players={players}"  # the default is not written
    state = play_seeded(game, 7, "random")
    assert state.is_terminal() and state.round == players  # everyone has dealt once
    assert f"after {players} rounds" in state.result().reason
    # the variant: a number of rounds agreed, written out and read back
    one = get_game("komi", players=players, rounds=1)
    assert one.round_count == 1 and one.options_text() == f"players={players} rounds=1"
    assert type(game).from_text(one.options_text()) == one
    assert type(game).from_text(f"players={players} rounds=each-deals-once") == game
    assert play_seeded(one, 7, "random").round == 1


def test_a_new_deal_is_checked():  # km.deal
    state = get_game("komi", players=2, rounds=2).position("dealer=P1; turn=P2; P1=5Sh 7Ta VGh; P2=RSa VTa RBa")
    play(state, "bet 1", "show")
    assert state.current_player == CHANCE
    with pytest.raises(IllegalMoveError) as err:
        state.check(NewDeal.parse("deal 5Sh 7Ta VGh / 5Sh 1Ta 2Ta"))
    assert err.value.clause == "km.deal"
    with pytest.raises(IllegalMoveError):
        state.check(state.game.parse_move("bet 1"))


def test_notation_and_positions_read_back():
    game = get_game("komi", players=3)
    for text in ("bet 1", "show", "dealer P2", "deal 5Sh 7Ta VGh / RSa VTa RBa"):
        assert str(game.parse_move(text)) == text
    with pytest.raises(NotationError):
        game.parse_move("bet 9")
    text = "dealer=P2; turn=P1; bets=0 0 1; P1=5Sh 7Ta VGh; P2=RSa VTa RBa; P3=9Su 9Ch 3Qi; pack=87"
    assert game.position(text).position() == text
    with pytest.raises(NotationError):
        game.position("dealer=P2; turn=P1; bets=2 0 1; P1=5Sh 7Ta VGh; P2=RSa VTa RBa; P3=9Su 9Ch 3Qi")


def test_narration_in_players_words():
    state = pos("dealer=P1; turn=P4; bets=0 1 2 0; P1=5Sh 7Ta VGh; P2=RSa VTa RBa; P3=9Su 9Ch 3Qi; "
                "P4=4Sa 3Ta 2Gh", players=4)
    assert state.apply(state.game.parse_move("bet 3")).narrate(NAMES) == \
        "Dev bets 3 stakes against the dealer [km.bet]."
    text = state.apply(state.game.parse_move("show")).narrate(NAMES)
    assert text.startswith("Asha, the dealer, shows 5, 7 and a Vizier: 12, so 2. Bela has a Komi")
    assert "Dev has 4, 3 and 2: 9: Dev beats the dealer and is paid 3." in text


def test_views_hide_cards_until_the_show():
    state = pos("dealer=P1; turn=P2; P1=5Sh 7Ta VGh; P2=RSa VTa RBa", players=2)
    assert state.view(1).shown == () and state.visible_cards(0) == frozenset()
    play(state, "bet 1", "show")
    assert len(state.view(0).shown) == 2 and len(state.visible_cards(0)) == 6


def test_heuristic_bets_the_least():
    state = pos("dealer=P1; turn=P2; P1=5Sh 7Ta VGh; P2=RSa VTa RBa", players=2)
    best = max(state.legal_moves(), key=state.move_priority)
    assert str(best) == "bet 1"


@pytest.mark.parametrize("players", range(2, 7))
def test_money_is_conserved_in_every_simulated_match(players):
    game = get_game("komi", players=players, max_bet=5)
    for seed in range(25):
        result = Match(game, deals=2 * players).play(seed, bots="random")
        assert sum(result.balance) == 0 and sum(result.totals) == 0
        assert all(sum(d.payments) == 0 for d in result.deals)
        assert [d.dealer for d in result.deals[:players]] == list(result.names)  # each deals once in turn


def test_several_rounds_in_one_game_conserve_money():
    for seed in range(100):
        state = play_seeded(get_game("komi", players=5, rounds=5, first_dealer="chance"), seed, "random")
        assert sum(state.balance) == 0


def test_events_say_whether_the_dealer_came_out_ahead():  # the events the chapter's simulations count
    game = get_game("komi", players=4)
    ahead = game.position("dealer=P1; turn=P1; bets=0 1 3 2; P1=8Sh 2Ta 6Gh; P2=8Sa 3Ba 5Qi; "
                          "P3=9Su VCh 1Qi; P4=10Ta 7Gh 1Ba")
    assert game.events_of(play(ahead, "show")[0]) == ("dealer-ahead",)  # +3 from Chitra, -2 to Dev
    behind = pos("dealer=P1; turn=P3; bets=0 2 0; P1=5Sh 7Ta VGh; P2=RSa VTa RBa; P3=9Su 9Ch 3Qi", players=3)
    records = play(behind, "bet 1", "show")
    assert [game.events_of(r) for r in records] == [(), ("komi", "dealer-behind")]  # pays 2, takes 1
    dealers = pos("dealer=P1; turn=P3; bets=0 3 0; P1=RSh VSh VCh; P2=RSa VTa RBa; P3=10Su RCh 10Qi", players=3)
    assert game.events_of(play(dealers, "bet 2", "show")[-1]) == ("komi", "dealer-komi", "dealer-ahead")
    even = pos("dealer=P1; turn=P2; P1=4Sh 3Sh VCh; P2=9Sa 8Ta RBa", players=2)
    assert game.events_of(play(even, "bet 3", "show")[-1]) == ()  # a push: neither ahead nor behind
    house = pos("dealer=P1; turn=P2; P1=4Sh 3Sh VCh; P2=9Sa 8Ta RBa", players=2, ties="dealer")
    assert game.events_of(play(house, "bet 3", "show")[-1]) == ("dealer-ahead",)


def test_dealer_ahead_and_behind_in_a_simulation_match_the_money():
    from engine.shuffle import derive

    game = get_game("komi", players=3, rounds=1)
    for g in range(60):
        state = play_seeded(game, derive(7, "game", g), ("random",))
        events = [e for r in state.history for e in game.events_of(r)]
        dealer = state.balance[0]  # one round: Player 1 deals
        assert ("dealer-ahead" in events) == (dealer > 0) and ("dealer-behind" in events) == (dealer < 0)


@pytest.mark.parametrize("size", [2, 4, 5])
def test_the_hand_size_is_an_option_a_designer_can_vary(size):
    """Issue 20: two to five cards a hand (km.deal); a Komi is a hand of court cards only, however many."""
    game = get_game("komi", players=3, rounds=1, hand_size=size)
    deal = game.deal(4)
    assert [len(h) for h in deal.hands] == [size] * 3 and len(deal.piles[0][1]) == 96 - 3 * size
    state = game.new_game(deal)
    while not state.is_terminal():
        state.apply(state.legal_moves()[0])
    with pytest.raises(DealError, match="km.deal"):
        game.new_game(get_game("komi", players=3).deal(4))
    with pytest.raises(OptionError, match="hand-size=3"):
        game.table("scores")  # the exact odds are counted for three cards


def test_two_court_cards_are_a_komi_with_two_cards_a_hand():
    game = get_game("komi", players=3, rounds=1, hand_size=2)
    state = game.position("dealer=P1; turn=P3; bets=0 2 0; P1=5Sh 7Ta; P2=RSa VTa; P3=9Su 2Ch")
    state.apply("bet 1")
    text = state.apply("show").narrate(["Asha", "Bela", "Chitra"])
    assert "Bela has a Komi (two court cards): Bela beats the dealer and is paid 2" in text
