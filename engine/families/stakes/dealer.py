"""The dealer of the stakes games: who deals first (Player 1, or chance), the deal one card at a time round
the table from the player after the dealer, and the deal passing on to the next player after each round."""

from __future__ import annotations

from typing import Sequence

from ...shuffle import Rng

FIRST_DEALER = ("player-1", "chance")
ROUNDS = (1, 2, 3, 4, 5, 6, 8, 10, 12)
# the ``rounds`` choice "one round for each player", so that everyone deals once (a game may offer it first)
EACH_DEALS_ONCE = "each-deals-once"


def deal_order(dealer: int, players: int) -> tuple[int, ...]:
    """The seats in the order of play for a round: the player after the dealer first, the dealer last."""
    order = _ORDERS.get((dealer, players))
    if order is None:
        order = _ORDERS[dealer, players] = tuple((dealer + 1 + k) % players for k in range(players))
    return order


_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}


def deal_hands(pack: Sequence, players: int, dealer: int, size: int) -> list[list]:
    """Deal ``size`` cards to each seat from the top of ``pack`` (its first item), one at a time,
    starting with the player after the dealer; returns the hands in seat order."""
    hands: list[list] = [[] for _ in range(players)]
    order = deal_order(dealer, players)
    k = 0
    for _ in range(size):
        for seat in order:
            hands[seat].append(pack[k])
            k += 1
    return hands


def choose_dealer(rng: Rng, players: int) -> int:
    """The first dealer drawn by chance from its stream: every seat equally likely."""
    return rng.below(players)


def dealt_from_tail(tail: Sequence, players: int, dealer: int) -> list[list]:
    """The hands of a deal whose ``tail`` (the last places of a shuffled pack, as
    :meth:`~engine.shuffle.Rng.shuffled_tail` gives them) is the top of the pack, the top card last:
    one card at a time round the table from the player after the dealer (:func:`deal_hands`)."""
    return deal_hands(tail[::-1], players, dealer, len(tail) // players)


def next_dealer(dealer: int, players: int) -> int:
    """The deal passes to the next player in the order of play."""
    return (dealer + 1) % players
