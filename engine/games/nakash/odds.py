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


@lru_cache(maxsize=None)
def heads_up() -> dict[tuple[str, int], Fraction]:
    """For each outcome of ``hand_counts`` (a winning hand), the exact chance that it beats the hand of one
    other player dealt from the other 94 cards: the pot's chance at a table of two (a tie shares the pot
    and is not a win). Every pair of hands is counted, the cards the first holds left out of the second."""
    suit_a, suit_b = MUGHAL.suits[0], MUGHAL.suits[1]
    rank = {(a, b): hand_rank((Card(suit_a, a), Card(suit_b, b))) for a in range(1, 13) for b in range(a, 13)}
    wins: dict[tuple[str, int], int] = {}
    deals: dict[tuple[str, int], int] = {}
    for (a, b), mine in rank.items():
        ways = comb(PER_RANK, 2) if a == b else PER_RANK * PER_RANK
        left = {r: PER_RANK - (r == a) - (r == b) for r in range(1, 13)}
        beaten = sum(comb(left[c], 2) if c == d else left[c] * left[d]
                     for (c, d), theirs in rank.items() if mine[0] and theirs[:2] < mine[:2])
        key = (mine[2], a if mine[2] == "pair" else mine[1])
        wins[key] = wins.get(key, 0) + ways * beaten
        deals[key] = deals.get(key, 0) + ways * comb(96 - 2, 2)
    return {key: Fraction(wins[key], deals[key]) for key in wins}


def _pct(count: int, total: int) -> str:
    return f"{100 * count / total:.2f}%"


def order_table(game) -> Table:
    """The winning hands, best first, each with its count and chance; then the losing hands."""
    counts = hand_counts()
    total = sum(counts.values())
    beats = heads_up()
    rows = []
    place = 0

    def win(key) -> str:  # a share short of every time never prints as 100% (a pair of 1s ties another)
        share = float(beats[key])
        said = f"{100 * share:.0f}%"
        return f"{100 * share:.1f}%" if (said == "100%" and share < 1) or (said == "0%" and share > 0) else said

    for rank in (1, 12, 11, 10):
        place += 1
        rows.append((str(place), PAIR_NAMES[rank], f"{counts[('pair', rank)]:,}", _pct(counts[("pair", rank)], total),
                     win(("pair", rank))))
    for t in range(17, 2, -1):
        place += 1
        n = counts.get(("total", t), 0)
        rows.append((str(place), f"A total of {t}", f"{n:,}", _pct(n, total), win(("total", t))))
    busts = sum(n for (k, _), n in counts.items() if k == "bust")
    over = sum(n for (k, _), n in counts.items() if k == "over")
    rows.append(("loses", "18, 19, 21 or 23 (lose at once)", f"{busts:,}", _pct(busts, total), "never"))
    rows.append(("loses", "20 or 22 without a winning pair", f"{over:,}", _pct(over, total), "never"))
    return Table("Nakash: the winning hands, best first, how often two cards make each, and how often each "
                 "takes the pot from one other player",
                 ("Place", "Hand", "Hands of two cards", "Dealt", "Takes the pot from one other player"), tuple(rows),
                 f"Exact, over all {total:,} hands of two cards from the 96, and for the last column every hand "
                 "the other player can hold from the 94 cards left. Equal hands tie and share the pot (not "
                 "counted as taking it). Against more players the chance falls: every other hand must be worse.")


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
            rows.append((str(t), f"stays in as {name[0].lower()}{name[1:]}", f"{pair:,}", _pct(pair, total)))
    return Table("Nakash: the totals over 17", ("total", "outcome", "hands", "chance"), tuple(rows),
                 f"Exact, over all {total:,} hands of two cards.")


def chance_of(kind: str) -> Fraction:
    """The exact chance that a hand of two is of ``kind`` (pair, total, bust or over)."""
    counts = hand_counts()
    return Fraction(sum(n for (k, _), n in counts.items() if k == kind), sum(counts.values()))


TABLES = {"order": order_table, "over": loss_table}
