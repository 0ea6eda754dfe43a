"""Kendra Kari clause by clause, on hand-set positions; notation; the pinned deal."""

import pickle
import re

import pytest

from engine import CHANCE, Card, Deal, DealError, HeuristicBot, IllegalMoveError, NotationError, OptionError, get_game
from engine.players.play import play_seeded, run
from engine.games.kendra_kari import KendraKari, KKMove, KKState
from engine.games.kendra_kari.ring import CARDS
from engine.protocol import Result
from engine.shuffle import Rng, derive

def pos(text, **options) -> KKState:
    return KendraKari(**options).position(text)


def moves(state):
    return [str(m) for m in state.legal_moves()]


def clause_of(state, move):
    with pytest.raises(IllegalMoveError) as err:
        state.check(KKMove.parse(move))
    return err.value.clause


def cards(text):
    return [Card.parse(t) for t in text.split()]


# --- options (kk.players, kk.direction, kk.stock-out) -----------------------------------------
def test_definition_and_options():
    kk = KendraKari()
    assert (kk.name, kk.title, kk.min_players, kk.max_players) == ("kendra-kari", "Kendra Kari", 3, 6)
    assert kk.deck.name == "Mughal"
    assert (kk.players, kk.direction, kk.stock_out) == (4, "clockwise", "end")
    opts = {o.name: o for o in KendraKari.options()}
    assert opts["players"].choices == (3, 4, 5, 6) and opts["players"].clause == "kk.players"
    assert opts["direction"].choices == ("clockwise", "anticlockwise") and opts["direction"].help
    assert opts["stock_out"].choices == ("end", "reshuffle") and opts["stock_out"].clause == "kk.stock-out"
    assert get_game("kendra-kari", players="5", **{"stock-out": "reshuffle"}) == KendraKari(5, stock_out="reshuffle")
    # in the chapter's order, so that the terminal's §N is the book's (tests/test_clause_numbers.py)
    assert list(KendraKari.CLAUSES)[:3] == ["kk.players", "kk.direction", "kk.deal"]
    assert list(KendraKari.CLAUSES)[-1] == "kk.stock-out" and len(KendraKari.CLAUSES) == 16


@pytest.mark.parametrize("options, clause", [
    (dict(players=2), "kk.players"), (dict(players=7), "kk.players"),
    (dict(direction="left"), "kk.direction"), (dict(stock_out="pass"), "kk.stock-out"),
])
def test_bad_options_name_their_clause(options, clause):
    with pytest.raises(OptionError, match=re.escape(f"clause {clause}")):
        KendraKari(**options)


def test_unknown_option_and_text_players():
    with pytest.raises(OptionError, match="colour"):
        get_game("kendra-kari", colour="red")
    with pytest.raises(OptionError, match="kk.players"):
        get_game("kendra-kari", players="8")


def test_direction_changes_only_words():
    a = KendraKari(direction="clockwise").start(5)
    b = KendraKari(direction="anticlockwise").start(5)
    for _ in range(30):
        assert a.legal_moves() == b.legal_moves()
        move = a.legal_moves()[0]
        assert a.apply(move) == b.apply(move)


# --- kk.deal ----------------------------------------------------------------------------------
def test_deal_shape():
    for players in range(3, 7):
        kk = KendraKari(players=players)
        deal = kk.deal("shape")
        assert [len(h) for h in deal.hands] == [6] * players
        assert len(deal.pile("centre")) == 1 and len(deal.pile("stock")) == 96 - 6 * players - 1
        assert sorted(deal.all_cards()) == sorted(CARDS)
        state = kk.new_game(deal)
        assert state.ring_tops() == (None,) * 6 + deal.pile("centre")
        assert state.last_position == 7 and state.next_position == 1 and state.current_player == 0


def test_pinned_deal():
    # Pinned: must never change, on any platform or Python version.
    deal = KendraKari(players=4).deal(1)
    assert str(deal).startswith("P1=1Qi 7Qi 5Sa 8Qi 3Ch 2Sh; P2=7Ch 5Su 6Sa 8Ch 8Gh 6Gh; P3=VSh 4Su 9Gh 4Ba 4Sa 5Ta; "
                                "P4=2Su 2Qi RSh 1Su 8Sa 7Su; centre=VQi; stock=RBa 9Su 4Ch VBa")
    assert str(deal).endswith("10Gh RTa RCh 9Qi 1Ta")
    state = KendraKari(players=4).start(1)
    assert state.hands == [list(h) for h in deal.hands]
    assert state.stock == list(deal.pile("stock"))
    assert moves(state) == ["1Qi", "7Qi", "8Qi"]  # matching the Vizier of Qimash


def test_explicit_deal_must_fit_the_rules():
    kk = KendraKari(players=3)
    deal = kk.deal(2)
    short = Deal(deal.hands[:2] + (deal.hands[2][:5],), (("centre", deal.pile("centre")),
                                                        ("stock", deal.pile("stock") + deal.hands[2][5:])))
    with pytest.raises(DealError, match="P3 holds 5 cards") as err:
        kk.new_game(short)
    assert err.value.clause == "kk.deal"
    with pytest.raises(DealError, match="kk.deal"):
        kk.new_game(Deal(deal.hands, (("centre", deal.pile("centre")), ("stock", deal.pile("stock")[1:]))))
    with pytest.raises(DealError, match="3 hands for 4 players"):
        KendraKari(players=4).new_game(deal)


# --- kk.first, kk.match, kk.next, kk.must-play ------------------------------------------------
START = "ring=7:9Ta; last=7; turn=P1; P1=3Ta 9Sh 4Gh; P2=5Sh; P3=2Ba; P4=4Qi; stock=20"


def test_first_card_matches_position_7_and_goes_to_position_1():
    state = pos(START)
    assert moves(state) == ["3Ta", "9Sh"]
    assert clause_of(state, "4Gh") == "kk.first"
    assert clause_of(state, "*3Ta") == "kk.opposite"  # no bridge from the centre card
    record = state.apply(KKMove.parse("3Ta"))
    assert record.clauses == ("kk.first",) and record.positions == (1,) and record.player == 0
    assert record.narrate(["Asha", "Bela", "Chitra", "Dev"]) == (
        "Asha plays the 3 of Taj to Position 1, matching the 9 of Taj on Position 7 by suit [kk.first].")
    assert state.ring_tops()[0] == Card.parse("3Ta") and state.last_position == 1 and state.next_position == 2
    assert state.current_player == 1


def test_match_by_suit_or_rank_and_next_position():
    state = pos("ring=1:7Ta 7:9Gh; last=1; turn=P2; P1=RSh; P2=7Sh 2Ta 5Ch; P3=2Ba; P4=4Qi; stock=5")
    assert moves(state) == ["7Sh", "2Ta"]
    assert clause_of(state, "5Ch") == "kk.match"
    assert clause_of(state, "9Sa") == "kk.match"  # not in hand
    record = state.apply("7Sh")
    assert record.clauses == ("kk.match",) and record.positions == (2,)
    assert record.narrate() == ("Player 2 plays the 7 of Shamsher to Position 2, matching the 7 of Taj by rank "
                                "[kk.match].")


def test_next_position_wraps_from_6_to_1_and_never_to_7():
    state = pos("ring=1:8Qi 2:9Qi 3:10Qi 4:VQi 5:2Ch 6:5Sh 7:9Ta; last=6; turn=P2; P1=RSh; P2=5Ta 8Ba; P3=2Ba; P4=4Qi; stock=5")
    assert state.next_position == 1
    record = state.apply("5Ta")
    assert record.positions == (1,) and record.clauses == ("kk.match", "kk.next")
    assert "Position 1 (round again after Position 6)" in record.narrate()
    assert state.ring_tops()[0] == Card.parse("5Ta") and state.ring_tops()[6] == Card.parse("9Ta")


def test_must_play_when_able():
    state = pos("ring=1:7Ta 7:9Gh; last=1; turn=P2; P1=RSh; P2=2Ta 5Ch; P3=2Ba; P4=4Qi; stock=5")
    assert moves(state) == ["2Ta"]
    assert clause_of(state, "draw") == "kk.must-play"


# --- kk.draw, kk.drawn-no-bridge ---------------------------------------------------------------
def test_drawn_card_that_fits_goes_to_the_next_position():
    state = pos("ring=1:7Ta 7:9Gh; last=1; turn=P2; P1=RSh; P2=2Ba; P3=3Ba; P4=4Qi; stock=4Ta 5Ba")
    assert moves(state) == ["draw"]
    record = state.apply("draw")
    assert record.clauses == ("kk.draw",) and record.drawn == Card.parse("4Ta") and record.positions == (2,)
    assert record.narrate() == ("Player 2 cannot play and draws; the 4 of Taj fits, so it goes straight "
                                "to Position 2 [kk.draw].")
    assert state.hands[1] == cards("2Ba") and state.ring_tops()[1] == Card.parse("4Ta")
    assert state.current_player == 2 and state.stock == cards("5Ba")


def test_drawn_card_that_does_not_fit_is_kept():
    state = pos("ring=1:7Ta 7:9Gh; last=1; turn=P2; P1=RSh; P2=2Ba; P3=3Ba; P4=4Qi; stock=5Ba 4Ta")
    record = state.apply("draw")
    assert record.clauses == ("kk.draw",) and record.positions == () and record.drawn == Card.parse("5Ba")
    assert state.hands[1] == cards("2Ba 5Ba") and state.last_position == 1 and state.current_player == 2
    assert "draws the 5 of Barat, which does not fit, so it is kept" in record.narrate()


def test_drawn_card_never_builds_a_bridge():
    # the drawn 3 of Taj matches the 7 of Taj and the 9 of Taj opposite, yet it is only played on
    state = pos("ring=1:7Ta+1 2:8Qi 3:9Qi 4:9Ta 5:10Qi 6:VQi 7:9Gh; last=1; turn=P2; P1=RSh; P2=2Ba; P3=3Ba; P4=4Qi; "
                "stock=3Ta 5Ba")
    captured = len(state.captured)
    record = state.apply("draw")
    assert record.clauses == ("kk.draw", "kk.drawn-no-bridge") and record.positions == (2,)
    assert record.cleared == 0 and len(state.captured) == captured and state.ring_tops()[6] == Card.parse("9Gh")
    assert "a drawn card never does" in record.narrate()
    assert state.current_player == 2


def test_drawn_card_never_starts_a_two_card_turn():
    # drawn 7Sh fits the 7 of Taj; "7Sh *3Sh" would bridge to the 3 of Ghulam, but the turn ends
    state = pos("ring=1:7Ta+1 2:8Qi 3:9Qi 4:10Qi 5:3Gh 6:VQi 7:9Gh; last=1; turn=P2; P1=RSh; P2=3Sh 2Ba; P3=3Ba; "
                "P4=4Qi; stock=7Sh")
    record = state.apply("draw")
    assert record.clauses == ("kk.draw", "kk.drawn-no-bridge")
    assert state.hands[1] == cards("3Sh 2Ba") and state.current_player == 2 and state.last_position == 2


# --- kk.bridge, kk.opposite, kk.two-card, kk.clear ---------------------------------------------
BRIDGE = ("ring=1:7Ta+1 2:8Qi 3:9Qi 4:9Ta 5:3Gh 6:10Qi 7:9Gh; last=1; turn=P2; "
          "P1=RSh; P2=7Sh 3Ta 3Sh 5Ch; P3=2Ba; P4=4Qi; stock=5")


def test_bridge_needs_both_matches():
    state = pos(BRIDGE)
    assert moves(state) == ["7Sh", "3Ta", "*3Ta", "7Sh *3Sh", "3Ta *3Sh"]
    assert clause_of(state, "*7Sh") == "kk.bridge"  # matches 7Ta but not the 9 of Taj opposite
    assert clause_of(state, "*3Sh") == "kk.bridge"  # matches neither the 7 of Taj nor the 9 of Taj
    assert clause_of(state, "*RGh") == "kk.bridge"  # not held


def test_bridge_needs_a_card_opposite():
    state = pos("ring=1:7Ta 7:9Gh; last=1; turn=P2; P1=RSh; P2=3Ta; P3=2Ba; P4=4Qi; stock=5")
    assert moves(state) == ["3Ta"]
    assert clause_of(state, "*3Ta") == "kk.opposite"
    state = pos("ring=7:9Gh; last=7; turn=P2; P1=RSh; P2=9Sh; P3=2Ba; P4=4Qi; stock=5")
    assert moves(state) == ["9Sh"]
    assert clause_of(state, "*9Sh") == "kk.opposite"


def test_bridge_clears_the_table():
    state = pos(BRIDGE)
    before = len(state.captured)
    record = state.apply("*3Ta")
    assert record.clauses == ("kk.bridge", "kk.clear") and record.positions == (7,)
    assert (record.after, record.after_position) == (Card.parse("7Ta"), 1)
    assert (record.opposite, record.opposite_position) == (Card.parse("9Ta"), 4)
    assert record.cleared == 2 + 1 + 1 + 1 + 1 + 1 + 1 + 1  # 7Ta and one under it, 8Qi, 9Qi, 9Ta, 3Gh, 10Qi, 9Gh, the bridge
    assert len(state.captured) == before + record.cleared
    assert state.ring_tops() == (None,) * 7 and state.piles == ((),) * 7
    assert state.last_position is None and state.next_position is None
    assert state.current_player == 1 and not record.went_out
    assert record.narrate() == (
        "Player 2 bridges with the 3 of Taj: it matches the 7 of Taj on Position 1 and the 9 of Taj opposite "
        "on Position 4. The ring is cleared (9 cards leave the game) [kk.bridge] [kk.clear].")


def test_two_card_turn():
    state = pos(BRIDGE)
    assert clause_of(state, "7Sh *3Ta") == "kk.bridge"  # 3Ta does not match 7Sh
    assert clause_of(state, "5Ch *3Sh") == "kk.match"
    assert clause_of(state, "3Ta *3Ta") == "kk.two-card"
    record = state.apply("7Sh *3Sh")
    assert record.clauses == ("kk.two-card", "kk.match", "kk.bridge", "kk.clear")
    assert record.positions == (2, 7) and record.opposite == Card.parse("3Gh") and record.opposite_position == 5
    assert record.cleared == 10
    assert state.hands[1] == cards("3Ta 5Ch") and state.current_player == 1
    assert record.narrate().startswith("Player 2 plays the 7 of Shamsher to Position 2, matching the 7 of Taj "
                                       "by rank, then bridges with the 3 of Shamsher: it matches the 7 of Shamsher "
                                       "on Position 2 and the 3 of Ghulam opposite on Position 5.")


def test_two_card_turn_needs_an_opposite_card_for_the_second():
    state = pos("ring=1:7Ta 7:9Gh; last=1; turn=P2; P1=RSh; P2=7Sh 3Sh; P3=2Ba; P4=4Qi; stock=5")
    assert "7Sh *3Sh" not in moves(state)
    assert clause_of(state, "7Sh *3Sh") == "kk.opposite"  # Position 5 is empty


# --- kk.new-phase ----------------------------------------------------------------------------
def test_new_phase_after_a_bridge():
    state = pos(BRIDGE.replace("P2=7Sh 3Ta 3Sh 5Ch", "P2=3Ta 5Ch 5Ba 2Sa"))
    state.apply("*3Ta")
    assert moves(state) == ["open 5Ch", "open 5Ba", "open 2Sa", "open 5Ch 5Ba", "open 5Ba 5Ch"]
    assert clause_of(state, "5Ch") == "kk.new-phase"
    assert clause_of(state, "draw") == "kk.new-phase"
    assert clause_of(state, "open 5Ch 2Sa") == "kk.new-phase"
    assert clause_of(state, "open 9Gh") == "kk.new-phase"
    single = pos(state.position())
    record = single.apply("open 5Ch")
    assert record.clauses == ("kk.new-phase",) and record.positions == (7,)
    assert record.narrate() == "Player 2 starts a fresh ring with the 5 of Chang on Position 7 [kk.new-phase]."
    assert single.last_position == 7 and single.next_position == 1 and single.current_player == 2
    assert single.hands[1] == cards("5Ba 2Sa")
    # the next player follows the opening card on Position 1
    assert moves(single) == ["draw"]  # P3 holds 2Ba only
    record = state.apply("open 5Ch 5Ba")
    assert record.positions == (7, 1) and state.last_position == 1 and state.next_position == 2
    assert state.ring_tops()[0] == Card.parse("5Ba") and state.ring_tops()[6] == Card.parse("5Ch")
    assert record.narrate().endswith("on Position 7 and the 5 of Barat on Position 1 [kk.new-phase].")


def test_open_only_after_a_bridge():
    assert clause_of(pos(BRIDGE), "open 7Sh") == "kk.new-phase"


# --- kk.out: the four ways of going out, and a two-card turn ------------------------------------
@pytest.mark.parametrize("hand, turn, how", [
    ("7Sh", ["7Sh"], "last card in normal play"),
    ("3Ta", ["*3Ta"], "last card builds a bridge"),
    ("3Ta 5Ch", ["*3Ta", "open 5Ch"], "bridge with one card left"),
    ("3Ta 5Ch 5Ba", ["*3Ta", "open 5Ch 5Ba"], "bridge with two matching cards left"),
    ("7Sh 3Sh", ["7Sh *3Sh"], "two-card turn with the last two cards"),
])
def test_ways_of_going_out(hand, turn, how):
    state = pos(BRIDGE.replace("P2=7Sh 3Ta 3Sh 5Ch", f"P2={hand}"))
    for move in turn:
        assert not state.is_terminal()
        record = state.apply(move)
    assert record.went_out and record.clauses[-1] == "kk.out" and record.narrate().endswith("[kk.out].")
    assert "Player 2 has no cards left" in record.narrate()
    assert state.is_terminal() and state.current_player is None and state.legal_moves() == []
    assert state.result() == Result((1,), (0.0, 1.0, 0.0, 0.0), "no cards left in hand", "kk.out")
    assert state.result().narrate(["A", "B", "C", "D"]) == "B wins: no cards left in hand."
    assert clause_of(state, "draw") == "kk.out"
    assert state.position().split("; ")[2] == "turn=-"
    assert pos(state.position()).result() == state.result()


# --- kk.stock-out -------------------------------------------------------------------------------
STUCK = "ring=1:7Ta 7:9Gh; last=1; turn=P2; P1=RSh 2Sh; P2=2Ba; P3=3Ba 4Ba; P4=4Qi; stock=0"


def test_stock_out_ends_the_game_fewest_cards_win():
    state = pos(STUCK)
    assert moves(state) == ["draw"]
    record = state.apply("draw")
    assert record.clauses == ("kk.stock-out",) and record.drawn is None
    assert state.is_terminal()
    result = state.result()
    assert result.winners == (1, 3) and result.scores == (0.0, 0.5, 0.0, 0.5) and result.clause == "kk.stock-out"
    assert result.narrate(["A", "B", "C", "D"]) == (
        "B and D share the win: the stock ran out, and 1 card is the fewest any hand holds.")
    assert "the stock is empty, so the game ends" in record.narrate()


def test_stock_out_reshuffles_the_captured_cards():
    """Chance is a player: the refill of an empty stock is chance's own step, recorded as a move."""
    state = pos(STUCK, stock_out="reshuffle")
    captured = state.captured
    assert len(captured) == 96 - 8
    assert state.current_player == CHANCE and state.legal_moves() == [] and not state.is_terminal()
    with pytest.raises(IllegalMoveError, match="kk.stock-out"):
        state.apply("draw")  # Player 2 waits for chance
    shuffle = state.chance_outcome(Rng(5))
    assert shuffle == state.chance_outcome(Rng(5))  # drawn from the stream it is given
    assert shuffle != state.chance_outcome(Rng(6))
    assert sorted(shuffle.cards) == sorted(captured)
    with pytest.raises(IllegalMoveError, match="exactly the cards taken out"):
        state.check(type(shuffle)(shuffle.cards[1:]))
    record = state.apply(str(shuffle))  # chance's move, read back from its notation
    assert record.player == CHANCE and record.clauses == ("kk.stock-out",) and record.reshuffled == 88
    assert record.narrate().startswith("The stock is empty and the next player must draw, so the 88 cards")
    assert state.current_player == 1 and state.captured == [] and state.stock == list(shuffle.cards)
    draw = state.apply("draw")
    assert draw.clauses[0] == "kk.draw" and draw.drawn == shuffle.cards[0]
    assert draw.narrate().startswith("Player 2 cannot play and draws")


def test_stock_out_reshuffle_with_nothing_captured_ends():
    # every card on the table or in a hand: the ring has gone round 14 times (Positions 1-5 hold 15 cards)
    text = ("ring=1:1Qi+14 2:2Qi+14 3:3Qi+14 4:5Qi+14 5:7Ta+14 6:6Qi+13 7:9Gh; last=5; turn=P2; "
            "P1=RSh 2Sh; P2=2Ba; P3=3Ba 4Ba; P4=4Qi; stock=0")
    state = pos(text, stock_out="reshuffle")
    assert state.captured == []
    assert state.apply("draw").clauses == ("kk.stock-out",) and state.is_terminal()


def test_reshuffle_in_a_seeded_game_is_a_chance_step_of_the_play_loop():
    """The play loop resolves chance from the game seed: chance's one stream, Rng(derive(seed, "chance")),
    whose first numbers make the game's first chance step."""
    game = KendraKari(players=3, stock_out="reshuffle")
    for seed in range(200):
        state = play_seeded(game, seed, "heuristic")
        shuffles = [(i, r) for i, r in enumerate(state.history) if r.player == CHANCE]
        if shuffles:
            i, record = shuffles[0]
            replay = game.start(seed)
            for r in state.history[:i]:
                replay.apply(r.move)
            assert replay.current_player == CHANCE
            assert replay.chance_outcome(Rng(derive(seed, "chance"))) == record.move
            assert play_seeded(game, seed, "heuristic").history == state.history  # the same seed, the same game
            return
    pytest.skip("no reshuffle in 200 games")  # pragma: no cover


# --- notation ---------------------------------------------------------------------------------
@pytest.mark.parametrize("text, kind", [("7Sh", "play"), ("*7Sh", "bridge"), ("7Sh *3Sh", "two-card"),
                                        ("draw", "draw"), ("open 7Sh", "open"), ("open 7Sh 7Ta", "open"),
                                        ("RGh", "play"), ("10Ba *VBa", "two-card")])
def test_move_notation_round_trips(text, kind):
    move = KKMove.parse(text)
    assert move.kind == kind and str(move) == text
    assert KKMove.parse(str(move)) is move and eval(repr(move)) is move
    assert repr(move) == f"KKMove.parse({text!r})"
    assert pickle.loads(pickle.dumps(move)) is move
    assert KendraKari().parse_move(text) is move
    assert KKMove(kind, *move.cards) is move
    with pytest.raises(AttributeError):
        move.kind = "draw"


def test_move_constructors_and_fields():
    sh7, sh3 = Card.parse("7Sh"), Card.parse("3Sh")
    assert KKMove.play(sh7) is KKMove.parse("7Sh")
    assert KKMove.bridge(sh7).bridge_card is sh7
    two = KKMove.two_card(sh7, sh3)
    assert two is KKMove.parse(" 7Sh  *3Sh ") and two.card is sh7 and two.bridge_card is sh3
    assert KKMove.open(sh7, sh3).cards == (sh7, sh3) and KKMove.draw().cards == ()


@pytest.mark.parametrize("text, token", [
    ("7Sh 3Sh", "3Sh"), ("*7Sh *3Sh", "*7Sh"), ("*7Sh 3Sh", "*7Sh"), ("draw 7Sh", "7Sh"), ("open *7Sh", "*7Sh"),
    ("7Sh *3Sh *4Sh", "*4Sh"), ("", ""), ("7Xx", "7Xx"), ("*11Sh", "11Sh"), ("open", "open"), ("7Ma", "7Ma"),
    ("open 7Sh MRa", "MRa"),
])
def test_bad_move_notation_names_token(text, token):
    with pytest.raises(NotationError) as err:
        KKMove.parse(text)
    assert err.value.token == token


def test_position_round_trips_and_fills_hidden_cards_in_deck_order():
    text = ("ring=1:7Sh+1 2:7Ta+1 3:8Qi 4:9Qi 5:10Qi 6:VQi 7:9Ta; last=2; turn=P3; P1=RSh 4Gh; P2=1Ba; "
            "P3=2Ba 3Ba; P4=VCh; stock=3")
    state = pos(text)
    assert state.position() == text
    assert repr(state) == f"{KendraKari()!r}.position({text!r})"
    assert state.stock == cards("1Sa 2Sa 3Sa")  # unnamed cards in deck order, top first
    assert state.piles[0] == tuple(cards("4Sa 7Sh")) and state.piles[1] == tuple(cards("5Sa 7Ta"))
    assert len(state.all_cards()) == 96 and len(set(state.all_cards())) == 96
    assert state.players == 4 and state.current_player == 2
    explicit = pos(text.replace("stock=3", "stock=RBa 1Sa"))
    assert explicit.stock == cards("RBa 1Sa") and explicit.position().endswith("stock=2")
    # the number of hands sets the number of players
    assert pos("ring=7:9Ta; last=7; turn=P1; P1=1Ta; P2=2Ta; P3=3Ta").game.players == 3
    assert str(state).splitlines()[0] == "Kendra Kari, 4 players; Player 3 to play to Position 3"


@pytest.mark.parametrize("text, token", [
    ("ring=8:7Sh; last=-; turn=P1; P1=1Ta; P2=2Ta; P3=3Ta", "8:7Sh"),
    ("ring=7:7Sh; last=7; turn=P1; P1=7Sh; P2=2Ta; P3=3Ta", "7Sh"),
    ("ring=7:7Sh; last=7; turn=P1; P1=1Ta; P2=2Ta; P3=3Ta; foo=1", "foo"),
    ("ring=7:7Sh; last=3; turn=P1; P1=1Ta; P2=2Ta; P3=3Ta", "last=3"),
    ("ring=7:7Sh; last=7; turn=P9; P1=1Ta; P2=2Ta; P3=3Ta", "turn=P9"),
    ("ring=7:7Sh; last=7; turn=P1; P1=1Ta; P2=2Ta", "P2"),
    ("ring=7:7Sh; last=7; turn=P1; P1=1Ta; P3=2Ta; P2=3Ta", "P3"),
    ("ring=7:7Sh; last=7; turn=P1; P1=1Ta; P2=2Ta; P3=3Ta; stock=99", "99"),
    ("ring=7:7Sh; last=7; turn=P1; P1=1Ta; P2=-; P3=3Ta", "P2"),
    ("ring=7:7Sh; last=-; turn=P1; P1=1Ta; P2=2Ta; P3=3Ta", "last=-"),
    ("ring=7:1Ma; last=7; turn=P1; P1=1Ta; P2=2Ta; P3=3Ta", "1Ma"),
    ("ring=7:7Sh 7:8Sh; last=7; turn=P1; P1=1Ta; P2=2Ta; P3=3Ta", "7:8Sh"),
    ("ring=7:7Sh; last=7; turn=P1; P1=1Ta; P2=2Ta; P3=3Ta; stock=4Zz", "4Zz"),
])
def test_bad_position_names_token(text, token):
    with pytest.raises(NotationError) as err:
        KendraKari().position(text)
    assert err.value.token == token


# --- protocol details ---------------------------------------------------------------------------
def test_view_hides_other_hands():
    state = KendraKari(players=4).start(9)
    view = state.view(2)
    assert view.hand == tuple(state.hands[2]) and view.hand_sizes == (6, 6, 6, 6)
    assert view.stock_size == 71 and view.ring_tops == state.ring_tops() and view.current_player == 0
    assert not any(c in view.hand for h in (0, 1, 3) for c in state.hands[h])


def test_illegal_apply_changes_nothing():
    state = pos(BRIDGE)
    before = state.position()
    with pytest.raises(IllegalMoveError, match=r"\[clause kk.bridge\]"):
        state.apply(KKMove.parse("*7Sh"))
    assert state.position() == before and state.history == []


def test_legal_moves_is_a_fresh_list():
    state = pos(BRIDGE)
    state.legal_moves().clear()
    assert len(state.legal_moves()) == 5


def test_heuristic_bot_prefers_bridges_and_finishes_games():
    state = pos(BRIDGE)
    assert HeuristicBot(1).choose(state) in (KKMove.parse("7Sh *3Sh"), KKMove.parse("3Ta *3Sh"))
    assert state.move_priority(KKMove.parse("*3Ta")) > state.move_priority(KKMove.parse("7Sh"))
    game = KendraKari(players=5)
    for seed in range(20):
        assert run(game.start(seed), [HeuristicBot(i) for i in range(5)]).is_terminal()


def test_transcript_names_players():
    state = KendraKari(players=3).start(4)
    run(state, [HeuristicBot(i) for i in range(3)])
    lines = state.transcript(["Asha", "Bela", "Chitra"])
    assert len(lines) == len(state.history) and lines[0].startswith("Asha ")
    assert all(re.search(r"( \[kk\.[a-z-]+\])+\.$", line) for line in lines)


def test_copy_is_independent():
    state = pos(BRIDGE)
    trial = state.copy()
    trial.apply("*3Ta")
    assert trial.last_position is None and state.last_position == 1
    assert state.position() == BRIDGE and trial.history and not state.history


@pytest.mark.parametrize("size", [4, 7, 8])
def test_hand_size_is_an_option_a_designer_can_vary(size):
    """Issue 20: seven-card hands without subclassing or patching a constant (kk.deal)."""
    game = get_game("kendra-kari", players=6, hand_size=size)
    deal = game.deal(5)
    assert [len(h) for h in deal.hands] == [size] * 6 and len(deal.pile("stock")) == 96 - 6 * size - 1
    state = game.new_game(deal)
    assert all(len(h) == size for h in state.hands)
    short = get_game("kendra-kari", players=6).deal(5)
    with pytest.raises(DealError, match="kk.deal"):
        game.new_game(short)  # six-card hands are not this game's deal
