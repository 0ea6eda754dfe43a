"""Intervals and tests for a simulation's proportions and means: the Wilson interval, the bound a share never
seen stays under, the two-proportion z-test and Welch's test."""

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
