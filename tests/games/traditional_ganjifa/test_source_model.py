"""Traditional Ganjifa against an independent model of its source (``source_model.py``).

Seeded games of random players (each kind of move as likely as another) go through the engine's play loop; at every decision the engine's
set of legal moves must equal the model's, and after every move the burned cards, and after every
trick the cards won, the next leader and the tigasta must agree.

Run as a script for a summary by category::

    python -m tests.games.traditional_ganjifa.test_source_model [games] [--examples]
"""

from __future__ import annotations

import pytest

import random
import sys
from collections import Counter

from engine import get_game
from engine.players.play import Chance
from engine.protocol import CHANCE

from .source_model import SourceModel, engine_key, key_text

# every option the game declares (players is always 3), rounds=1 most often to keep the test quick; the
# chapter's three other readings (low-cards=no, sokta=all, raja-check=play) in turn with the readings it keeps
VARIANTS = (dict(), dict(low_cards=False), dict(sokta="all"), dict(raja_check="play"))
CONFIGS = [dict(time=t, rounds=r, double=d, **VARIANTS[(i + j) % 4])
           for i, r in enumerate((1, 3, 2)) for j, (t, d) in enumerate(
               (t, d) for t in ("day", "night") for d in (True, False))]


def configs(games: int):
    """(options, seed) for ``games`` games: one deal in most, whole matches of two or three deals in some."""
    out = []
    for i in range(games):
        opts = CONFIGS[i % 4] if i % 5 else CONFIGS[4 + (i // 5) % 8]
        out.append((opts, i))
    return out


def categorise(stage, tigasta, model, engine_set, model_set):
    """The categories of one decision's disagreement: [(category, engine only, model only)]."""
    only_e = engine_set - model_set
    only_m = model_set - engine_set
    when = "after the tigasta" if tigasta else "before the tigasta"
    if stage == "open":
        return [("opening: the Surkhya's companion ('along with any low card')", only_e, only_m)]
    if stage == "open-add":
        return [("opening: the others' cards ('any two low cards')", only_e, only_m)]
    if stage == "return":
        return [("card payments: the cards given back ('an equal number of low cards')", only_e, only_m)]
    if stage in ("aside", "apart"):
        return [("card payments: setting aside", only_e, only_m)]
    out = []
    for kind in sorted({k[0] for k in only_e | only_m}):
        e = {k for k in only_e if k[0] == kind}
        m = {k for k in only_m if k[0] == kind}
        side = "engine only" if not m else "model only" if not e else "both sides"
        if stage in ("exchange", "give"):
            name = f"opening exchanges: {kind} ({side})"
        elif stage == "add" and model.trick["kind"] == "sir":
            name = f"utaruna-sir: the second card's holder ({side}; must it be that player's first card?)"
        elif stage != "lead":
            name = f"adding to a trick {when}: {kind} ({side})"
        elif kind == "hardu" and model.no_natavani and not e:
            name = "after a void hardu: a second hardu ('cannot be a natavani')"
        elif kind == "utari" and tigasta and not e:
            name = "utari after the tigasta: all at once ('do not require all hukm to be played at once')"
        elif kind == "talafa" and tigasta and not e and all(k[2] is None for k in m):
            name = "talafa after the tigasta: a low card of the suit face up ('no longer required')"
        else:
            name = f"leads {when}: {kind} ({side})"
        out.append((name, e, m))
    return out


def compare(game, seed, *, stop_at_first=False, counts=None, trace=()):
    """Play one seeded game of random players; the list of disagreements with the model (dicts)."""
    state = game.new_game(game.deal(seed))
    model = SourceModel(game, game.deal(seed).hands)
    rng = random.Random(seed)

    def choose(moves):
        """A random move, each kind of move as likely as another (so the rarer leads come up often)."""
        kinds = sorted({m.kind for m in moves})
        kind = rng.choice(kinds)
        return rng.choice([m for m in moves if m.kind == kind])

    chance = Chance(seed)
    found = []
    seen = Counter()

    def note(step, category, engine, mine, **more):
        found.append(dict(options=game.options_text(), seed=seed, move=step, category=category,
                          engine=engine, model=mine, **more))

    for step in range(20000):
        seat = state.current_player
        turn = model.turn()
        if seat is None:
            if turn is not None:
                note(step, "the end of the game", "over", turn)
            break
        if seat == CHANCE:
            if turn != CHANCE:
                note(step, "whose turn", "chance", turn, stage=model.stage)
                break
            move = chance.outcome(state)
        else:
            if isinstance(turn, set):  # a payer: the order of payers is not checked
                ok = seat in turn
            else:
                ok = turn == seat
            if not ok:
                if model.stage == "lead" and found and found[-1]["move"] == step - 1:
                    model.leader = seat  # the trick just noted as won otherwise
                elif model.stage == "lead":
                    note(step, "the next leader", seat, turn)
                    model.leader = seat
                else:
                    note(step, "whose turn", seat, turn, stage=model.stage)
                    break
            engine_set = {engine_key(m) for m in state.legal_moves()}
            model_set = (model.aside_moves(seat) if model.stage == "aside" else model.apart_moves()
                         if model.stage == "apart" else model.legal())
            if engine_set != model_set:
                for cat, e, m in categorise(model.stage, model.tigasta, model, engine_set, model_set):
                    note(step, cat, sorted(map(key_text, e)), sorted(map(key_text, m)), player=seat)
                if stop_at_first:
                    break
            move = choose(state.legal_moves())
            seen["decisions"] += 1
            if model.stage == "lead":
                seen[move.kind + (" (after the tigasta)" if model.tigasta else "")] += 1
        record = state.apply(move)
        if model.stage == "take":
            p, r, n = model.pay
            if record.note[1:3] != (p, r) or len(move.cards) != n:
                note(step, "card payments: who is paid first, and how many ('the next player in turn')",
                     f"P{record.note[2] + 1} takes {len(move.cards)} from P{p + 1}", f"P{r + 1} takes {n} from P{p + 1}")
                model.force_take(record.note[2], len(move.cards))
        try:
            event = model.apply(move, seat)
            if event.get("void"):
                seen["void hardu"] += 1
        except Exception as exc:  # the model cannot follow the engine's move: stop this game
            note(step, "the model cannot apply the move", str(move), repr(exc))
            break
        view = state.view(0)
        if step in trace:  # for a look at the moves around a disagreement
            print(step, seat, move, record.clauses, event, model.stage, model.leader, sorted(map(str, model.burned)))
        burned = {c for q in range(3) for c in state.view(q).burned}  # a burned card in hand shows to its holder
        mine = set(model.burned)
        if burned != mine and model.stage not in ("deal", "aside", "apart", "take", "return", "over"):
            note(step, "burning (the hukm duty)", sorted(map(str, burned - mine)),
                 sorted(map(str, mine - burned)), moved=str(move))
            for c in mine - burned:
                del model.burned[c]
            for c in burned - mine:
                model.burn(c)
        if "scores" in event and tuple(view.scores) != event["scores"]:
            what = ("a trick between two burned cards (which is the lower?)" if event.get("burned-pair")
                    else "the cards won in the deal (scores)")
            note(step, what, tuple(view.scores), event["scores"], moved=str(move))
            model.won = [model.won[q] + view.scores[q] - event["scores"][q] for q in range(3)]
            model.scores = list(view.scores)
            if model.stage == "deal":  # follow the engine's outcome from here: who won, who killed the akheri
                model.prev_killer = record.trick_winner if "tg.kill" in record.clauses else None
                model._plan_payments()
        if event["trick"] is not None and model.stage not in ("deal", "over", "aside", "apart"):
            won = list(view.won)
            if won != model.won:
                what = ("a trick between two burned cards (which is the lower?)" if event.get("burned-pair")
                        else "the cards won by the trick")
                note(step, what, won, list(model.won), moved=str(move))
                model.won = won
                if model.lost_now is not None and not view.tigasta:  # the leader may not have lost the lead
                    model.lost.discard(model.lost_now)
                model.tigasta = bool(view.tigasta)
            if bool(view.tigasta) != model.tigasta and not (found and found[-1]["move"] == step):
                note(step, "the tigasta", view.tigasta, model.tigasta)
                model.tigasta = bool(view.tigasta)
                model.lost = {0, 1, 2} if model.tigasta else model.lost
        if event["trick"] is not None or model.stage == "open":
            hands = [set(h) for h in state.hands]
            if hands != [set(h) for h in model.hands] and model.stage not in ("deal", "over"):
                note(step, "the hands", "", "", moved=str(move))
                model.hands = [list(h) for h in state.hands]
        if stop_at_first and found:
            break
    if counts is not None:
        counts.update(seen)
    return found


def survey(games: int, *, stop_at_first=False, counts=None):
    """The disagreements over ``games`` seeded games (``counts``, a Counter, gets the decisions and leads seen)."""
    found = []
    for opts, seed in configs(games):
        found += compare(get_game("traditional-ganjifa", **opts), seed, stop_at_first=stop_at_first, counts=counts)
    return found


def summary(found) -> str:
    counts = Counter(d["category"] for d in found)
    lines = [f"{len(found)} disagreements in {len({(d['options'], d['seed']) for d in found})} games"]
    for cat, n in counts.most_common():
        ex = next(d for d in found if d["category"] == cat)
        lines.append(f"  {n:5d}  {cat}")
        lines.append(f"         e.g. {ex['options']} seed {ex['seed']} move {ex['move']}: "
                     f"engine only {ex['engine']} / model only {ex['model']}")
    return "\n".join(lines)


# Categories of disagreement the project has decided to keep (the engine's ruling stands against the model's
# reading of the source): list a category's name here, with the reason, to let the test pass over it.
TOLERATED: dict[str, str] = {}

GAMES = 300  # about 10 s


@pytest.mark.slow  # the fast tier (make check) leaves it to make test
def test_the_engine_plays_by_the_source_model():
    found = [d for d in survey(GAMES) if d["category"] not in TOLERATED]
    assert not found, "the engine and the source model disagree:\n" + summary(found)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 200
    seen = Counter()
    found = survey(n, counts=seen)
    print(f"{n} games, {seen['decisions']} decisions compared, "
          f"{len({(d['options'], d['seed'], d['move']) for d in found})} of them (or steps after them) disagreeing")
    print("leads played: " + ", ".join(f"{k} {v}" for k, v in sorted(seen.items()) if k != "decisions"))
    print(summary(found))
