"""Sama clause by clause, on hand-set positions; exchanges with chance's blind draws; scoring."""

import pytest

from engine import CHANCE, IllegalMoveError, NotationError, OptionError, get_game
from engine.families.stakes import Draw
from engine.games.sama.state import hand_total
from engine.players.match import Match
from engine.players.play import play_seeded
from engine.shuffle import Rng

NAMES = ["Asha", "Bela", "Chitra", "Dev"]
START = "dealer=P3; turn=P1; P1=7Sh 10Ta 3Gh; P2=RSa 9Ta 8Ba; P3=2Su 4Ch VQi"


def pos(text=START, **options):
    return get_game("sama", **{"players": 3, **options}).position(text)


def play(state, *moves):
    return [state.apply(state.game.parse_move(m)) for m in moves]


def test_players_dealer_and_deal():  # sa.players, sa.dealer, sa.deal
    with pytest.raises(OptionError) as err:
        get_game("sama", players=2)
    assert err.value.clause == "sa.players"
    state = get_game("sama", players=5).start(2)
    assert state.current_player == CHANCE  # the dealer is chosen by chance
    record = state.apply(state.chance_outcome(Rng(3)))
    assert record.clauses == ("sa.dealer",)
    assert [len(h) for h in state.hands] == [3] * 5
    assert state.visible_cards(0) == frozenset(h[2] for h in state.hands)  # the third card lies face up


def test_values_and_the_face_up_card_doubled():  # sa.value, sa.double
    from engine.cards import parse_cards

    assert hand_total(parse_cards("7Sh 10Ta 3Gh")) == 23
    assert hand_total(parse_cards("VSh RTa 3Gh")) == 29  # Vizier 11, Raja 12
    assert hand_total(parse_cards("7Sh 10Ta RGh")) == 29  # a face-up Raja single: the ruling
    assert hand_total(parse_cards("7Sh 10Ta RGh"), "double") == 41  # the variant: a face-up court doubled


def test_a_face_up_court_counts_single_by_default_and_double_in_the_variant():
    """Ruling 1 (issue 19): the source's courts count 11 and 12 "whether face up or down"."""
    sama = get_game("sama", players=3)
    assert sama.court_up == "single" and [o.choices for o in type(sama).options() if o.name == "court_up"] == \
        [("single", "double")]
    text = "dealer=P3; turn=P1; phase=show; P1=7Sh 10Ta RGh; P2=9Sa 9Ta 8Ba; P3=2Su 4Ch 3Qi"
    # Asha 7 + 10 + 12 = 29 against Bela 9 + 9 + 16 = 34: Bela wins; with courts doubled Asha has 41 and wins
    for options, winner in (({}, 1), ({"court_up": "double"}, 0)):
        state = get_game("sama", players=3, **options).position(text)
        for _ in range(3):
            state.apply(state.game.parse_move("show"))
        assert state.result().winners == (winner,)
    assert get_game("sama", players=3, court_up="double").options_text() == "players=3 court-up=double"


def test_one_exchange_each_in_turn():  # sa.exchange
    state = pos()
    assert [str(m) for m in state.legal_moves()] == ["keep", "exchange up", "exchange down"]
    with pytest.raises(IllegalMoveError) as err:
        state.check(state.game.parse_move("show"))
    assert err.value.clause == "sa.exchange"
    play(state, "keep", "keep", "keep")
    assert state.current_player == 0 and [str(m) for m in state.legal_moves()] == ["show"]
    with pytest.raises(IllegalMoveError) as err:
        state.check(state.game.parse_move("exchange up"))  # once only: now everyone shows
    assert err.value.clause == "sa.show"


def test_replacements_are_drawn_blind_in_the_same_orientation():  # sa.replace
    state = pos()
    record = play(state, "exchange up")[0]
    assert record.clauses == ("sa.exchange", "sa.replace") and state.current_player == CHANCE
    assert [str(c) for c in state._out] == ["3Gh"]  # the discard leaves play
    with pytest.raises(IllegalMoveError) as err:
        state.check(Draw.parse("draw 3Gh"))  # not from the pack
    assert err.value.clause == "sa.replace"
    with pytest.raises(IllegalMoveError):
        state.check(Draw.parse("draw 9Sh 8Sh"))  # one card replaces one
    play(state, "draw 9Sh")
    assert [str(c) for c in state.hands[0]] == ["7Sh", "10Ta", "9Sh"]  # the new card is face up
    assert state.current_player == 1
    play(state, "exchange down", "draw 1Sa 2Sa")
    assert [str(c) for c in state.hands[1]] == ["1Sa", "2Sa", "8Ba"]  # two new face-down cards
    drawn = pos()
    play(drawn, "exchange down")
    outcome = drawn.chance_outcome(Rng(7))
    assert len(outcome.cards) == 2 and all(c in drawn.pack for c in outcome.cards)


def test_show_in_turn_and_the_highest_total_wins():  # sa.show, sa.win, sa.stakes
    state = pos()
    play(state, "keep", "keep", "keep")
    records = play(state, "show", "show", "show")
    assert records[0].clauses == ("sa.show", "sa.value", "sa.double")
    assert [r.data[2] for r in records] == [23, 37, 17]  # Chitra's face-up Vizier counts 11, single
    assert "sa.win" in records[-1].clauses and state.won == (0, 1, 0)
    assert state.result().winners == (1,) and state.result().clause == "sa.rounds"
    assert state.game.settle(state) == (0.0, 0.0, 0.0)  # counting rounds: no money


def test_ties_share_and_stakes():  # sa.win, sa.stakes
    tie = "dealer=P3; turn=P1; phase=show; pot=3; balance=-1 -1 -1; P1=7Sh 10Ta 3Gh; P2=8Sa 9Ta 3Ba; P3=2Su 4Ch 1Qi"
    state = pos(tie, scoring="stakes")
    play(state, "show", "show", "show")
    assert state.balance == (1, 0, -1)  # 23 and 23 share 3: the odd stake to P1, first after the dealer
    rounds = pos(tie.replace("pot=3; balance=-1 -1 -1; ", ""))
    play(rounds, "show", "show", "show")
    assert rounds.won == (1, 1, 0)  # each tied player counts the round


def test_rounds_and_rotation():  # sa.rotate, sa.rounds
    state = get_game("sama", players=3, rounds=3, first_dealer="player-1").start(4)
    dealers = [state.dealer]
    while not state.is_terminal():
        if state.current_player == CHANCE:
            record = state.apply(state.chance_outcome(Rng(len(state.history))))
            if record.data[0] == "deal":
                assert record.clauses == ("sa.rotate", "sa.deal")
                dealers.append(state.dealer)
        else:
            state.apply(state.legal_moves()[-1])
    assert dealers == [0, 1, 2] and sum(state.won) >= 3


def test_narration_positions_and_strategy():
    state = pos()
    assert state.apply(state.game.parse_move("exchange down")).narrate(NAMES) == (
        "Asha discards both face-down cards, the 7 and the 10, and will get two new ones [sa.exchange] [sa.replace].")
    state = pos()
    best = max(state.legal_moves(), key=state.move_priority)
    assert str(best) == "exchange up"  # a face-up 3 counts 6; a new card averages 13
    strong = pos("dealer=P3; turn=P1; P1=10Sh RTa 9Gh; P2=RSa 9Ta 8Ba; P3=2Su 4Ch VQi")
    assert str(max(strong.legal_moves(), key=strong.move_priority)) == "keep"
    text = "dealer=P3; turn=P2; phase=show; won=1 0 2; P1=7Sh 10Ta 3Gh; P2=RSa 9Ta 8Ba; P3=2Su 4Ch VQi; out=5Sh; pack=86"
    assert get_game("sama", players=3, rounds=4).position(text).position() == text
    with pytest.raises(NotationError):
        pos("dealer=P3; turn=P1; phase=later; P1=7Sh 10Ta 3Gh; P2=RSa 9Ta 8Ba; P3=2Su 4Ch VQi")


@pytest.mark.parametrize("players", range(3, 7))
def test_money_is_conserved(players):
    for seed in range(30):
        state = play_seeded(get_game("sama", players=players, rounds=4, scoring="stakes"), seed, "random")
        assert sum(state.balance) == 0 and state.pot == 0
    result = Match(get_game("sama", players=players, scoring="stakes", first_dealer="player-1"),
                   deals=players).play(2, "heuristic")
    assert sum(result.balance) == 0


def test_positions_where_chance_acts_read_back():
    """Between rounds, before the first dealer is chosen, and during a blind draw."""
    game = get_game("sama", players=3, rounds=2)
    state = game.position(START)
    play(state, "exchange up")
    text = state.position()
    assert "turn=chance; chance=draw; drawing=P1 up" in text and "P1=7Sh 10Ta;" in text
    again = game.position(text)
    assert again.position() == text and again.current_player == CHANCE
    again.apply(Draw.parse("draw 9Sh"))
    assert [str(c) for c in again.hands[0]] == ["7Sh", "10Ta", "9Sh"]
    with pytest.raises(NotationError):
        game.position(text.replace("drawing=P1 up", "drawing=P1 down"))
    start = get_game("sama", players=3).start(1)
    assert get_game("sama", players=3).position(start.position()).position() == start.position()


def test_events_count_every_turn_to_exchange():  # the events the chapter's simulations count
    state = pos()
    game = state.game
    records = play(state, "exchange up")
    records.append(state.apply(state.chance_outcome(Rng(3))))
    records += play(state, "keep", "exchange down")
    records.append(state.apply(state.chance_outcome(Rng(4))))
    assert [game.events_of(r) for r in records] == [("exchange-turn", "exchange-up"), (), ("exchange-turn",),
                                                    ("exchange-turn", "exchange-down"), ()]


def test_draws_leave_the_rest_of_the_pack_in_its_order():
    """The pack's order is what later blind draws index into: a draw takes its cards out and leaves the
    others as they were, whether chance offered it (the state keeps where it took the cards) or not."""
    state = pos()
    before = state.pack
    play(state, "exchange down")
    twin = state.copy()
    first = state.chance_outcome(Rng(11))
    other = state.chance_outcome(Rng(12))  # offered last: the state keeps where these cards lie
    assert other.cards != first.cards
    state.apply(first)  # not the last offer: its cards are looked for
    assert state.pack == [c for c in before if c not in first.cards]
    assert twin.pack == before  # the copy has its own pack
    play(state, "exchange up")
    with pytest.raises(IllegalMoveError) as err:
        state.check(Draw((first.cards[0],)))  # drawn already: no longer in the pack
    assert err.value.clause == "sa.replace"
    with pytest.raises(IllegalMoveError):
        state.check(Draw.parse("draw RSa"))  # in Bela's hand
    second = state.chance_outcome(Rng(5))
    state.apply(second)  # the last offer: found where it was taken
    assert state.pack == [c for c in before if c not in first.cards + second.cards]
    twin.apply(Draw(first.cards[::-1]))  # the same two cards, written the other way round
    assert twin.pack == [c for c in before if c not in first.cards] and second.cards[0] in twin.pack
    assert [str(c) for c in twin.hands[0][:2]] == [str(c) for c in first.cards[::-1]]


@pytest.mark.parametrize("face_up, winner, best", [("double", 1, 27), ("single", 1, 25), ("triple", 0, 32)])
def test_what_the_face_up_card_counts_is_an_option(face_up, winner, best):
    """Issue 20: the face-up number card counts double (sa.double), or single or triple as a table agrees."""
    game = get_game("sama", players=3, face_up=face_up)
    state = game.position("dealer=P3; turn=P1; phase=show; P1=2Sh 3Ta 9Gh; P2=RSa VTa 2Ba; P3=2Su 4Ch VQi")
    for _ in range(3):
        record = state.apply("show")
    assert state.result().winners == (winner,) and f"highest total, {best}," in record.narrate(["A", "B", "C"])
    if face_up != "double":
        with pytest.raises(OptionError, match="face-up=double"):
            game.table("worth")  # the exact odds are counted for the source's rule only


def test_double_courts_count_as_a_face_up_number_card_does():
    state = get_game("sama", players=3, face_up="triple", court_up="double").position(
        "dealer=P3; turn=P1; phase=show; P1=2Sh 3Ta RGh; P2=RSa VTa 2Ba; P3=2Su 4Ch VQi")
    assert "2 and 3 face down and the Raja face up: 5 + 36 = 41" in state.apply("show").narrate(["A", "B", "C"])
