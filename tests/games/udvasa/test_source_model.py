"""Udvasa against an independent model of its source (``source_model.py``).

Seeded games under every option combination the game declares (up, wrap, fill, dealing: 16), played by
the random and the heuristic bot (each with its seed's stream, as the play loop seats them), by a
patient chooser of this test's own (it builds and fills first and deals seldom, so it reaches the late
game the bots, who deal early, seldom see), and along a few of the solver's winning lines (so that won
games end too). At every decision the engine's legal moves (as text) must equal the model's; after
every move the table (build tops, working stacks, stock) must be the model's; the end of the game and
its result must agree.

Udvasa games can go on for ever (cards moved to and fro), so a game is compared for at most ``CAP``
decisions and then left: the patient chooser under ``dealing=no-moves`` is the one that meets the cap.

Run as a script for a summary by category::

    python -m tests.games.udvasa.test_source_model [games]
"""

from __future__ import annotations

import pytest

import itertools
import random
import sys
from collections import Counter

from engine import get_game
from engine.players.bots import make_bot
from engine.shuffle import derive

from .source_model import Model

COMBOS = [dict(up=u, wrap=w, fill=f, dealing=d) for u, w, f, d in itertools.product(
    ("strong", "weak"), (False, True), ("at-once", "before-deal"), ("any-time", "no-moves"))]
DRIVERS = ("random", "heuristic", "patient", "random", "patient", "solver")
CAP = 400  # decisions compared in one game at most
SOLVER_LIMIT = 4000  # the solver's node limit for a driver's line (an undecided deal falls back to patient)


def kind(move: str, model: Model) -> str:
    if move in ("deal", "stop"):
        return {"deal": "deal eight more", "stop": "give up"}[move]
    a, b = move.split("-")
    if b == "build":
        return "play a card home"
    if not model.stacks[int(b) - 1]:
        return "fill an empty stack"
    return "move onto a card one apart"


def categorise(engine_set, model_set, model):
    """[(category, engine only, model only)] for one decision's disagreement, by kind of move."""
    only_e, only_m = engine_set - model_set, model_set - engine_set
    out = []
    for k in sorted({kind(m, model) for m in only_e | only_m}):
        e = sorted(m for m in only_e if kind(m, model) == k)
        m = sorted(m for m in only_m if kind(m, model) == k)
        side = "engine only" if not m else "model only" if not e else "both sides"
        pending = " (with a fill pending)" if model.fills() else ""
        out.append((f"{k}{pending}: {side}", e, m))
    return out


def situations(model, model_set):
    """The corners of the rules a decision stands in (to show the test reaches them)."""
    if model.fills():
        yield f"a fill pending, fill={model.fill}" + (", the stock used up" if not model.stock else "")
    if not model.stock:
        yield "the stock used up"
    if model.dealing == "no-moves" and "deal" in model_set:
        yield "dealing=no-moves, nothing to move but the deal"
    tops = [s[-1].rank for s in model.stacks if s]
    if model.wrap and 1 in tops and 12 in tops:
        yield "wrap=yes, a Raja and a 1 on top"


def patient(rng: random.Random):
    """Plays a card home when it can; otherwise mostly moves a card (or fills); deals or gives up seldom."""
    def choose(state, legal):
        by_text = {str(m): m for m in legal}
        home = sorted(t for t in by_text if t.endswith("-build"))
        if home:
            return by_text[rng.choice(home)]
        moves = sorted(t for t in by_text if t not in ("deal", "stop"))
        if moves and rng.random() < 0.85:
            return by_text[rng.choice(moves)]
        for t in ("deal", "stop"):
            if t in by_text:
                return by_text[t]
        return by_text[rng.choice(moves)]
    return choose


def driver(game, seed, name):
    """A chooser ``(state, legal) -> move`` for one game."""
    if name in ("random", "heuristic"):
        bot = make_bot(name, derive(seed, "bot", 0))
        return lambda state, legal: bot.choose(state)
    if name == "solver":
        from engine.games.udvasa.solver import solve

        verdict = solve(game.new_game(game.deal(seed)), limit=SOLVER_LIMIT)
        if verdict.verdict == "won":
            line = list(verdict.line)
            return lambda state, legal: line.pop(0)
    return patient(random.Random(seed))


def compare(options, seed, drive, *, counts=None, stop_at_first=False, model_class=Model):
    """Play one seeded game; the list of disagreements with the model (dicts)."""
    game = get_game("udvasa", **options)
    deal = game.deal(seed)
    state = game.new_game(deal)
    model = model_class(*(p for _, p in deal.piles), **options)
    choose = driver(game, seed, drive)
    found = []
    seen = counts if counts is not None else Counter()
    text = game.options_text()

    def note(step, category, engine, mine):
        found.append(dict(options=text, seed=seed, driver=drive, move=step, category=category,
                          engine=engine, model=mine))

    if state.position() != model.position():
        note(0, "the deal", state.position(), model.position())
        return found
    for step in range(CAP):
        if state.is_terminal() or model.over:
            if state.is_terminal() != model.over:
                note(step, "the end of the game",
                     "over" if state.is_terminal() else sorted(map(str, state.legal_moves())),
                     "over" if model.over else sorted(model.legal()))
            else:
                won = tuple(state.result().winners) == (0,)
                seen["games won" if won else "games given up" if model.stopped else "games lost, stuck"] += 1
                if won != model.won:
                    note(step, "the result", "won" if won else "lost", "won" if model.won else "lost")
            break
        legal = state.legal_moves()
        engine_set = {str(m) for m in legal}
        model_set = model.legal()
        seen["decisions"] += 1
        seen["decisions by " + drive] += 1
        for what in situations(model, model_set):
            seen["at: " + what] += 1
        if engine_set != model_set:
            for cat, e, m in categorise(engine_set, model_set, model):
                note(step, cat, e, m)
            if stop_at_first:
                break
        move = choose(state, legal)
        seen["move: " + kind(str(move), model)] += 1
        state.apply(move)
        try:
            model.apply(str(move))
        except ValueError:  # already noted as a disagreement: follow the engine
            model.force(str(move))
        if state.position().split("; end=")[0] != model.position():
            note(step, "the table after a move", state.position(), model.position())
            break
        if stop_at_first and found:
            break
    else:
        seen["games cut off at the cap"] += 1
    seen["games"] += 1
    return found


def plan(games: int):
    """(options, seed, driver) for ``games`` games: the combinations in turn, the drivers in turn."""
    return [(COMBOS[i % len(COMBOS)], i, DRIVERS[(i // len(COMBOS)) % len(DRIVERS)]) for i in range(games)]


def survey(games: int, *, counts=None, stop_at_first=False, model_class=Model):
    found = []
    for options, seed, drive in plan(games):
        found += compare(options, seed, drive, counts=counts, stop_at_first=stop_at_first, model_class=model_class)
    return found


def summary(found) -> str:
    counts = Counter(d["category"] for d in found)
    lines = [f"{len(found)} disagreements in {len({(d['options'], d['seed']) for d in found})} games"]
    for cat, n in counts.most_common():
        ex = next(d for d in found if d["category"] == cat)
        lines.append(f"  {n:5d}  {cat}")
        lines.append(f"         e.g. {ex['options']} seed {ex['seed']} ({ex['driver']}) move {ex['move']}: "
                     f"engine only {ex['engine']} / model only {ex['model']}")
    return "\n".join(lines)


# Categories of disagreement the project has decided to keep (the engine's ruling stands against the model's
# reading of the source): list a category's name here, with the reason, to let the test pass over it.
TOLERATED: dict[str, str] = {}

GAMES = 768  # 16 combinations x 6 drivers x 8 seeds, about 9 s


@pytest.mark.slow  # the fast tier (make check) leaves it to make test
def test_the_engine_plays_by_the_source_model():
    seen = Counter()
    found = [d for d in survey(GAMES, counts=seen) if d["category"] not in TOLERATED]
    assert not found, "the engine and the source model disagree:\n" + summary(found)
    assert seen["games"] == GAMES and seen["decisions"] > 10 * GAMES
    for what in ("games won", "games lost, stuck", "games given up", "move: fill an empty stack", "move: give up"):
        assert seen[what], f"no {what} in {GAMES} games: the test no longer reaches every rule"


class NoWrap(Model):
    """A model wrong on purpose: the Raja and the 1 never count as one apart."""

    def one_apart(self, a, b):
        return abs(a.rank - b.rank) == 1


class DealOverEmpty(Model):
    """A model wrong on purpose: under fill=before-deal it deals while an empty stack could still be filled."""

    def legal(self):
        moves = super().legal()
        if moves and self.stock and self.fill == "before-deal" and self.dealing == "any-time":
            moves.add("deal")
        return moves


def test_a_wrong_model_is_caught():
    """The comparison finds a model that plays a rule wrong (wrap ignored; a deal over an empty stack)."""
    wrap = dict(up="strong", wrap=True, fill="at-once", dealing="any-time")
    assert any(compare(wrap, seed, "random", stop_at_first=True, model_class=NoWrap) for seed in range(40))
    wait = dict(up="weak", wrap=False, fill="before-deal", dealing="any-time")
    assert any(compare(wait, seed, "random", stop_at_first=True, model_class=DealOverEmpty) for seed in range(40))


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else GAMES
    seen = Counter()
    found = survey(n, counts=seen)
    print(f"{seen['games']} games, {seen['decisions']} decisions compared, "
          f"{len({(d['options'], d['seed'], d['move']) for d in found})} of them (or steps after them) disagreeing")
    print("seen: " + ", ".join(f"{k} {v}" for k, v in sorted(seen.items()) if k not in ("decisions", "games")))
    print(summary(found))
