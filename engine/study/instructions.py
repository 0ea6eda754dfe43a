"""Instructions per game: what a game's code costs, counted by valgrind's callgrind on fixed seeded games.

A shared machine's speed swings by a third from one minute to the next; the instructions the same
seeded games execute do not. Each game is one run of a small script under callgrind (:func:`play`): it
sets up every player count and plays a warm-up game at each (imports, caches, Python's own start stay
out of the count), then plays each player count's seeded games (RandomBot in every seat, the one play
loop, deal included), calling ``os.getppid()`` between them as a mark: callgrind, told to dump its
count before each call of ``getppid`` (``--dump-before=getppid``), writes one part per player count,
whose instructions over its games are the instructions per game. With ``PYTHONHASHSEED=0`` a count
repeats to within a few hundred instructions, so any change of a few percent is the code's.

The counts are compared with the baseline in the repository (:data:`BASELINE`); a game more than
:data:`TOLERANCE` worse fails the run (exit status 1). The same games are played as long as the rules
and the order of the legal moves stay the same; a change that alters them changes the games (the
moves a game column says so), and then ``ganjifa instructions --update`` takes the new counts.
Counts are comparable on one Python version (the baseline names the one it was counted on).

>>> compare([{"game": "g", "players": 3, "games": 50, "moves_per_game": 40.0, "instructions_per_game": 1_040_000}],
...         {"games": [{"game": "g", "players": 3, "games": 50, "moves_per_game": 40.0,
...                     "instructions_per_game": 1_000_000}]})[0]["change"]
0.04
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

BASELINE = Path(__file__).with_name("instructions_baseline.json")
TOLERANCE = 0.03  # a game this much worse than its baseline fails the run
PILOT_SECONDS = 0.04  # a new entry plays about this much native CPU time of games (~2 s under callgrind)
GAME_COUNTS = (20, 50, 100, 200, 500)  # the numbers of games an entry may play (its first run picks one)
NO_VALGRIND = ("valgrind is not installed: `apt-get install valgrind` (make instructions counts instructions "
               "with its callgrind tool)")


def play(name: str, counts: list[int], games: list[int], mark=os.getppid) -> list[int]:
    """What the callgrind run of a game does: set up ``name`` at each player count of ``counts`` and play a
    warm-up game at each; ``mark()``; then for each count its ``games`` seeded games, and ``mark()``.
    Returns the moves made at each count."""
    from ..players.bots import RandomBot
    from ..players.play import run
    from ..registry import unit_game

    setups = []
    for p in counts:
        game = unit_game(name, p)
        bots = [RandomBot(f"instructions/{name}/{p}/{seat}") for seat in range(p)]
        run(game.new_game(game.deal("warm-up")), bots, "warm-up")
        setups.append((game.deal, game.new_game, bots))
    moves = []
    mark()
    for (deal, new_game, bots), n in zip(setups, games):
        made = 0
        for seed in range(n):
            made += len(run(new_game(deal(seed)), bots, seed).history)
        moves.append(made)
        mark()
    return moves


def _pilot(name: str, players: int) -> int:
    """How many games an entry new to the baseline plays: about :data:`PILOT_SECONDS` of native CPU time,
    rounded down to one of :data:`GAME_COUNTS` (played natively first, so every module is compiled too)."""
    from ..players.bots import RandomBot
    from ..players.play import run
    from ..registry import unit_game

    game = unit_game(name, players)
    bots = [RandomBot(f"instructions/pilot/{seat}") for seat in range(players)]
    start = time.process_time()
    played = 0
    while time.process_time() - start < PILOT_SECONDS:
        run(game.start(played), bots, played)
        played += 1
    return max([n for n in GAME_COUNTS if n <= played] or [GAME_COUNTS[0]])


def _callgrind(name: str, counts: list[int], games: list[int], folder: str) -> list[tuple[int, int]]:
    """The run of :func:`play` under callgrind: (instructions, moves) for each player count of ``counts``."""
    out = os.path.join(folder, f"{name}.callgrind")
    script = f"from engine.study.instructions import play; print(*play({name!r}, {counts!r}, {games!r}))"
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(["valgrind", "--tool=callgrind", "--dump-before=getppid", f"--callgrind-out-file={out}",
                           sys.executable, "-c", script], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"callgrind failed on {name}: " + done.stderr.strip()[-2000:])
    # part 1: up to the first mark (start, set-up, warm-ups); part k + 1: count k's games; the last part: the exit
    parts = len(counts) + 1
    if not os.path.exists(f"{out}.{parts}") or os.path.exists(f"{out}.{parts + 1}"):
        raise RuntimeError(f"callgrind on {name}: not one part per player count (something else called getppid)")
    totals = []
    for k in range(2, parts + 1):
        with open(f"{out}.{k}", encoding="utf-8") as f:
            totals.append(next(int(line.split()[1]) for line in f if line.startswith(("summary:", "totals:"))))
    return list(zip(totals, map(int, done.stdout.split())))


def measure(names: list[str], games_for: dict[tuple[str, int], int], workers: int = 0, progress=None) -> list[dict]:
    """Instructions per game for every player count of each game of ``names``; ``games_for[(name, players)]``
    is how many games an entry plays (entries it lacks are sized by a native pilot run)."""
    from ..registry import game_class

    jobs = []
    for name in names:
        cls = game_class(name)
        counts = list(range(cls.min_players, cls.max_players + 1))
        play(name, counts, [0] * len(counts), mark=lambda: None)  # natively first: every module compiled, once
        jobs.append((name, counts, [games_for.get((name, p)) or _pilot(name, p) for p in counts]))
    with tempfile.TemporaryDirectory(prefix="ganjifa-callgrind-") as folder:
        with ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 1) as pool:
            futures = [pool.submit(_callgrind, *job, folder) for job in jobs]
            out = []
            for (name, counts, games), future in zip(jobs, futures):
                for players, n, (total, moves) in zip(counts, games, future.result()):
                    out.append({"game": name, "players": players, "games": n, "moves_per_game": round(moves / n, 2),
                                "instructions_per_game": round(total / n)})
                if progress:
                    progress(len(out), sum(len(job[1]) for job in jobs))
    return out


def compare(now: list[dict], baseline: dict | None) -> list[dict]:
    """Each entry of ``now`` with its baseline's count (None: new), the change (a fraction), whether it is
    more than :data:`TOLERANCE` worse, and whether the games played differ from the baseline's."""
    known = {(b["game"], b["players"]): b for b in (baseline or {}).get("games", ())}
    rows = []
    for r in now:
        base = known.get((r["game"], r["players"]))
        before = base["instructions_per_game"] if base else None
        change = None if before is None else round(r["instructions_per_game"] / before - 1, 4)
        rows.append({**r, "baseline": before, "change": change, "worse": change is not None and change > TOLERANCE,
                     "games_differ": base is not None and (base["games"], base["moves_per_game"])
                     != (r["games"], r["moves_per_game"])})
    return rows


def _valgrind_version() -> str:
    return subprocess.run(["valgrind", "--version"], capture_output=True, text=True).stdout.strip()


def run_instructions(names: list[str] | None = None, *, update: bool = False, baseline: str | None = None,
                     workers: int = 0) -> int:
    """``ganjifa instructions``: count, print a table against the baseline, and (``update``) rewrite it.

    Returns 1 when valgrind is missing, when there is no baseline to compare with, or when a game is more
    than :data:`TOLERANCE` worse than its baseline; else 0.
    """
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
    from rich.table import Table

    from ..files import write_text
    from ..registry import available_games, game_class

    if shutil.which("valgrind") is None:
        print(NO_VALGRIND, file=sys.stderr)
        return 1
    path = Path(baseline) if baseline else BASELINE
    for name in names or ():
        game_class(name)  # OptionError for an unknown game
    names = list(names) if names else available_games()
    old = json.loads(path.read_text(encoding="utf-8")) if path.exists() else None
    games_for = {(b["game"], b["players"]): b["games"] for b in (old or {}).get("games", ())}
    python = platform.python_version()
    started = time.perf_counter()
    err = Console(stderr=True)
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task("callgrind runs", total=None)
        now = measure(names, games_for, workers,
                      progress=lambda done, total: bar.update(task, completed=done, total=total))
    took = time.perf_counter() - started
    rows = compare(now, old)
    table = Table(title=f"Instructions per game (valgrind's callgrind; RandomBot every seat, deal included; fixed "
                  f"seeds; Python {python})")
    for column in ("game", "players", "games", "moves/game", "baseline", "now", "change"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for r in rows:
        change = "new" if r["change"] is None else f"{100 * r['change']:+.1f}%"
        if r["worse"]:
            change = f"[red]{change} worse[/]"
        elif r["change"] is not None and r["change"] < -TOLERANCE:
            change = f"[green]{change}[/]"
        moves = f"{r['moves_per_game']:.1f}" + (" [yellow](games differ)[/]" if r["games_differ"] else "")
        table.add_row(r["game"], str(r["players"]), str(r["games"]), moves,
                      "" if r["baseline"] is None else f"{r['baseline']:,}", f"{r['instructions_per_game']:,}", change)
    out = Console()
    out.print(table)
    print(f"{len(now)} entries in {took:.0f} s")
    if old is not None and old.get("python") != python:
        print(f"note: the baseline was counted on Python {old.get('python')}, this is Python {python}: the counts "
              "differ by the interpreter too")
    if update:
        keep = [b for b in (old or {}).get("games", ()) if b["game"] not in names]
        entries = sorted(keep + now, key=lambda b: (available_games().index(b["game"])
                                                    if b["game"] in available_games() else 1 << 30, b["players"]))
        write_text(path, json.dumps({
            "about": "instructions per game (valgrind's callgrind, fixed seeds) for every game and player count; "
                     "`ganjifa instructions` compares with these, `ganjifa instructions --update` rewrites them",
            "python": python, "valgrind": _valgrind_version(), "tolerance": TOLERANCE, "games": entries,
        }, indent=1) + "\n")
        print(f"wrote {path}")
        return 0
    if old is None:
        print(f"no baseline at {path}: `ganjifa instructions --update` writes it from the current code")
        return 1
    worse = [r for r in rows if r["worse"]]
    if worse:
        print(f"{len(worse)} of {len(rows)} more than {100 * TOLERANCE:g}% worse than the baseline: "
              + ", ".join(f"{r['game']} {r['players']}p {100 * r['change']:+.1f}%" for r in worse))
        return 1
    print(f"no game is more than {100 * TOLERANCE:g}% worse than the baseline ({path.name})")
    return 0
