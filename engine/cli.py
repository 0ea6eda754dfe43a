"""The ``ganjifa`` command: benchmarks, golden deals, and playing games from the terminal."""

from __future__ import annotations

import argparse
import sys


INTERRUPTED = 130  # the exit status of a command stopped by Ctrl-C (128 + SIGINT), as shells report it


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
    from .notation import whole_number

    value = whole_number(text, 9)
    if value is None:
        hint = f" (write {text.lstrip('0') or '0'})" if text[:1] == "0" and text.isascii() and text.isdigit() else ""
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number written without leading zeros{hint}")
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
                              help="the baseline file (default engine/instructions_baseline.json)")
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
                     "changes, 4 the game changes")
    review.add_argument("base", nargs="?", default="HEAD", metavar="BASE",
                        help="a branch, tag or commit to compare the working tree with (default HEAD)")
    review.add_argument("--games", type=_number, default=None, metavar="N",
                        help="games a side for each game whose play changed, with random and with careful "
                             "players (default 300)")
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
    from .errors import GanjifaError

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
            return _games()
        if args.command == "info":
            return _info(args.game)
        if args.command == "check":
            from .check import run_check

            return run_check(args.chapters, args.root, strict=args.strict)
        if args.command == "review":
            from .review import DEFAULT_GAMES, run_review

            check_distinct_outputs(((args.html, "--html"), (args.json, "--json")))
            for path, what in ((args.html, "--html"), (args.json, "--json")):
                if path:
                    check_output_path(path, what, args.force)
            return run_review(args.base, args.games or DEFAULT_GAMES, args.html, args.json, args.root)
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


def _games() -> int:
    from .registry import available_games, game_class
    from .variants import entry_points

    rows = []
    for name in available_games():
        cls = game_class(name)
        players = f"{cls.min_players}-{cls.max_players}" if cls.min_players != cls.max_players else f"{cls.min_players}"
        rows.append((name, cls.title, f"{players} players", f"{cls.deck.name} deck"))
    for name in sorted(entry_points()):
        rows.append((name, "(installed variant)", "", ""))
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + "  " + row[3])
    return 0


def _info(name: str) -> int:
    from .protocol import option_text
    from .registry import game_class

    cls = game_class(name)
    print(f"{cls.title} ({getattr(cls, 'spec', cls.name)}): {cls.min_players} to {cls.max_players} players, "
          f"the {cls.deck.name} deck")
    if cls.__doc__ and getattr(cls, "spec", None):
        print("  " + cls.__doc__.strip().splitlines()[0])
    print("options (write them as key=value):")
    for info in cls.options():
        choices = list(info.choices)
        if len(choices) > 6 and all(type(c) is int for c in choices) and choices == list(range(choices[0], choices[-1] + 1)):
            shown = f"{choices[0]} to {choices[-1]}"
        else:
            shown = ", ".join(map(option_text, choices))
        clause = f" [{info.clause}: {cls.CLAUSES.get(info.clause, '?')}]" if info.clause else ""
        print(f"  {info.name.replace('_', '-')}={option_text(info.default)}  (choices: {shown}){clause}")
        if info.help:
            print(f"      {info.help}")
    print(f"clauses: {len(cls.CLAUSES)} ({', '.join(list(cls.CLAUSES)[:6])}{', ...' if len(cls.CLAUSES) > 6 else ''})")
    if cls.EVENTS:
        print(f"events counted in simulations: {', '.join(cls.EVENTS)}")
    from .registry import position_grammar

    keys, example = position_grammar(cls)
    if keys:
        print("positions (a chapter's :position:, 'key=value' parts separated by ';'"
              + ("; the hands P1..Pn in seat order, their number the number of players" if "P1..Pn" in keys else "")
              + "):")
        print(f"  keys: {', '.join(keys)}")
        print(f"  example: {example}")
    return 0


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
    from .alike import refuse_changes_that_change_nothing

    refuse_changes_that_change_nothing(game, parse_seed(args.seed))  # a variant file's change that changes nothing
    names = [check_name(n.strip()) for n in args.names.split(",")] if args.names.strip() else None
    if args.write:
        check_output_path(args.write, "--write", args.force, folder_made=True)
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


def check_output_path(path: str, what: str, force: bool = False, folder_made: bool = False) -> None:
    """OptionError now, before a long run, if ``path`` could not be written at its end, or would replace a
    file without ``--force``; ``folder_made``: a missing folder is made when the file is written (play --write)."""
    import os

    from .errors import OptionError
    from .files import describe_existing, special_kind

    if not path or path.endswith(os.sep) or os.path.basename(path) in (".", ".."):
        raise OptionError(f"{what} {path!r}: names no file (give a file name, e.g. {what} out/report.json)")
    folder = os.path.dirname(os.path.abspath(path))
    kind = special_kind(path)
    if kind is not None:
        raise OptionError(f"{what} {path}: is {kind}, not a file; nothing is written there")
    nearest = folder  # the nearest folder that exists (folder_made: the missing ones are made in it)
    while folder_made and not os.path.exists(nearest) and os.path.dirname(nearest) != nearest:
        nearest = os.path.dirname(nearest)
    if not os.path.isdir(nearest):
        if folder_made:
            raise OptionError(f"{what} {path}: {nearest} is not a folder, so the file cannot be written there")
        raise OptionError(f"{what} {path}: the folder {os.path.dirname(path) or '.'} does not exist")
    if os.path.exists(path) and not os.access(path, os.W_OK):
        raise OptionError(f"{what} {path}: cannot be written (permission denied)")
    import tempfile

    try:  # a file tried there (and gone at once): a read-only disk or /proc fails now, not after the work
        with tempfile.TemporaryFile(dir=nearest):
            pass
    except OSError as err:
        raise OptionError(f"{what} {path}: cannot be written in {nearest} ({err.strerror or err})") from None
    there = None if force else describe_existing(path)
    if there is not None:
        raise OptionError(f"{path} already exists ({there}); {what} would replace it: add --force to do so")


def check_distinct_outputs(paths) -> None:
    """OptionError if two options name the same output file (the second write would lose the first)."""
    import os

    from .errors import OptionError

    seen = {}
    for path, what in paths:
        if not path:
            continue
        key = os.path.realpath(path)
        if key in seen:
            raise OptionError(f"{seen[key]} and {what} both name {path}: give each its own file")
        seen[key] = what


def _simulate(args) -> int:
    import json
    import os

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
    from rich.table import Table

    from .bots import make_bot
    from .errors import OptionError
    from .files import write_text
    from .protocol import parse_options
    from .registry import game_class
    from .shuffle import parse_seed
    from .simtables import clause_rows, rows, to_json
    from .simulate import simulate

    comparing = args.command == "compare"
    if args.games < 1 or args.games > 100_000_000:
        raise OptionError(f"--games takes 1 to 100,000,000 games, not {args.games}")
    if comparing and args.games > MAX_PAIRED:  # each variant's games are kept, game by game, to be paired
        raise OptionError(f"compare pairs every game of every variant and keeps them in memory: --games takes "
                          f"1 to {MAX_PAIRED:,} games, not {args.games:,}")
    cls = game_class(args.game)
    seed = parse_seed(args.seed)
    most = max(64, 8 * (os.cpu_count() or 1))
    if args.workers is not None and not 1 <= args.workers <= most:
        raise OptionError(f"--workers takes 1 to {most} worker processes (leave it out for every core), "
                          f"not {args.workers:,}")
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
        chosen = [w.partition("=")[2] for w in words if w.startswith("game=")]  # game=./my_kk.py:SevenCards
        options = parse_options(base)
        options.update(parse_options(" ".join(w for w in words if not w.startswith(("bots=", "game=")))))
        bots = lineup[-1] if lineup else args.bots
        game = (game_class(chosen[-1]) if chosen else cls).from_options(options)
        kinds = tuple(k.strip() for k in bots.split(","))
        if len(kinds) not in (1, game.players):  # as play refuses it: never silently cycled
            raise OptionError(f"{len(kinds)} bots ({bots}) for {game.players} players"
                              + (f" in variant {text!r}" if text else "") + ": give one kind, or one per seat")
        for kind in kinds:
            make_bot(kind)  # an unknown bot is refused before any game is played
        from .alike import ALIKE_GAMES, refuse_changes_that_change_nothing

        refuse_changes_that_change_nothing(game, seed, kinds, min(args.games, ALIKE_GAMES))
        label = text or base or "as given"
        if chosen:  # a variant file: its title, not its path
            label = " ".join([type(game).title, *(w for w in words if not w.startswith("game="))])
        setups.append((label, game, kinds))
    if args.scheduler is not None:  # its form now; whether it answers, when the games start
        from .simulate import check_scheduler

        check_scheduler(args.scheduler)
    outputs = ((args.json, "--json"), (args.csv, "--csv"), (args.plot, "--plot"))
    check_distinct_outputs(outputs)
    for path, what in outputs:
        if path:
            check_output_path(path, what, args.force)
    if args.plot:
        from .compare import PLOT_FORMATS

        if os.path.splitext(args.plot)[1].lower() not in PLOT_FORMATS:
            raise OptionError(f"--plot {args.plot}: end the file's name with the picture's format, "
                              f"{', '.join(PLOT_FORMATS[:-1])} or {PLOT_FORMATS[-1]}")
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise OptionError("--plot needs matplotlib: pip install matplotlib") from None
    err = Console(stderr=True)
    reports = []
    for label, game, bots in setups:
        with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task(f"{game.title} {label}", total=args.games)
            reports.append(simulate(game, args.games, seed, bots, workers=workers, scheduler=args.scheduler,
                                    progress=lambda done, task=task: bar.update(task, completed=done),
                                    per_game=comparing or _wants_money(game, args.games)))
    labels = [label for label, _, _ in setups]
    out = _PipeConsole()
    first = reports[0]
    from .rule_use import RULE_USE_GAMES, rule_use

    # what each rule does, cited or not (a rule that forbids is cited by no move made): the first games replayed
    uses = [rule_use(r.game, seed, r.bots, min(args.games, RULE_USE_GAMES)) for r in reports]
    # the files first: a reader that stops reading the table (| head) leaves them whole
    written = []
    if args.json:  # whole or not at all: an interrupted run leaves no half-written file
        data = to_json(reports, labels)
        for entry, r, (tried, acted) in zip(data["reports"], reports, uses):
            entry["game"] = getattr(type(r.game), "spec", r.game.name)
            entry["rule_use_games"] = tried
            for c, counts in entry["clauses"].items():
                counts["acts_games"] = acted[c]  # of the first rule_use_games games
        if comparing:
            from .compare import compare_rows

            data["comparison"] = [{"label": row.label, "measure": row.measure, "seat": row.seat,
                                   "values": [c.value for c in row.cells], "low": [c.low for c in row.cells],
                                   "high": [c.high for c in row.cells], "text": [c.text for c in row.cells],
                                   "p_values": list(row.p_values), "p_adjusted": list(row.adjusted), "test": row.test}
                                  for row in compare_rows(reports, fair=True, per_game=True)]
        write_text(args.json, json.dumps(data, indent=1) + "\n")
        written.append(args.json)
    if args.csv:
        from .compare import tidy_csv

        write_text(args.csv, tidy_csv(reports, labels, uses=uses))
        written.append(args.csv)
    if args.plot:
        from .compare import plot

        plot(reports, labels, args.plot)
        written.append(args.plot)
    if comparing:
        _print_comparison(out, reports, labels, args.games, seed, uses)
    else:
        from .compare import single_rows

        table = Table(title=f"{first.game.title}: {args.games:,} games per column, seed {seed}; "
                            f"{bots_words(first.bots)}")
        table.add_column("")
        table.add_column(labels[0], justify="right")
        numbers = single_rows(first)
        unfair = {row.seat for row in numbers if row.measure == "win share" and row.significant(0)}
        for row in rows(reports):
            seat = int(row.label.split()[1]) if row.label.startswith("Player ") and row.label.endswith(" wins") else None
            table.add_row(row.label, *(v + (" *" if seat in unfair else "") for v in row.values))
        for row in numbers:
            if row.measure == "money per game":
                table.add_row(row.label, row.cells[0].text)
        out.print(table)
        n = first.game.players
        out.print((f"* this seat's share of the wins differs from its fair share ({100 / n:.1f}% of {n}) at the 5% "
                   "level" if unfair else f"No seat's share of the wins differs from its fair share ({100 / n:.1f}% of "
                   f"{n}) at the 5% level") + " (z-tests, Holm's correction for the seats).")
        tried, acted = uses[0]
        clauses = Table(title=f"How often each rule comes into play: acts in (of the first {tried:,} games: cited, "
                              "deciding, dealing, or refusing a move a player could try); cited in (of every game); "
                              "citations per game")
        clauses.add_column("clause")
        clauses.add_column("rule")
        clauses.add_column("acts in", justify="right")
        clauses.add_column("cited in", justify="right")
        clauses.add_column("per game", justify="right")
        for cid, ctitle, share, per_game in clause_rows(first):
            clauses.add_row(cid, ctitle, f"{100 * acted[cid] / max(tried, 1):.0f}%", f"{100 * share:.1f}%",
                            f"{per_game:.2f}")
        out.print(clauses)
    for path in written:
        out.print(f"wrote {path}")
    return 0


MAX_PAIRED = 2_000_000  # games a variant in compare (about 80 bytes a game kept)


def _pipe_console_class():
    from rich.console import Console

    class PipeConsole(Console):
        """rich's Console, but a reader gone away (``| head``) is a BrokenPipeError, which ends the command
        quietly (status 0), not rich's exit with status 1."""

        def on_broken_pipe(self) -> None:
            raise BrokenPipeError

    return PipeConsole


def _PipeConsole(**kwargs):
    return _pipe_console_class()(**kwargs)


BOT_WORDS = {"random": "random (each move chosen at random among those allowed)",
             "heuristic": "heuristic (the careful player of play and hint)"}


def bots_words(bots) -> str:
    """Which bots played, in words: ``bots: random at every seat (...)`` or one per seat."""
    kinds = list(bots)
    if len(set(kinds)) == 1:
        kind = kinds[0]
        return f"bots: {BOT_WORDS.get(kind, kind)} at every seat"
    return "bots: " + ", ".join(f"{kind} (Player {i + 1})" for i, kind in enumerate(kinds))


def _wants_money(game, games: int) -> bool:
    """simulate shows money per seat for a stakes game, from each game's outcome kept (up to MAX_PAIRED games)."""
    from .simgames import stakes_game

    return stakes_game(game) and games <= MAX_PAIRED


def _print_comparison(out, reports, labels, games: int, seed, uses) -> None:
    from rich.table import Table

    from .compare import alike, clause_table, compare_rows, difference_text

    first = reports[0]
    table = Table(title=f"{first.game.title}: {games:,} games per variant, the same seeds, seed {seed}")
    table.add_column("")
    for label, r in zip(labels, reports):
        table.add_column(f"{label}\n{r.game.players} players, bots {','.join(r.bots)}", justify="right")
    significant = False
    rows = compare_rows(reports, fair=True, per_game=True)
    for row in rows:
        cells = []
        for i, cell in enumerate(row.cells):
            text = cell.text
            if row.significant(i):
                text += " *"
                significant = True
            diff = difference_text(row, i)
            cells.append(f"{text}\nΔ {diff}" if diff else text)
        table.add_row(row.label, *cells)
    for i in alike(reports):  # a variant that changes nothing here: one line, before the table
        print(f"ganjifa: variant {labels[i]!r} plays exactly like {labels[0]!r} in every one of the {games:,} "
              "games: the same moves and outcome, game by game; it changes nothing here", file=sys.stderr)
    out.print(table)
    tests = len([p for row in rows for p in row.p_values if p is not None])
    same = len({r.game.players for r in reports}) == 1
    note = (f"games paired by seed; paired z-tests, Holm's correction for the {tests} tests of this table"
            + ("; each seat also tested against its fair share (1/players), in every column" if same else
               "; with different numbers of players each seat's share is set against its fair share (1/players)"))
    out.print(f"* differs from the first column at the 5% level; in the rows of points over the fair share, a seat "
              f"whose share differs from its fair share ({note})."
              if significant else f"No difference is significant at the 5% level ({note}).")
    kinds = sorted({k for r in reports for k in r.bots})
    out.print("Bots: " + "; ".join(BOT_WORDS.get(k, k) for k in kinds) + ".")
    tried = max(t for t, _ in uses)
    clauses = Table(title=f"How often each rule comes into play, per variant: acts in (of the first {tried:,} games: "
                          "cited, deciding, dealing, or refusing a move a player could try) / cited in (of every game); "
                          "citations per game")
    clauses.add_column("clause")
    clauses.add_column("rule")
    for label in labels:
        clauses.add_column(label, justify="right")
    for cid, title, cells in clause_table(reports):
        clauses.add_row(cid, title, *("-" if c is None else
                                      f"{100 * acted[cid] / max(n, 1):.0f}% / {100 * c[0]:.1f}%; {c[1]:.2f}"
                                      for c, (n, acted) in zip(cells, uses)))
    out.print(clauses)


if __name__ == "__main__":
    sys.exit(main())
