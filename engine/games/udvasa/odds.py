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


def words_share(share: float) -> str:
    """A share in players' words: 'about 6 deals in 10'."""
    tenths = round(share * 10)
    if 1 <= tenths <= 9:
        return f"about {tenths} deal{'s' if tenths != 1 else ''} in 10"
    per = round(1 / share) if share > 0 else 0
    return f"about one deal in {per}" if per else "almost none"


def odds_table(path: Path = FILE) -> Table:
    """The designers' table: each player's share of won deals with its 95% interval."""
    from .unseen import FILE as UNSEEN
    from .unseen import load as load_unseen

    data = load(path)
    s = data["summary"]
    unseen = load_unseen(UNSEEN)
    u, lit = unseen["summary"], unseen["literal"]["summary"]
    rows = []
    for f, label, n in ((s["won"], "the solver: won (a winning line found)", s["deals"]),
                        (s["lost"], "the solver: proved lost", s["deals"]),
                        (s["undecided"], "the solver: undecided within the limit", s["deals"]),
                        (u["won"], "the searching player, who does not see the stock, wins", u["deals"]),
                        (u["careful_end"], "the careful player, then the solver once the stock is used up, wins",
                         u["deals"]),
                        (s["careful"], "the careful player wins", s["deals"]),
                        (s["random"], "the random player wins", s["deals"]),
                        (lit["won"], "dealing only when no card can move: the solver wins", lit["deals"]),
                        (lit["lost"], "dealing only when no card can move: proved lost", lit["deals"]),
                        (lit["undecided"], "dealing only when no card can move: undecided", lit["deals"])):
        rows.append((label, f"{f['count']:,} of {n:,}", f"{100 * f['share']:.1f}%",
                     f"{100 * f['low']:.1f}% to {100 * f['high']:.1f}%"))
    note = (f"the solver searched each deal to at most {data['limit']:,} positions in each of up to four passes "
            f"({unseen['literal']['limit']:,} when dealing only when no card can move); it took "
            f"{s['mean_ms'] / 1000:.2f} s a deal on average, {s['worst_ms'] / 1000:.1f} s at worst; the searching "
            f"player took {u['mean_ms'] / 1000:.1f} s a deal on average, {u['worst_ms'] / 1000:.0f} s at worst "
            f"({unseen['workers']} deals at a time on a machine shared with other work)")
    return Table("How often a deal can be won", ("", "deals", "share", "95% interval"), tuple(rows), note)


KINDS = {"build": "play a card to its build stack", "deal": "deal eight more",
         "fill": "fill an empty stack with another card",
         "dig": "move a card off a stack towards a card wanted next",
         "bury": "move a card onto a stack that holds a card wanted next",
         "other": "any other move between stacks"}


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
    of move (:data:`KINDS`) and whether stock was left: still won, lost, undecided."""
    import random

    from .solver import _depths

    game = Udvasa()
    rng = random.Random("udvasa hints")
    counts: dict = {}
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
                c[solve(after, limit=limit).verdict] += 1
    return {"first": first, "deals": deals, "won_deals": won, "limit": limit, "counts": counts}


def hints_table(path: Path = FILE) -> Table:
    """The designers' table of first wrong moves (:func:`hints`), as stored in the results file."""
    h = load(path)["hints"]
    rows = []
    for key, c in sorted(h["counts"].items(), key=lambda kv: (-kv[1]["lost"] / max(1, sum(kv[1].values())),
                                                              -kv[1]["undecided"] / max(1, sum(kv[1].values())))):
        kind, when = key.split("/")
        n = sum(c.values())
        rows.append((KINDS[kind], when, f"{n:,}", f"{c['lost']:,}", f"{100 * c['lost'] / n:.1f}%",
                     f"{c['undecided']:,}"))
    note = (f"{h['won_deals']:,} won deals from deal {h['first']}; at three places of each winning line up to four "
            f"other moves made instead, each position then solved again to at most {h['limit']:,} positions a pass")
    return Table("First wrong moves: how often they spoil a won deal",
                 ("instead of the winning move", "when", "tried", "then lost", "share lost", "undecided"),
                 tuple(rows), note)


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

    from ... import transcript as T

    game = Udvasa()
    t = T.play(game, seed, "heuristic", names)  # the header and the deal as the bots' game writes them
    steps = tuple(T.Step(i + 1, names[0], m, ()) for i, m in enumerate(line))
    T.write(T.rebuild(replace(t, bots=None, steps=steps, result=None)), path)


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
