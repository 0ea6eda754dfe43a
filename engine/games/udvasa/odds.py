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
from ...play import play_seeded
from ...protocol import Table
from ...simulate import wilson
from .game import Udvasa
from .solver import AIMLESS, LIMIT, solve

FILE = Path(__file__).resolve().parents[3] / "rules" / "data" / "udvasa-solved.json"


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


def load(path: Path = FILE) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def _dump(path: Path, limit: int, rows: list[dict], seconds: float, workers: int) -> None:
    rows = sorted(rows, key=lambda r: r["seed"])
    head = {"game": "udvasa", "options": "", "limit": limit, "aimless": AIMLESS, "workers": workers,
            "wall_seconds": round(seconds), "summary": summary(rows)}
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


def words_share(share: float) -> str:
    """A share in players' words: 'about 6 deals in 10'."""
    tenths = round(share * 10)
    if 1 <= tenths <= 9:
        return f"about {tenths} deal{'s' if tenths != 1 else ''} in 10"
    per = round(1 / share) if share > 0 else 0
    return f"about one deal in {per}" if per else "almost none"


def odds_table(path: Path = FILE) -> Table:
    """The designers' table: each player's share of won deals with its 95% interval."""
    data = load(path)
    s = data["summary"]
    rows = []
    for key, label in (("won", "the solver: won (a winning line found)"), ("lost", "the solver: proved lost"),
                       ("undecided", "the solver: undecided within the limit"),
                       ("careful", "the careful player wins"), ("random", "the random player wins")):
        f = s[key]
        rows.append((label, f"{f['count']:,}", f"{100 * f['share']:.1f}%",
                     f"{100 * f['low']:.1f}% to {100 * f['high']:.1f}%"))
    note = (f"{s['deals']:,} deals, each searched to at most {data['limit']:,} positions in each of three passes; "
            f"the solver took {s['mean_ms'] / 1000:.2f} s a deal on average, {s['worst_ms'] / 1000:.1f} s at worst")
    return Table("How often a deal can be won", ("", "deals", "share", "95% interval"), tuple(rows), note)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.games.udvasa.odds",
                                     description="solve many seeded Udvasa deals and write the results file")
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed (default 0)")
    parser.add_argument("--limit", type=int, default=LIMIT, help="positions searched in each pass (default %(default)s)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--write", default=str(FILE))
    parser.add_argument("--resume", action="store_true", help="keep the rows already in the file (same limit)")
    args = parser.parse_args(argv)
    s = run(args.deals, args.limit, args.workers, Path(args.write), args.first, args.resume)
    print(json.dumps(s, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
