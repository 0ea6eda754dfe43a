"""The ``ganjifa`` command: its arguments, and each command sent to the module that runs it.

One module per group of commands: :mod:`engine.doors.cli_play` (``play``, ``games``, ``info``), :mod:`engine.doors.cli_simulate`
(``simulate``, ``compare``), :mod:`engine.doors.bench` (``bench``), :mod:`engine.study.instructions` (``instructions``),
:mod:`engine.examples.transcript` (``deals``), :mod:`engine.doors.check` (``check``) and :mod:`engine.doors.review` (``review``);
output files are checked before a long run by :mod:`engine.doors.outputs`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import INTERRUPTED  # (130, the exit status of a command stopped by Ctrl-C) named here too, as before


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (and exit status 2), not the usage text, in the one
    style of every error: ``ganjifa: ...``."""

    def error(self, message: str):
        if "invalid choice" in message and "argument COMMAND" in message:  # a mistyped command
            import difflib
            import re

            got = re.search(r"invalid choice: '([^']*)'", message)
            close = difflib.get_close_matches(got.group(1), COMMANDS, n=1) if got else []
            message = f"unknown command {got.group(1)!r}" if got else message
            message += f"; did you mean {close[0]}?" if close else f" (commands are {', '.join(COMMANDS)})"
        self.exit(2, f"ganjifa: {message} (see '{self.prog} --help')\n")


COMMANDS = ("play", "simulate", "compare", "games", "info", "check", "review", "deals", "bench", "instructions")


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("ganjifa-rules")
    except Exception:  # noqa: BLE001 - not installed (run from a checkout): say so
        return "unknown (not installed)"


def _number(text: str) -> int:
    """A whole number on the command line, by the one rule for numbers (no sign, no leading zeros)."""
    from ..notation import whole_number

    value = whole_number(text, 9)
    if value is None:
        if text[:1] == "0" and text.isascii() and text.isdigit():
            raise argparse.ArgumentTypeError(f"{text!r}: write whole numbers without leading zeros "
                                             f"(write {text.lstrip('0') or '0'})")
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number (0, 1, 2 and so on)")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="ganjifa", description="Ganjifa rules engine: play the games at the terminal, simulate "
                     "and compare rule variants, check a chapter, keep the golden deals.")
    parser.add_argument("--version", action="version", version=f"ganjifa {_version()}",
                        help="print the version and stop")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser, metavar="COMMAND")
    add_parser = sub.add_parser

    def command(name: str, helptext: str, **kwargs):
        return add_parser(name, help=helptext, description=helptext[:1].upper() + helptext[1:] + ".", **kwargs)

    bench = command("bench", "time full random games, and OpenSpiel's nearest games beside them (the "
                                         "[peers] extra); print tables and ratios, write _build/bench.json")
    bench.add_argument("--seconds", type=float, default=None, help="CPU time per measurement (default 2)")
    bench.add_argument("--sim-games", type=_number, default=None, metavar="N",
                       help="games of the simulation compared with a peer's one process (default 100,000)")
    bench.add_argument("--quick", action="store_true",
                       help="a smoke run in seconds: --seconds 0.05 --sim-games 400 (the figures mean little)")
    bench.add_argument("--out", default="_build/bench.json", metavar="FILE",
                       help="where to write the figures as JSON (default _build/bench.json)")

    instructions = command("instructions", "instructions per game for every game and player count "
                                                       "(valgrind's callgrind), against the baseline in the repository")
    instructions.add_argument("--update", action="store_true", help="rewrite the baseline from the current code")
    instructions.add_argument("--baseline", default=None, metavar="FILE",
                              help="the baseline file (default engine/study/instructions_baseline.json)")
    instructions.add_argument("--workers", type=_number, default=0, help="callgrind runs at once (default: every core)")
    instructions.add_argument("games", nargs="*", help="only these games (default: every game)")

    deals = command("deals", "check or regenerate the golden deals in rules/deals")
    deals.add_argument("--write", action="store_true", help="rewrite the files from the current engine")
    deals.add_argument("paths", nargs="*", metavar="FILE", help="transcripts to check (default: every file in rules/deals)")

    play = command("play", "play one game: with bots, printing its transcript, or at the terminal (--human)")
    play.add_argument("game", help="a game (see 'ganjifa games'), or a variant file: ./my_game.py:MyVariant")
    play.add_argument("--seed", default="1", help="the game's seed: any word or number (default 1); it fixes the "
                      "deal, chance's later steps and the bots' choices")
    play.add_argument("--bots", default="heuristic",
                      help="one bot kind, or one per seat: random, heuristic, mc (Monte-Carlo; mc:N for N worlds a move), "
                           "human (a person at the terminal, as --human)")
    play.add_argument("--names", default="", help="comma-separated player names, e.g. Asha,Bela,Chitra")
    play.add_argument("--write", metavar="FILE", help="write the game as a golden transcript to FILE "
                      "(an existing FILE only with --force)")
    play.add_argument("--force", action="store_true", help="let --write replace an existing FILE")
    play.add_argument("--human", metavar="SEATS",
                      help="play at the terminal: your seat (1), several seats for hot-seat play (1,3), or 'all'; "
                           "the other seats are played by --bots")
    play.add_argument("--players", type=_number, help="number of players (the same as the option players=N)")
    play.add_argument("options", nargs="*", help="key=value game options")

    command("games", "list the games: name, title, players and deck")
    info = command("info", "a game's facts and options: each option's choices, default and clause")
    info.add_argument("game", help="a game (see 'ganjifa games'), or a variant file: ./my_game.py:MyVariant")
    check = command("check", "check chapters: every error in one report (examples, golden deals, clauses, "
                    "references); exit status 1 when anything is wrong; clauses without an example are warnings")
    check.add_argument("chapters", nargs="*", metavar="CHAPTER",
                       help="chapter files or names, e.g. rules/komi.md or komi (default: every chapter)")
    check.add_argument("--strict", action="store_true",
                       help="fail (exit status 1) on warnings too: a clause without an example")
    check.add_argument("--root", metavar="FOLDER", help="the book's folder, with conf.py (default: the current "
                       "folder if it has one, else this checkout)")

    review = command("review", "what a change does to the book and to the game, against a git revision: rules "
                     "text, examples, play on the same seeds; exit status 0 no change for players, 3 the book "
                     "changes, 4 the game changes, 5 the book fails (an example no longer holds)")
    review.add_argument("base", nargs="?", default="HEAD", metavar="BASE",
                        help="a branch, tag or commit to compare the working tree with (default HEAD)")
    review.add_argument("--games", type=_number, default=None, metavar="N",
                        help="games a side for each game whose play changed, with random and with careful "
                             "players (default 300)")
    review.add_argument("--measure", action="append", metavar="FILE.py:FUNCTION",
                        help="a measure of your own, compared base against head wherever the play changed: a "
                             "function of a finished game's state returning a number (e.g. ./my_measures.py:dealer_edge)")
    review.add_argument("--html", metavar="FILE", help="also write the report as a page, changed pictures side by side")
    review.add_argument("--json", metavar="FILE", help="also write the report as JSON")
    review.add_argument("--force", action="store_true", help="let --html and --json replace existing files")
    review.add_argument("--root", metavar="FOLDER", help="the book's folder (default: the current folder if it "
                        "has conf.py, else this checkout)")

    for name, helptext in (("simulate", "play many seeded games and report win rates, length, events and clauses"),
                           ("compare", "two or more variants played on the same seeds, side by side, with paired tests corrected "
                                       "for the number of rows")):
        cmd = command(name, helptext)
        cmd.add_argument("game", help="a game (see 'ganjifa games'), or a variant file: ./my_game.py:MyVariant")
        cmd.add_argument("--games", type=_number, default=2000, help="how many games (default 2000)")
        cmd.add_argument("--players", type=_number, help="number of players (the same as the option players=N)")
        cmd.add_argument("--seed", default="1", help="the simulation's seed (game g is played from derive(seed, 'game', g))")
        cmd.add_argument("--bots", default="random", help="one bot kind, or one per seat: random (the default here; "
                         "play's is heuristic), heuristic, mc (Monte-Carlo; mc:N for N worlds a move)")
        cmd.add_argument("--workers", type=_number, default=None, help="worker processes, 1 or more (default: every core)")
        cmd.add_argument("--scheduler", metavar="ADDRESS",
                         help="run the games on a Dask distributed cluster, e.g. tcp://10.0.0.5:8786 "
                              "(needs the [cluster] extra; --workers is then unused)")
        cmd.add_argument("--json", metavar="FILE", help="also write the report as JSON")
        cmd.add_argument("--csv", metavar="FILE", help="also write the report as tidy CSV: one row per measure "
                         "(and variant and seat), one number per cell")
        cmd.add_argument("--force", action="store_true", help="let --json, --csv and --plot replace existing files")
        cmd.add_argument("--plot", metavar="FILE.svg", help="also draw the win shares with their intervals and "
                         "the game lengths (matplotlib; the file's ending names the format: .svg, .png or .pdf)")
        if name == "compare":
            cmd.add_argument("--measure", action="append", metavar="FILE.py:FUNCTION",
                             help="a measure of your own: a function of a finished game's state returning a number "
                                  "(e.g. ./my_measures.py:dealer_edge), compared like the others; give it once per "
                                  "measure")
            cmd.add_argument("--variant", action="append", required=True, metavar="OPTIONS",
                             help="options of one variant, e.g. 'stock-out=reshuffle', 'bots=heuristic,random,random' "
                                  "or 'game=./my_kk.py:SevenCards' (a variant file); give it once per variant")
        cmd.add_argument("options", nargs="*", help="key=value game options")

    sub._choices_actions.sort(key=lambda a: COMMANDS.index(a.dest))  # the help lists the commands people use first
    args, extra = parser.parse_known_args(argv)
    # key=value game options may come before or after --seed/--bots
    if args.command in ("play", "simulate", "compare") and all("=" in e and not e.startswith("-") for e in extra):
        args.options = [*args.options, *extra]
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    from ..errors import GanjifaError

    try:
        if args.command == "bench":
            from .bench import QUICK_SECONDS, QUICK_SIM_GAMES, SIM_GAMES, check_arguments, run_bench

            seconds = args.seconds if args.seconds is not None else QUICK_SECONDS if args.quick else 2.0
            sim_games = args.sim_games if args.sim_games is not None else QUICK_SIM_GAMES if args.quick else SIM_GAMES
            try:  # before any work (run_bench checks them again)
                check_arguments(seconds, args.out, sim_games)
            except GanjifaError as err:
                parser.error(err.described())
            return run_bench(seconds=seconds, out=args.out, sim_games=sim_games)
        if args.command == "instructions":
            from ..study.instructions import run_instructions

            return run_instructions(args.games, update=args.update, baseline=args.baseline, workers=args.workers)
        if args.command == "deals":
            from ..examples.transcript import regenerate

            missing = [p for p in args.paths if not Path(p).is_file()]
            if missing:  # a file named that is not there is the command's mistake, said as every other is
                print(f"ganjifa: deals: no such file: {missing[0]}" + (f" (and {len(missing) - 1} more)"
                                                                         if len(missing) > 1 else ""), file=sys.stderr)
                return 2

            return regenerate(args.paths, write=args.write)
        if args.command == "play":
            from .cli_play import run_play

            return run_play(args)
        if args.command in ("simulate", "compare"):
            from .cli_simulate import run_simulate

            return run_simulate(args)
        if args.command == "games":
            from .cli_play import run_games

            return run_games()
        if args.command == "info":
            from .cli_play import run_info

            return run_info(args.game)
        if args.command == "check":
            from .check import run_check

            return run_check(args.chapters, args.root, strict=args.strict)
        if args.command == "review":
            from .outputs import check_distinct_outputs, check_output_path
            from .review import DEFAULT_GAMES, run_review

            check_distinct_outputs(((args.html, "--html"), (args.json, "--json")))
            for path, what in ((args.html, "--html"), (args.json, "--json")):
                if path:
                    check_output_path(path, what, args.force)
            return run_review(args.base, args.games or DEFAULT_GAMES, args.html, args.json, args.root,
                              measures=tuple(args.measure or ()))
    except BrokenPipeError:  # `ganjifa games | head -1`: the reader has gone; end quietly
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
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


if __name__ == "__main__":
    sys.exit(main())
