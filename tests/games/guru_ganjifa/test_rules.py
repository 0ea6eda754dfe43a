"""Guru Ganjifa, clause by clause, on hand-set positions; notation; a pinned deal."""

import copy
import pickle

import pytest


from engine import (Card, Deal, DealError, GameNotOverError, IllegalMoveError, NotationError, OptionError, Ranking,
                    get_game, parse_cards)
from engine.players.bots import HeuristicBot, RandomBot
from engine.players.play import run
from engine.games.guru_ganjifa import GGMove, GGState, GuruGanjifa
from tests.hand_set import hand_set


M = GGMove.parse
GG3 = GuruGanjifa(players=3)
GG4 = GuruGanjifa(players=4)


def moves(state):
    return [str(m) for m in state.legal_moves()]


def illegal(state, text):
    """The clause of the IllegalMoveError that ``text`` raises (checked by check and apply alike)."""
    with pytest.raises(IllegalMoveError) as err:
        state.check(M(text))
    with pytest.raises(IllegalMoveError) as err2:
        state.apply(M(text))
    assert err.value.clause == err2.value.clause
    return err.value.clause


def play(state, *texts):
    return [state.apply(M(t)) for t in texts]


# --- definition, options, deal -----------------------------------------------------------
def test_definition_and_options():
    assert (GG3.name, GG3.title, GG3.deck.key, GG3.min_players, GG3.max_players) == \
        ("guru-ganjifa", "Guru Ganjifa", "dashavatara", 3, 4)
    assert list(GuruGanjifa.CLAUSES)[0] == "gg.players" and all(c.startswith("gg.") for c in GuruGanjifa.CLAUSES)
    assert {o.name: o.clause for o in GuruGanjifa.options()} == {
        "players": "gg.players", "ranking": "gg.ranking", "time": "gg.opening",
        "direction": "gg.direction", "face_up_batches": "gg.face-up", "double": "gg.double"}
    game = get_game("guru-ganjifa", players="4", ranking="uniform", time="night", direction="clockwise",
                    face_up_batches="true")
    assert game == GuruGanjifa(4, Ranking.UNIFORM, "night", "clockwise", True)
    assert game.describe_options() == "players=4 ranking=uniform time=night direction=clockwise face-up-batches=yes"
    assert game.options_text() == game.describe_options()
    assert type(game).from_text(game.options_text()) == game


@pytest.mark.parametrize("kwargs, clause", [({"players": 5}, "gg.players"), ({"players": 2}, "gg.players"),
                                            ({"time": "dusk"}, "gg.opening"), ({"direction": "up"}, "gg.direction"),
                                            ({"ranking": "traditional"}, "gg.ranking"),
                                            ({"face_up_batches": 2}, "gg.face-up")])
def test_bad_options_name_their_clause(kwargs, clause):
    with pytest.raises(OptionError, match=f"clause {clause}"):
        GuruGanjifa(**kwargs)


def test_deal_in_batches():
    for game, size, batches in ((GG3, 40, (4,) * 10), (GG4, 30, (4,) * 7 + (2,))):
        deal = game.deal(11)
        assert [len(h) for h in deal.hands] == [size] * game.players and deal.piles == ()
        assert sorted(deal.all_cards()) == sorted(game.deck.cards)
        # dealt round by round: batch b of every player before batch b+1
        from engine.shuffle import shuffled
        order = shuffled(game.deck.cards, 11)
        start = 0
        taken = [0] * game.players
        for b in batches:
            for seat in range(game.players):
                assert list(deal.hands[seat][taken[seat]:taken[seat] + b]) == order[start:start + b]
                taken[seat] += b
                start += b


def test_pinned_seeded_deal():
    deal = GG3.deal(2024)
    assert str(deal).startswith("P1=9Na 7Na 2Ra 1Pa 1Bu 8Ka 6Ra 8Ku 5Ka 4Ra MBu 10Kr 3Vm 5Ku 10Pa 1Vm 9Pa 5Ma")
    assert GG3.deal(2024) == deal and GG3.deal("2024") != deal
    assert str(GG4.deal(2024)).startswith("P1=9Na 7Na 2Ra 1Pa RBu MKu RKa 5Na 2Vm MKr 3Ma 6Vm 9Pa 5Ma")


def test_bad_deals_cite_gg_deal():
    deal = GG3.deal(1)
    short = Deal((deal.hands[0][:-1], deal.hands[1], deal.hands[2] + deal.hands[0][-1:]))
    with pytest.raises(DealError, match="gg.deal"):
        GG3.new_game(short)
    with pytest.raises(DealError, match="gg.deal"):
        GG4.new_game(deal)


# --- opening -------------------------------------------------------------------------
@pytest.mark.parametrize("time, raja", [("day", "RRa"), ("night", "RKr")])
def test_opening_three_players(time, raja):
    state = GuruGanjifa(players=3, time=time).start(5)
    holder = state.current_player
    assert state.hands[holder].count(Card.parse(raja)) == 1
    assert moves(state) == [f"lead {raja}"]
    assert illegal(state, "pass") == "gg.opening"
    state.apply(M(f"lead {raja}"))
    order = [(holder + 1) % 3] * 2 + [(holder + 2) % 3] * 2 + [holder]
    for seat in order:
        assert state.current_player == seat
        assert len(state.legal_moves()) == len(state.hands[seat])  # any card at all
        record = state.apply(state.legal_moves()[-1])
        assert "gg.opening" in record.clauses
    assert record.trick[0] == holder and len(state.won[holder]) == 6
    assert "wins all 6 cards" in record.narrate(["A", "B", "C"])
    assert state.current_player == holder and state.stage == "start"
    assert {len(h) for h in state.hands} == {38}


def test_opening_four_players():
    state = GG4.start(5)
    holder = state.current_player
    state.apply(M("lead RRa"))
    for i in range(1, 4):
        assert state.current_player == (holder + i) % 4
        state.apply(state.legal_moves()[0])
    assert len(state.won[holder]) == 4 and {len(h) for h in state.hands} == {29}


# --- unbeatable leads -------------------------------------------------------------------
COMPULSORY = "P1=RRa MRa 10Ra 9Ku; P2=9Ra 3Ku 4Ku 5Ku; P3=5Ma 6Ma 7Ma 8Ma; lead=P1; stage=start"


def test_unbeatable_lead_is_compulsory():
    state = hand_set(GG3, COMPULSORY)
    assert state.unbeatable(0) == list(parse_cards("RRa MRa 10Ra"))
    assert moves(state) == ["lead RRa MRa", "lead RRa MRa 10Ra"]
    assert illegal(state, "lead RRa") == "gg.compulsory"
    assert illegal(state, "lead 10Ra") == "gg.compulsory"
    assert illegal(state, "lead RRa MRa 9Ku") == "gg.unbeatable"
    assert illegal(state, "deni 9Ku > 10Ra") == "gg.compulsory"
    assert illegal(state, "lead RRa MRa 9Ra") == "gg.trick"  # not in hand
    record = state.apply(M("lead MRa RRa"))
    assert record.clauses == ("gg.unbeatable", "gg.compulsory", "gg.combined")
    # each other player adds as many cards as were led, any suit, one card per move
    assert state.current_player == 1 and moves(state) == ["add 3Ku", "add 4Ku", "add 5Ku", "add 9Ra"]
    assert illegal(state, "add 3Ku 4Ku 5Ku") == "gg.combined"
    play(state, "add 3Ku 4Ku")  # several at once is the same as one by one
    assert state.current_player == 2
    last = play(state, "add 5Ma", "add 8Ma")[-1]
    assert last.trick == (0, 6, 0, "combined", "anticlockwise", False) and len(state.won[0]) == 6
    assert state.current_player == 0 and state.stage == "after"


def test_lowest_unbeatable_is_optional_then_lead_passes():
    state = hand_set(GG3, COMPULSORY)
    play(state, "lead RRa MRa", "add 3Ku", "add 4Ku", "add 5Ma", "add 6Ma")
    # no Deni possible: the leader must lead the unbeatables left (the 10 of Rama), then the lead passes
    assert moves(state) == ["lead 10Ra"]
    assert illegal(state, "pass") == "gg.pass-lead"
    assert illegal(state, "lead 9Ku") == "gg.pass-lead"
    state.apply(M("lead 10Ra"))
    last = play(state, "add 9Ra", "add 7Ma")[-1]
    assert last.clauses == ("gg.combined", "gg.pass-lead", "gg.direction")
    assert state.current_player == 1 and state.stage == "start" and state.leader == 1
    assert "the lead passes to Player 2, on the right" in last.narrate(["Player 1", "Player 2", "Player 3"])
    assert len(state.won[0]) == 9


def test_optional_lead_alone_and_pass():
    text = "P1=RRa 9Ku; P2=9Ra 3Ku; P3=5Ma 6Ma; lead=P1; stage=start"
    state = hand_set(GG3, text)
    assert moves(state) == ["lead RRa"]  # only optional cards; no Deni, so leading them is the only way on
    record = state.apply(M("lead RRa"))
    assert record.clauses == ("gg.unbeatable", "gg.optional")
    play(state, "add 9Ra", "add 5Ma")  # (adding the 3 of Kurma would make the 9 unbeatable)
    assert moves(state) == ["pass"] and state.stage == "after"
    record = state.apply(M("pass"))
    assert record.clauses == ("gg.pass-lead", "gg.direction") and state.current_player == 1
    clockwise = hand_set(GuruGanjifa(players=3, direction="clockwise"), text)
    play(clockwise, "lead RRa", "add 9Ra", "add 5Ma")
    assert "on the left" in clockwise.apply(M("pass")).narrate(["A", "B", "C"])
    assert clockwise.current_player == 1  # engine order is seat order either way


def test_pass_needs_a_lead_first():
    state = hand_set(GG3, "P1=9Ra 9Ku; P2=10Ra 3Ku; P3=5Ma 6Ma; lead=P1; stage=start")
    assert illegal(state, "pass") == "gg.no-unbeatable"


def test_ranking_decides_unbeatable():
    # Matsya is a weak suit: traditionally 1 beats 10; uniform: 10 beats 1
    text = "P1=1Ma 5Kr; P2=10Ma 6Kr; P3=5Ku 6Ku; lead=P1; stage=start"
    assert moves(hand_set(GG3, text)) == ["lead 1Ma"]
    uniform = hand_set(GuruGanjifa(players=3, ranking=Ranking.UNIFORM), text)
    assert moves(uniform) == ["lead 1Ma", "lead 5Kr"]  # no unbeatable card: highest of a suit
    assert illegal(hand_set(GG3, text), "lead 5Kr") == "gg.unbeatable"


# --- Deni -------------------------------------------------------------------------------
DENI = "P1=9Kr 7Kr 10Ma; P2=10Kr 8Kr 3Ma; P3=4Ma 5Ma 6Ma; lead=P1; stage=start"


def test_deni_is_legal_and_won_by_the_called_card():
    state = hand_set(GG3, DENI)
    assert moves(state) == ["deni 7Kr > 9Kr", "lead 10Ma", "lead 9Kr"]
    record = state.apply(M("deni 7Kr > 9Kr"))
    assert record.clauses == ("gg.deni",) and state.exposed[0] == [Card.parse("9Kr")]
    assert "calling for the 10 (Player 2 holds it)" in record.narrate(["Player 1", "Player 2", "Player 3"])
    assert state.view(2).exposed == ((Card.parse("9Kr"),), (), ())
    assert moves(state) == ["add 10Kr", "double 8Kr"]
    assert illegal(state, "add 3Ma") == "gg.called"
    assert state.apply(M("add 10Kr")).clauses == ("gg.called",)
    assert moves(state) == ["add 4Ma", "add 5Ma", "add 6Ma"]
    last = state.apply(M("add 4Ma"))
    assert last.clauses == ("gg.follow", "gg.called") and last.trick[:2] == (1, 3)
    assert state.current_player == 1 and state.stage == "start"
    assert Card.parse("9Kr") in hand_set(GG3, state.position()).unbeatable(0)


def test_deni_doubled_costs_the_giver_the_high_card():
    state = hand_set(GG3, DENI)
    play(state, "deni 7Kr > 9Kr")
    record = state.apply(M("double 8Kr"))
    assert record.clauses == ("gg.double",)
    assert state.current_player == 2 and len(state.trick) == 3
    play(state, "add 4Ma", "add 5Ma")  # the player after the doubler adds two cards
    assert state.current_player == 0
    assert moves(state) == ["add 9Kr"]  # the only Krishna card left: the shown card must go
    assert illegal(state, "add 10Ma") == "gg.double"
    last = state.apply(M("add 9Kr"))
    assert last.trick[:2] == (1, 6) and state.exposed[0] == []
    assert "as the doubled Deni demands" in last.narrate(["A", "B", "C"])


def test_double_in_the_middle_of_the_table():
    # giver P1, P2 plays first, the called card's holder is P3: P2 owes one more card afterwards
    state = hand_set(GG3, "P1=9Kr 7Kr 6Kr; P2=3Ma 4Ma 5Ma; P3=10Kr 8Kr 2Ma; lead=P1; stage=start")
    play(state, "deni 6Kr > 9Kr", "add 3Ma", "double 8Kr")
    assert state.current_player == 0 and moves(state) == ["add 9Kr", "add 7Kr"]
    play(state, "add 7Kr")
    assert state.current_player == 1 and state.legal_moves() == [M("add 4Ma"), M("add 5Ma")]
    last = state.apply(M("add 4Ma"))
    assert last.trick[:2] == (2, 6) and state.current_player == 2
    assert state.unbeatable(0) == [Card.parse("9Kr")]


def test_doubling_needs_the_card_exactly_below():
    # the 8 of Krishna is gone: holding the 6 does not allow a double (literal ruling)
    state = hand_set(GG3, "P1=9Kr 7Kr 10Ma; P2=10Kr 6Kr 3Ma; P3=4Ma 5Ma 6Ma; lead=P1; stage=start")
    play(state, "deni 7Kr > 9Kr")
    assert moves(state) == ["add 10Kr"]
    assert illegal(state, "double 6Kr") == "gg.double"


def test_illegal_deni():
    # Raja of Krishna with P3: the 9 would be beaten by two cards in other hands
    state = hand_set(GG3, "P1=9Kr 7Kr 10Ma; P2=10Kr 8Kr 3Ma; P3=RKr 5Ma 6Ma; lead=P1; stage=start")
    assert not any(m.kind == "deni" for m in state.legal_moves())
    assert illegal(state, "deni 7Kr > 9Kr") == "gg.deni"
    state = hand_set(GG3, DENI)
    assert illegal(state, "deni 9Kr > 7Kr") == "gg.deni"  # the led card must be lower
    assert illegal(state, "deni 10Ma > 9Kr") == "gg.deni"  # and of the same suit
    assert illegal(state, "deni 7Kr > 8Kr") == "gg.trick"  # not held


def test_expanded_deni_with_own_higher_card():
    # Raja played, P1 holds the Mantri and the 9, the 10 is with P2: the 9 qualifies
    state = hand_set(GG3, "P1=MKr 9Kr 5Kr; P2=10Kr 3Ma 4Ma; P3=5Ma 6Ma 7Ma; lead=P1; stage=start")
    assert moves(state) == ["lead MKr", "deni 5Kr > 9Kr"]
    play(state, "lead MKr", "add 3Ma", "add 5Ma")
    assert moves(state) == ["deni 5Kr > 9Kr", "pass"]


# --- no unbeatable card -----------------------------------------------------------------
def test_no_unbeatable_lead_the_highest_of_a_suit():
    state = hand_set(GG3, "P1=9Kr 7Kr 10Ma; P2=10Kr RKr 3Ma; P3=4Ma 5Ma 6Ma; lead=P1; stage=start")
    assert moves(state) == ["lead 10Ma", "lead 9Kr"]
    assert illegal(state, "lead 7Kr") == "gg.no-unbeatable"
    assert illegal(state, "lead 9Kr 7Kr") == "gg.no-unbeatable"
    record = state.apply(M("lead 9Kr"))
    assert record.clauses == ("gg.no-unbeatable",)
    assert moves(state) == ["add RKr"]  # the top card of the suit must be played
    assert illegal(state, "add 10Kr") == "gg.no-unbeatable"
    state.apply(M("add RKr"))
    last = state.apply(M("add 6Ma"))
    assert last.clauses == ("gg.follow", "gg.no-unbeatable", "gg.trick") and last.trick[:2] == (1, 3)
    assert state.current_player == 1 and state.stage == "start"


# --- end of game, result ----------------------------------------------------------------
def test_game_end_and_shared_win():
    state = hand_set(GG3, "P1=RRa; P2=3Ku; P3=5Ma; won=P1:10 P2:11 P3:12; lead=P1; stage=start")
    play(state, "lead RRa", "add 3Ku", "add 5Ma")
    assert state.is_terminal() and state.current_player is None and state.legal_moves() == []
    result = state.result()
    assert result.winners == (0, 2) and result.scores == (13.0, 11.0, 12.0) + () or result.scores
    assert result.clause == "gg.winner"
    assert illegal(state, "pass") == "gg.winner"


def test_result_before_the_end_is_an_error():
    with pytest.raises(GameNotOverError) as err:
        GG3.start(1).result()
    assert err.value.clause == "gg.winner"


def test_full_games_run():
    for game in (GG3, GG4):
        state = run(game.start(3), [HeuristicBot(i) for i in range(game.players)])
        assert sum(len(w) for w in state.won) == 120
        assert len(state.transcript()) == len(state.history)
        assert state.result().narrate(["A", "B", "C", "D"]).endswith(".")


# --- views ------------------------------------------------------------------------------
def test_view_hides_other_hands_and_shows_face_up_batches():
    deal = GG3.deal(9)
    hidden = GG3.new_game(deal).view(0)
    assert hidden.hand == tuple(GG3.new_game(deal).hands[0]) and hidden.face_up == ((), (), ())
    open_game = GuruGanjifa(players=3, face_up_batches=True)
    view = open_game.new_game(deal).view(0)
    assert view.face_up[0] == ()
    assert set(view.face_up[1]) == set(deal.hands[1][:4] + deal.hands[1][-4:])
    assert view.hand_sizes == (40, 40, 40) and view.played == () and view.current_player is not None
    four = GuruGanjifa(players=4, face_up_batches=True)
    d4 = four.deal(9)
    assert set(four.new_game(d4).view(3).face_up[0]) == set(d4.hands[0][:4] + d4.hands[0][-2:])


def test_view_face_up_cards_leave_when_played():
    game = GuruGanjifa(players=3, face_up_batches=True)
    state = game.start(4)
    holder = state.current_player
    other = (holder + 1) % 3
    card = next(c for c in state.hands[other] if c in state.face_up[other])
    state.apply(M(f"lead {game.leading_raja}"))
    state.apply(M(f"add {card}"))
    view = state.view(holder)
    assert card not in view.face_up[other] and card in view.played and (other, card) in view.trick


# --- notation -----------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["lead RRa MRa 10Pa", "add 3Ma", "add 3Ma 4Ku", "deni 7Kr > 9Kr",
                                  "double 8Kr", "pass"])
def test_move_notation_round_trips(text):
    move = M(text)
    assert str(move) == text and eval(repr(move)) == move and GG3.parse_move(text) == move
    assert pickle.loads(pickle.dumps(move)) == move and copy.deepcopy(move) is move


@pytest.mark.parametrize("text, token", [("", ""), ("play 3Ma", "play"), ("add", "add"), ("add 3Ma 3Ma", "3Ma"),
                                         ("deni 7Kr 9Kr", "deni 7Kr 9Kr"), ("double 8Kr 9Kr", "double 8Kr 9Kr"),
                                         ("pass 3Ma", "pass 3Ma"), ("lead 3Xx", "3Xx")])
def test_bad_move_notation_names_token(text, token):
    with pytest.raises(NotationError) as err:
        M(text)
    assert err.value.token == token


def test_moves_compare_as_sets_of_cards():
    assert M("lead MRa RRa") == M("lead RRa MRa") and hash(M("lead MRa RRa")) == hash(M("lead RRa MRa"))
    assert M("lead RRa") != M("add RRa") and M("deni 7Kr > 9Kr") != M("deni 7Kr > 8Kr")


def test_position_round_trips_mid_trick_and_mid_deni():
    state = hand_set(GG3, DENI)
    for text in ("deni 7Kr > 9Kr", "double 8Kr", "add 4Ma"):
        state.apply(M(text))
        again = hand_set(GG3, state.position())
        assert again.position() == state.position()
        assert again.legal_moves() == state.legal_moves() and again.exposed == state.exposed
    # the shown card is exposed by the Deni in the trick, so the text does not list it again
    assert state.position() == ("P1=10Ma 9Kr; P2=3Ma; P3=5Ma 6Ma; won=P1:0 P2:0 P3:0; lead=P1; "
                                "stage=start; trick=P1:deni 7Kr > 9Kr, P2:double 8Kr, P3:add 4Ma; called=10Kr")


def test_position_round_trips_through_a_game():
    state = GG4.start(21)
    bots = [RandomBot(i) for i in range(4)]
    while not state.is_terminal():
        text = state.position()
        again = GG4.position(text)
        assert again.position() == text
        assert again.legal_moves() == state.legal_moves() and again.current_player == state.current_player
        state.apply(bots[state.current_player].choose(state))
    assert GG4.position(state.position()).is_terminal()


@pytest.mark.parametrize("text, token", [
    ("P1=RRa; P2=3Ku", "P1=RRa; P2=3Ku"),
    ("P1=RRa; P3=3Ku; P2=5Ma", "P3"),
    ("P1=RRa; P2=RRa; P3=5Ma; lead=P1", "RRa"),
    ("P1=RRa; P2=3Ku; P3=5Ma; lead=P4", "P4"),
    ("P1=RRa; P2=3Ku; P3=5Ma; lead=P1; stage=middle", "middle"),
    ("P1=RRa; P2=3Ku; P3=5Ma; colour=red", "colour"),
    ("P1=RRa; P2=3Ku 4Ku; P3=5Ma 6Ma; lead=P1; trick=P1:add 9Ku", "P1:add 9Ku"),
    ("P1=RRa 2Ku; P2=3Ku 4Ku; P3=5Ma; lead=P1; trick=P3:add 6Ma", "P3:add 6Ma"),
    ("P1=RRa; P2=3Ku; P3=5Ma; won=P1:200", "P1:200"),
])
def test_bad_positions_name_the_token(text, token):
    with pytest.raises(NotationError) as err:
        GG3.position(text)
    assert err.value.token == token


def test_records_are_frozen_and_copyable():
    state = GG3.start(2)
    record = state.apply(state.legal_moves()[0])
    with pytest.raises(AttributeError):
        record.player = 2
    assert copy.deepcopy(record) == record and pickle.loads(pickle.dumps(record)) == record
    twin = copy.deepcopy(state)
    twin.apply(twin.legal_moves()[0])
    assert len(state.history) == 1 and len(twin.history) == 2


def test_move_priority_prefers_deni_and_double():
    state = hand_set(GG3, DENI)
    best = max(state.legal_moves(), key=state.move_priority)
    assert best == M("deni 7Kr > 9Kr")
    state.apply(best)
    assert max(state.legal_moves(), key=state.move_priority) == M("double 8Kr")


def test_state_is_a_gg_state_with_readable_text():
    state = hand_set(GG3, DENI)
    assert isinstance(state, GGState)
    assert str(state).splitlines()[1] == "P1 won   0  10Ma 9Kr 7Kr"


def test_moves_may_be_given_as_text_and_explained():
    state = hand_set(GG3, DENI)
    assert state.explain("add 3Ma").endswith("[clause gg.trick]")  # the leader has nothing to add to
    assert state.explain("deni 7Kr > 9Kr") == "deni 7Kr > 9Kr is legal [gg.deni]"
    state.apply("deni 7Kr > 9Kr")
    assert state.explain("add 10Kr") == "add 10Kr is legal [gg.called]"
    assert state.explain("double 8Kr") == "double 8Kr is legal [gg.double]"
    state.apply("double 8Kr")
    state.apply("add 4Ma 5Ma")
    assert state.explain("add 9Kr").startswith("add 9Kr is forced [gg.double] [gg.called]")
    state = hand_set(GG3, DENI)
    state.apply("deni 7Kr > 9Kr")
    state.apply("add 10Kr")
    assert state.apply("add 5Ma").trick[0] == 1


def test_view_mid_trick_shows_the_trick_and_hides_other_hands():
    state = hand_set(GG3, COMPULSORY)
    play(state, "lead RRa MRa", "add 3Ku")
    view = state.view(2)
    assert view.hand == tuple(parse_cards("5Ma 6Ma 7Ma 8Ma")) and view.hand_sizes == (2, 3, 4)
    assert view.trick == tuple((s, Card.parse(c)) for s, c in ((0, "RRa"), (0, "MRa"), (1, "3Ku")))
    assert view.played[-3:] == parse_cards("RRa MRa 3Ku") and view.leader == 0 and view.current_player == 1
    assert not set(view.hand) & set(state.hands[1])


def test_position_won_counts_and_cards_won_by_nobody():
    state = hand_set(GG3, "P1=RRa; P2=3Ku; P3=5Ma; won=P1:50 P3:7; lead=P1; stage=start")
    assert [len(w) for w in state.won] == [50, 0, 7] and len(state.out) == 120 - 3 - 57
    assert sorted(state.all_cards()) == sorted(GG3.deck.cards)
    assert state.position() == "P1=RRa; P2=3Ku; P3=5Ma; won=P1:50 P2:0 P3:7; lead=P1; stage=start"
    assert repr(state) == f"{GG3!r}.position({state.position()!r})"


def test_hand_set_opening_at_night():
    night = GuruGanjifa(players=3, time="night")
    state = hand_set(night, "P1=3Ku 4Ku; P2=RKr 5Ku; P3=5Ma 6Ma; stage=opening")
    assert state.current_player == 1 and moves(state) == ["lead RKr"]
    with pytest.raises(NotationError):
        hand_set(night, "P1=3Ku 4Ku; P2=RKr 5Ku; P3=5Ma 6Ma; lead=P1; stage=opening")


def test_a_table_may_play_without_doubling():
    """Issue 20: the doubled Deni is an option a designer can switch off (gg.double)."""
    text = ("P1=8Ma 5Vm 9Kr; P2=10Kr 8Kr 2Ku 3Vr; P3=5Ma 6Ku 3Bu 8Pa; P4=2Pa 7Vr 4Bu 6Ma; won=P1:0; lead=P1; "
            "stage=start; trick=P1:deni 7Kr > 9Kr")
    assert "double 8Kr" in map(str, hand_set(GuruGanjifa(players=4), text).legal_moves())
    plain = hand_set(GuruGanjifa(players=4, double=False), text)
    assert [str(m) for m in plain.legal_moves()] == ["add 10Kr"]
    with pytest.raises(IllegalMoveError, match="gg.double"):
        plain.apply("double 8Kr")
    game = GuruGanjifa(players=3, double=False)
    for seed in range(5):
        state = game.start(seed)
        while not state.is_terminal():
            state.apply(state.legal_moves()[-1])
        assert not any(str(r.move).startswith("double") for r in state.history)
