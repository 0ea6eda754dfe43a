"""Ekrang, clause by clause, on hand-set positions; notation; seeded games."""

import copy
import pickle

import pytest

from engine import DealError, GameNotOverError, IllegalMoveError, NotationError, OptionError, Ranking, get_game
from engine.players.bots import HeuristicBot, RandomBot
from engine.games.ekrang import EKMove, Ekrang
from engine.players.play import run
from engine.protocol import Deal
from tests.hand_set import hand_set

M = EKMove.parse
EK = Ekrang(players=4)
NAMES = ["Asha", "Bela", "Chitra", "Dev"]


def moves(state):
    return [str(m) for m in state.legal_moves()]


def illegal(state, text):
    """The clause of the IllegalMoveError that ``text`` raises (check and apply alike), the state unchanged."""
    before = state.position()
    with pytest.raises(IllegalMoveError) as err:
        state.check(M(text))
    with pytest.raises(IllegalMoveError) as err2:
        state.apply(M(text))
    assert err.value.clause == err2.value.clause
    assert state.position() == before
    return err.value.clause


def play(state, *texts):
    return [state.apply(M(t)) for t in texts]


# --- ek.players, ek.direction, ek.deal, ek.ranking, options -------------------------------------
def test_definition_and_options():
    assert (EK.name, EK.title, EK.deck.key, EK.min_players, EK.max_players) == ("ekrang", "Ekrang", "mughal", 2, 4)
    assert list(Ekrang.CLAUSES)[0] == "ek.players" and all(c.startswith("ek.") for c in Ekrang.CLAUSES)
    assert {o.name: o.clause for o in Ekrang.options()} == {
        "players": "ek.players", "time": "ek.leading-raja", "ranking": "ek.ranking", "opening_add": "ek.opening-add",
        "lead_card": "ek.phase1"}
    assert EK.lead_card == "highest"  # the booklet's "the highest card they have of any suit"
    game = get_game("ekrang", players="2", time="night", ranking="traditional", opening_add="any")
    assert game == Ekrang(2, "night", Ranking.TRADITIONAL, "any")
    assert type(game).from_text(game.options_text()) == game
    assert EK.direction_of_play() == "anticlockwise"


@pytest.mark.parametrize("kwargs, clause", [({"players": 5}, "ek.players"), ({"players": 1}, "ek.players"),
                                            ({"time": "dusk"}, "ek.leading-raja"),
                                            ({"ranking": "traditional"}, "ek.ranking"),
                                            ({"opening_add": "none"}, "ek.opening-add"),
                                            ({"lead_card": "lowest"}, "ek.phase1")])
def test_bad_options_name_their_clause(kwargs, clause):
    with pytest.raises(OptionError, match=f"clause {clause}"):
        Ekrang(**kwargs)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal_gives_every_card_in_equal_hands(players):
    game = Ekrang(players=players)
    deal = game.deal(11)
    assert [len(h) for h in deal.hands] == [96 // players] * players and not deal.piles
    assert sorted(c.index for c in deal.all_cards()) == sorted(c.index for c in game.deck.cards)
    assert game.deal(11) == deal and game.deal(12) != deal


def test_a_deal_that_does_not_fit_names_ek_deal():
    deal = EK.deal(3)
    short = Deal((deal.hands[0][:-1],) + deal.hands[1:])
    for bad in (short, Deal(deal.hands[:3]), Deal(deal.hands, (("stock", ()),)),
                Deal((deal.hands[0][:-1] + deal.hands[1][:1],) + deal.hands[1:])):
        with pytest.raises(DealError, match=r"clause ek\.deal"):
            EK.new_game(bad)
    with pytest.raises(DealError, match=r"clause ek\.deal"):
        EK.new_game("P1=RSu")


def test_ranking_uniform_and_traditional():
    p = "P1=1Su 10Su 3Sa; P2=2Ba; P3=3Ba; P4=4Ba; lead=P1; stage=phase1"
    suit = Ekrang(players=4, lead_card="suit")
    assert moves(hand_set(suit, p)) == ["3Sa", "10Su"]  # uniform: 10 high in Surkh
    assert moves(hand_set(EK, p)) == ["10Su"]  # and the highest card in hand
    trad = Ekrang(players=4, ranking=Ranking.TRADITIONAL)
    assert moves(hand_set(Ekrang(players=4, ranking=Ranking.TRADITIONAL, lead_card="suit"), p)) == ["3Sa", "1Su"]
    assert moves(hand_set(trad, p)) == ["1Su"]  # traditional: 1 high in the weak suits
    # across suits a card counts by its place in its suit: a weak suit's 1 ties with a strong suit's 10
    assert moves(hand_set(trad, "P1=1Su 10Su 10Sa 9Sa; P2=2Ba; P3=3Ba; P4=4Ba; lead=P1; stage=phase1")) == [
        "10Sa", "1Su"]
    t = hand_set(trad, "P1=4Sa; P2=1Ba 2Sa; P3=2Ba; P4=3Ba; lead=P1; stage=phase1; trick=P1:5Ba")
    play(t, "1Ba", "2Ba")
    r = t.apply(M("3Ba"))
    assert r.trick_winner == 1 and "ek.trick" in r.clauses  # the 1 is the highest Barat card


# --- ek.leading-raja, ek.opening, ek.opening-add --------------------------------------------------
def test_the_leading_raja_opens_by_day_and_by_night():
    for seed in range(5):
        s = EK.start(seed)
        assert s.current_player == next(i for i, h in enumerate(s.hands) if EK.leading_raja in h)
        assert all(m.cards[0] is EK.leading_raja for m in s.legal_moves())
        night = Ekrang(players=4, time="night").start(seed)
        assert all(str(m.cards[0]) == "RSa" for m in night.legal_moves())


def test_the_opening_needs_the_raja_and_a_card_of_8_or_higher():
    p = hand_set(EK, "P1=RSu 3Ta 8Ba VSh 7Gh; P2=2Ba 9Ta; P3=3Ba 4Ba; P4=5Ba 6Ta; stage=opening")
    assert p.current_player == 0
    assert moves(p) == ["open RSu VSh", "open RSu 8Ba"]
    assert illegal(p, "open RSu 7Gh") == "ek.opening"
    assert illegal(p, "open RSu") == "ek.opening"
    assert illegal(p, "3Ta") == "ek.opening"
    r = p.apply(M("open RSu 8Ba"))
    assert r.clauses == ("ek.leading-raja", "ek.opening")
    assert r.narrate(NAMES) == ("Asha holds the Raja of Surkh, the leading Raja by day, and opens with it and "
                                "the 8 of Barat [ek.leading-raja] [ek.opening].")
    # no card of 8 or higher: the Raja alone
    q = hand_set(EK, "P1=RSu 3Ta; P2=2Ba 9Ta; P3=3Ba 4Ba; P4=5Ba 6Ta; stage=opening")
    assert moves(q) == ["open RSu"]
    assert EK.events_of(q.apply(M("open RSu"))) == ("raja-alone",)
    # with no second card to be lower than, the others add any card, high or low (ruling 2)
    r = hand_set(EK, "P1=3Ta 7Gh; P2=VBa 2Ba; P3=3Ba 4Ba; P4=5Ba 6Ta; stage=opening; trick=P1:open RSu")
    assert moves(r) == ["2Ba", "VBa"]
    assert r.apply(M("VBa")).narrate(NAMES) == "Bela adds the Vizier of Barat [ek.opening-add]."


def test_the_others_add_a_lower_card_and_the_opener_takes_the_trick():
    p = hand_set(EK, "P1=3Ta 7Gh; P2=2Ba 9Ta; P3=VBa RBa; P4=5Ba 6Ta; stage=opening; trick=P1:open RSu 8Ba")
    assert moves(p) == ["2Ba"]  # the 9 is not lower than the 8
    assert illegal(p, "9Ta") == "ek.opening-add"
    assert illegal(p, "open RSu 9Ta") == "ek.opening-add"
    play(p, "2Ba")
    assert moves(p) == ["VBa", "RBa"]  # nothing lower: any card
    r = p.apply(M("RBa"))
    assert r.note == ("add-any",) and EK.events_of(r) == ("no-lower",)
    assert r.narrate(NAMES) == "Chitra has no lower card and adds the Raja of Barat [ek.opening-add]."
    r = p.apply(M("5Ba"))
    assert r.trick_winner == 0 and p.tricks == (1, 0, 0, 0) and p.current_player == 0 and p.stage == "phase1"
    assert r.narrate(NAMES).endswith("Asha takes the opening trick (5 cards) with the leading Raja [ek.opening].")
    any_card = hand_set(Ekrang(players=4, opening_add="any"), 
        "P1=3Ta 7Gh; P2=2Ba 9Ta; P3=VBa RBa; P4=5Ba 6Ta; stage=opening; trick=P1:open RSu 8Ba")
    assert moves(any_card) == ["9Ta", "2Ba"]


# --- ek.phase1, ek.follow, ek.trick --------------------------------------------------------------
def test_phase1_leads_the_highest_card_in_hand():
    """The booklet's "the highest card they have of any suit": one card, compared across suits by value."""
    p = hand_set(EK, "P1=RTa 3Ta 5Ba 9Ba; P2=9Ta 2Sh; P3=6Ba 1Ta; P4=VGh 4Gh; tricks=P1:1; lead=P1; stage=phase1")
    assert moves(p) == ["RTa"]
    assert illegal(p, "9Ba") == "ek.phase1"  # the best Barat card, but not the highest card in hand
    assert illegal(p, "3Ta") == "ek.phase1"
    assert illegal(p, "4Gh") == "ek.phase1"  # not Asha's card
    with pytest.raises(IllegalMoveError, match="the highest card held, the Raja of Taj"):
        p.check(M("9Ba"))
    r = p.apply(M("RTa"))
    assert r.clauses == ("ek.next-round", "ek.phase1") and r.note == ("lead1-top",)
    assert r.narrate(NAMES) == ("Asha starts a round: leads the Raja of Taj, the highest card in hand "
                                "[ek.next-round] [ek.phase1].")
    # no court: the highest numeral, whatever its suit
    q = hand_set(EK, "P1=3Ta 5Ba 9Ba 8Sh; P2=9Ta 2Sh; P3=6Ba 1Ta; P4=VGh 4Gh; lead=P1; stage=phase1")
    assert moves(q) == ["9Ba"]


def test_phase1_equal_highest_cards_leave_the_leader_the_choice():
    p = hand_set(EK, "P1=VTa 3Ta VBa 9Ba VSh; P2=9Ta 2Sh; P3=6Ba 1Ta; P4=VGh 4Gh; lead=P1; stage=phase1")
    assert moves(p) == ["VTa", "VSh", "VBa"]  # three Viziers, no Raja: any of them
    assert illegal(p, "9Ba") == "ek.phase1"
    with pytest.raises(IllegalMoveError, match="the Vizier of Taj, the Vizier of Shamsher or the Vizier of Barat"):
        p.check(M("3Ta"))
    r = p.apply(M("VBa"))
    assert r.note == ("lead1-tie",)
    assert r.narrate(NAMES).startswith("Asha starts a round: leads the Vizier of Barat, one of the highest cards")


def test_phase1_option_the_highest_card_of_a_chosen_suit():
    suit = Ekrang(players=4, lead_card="suit")
    p = hand_set(suit, "P1=RTa 3Ta 5Ba 9Ba; P2=9Ta 2Sh; P3=6Ba 1Ta; P4=VGh 4Gh; tricks=P1:1; lead=P1; stage=phase1")
    assert moves(p) == ["RTa", "9Ba"]
    assert illegal(p, "3Ta") == "ek.phase1"
    assert illegal(p, "5Ba") == "ek.phase1"
    r = p.apply(M("9Ba"))
    assert r.clauses == ("ek.next-round", "ek.phase1") and r.note == ("lead1",)
    assert r.narrate(NAMES).startswith("Asha starts a round: leads the 9 of Barat, the highest Barat card in hand")


def test_phase1_others_follow_suit_if_they_can():
    p = hand_set(EK, "P1=3Ta 5Ba; P2=9Ta 2Sh 8Ta; P3=6Ba 1Ta; P4=VGh 4Gh; lead=P1; stage=phase1; trick=P1:RTa")
    assert moves(p) == ["8Ta", "9Ta"]
    assert illegal(p, "2Sh") == "ek.follow"
    play(p, "8Ta", "1Ta")
    assert moves(p) == ["4Gh", "VGh"]  # no Taj: any card
    r = p.apply(M("VGh"))
    assert r.note == ("renounce",) and "renounce" in EK.events_of(r)
    assert r.trick_winner == 0 and "ek.trick" in r.clauses


def test_the_highest_card_of_the_suit_led_wins():
    p = hand_set(EK, "P1=3Ta 5Ba; P2=2Sh; P3=6Ba 1Ta; P4=VGh RSh; lead=P2; stage=phase1; trick=P2:9Ta")
    play(p, "1Ta", "RSh")
    r = p.apply(M("3Ta"))
    assert r.trick_winner == 1  # the Raja of Shamsher is not of the suit led
    assert r.narrate(NAMES).startswith("Asha follows with the 3 of Taj [ek.follow]. Bela wins the trick with the 9")


# --- ek.phase2, ek.phase2-any, ek.skip, ek.next-round ---------------------------------------------
def test_phase2_the_winner_leads_the_lowest_of_the_suit():
    p = hand_set(EK, "P1=RTa 3Ta 7Ta 5Ba; P2=9Ta 2Sh; P3=6Ba 1Ta; P4=VGh 4Gh; lead=P1; stage=phase1")
    play(p, "RTa", "9Ta", "1Ta", "4Gh")
    assert p.stage == "phase2" and p.current_player == 0
    assert moves(p) == ["3Ta"] and p.is_forced(M("3Ta"))
    assert illegal(p, "7Ta") == "ek.phase2"
    assert illegal(p, "5Ba") == "ek.phase2"
    r = p.apply(M("3Ta"))
    assert r.clauses == ("ek.phase2",)
    assert r.narrate(NAMES) == "Phase 2: Asha leads the 3 of Taj, the lowest Taj card in hand [ek.phase2]."


def test_phase2_any_card_only_a_higher_card_of_the_suit_wins():
    p = hand_set(EK, "P1=7Ta 5Ba; P2=9Ta 2Sh; P3=6Ba 1Ta; P4=VGh 4Ta; tricks=P1:2; lead=P1; stage=phase2; "
                    "trick=P1:3Ta")
    assert moves(p) == ["9Ta", "2Sh"]  # any card, no duty to follow
    r = p.apply(M("2Sh"))
    assert r.clauses == ("ek.phase2-any",) and r.note == ("discard2",)
    play(p, "1Ta")
    r = p.apply(M("4Ta"))
    assert r.trick_winner == 3 and "phase2" in EK.events_of(r)
    assert p.current_player == 3 and p.stage == "phase1"  # the winner starts the next round
    q = hand_set(EK, "P1=7Ta 5Ba; P2=9Ta 2Sh; P3=6Ba 1Ta; P4=VGh 4Ta; lead=P1; stage=phase2; trick=P1:3Ta")
    play(q, "2Sh", "6Ba")
    r = q.apply(M("VGh"))
    assert r.trick_winner == 0 and "phase2-leader-wins" in EK.events_of(r)


def test_phase2_is_skipped_when_the_winner_has_no_card_of_the_suit():
    p = hand_set(EK, "P1=RTa 5Ba; P2=9Ta 2Sh; P3=6Ba 1Ta; P4=VGh 4Gh; lead=P1; stage=phase1")
    play(p, "RTa", "9Ta", "1Ta")
    r = p.apply(M("4Gh"))
    assert "ek.skip" in r.clauses and EK.events_of(r) == ("renounce", "skip", "round")
    assert p.stage == "phase1" and p.current_player == 0
    assert r.narrate(NAMES).endswith("Asha wins the trick with the Raja of Taj and holds no Taj card, so there is "
                                     "no phase 2 [ek.trick] [ek.skip].")
    assert moves(p) == ["5Ba"]


def test_the_next_round_is_led_by_the_last_tricks_winner():
    p = hand_set(EK, "P1=7Ta 5Ba; P2=9Ta 2Sh; P3=6Ba 1Ta; P4=VGh 4Ta; lead=P1; stage=phase2; trick=P1:3Ta")
    play(p, "9Ta", "1Ta", "4Ta")
    assert p.current_player == 1 and p.stage == "phase1"
    assert moves(p) == ["2Sh"]


# --- ek.empty-hand, ek.winner --------------------------------------------------------------------
def test_an_empty_hand_sits_out_and_passes_the_lead():
    p = hand_set(EK, "P1=RTa; P2=9Ta 2Sh; P3=6Ba 1Ta; P4=VGh 4Gh; tricks=P1:3 P2:2; lead=P1; stage=phase1")
    play(p, "RTa", "9Ta", "1Ta")
    r = p.apply(M("4Gh"))
    assert r.clauses[-2:] == ("ek.skip", "ek.empty-hand") and p.current_player == 1
    assert "lead-passes" in EK.events_of(r)
    assert r.narrate(NAMES).endswith("Asha has no cards left, so Bela leads [ek.empty-hand].")
    play(p, "2Sh")  # three players now, Asha sits out
    assert p.current_player == 2
    assert [len(h) for h in p.hands] == [0, 0, 1, 1]


def test_most_tricks_wins_and_ties_share():
    p = hand_set(EK, "P1=-; P2=2Sh; P3=6Ba; P4=4Gh; tricks=P1:3 P2:2 P3:3; lead=P2; stage=phase1")
    with pytest.raises(GameNotOverError) as err:
        p.result()
    assert err.value.clause == "ek.winner"
    play(p, "2Sh", "6Ba")
    r = p.apply(M("4Gh"))
    assert r.game_over and "ek.winner" in r.clauses
    res = p.result()
    assert res.winners == (0, 1, 2) and res.scores == (3.0, 3.0, 3.0, 0.0) and res.clause == "ek.winner"
    assert "shared-win" in EK.events_of(r)
    assert res.narrate(NAMES) == "Asha, Bela and Chitra share the win: most tricks won (3 tricks)."
    assert illegal(p, "2Sh") == "ek.winner"


# --- notation, positions, copies ------------------------------------------------------------------
@pytest.mark.parametrize("text", ["", "open", "open RSu 9Sh 8Sh", "9Sh 8Sh", "9Kr", "open RSu RSu", "11Sh"])
def test_bad_move_notation(text):
    with pytest.raises(NotationError):
        M(text)


def test_moves_read_back_and_pickle():
    for text in ("9Sh", "open RSu 10Sh", "open RSa"):
        m = M(text)
        assert str(m) == text and M(str(m)) is m and eval(repr(m), {"EKMove": EKMove}) is m
        assert pickle.loads(pickle.dumps(m)) is m and copy.deepcopy(m) is m


@pytest.mark.parametrize("text, clause", [
    ("P1=3Ta; P2=2Ba; P3=3Ba; P4=4Ba; lead=P1; stage=phase2", None),
    ("P1=3Ta; P2=2Ba; P3=3Ba; P4=4Ba; lead=P1; stage=phase2; suit=Ba", "ek.skip"),
    ("P1=-; P2=2Ba; P3=3Ba; P4=4Ba; lead=P1; stage=phase1", "ek.empty-hand"),
    ("P1=3Ta; P2=2Ba; P3=3Ba; P4=4Ba; lead=P1; stage=opening", "ek.leading-raja"),
    ("P1=3Ta; P2=2Ba; P3=3Ba; P4=4Ba; lead=P1; stage=phase1; trick=P1:3Ta, P3:3Ba", None),
    ("P1=3Ta; P2=2Ba; P3=3Ba; P4=4Ba; lead=P1; stage=phase1; trick=P1:3Ta, P2:2Ba, P3:3Ba, P4:4Ba", None),
    ("P1=3Ta 3Ta; P2=2Ba; P3=3Ba; P4=4Ba; lead=P1", None),
    ("P1=3Ta; P2=2Ba; P3=3Ba; P4=4Ba; lead=P1; stage=dusk", None),
    ("P1=3Ta; P2=2Ba; P3=3Ba; lead=P1", None),
    ("P1=3Ta; P2=2Ba; P3=3Ba; P4=4Ba; lead=P1; tricks=P1:0", None),
    ("P1=3Ta; P2=2Ba; P3=3Ba; P4=4Ba; lead=P1; tricks=P1:x", None),
])
def test_bad_positions_are_refused(text, clause):
    with pytest.raises(NotationError) as err:
        EK.position(text)
    if clause:
        assert err.value.clause == clause


def test_positions_read_back_and_copies_are_independent():
    s = EK.start(5)
    for _ in range(37):
        s.apply(s.legal_moves()[0])
    text = s.position()
    again = EK.position(text)
    assert again.position() == text and moves(again) == moves(s)
    twin = s.copy()
    twin.apply(twin.legal_moves()[-1])
    assert s.position() == text


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_whole_games(players, bots):
    game = Ekrang(players=players)
    bot = RandomBot if bots == "random" else HeuristicBot
    for seed in range(4):
        final = run(game.start(seed), [bot(f"t{seed}/{i}") for i in range(players)], seed)
        assert final.is_terminal()
        assert sum(final.tricks) == sum(1 for r in final.history if r.trick is not None)
        assert len(final.history) == 96 - 1  # every card played, the opening's two in one move
        assert sorted(c.index for c in final.all_cards()) == sorted(c.index for c in game.deck.cards)
        res = final.result()
        assert max(res.scores) == res.scores[res.winners[0]]


# --- the heuristic player ---------------------------------------------------------------------------
def test_the_careful_player_beats_random_players():
    from engine.study.simulate import simulate

    report = simulate(Ekrang(players=4), games=200, seed=3, bots=["heuristic", "random", "random", "random"])
    assert report.win_share[0] > 0.5  # far above a fair quarter


def test_the_careful_player_wins_cheaply_and_throws_low():
    p = hand_set(EK, "P1=3Ta 7Su 1Su 6Ba; P2=9Ta VTa 2Sh 5Su; P3=4Gh 8Ba 2Su 6Sh; P4=VGh 2Ba 9Su 3Gh; "
                    "lead=P1; stage=phase1; trick=P1:8Ta")
    best = max(p.legal_moves(), key=p.move_priority)
    assert str(best) == "9Ta"  # the lowest Taj card that wins
    q = hand_set(EK, "P1=7Ta 10Su 1Su 6Ba; P2=9Ta 2Sh 5Su; P3=4Gh 8Ba 2Su 6Sh; P4=VGh 2Ba 9Su 3Gh; "
                    "lead=P1; stage=phase2; trick=P1:3Ta, P2:VTa")
    assert str(max(q.legal_moves(), key=q.move_priority)) == "2Su"  # cannot win: throw the lowest card


def test_reachable_positions_are_read_by_the_book():
    # the opening is played from the hands as dealt (ek.deal)
    with pytest.raises(NotationError) as err:
        EK.position("P1=RSu 3Ta 8Ba VSh 7Gh; P2=2Ba 9Ta; P3=3Ba 4Ba; P4=5Ba 6Ta; stage=opening")
    assert err.value.clause == "ek.deal"
    # after it, the opener holds one card fewer than everyone else (ek.opening-add)
    with pytest.raises(NotationError) as err:
        EK.position("P1=RTa 5Ba; P2=9Ta 2Sh; P3=6Ba 1Ta; P4=VGh 4Gh; tricks=P1:22; lead=P1; stage=phase1")
    assert err.value.clause == "ek.opening-add"
    # and the tricks won are the tricks played (ek.trick): 22 here, the others holding 2 of their 24 cards
    with pytest.raises(NotationError) as err:
        EK.position("P1=5Ba; P2=9Ta 2Sh; P3=6Ba 1Ta; P4=VGh 4Gh; tricks=P1:3 P2:2; lead=P2; stage=phase1")
    assert err.value.clause == "ek.trick" and "22 tricks have been played" in str(err.value)
    state = EK.position("P1=5Ba; P2=9Ta 2Sh; P3=6Ba 1Ta; P4=VGh 4Gh; tricks=P1:10 P2:8 P3:4; lead=P2; stage=phase1")
    assert sum(state.tricks) == 22
