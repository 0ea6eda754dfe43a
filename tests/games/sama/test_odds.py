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


def best_move(state) -> str:
    """The careful player's choice in ``state``: its highest-rated legal move."""
    return str(max(state.legal_moves(), key=state.move_priority))


def careful_exchanges(court_up: str) -> tuple[list[int], int]:
    """Asked position by position: the face-up ranks the careful player exchanges (face-down Rajas), and the
    highest face-down total it exchanges (a face-up Raja)."""
    game = get_game("sama", players=3, court_up=court_up)
    names = {11: "V", 12: "R"}
    ups = []
    for r in range(1, 13):
        state = game.position(f"dealer=P3; turn=P1; P1=RSa RTa {names.get(r, r)}Gh; P2=2Su 4Ch VQi; P3=7Sh 9Ta 8Ba")
        if best_move(state) == "exchange up":
            ups.append(r)
    down_most = 0
    for a, b in product(range(1, 11), repeat=2):
        state = game.position(f"dealer=P3; turn=P1; P1={a}Sa {b}Ta RGh; P2=2Su 4Ch VQi; P3=7Sh 9Qi 8Ba")
        if best_move(state) == "exchange down":
            down_most = max(down_most, a + b)
    return ups, down_most


def test_the_exchange_table_is_the_careful_players_own_rule():
    """The chapter's sentence on the exchange points to this table: its figures are the careful player's."""
    for court_up in ("single", "double"):
        ups, down_most = careful_exchanges(court_up)
        table = get_game("sama", court_up=court_up).table("exchange")
        (_, new_up, up_words), (_, new_down, down_words) = table.rows
        mean_up = 13.0 if court_up == "double" else (2 * sum(range(1, 11)) + 23) / 12
        assert new_up == f"{mean_up:.2f}" and new_down == f"{2 * 6.5:.2f}"
        assert odds.exchange_rule(court_up).up_ranks == tuple(ups)
        assert up_words == odds.ranks_in_words(ups) and down_words == f"{down_most} or less in all"
        numbers = [r for r in ups if r <= 10]
        assert f"{numbers[-1]} or less" in up_words and all(2 * r < mean_up for r in numbers)
        assert ("Vizier" in up_words) == (11 in ups) and ("Raja" in up_words) == (12 in ups)


def test_the_chapter_states_no_exchange_figure_of_its_own():
    """'What the exchange is worth' gives its figures only in the engine's tables, so they cannot go stale
    (it once said "a face-up card below 7 (a new one counts 13 on average)" after the ruling changed)."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "rules" / "sama.md").read_text(encoding="utf-8")
    section = text[text.index("## What the exchange is worth"):text.index("## Variants")]
    prose, fenced = [], False
    for line in section.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            prose.append(line)
    assert "```{game-table} sama exchange" in section
    assert not any(ch.isdigit() for ch in "\n".join(prose)), "a figure in the prose: give it in an engine table"
