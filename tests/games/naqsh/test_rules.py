"""Naqsh, clause by clause (the ids are the chapter's clauses)."""

from __future__ import annotations

import pytest

from engine import get_game
from engine.cards import parse_cards
from engine.errors import DealError, IllegalMoveError, NotationError, OptionError
from engine.games.naqsh import Naqsh, NQMove
from engine.games.naqsh.game import PACK_CARDS
from engine.players.match import Match
from engine.players.play import play_seeded
from engine.protocol import Deal

NAMES4 = ["Asha", "Bilal", "Chitra", "Dev"]
NQ4 = Naqsh(players=4)


def pos(text, **options):
    return Naqsh(**{"players": 4, **options}).position(text)


def play(state, *moves):
    return [state.apply(NQMove.parse(m)) for m in moves]


# nq.pack, nq.values -------------------------------------------------------------------------------
def test_pack_is_four_of_each_value():
    assert len(PACK_CARDS["naqsh"]) == 48
    values = sorted(c.rank for c in PACK_CARDS["naqsh"])
    assert values == sorted(list(range(1, 13)) * 4)
    assert NQ4.deck.name == "Naqsh" and Naqsh.deck.name == "Naqsh"


# nq.substitutes ------------------------------------------------------------------------------------
@pytest.mark.parametrize("pack, mir, ghodi", [("french", "KSp", "QHe"), ("mughal", "RSa", "VTa")])
def test_substitute_packs_count_queen_or_vizier_11_and_king_or_raja_12(pack, mir, ghodi):
    game = Naqsh(players=4, pack=pack)
    assert sorted(c.rank for c in game.cards) == sorted(list(range(1, 13)) * 4)
    cards = game.cards
    nine = next(c for c in cards if c.rank == 9)
    p = game.position(f"P1={nine}; P2={cards[0]}; P3={cards[1]}; P4={cards[2]}; turn=P1; stock={mir}")
    r = p.apply(NQMove.parse("deal"))
    assert r.total == 21 and p.is_terminal() and p.result().clause == "nq.player-naqsh"
    assert "(Mir)" in r.narrate(NAMES4)
    state = game.start(5)
    assert sorted(state.all_cards()) == sorted(cards)


def test_mughal_pack_uses_the_four_strong_suits_and_refuses_others():
    game = Naqsh(players=4, pack="mughal")
    assert {c.suit.name for c in game.cards} == {"Safed", "Taj", "Shamsher", "Ghulam"}
    with pytest.raises(NotationError) as err:
        game.position("P1=5Su; P2=1Sa; P3=2Sa; P4=3Sa; turn=P1")
    assert err.value.clause == "nq.substitutes"


def test_a_deal_from_the_wrong_pack_is_refused():
    deal = Naqsh(players=4).deal(1)
    with pytest.raises(DealError) as err:
        Naqsh(players=4, pack="french").new_game(deal)
    assert err.value.clause == "nq.deal"


# nq.players --------------------------------------------------------------------------------------
def test_players_five_to_seven_by_the_source_two_to_seven_allowed():
    assert (Naqsh.min_players, Naqsh.max_players, Naqsh().players) == (5, 7, 6)
    for n in range(2, 8):
        assert play_seeded(Naqsh(players=n), n, "random").is_terminal()
    with pytest.raises(OptionError) as err:
        Naqsh(players=8)
    assert err.value.clause == "nq.players"


# nq.first-dealer ----------------------------------------------------------------------------------
def test_first_dealer_is_the_highest_draw_and_ties_draw_again():
    from engine.games.naqsh import bank

    seen_tie = False
    for seed in range(300):
        dealer, rounds = bank.first_dealer_draw(PACK_CARDS["naqsh"], 6, seed)
        last = rounds[-1]
        best = max(c.rank for _, c in last)
        assert [p for p, c in last if c.rank == best] == [dealer]
        for earlier, later in zip(rounds, rounds[1:]):
            top = max(c.rank for _, c in earlier)
            assert [p for p, _ in later] == [p for p, c in earlier if c.rank == top]
            seen_tie = True
        cards = [c for r in rounds for _, c in r]
        assert len(set(cards)) == len(cards)
    assert seen_tie


def test_a_match_draws_for_its_first_dealer():
    game = Naqsh(players=5)
    names = ("Asha", "Bilal", "Chitra", "Dev", "Esha")
    result = Match(game, names, deals=4).play(seed=11)
    draw = game.draw_for_dealer(__import__("engine.shuffle", fromlist=["derive"]).derive(11, "first-dealer"), names)
    assert result.deals[0].dealer == names[draw.dealer]
    assert result.first_dealer_draw == draw.narration and "[nq.first-dealer]" in draw.narration[-1]


# nq.deal, nq.order, nq.face-up --------------------------------------------------------------------
def test_deal_one_face_down_card_each_from_the_dealers_right():
    d = NQ4.deal(9)
    assert [len(h) for h in d.hands] == [1, 1, 1, 1] and len(d.pile("stock")) == 44
    s = NQ4.new_game(d)
    assert s.current_player == 3 and s.legal_moves() == [NQMove.parse("deal")]
    r = s.apply(NQMove.parse("deal"))
    assert r.player == 3 and r.seat == 0 and r.card == d.pile("stock")[0] and r.clauses[0] == "nq.face-up"
    with pytest.raises(DealError):
        NQ4.new_game(Deal(d.hands[:3], d.piles))


def test_only_the_dealer_deals_the_face_up_card_and_only_once():
    s = pos("P1=10N1; P2=5N3; P3=MN1; P4=2N2; turn=P1; stock=3N1")
    with pytest.raises(IllegalMoveError) as err:
        s.check(NQMove.parse("take"))
    assert err.value.clause == "nq.face-up"
    s.apply(NQMove.parse("deal"))
    with pytest.raises(IllegalMoveError) as err:
        s.check(NQMove.parse("deal"))
    assert err.value.clause == "nq.face-up"


def test_turns_pass_in_seat_order_and_the_dealer_plays_last():
    s = pos("P1=10N1 5N2 stood; P2=3N1 9N3 threw; P3=MN1 8N2; P4=2N2; turn=P4; stock=5N1 4N1")
    assert s.current_player == 3
    r = s.apply(NQMove.parse("deal"))
    assert r.clauses[:2] == ("nq.dealer-turn", "nq.face-up")
    with pytest.raises(IllegalMoveError) as err:
        pos("P1=10N1 5N2 stood; P2=3N1 9N3 threw; P3=MN1 8N2; P4=2N2; turn=P4").check(NQMove.parse("stand"))
    assert err.value.clause == "nq.dealer-turn"


# nq.naqsh ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("cards, naqsh", [("MN1 5N2", True), ("GN1 6N2", True), ("10N1 7N2", True), ("9N1 8N2", True),
                                          ("MN1 9N2", True), ("GN1 10N2", True), ("10N1 10N2", False)])
def test_two_card_naqsh(cards, naqsh):
    a, b = cards.split()
    s = pos(f"P1={a}; P2=1N1; P3=1N2; P4=1N3; turn=P1; stock={b}")
    r = s.apply(NQMove.parse("deal"))
    assert s.is_terminal() == naqsh
    assert ("nq.naqsh" in r.clauses) == naqsh


def test_seventeen_in_many_cards_is_naqsh_but_21_in_three_is_over():
    s = pos("P1=2N1; P2=1N1; P3=1N2; P4=1N3; turn=P1; stock=3N1 4N1 8N1")
    play(s, "deal", "take", "take")
    assert s.is_terminal() and s.total(0) == 17 and s.result().winners == (0,)
    s = pos("P1=5N1 4N2; P2=1N1; P3=1N2; P4=1N3; turn=P1; stock=MN3")
    r = s.apply(NQMove.parse("take"))
    assert r.total == 21 and "nq.bust" in r.clauses and s.status(0) == "bust"
    assert "21 counts only in two cards" in r.narrate(NAMES4)


# nq.take, nq.stand, nq.throw, nq.bust -------------------------------------------------------------
def test_stand_only_on_14_15_16():
    for total, ok in ((13, False), (14, True), (15, True), (16, True)):
        s = pos(f"P1=10N1 {total - 10}N2; P2=1N1; P3=1N2; P4=1N3; turn=P1")
        assert (NQMove.parse("stand") in s.legal_moves()) == ok
        if not ok:
            with pytest.raises(IllegalMoveError) as err:
                s.check(NQMove.parse("stand"))
            assert err.value.clause == "nq.stand"


def test_take_throw_and_bust_pass_the_turn_on():
    s = pos("P1=10N1 2N2; P2=5N1; P3=1N2; P4=1N3; turn=P1; stock=MN1")
    r = s.apply(NQMove.parse("take"))
    assert r.clauses == ("nq.take", "nq.bust") and s.current_player == 3 and s.active == 1
    r = play(s, "deal", "throw")[-1]
    assert r.clauses == ("nq.throw",) and s.status(1) == "threw in" and s.active == 2


# nq.player-naqsh ---------------------------------------------------------------------------------
def test_a_players_naqsh_ends_the_hand_no_money_and_deals_next():
    s = pos("P1=10N1 4N2; P2=5N3; P3=MN1; P4=2N2; turn=P1; stock=3N1")
    r = s.apply(NQMove.parse("take"))
    assert r.clauses == ("nq.take", "nq.naqsh", "nq.player-naqsh", "nq.next-dealer")
    assert s.is_terminal() and NQ4.settle(s) == (0, 0, 0, 0) and NQ4.next_dealer(s) == 0
    assert s.result().narrate(NAMES4).startswith("Asha wins: Naqsh")


# nq.dealer-turn, nq.dealer-naqsh ------------------------------------------------------------------
def test_dealers_naqsh_every_player_pays():
    s = pos("P1=10N1 5N2 stood; P2=3N1 9N3 threw; P3=MN1 8N2; P4=2N2; turn=P4; stock=5N1 10N2")
    r = play(s, "deal", "take")[-1]
    assert "nq.dealer-naqsh" in r.clauses and NQ4.settle(s) == (-1, -1, -1, 3)
    assert NQ4.next_dealer(s) == 3


# nq.dealer-fails --------------------------------------------------------------------------------
@pytest.mark.parametrize("rule, pay", [("pay-standing", (1, 0, 1, -2)), ("pay-higher", (0, 0, 1, -1)),
                                       ("nothing", (0, 0, 0, 0))])
def test_when_the_dealer_fails_too(rule, pay):
    text = "P1=10N1 4N2 stood; P2=3N1 9N3 threw; P3=MN1 4N3 stood; P4=2N2; turn=P4; stock=4N1 9N1"
    s = pos(text, dealer_fails=rule)
    play(s, "deal", "take")  # 2 + 4 = 6, then 9: 15
    assert s.total(3) == 15
    r = s.apply(NQMove.parse("stand"))
    assert "nq.dealer-fails" in r.clauses and s.payments() == pay and sum(pay) == 0
    assert s.game.next_dealer(s) == 0
    winners = s.result().winners
    assert winners == tuple(i for i, p in enumerate(pay) if p > 0)


def test_by_default_a_failing_dealer_pays_nothing_and_pay_standing_is_the_variant():
    """Ruling 1 (issue 19): only a Naqsh is paid, so the bank, which a Naqsh wins, is worth having."""
    assert Naqsh().dealer_fails == "nothing"
    assert Naqsh.options()[2].choices == ("nothing", "pay-standing", "pay-higher")
    text = "P1=10N1 4N2 stood; P2=3N1 9N3 threw; P3=MN1 4N3 stood; P4=2N2; turn=P4; stock=4N1 MN2"
    s = pos(text)  # the dealer goes over: two players stood, nobody is paid
    play(s, "deal", "take")
    assert s.is_terminal() and s.payments() == (0, 0, 0, 0) and s.result().winners == ()
    s = pos(text, dealer_fails="pay-standing")  # the variant: the failing dealer pays both
    play(s, "deal", "take")
    assert s.is_terminal() and s.payments() == (1, 0, 1, -2)
    assert Naqsh(dealer_fails="pay-standing").options_text() == "players=6 dealer-fails=pay-standing"
    assert Naqsh.from_text("players=6 dealer-fails=pay-standing") == Naqsh(dealer_fails="pay-standing")


def test_a_dealer_who_goes_over_pays_every_standing_player_even_under_pay_higher():
    s = pos("P1=10N1 4N2 stood; P2=3N1 9N3 threw; P3=MN1 4N3 stood; P4=2N2; turn=P4; stock=4N1 MN2",
            dealer_fails="pay-higher")
    play(s, "deal", "take")
    assert s.is_terminal() and s.payments() == (1, 0, 1, -2)


# nq.next-dealer and the match: money is conserved -----------------------------------------------
def test_next_dealer_in_a_match_follows_the_hand():
    game = Naqsh(players=5)
    m = Match(game, ("A", "B", "C", "D", "E"), deals=40)
    m.play(seed=3, bots="heuristic")
    for before, after in zip(m.played, m.played[1:]):
        assert after.dealer == m.names[before.next_dealer]
        dealer = before.seating[-1]
        if before.summary.startswith("Nobody") or "nobody made Naqsh" in before.summary:
            assert before.next_dealer == before.seating[0]
        elif sum(before.payments) == 0 and max(before.payments) == 0:
            assert before.next_dealer != dealer  # a player's Naqsh
        else:
            assert before.next_dealer in (dealer, before.seating[0])


@pytest.mark.parametrize("rule", ["pay-standing", "pay-higher", "nothing"])
def test_money_is_conserved_in_every_simulated_match(rule):
    for players in range(2, 8):
        game = Naqsh(players=players, dealer_fails=rule)
        for seed in range(8):
            m = Match(game, tuple(f"P{i}" for i in range(players)), deals=25)
            result = m.play(seed=seed, bots="random" if seed % 2 else "heuristic")
            for d in result.deals:
                assert sum(d.payments) == 0
            assert sum(result.balance) == 0 and result.totals == result.balance


def test_payments_move_when_the_dealer_wins_or_fails():
    moved = set()
    for seed in range(400):
        s = play_seeded(Naqsh(players=6), seed, "heuristic")
        pay = s.payments()
        assert sum(pay) == 0
        moved.add(s.result().clause)
    assert moved == {"nq.player-naqsh", "nq.dealer-naqsh", "nq.dealer-fails"}


# notation, views, positions --------------------------------------------------------------------------
def test_moves_and_positions_read_back():
    for word in ("deal", "take", "stand", "throw"):
        assert str(NQMove.parse(word)) == word
    for bad in ("Take", "hit", "", "take 5"):
        with pytest.raises(NotationError):
            NQMove.parse(bad)
    s = NQ4.start(4)
    play(s, "deal")
    again = NQ4.position(s.position())
    assert again.position() == s.position() and again.legal_moves() == s.legal_moves()


def test_view_hides_face_down_cards_of_others():
    s = pos("P1=10N1 4N2; P2=5N3; P3=MN1; P4=2N2; turn=P1; stock=2N1")
    v = s.view(1)
    assert parse_cards("10N1")[0] not in [c for h in v.face_up for c in h]
    assert v.hand == tuple(parse_cards("5N3")) and v.face_up[0] == tuple(parse_cards("4N2"))


def test_bad_positions_name_the_problem():
    for text in ("P1=10N1 4N2; P2=5N3; P3=MN1; P4=2N2 3N2; turn=P1",  # a later hand with two cards
                 "P1=10N1 4N2; P2=5N3; P3=MN1; P4=2N2; turn=P2",  # P1 not finished
                 "P1=10N1 2N2 stood; P2=5N3; P3=MN1; P4=2N2; turn=P2",  # stood on 12
                 "P1=10N1 7N2; P2=5N3; P3=MN1; P4=2N2; turn=P1",  # Naqsh already
                 "P1=10N1; P2=10N1; P3=MN1; P4=2N2; turn=P1"):  # a card twice
        with pytest.raises(NotationError):
            NQ4.position(text)


def test_events_are_counted():
    from engine.study.simulate import simulate

    report = simulate(get_game("naqsh", players=6), 300, seed=1, workers=1)
    count = report.tally.event_counts
    # every hand ends in a player's Naqsh or reaches the dealer, who then makes Naqsh or fails
    assert count["player-naqsh"] + count["dealer-turn"] == 300
    assert count["dealer-turn"] == count["dealer-naqsh"] + count["dealer-fails"]
    assert 0 < count["dealer-naqsh"] < count["dealer-turn"]


def test_the_dealers_turn_is_an_event_once():
    s = pos("P1=10N1 4N2 stood; P2=3N1 9N3 threw; P3=MN1 4N3 stood; P4=2N2; turn=P4; stock=4N1 9N1")
    records = play(s, "deal", "take", "stand")
    assert [r.events() for r in records] == [("dealer-turn",), (), ("stand", "dealer-fails")]
    at_once = pos("P1=10N1 4N2 stood; P2=3N1 9N3 threw; P3=MN1 4N3 stood; P4=10N2; turn=P4; stock=7N1")
    assert play(at_once, "deal")[0].events() == ("dealer-turn", "dealer-naqsh")
    player = pos("P1=10N1; P2=5N3; P3=MN1; P4=2N2; turn=P1; stock=7N2")
    assert play(player, "deal")[0].events() == ("player-naqsh",)


@pytest.mark.parametrize("low, totals", [(12, "12, 13, 14, 15 or 16"), (14, "14, 15 or 16"), (16, "16")])
def test_the_lowest_total_to_stand_on_is_an_option(low, totals):
    """Issue 20: the standing range (nq.stand) starts at 14 in the source; a table may move its lower end."""
    game = Naqsh(stand_from=low)
    for total, cards in ((13, "5N3 8N1"), (15, "5N3 10N2")):
        state = game.position(f"P1=10N1 MN2; P2={cards}; P3=MN1; P4=2N2; P5=8N4; P6=4N1; turn=P2")
        if low <= total:
            assert "stand" in map(str, state.legal_moves())
        else:
            assert "stand" not in map(str, state.legal_moves())
            with pytest.raises(IllegalMoveError, match=f"stand only on {totals} .*nq.stand"):
                state.apply("stand")
    with pytest.raises(OptionError, match="stand-from=14"):
        Naqsh(stand_from=12).table("dealer-edge")  # the exact odds are the source's rule's


def test_a_seat_is_told_no_total_that_counts_a_card_it_has_not_seen():
    """Issue 20: at the terminal a person hears another hand's face-up cards and what its player did, but
    not its total (which counts the card face down) until a Naqsh shows the cards (narrate_for)."""
    from engine.games.naqsh.records import ENDS_NAQSH

    names = ["Asha", "Bilal", "Chitra", "Dev", "Esha"]
    kinds = set()
    for seed in range(60):
        state = Naqsh(players=5).start(seed)
        while not state.is_terminal():
            record = state.apply(state.legal_moves()[seed % len(state.legal_moves())])
            assert record.narrate_for(record.seat, names) == record.narrate(names)
            for viewer in (None, *(s for s in range(5) if s != record.seat)):
                told = record.narrate_for(viewer, names)
                if record.outcome == ENDS_NAQSH:
                    assert told == record.narrate(names)
                    continue
                assert f" {record.total} " not in told and f" {record.total}." not in told, told
                assert told.endswith("].") and all(f"[{c}]" in told for c in record.clauses)
                kinds.add(record.move._k)
    assert len(kinds) == 4  # deal, take, stand and throw were all told


def test_a_table_may_play_without_the_two_card_21():
    """Issue 20: 21 in two cards is Naqsh in the source (nq.naqsh); with two-card=no it is over 17 like any 21."""
    text = "P1=MN1; P2=5N3; P3=10N1; P4=2N2; P5=8N4; P6=4N1; turn=P1; stock=9N2"
    names = ["Asha", "Bela", "Chitra", "Dev", "Esha", "Farid"]
    naqsh = Naqsh().position(text).apply("deal")
    assert naqsh.outcome == 1 and "Naqsh!" in naqsh.narrate(names)  # ENDS_NAQSH
    plain = Naqsh(two_card=False).position(text).apply("deal")
    assert "21 in two cards is no Naqsh at this table, so Asha is out" in plain.narrate(names)
    assert "nq.bust" in plain.clauses
    with pytest.raises(NotationError):  # a position cannot have a 21 in two cards standing
        Naqsh(two_card=False).position("P1=MN1 9N2 stood; P2=5N3; P3=10N1; P4=2N2; P5=8N4; P6=4N1; turn=P2")
    with pytest.raises(OptionError, match="two-card=yes"):
        Naqsh(two_card=False).table("two-card-naqsh")
