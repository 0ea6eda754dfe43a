"""Udvasa's tables of deals won and of wrong moves (issue 42, the fourteenth reading's statistician): a handful is
its count, never a rate; an unsettled try may be a lost one, so no bound on spoiled deals leaves it out."""

from __future__ import annotations

from engine.games.udvasa.results import chances_table, hints_table, odds_table
from engine.stats import wilson


def test_a_handful_of_deals_won_is_given_as_its_count_in_both_tables():
    chances = {r[0]: r for r in chances_table().rows}
    literal = chances["a computer that knows the order of the stock, dealing only when no card can move"]
    assert literal[1] == "1 of 200" and "%" not in literal[1]
    odds = {r[0]: r for r in odds_table().rows}
    assert odds["dealing only when no card can move: the solver wins"][1:3] == ("1 of 200", "a handful")
    assert odds["the solver: undecided within the limit"][2] == "0.5%"  # 52 of 10,000: a rate it supports


def test_an_undecided_try_counts_as_possibly_lost_in_the_bound():
    rows = {(r[0], r[1]): r for r in hints_table().rows}
    every_left = rows[("any move (every kind above)", "left")]
    assert every_left[4] == "none" and every_left[5] == "none proved" and every_left[7] == "13"
    assert every_left[6].endswith("% of deals")  # a bound on the deals a slip could spoil, as the handful rows
    bound = float(every_left[6].removeprefix("under ").removesuffix(" of deals").rstrip("%"))
    deals = int(every_left[3].replace(",", ""))
    assert bound > 100 * (1 - 0.05 ** (1 / deals))  # above the bound a clean "none of 231 deals" would give
    settled = rows[("play a card to its build stack", "left")]
    assert settled[5] == "none" and settled[7] == "0"  # nothing unsettled: the plain bound
    lo, hi = (float(x.rstrip("%")) for x in rows[("any move (every kind above)", "used up")][6].split(" to "))
    share = float(rows[("any move (every kind above)", "used up")][5].rstrip("%"))
    assert lo < share < hi and hi > 100 * wilson(92, 2721)[1]  # the 26 undecided widen the upper end
