"""Every figure of the Naqsh chapter's generated tables, checked against an independent computation
written here: brute force over the cards for the exact tables, the engine itself (bots playing real
hands) and the exact two-player enumeration for the simulated round odds."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from engine.games.naqsh import Naqsh, odds
from engine.games.naqsh.game import PACK_CARDS
from engine.players.play import play_seeded

CARDS = PACK_CARDS["naqsh"]


def test_two_card_table_against_every_pair_of_cards():
    counts = {}
    for a, b in itertools.combinations(CARDS, 2):
        t = a.rank + b.rank
        if t in (17, 21):
            key = (max(a.rank, b.rank), min(a.rank, b.rank))
            counts[key] = counts.get(key, 0) + 1
    table = Naqsh().table("two-card-naqsh")
    rows = {r[0]: r for r in table.rows}
    names = {11: "Ghodi", 12: "Mir"}
    for (hi, lo), ways in counts.items():
        row = rows[f"{names.get(hi, hi)} + {names.get(lo, lo)}"]
        assert row[1] == str(hi + lo) and row[2] == str(ways) and row[3] == f"{100 * ways / 1128:.2f}%"
    assert len(table.rows) == len(counts) + 1 == 7
    assert table.rows[-1][2] == str(sum(counts.values())) == "96"


_memo = {}


def _by_value(total, count, ranks):
    """How a player's hand on ``total`` ends, drawing from the cards ``ranks`` one at a time (every card
    separately, as exact fractions; memoised on what is left): naqsh, stand, bust."""
    key = (total, count, tuple(sorted(ranks)))
    if key in _memo:
        return _memo[key]
    out = {"naqsh": Fraction(0), "stand": Fraction(0), "bust": Fraction(0)}
    for i, r in enumerate(ranks):
        t, n = total + r, count + 1
        p = Fraction(1, len(ranks))
        if t == 17:
            out["naqsh"] += p
        elif t > 17:
            out["bust"] += p
        elif t >= 14:
            out["stand"] += p
        else:
            sub = _by_value(t, n, ranks[:i] + ranks[i + 1:])
            for k in out:
                out[k] += p * sub[k]
    _memo[key] = out
    return out


def test_hand_table_against_brute_force_over_the_cards():
    table = {r[0]: r for r in Naqsh().table("hand-odds").rows}
    share, ends = {}, {}
    for a, b in itertools.permutations(CARDS, 2):
        t = a.rank + b.rank
        p = Fraction(1, 48 * 47)
        share[t] = share.get(t, 0) + p
        e = ends.setdefault(t, {"naqsh": Fraction(0), "stand": Fraction(0), "bust": Fraction(0)})
        if t == 17 or t == 21:
            e["naqsh"] += p
        elif t > 17:
            e["bust"] += p
        elif t >= 14:
            e["stand"] += p
    for a, b in itertools.permutations(CARDS, 2):
        t = a.rank + b.rank
        if t <= 13:
            left = tuple(c.rank for c in CARDS if c is not a and c is not b)
            sub = _by_value(t, 2, left)
            for k in sub:
                ends[t][k] += Fraction(1, 48 * 47) * sub[k]
    assert sorted(table) == sorted(str(t) for t in share)
    for t in share:
        row = table[str(t)]
        s = share[t]
        assert row[1] == f"{100 * float(s):.1f}%"
        assert row[2] == f"{100 * float(ends[t]['naqsh'] / s):.1f}%"
        assert row[3] == f"{100 * float(ends[t]['stand'] / s):.1f}%"
        assert row[4] == f"{100 * float(ends[t]['bust'] / s):.1f}%"


def _engine_round_odds(players, rounds, rule="nothing"):
    """The round odds from the engine: heuristic bots playing real seeded hands (option dealer-fails=rule)."""
    game = Naqsh(players=players, dealer_fails=rule)
    kinds = {"nq.player-naqsh": 0, "nq.dealer-naqsh": 0, "nq.dealer-fails": 0}
    gain = gain2 = 0
    for seed in range(rounds):
        s = play_seeded(game, f"check/{seed}", "heuristic")
        kinds[s.result().clause] += 1
        g = s.payments()[-1]
        gain += g
        gain2 += g * g
    mean = gain / rounds
    return kinds, mean, math.sqrt((gain2 / rounds - mean * mean) / rounds)


@pytest.mark.parametrize("players, rule", [(2, "nothing"), (4, "pay-standing"), (6, "nothing"), (7, "pay-standing")])
def test_simulated_round_odds_agree_with_the_engine_itself(players, rule):
    rounds = 6000
    kinds, mean, se = _engine_round_odds(players, rounds, rule)
    o = odds.odds(players)
    edge, half = o.edge_under(rule)
    sim_se = half / 1.96
    assert abs(edge - mean) < 4 * math.hypot(se, sim_se), (edge, mean)
    for p, clause in ((o.p_player_naqsh, "nq.player-naqsh"), (o.p_dealer_naqsh, "nq.dealer-naqsh"),
                      (o.p_nobody, "nq.dealer-fails")):
        q = kinds[clause] / rounds
        sd = math.sqrt(p * (1 - p) / rounds + p * (1 - p) / o.cases)
        assert abs(p - q) < 4 * sd + 1e-9, (clause, p, q)


def minus(text: str) -> str:
    return text.replace("-", "\u2212")


def test_edge_table_shows_the_simulated_figures():
    """The default (a failing dealer pays nothing) heads the table, with pay-standing beside it; a paying
    variant's table turns it round."""
    table = Naqsh().table("dealer-edge")
    assert table.header[-1] == "Dealer's gain a round if a failing dealer pays every player standing"
    for row in table.rows:
        o = odds.odds(int(row[0]))
        # a figure and its interval stay on one line (no-break spaces); minus signs are typeset minus signs
        assert row[4] == minus(f"{o.edge_nothing:+.3f}\u00a0±\u00a0{o.half_width_nothing:.3f}")
        assert row[5] == minus(f"{o.edge_nothing / (o.players - 1):+.3f}")
        assert row[6] == minus(f"{o.edge:+.2f}\u00a0±\u00a0{o.half_width:.2f}")  # the other payment with its interval too
        assert o.edge_nothing > 0 > o.edge  # the bank, which a Naqsh wins, is worth having only under the ruling
    assert f"{odds.SIM_ROUNDS:,} rounds" in table.note
    table = Naqsh(dealer_fails="pay-standing").table("dealer-edge")
    assert table.header[-1] == "Dealer's gain a round if a failing dealer pays nothing"
    for row in table.rows:
        o = odds.odds(int(row[0]))
        assert row[4] == minus(f"{o.edge:+.3f}\u00a0±\u00a0{o.half_width:.3f}")
        assert row[5] == minus(f"{o.edge_per_player:+.3f}")
        assert row[6] == minus(f"{o.edge_nothing:+.2f}\u00a0±\u00a0{o.half_width_nothing:.2f}")


@pytest.mark.slow
def test_two_player_simulation_agrees_with_exact_enumeration():
    exact = odds.exact(2)
    assert exact.cases == 4_635_742_926
    sim = odds.odds(2)
    assert abs(exact.edge - sim.edge) < sim.half_width * 1.5
    assert abs(exact.edge_nothing - sim.edge_nothing) < sim.half_width_nothing * 1.5
    assert f"{exact.edge:.3f}".replace("-", "\u2212") in Naqsh(dealer_fails="pay-standing").table("dealer-edge").note
    assert f"{exact.edge_nothing:.3f}" in Naqsh().table("dealer-edge").note
    assert odds.EXACT_TWO_PLAYERS == {"nothing": round(exact.edge_nothing, 3), "pay-standing": round(exact.edge, 3),
                                      "pay-higher": round(exact.edge, 3)}
    assert abs(exact.p_dealer_naqsh - sim.p_dealer_naqsh) < 0.01
