"""Udvasa, clause by clause: each rule with a hand-set position and the engine's answer."""

from __future__ import annotations

import pytest

from engine.errors import DealError, IllegalMoveError, NotationError
from engine.games.udvasa import Udvasa
from engine.games.udvasa.tables import AT, CARDS, N_CARDS
from engine.protocol import Deal
from tests.hand_set import hand_set

UD = Udvasa()
EMPTY6 = " / - / - / - / - / - / -"
START = "build=1Sa 1Ta 1Sh 1Gh RSu RCh RQi RBa"


def pos(stacks: str, build: str = START, game: Udvasa = UD, stock: str | None = None):
    build = build if build.startswith("build=") else "build=" + build
    text = f"{build}; stacks={stacks}" + (f"; stock={stock}" if stock is not None else "")
    return hand_set(game, text)


def moves(state) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def refused(state, move: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as err:
        state.apply(move)
    return err.value


# --- ud.layout, ud.directions, ud.start, ud.deal -------------------------------------------------------
def test_the_deal_lays_out_eight_starters_eight_stacks_and_the_stock():
    state = UD.start(11)
    assert [str(c) for c in state.build_tops()] == ["1Sa", "1Ta", "1Sh", "1Gh", "RSu", "RCh", "RQi", "RBa"]
    assert [len(s) for s in state.stacks] == [1] * 8 and len(state.stock) == 80
    assert sorted(c.index for c in state.all_cards()) == sorted(c.index for c in CARDS)
    assert state.players == 1 and state.current_player == 0 and state.hands == [[]]


def test_the_weak_suits_can_build_up_instead():
    state = Udvasa(up="weak").start(11)
    assert [str(c) for c in state.build_tops()] == ["RSa", "RTa", "RSh", "RGh", "1Su", "1Ch", "1Qi", "1Ba"]
    p = pos("VSa / 2Su / - / - / - / - / - / -", build="RSa RTa RSh RGh 1Su 1Ch 1Qi 1Ba",
            game=Udvasa(up="weak"))
    assert "1-build" in moves(p) and "2-build" in moves(p)


def test_a_deal_that_does_not_fit_names_its_clause():
    deal = UD.deal(3)
    assert Deal.parse(str(deal)) == deal and UD.new_game(Deal.parse(str(deal))).position() == UD.start(3).position()
    with pytest.raises(DealError, match=r"ud\.start"):
        Udvasa(up="weak").new_game(deal)
    short = Deal(deal.hands, (deal.piles[0], ("stacks", deal.pile("stacks")[:7]),
                              ("stock", deal.pile("stacks")[7:] + deal.pile("stock"))))
    with pytest.raises(DealError, match=r"ud\.deal"):
        UD.new_game(short)
    with pytest.raises(DealError, match=r"ud\.layout"):
        UD.new_game(Deal(((CARDS[0],),), deal.piles))


# --- ud.values and ud.shift ------------------------------------------------------------------------
def test_a_card_goes_onto_one_more_or_one_less_of_any_suit():
    p = pos("7Sh 8Su / 7Ba / 9Qi / 10Ta" + " / 2Ch / 2Qi / 2Ba / 3Ba")
    assert {"1-2", "1-3", "3-4", "3-1", "4-3", "2-1"} <= set(moves(p))
    err = refused(p, "2-4")
    assert err.clause == "ud.shift" and "neither one more nor one less" in str(err)
    r = p.apply("1-3")
    assert r.clauses == ("ud.shift",) and [str(c) for c in p.stacks[2]] == ["9Qi", "8Su"]
    assert r.narrate(["Asha"]) == "Asha moves the 8 of Surkh from stack 1 onto the 9 of Qimash on stack 3 [ud.shift]."


def test_courts_values():
    p = pos("5Sh VSa / RTa / 10Ba / 2Ta 1Qi / 4Su / 4Qi / 4Ba / 6Sa")
    assert {"1-2", "1-3", "2-1", "3-1"} <= set(moves(p))
    err = refused(p, "4-2")
    assert err.clause == "ud.values" and "Raja counts 12" in str(err)
    assert p.apply("1-2").clauses == ("ud.shift", "ud.values")
    q = pos("5Sh VSa / RTa / 10Ba / 2Ta 1Qi / 4Su / 4Qi / 4Ba / 6Sa", game=Udvasa(wrap=True))
    assert "4-2" in moves(q) and "2-4" in moves(q)


def test_the_empty_source_is_refused():
    p = pos("5Sh 2Sa / 6Ba / 9Gh / 9Ta / 9Sh / 9Su / 9Ch / 9Qi", game=Udvasa(fill="before-deal"))
    p.apply("1-build")
    p.apply("1-2")
    err = refused(p, "1-2")
    assert err.clause == "ud.shift" and "empty" in str(err)


# --- ud.build ----------------------------------------------------------------------------------
def test_the_next_card_of_its_suit_goes_up_and_no_other():
    p = pos("3Sa 2Sa / VSu / 9Gh / 3Sa" * 0 + "3Sa 2Sa / VSu / 9Gh / 10Ba / 8Ta / 8Ta" * 0
            + "3Sa 2Sa / VSu / 9Gh / 10Ba / 8Ta / 7Ch / 6Qi / 5Gh")
    assert moves(p)[:2] == ["1-build", "2-build"]
    err = refused(p, "4-build")
    assert err.clause == "ud.build" and "takes the Vizier of Barat next" in str(err)
    r = p.apply("1-build")
    assert r.clauses == ("ud.build",) and str(p.build_tops()[0]) == "2Sa"
    p.apply("1-build")
    assert str(p.build_tops()[0]) == "3Sa"
    assert p.apply("2-build").narrate(["Asha"]) == "Asha plays the Vizier of Surkh from stack 2 to its build stack, " \
                                                  "leaving stack 2 empty [ud.build]."


# --- ud.fill ----------------------------------------------------------------------------------
def test_an_empty_stack_is_filled_at_once_from_a_stack_of_two():
    p = pos("2Sa 9Gh / 8Ta" + EMPTY6)
    assert moves(p) == ["1-3", "1-4", "1-5", "1-6", "1-7", "1-8"]
    err = refused(p, "1-2")
    assert err.clause == "ud.fill" and "must be filled first" in str(err)
    err = refused(p, "2-3")
    assert err.clause == "ud.fill"
    assert p.apply("1-3").clauses == ("ud.fill",)


def test_a_lone_card_fills_nothing_and_without_two_cards_play_goes_on():
    p = pos("9Gh / 8Ta" + EMPTY6)
    assert "2-1" in moves(p) and "1-3" not in moves(p)
    assert refused(p, "1-3").clause == "ud.fill"


def test_fill_before_the_deal_variant():
    game = Udvasa(fill="before-deal")
    p = pos("2Sa 9Gh / 8Ta" + EMPTY6, game=game)
    assert "1-2" in moves(p) and "1-3" in moves(p) and "deal" not in moves(p)
    assert refused(p, "deal").clause == "ud.fill"
    q = pos("9Gh / 8Ta" + EMPTY6, game=game)
    assert "deal" in moves(q)


# --- ud.more ----------------------------------------------------------------------------------
def test_deal_puts_one_card_on_each_stack():
    state = UD.start(5)
    top8 = state.stock[:8]
    r = state.apply("deal")
    assert [s[-1] for s in state.stacks] == top8 and len(state.stock) == 72 and r.clauses == ("ud.more",)
    assert r.narrate(["Asha"]) == "Asha deals eight more cards, one onto each working stack (72 left in the stock) [ud.more]."


def test_no_deal_from_an_empty_stock_and_giving_up_only_then():
    p = UD.start(5)
    assert refused(p, "stop").clause == "ud.lose"
    for _ in range(10):
        p.apply("deal")
    assert not p.stock and "deal" not in moves(p)
    assert refused(p, "deal").clause == "ud.more"
    r = p.apply("stop")
    assert r.game_over and p.result().winners == () and p.result().clause == "ud.lose"
    assert p.result().narrate(["Asha"]).startswith("Asha loses: the game was given up, with ")


# --- ud.win and ud.lose ---------------------------------------------------------------------------
def test_the_last_card_up_wins():
    p = pos("RGh" + " / -" * 7, build="RSa RTa RSh VGh 1Su 1Ch 1Qi 1Ba", stock="-")
    assert moves(p) == ["1-build", "stop"]
    r = p.apply("1-build")
    assert r.clauses == ("ud.build", "ud.win") and r.game_over and p.result().winners == (0,)
    assert p.result().narrate(["Asha"]) == "Asha wins: every card is on its build stack."


def stuck_text() -> str:
    """Every suit waits for its 5; each stack holds a 5 under other cards; the tops (3s and 7s) cannot move."""
    build = "4Sa 4Ta 4Sh 4Gh 6Su 6Ch 6Qi 6Ba"
    fives = ["5Sa", "5Ta", "5Sh", "5Gh", "5Su", "5Ch", "5Qi", "5Ba"]
    tops = ["3Su", "3Ch", "3Qi", "3Ba", "7Sa", "7Ta", "7Sh", "7Gh"]
    p = hand_set(UD, f"build={build}; stacks=" + " / ".join(fives))  # the rest in the stock
    rest = [str(c) for c in p.stock if str(c) not in tops]
    stacks = [[fives[i]] + rest[i::8] + [tops[i]] for i in range(8)]
    return f"build={build}; stacks=" + " / ".join(" ".join(s) for s in stacks) + "; stock=-"


def test_stuck_with_the_stock_used_up_loses():
    p = hand_set(UD, stuck_text())
    assert p.is_terminal() and p.result().clause == "ud.lose" and p.result().winners == ()
    assert "no card can move" in p.result().reason


# --- positions ---------------------------------------------------------------------------------
def test_positions_read_back_and_bad_ones_name_the_problem():
    state = UD.start(9)
    state.apply("deal")
    again = UD.position(state.position())
    assert again.position() == state.position() and moves(again) == moves(state)
    for bad, words in (("build=1Sa; stacks=-", "eight build stacks"),
                       (START + "; stacks=2Sa / 2Sa" + EMPTY6, "placed twice"),
                       (START + "; stacks=2Sa / 3Sa", "eight working stacks"),
                       (START + "; stacks=2Sa" + " / -" * 7 + "; stock=3Sa", "nowhere"),
                       (START + "; stacks=2Sa" + " / -" * 7 + "; end=won", "end=stopped")):
        with pytest.raises(NotationError, match=words):
            UD.position(bad)


def test_every_random_game_ends_and_the_careful_player_builds_more():
    from engine.players.play import play_seeded

    built = {"random": 0, "heuristic": 0}
    for seed in range(40):
        for bots in built:
            state = play_seeded(UD, seed, bots)
            assert state.is_terminal()
            built[bots] += sum(state.built)
    assert built["heuristic"] > built["random"]


def test_dealing_only_when_no_card_can_move():
    """The variant *dealing*: a card that can move forbids the deal; giving up is open meanwhile."""
    text = "build=1Sa 1Ta 1Sh 1Gh RSu RCh RQi RBa; stacks=7Sh 8Su / 7Ba / 10Ta / 3Ch / 5Qi / 5Ba / 3Gh / 10Gh"
    plain, literal = hand_set(Udvasa(), text), hand_set(Udvasa(dealing="no-moves"), text)
    assert "deal" in map(str, plain.legal_moves()) and "stop" not in map(str, plain.legal_moves())
    moves = list(map(str, literal.legal_moves()))
    assert "deal" not in moves and "stop" in moves and "1-2" in moves
    with pytest.raises(IllegalMoveError) as err:
        literal.check("deal")
    assert err.value.clause == "ud.more"
    literal.apply("stop")
    assert literal.is_terminal() and not literal.result().winners
    stuck = "build=1Sa 1Ta 1Sh 1Gh RSu RCh RQi RBa; stacks=7Sh 5Su / 7Ba / 10Ta / 3Ch / 5Qi / 5Ba / 3Gh / 10Gh"
    none = hand_set(Udvasa(dealing="no-moves"), stuck)
    assert list(map(str, none.legal_moves())) == ["deal"]
    with pytest.raises(IllegalMoveError):
        none.check("stop")


def test_a_stock_play_cannot_leave_is_refused():
    with pytest.raises(NotationError) as err:
        UD.position("build=1Sa 1Ta 1Sh 1Gh RSu RCh RQi RBa; stacks=7Sh 8Su / 7Ba / 9Qi / 10Ta / 2Ch / 2Qi / 2Ba / 3Ba")
    assert err.value.clause == "ud.deal" and "not 79" in str(err.value)
    assert len(UD.position("build=1Sa 1Ta 1Sh 1Gh RSu RCh RQi RBa; stacks=7Sh / 8Su / 7Ba / 9Qi / 10Ta / 2Ch / 2Qi "
                           "/ 3Ba").stock) == 80
