"""Exact Nakash odds: every two-card hand of the 96, C(96, 2) = 4,560 of them, by what it makes.

Only ranks matter (eight cards of each rank, 1 to 10, Vizier 11, Raja 12), so a hand is a pair of
ranks counted with its number of card pairs: ``C(8, 2) = 28`` for a pair, ``8 x 8 = 64`` otherwise.

>>> rows = hand_counts()
>>> sum(rows.values()), rows[("pair", 1)], rows[("bust", 21)]
(4560, 28, 128)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from ...cards import Card
from ...decks import MUGHAL
from ...protocol import Table
from .state import hand_rank

PER_RANK = 8
PAIR_NAMES = {1: "A pair of 1s", 12: "A pair of Rajas", 11: "A pair of Viziers", 10: "A pair of 10s"}


@lru_cache(maxsize=None)
def hand_counts() -> dict[tuple[str, int], int]:
    """Hands by outcome: ``("pair", rank)``, ``("total", t)`` for a total up to 17, ``("bust", t)`` for 18,
    19, 21, 23 and ``("over", t)`` for another total over 17; values are numbers of hands."""
    out: dict[tuple[str, int], int] = {}
    suit_a, suit_b = MUGHAL.suits[0], MUGHAL.suits[1]
    for a in range(1, 13):
        for b in range(a, 13):
            ways = comb(PER_RANK, 2) if a == b else PER_RANK * PER_RANK
            cls, total, kind = hand_rank((Card(suit_a, a), Card(suit_b, b)))
            key = (kind, a if kind == "pair" else total)
            out[key] = out.get(key, 0) + ways
    return out


def _pct(count: int, total: int) -> str:
    return f"{100 * count / total:.2f}%"


def order_table(game) -> Table:
    """The winning hands, best first, each with its count and chance; then the losing hands."""
    counts = hand_counts()
    total = sum(counts.values())
    rows = []
    place = 0
    for rank in (1, 12, 11, 10):
        place += 1
        rows.append((str(place), PAIR_NAMES[rank], f"{counts[('pair', rank)]:,}", _pct(counts[("pair", rank)], total)))
    for t in range(17, 2, -1):
        place += 1
        n = counts.get(("total", t), 0)
        rows.append((str(place), f"A total of {t}", f"{n:,}", _pct(n, total)))
    busts = sum(n for (k, _), n in counts.items() if k == "bust")
    over = sum(n for (k, _), n in counts.items() if k == "over")
    rows.append(("loses", "18, 19, 21 or 23 (lose at once)", f"{busts:,}", _pct(busts, total)))
    rows.append(("loses", "20 or 22 without a winning pair", f"{over:,}", _pct(over, total)))
    return Table("Nakash: the winning hands, best first, and how often two cards make each",
                 ("place", "hand", "hands", "chance"), tuple(rows),
                 f"Exact, over all {total:,} hands of two cards from the 96. Equal hands tie and share the pot.")


def loss_table(game) -> Table:
    """Every total over 17 and why it loses (or wins, as a pair)."""
    counts = hand_counts()
    total = sum(counts.values())
    rows = []
    for t in range(18, 25):
        bust = counts.get(("bust", t), 0)
        over = counts.get(("over", t), 0)
        pair = sum(n for (k, r), n in counts.items() if k == "pair" and 2 * r == t)
        if bust:
            rows.append((str(t), "loses at once", f"{bust:,}", _pct(bust, total)))
        if over:
            rows.append((str(t), "loses (over 17, no winning pair)", f"{over:,}", _pct(over, total)))
        if pair:
            name = PAIR_NAMES[t // 2]
            rows.append((str(t), f"wins as {name[0].lower()}{name[1:]}", f"{pair:,}", _pct(pair, total)))
    return Table("Nakash: the totals over 17", ("total", "outcome", "hands", "chance"), tuple(rows),
                 f"Exact, over all {total:,} hands of two cards.")


def chance_of(kind: str) -> Fraction:
    """The exact chance that a hand of two is of ``kind`` (pair, total, bust or over)."""
    counts = hand_counts()
    return Fraction(sum(n for (k, _), n in counts.items() if k == kind), sum(counts.values()))


TABLES = {"order": order_table, "over": loss_table}
