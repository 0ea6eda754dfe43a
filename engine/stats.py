"""Intervals and tests for a simulation's proportions and means: the Wilson interval, Newcombe's interval of a
difference, the exact interval of a handful of events, the bound a share never seen stays under, the
two-proportion z-test and Welch's test."""

from __future__ import annotations

import math


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe(x1: int, n1: int, x2: int, n2: int, both: int | None = None, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a difference of two proportions ``x1/n1 - x2/n2`` by Newcombe's hybrid score method,
    which holds where a count is a handful (the normal interval does not): built from each proportion's Wilson
    interval, for two independent samples (Newcombe 1998, Stat. Med. 17:873, method 10), or, given ``both`` (the
    trials that showed it in both, the same ``n`` trials counted twice), for paired ones (Newcombe 1998,
    Stat. Med. 17:2635, method 10), with the correlation of the pairs corrected for continuity as he gives it.

    >>> [round(v, 4) for v in newcombe(56, 70, 48, 80)]  # Newcombe's own example: +0.0524 to +0.3339
    [0.0524, 0.3339]
    >>> # paired 59, 6, 16, 80 (Fagerland, Lydersen and Laake, Statistical Analysis of Contingency Tables, ch. 8):
    >>> [round(v, 4) for v in newcombe(59 + 6, 161, 59 + 16, 161, both=59)]  # -0.1186 to -0.0046
    [-0.1186, -0.0046]
    """
    p1, p2 = x1 / n1, x2 / n2
    l1, u1 = wilson(x1, n1, z)
    l2, u2 = wilson(x2, n2, z)
    phi = 0.0
    if both is not None:  # paired: a = both, b = the first only, c = the second only, d = neither
        a, b, c = both, x1 - both, x2 - both
        d = n1 - a - b - c
        margins = (a + b) * (c + d) * (a + c) * (b + d)
        cross = a * d - b * c
        cross = cross - n1 / 2 if cross > n1 / 2 else min(cross, 0)  # Newcombe's continuity correction
        phi = cross / math.sqrt(margins) if margins else 0.0
    diff = p1 - p2
    low = diff - math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    high = diff + math.sqrt(max(0.0, (p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2))
    return max(-1.0, low), min(1.0, high)


def poisson_interval(x: int, z: float = 1.96) -> tuple[float, float]:
    """The exact (Garwood) 95% interval of a count ``x`` of rare events: the means for which seeing ``x`` or
    fewer, or ``x`` or more, is as unlikely as 2.5%; for a handful of events, where no normal interval holds.

    >>> [round(v, 3) for v in poisson_interval(4)]  # the tabled values: 1.090 to 10.242
    [1.09, 10.242]
    """
    def at_most(k: int, mean: float) -> float:
        term = total = math.exp(-mean)
        for i in range(1, k + 1):
            term *= mean / i
            total += term
        return total

    def solve(f, lo: float, hi: float) -> float:  # f falls from above 0 to below 0 between lo and hi
        for _ in range(200):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if f(mid) > 0 else (lo, mid)
        return (lo + hi) / 2

    tail = math.erfc(z / math.sqrt(2)) / 2  # 2.5% for z = 1.96
    low = 0.0 if x == 0 else solve(lambda m: tail - (1 - at_most(x - 1, m)), 0.0, x + 50.0)
    high = solve(lambda m: at_most(x, m) - tail, 0.0, 3 * x + 50.0)
    return low, high


def zero_bound(n: float) -> float:
    """The one-sided 95% upper bound of a share of which none of ``n`` trials showed one (``1 - 0.05 ** (1/n)``,
    about 3 in ``n``): what "none of 10,000" still allows, never a certain 0.

    >>> round(zero_bound(10_000), 6)
    0.0003
    """
    return 1 - 0.05 ** (1 / n) if n > 0 else 1.0


def in_hundred(x: int, n: int, noun: str) -> str:
    """``x`` of ``n`` as a player says it: "about 98 deals in 100", "fewer than one deal in 100", "not one deal in 500";
    inside the share's 95% interval ("more than 99 deals in 100" for 9,948 of 10,000), and a handful said as its
    count ("one deal of 200").

    >>> in_hundred(9948, 10000, "deal"), in_hundred(1, 200, "deal"), in_hundred(492, 500, "deal")
    ('more than 99 deals in 100', 'one deal of 200', 'about 98 deals in 100')
    """
    if n <= 0:
        return f"not one {noun}"
    if x <= 0:  # what was seen, never a certainty
        return f"not one {noun} in {n:,}"
    if x >= n:
        return f"all {n:,} {noun}s"
    if x < 10:
        words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
        return f"{words[x]} {noun}{'s' if x != 1 else ''} of {n:,}"
    k = round(100 * x / n)
    low, high = wilson(x, n)
    if not low <= k / 100 <= high:
        below = int(100 * low)
        return (f"more than {below} {noun}{'s' if below != 1 else ''} in 100" if k / 100 < low
                else f"fewer than {int(100 * high) + 1} {noun}s in 100")
    if k == 0:
        return f"fewer than one {noun} in 100"
    return f"about {k} {noun}{'s' if k != 1 else ''} in 100"


def two_proportion_p(x1: float, n1: int, x2: float, n2: int) -> float:
    """Two-sided p-value of the two-proportion z-test (pooled)."""
    if n1 == 0 or n2 == 0:
        return 1.0
    p = (x1 + x2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0 if x1 / n1 == x2 / n2 else 0.0
    z = (x1 / n1 - x2 / n2) / se
    return math.erfc(abs(z) / math.sqrt(2))


def welch_p(mean1: float, var1: float, n1: int, mean2: float, var2: float, n2: int) -> float:
    """Two-sided p-value of Welch's test for two means (normal approximation, fine for hundreds of games)."""
    se = math.sqrt(var1 / max(n1, 1) + var2 / max(n2, 1))
    if se == 0:
        return 1.0 if mean1 == mean2 else 0.0
    return math.erfc(abs(mean1 - mean2) / se / math.sqrt(2))
