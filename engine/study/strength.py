"""How strong a player is, measured: it in one seat against careful players, beside a careful player in that seat
on the same deals (seats rotated, deals paired), with 95% intervals and its time a move.

For deal ``k`` (seed ``start + k``) the seat is ``k % players``; the deal is played twice with the same seed (the
same cards, the same careful players in the other seats, the same chance): once with the player measured in the
seat, once with a careful player there. Each game gives the seat its share of the win (1, or 1/k of a k-way
win; for Udvasa, played alone, whether she won) and its result (points, or stakes won or lost). Reported: both
shares and mean results with 95% intervals (Wilson for a share of wins, normal for a mean), the paired
difference with its interval, the ratio of the shares, and the mean time a move of the player measured (moves
with a choice only; forced moves cost nothing).

Run it (``nice`` it: it is long)::

    nice -n 10 python -m engine.study.strength guru-ganjifa --deals 200

>>> row = measure("nakash", players=3, deals=4)
>>> row.deals, 0.0 <= row.careful <= 1.0
(4, True)
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from ..players.bots import make_bot
from ..players.loop import run
from ..players.play import seat_bots
from ..registry import get_game
from ..shuffle import derive
from ..stats import wilson

Z = 1.96


@dataclass(frozen=True)
class Strength:
    """One game's and player count's measurement (see the module)."""

    game: str
    players: int
    bot: str
    deals: int
    careful: float  # the careful seat's win share
    careful_ci: tuple[float, float]
    strong: float  # the measured seat's win share
    strong_ci: tuple[float, float]
    difference: float  # paired: strong - careful, per deal
    difference_ci: tuple[float, float]
    careful_result: float  # mean result (points or stakes) of the seat
    strong_result: float
    result_difference_ci: tuple[float, float]
    seconds_a_move: float  # mean, moves with a choice
    moves: int

    @property
    def ratio(self) -> float:
        return self.strong / self.careful if self.careful else float("inf")

    def line(self) -> str:
        pct = lambda x: f"{100 * x:.1f}"  # noqa: E731
        ci = lambda c: f"[{pct(c[0])}-{pct(c[1])}]"  # noqa: E731
        return (f"{self.game:20} {self.players} {self.deals:5}  careful {pct(self.careful):>5} {ci(self.careful_ci):13}"
                f" {self.bot} {pct(self.strong):>5} {ci(self.strong_ci):13} diff {100 * self.difference:+.1f} "
                f"[{100 * self.difference_ci[0]:+.1f},{100 * self.difference_ci[1]:+.1f}]  ratio {self.ratio:.2f}  "
                f"result {self.careful_result:+.2f} vs {self.strong_result:+.2f} "
                f"[{self.result_difference_ci[0]:+.2f},{self.result_difference_ci[1]:+.2f}]  "
                f"{self.seconds_a_move:.3f} s/move ({self.moves} moves)")


class _Timed:
    """A bot whose thinking is timed (moves with a choice only)."""

    def __init__(self, bot):
        self.bot, self.seconds, self.moves = bot, 0.0, 0

    def choose(self, state):
        if len(state.legal_moves()) < 2:
            return self.bot.choose(state)
        start = time.perf_counter()
        move = self.bot.choose(state)
        self.seconds += time.perf_counter() - start
        self.moves += 1
        return move


def _mean_ci(xs: list[float]) -> tuple[float, tuple[float, float]]:
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / max(n - 1, 1)
    half = Z * (var / n) ** 0.5
    return mean, (mean - half, mean + half)


def _seat_outcome(state, seat: int) -> tuple[float, float]:
    result = state.result()
    share = 1.0 / len(result.winners) if seat in result.winners else 0.0
    return share, float(result.scores[seat])


def measure(name: str, players: int | None = None, deals: int = 200, bot: str = "strong", start: int = 0,
            progress=None) -> Strength:
    """``bot`` in one seat against careful players, and a careful player there, on the same ``deals`` deals."""
    game = get_game(name) if players is None else get_game(name, players=players)
    n = game.players
    careful, strong, c_res, s_res = [], [], [], []
    timed_seconds, timed_moves = 0.0, 0
    for k in range(deals):
        seed = start + k
        seat = k % n
        for measured in (False, True):
            bots = seat_bots(game, "heuristic", seed)
            timed = None
            if measured:
                timed = _Timed(make_bot(bot, derive(seed, "bot", seat)))
                bots[seat] = timed
            state = run(game.start(seed), bots, seed)
            share, res = _seat_outcome(state, seat)
            (careful if timed is None else strong).append(share)
            (c_res if timed is None else s_res).append(res)
            if timed is not None:
                timed_seconds += timed.seconds
                timed_moves += timed.moves
        if progress:
            progress(k + 1)
    d = len(careful)
    diff, diff_ci = _mean_ci([s - c for s, c in zip(strong, careful)])
    _, res_ci = _mean_ci([s - c for s, c in zip(s_res, c_res)])
    return Strength(name, n, bot, d, sum(careful) / d, wilson(sum(careful), d), sum(strong) / d,
                    wilson(sum(strong), d), diff, diff_ci, sum(c_res) / d, sum(s_res) / d, res_ci,
                    timed_seconds / max(timed_moves, 1), timed_moves)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m engine.study.strength", description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--start", type=int, default=0)
    args = parser.parse_args(argv)
    print(measure(args.game, args.players, args.deals, args.bot, args.start).line(), flush=True)


if __name__ == "__main__":
    main()
