"""The ``ganjifa`` command: benchmarks, golden deals, and playing games from the terminal."""

from __future__ import annotations

import argparse
import sys


INTERRUPTED = 130  # the exit status of a command stopped by Ctrl-C (128 + SIGINT), as shells report it


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (and exit status 2), not the usage text."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def _number(text: str) -> int:
    """A whole number on the command line, by the one rule for numbers (no sign, no leading zeros)."""
    from .notation import whole_number

    value = whole_number(text, 9)
    if value is None:
        hint = f" (write {text.lstrip('0') or '0'})" if text[:1] == "0" and text.isascii() and text.isdigit() else ""
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number written without leading zeros{hint}")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="ganjifa", description="Ganjifa rules engine")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    bench = sub.add_parser("bench", help="time full random games, and OpenSpiel's nearest games beside them (the "
                                         "[peers] extra); print tables and ratios, write _build/bench.json")
    bench.add_argument("--seconds", type=float, default=None, help="CPU time per measurement (default 2)")
    bench.add_argument("--sim-games", type=_number, default=None, metavar="N",
                       help="games of the simulation compared with a peer's one process (default 100,000)")
    bench.add_argument("--quick", action="store_true",
                       help="a smoke run in seconds: --seconds 0.05 --sim-games 400 (the figures mean little)")
    bench.add_argument("--out", default="_build/bench.json")

    instructions = sub.add_parser("instructions", help="instructions per game for every game and player count "
                                                       "(valgrind's callgrind), against the baseline in the repository")
    instructions.add_argument("--update", action="store_true", help="rewrite the baseline from the current code")
    instructions.add_argument("--baseline", default=None, metavar="FILE",
                              help="the baseline file (default engine/instructions_baseline.json)")
    instructions.add_argument("--workers", type=_number, default=0, help="callgrind runs at once (default: every core)")
    instructions.add_argument("games", nargs="*", help="only these games (default: every game)")

    deals = sub.add_parser("deals", help="check or regenerate the golden deals in rules/deals")
    deals.add_argument("--write", action="store_true", help="rewrite the files from the current engine")
    deals.add_argument("paths", nargs="*")

    play = sub.add_parser("play", help="play one game with bots and print its transcript")
    play.add_argument("game")
    play.add_argument("--seed", default="1")
    play.add_argument("--bots", default="heuristic",
                      help="one bot kind, or one per seat: random, heuristic, mc (Monte-Carlo; mc:N for N worlds a move)")
    play.add_argument("--names", default="", help="comma-separated player names, e.g. Asha,Bela,Chitra")
    play.add_argument("--write", metavar="FILE", help="write the game as a golden transcript to FILE "
                      "(an existing FILE only with --force)")
    play.add_argument("--force", action="store_true", help="let --write replace an existing FILE")
    play.add_argument("--human", metavar="SEATS",
                      help="play at the terminal: your seat (1), several seats for hot-seat play (1,3), or 'all'; "
                           "the other seats are played by --bots")
    play.add_argument("--players", type=_number, help="number of players (the same as the option players=N)")
    play.add_argument("options", nargs="*", help="key=value game options")

    sub.add_parser("games", help="list the games")

    for name, helptext in (("simulate", "play many seeded games and report win rates, length, events and clauses"),
                           ("compare", "the simulate report for two or more variants side by side, with tests")):
        cmd = sub.add_parser(name, help=helptext)
        cmd.add_argument("game")
        cmd.add_argument("--games", type=_number, default=2000, help="how many games (default 2000)")
        cmd.add_argument("--players", type=_number, help="number of players (the same as the option players=N)")
        cmd.add_argument("--seed", default="1", help="the simulation's seed (game g is played from derive(seed, 'game', g))")
        cmd.add_argument("--bots", default="random", help="one bot kind, or one per seat: random, heuristic, mc (Monte-Carlo; mc:N for N worlds a move)")
        cmd.add_argument("--workers", type=_number, default=0, help="worker processes (default: every core)")
        cmd.add_argument("--scheduler", metavar="ADDRESS",
                         help="run the games on a Dask distributed cluster, e.g. tcp://10.0.0.5:8786 "
                              "(needs the [cluster] extra; --workers is then unused)")
        cmd.add_argument("--json", metavar="FILE", help="also write the report as JSON")
        cmd.add_argument("--csv", metavar="FILE", help="also write the report as CSV")
        if name == "compare":
            cmd.add_argument("--variant", action="append", required=True, metavar="OPTIONS",
                             help="options of one variant, e.g. 'stock-out=reshuffle' or 'bots=heuristic,random,random'")
        cmd.add_argument("options", nargs="*", help="key=value game options")

    args, extra = parser.parse_known_args(argv)
    # key=value game options may come before or after --seed/--bots
    if args.command in ("play", "simulate", "compare") and all("=" in e and not e.startswith("-") for e in extra):
        args.options = [*args.options, *extra]
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    from .errors import GanjifaError

    try:
        if args.command == "bench":
            from .bench import QUICK_SECONDS, QUICK_SIM_GAMES, SIM_GAMES, run_bench

            seconds = args.seconds if args.seconds is not None else QUICK_SECONDS if args.quick else 2.0
            sim_games = args.sim_games if args.sim_games is not None else QUICK_SIM_GAMES if args.quick else SIM_GAMES
            if seconds <= 0 or sim_games < 1:
                parser.error("--seconds and --sim-games take positive numbers")
            return run_bench(seconds=seconds, out=args.out, sim_games=sim_games)
        if args.command == "instructions":
            from .instructions import run_instructions

            return run_instructions(args.games, update=args.update, baseline=args.baseline, workers=args.workers)
        if args.command == "deals":
            from .transcript import regenerate

            return regenerate(args.paths, write=args.write)
        if args.command == "play":
            return _play(args)
        if args.command in ("simulate", "compare"):
            return _simulate(args)
        if args.command == "games":
            from .registry import available_games, game_class

            for name in available_games():
                print(f"{name:16} {game_class(name).title}")
            return 0
    except GanjifaError as err:
        print(f"ganjifa: {err.described()}", file=sys.stderr)
        return 2
    except OSError as err:  # a file that cannot be read or written
        print(f"ganjifa: {err.filename or ''}: {err.strerror or err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: one line, no traceback; every file is written whole or not at all
        print("ganjifa: interrupted", file=sys.stderr)
        return INTERRUPTED
    return 1


def _play(args) -> int:
    from .errors import OptionError
    from .protocol import parse_options
    from .terminal import HUMAN
    from .registry import game_class
    from .shuffle import parse_seed
    from .transcript import check_name, dumps, play, write

    options = parse_options(" ".join(args.options))
    if args.players is not None:
        if "players" in options:
            raise OptionError("players given twice: write --players N or players=N, not both")
        options["players"] = str(args.players)
    game = game_class(args.game).from_options(options)
    names = [check_name(n.strip()) for n in args.names.split(",")] if args.names.strip() else None
    if args.write and not args.force:
        _refuse_to_replace(args.write)
    kinds = [k.strip() for k in args.bots.split(",")]
    if args.human is not None or HUMAN in kinds:
        return _play_at_the_terminal(args, game, kinds, names)
    t = play(game, parse_seed(args.seed), kinds, names)
    if args.write:
        write(t, args.write)
        print(f"wrote {args.write}")
    else:
        print(dumps(t), end="")
    return 0


def _play_at_the_terminal(args, game, kinds, names) -> int:
    """``play --human SEATS`` (or ``--bots human,...``): people at the terminal, bots in the other seats."""
    from rich.console import Console

    from .errors import OptionError
    from .shuffle import parse_seed
    from .terminal import HUMAN, TerminalGame, parse_humans

    if len(kinds) not in (1, game.players):
        raise OptionError(f"{len(kinds)} bots for {game.players} players: give one kind, or one per seat")
    if len(kinds) == 1:
        kinds = kinds * game.players
    humans = {seat for seat, kind in enumerate(kinds) if kind == HUMAN}
    if args.human is not None:
        humans |= parse_humans(args.human, game.players)
    kinds = ["heuristic" if seat in humans else kind for seat, kind in enumerate(kinds)]
    from .bots import make_bot

    for kind in kinds:
        make_bot(kind)  # an unknown bot is refused before the game starts
    if names is None:
        from .terminal import CAST

        names = list(CAST[:game.players]) if game.players <= len(CAST) else None
    table = TerminalGame(game, parse_seed(args.seed), humans, kinds, names, Console(highlight=False),
                         save_to=args.write)
    return table.run()


def _refuse_to_replace(path: str) -> None:
    """OptionError, in one line saying what is there, if ``path`` exists (``play --write`` without ``--force``)."""
    import os

    from .errors import OptionError

    if not os.path.lexists(path):
        return
    if os.path.isdir(path):
        what = "a folder"
    else:
        what = "a file"
        try:
            from .transcript import read

            t = read(path)
            what = f"the transcript of {t.game}" + (f", seed {t.seed}" if t.seed is not None else "") + \
                f", {len(t.steps)} moves"
        except Exception:  # noqa: BLE001 - any other file: say only that it is there
            pass
    raise OptionError(f"{path} already exists ({what}); --write would replace it: add --force to do so")


def _simulate(args) -> int:
    import json
    import os

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
    from rich.table import Table

    from .errors import OptionError
    from .files import write_text
    from .protocol import parse_options
    from .registry import game_class
    from .shuffle import parse_seed
    from .simulate import clause_rows, rows, simulate, to_csv, to_json

    if args.games < 1 or args.games > 100_000_000:
        raise OptionError(f"--games takes 1 to 100,000,000 games, not {args.games}")
    cls = game_class(args.game)
    seed = parse_seed(args.seed)
    workers = args.workers or os.cpu_count() or 1
    base = " ".join(args.options)
    if args.players is not None:
        if "players" in parse_options(base):
            raise OptionError("players given twice: write --players N or players=N, not both")
        base = f"{base} players={args.players}"
    variants = getattr(args, "variant", None) or [""]
    setups = []
    for text in variants:
        words = text.split()
        lineup = [w.partition("=")[2] for w in words if w.startswith("bots=")]  # bots=heuristic,random,...
        options = parse_options(base)
        options.update(parse_options(" ".join(w for w in words if not w.startswith("bots="))))
        bots = lineup[-1] if lineup else args.bots
        setups.append((text or base or "as given", cls.from_options(options), tuple(bots.split(","))))
    err = Console(stderr=True)
    reports = []
    for label, game, bots in setups:
        with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task(f"{game.title} {label}", total=args.games)
            reports.append(simulate(game, args.games, seed, bots, workers=workers, scheduler=args.scheduler,
                                    progress=lambda done, task=task: bar.update(task, completed=done)))
    labels = [label for label, _, _ in setups]
    out = Console()
    first = reports[0]
    title = (f"{first.game.title}: {args.games:,} games per column, seed {seed}, bots {','.join(first.bots)}"
             if len(reports) == 1 else f"{first.game.title}: {args.games:,} games per variant, seed {seed}")
    table = Table(title=title)
    table.add_column("")
    for label in labels:
        table.add_column(label, justify="right")
    significant = False
    for row in rows(reports):
        cells = list(row.values)
        for i, p in enumerate(row.p_values):
            if p is not None and p < 0.05:
                cells[i] += " *"
                significant = True
        table.add_row(row.label, *cells)
    out.print(table)
    if len(reports) > 1:
        out.print("* differs from the first column at the 5% level (two-proportion z-test for shares, Welch's "
                  "t-test for means)." if significant else "No difference is significant at the 5% level.")
    clauses = Table(title="How often each rule comes into play (share of games citing it; per game)")
    clauses.add_column("clause")
    clauses.add_column("rule")
    clauses.add_column("games", justify="right")
    clauses.add_column("per game", justify="right")
    for cid, ctitle, share, per_game in clause_rows(first):
        clauses.add_row(cid, ctitle, f"{100 * share:.1f}%", f"{per_game:.2f}")
    out.print(clauses)
    if args.json:  # whole or not at all: an interrupted run leaves no half-written file
        write_text(args.json, json.dumps(to_json(reports, labels), indent=1) + "\n")
        out.print(f"wrote {args.json}")
    if args.csv:
        write_text(args.csv, to_csv(reports, labels))
        out.print(f"wrote {args.csv}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
