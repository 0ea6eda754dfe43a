"""The ``ganjifa`` command: benchmarks, golden deals, and playing games from the terminal."""

from __future__ import annotations

import argparse
import sys


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (and exit status 2), not the usage text."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="ganjifa", description="Ganjifa rules engine")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    bench = sub.add_parser("bench", help="time full random games; print a table and write _build/bench.json")
    bench.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    bench.add_argument("--out", default="_build/bench.json")

    deals = sub.add_parser("deals", help="check or regenerate the golden deals in rules/deals")
    deals.add_argument("--write", action="store_true", help="rewrite the files from the current engine")
    deals.add_argument("paths", nargs="*")

    play = sub.add_parser("play", help="play one game with bots and print its transcript")
    play.add_argument("game")
    play.add_argument("--seed", default="1")
    play.add_argument("--bots", default="heuristic")
    play.add_argument("--names", default="", help="comma-separated player names, e.g. Asha,Bela,Chitra")
    play.add_argument("--write", metavar="FILE", help="also write the game as a golden transcript to FILE")
    play.add_argument("options", nargs="*", help="key=value game options")

    sub.add_parser("games", help="list the games")

    args, extra = parser.parse_known_args(argv)
    # key=value game options may come before or after --seed/--bots
    if args.command == "play" and all("=" in e and not e.startswith("-") for e in extra):
        args.options = [*args.options, *extra]
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    from .errors import GanjifaError

    try:
        if args.command == "bench":
            from .bench import run_bench

            return run_bench(seconds=args.seconds, out=args.out)
        if args.command == "deals":
            from .transcript import regenerate

            return regenerate(args.paths, write=args.write)
        if args.command == "play":
            return _play(args)
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
    return 1


def _play(args) -> int:
    from .protocol import parse_options
    from .registry import game_class
    from .shuffle import parse_seed
    from .transcript import check_name, dumps, play, write

    options = parse_options(" ".join(args.options))
    game = game_class(args.game).from_options(options)
    names = [check_name(n.strip()) for n in args.names.split(",")] if args.names.strip() else None
    t = play(game, parse_seed(args.seed), args.bots.split(","), names)
    if args.write:
        write(t, args.write)
        print(f"wrote {args.write}")
    else:
        print(dumps(t), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
