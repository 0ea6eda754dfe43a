"""The stakes settled: bets against the dealer at even money (:func:`settle_against_dealer`), and a pot of
antes shared by the winners, the odd units going round in the order of play (:func:`split_pot`)."""

from __future__ import annotations

from typing import Sequence


def settle_against_dealer(dealer: int, bets: Sequence[int], outcomes: Sequence[int]) -> list[int]:
    """Payments for bets against the dealer at even money: a punter who beats the dealer
    (outcome ``+1``) is paid their bet by the dealer, one who loses (``-1``) pays it, a tie (``0``)
    keeps it. ``bets`` and ``outcomes`` are per seat (the dealer's entries are ignored). Sums to zero."""
    pay = [0] * len(bets)
    for seat, (bet, outcome) in enumerate(zip(bets, outcomes)):
        if seat != dealer and outcome:
            pay[seat] += outcome * bet
            pay[dealer] -= outcome * bet
    return pay


def split_pot(pot: int, winners: Sequence[int]) -> dict[int, int]:
    """Share a pot of whole units among ``winners`` (seats in the order of play): equal shares,
    and the units that do not divide go one each to the first winners in that order."""
    share, odd = divmod(pot, len(winners))
    return {seat: share + (1 if k < odd else 0) for k, seat in enumerate(winners)}
