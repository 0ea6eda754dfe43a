"""The test behind a comparing sentence: one measure of many simulated games set against another set-up played
on the same seeds, against a fixed figure, or each seat's share of the wins against its fair share.

A measure is ``TOP / BOTTOM`` (a share: TOP never outnumbers BOTTOM) or ``TOP per BOTTOM`` (a rate), each term
one of the game's events (how many times it happened), ``games``, ``moves`` or ``win-N`` (the games player N won,
a shared win as its fraction). Its value is the ratio of the two totals over all the games.

Games are the independent trials, never the occasions inside them: the turns of one game are not independent
of each other. So every interval and test is taken game by game: the ratio's variance by the delta method
(each game's ``TOP - R * BOTTOM``, a cluster-robust interval with the game as the cluster), and two set-ups
played on the same seeds are compared by the game-by-game differences of those values (paired). A share of
games in which something happens at most once a game has Wilson's interval instead. A measure that never
happened has no interval around 0: its upper bound says how rare it may still be (``1 - 0.05 ** (1 / n)``,
the one-sided 95% bound for none in ``n``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from ..stats import newcombe, wilson, zero_bound
from .compare import fair_share_p, holm
from .simgames import UNIT

ALPHA = 0.05
Z = 1.959963984540054  # the two-sided 95% point of the normal distribution
TERMS = ("games", "moves")


@dataclass(frozen=True)
class Measure:
    """``top / bottom`` (a share) or ``top per bottom`` (a rate)."""

    top: str
    bottom: str
    share: bool

    @classmethod
    def parse(cls, text: str, game) -> "Measure":
        share = "/" in text
        top, sep, bottom = (t.strip() for t in text.partition("/" if share else " per "))
        if not sep or not top or not bottom:
            raise ValueError(f"{text.strip()!r}: write 'TOP / BOTTOM' (a share) or 'TOP per BOTTOM' (a rate)")
        for term in (top, bottom):
            if not (term in game.EVENTS or term in TERMS or _seat_of(term, game) is not None):
                raise ValueError(f"{term!r} is not an event of {game.title}; use "
                                 + ", ".join([*game.EVENTS, *TERMS, "win-N"]))
        return cls(top, bottom, share)

    def __str__(self) -> str:
        return f"{self.top} {'/' if self.share else 'per'} {self.bottom}"


def _seat_of(term: str, game) -> int | None:
    if term.startswith("win-") and term[4:].isdigit() and 1 <= int(term[4:]) <= game.players:
        return int(term[4:]) - 1
    return None


def per_game(report, term: str) -> list[float]:
    """``term`` counted in each game of ``report`` (which keeps each game's outcome), game by game."""
    o, games = report.outcomes, report.games
    if o is None or o.games != games:
        raise ValueError("the simulation kept no game-by-game outcomes")
    if term == "games":
        return [1.0] * games
    if term == "moves":
        return [float(m) for m in o.moves]
    seat = _seat_of(term, report.game)
    if seat is not None:
        return [w / UNIT for w in o.wins[seat::report.game.players]]
    order = list(report.game.EVENTS)
    k, width = order.index(term), len(order)
    return [float(c) for c in o.event_counts[k::width]]


@dataclass(frozen=True)
class Estimate:
    """A measure's value over the games and its 95% interval; ``zero``: it never happened (``high`` is then the
    one-sided 95% upper bound)."""

    value: float
    low: float
    high: float
    games: int
    total: float  # the bottom's total: how many occasions the measure counts over
    zero: bool = False


def tops(report, measure: Measure) -> list[float]:
    """The measure's top, game by game; a share of the games counts the games that show it ("one game in 14"
    is games with a sacrifice, not sacrifices a game), so a game counts once however often it shows it."""
    xs = per_game(report, measure.top)
    return [min(x, 1.0) for x in xs] if measure.share and measure.bottom == "games" else xs


def _linear(report, measure: Measure) -> tuple[float, list[float], float]:
    """The ratio, each game's linearised contribution (its deviation ``x - R * y`` over the mean bottom), and
    the bottom's total."""
    xs, ys = tops(report, measure), per_game(report, measure.bottom)
    total_x, total_y = math.fsum(xs), math.fsum(ys)
    if total_y == 0:
        raise ValueError(f"{measure.bottom} never happened in these games, so {measure} has no value")
    r = total_x / total_y
    mean_y = total_y / len(ys)
    return r, [(x - r * y) / mean_y for x, y in zip(xs, ys)], total_y


def _sd(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = math.fsum(values) / n
    return math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))


def estimate(report, measure: Measure) -> Estimate:
    """The measure's value with its 95% interval, the games as the independent trials."""
    xs = tops(report, measure)
    r, u, total = _linear(report, measure)
    games = report.games
    if math.fsum(xs) == 0:
        if measure.share and measure.bottom != "games":
            # the occasions of one game hang together: the games that had one are the trials, not the occasions
            trials = sum(1 for y in per_game(report, measure.bottom) if y > 0)
        else:
            trials = total if measure.share else games
        return Estimate(0.0, 0.0, zero_bound(trials), games, total, zero=True)
    if measure.share and measure.bottom == "games" and max(xs) <= 1:
        lo, hi = wilson(math.fsum(xs), games)
        return Estimate(r, lo, hi, games, total)
    half = Z * _sd(u) / math.sqrt(games)
    lo, hi = r - half, r + half
    if measure.share:
        lo, hi = max(0.0, lo), min(1.0, hi)
    return Estimate(r, max(0.0, lo), hi, games, total)


@dataclass(frozen=True)
class Verdict:
    """One comparison: the first set-up's estimate, what it is set against (another set-up's estimate or a
    fixed figure), the difference with its 95% interval, the two-sided p-value, and the direction the test
    supports at the 5% level: 1 (higher), -1 (lower) or 0 (no difference shown)."""

    first: Estimate
    other: Estimate | None
    constant: float | None
    difference: float
    low: float
    high: float
    p: float
    exact: str = ""  # the exact test used instead of the normal one where a handful is compared ("" otherwise)

    @property
    def direction(self) -> int:
        if self.p >= ALPHA:
            return 0
        return 1 if self.difference > 0 else -1


def _p(mean: float, se: float) -> float:
    if se == 0:
        return 1.0 if mean == 0 else 0.0
    return math.erfc(abs(mean) / se / math.sqrt(2))


def against(report, other, measure: Measure, other_measure: Measure | None = None) -> Verdict:
    """``report``'s measure against ``other``'s, both played on the same seeds (or against ``other_measure`` of
    the same games, ``other`` being ``report``: the dealer ahead against the dealer behind): the game-by-game
    (paired) difference of the linearised ratios, its mean the difference of the two ratios; with another number
    of players (not the same deals), the two as independent samples."""
    if other.games != report.games or other.seed != report.seed:
        raise ValueError("the two set-ups must play the same games from the same seed to be compared game by game")
    other_measure = other_measure or measure
    for r, m in ((report, measure), (other, other_measure)):
        if m.top in r.game.ruled_out():  # a zero the rules give is no figure to compare (Game.ruled_out)
            raise ValueError(f"{m.top!r} cannot happen in {r.game.title} with {r.game.describe_options() or 'its rules as written'}: "
                             "its rules make it impossible, so there is nothing to compare")
    r1, u1, _ = _linear(report, measure)
    r2, u2, _ = _linear(other, other_measure)
    if report.game.players == other.game.players:  # the same deals: game by game
        d = [a - b for a, b in zip(u1, u2)]
        se = _sd(d) / math.sqrt(len(d))
    else:  # other numbers of players deal other cards: two independent samples
        se = math.sqrt(_sd(u1) ** 2 / len(u1) + _sd(u2) ** 2 / len(u2))
    diff = r1 - r2
    first, second = estimate(report, measure), estimate(other, other_measure)
    exact = _exact(report, other, measure, other_measure)
    if exact is not None:  # a handful: no normal approximation, the exact test's p and Newcombe's score interval
        name, p, low, high = exact
        return Verdict(first, second, None, diff, low, high, p, exact=name)
    return Verdict(first, second, None, diff, diff - Z * se, diff + Z * se, _p(diff, se))


HANDFUL = 10  # fewer games than this showing a share: compared by an exact test, not by the normal approximation


def _exact(report, other, measure: Measure, other_measure: Measure) -> tuple[str, float, float, float] | None:
    """Two shares of games of which one rests on a handful (fewer than :data:`HANDFUL` games): McNemar's exact
    test on the games that differ where both are counted over the same deals (each game a pair), Fisher's exact
    test where the deals differ, each with the difference's 95% interval by Newcombe's score method (paired or
    not, :func:`engine.stats.newcombe`), which a handful supports where the normal interval does not; None where
    neither is a handful or they are not shares of games."""
    if not (measure.share and other_measure.share and measure.bottom == other_measure.bottom == "games"):
        return None
    xs, ys = tops(report, measure), tops(other, other_measure)
    a, b = round(math.fsum(xs)), round(math.fsum(ys))
    if min(a, b) >= HANDFUL or any(v not in (0.0, 1.0) for v in (*xs, *ys)):
        return None
    if report.game.players == other.game.players and len(xs) == len(ys):  # the same deals, game by game
        up = sum(1 for x, y in zip(xs, ys) if x > y)
        down = sum(1 for x, y in zip(xs, ys) if x < y)
        both = sum(1 for x, y in zip(xs, ys) if x and y)
        low, high = newcombe(a, len(xs), b, len(ys), both=both)
        n = up + down
        if n == 0:
            return "McNemar's exact test", 1.0, low, high
        tail = sum(math.comb(n, k) for k in range(min(up, down) + 1)) / 2 ** n
        return "McNemar's exact test", min(1.0, 2 * tail), low, high
    n1, n2 = len(xs), len(ys)
    total = a + b

    def chance(k: int) -> float:  # k of the total in the first sample, the margins fixed (hypergeometric)
        return math.comb(n1, k) * math.comb(n2, total - k) / math.comb(n1 + n2, total)

    seen = chance(a)
    p = math.fsum(q for q in (chance(k) for k in range(max(0, total - n2), min(total, n1) + 1))
                  if q <= seen * (1 + 1e-9))
    return ("Fisher's exact test", min(1.0, p), *newcombe(a, n1, b, n2))


def against_figure(report, measure: Measure, constant: float) -> Verdict:
    """``report``'s measure against a fixed figure (one half, the inventor's estimate): a z-test of the ratio,
    the games as the trials."""
    r, u, _ = _linear(report, measure)
    se = _sd(u) / math.sqrt(report.games)
    diff = r - constant
    return Verdict(estimate(report, measure), None, constant, diff, diff - Z * se, diff + Z * se, _p(diff, se))


@dataclass(frozen=True)
class Seat:
    """One seat's share of the wins, its 95% interval, and its test against the fair share (one in the number
    of players), adjusted by Holm's method over the seats; ``direction`` as for :class:`Verdict`."""

    seat: int  # 1-based
    share: float
    low: float
    high: float
    p_adjusted: float
    fair: float

    @property
    def direction(self) -> int:
        if self.p_adjusted >= ALPHA:
            return 0
        return 1 if self.share > self.fair else -1


def seats(report) -> list[Seat]:
    """Every seat against its fair share, the p-values adjusted together (Holm)."""
    n = report.game.players
    adjusted = holm([fair_share_p(report, s) for s in range(n)])
    out = []
    for s in range(n):
        lo, hi = report.win_interval(s)
        out.append(Seat(s + 1, report.win_share[s], lo, hi, adjusted[s], 1 / n))
    return out
