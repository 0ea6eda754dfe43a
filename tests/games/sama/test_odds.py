"""The worth of Sama's exchange: the exact figures against a separate computation, the simulated
share against a separate simulation."""

import random
from itertools import product

from engine import get_game
from engine.decks import MUGHAL
from engine.games.sama import odds


def up(rank: int, court_up: str) -> int:
    return rank if court_up == "single" and rank > 10 else 2 * rank


def simple_choice(a, b, u, court_up):
    """The simple strategy as the chapter states it: the exchange that gains most against a card of the full pack."""
    mean = 6.5
    mean_up = 13.0 if court_up == "double" else (2 * sum(range(1, 11)) + 23) / 12
    gain_up = mean_up - up(u, court_up)
    gain_down = 2 * mean - a - b
    if max(gain_up, gain_down) <= 0:
        return "keep"
    return "up" if gain_up >= gain_down else "down"


def exact(court_up: str) -> tuple[float, float, int]:
    """Expected totals over ordered (down, down, up) rank triples, each with its number of card choices."""
    keep = simple = 0.0
    cases = 0
    for a, b, u in product(range(1, 13), repeat=3):
        ways = 8 * (8 - (a == b)) * (8 - (a == u) - (b == u))
        if ways <= 0:
            continue
        unseen = [8 - (a == r) - (b == r) - (u == r) for r in range(1, 13)]
        mean = sum(r * k for r, k in zip(range(1, 13), unseen)) / 93
        mean_up = sum(up(r, court_up) * k for r, k in zip(range(1, 13), unseen)) / 93
        now = a + b + up(u, court_up)
        choice = simple_choice(a, b, u, court_up)
        value = now if choice == "keep" else a + b + mean_up if choice == "up" else 2 * mean + up(u, court_up)
        keep += now * ways
        simple += value * ways
        cases += ways
    return keep / cases, simple / cases, cases // 2  # the two face-down cards in either order: one deal


def test_exact_expected_totals():
    for court_up in ("double", "single"):
        keep, simple, cases = exact(court_up)
        e = odds.expected_totals(court_up)
        assert e.cases == cases == 96 * 95 * 94 // 2
        assert abs(float(e.keep) - keep) < 1e-9 and abs(float(e.simple) - simple) < 1e-9
    table = get_game("sama").table("worth")  # the default: a face-up court single
    keep, simple, _ = exact("single")
    assert table.rows[1][1] == f"{simple:.3f}" and table.rows[1][2] == f"{simple - keep:+.3f}"


def test_simulated_share_agrees_with_a_separate_simulation():
    rng = random.Random(2024)
    deck = [c.rank for c in MUGHAL.cards]
    players, rounds = 4, 6000
    won = 0.0
    for _ in range(rounds):
        cards = rng.sample(deck, 3 * players + 2)
        hands = [cards[3 * i:3 * i + 3] for i in range(players)]
        a, b, u = hands[0]
        choice = simple_choice(a, b, u, "double")
        if choice == "up":
            hands[0] = [a, b, cards[-1]]
        elif choice == "down":
            hands[0] = [cards[-1], cards[-2], u]
        totals = [h[0] + h[1] + 2 * h[2] for h in hands]
        if totals[0] == max(totals):
            won += 1 / totals.count(max(totals))
    mine = won / rounds
    share, low, high = odds.simulated_share(players, 20000, "double")
    assert low < share < high and high - low < 0.02
    spread = (mine * (1 - mine) / rounds + share * (1 - share) / 20000) ** 0.5
    assert abs(mine - share) < 4 * spread  # the same quantity, two independent simulations
    assert share > 1 / players + 0.1  # the exchange is worth a good deal
