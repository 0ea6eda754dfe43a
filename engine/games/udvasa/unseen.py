"""How often a player who does not see the stock wins Udvasa: the searching player (:mod:`.player`) over the
first deals of the same series as ``rules/data/udvasa-solved.json``, written to ``rules/data/udvasa-unseen.json``.

Run it (it writes the file whole every 50 deals; ``--resume`` keeps the rows already there)::

    nice python -m engine.games.udvasa.unseen --deals 500 --workers 2

Each row: the deal's seed, whether the searching player won it, the cards she built, her time in
milliseconds, how many of her stretches between deals she played otherwise than the careful player would;
and whether the careful player wins the same deal when she searches the end game once the stock is used
up (``careful_end``: the careful player's moves while the stock lasts, then the solver on the face-up end
game at :data:`.player.END_LIMIT` positions). The shares follow from the rows (:func:`summary`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ...files import write_text
from ...players.play import run as play
from ...study.simulate import wilson
from .game import Udvasa
from .player import END_LIMIT, PLAN_LIMIT, TRY_LIMIT, WORLDS, SearchingPlayer, careful_move
from .results import UNSEEN, chances, load  # noqa: F401  (chances: read here by the tests)
from .solver import solve

FILE = UNSEEN


def careful_then_end_game(seed: int) -> bool:
    """The careful player (no chance: :func:`.player.careful_move`) while the stock lasts, then the solver on
    the face-up end game."""
    state = Udvasa().start(seed)
    while not state.is_terminal() and state._stock:
        state.apply(careful_move(state))
    if state.is_terminal():
        return state.won()
    return solve(state, limit=END_LIMIT).verdict == "won"


def play_row(seed: int) -> dict:
    start = time.perf_counter()
    state = Udvasa().start(seed)
    bot = SearchingPlayer(seed)
    play(state, [bot], seed)
    ms = round((time.perf_counter() - start) * 1000)
    return {"seed": seed, "won": bool(state.result().winners), "built": sum(state.built), "ms": ms,
            "stretches": bot.stretches, "changed": bot.changed, "careful_end": careful_then_end_game(seed)}


def summary(rows: list[dict]) -> dict:
    """The shares that follow from the rows, with 95% (Wilson) intervals, and the times."""
    n = len(rows)
    out: dict = {"deals": n}
    for name in ("won", "careful_end"):
        k = sum(1 for r in rows if r[name])
        lo, hi = wilson(k, n) if n else (0.0, 0.0)
        out[name] = {"count": k, "share": k / n if n else 0.0, "low": lo, "high": hi}
    ms = [r["ms"] for r in rows]
    out["mean_ms"] = sum(ms) / n if n else 0.0
    out["worst_ms"] = max(ms) if ms else 0
    out["changed_share"] = (sum(r["changed"] for r in rows) / max(1, sum(r["stretches"] for r in rows)))
    return out


def settings() -> dict:
    return {"worlds": WORLDS, "plan_limit": PLAN_LIMIT, "try_limit": TRY_LIMIT, "end_limit": END_LIMIT}


LITERAL_LIMIT = 20_000  # positions a pass for the solver under the literal rule of dealing


def literal(deals: int, limit: int = LITERAL_LIMIT) -> dict:
    """The solver, who sees the stock, on the first ``deals`` deals when eight more may be dealt only when no
    card can move (the variant *dealing*: ``dealing="no-moves"``): each deal's verdict and positions searched."""
    game = Udvasa(dealing="no-moves")
    rows = []
    for seed in range(deals):
        v = solve(game.start(seed), limit=limit)
        rows.append({"seed": seed, "verdict": v.verdict, "nodes": v.nodes})
    return {"options": "dealing=no-moves", "limit": limit, "summary": literal_summary(rows), "rows": rows}


def literal_summary(rows: list[dict]) -> dict:
    n = len(rows)
    out: dict = {"deals": n}
    for verdict in ("won", "lost", "undecided"):
        k = sum(1 for r in rows if r["verdict"] == verdict)
        lo, hi = wilson(k, n) if n else (0.0, 0.0)
        out[verdict] = {"count": k, "share": k / n if n else 0.0, "low": lo, "high": hi}
    return out


def _dump(path: Path, rows: list[dict], seconds: float, workers: int, lit: dict | None = None) -> None:
    rows = sorted(rows, key=lambda r: r["seed"])
    head = {"game": "udvasa", "options": "", "player": settings(), "workers": workers,
            "wall_seconds": round(seconds), "summary": summary(rows)}
    if lit is None and Path(path).exists():  # the literal rule's figures (:func:`literal`) are kept
        lit = load(path).get("literal")
    if lit is not None:
        head["literal"] = lit
    text = json.dumps(head, indent=1)[:-2] + ',\n "rows": [\n'
    text += ",\n".join(json.dumps(r, separators=(",", ":")) for r in rows) + "\n ]\n}\n"
    write_text(path, text)


def run(deals: int, workers: int, path: Path, first: int = 0, resume: bool = False) -> dict:
    from multiprocessing import get_context

    rows: list[dict] = []
    spent = 0.0
    if resume and Path(path).exists():
        old = load(path)
        if old.get("player") == settings():
            rows, spent = old["rows"], old.get("wall_seconds", 0)
    done = {r["seed"] for r in rows}
    seeds = [s for s in range(first, first + deals) if s not in done]
    start = time.perf_counter() - spent

    def keep(row):
        rows.append(row)
        if len(rows) % 50 == 0:
            _dump(path, rows, time.perf_counter() - start, workers)
            print(f"{len(rows)} deals, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)

    if workers == 1:
        for seed in seeds:
            keep(play_row(seed))
    else:
        with get_context("spawn").Pool(workers) as pool:
            for row in pool.imap_unordered(play_row, seeds):
                keep(row)
    _dump(path, rows, time.perf_counter() - start, workers)
    return summary(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.games.udvasa.unseen",
                                     description="play many seeded Udvasa deals with the searching player, who "
                                                 "does not see the stock, and write the results file")
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--write", default=str(FILE))
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--literal", action="store_true",
                        help="instead: solve the deals when eight more may be dealt only when no card can move")
    args = parser.parse_args(argv)
    if args.literal:
        data = load(Path(args.write))
        lit = literal(args.deals)
        _dump(Path(args.write), data["rows"], data["wall_seconds"], data["workers"], lit)
        print(json.dumps(lit["summary"], indent=1))
        return 0
    print(json.dumps(run(args.deals, args.workers, Path(args.write), args.first, args.resume), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
