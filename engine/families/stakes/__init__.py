"""A dealer with stakes: the machinery of the short gambling and comparison games (Komi, Nakash,
Sama; Naqsh could use it too), written once.

What every such game needs, and where this package holds it:

* the **first dealer**: Player 1 (the players sit so that the one the rules name, e.g. the
  oldest, is Player 1), or chosen by chance, a chance step (:class:`DealerChoice`);
* the **deal**: cards one at a time round the table, starting with the player after the dealer
  (:func:`deal_order`, :func:`deal_hands`); later rounds are dealt by chance (:class:`NewDeal`);
* **blind draws** from the pack, as chance steps (:class:`Draw`);
* **stakes**: bets settled against the dealer (:func:`settle_against_dealer`), a pot of antes
  shared by the winners with the odd units going round in the order of play (:func:`split_pot`);
* the **dealer passes** to the next player after each round, and a game is a number of rounds
  with running totals (:class:`StakesState`); the money always sums to zero.

Where each part lives, from the bottom up (a module imports only those above it in this list):
``dealer.py`` (the first dealer, the deal round the table, the deal passing on, the ``rounds`` choices),
``settlement.py`` (bets against the dealer, a pot split), ``moves.py`` (a player's words, chance's steps),
``records.py`` (a step's record and the words of its narration), ``positions.py`` (a position read and
written), ``state.py`` (:class:`StakesState`) and ``game.py`` (:class:`StakesGame`). Every name is
imported from this package, as ``from engine.families.stakes import StakesState``.

Seats are numbered in the order of play (the source's "counterclockwise"): the player after
seat ``s`` is seat ``s + 1``. In round 1 with ``first_dealer="player-1"`` seat 0 deals, so
``DEALER_SEAT = 0`` and the match layer (:mod:`engine.players.match`) seats each match deal's dealer there.

>>> deal_order(dealer=2, players=4)
(3, 0, 1, 2)
>>> [list(h) for h in deal_hands(list("abcdefgh"), players=4, dealer=0, size=2)]
[['d', 'h'], ['a', 'e'], ['b', 'f'], ['c', 'g']]
>>> settle_against_dealer(0, [0, 2, 1, 3], [0, 1, -1, 0])
[-1, 2, -1, 0]
>>> split_pot(10, (3, 1, 2))
{3: 4, 1: 3, 2: 3}
"""

from __future__ import annotations

from .dealer import (EACH_DEALS_ONCE, FIRST_DEALER, ROUNDS, choose_dealer, deal_hands, deal_order, dealt_from_tail,
                     next_dealer)
from .game import StakesGame
from .moves import ChanceMove, DealerChoice, Draw, NewDeal, Say, parse_chance, parse_say
from .positions import format_position, parse_position
from .records import StakesRecord, join_names, money, names_of, payments_text, with_totals
from .settlement import settle_against_dealer, split_pot
from .state import StakesState
from ...protocol import CHANCE  # as before: the seat of chance, named here for the games

__all__ = [
    "EACH_DEALS_ONCE", "FIRST_DEALER", "ROUNDS", "choose_dealer", "deal_hands", "deal_order", "dealt_from_tail",
    "next_dealer", "StakesGame", "ChanceMove", "DealerChoice", "Draw", "NewDeal", "Say", "parse_chance", "parse_say",
    "format_position", "parse_position", "StakesRecord", "join_names", "money", "names_of", "payments_text",
    "with_totals", "settle_against_dealer", "split_pot", "StakesState", "CHANCE",
]
