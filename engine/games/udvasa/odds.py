"""How often an Udvasa deal can be won: the solver over many seeded deals, with the random and the careful
player on the same deals, written to a results file the book reads (``rules/data/udvasa-solved.json``).

Run it (it writes the file whole every 100 deals, so a stopped run keeps what it did; ``--resume`` carries on
from the rows already in the file)::

    nice python -m engine.games.udvasa.odds --deals 10000 --limit 100000 --workers 1 --resume

Each row: the deal's seed (``Udvasa().deal(seed)``), the solver's verdict, the positions it searched, its time
in milliseconds, and whether the random and the careful player (seeded by the play loop) won that deal. The
shares follow from the rows (:func:`summary`); a test re-solves some rows and checks the figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ...files import write_text
from ...players.play import play_seeded
from ...study.simulate import wilson
from .game import Udvasa
from .results import SOLVED, load
from .solver import AIMLESS, LIMIT, solve

FILE = SOLVED


def solve_row(job: tuple[int, int]) -> dict:
    seed, limit = job
    game = Udvasa()
    v = solve(game.start(seed), limit=limit)
    players = {}
    for bots in ("random", "heuristic"):
        players[bots] = bool(play_seeded(game, seed, bots).result().winners)
    return {"seed": seed, "verdict": v.verdict, "nodes": v.nodes, "ms": round(v.seconds * 1000),
            "random": players["random"], "careful": players["heuristic"]}


def summary(rows: list[dict]) -> dict:
    """The figures that follow from the rows: shares with 95% intervals, and the solver's times."""
    n = len(rows)
    out: dict = {"deals": n}
    for key, test in (("won", lambda r: r["verdict"] == "won"), ("lost", lambda r: r["verdict"] == "lost"),
                      ("undecided", lambda r: r["verdict"] == "undecided"), ("random", lambda r: r["random"]),
                      ("careful", lambda r: r["careful"])):
        k = sum(1 for r in rows if test(r))
        lo, hi = wilson(k, n) if n else (0.0, 0.0)
        out[key] = {"count": k, "share": k / n if n else 0.0, "low": lo, "high": hi}
    ms = [r["ms"] for r in rows]
    out["mean_ms"] = sum(ms) / n if n else 0.0
    out["worst_ms"] = max(ms) if ms else 0
    out["mean_nodes"] = sum(r["nodes"] for r in rows) / n if n else 0.0
    return out


def _dump(path: Path, limit: int, rows: list[dict], seconds: float, workers: int, hints: dict | None = None) -> None:
    rows = sorted(rows, key=lambda r: r["seed"])
    head = {"game": "udvasa", "options": "", "limit": limit, "aimless": AIMLESS, "workers": workers,
            "wall_seconds": round(seconds), "summary": summary(rows)}
    if hints is None and Path(path).exists():  # the measured hints (:func:`hints`) are kept
        hints = load(path).get("hints")
    if hints is not None:
        head["hints"] = hints
    text = json.dumps(head, indent=1)[:-2] + ',\n "rows": [\n'
    text += ",\n".join(json.dumps(r, separators=(",", ":")) for r in rows) + "\n ]\n}\n"
    write_text(path, text)


def run(deals: int, limit: int, workers: int, path: Path, first: int = 0, resume: bool = False) -> dict:
    from multiprocessing import get_context

    rows: list[dict] = []
    spent = 0.0
    if resume and Path(path).exists():
        old = load(path)
        if old["limit"] == limit and old.get("aimless") == AIMLESS:
            rows = old["rows"]
            spent = old.get("wall_seconds", 0)
    done = {r["seed"] for r in rows}
    jobs = [(seed, limit) for seed in range(first, first + deals) if seed not in done]
    start = time.perf_counter() - spent
    if workers == 1:
        for job in jobs:
            rows.append(solve_row(job))
            if len(rows) % 100 == 0:
                _dump(path, limit, rows, time.perf_counter() - start, workers)
                print(f"{len(rows)} deals, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
        _dump(path, limit, rows, time.perf_counter() - start, workers)
        return summary(rows)
    with get_context("spawn").Pool(workers) as pool:
        for row in pool.imap(solve_row, jobs, chunksize=2):
            rows.append(row)
            if len(rows) % 100 == 0:
                _dump(path, limit, rows, time.perf_counter() - start, workers)
                print(f"{len(rows)} deals, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    _dump(path, limit, rows, time.perf_counter() - start, workers)
    return summary(rows)


def _kind(state, move, depths) -> str:
    from .moves import BUILD, DEAL
    from .solver import DEEP

    if move._k == DEAL:
        return "deal"
    if move._k == BUILD:
        return "build"
    if not state._stacks[move.dst]:
        return "fill"
    if depths[move.dst] < DEEP:
        return "bury"
    if 0 < depths[move.src] < DEEP:
        return "dig"
    return "other"


def hints(first: int, deals: int, limit: int = 5000, at: int = 3) -> dict:
    """Which first wrong moves spoil a won deal: for each won deal among ``deals`` from ``first``, at ``at``
    places of its winning line chosen by a seeded draw, up to four other moves (not giving up) are made
    instead, and the position after each is solved again (``limit`` positions a pass). Counted by the kind
    of move (:data:`.results.KINDS`) and whether stock was left: still won, lost, undecided; and the same counts
    deal by deal (``by_deal``: key -> "seed:won,lost,undecided ..."), for intervals whose trials are the deals
    (the tries at the places of one deal hang together)."""
    import random

    from .solver import _depths

    game = Udvasa()
    rng = random.Random("udvasa hints")
    counts: dict = {}
    by_deal: dict = {}
    won = 0
    for seed in range(first, first + deals):
        v = solve(game.start(seed), limit=20_000)
        if v.verdict != "won":
            continue
        won += 1
        for place in sorted(rng.sample(range(len(v.line)), at)):
            state = game.start(seed)
            for m in v.line[:place]:
                state.apply(m)
            right = game.parse_move(v.line[place])
            depths = _depths(state)
            others = [m for m in state.legal_moves() if m is not right and m.kind != "stop"]
            rng.shuffle(others)
            for m in others[:4]:
                key = _kind(state, m, depths) + ("/stock left" if state._stock else "/stock used up")
                after = state.copy()
                after.apply(m)
                c = counts.setdefault(key, {"won": 0, "lost": 0, "undecided": 0})
                verdict = solve(after, limit=limit).verdict
                c[verdict] += 1
                row = by_deal.setdefault(key, {}).setdefault(str(seed), [0, 0, 0])
                row[("won", "lost", "undecided").index(verdict)] += 1
    # each key's deals as one line of text ("1003:3,1,0 1007:4,0,0": seed, then won, lost, undecided), so that the
    # results file stays a file a person can read
    packed = {key: " ".join(f"{seed}:{','.join(map(str, c))}" for seed, c in rows.items())
              for key, rows in by_deal.items()}
    return {"first": first, "deals": deals, "won_deals": won, "limit": limit, "counts": counts, "by_deal": packed}


def shortest_won(first: int, last: int, limit: int = 3000) -> tuple[int, tuple[str, ...]]:
    """Among the deals ``first`` to ``last - 1``, the one whose won line (the solver's first, narrow pass) is
    shortest: its seed and the line, with every move it can do without taken out (a move goes when the line
    still replays to a win without it)."""
    from ...errors import GanjifaError
    from .solver import _search

    game = Udvasa()
    best: tuple = ()
    for seed in range(first, last):
        verdict, _, line = _search(game.start(seed), limit, AIMLESS)
        if verdict == "won" and (not best or len(line) < len(best[1])):
            best = (seed, list(line))
    seed, line = best

    def wins(moves) -> bool:
        state = game.start(seed)
        try:
            for m in moves:
                if state.is_terminal():
                    return False
                state.apply(m)
        except GanjifaError:
            return False
        return state.is_terminal() and state.result().winners == (0,)

    for i in range(len(line) - 1, -1, -1):
        if line[i] != "deal" and wins(line[:i] + line[i + 1:]):
            del line[i]
    return seed, tuple(line)


def write_won_game(seed: int, line, path: Path, names=("Asha",)) -> None:
    """A golden transcript of a won game: deal ``seed`` played by ``line`` (moves written out, no bots)."""
    from dataclasses import replace

    from ...examples import transcript as T

    game = Udvasa()
    t = T.play(game, seed, "heuristic", names)  # the header and the deal as the bots' game writes them
    steps = tuple(T.Step(i + 1, names[0], m, ()) for i, m in enumerate(line))
    T.write(T.rebuild(replace(t, bots=None, steps=steps, result=None)), path)


def deals_per_second(seconds: float = 2.0, first_seed: int = 0) -> dict:
    """``make bench``'s figure: seeded deals solved one after another for about ``seconds`` of CPU time (at
    :data:`LIMIT` positions a pass); the deals a second, and how many were won, lost and undecided."""
    game = Udvasa()
    clock = time.process_time
    start = clock()
    counts = {"won": 0, "lost": 0, "undecided": 0}
    seed = first_seed
    worst = 0.0
    while clock() - start < seconds:
        v = solve(game.start(seed), LIMIT)
        counts[v.verdict] += 1
        worst = max(worst, v.seconds)
        seed += 1
    elapsed = clock() - start
    deals = seed - first_seed
    return {"game": "udvasa", "deals": deals, "deals_per_s": round(deals / elapsed, 1), "worst_s": round(worst, 3),
            **counts}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.games.udvasa.odds",
                                     description="solve many seeded Udvasa deals and write the results file")
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed (default 0)")
    parser.add_argument("--limit", type=int, default=LIMIT, help="positions searched in each pass (default %(default)s)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--write", default=str(FILE))
    parser.add_argument("--resume", action="store_true", help="keep the rows already in the file (same limit)")
    parser.add_argument("--hints", action="store_true",
                        help="instead: measure which first wrong moves spoil won deals, into the results file")
    parser.add_argument("--won-game", metavar="FILE",
                        help="instead: write the shortest won game among the deals as a golden transcript to FILE")
    args = parser.parse_args(argv)
    if args.hints:
        data = load(Path(args.write))
        data["hints"] = hints(args.first, args.deals, limit=min(args.limit, 5000))
        _dump(Path(args.write), data["limit"], data["rows"], data["wall_seconds"], data["workers"], data["hints"])
        text = json.loads(Path(args.write).read_text(encoding="utf-8"))
        assert text["hints"] == data["hints"]
        print(json.dumps(data["hints"], indent=1))
        return 0
    if args.won_game:
        seed, line = shortest_won(args.first, args.first + args.deals)
        write_won_game(seed, line, Path(args.won_game))
        print(f"deal {seed}: won in {len(line)} moves, written to {args.won_game}")
        return 0
    s = run(args.deals, args.limit, args.workers, Path(args.write), args.first, args.resume)
    print(json.dumps(s, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
