"""Hamrang, clause by clause: each rule's cases, and each refusal naming its clause."""

from __future__ import annotations

import pytest


from engine.cards import Card
from engine.decks import Ranking
from engine.errors import DealError, IllegalMoveError, NotationError, OptionError
from engine.games.hamrang import Hamrang, HRDraw, HRMove
from engine.players.play import play_seeded
from engine.protocol import CHANCE, Deal
from tests.hand_set import hand_set


HR = Hamrang()
NAMES = ["Asha", "Bela", "Chitra", "Dev"]
OPEN = "P1=RSu 4Su 10Su 2Ta; P2=VSu 3Su 5Ta VTa; P3=9Su 1Su RSh 8Sh; P4=RTa 6Su 2Sh 3Sh; turn=P1"


def moves(state):
    return [str(m) for m in state.legal_moves()]


def refused(state, text):
    with pytest.raises(IllegalMoveError) as err:
        state.apply(text if not isinstance(text, str) else HR.parse_move(text))
    return err.value.clause


# hr.players
def test_four_players_only():
    assert HR.players == 4
    with pytest.raises(OptionError) as err:
        Hamrang(players=3)
    assert err.value.clause == "hr.players"


# hr.draw
def test_the_draw_is_chances_first_step_and_the_highest_card_deals():
    s = HR.start(5)
    assert s.current_player == CHANCE and s.legal_moves() == []
    r = s.apply(HRDraw.parse("draw P2 5Ba 7Sh RTa 3Gh"))
    assert s.dealer == 3 and r.clauses == ("hr.draw", "hr.players", "hr.deal")  # Bela, Chitra, Dev, Asha draw
    assert "Dev deals" in r.narrate(NAMES) and s.current_player == s.leader


def test_tied_highest_cards_draw_again():
    s = HR.start(5)
    r = s.apply(HR.parse_move("draw P1 RSh 7Sh RTa 3Gh 2Ba 9Ch"))
    assert s.dealer == 2  # Asha and Chitra tie with Rajas; Chitra's 9 beats Asha's 2
    assert "tie with Rajas and draw again" in r.narrate(NAMES)


@pytest.mark.parametrize("text", ["draw P1 RSh 7Sh RTa 3Gh", "draw P1 5Sh 7Sh RTa 3Gh 2Ba", "draw P1 5Sh 7Sh RTa"])
def test_a_draw_that_is_not_the_rules_draw_is_refused(text):
    s = HR.start(5)
    assert refused(s, text) == "hr.draw"
    assert s.current_player == CHANCE


def test_players_cannot_play_before_the_draw():
    s = HR.start(5)
    assert refused(s, "play RSu 10Su") == "hr.draw"


def test_chance_draws_fairly_and_the_game_goes_on():
    dealers = set()
    for seed in range(40):
        s = play_seeded(HR, seed, "random")
        assert s.history[0].player == CHANCE
        dealers.add(s.history[0].note[1])
    assert dealers == {0, 1, 2, 3}


# hr.deal
def test_twenty_four_cards_each_in_packets_of_four():
    deal = HR.deal(9)
    assert [len(h) for h in deal.hands] == [24] * 4
    assert len(set(deal.all_cards())) == 96


def test_a_deal_that_does_not_fit_is_refused():
    deal = HR.deal(9)
    short = Deal((deal.hands[0][:-1],) + deal.hands[1:])
    with pytest.raises(DealError) as err:
        HR.new_game(short)
    assert err.value.clause == "hr.deal"


# hr.ranking
def test_every_suit_ranks_ten_down_to_one_unless_traditional():
    # the booklet: "the raja ..., followed by the vizier, and then the number cards 10 to 1"
    assert HR.ranking is Ranking.UNIFORM
    assert moves(hand_set(HR, OPEN)) == ["play RSu 4Su"]
    p = hand_set(HR, "P1=10Su 2Ta; P2=VSu 3Su 5Ta VTa; P3=9Su 1Su RSh 8Sh; P4=RTa 6Su 2Sh 3Sh; turn=P2; "
                    "trick=P1:play RSu 4Su")
    assert moves(p) == ["play VSu 3Su"]
    # its "Variation": in the weak suits the 1 is high and the 10 low
    trad = Hamrang(ranking=Ranking.TRADITIONAL)
    assert moves(hand_set(trad, OPEN)) == ["play RSu 10Su"]
    q = hand_set(trad, "P1=4Su 2Ta; P2=5Ta VTa; P3=9Su 1Su RSh 8Sh; P4=RTa 6Su 2Sh 3Sh; turn=P3; "
                      "trick=P1:play RSu 10Su, P2:play VSu 3Su")
    assert moves(q) == ["play 1Su 9Su"]
    # where the reversed numerals decide a card, the narration cites the rank order; else it does not
    assert q.copy().apply("play 1Su 9Su").clauses == ("hr.follow", "hr.ranking")
    assert "hr.ranking" not in p.copy().apply("play VSu 3Su").clauses
    u = hand_set(HR, "P1=10Su 2Ta; P2=5Ta VTa; P3=9Su 1Su RSh 8Sh; P4=RTa 6Su 2Sh 3Sh; turn=P3; "
                    "trick=P1:play RSu 4Su, P2:play VSu 3Su")
    assert u.apply("play 9Su 1Su").clauses == ("hr.follow",)


# hr.opening
def test_the_leading_raja_opens_with_the_lowest_of_its_suit():
    s = hand_set(HR, OPEN)
    assert moves(s) == ["play RSu 4Su"]
    assert refused(s, "play RSu 10Su") == "hr.opening"
    assert refused(s, "play 4Su 10Su") == "hr.opening"
    r = s.apply(HR.parse_move("play RSu 4Su"))
    assert r.clauses == ("hr.opening",)


def test_by_night_safed_opens():
    night = Hamrang(time="night")
    s = hand_set(night, "P1=RSu 4Su 10Su 2Ta; P2=VSu 3Su 5Ta VTa; P3=RSa 1Su RSh 8Sa; P4=RTa 6Su 2Sh 3Sh; turn=P3")
    assert moves(s) == ["play RSa 8Sa"]
    with pytest.raises(NotationError):
        hand_set(night, "P1=RSu 4Su 10Su 2Ta; P2=VSu 3Su 5Ta VTa; P3=RSa 1Su RSh 8Sa; P4=RTa 6Su 2Sh 3Sh; turn=P1")


def test_a_lone_leading_raja_takes_the_lowest_of_another_suit():
    s = hand_set(HR, "P1=RSu 4Ta 7Ta 2Sh; P2=VSu 3Su 5Ta VTa; P3=9Su 1Su RSh 8Sh; P4=RGh 6Su 5Sh 3Sh; turn=P1")
    assert moves(s) == ["play RSu 4Ta", "play RSu 2Sh"]
    assert refused(s, "play RSu 7Ta") == "hr.substitute"
    assert s.apply(HR.parse_move("play RSu 2Sh")).clauses == ("hr.opening",)  # its own clause says what a lone Raja goes with


def test_any_time_the_opener_may_put_in_another_suits_lowest():
    lit = Hamrang(opener_substitute="any-time")
    s = hand_set(lit, OPEN)
    assert moves(s) == ["play RSu 4Su", "play RSu 2Ta"]
    assert refused(s, "play RSu 10Su") == "hr.opening"
    r = s.apply(HR.parse_move("play RSu 2Ta"))
    assert r.clauses == ("hr.opening",) and lit.events_of(r) == ("opener-substitutes",)
    assert "in place of a second Surkh card, the lowest Taj card, the 2" in r.narrate(NAMES)


# hr.follow
def test_followers_play_their_highest_and_lowest_of_the_suit_led():
    s = hand_set(HR, "P1=10Su 2Ta; P2=VSu 3Su 5Ta VTa; P3=9Su 1Su RSh 8Sh; P4=RTa 6Su 2Sh 3Sh; turn=P2; "
                    "trick=P1:play RSu 4Su")
    assert moves(s) == ["play VSu 3Su"]
    assert refused(s, "play VSu 5Ta") == "hr.follow"
    assert s.apply(HR.parse_move("play VSu 3Su")).clauses == ("hr.follow",)


def test_a_follower_may_write_the_two_cards_in_either_order():
    # the booklet sets no order for the two cards; the record keeps the usual order (highest first)
    s = hand_set(HR, "P1=10Su 2Ta; P2=VSu 3Su 5Ta VTa; P3=9Su 1Su RSh 8Sh; P4=RTa 6Su 2Sh 3Sh; turn=P2; "
                    "trick=P1:play RSu 4Su")
    s.check("play 3Su VSu")
    assert s.explain("play 3Su VSu").startswith("play VSu 3Su is forced")
    assert s.is_forced("play 3Su VSu")
    r = s.apply(HR.parse_move("play 3Su VSu"))
    assert str(r.move) == "play VSu 3Su" and r.clauses == ("hr.follow",)
    assert "P2:play VSu 3Su" in s.position()
    # short of the suit, and void: the card put in may come first
    t = hand_set(HR, "P1=10Su 2Ta; P2=5Ta VTa; P3=RSh 8Sh; P4=RTa 6Su 2Sh 3Sh; turn=P4; "
                    "trick=P1:play RSu 4Su, P2:play VSu 3Su, P3:play 9Su 1Su")
    assert str(t.apply("play 2Sh 6Su").move) == "play 6Su 2Sh"
    v = hand_set(HR, "P1=4Ta 2Ta; P2=5Sh VTa; P3=RSh 5Gh 7Gh 9Gh; P4=RTa 6Ch 2Sh 3Sh; turn=P3; "
                    "trick=P1:play RSu 10Su, P2:play VSu 3Su")
    assert str(v.apply("play 5Gh 9Gh").move) == "play 9Gh 5Gh"


def test_a_lead_keeps_its_order_the_card_of_the_suit_led_first():
    s = hand_set(HR, OPEN)
    with pytest.raises(IllegalMoveError, match="other way round"):
        s.check("play 4Su RSu")


# hr.substitute
def test_short_of_the_suit_one_card_of_another_suit_goes_in():
    s = hand_set(HR, "P1=10Su 2Ta; P2=5Ta VTa; P3=RSh 8Sh; P4=RTa 6Su 2Sh 3Sh; turn=P4; "
                    "trick=P1:play RSu 4Su, P2:play VSu 3Su, P3:play 9Su 1Su")
    assert moves(s) == ["play 6Su RTa", "play 6Su 3Sh", "play 6Su 2Sh"]
    assert refused(s, "play 2Sh 3Sh") == "hr.follow"


def test_a_void_follower_puts_in_two_ends_of_other_suits():
    s = hand_set(HR, "P1=4Ta 2Ta; P2=5Sh VTa; P3=RSh 5Gh 7Gh 9Gh; P4=RTa 6Ch 2Sh 3Sh; turn=P3; "
                    "trick=P1:play RSu 10Su, P2:play VSu 3Su")
    got = moves(s)
    assert got == ["play RSh 9Gh", "play RSh 5Gh", "play 9Gh 5Gh"]  # a middle card (7Gh) is never put in
    assert refused(s, "play 7Gh RSh") == "hr.substitute"
    r = s.apply(HR.parse_move(got[0]))
    assert r.clauses == ("hr.substitute",)


# hr.trick
def test_the_highest_card_of_the_suit_led_wins():
    s = hand_set(HR, "P1=VSh 4Sh 2Ta 3Ta; P2=RSh 3Sh 5Ta VTa; P3=9Su 1Su RGh 8Gh; P4=RTa 6Su 2Sh 7Sh; "
                    "tricks=1 0 0 0; turn=P1")
    for text in ("play VSh 4Sh", "play RSh 3Sh", "play 9Su 1Su"):
        s.apply(HR.parse_move(text))
    r = s.apply(HR.parse_move("play 7Sh 2Sh"))
    assert r.trick_winner == 1 and "hr.trick" in r.clauses and s.current_player == 1


# hr.lead
def test_the_lead_is_a_suit_with_a_court_card():
    s = hand_set(HR, "P1=VTa 3Ta 8Ta 5Sh 9Sh 2Gh; P2=RTa 5Ch 9Ch 3Ch 4Qi 6Sh; P3=VSh 10Ta 1Ch 6Qi 7Qi 8Qi; "
                    "P4=3Gh 8Gh 2Ch RCh 4Ch 6Ch; tricks=2 1 0 0; turn=P1")
    assert moves(s) == ["play VTa 3Ta"]
    assert refused(s, "play 9Sh 5Sh") == "hr.lead"
    assert refused(s, "play VTa 8Ta") == "hr.lead"


def test_a_lone_court_card_leads_with_the_lowest_of_another_suit():
    s = hand_set(HR, "P1=RGh 4Ta 7Ta 2Sh; P2=VGh 5Ta 9Sh 3Ch; P3=VSh 10Ta 1Ch 6Qi; P4=3Gh 8Gh 2Ch RCh; "
                    "tricks=1 1 0 0; turn=P1")
    assert moves(s) == ["play RGh 4Ta", "play RGh 2Sh"]
    assert refused(s, "play RGh 7Ta") == "hr.substitute"


# hr.out and hr.pass-lead
def test_a_player_without_court_cards_is_out_and_a_winner_who_is_out_passes_the_lead():
    s = hand_set(HR, "P1=10Su 2Ta; P2=5Ta VTa; P3=RSh 8Sh; P4=RTa 6Su 2Sh 3Sh; turn=P4; "
                    "trick=P1:play RSu 4Su, P2:play VSu 3Su, P3:play 9Su 1Su")
    r = s.apply(HR.parse_move("play 6Su 2Sh"))
    assert r.trick_winner == 0 and r.trick[3] == (0,)
    assert "hr.out" in r.clauses and "hr.pass-lead" in r.clauses
    assert s.still_in == (False, True, True, True) and s.current_player == 1


def test_players_dealt_no_court_sit_out_from_the_start():
    s = hand_set(HR, "P1=RSu 4Su 10Su 2Ta; P2=VSu 3Su 5Ta VTa; P3=9Su 1Su 7Sh 8Sh; P4=RTa 6Su 2Sh 3Sh; turn=P1")
    s.apply(HR.parse_move("play RSu 4Su"))
    s.apply(HR.parse_move("play VSu 3Su"))
    assert s.current_player == 3  # Chitra is out: Dev plays next


# hr.end and hr.winner
def test_the_game_goes_on_until_every_court_card_is_played():
    # the booklet: "The game continues until all players have played all of their face cards"
    assert HR.last_player == "plays-on"
    s = hand_set(HR, "P1=VSh 4Sh VTa 3Ta; P2=RSh 3Sh 5Ta 4Ta; P3=9Su 1Su 2Gh 8Gh; P4=6Ta 6Su 2Sh 7Sh; "
                    "tricks=1 1 1 0; turn=P1")  # Chitra and Dev are out already
    s.apply(HR.parse_move("play VSh 4Sh"))
    r = s.apply(HR.parse_move("play RSh 3Sh"))
    assert "hr.pass-lead" in r.clauses and not r.game_over
    assert s.current_player == 0 and s.still_in == (True, False, False, False)
    r = s.apply(HR.parse_move("play VTa 3Ta"))
    assert r.trick_winner == 0 and r.game_over and "hr.end" in r.clauses
    assert s.tricks == (2, 2, 1, 0)
    result = s.result()
    assert result.winners == (0, 1) and result.clause == "hr.winner"
    assert refused(s, "play 2Ta 3Ta") == "hr.end"


def test_stops_the_game_ends_when_at_most_one_player_holds_court_cards():
    stops = Hamrang(last_player="stops")
    s = hand_set(stops, "P1=VSh 4Sh VTa 3Ta; P2=RSh 3Sh 5Ta 4Ta; P3=9Su 1Su 2Gh 8Gh; P4=6Ta 6Su 2Sh 7Sh; "
                       "tricks=1 1 1 0; turn=P1")
    s.apply(HR.parse_move("play VSh 4Sh"))
    r = s.apply(HR.parse_move("play RSh 3Sh"))
    assert r.game_over and "hr.end" in r.clauses and r.trick_winner == 1
    assert s.result().winners == (1,)
    assert refused(s, "play VTa 3Ta") == "hr.end"


# notation and copies
def test_moves_round_trip_and_are_interned():
    m = HRMove.parse("play RSu 10Su")
    assert HRMove.parse(str(m)) is m and m.cards == (Card.parse("RSu"), Card.parse("10Su"))
    for bad in ("play RSu", "play RSu RSu", "lead RSu 10Su", "play RSu 10Ma", "draw P0 RSu"):
        with pytest.raises(NotationError):
            HR.parse_move(bad)


def test_positions_read_back():
    s = play_seeded(HR, 11, "heuristic")
    assert hand_set(HR, s.position()).position() == s.position()


# moves as text
def test_apply_takes_every_text_check_takes():
    s = HR.start(5)
    s.check("draw P2 5Ba 7Sh RTa 3Gh")
    r = s.apply("draw P2 5Ba 7Sh RTa 3Gh")
    assert s.dealer == 3 and r.clauses[0] == "hr.draw"
    p = hand_set(HR, OPEN)
    p.check("play RSu 4Su")
    assert str(p.apply("play RSu 4Su").move) == "play RSu 4Su"
    with pytest.raises(IllegalMoveError) as err:
        p.apply("play 9Su 1Su")  # refused for the rule it breaks, as check refuses it
    assert err.value.clause == "hr.follow"
    with pytest.raises(NotationError):
        p.apply("play 9Su")


def test_positions_play_reaches():
    # the opening is played from the hands as dealt (hr.deal)
    with pytest.raises(NotationError) as err:
        HR.position(OPEN)
    assert err.value.clause == "hr.deal"
    # everyone still in holds 4 of 24 cards: 10 tricks have been played, not 3 (hr.trick)
    text = "P1=VSh 4Sh VTa 3Ta; P2=RSh 3Sh 5Ta 4Ta; P3=9Su 1Su 2Gh 8Gh; P4=6Ta 6Su 2Sh 7Sh; tricks={}; turn=P1"
    with pytest.raises(NotationError) as err:
        HR.position(text.format("1 1 1 0"))
    assert err.value.clause == "hr.trick" and "10 tricks have been played" in str(err.value)
    assert sum(HR.position(text.format("4 4 2 0")).tricks) == 10
    # a player put out keeps an even number of cards, no fewer than those still in hold (hr.out)
    with pytest.raises(NotationError) as err:
        HR.position("P1=VSh 4Sh VTa 3Ta; P2=RSh 3Sh 5Ta 4Ta; P3=9Su 1Su 2Gh; P4=6Ta 6Su 2Sh 7Sh 8Sh; "
                    "tricks=4 4 2 0; turn=P1")
    assert err.value.clause == "hr.out"
