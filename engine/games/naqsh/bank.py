"""The dealer and the stakes of Naqsh: card values, what makes Naqsh, who pays whom, who deals next,
and chance's draw for the first dealer.

Written with plain numbers and seats (no state), so that the machinery of a dealer who is also the
bank can move to a family module when the other banking games need it.

>>> is_naqsh(17, 3), is_naqsh(21, 2), is_naqsh(21, 3), is_bust(21, 3), is_bust(19, 2)
(True, True, False, True, True)
>>> settle_dealer_naqsh(4)
(-1, -1, -1, 3)
>>> settle_dealer_fails([STOOD, THREW, BUST, STOOD], [15, 12, 25, 16], 0, "pay-standing")
(1, 0, 0, -1)
"""

from __future__ import annotations

from typing import Sequence

from ...cards import Card
from ...shuffle import shuffled

NAQSH_TOTAL = 17  # Naqsh in any number of cards
TWO_CARD_NAQSH = 21  # Naqsh in exactly two cards
STAND_FROM, STAND_TO = 14, 16  # a player may stand only on these totals (the lower one is the option stand_from)
STAND_FROMS = (12, 13, 14, 15, 16)


def stand_words(low: int = STAND_FROM) -> str:
    """The totals a player may stand on, in words: ``14, 15 or 16``.

    >>> stand_words(), stand_words(16), stand_words(15)
    ('14, 15 or 16', '16', '15 or 16')
    """
    totals = [str(t) for t in range(low, STAND_TO + 1)]
    return totals[0] if len(totals) == 1 else ", ".join(totals[:-1]) + " or " + totals[-1]

# what became of a hand
WAITING, PLAYING, STOOD, THREW, BUST, NAQSH = range(6)
STATUS_WORDS = ("waiting", "playing", "stood", "threw in", "bust", "Naqsh")

# what the dealer pays when the dealer fails to make Naqsh (option dealer-fails): the book's ruling first
# (nothing moves: only a Naqsh is paid, so the bank, the seat a Naqsh wins, is worth having), then the variants
DEALER_FAILS = ("nothing", "pay-standing", "pay-higher")


def value(card: Card) -> int:
    """A card's points: its number; the Ghodi (queen, Vizier) 11; the Mir (king, Raja) 12."""
    return card.rank


def is_naqsh(total: int, cards: int, two_card: bool = True) -> bool:
    """17 in any number of cards, or 21 in exactly two (unless ``two_card`` is off: option ``two_card``)."""
    return total == NAQSH_TOTAL or (two_card and total == TWO_CARD_NAQSH and cards == 2)


def is_bust(total: int, cards: int, two_card: bool = True) -> bool:
    """Over 17 and not a two-card 21 (when that counts): the hand is out."""
    return total > NAQSH_TOTAL and not (two_card and total == TWO_CARD_NAQSH and cards == 2)


def may_stand(total: int) -> bool:
    return STAND_FROM <= total <= STAND_TO


def settle_dealer_naqsh(players: int) -> tuple[int, ...]:
    """Every other player pays the dealer (the last seat) one stake."""
    return (-1,) * (players - 1) + (players - 1,)


def settle_dealer_fails(status: Sequence[int], totals: Sequence[int], dealer_total: int,
                        rule: str) -> tuple[int, ...]:
    """The payments when nobody made Naqsh (the dealer is the last seat; ``dealer_total`` 0 if the dealer
    threw in or went bust). ``rule``: ``pay-standing`` the dealer pays every player still standing;
    ``pay-higher`` only those standing on a higher total than the dealer's stand; ``nothing``."""
    n = len(status)
    pay = [0] * n
    if rule == "nothing":
        return tuple(pay)
    for seat in range(n - 1):
        if status[seat] == STOOD and (rule == "pay-standing" or totals[seat] > dealer_total):
            pay[seat] = 1
            pay[n - 1] -= 1
    return tuple(pay)


def first_dealer_draw(cards: Sequence[Card], players: int, seed: int) -> tuple[int, list[list[tuple[int, Card]]]]:
    """Chance's draw for the first dealer: one card to each player from the shuffled pack; the highest
    value deals; players tied for highest draw again (from the same pack, in seat order) until one is
    highest. Returns the dealer and the rounds of draws, each a list of (player, card)."""
    order = shuffled(cards, seed)
    order.reverse()  # pop() takes the top
    drawing = list(range(players))
    rounds = []
    while True:
        draws = [(p, order.pop()) for p in drawing]
        rounds.append(draws)
        best = max(value(c) for _, c in draws)
        drawing = [p for p, c in draws if value(c) == best]
        if len(drawing) == 1:
            return drawing[0], rounds
        if len(order) < len(drawing):  # cannot happen with 48 cards and at most 7 players; kept safe
            order = shuffled(cards, seed + len(rounds))
            order.reverse()
