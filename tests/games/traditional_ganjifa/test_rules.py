"""Traditional Ganjifa: each clause's cases, on hand-set positions."""

import pytest

from engine import get_game
from engine.errors import DealError, IllegalMoveError, NotationError
from engine.players.play import play_seeded
from engine.protocol import CHANCE, Deal
from engine.games.traditional_ganjifa.state import TGState

G = get_game("traditional-ganjifa")
ONE = get_game("traditional-ganjifa", rounds=1)
AFTER = "lost=P1 P2 P3"  # every player has had the lead and lost it: after the tigasta


def legal(state):
    return [str(m) for m in state.legal_moves()]


def play(state, *moves):
    return [state.apply(m) for m in moves]


def test_players_and_deal():
    deal = G.deal(7)
    assert [len(h) for h in deal.hands] == [40, 40, 40]
    state = G.new_game(deal)
    assert all(len(f) == 8 for f in state.face_up)  # tg.face-up: first and last batches
    assert set(state.face_up[0]) == set(deal.hands[0][:4] + deal.hands[0][-4:])
    assert state.visible_cards(1) == frozenset(c for p in (0, 2) for c in state.face_up[p])
    with pytest.raises(DealError) as err:
        G.new_game(Deal((deal.hands[0], deal.hands[1], deal.hands[1])))
    assert err.value.clause == "tg.deal"


def test_redeal_when_a_hand_has_no_raja():
    rajas = [c for c in G.deck.cards if c.rank == 12]
    others = [c for c in G.deck.cards if c.rank != 12]
    hands = (tuple(rajas + others[:30]), tuple(others[30:70]), tuple(others[70:110]))
    state = G.new_game(Deal(hands))
    assert state.current_player == CHANCE and state.stage == "redeal"
    from engine.shuffle import Rng
    record = state.apply(state.chance_outcome(Rng(1)))
    assert "tg.redeal" in record.clauses


def dealt(*hands: str, exactly=()) -> str:
    """Three hands as dealt, 40 cards each, holding the cards given, the rest shared out by
    :func:`engine.examples.moments.complete_hands` keeping each (seat, suit) of ``exactly`` to the cards listed. The
    opening comes straight after the deal, so an opening can only be set from 40-card hands."""
    from engine.cards import Card, format_cards
    from engine.examples.moments import complete_hands

    held = complete_hands(G.deck.cards, [[Card.parse(t) for t in h.split()] for h in hands], 40,
                          refuse=lambda seat, card: (seat, card.suit.code) in exactly)
    return "; ".join(f"P{i + 1}={format_cards(h)}" for i, h in enumerate(held))


# Asha holds no Kurma; Bela the Mantri of Kalki alone; Chitra the Raja and the 8 of Kalki and no Krishna
OPENING = dealt("RRa RMa 3Ma 9Kr 2Vr", "4Ma 7Ku MKa 9Ku 10Kr RKu", "6Ku 5Ma RKa 8Ka 3Vr",
                exactly={(0, "Ku"), (1, "Ka"), (2, "Ka"), (2, "Kr")})


def low(state, seat, verb):
    return {f"{verb} {c}" for c in state.hands[seat] if c.rank != 12}


def test_the_opening_is_set_only_from_a_deal():
    with pytest.raises(NotationError) as err:
        G.position("P1=RRa RMa 3Ma 9Kr 2Vr; P2=4Ma 7Ku MKa 9Ku 10Kr; P3=6Ku 5Ma RKa 8Ka 3Vr; stage=open")
    assert err.value.clause == "tg.deal" and "40 cards" in str(err.value)
    s = G.position(OPENING)
    assert s.stage == "open" and [len(h) for h in s.hands] == [40, 40, 40]


def test_the_surkhya_opens_with_a_low_card_and_the_exchanges():
    s = G.position(OPENING)
    # the Raja of Matsya is not a low card (tg.surkhya)
    assert set(legal(s)) == {f"open RRa {c}" for c in s.hands[0] if c.rank != 12} and "open RRa 3Ma" in legal(s)
    with pytest.raises(IllegalMoveError) as err:
        s.check("open RRa RMa")
    assert err.value.clause == "tg.surkhya" and "any card but a Raja" in err.value.reason
    with pytest.raises(IllegalMoveError) as err:
        s.check("add 3Ma")
    assert err.value.clause == "tg.surkhya"
    play(s, "open RRa 3Ma")
    assert set(legal(s)) == low(s, 1, "add") and "add RKu" not in legal(s)
    play(s, "add 7Ku", "add 9Ku")
    assert set(legal(s)) == low(s, 2, "add") and "add RKa" not in legal(s)  # not her Raja of Kalki
    with pytest.raises(IllegalMoveError) as err:
        s.check("add RKa")
    assert err.value.clause == "tg.surkhya" and "any card but a Raja" in err.value.reason
    play(s, "add 3Vr", "add 8Ka")
    assert "swap 9Kr for 7Ku" in legal(s)  # Asha has no Kurma
    with pytest.raises(IllegalMoveError) as err:
        s.check("swap 9Kr for RRa")
    assert err.value.clause == "tg.exchange"
    play(s, "swap 9Kr for 7Ku", "keep")
    # Chitra holds no Krishna, and the 9 of Krishna is now in the trick: she may take it
    assert "swap 6Ku for 9Kr" in legal(s)
    record = s.apply("keep")
    assert record.trick_winner == 0 and len(s.won[0]) == 6 and s.stage == "lead"


def test_the_opening_takes_any_cards_at_a_table_that_says_so():
    s = get_game("traditional-ganjifa", low_cards=False).position(OPENING)
    assert {"open RRa RMa", "open RRa 3Ma", "open RRa 2Vr"} <= set(legal(s))
    play(s, "open RRa RMa", "add 7Ku", "add 9Ku")
    assert "add RKa" in legal(s)


def test_asking_the_gheni_for_a_low_card():
    # Bela holds the Mantri of Kalki alone; Chitra the Raja and the 8; no Kalki in the trick
    s = G.position(OPENING)
    play(s, "open RRa 3Ma", "add 7Ku", "add 9Ku", "add 3Vr", "add 5Ma", "keep")
    assert "ask 4Ma for Ka" in legal(s)
    record = s.apply("ask 4Ma for Ka")
    assert s.current_player == 2 and legal(s) == ["give 8Ka"] and record.clauses == ("tg.ask",)
    s.apply("give 8Ka")
    bela = {str(c) for c in s.hands[1]}
    assert {"MKa", "8Ka", "10Kr"} <= bela and "4Ma" not in bela and len(bela) == 38


def test_dukkal_is_compulsory():
    s = G.position("P1=RKr MKr 10Kr 3Ma; P2=9Kr 4Ma 2Ku 5Vr; P3=8Kr 5Ma 6Ku 3Vr; lead=P1")
    assert legal(s) == ["dukkal RKr MKr"]
    with pytest.raises(IllegalMoveError) as err:
        s.check("utari RKr MKr 10Kr")
    assert err.value.clause == "tg.dukkal"
    records = play(s, "dukkal RKr MKr", "add 4Ma", "add 2Ku", "add 5Ma", "add 6Ku")
    assert records[-1].trick_winner == 0 and s.leader == 0


def test_deni_must_be_given_and_the_gheni_may_double():
    s = G.position("P1=MKr 4Kr 3Ma 5Vr; P2=RKr 7Kr 2Ku 6Vr; P3=10Kr 5Ma 6Ku 3Vr; lead=P1")
    assert legal(s) == ["deni 4Kr"]
    s.apply("deni 4Kr")
    assert "double RKr 7Kr" in legal(s) and "add RKr" in legal(s)
    records = play(s, "double RKr 7Kr", "add 10Kr", "add 5Ma", "add 5Vr")
    # Chitra had not played before the double and beat the 7 with the 10: she takes the second half
    assert records[-1].trick[2] == (1, 3, 2, 3) and s.leader == 1
    assert "tg.double" in records[0].clauses


def test_a_deni_without_a_low_card_is_lost():
    s = G.position("P1=MKr 9Ma; P2=RKr 4Ma; P3=10Kr 5Ma; lead=P1")
    assert legal(s) == ["deni MKr"]
    record = s.apply("deni MKr")
    assert "tg.lose-deni" in record.clauses


def test_hukm_duty_and_burning():
    s = G.position("P1=9Kr 2Kr 8Ma 5Vr; P2=10Kr 4Ma 2Ku 6Vr; P3=8Kr 5Ma 6Ku 3Vr; lead=P1")
    assert legal(s) == ["talafa 2Kr", "utari"]
    s.apply("talafa 2Kr")
    record = s.apply("add 6Vr")
    assert record.clauses == ("tg.hukm", "tg.burn") and [str(c) for c in s.burned] == ["10Kr"]
    # the 10 now ranks lowest: the hukm is Asha's 9, and Chitra is free; her 8 beats the 2 led
    assert str(s.order[7][0]) == "9Kr" and str(s.order[7][-1]) == "10Kr"
    record = s.apply("add 8Kr")
    assert record.trick_winner == 2


def test_the_hukm_once_played_frees_the_others():
    s = G.position("P1=MKr 9Ma; P2=RKr 4Ma; P3=10Kr 5Ma; lead=P1")
    play(s, "deni MKr", "add RKr")
    assert sorted(legal(s)) == ["add 10Kr", "add 5Ma"]


def test_utari_then_a_card_at_random():
    s = G.position("P1=RMa 4Kr 3Vr 2Ku; P2=MMa 5Kr 2Vr 3Ku; P3=1Ma 6Kr 1Vr 4Ku; lead=P1")
    assert legal(s) == ["utari RMa 2Ku"]
    play(s, "utari RMa 2Ku", "add 2Vr", "add 3Ku", "add 1Vr", "add 4Ku")
    assert s.current_player == CHANCE
    with pytest.raises(IllegalMoveError) as err:
        s.check("draw 5Kr")
    assert err.value.clause == "tg.random"
    record = s.apply("draw 3Vr")
    assert record.player == CHANCE and "tg.random" in record.clauses


def test_tigasta_when_all_have_lost_the_lead():
    s = G.position("P1=MKr 4Kr 3Ma 5Vr; P2=RKr 7Kr 2Ku 6Vr; P3=10Kr 5Ma 6Ku 3Vr; lead=P1; lost=P2 P3")
    records = play(s, "deni 4Kr", "add RKr", "add 5Ma")
    assert "tg.tigasta" in records[-1].clauses and s.tigasta


def test_post_tigasta_leads():
    s = G.position(f"P1=9Kr 2Kr 8Ma 5Vr; P2=10Kr 4Ma 2Ku 6Vr; P3=8Kr 5Ma 6Ku 3Vr; lead=P1; {AFTER}")
    assert "talafa 8Ma as Kr" in legal(s) and "sokta 9Kr 2Kr" in legal(s)
    record = s.apply("talafa 8Ma as Kr")
    assert record.clauses == ("tg.talafa-down",)
    assert all(c != s.down for _, c in s.view(1).trick)  # the face-down card is hidden


def test_utaruna_sir():
    s = G.position(f"P1=RKr 9Kr 3Kr; P2=10Kr 4Ma 2Ku; P3=8Kr 5Ma 6Ku; lead=P1; {AFTER}")
    s.apply("sir RKr 3Kr")
    assert legal(s) == ["add 10Kr", "add 4Ma", "add 2Ku"]  # the 10 at either of Bela's two cards
    records = play(s, "add 10Kr", "add 4Ma", "add 5Ma", "add 6Ku")
    assert records[-1].trick[2] == (0, 3, 1, 3) and s.leader == 1
    s = G.position(f"P1=RKr 9Kr 3Kr; P2=10Kr 4Ma 2Ku; P3=8Kr 5Ma 6Ku; lead=P1; {AFTER}; moves=sir RKr 3Kr, add 4Ma")
    assert legal(s) == ["add 10Kr"]  # her last card to the trick must be the 10
    with pytest.raises(IllegalMoveError) as err:
        s.check("add 2Ku")
    assert err.value.clause == "tg.sir"


NATAVANI = ("P1=9Kr 3Kr 2Ma 4Vr 3Pa 1Pa; P2=RKr 4Ma 2Ku 3Vr 5Pa 2Pa; P3=10Kr 5Ma 6Ku 1Vr 7Pa 4Pa; "
            f"lead=P1; {AFTER}")


def test_natavani_then_tavani():
    s = G.position(NATAVANI)
    assert "natavani 3Kr" in legal(s) and "hardu 3Kr" in legal(s)
    record = s.apply("natavani 3Kr")
    assert record.clauses == ("tg.natavani",) and s.tavani[0] == 7
    play(s, "add RKr", "add 5Ma")
    assert s.leader == 1
    play(s, "utari 2Ku", "add 6Ku", "add 4Vr", "talafa 3Vr as Ma", "add 4Pa", "add 2Ma")
    assert s.leader == 0
    assert legal(s) and all(m.startswith("tavani") and m.endswith("as Kr") for m in legal(s))
    with pytest.raises(IllegalMoveError) as err:
        s.check("utari")
    assert err.value.clause == "tg.tavani"
    records = play(s, "tavani 1Pa as Kr", "add 5Pa", "add 10Kr")
    assert records[0].clauses == ("tg.tavani",) and records[-1].trick_winner == 2 and s.tavani[0] == -1


def test_hardu_right_and_void():
    s = G.position(f"P1=9Kr 3Kr 2Ma; P2=RKr 10Kr 2Ku; P3=4Ma 5Ma 6Ku; lead=P1; {AFTER}")
    before = len(s.won[1])  # the 111 cards played, shared evenly: 36 won by Bela
    assert [len(w) for w in s.won] == [39, 36, 36]
    s.apply("hardu 3Kr")
    assert legal(s) == ["add RKr", "add 10Kr"]
    records = play(s, "add RKr", "add 10Kr", "add 4Ma", "add 5Ma", "add 2Ma")
    assert records[-1].trick_winner == 1 and len(s.won[1]) == before + 6
    v = G.position(f"P1=9Kr 3Kr 2Ma; P2=RKr 4Ma 2Ku; P3=10Kr 5Ma 6Ku; lead=P1; {AFTER}")
    record = v.apply("hardu 3Kr")
    assert "tg.hardu-void" in record.clauses and v.current_player == 0 and not v.trick
    with pytest.raises(IllegalMoveError) as err:
        v.check("natavani 3Kr")
    assert err.value.clause == "tg.hardu-void"


def test_sokta_right_and_wrong():
    right = G.position(f"P1=3Kr 2Ma 4Vr; P2=4Ma 2Ku 7Ku; P3=10Ma 5Ma 6Ku; lead=P1; {AFTER}")
    records = play(right, "sokta 3Kr", "add 4Ma", "add 5Ma")
    assert records[-1].trick_winner == 0 and "tg.sokta-wrong" not in records[-1].clauses
    wrong = G.position(f"P1=9Kr 3Kr 2Ma; P2=RKr 4Ma 2Ku; P3=10Ma 5Ma 6Ku; lead=P1; {AFTER}")
    records = play(wrong, "sokta 9Kr 3Kr", "add 4Ma", "add 2Ku", "add 5Ma", "add 6Ku")
    assert records[-1].trick_winner == 1 and "tg.sokta-wrong" in records[-1].clauses
    with pytest.raises(IllegalMoveError) as err:
        G.position("P1=9Kr 3Kr 2Ma; P2=RKr 4Ma 2Ku; P3=10Ma 5Ma 6Ku; lead=P1").check("sokta 9Kr 3Kr")
    assert err.value.clause == "tg.sokta"  # the sokta's own rule: "After the tigasta a leader may ..."


def test_akheri_killed_and_rangeri():
    s = ONE.position("P1=8Kr; P2=RKr; P3=10Kr; lead=P1; won=P1:39 P2:36 P3:42")
    records = play(s, "akheri 8Kr", "add RKr", "add 10Kr")
    assert "tg.kill" in records[-1].clauses and records[-1].trick[4] == (1, True)
    assert s.is_terminal()


def test_card_payments_and_the_exemption():
    assert TGState.owed([30, 45, 45]) == [[0, [[1, 5], [2, 5]]]]
    assert TGState.owed([30, 45, 45], killer=0) == []
    s = G.position("P1=8Kr; P2=RKr; P3=10Kr; lead=P1; won=P1:30 P2:48 P3:39")
    records = play(s, "akheri 8Kr", "add RKr", "add 10Kr")
    assert "tg.payment" in records[-1].clauses and s.current_player == CHANCE
    from engine.shuffle import Rng
    s.apply(s.chance_outcome(Rng(3)))  # the next deal, dealt first to Bela: Chitra and Asha owe Bela, in that turn
    assert s.payments == [[2, [[1, 1]]], [0, [[1, 10]]]]
    for payer in (2, 0):
        assert s.stage == "aside" and s.current_player == payer and s.face_up[payer] == frozenset()
        assert s.view(payer).hand == () and [str(m) for m in s.legal_moves()] == [
            "aside first", "aside second", "aside last"]  # unseen: the batches by their place alone
        s.apply(s.legal_moves()[0])
        assert s.stage == "apart" and s.current_player == payer  # the rest seen, the batches set aside not
        assert set(s.view(payer).hand) == set(s.hands[payer]) - set(s.aside) and s.aside
        s.apply(s.legal_moves()[0])
        s.apply(s.chance_outcome(Rng(4)))
        assert s.stage == "return" and s.current_player == 1
        while s.stage == "return":
            s.apply(s.legal_moves()[-1])
    assert [len(h) for h in s.hands] == [40, 40, 40] and s.stage == "open"


def test_a_payer_pays_the_next_player_in_turn_first():
    """tg.payment: Bela pays Chitra (next after her) before Asha; with a 36-card limit, Asha gets what is left."""
    assert TGState.owed([45, 30, 45]) == [[1, [[2, 5], [0, 5]]]]
    assert TGState.owed([70, 2, 48]) == [[1, [[2, 8], [0, 28]]]]  # 38 short, 36 paid: Asha is paid 2 less
    assert TGState.owed([70, 2, 48], killer=1) == []  # the killer of the akheri pays nothing
    # the payers pay in turn from the player dealt to first in the next deal
    assert [p for p, _ in TGState.owed([30, 60, 30], first=2)] == [2, 0]


def test_matches_end_and_conserve_cards():
    for seed in range(4):
        state = play_seeded(G, seed, ["heuristic", "random", "random"])
        assert state.is_terminal() and len(state.deal_points) == 3
        assert sum(state.scores) == 0 and sorted(c.index for c in state.all_cards()) == sorted(
            c.index for c in G.deck.cards)


def test_bad_positions_and_moves():
    with pytest.raises(NotationError):
        G.position("P1=RKr; P2=MKr 3Kr; P3=4Kr; lead=P1")
    with pytest.raises(NotationError):
        G.position("P1=RKr; P2=MKr; P3=4Kr; lead=P4")
    with pytest.raises(NotationError):
        G.parse_move("tavani 3Kr")


def test_a_table_may_play_without_doubling():
    """Issue 20: the gheni's double trick is an option a designer can switch off (tg.double)."""
    text = "P1=MKr 4Kr 3Ma 5Vr; P2=RKr 7Kr 2Ku 6Vr; P3=10Kr 5Ma 6Ku 3Vr; lead=P1; moves=deni 4Kr"
    assert "double RKr 7Kr" in map(str, get_game("traditional-ganjifa", rounds=1).position(text).legal_moves())
    plain = get_game("traditional-ganjifa", rounds=1, double=False).position(text)
    assert [str(m) for m in plain.legal_moves()] == ["add RKr", "add 7Kr", "add 2Ku", "add 6Vr"]
    with pytest.raises(IllegalMoveError, match="without doubling.*tg.double"):
        plain.apply("double RKr 7Kr")
    game = get_game("traditional-ganjifa", rounds=1, double=False)
    for seed in range(3):
        state = play_seeded(game, seed, "heuristic")
        assert not any(str(r.move).startswith("double") for r in state.history)


NAMES = ["Asha", "Bela", "Chitra"]


def test_no_hukm_duty_when_the_card_led_is_already_the_best_of_its_suit():
    """tg.hukm (issue 29): Bela threw the 1 and 2 of Matsya to Asha's utari, so the 3 drawn at random is the best
    Matsya card left; Chitra's 4 has nothing to draw it out for, and is not burned when she keeps it."""
    s = ONE.position("P1=RMa 3Ma 5Vr 9Bu 1Bu; P2=1Ma 2Ma 6Vr 2Bu 3Bu; P3=8Kr 4Ma 7Vr 4Bu 5Bu; lead=P1")
    play(s, "utari RMa 5Vr 9Bu", "add 1Ma", "add 2Ma", "add 3Bu", "add 8Kr", "add 7Vr", "add 4Bu", "draw 3Ma",
         "add 2Bu")
    assert s._duty(2) is None and legal(s) == ["add 4Ma", "add 5Bu"]
    record = s.apply("add 5Bu")
    assert "tg.burn" not in record.clauses and s.burned == [] and record.trick_winner == 0
    assert "burned" not in record.narrate(NAMES)


def test_the_hukm_duty_is_judged_against_the_cards_already_in_the_trick():
    """Asha leads the 2 of Krishna to draw Bela's 10; Bela burns it but adds her 9, higher than Chitra's 8, the
    new hukm in hand: Chitra's 8 could draw nothing out, so she is free."""
    s = ONE.position("P1=7Kr 2Kr 8Ma; P2=10Kr 9Kr 4Ma; P3=8Kr 5Ma 6Ku; lead=P1; burned=7Kr")
    assert "talafa 2Kr" not in legal(s)  # Asha's 7 is burned: she holds no card next below the hukm
    s = ONE.position("P1=1Kr 2Kr 8Ma; P2=10Kr 9Kr 4Ma; P3=8Kr 5Ma 6Ku; lead=P1; moves=utari, draw 2Kr")
    record = s.apply("add 9Kr")
    assert "tg.burn" in record.clauses  # the 10 was due and is burned
    assert s._duty(2) is None
    record = s.apply("add 6Ku")
    assert "tg.burn" not in record.clauses and record.trick_winner == 1


def test_after_the_tigasta_an_utari_may_still_lead_every_hukm_at_once():
    s = ONE.position("P1=RKr RMa 3Ma 9Kr; P2=1Ma 10Kr 4Vr 5Vr; P3=2Ma 8Kr 6Vr 7Vr; lead=P1; lost=P1 P2 P3")
    assert {"utari RMa", "utari RKr", "utari RMa RKr"} <= set(legal(s))
    play(s, "utari RMa RKr", "add 4Vr", "add 5Vr", "add 6Vr", "add 7Vr")
    assert s.stage == "draw"  # all at once, as before it: the card drawn at random follows
    s = ONE.position("P1=RKr RMa 3Ma 9Kr; P2=1Ma 10Kr 4Vr 5Vr; P3=2Ma 8Kr 6Vr 7Vr; lead=P1; lost=P1 P2 P3")
    play(s, "utari RKr", "add 4Vr", "add 6Vr")
    assert s.stage == "lead" and s.current_player == 0  # one at a time: the leader keeps the lead and leads again
    before = ONE.position("P1=RKr RMa 3Ma 9Kr; P2=1Ma 10Kr 4Vr 5Vr; P3=2Ma 8Kr 6Vr 7Vr; lead=P1")
    assert legal(before) == ["utari RMa RKr"]  # before it, all at once only


def test_a_void_hardu_bars_a_natavani_but_not_a_hardu_in_another_suit():
    s = ONE.position("P1=9Kr 3Kr 10Bu 2Bu 5Ma; P2=RKr RBu MBu 4Ma 2Ku; P3=10Kr 6Ma 6Ku 1Vr 7Ku; lead=P1; " + AFTER)
    record = s.apply("hardu 3Kr")
    assert "tg.hardu-void" in record.clauses and s.current_player == 0
    assert "hardu 2Bu" in legal(s) and not any(m.startswith("natavani") for m in legal(s))
    for move in ("hardu 3Kr", "natavani 2Bu"):
        with pytest.raises(IllegalMoveError) as err:
            s.check(move)
        assert err.value.clause == "tg.hardu-void"
    record = s.apply("hardu 2Bu")
    assert record.clauses == ("tg.hardu",)


WRONG_SOKTA = ("P1=9Kr 3Kr 2Ma; P2=RKr 4Ma 2Ku; P3=10Ma 5Ma 6Ku; lead=P1; lost=P1 P2 P3; won=P1:39 P2:36 P3:36; "
               "moves=sokta 9Kr 3Kr, add 4Ma, add 2Ku, add 5Ma")


def test_a_wrong_sokta_loses_its_trick_or_at_a_table_that_says_so_every_trick():
    s = ONE.position(WRONG_SOKTA)
    record = s.apply("add 6Ku")
    assert record.trick_winner == 1 and [len(w) for w in s.won] == [39, 42, 36]
    s = get_game("traditional-ganjifa", rounds=1, sokta="all").position(WRONG_SOKTA)
    record = s.apply("add 6Ku")
    assert record.trick_winner == 1 and [len(w) for w in s.won] == [0, 81, 36]
    assert "every card its declarer had won" in record.narrate(NAMES)


def _paid(game, seed):
    """A first deal that ends with Asha owing 36 cards, the next deal dealt from ``seed``, and Asha's payment
    made setting aside her batches with the most Rajas and taking back her lowest cards: the state, and the
    record of the last card given back (None if the new deal needs no payment from her)."""
    from engine.shuffle import Rng

    s = game.position("P1=8Kr; P2=RKr; P3=10Kr; lead=P1; won=P1:0 P2:48 P3:69; moves=akheri 8Kr, add RKr, add 10Kr")
    rng = Rng(seed)
    s.apply(s.chance_outcome(rng))
    if s.stage != "aside":
        return s, None
    s.apply(max(s.legal_moves(), key=lambda m: sum(c.rank == 12 for c in s._aside_cards(0, m.extra))))
    s.apply(s.legal_moves()[0])  # the card set apart
    record = None
    while s.stage in ("take", "return"):
        if s.stage == "take":
            s.apply(s.chance_outcome(rng))
        else:
            record = s.apply(min(s.legal_moves(), key=lambda m: s.strength(m.cards[0])))
    return s, record


def test_a_hand_left_without_a_raja_by_the_payments_is_dealt_again_at_a_table_that_checks_before_play():
    game = get_game("traditional-ganjifa", rounds=2)
    s = next(s for s, r in (_paid(game, seed) for seed in range(200)) if r is not None and s._rajaless())
    assert s.stage == "open"  # the default checks the hands as dealt, before the payments
    game = get_game("traditional-ganjifa", rounds=2, raja_check="play")
    s, record = next((s, r) for s, r in (_paid(game, seed) for seed in range(200)) if r is not None and s.stage == "redeal")
    assert "tg.redeal" in record.clauses and "dealt again" in record.narrate(NAMES)
    assert s.payments == s.due and s.payments  # the payments are made again from the new hands
    from engine.shuffle import Rng
    s.apply(s.chance_outcome(Rng(0)))
    assert s.stage in ("aside", "redeal")


def test_a_hand_set_lead_accounts_for_every_card_played():
    # 111 cards are in no hand: they have been won, in threes
    with pytest.raises(NotationError) as err:
        G.position("P1=9Kr 3Kr 2Ma; P2=RKr 4Ma 2Ku; P3=10Kr 5Ma 6Ku; lead=P2; won=P1:40 P2:35 P3:36")
    assert err.value.clause == "tg.trick" and "must add up to 111, each a multiple of three" in str(err.value)
    with pytest.raises(NotationError):
        G.position("P1=9Kr 3Kr 2Ma; P2=RKr 4Ma 2Ku; P3=10Kr 5Ma 6Ku; lead=P2; won=P1:12")
    s = G.position("P1=9Kr 3Kr 2Ma; P2=RKr 4Ma 2Ku; P3=10Kr 5Ma 6Ku; lead=P2")  # left out: shared evenly
    assert [len(w) for w in s.won] == [36, 39, 36] and len(s.all_cards()) == 120
    again = G.position(s.position())
    assert [len(w) for w in again.won] == [36, 39, 36]
