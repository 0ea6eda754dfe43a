"""The solver's verdicts checked independently: every won line replays through the rules to a win, and on
small hand-made tableaux its "won" and "lost" agree with a plain exhaustive search written here (every legal
move but giving up, positions compared by their full text, no pruning, no shortcuts)."""

from __future__ import annotations

import random

import pytest

from engine.games.udvasa import Udvasa
from engine.games.udvasa.odds import FILE, load, solve_row, summary
from engine.games.udvasa.solver import solve
from engine.games.udvasa.tables import AT, CARDS
from tests.hand_set import hand_set

FULL = 12


def brute_force(state) -> bool:
    """Whether some sequence of moves wins: every position reachable, by the public moves, searched once."""
    seen = set()
    todo = [state]
    while todo:
        s = todo.pop()
        if s.is_terminal():
            if s.result().winners:
                return True
            continue
        for move in s.legal_moves():
            if str(move) == "stop":
                continue
            t = s.copy()
            t.apply(move)
            text = t.position() + ("; over" if t.is_terminal() else "")
            if text not in seen:
                seen.add(text)
                todo.append(t)
    return False


def small_tableau(rng: random.Random, game: Udvasa) -> str:
    """A random late position: at most six cards still to build, in the stacks, the stock used up (the deal
    and whole deals are checked by replaying the solver's lines of whole deals)."""
    while True:
        text, loose = _tableau(rng, game)
        if loose <= 4:
            return text


def _tableau(rng: random.Random, game: Udvasa) -> str:
    up = game.up_flags
    tops, loose = [], []
    for s in range(8):
        left = rng.choice((0, 0, 0, 1, 1, 2))
        built = FULL - left
        top = AT[s][built] if up[s] else AT[s][FULL + 1 - built]
        tops.append(str(CARDS[top]))
        values = range(built + 1, FULL + 1) if up[s] else range(FULL - built, 0, -1)
        loose += [str(CARDS[AT[s][v]]) for v in values]
    rng.shuffle(loose)
    stock: list[str] = []
    stacks = [[] for _ in range(8)]
    for c in loose:
        stacks[rng.randrange(8)].append(c)
    text = f"build={' '.join(tops)}; stacks=" + " / ".join(" ".join(s) or "-" for s in stacks)
    return text + f"; stock={' '.join(stock) or '-'}", len(loose)


@pytest.mark.parametrize("options", [{}, {"fill": "before-deal"}, {"wrap": True}, {"up": "weak"}])
def test_the_solver_agrees_with_an_exhaustive_search_on_small_tableaux(options):
    game = Udvasa(**options)
    rng = random.Random(f"udvasa {options}")
    verdicts = {"won": 0, "lost": 0}
    for _ in range(25):
        text = small_tableau(rng, game)
        state = game.position(text)
        v = solve(state, limit=10**6)
        assert v.verdict in ("won", "lost"), text
        assert (v.verdict == "won") == brute_force(state), text
        verdicts[v.verdict] += 1
        if v.verdict == "won":
            replay = game.position(text)
            for move in v.line:
                replay.apply(move)
            assert replay.is_terminal() and replay.result().winners == (0,), text
    assert verdicts["won"], verdicts


def near_stuck(extra_tops: list[str]) -> str:
    """Every suit waits for its 5, and each stack holds a 5 at its bottom under cards that cannot move (3s and
    7s on top); ``extra_tops`` are laid on top of stacks 1, 2... so that a few moves are left, none of them
    a way out."""
    build = "4Sa 4Ta 4Sh 4Gh 6Su 6Ch 6Qi 6Ba"
    fives = ["5Sa", "5Ta", "5Sh", "5Gh", "5Su", "5Ch", "5Qi", "5Ba"]
    tops = ["3Su", "3Ch", "3Qi", "3Ba", "7Sa", "7Ta", "7Sh", "7Gh"]
    game = Udvasa()
    p = hand_set(game, f"build={build}; stacks=" + " / ".join(fives))
    rest = [str(c) for c in p.stock if str(c) not in tops and str(c) not in extra_tops]
    stacks = [[fives[i]] + rest[i::8] + [tops[i]] for i in range(8)]
    for i, card in enumerate(extra_tops):
        stacks[i].append(card)
    return f"build={build}; stacks=" + " / ".join(" ".join(s) for s in stacks) + "; stock=-"


@pytest.mark.parametrize("extra, verdict", [(["10Sa", "VSa"], "lost"), (["9Gh", "10Ta", "VSh"], "lost"),
                                            (["RSa", "VTa", "10Gh", "9Sh"], "lost")])
def test_near_stuck_tableaux_agree_with_the_exhaustive_search(extra, verdict):
    """A few moves are left, moving cards to and fro that lead nowhere."""
    game = Udvasa()
    state = hand_set(game, near_stuck(extra))
    assert not state.is_terminal() and state.legal_moves()
    v = solve(state, limit=10**6)
    assert v.verdict == verdict and brute_force(state) == (verdict == "won")


def test_the_results_file_follows_from_its_rows_and_some_rows_solve_again():
    """The book's odds come from rules/data/udvasa-solved.json: its figures follow from its rows, and a
    sample of rows (the quickest twelve and the first three) gives the same verdicts when solved again."""
    data = load(FILE)
    rows = data["rows"]
    assert [r["seed"] for r in rows] == list(range(len(rows)))
    assert data["summary"] == summary(rows)
    sample = sorted(rows, key=lambda r: r["nodes"])[:12] + rows[:3]
    for row in sample:
        again = solve_row((row["seed"], data["limit"]))
        assert {k: again[k] for k in ("verdict", "nodes", "random", "careful")} == \
            {k: row[k] for k in ("verdict", "nodes", "random", "careful")}, row["seed"]
