"""Run each parser fuzz of tests/test_parsers.py for N inputs and print how many each parser got.

    .venv/bin/python -m tests.fuzzcount          # N = 1000 per parser and game
    .venv/bin/python -m tests.fuzzcount 5000

Prints one row per game and parser: inputs tried, how many were read (the rest were refused with
a GanjifaError; anything else fails the run, as in the test), and the time taken.
"""

from __future__ import annotations

import sys
import time

from .test_parsers import GAMES, PARSERS, fuzz, parsers_of


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 1000
    total = 0
    print(f"{'game':14} {'parser':11} {'inputs':>7} {'read':>6} {'seconds':>8}")
    for name in GAMES:
        for parser in parsers_of(name):
            counter = [0]
            read = [0]
            call = PARSERS[parser]

            def counting(g, text, call=call):
                call(g, text)
                read[0] += 1

            PARSERS[parser] = counting
            started = time.perf_counter()
            try:
                fuzz(name, parser, n, counter)()
            finally:
                PARSERS[parser] = call
            total += counter[0]
            print(f"{name:14} {parser:11} {counter[0]:7} {read[0]:6} {time.perf_counter() - started:8.1f}")
    print(f"{'all':26} {total:7}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
