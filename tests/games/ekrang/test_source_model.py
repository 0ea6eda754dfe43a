"""The engine against a second Ekrang written from the booklet alone (:mod:`.source_model`).

Seeded games of random players go through the engine's play loop for two, three and four players
under every combination of the options the game declares. At every decision the player to move and
the set of legal moves (as text) must be the model's; after every move the trick's winner, the tricks
won, the end of the game, and at the end the winners, must agree.

Run as a script for a summary by category::

    python -m tests.games.ekrang.test_source_model [games]
"""

from __future__ import annotations

import itertools
import random
import sys
from collections import Counter

from engine.decks import MUGHAL, Ranking
from engine.games.ekrang import Ekrang
from engine.protocol import CHANCE, Deal

from .source_model import Model

OPTIONS = ("players", "time", "ranking", "opening_add", "lead_card")
COMBOS = [dict(zip(OPTIONS, c)) for c in itertools.product(
    (2, 3, 4), ("day", "night"), ("uniform", "traditional"), ("lower", "any"), ("highest", "suit"))]


def make_game(opts) -> Ekrang:
    return Ekrang(**{**opts, "ranking": Ranking(opts["ranking"])})


def configs(games: int):
    """(options, seed) for ``games`` games, going round every combination of options in turn."""
    return [(COMBOS[i % len(COMBOS)], i) for i in range(games)]


def category(model: Model, what: str) -> str:
    """The name of a kind of decision, from the model's point of view."""
    if what != "moves":
        return what
    if model.stage == "opening":
        return "opening: the opener's cards" if not model.trick else "opening: the cards the others add"
    phase = "phase 1" if model.stage == "phase1" else "phase 2"
    return f"{phase}: {'the lead' if not model.trick else 'the cards that follow'}"


def rare_deal(opts, seed) -> Deal:
    """A deal for the opening's two rare hands, which random deals all but never give: the opener
    (a random seat) holds no other card of 8 or higher (even seeds), or holds three 8s as its only
    such cards and the next player holds nothing but cards of 8 or higher (odd seeds)."""
    n = opts["players"]
    size = 96 // n
    rng = random.Random(seed)
    raja = MUGHAL.cards[MUGHAL.cards.index(make_game(opts).leading_raja)]
    high = [c for c in MUGHAL.cards if c.rank >= 8 and c is not raja]
    low = [c for c in MUGHAL.cards if c.rank < 8]
    rng.shuffle(high)
    rng.shuffle(low)
    opener = rng.randrange(n)
    hands = [[] for _ in range(n)]
    if seed % 2 == 0:
        hands[opener] = [raja] + low[:size - 1]
        rest = low[size - 1:] + high
    else:
        high.sort(key=lambda c: c.rank != 8)  # the 8s first, the others still shuffled
        hands[opener] = [raja] + high[:3] + low[:size - 4]
        hands[(opener + 1) % n] = high[3:3 + size]
        rest = high[3 + size:] + low[size - 4:]
    rng.shuffle(rest)
    for h in hands:
        while len(h) < size:
            h.append(rest.pop())
        rng.shuffle(h)
    return Deal(tuple(tuple(h) for h in hands))


def compare(opts, seed, *, model_class=Model, counts=None, deal=None):
    """Play one seeded game of random players (from ``deal``, else the seed's own); the list of
    disagreements with the model (dicts)."""
    game = make_game(opts)
    deal = game.deal(seed) if deal is None else deal
    state = game.new_game(deal)
    model = model_class([list(h) for h in deal.hands], **{k: v for k, v in opts.items() if k != "players"})
    rng = random.Random(seed)
    found = []
    seen = counts if counts is not None else Counter()
    seen["games"] += 1

    def note(step, what, engine, mine, **more):
        found.append(dict(options=game.options_text(), seed=seed, move=step, category=category(model, what),
                          engine=engine, model=mine, **more))

    for step in range(1000):
        if state.is_terminal() or model.over:
            if state.is_terminal() != model.over:
                note(step, "the end of the game", state.is_terminal(), model.over)
            break
        seat = state.current_player
        if seat == CHANCE or seat != model.turn:
            note(step, "the player to move", seat, model.turn)
            break
        moves = state.legal_moves()
        engine_set = {str(m) for m in moves}
        model_set = model.legal()
        seen["decisions"] += 1
        if engine_set != model_set or len(moves) != len(engine_set):
            note(step, "moves", sorted(engine_set - model_set), sorted(model_set - engine_set), player=seat,
                 engine_all=sorted(engine_set), model_all=sorted(model_set))
        move = moves[rng.randrange(len(moves))]
        record = state.apply(move)
        try:
            won = model.play(str(move), check=False)  # the engine's move, to go on after a disagreement
        except (KeyError, ValueError, IndexError) as exc:
            note(step, "the model cannot make the engine's move", str(move), repr(exc))
            break
        if record.trick_winner != won:
            note(step, "the trick's winner", record.trick_winner, won, moved=str(move))
            break
        if won is not None:
            seen["tricks"] += 1
        if list(state.tricks) != model.tricks:
            note(step, "the tricks won", list(state.tricks), list(model.tricks), moved=str(move))
            break
        if record.game_over != model.over:
            note(step, "the end of the game", record.game_over, model.over, moved=str(move))
            break
    seen.update(model.events)
    if state.is_terminal() and model.over:
        result = state.result()
        if tuple(result.winners) != model.winners:
            note(step, "the winners", tuple(result.winners), model.winners)
        if list(result.scores) != model.tricks:
            note(step, "the scores (tricks won)", list(result.scores), model.tricks)
    return found


def survey(games: int, *, model_class=Model, counts=None, rare: int = 0):
    """The disagreements over ``games`` seeded games and ``rare`` games from :func:`rare_deal`
    (``counts``, a Counter, gets the games, decisions and cases reached)."""
    found = []
    for opts, seed in configs(games):
        found += compare(opts, seed, model_class=model_class, counts=counts)
    for opts, seed in configs(rare):
        found += compare(opts, seed, model_class=model_class, counts=counts, deal=rare_deal(opts, seed))
    return found


def summary(found) -> str:
    by_cat = Counter(d["category"] for d in found)
    lines = [f"{len(found)} disagreements in {len({(d['options'], d['seed']) for d in found})} games"]
    for cat, n in by_cat.most_common():
        ex = next(d for d in found if d["category"] == cat)
        lines.append(f"  {n:5d}  {cat}")
        lines.append(f"         e.g. {ex['options']} seed {ex['seed']} move {ex['move']}: "
                     f"engine {ex['engine']} / model {ex['model']}")
        if "engine_all" in ex:
            lines.append(f"         engine's moves {ex['engine_all']}; model's {ex['model_all']}")
    return "\n".join(lines)


# Categories of disagreement the project has decided to keep (the engine's ruling stands against the model's
# reading of the source): list a category's name here, with the reason, to let the test pass over it.
TOLERATED: dict[str, str] = {}

GAMES = 960  # twenty games of each of the 48 combinations of players and options
RARE = 192  # and four of each from the opening's rare hands


def test_the_engine_plays_by_the_source_model():
    found = [d for d in survey(GAMES, rare=RARE) if d["category"] not in TOLERATED]
    assert not found, "the engine and the source model disagree:\n" + summary(found)


class _OtherReading(Model):
    """The model with phase 1's other reading swapped in: the test must see the difference."""

    def __init__(self, hands, **opts):
        opts["lead_card"] = "suit" if opts.get("lead_card", "highest") == "highest" else "highest"
        super().__init__(hands, **opts)


def test_a_wrong_model_is_caught():
    """The comparison is not blind: a model that reads phase 1's lead the other way disagrees, at a lead."""
    found = survey(len(COMBOS) // 6, model_class=_OtherReading)
    assert found and {d["category"] for d in found} == {"phase 1: the lead"}


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else GAMES
    seen = Counter()
    found = survey(n, counts=seen, rare=max(n // 5, 1))
    print(f"{seen['games']} games, {seen['decisions']} decisions and {seen['tricks']} tricks compared, "
          f"{len({(d['options'], d['seed'], d['move']) for d in found})} decisions disagreeing")
    print("cases reached: " + ", ".join(f"{k} {v}" for k, v in sorted(seen.items())
                                        if k not in ("games", "decisions", "tricks")))
    print(summary(found))
