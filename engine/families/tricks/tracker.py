"""The unplayed cards of every suit and who holds each, for the games played with unbeatable cards (Guru
Ganjifa, Traditional Ganjifa).

A :class:`SuitTracker` knows, suit by suit, the *unplayed* cards from strongest to
weakest and who holds each. A card is unbeatable for its holder when every stronger
unplayed card of its suit is in the same hand; a player's unbeatable cards in a suit
are therefore the run of their cards at the top of that suit.

Tables are indexed by ``Card.index`` (list lookups are much cheaper than hashing cards),
and each suit's holders are also kept as a string of seat digits, so that a run of one
player's cards is found by C-level string operations.

>>> from engine.cards import parse_cards
>>> from engine.decks import DASHAVATARA, Ranking
>>> [str(c) for c in suit_orders(DASHAVATARA, Ranking.TRADITIONAL)[0][:4]]   # Matsya is a weak suit
['RMa', 'MMa', '1Ma', '2Ma']
>>> t = SuitTracker(DASHAVATARA, Ranking.TRADITIONAL, [parse_cards("RRa MRa 9Ra 7Ra"), parse_cards("10Ra")])
>>> [[str(c) for c in run] for run in t.runs(0)]
[['RRa', 'MRa']]
>>> [(str(shown), [str(c) for c in lower]) for shown, lower in t.scan(0)[1]]   # a Deni: show 9Ra, lead 7Ra
[('9Ra', ['7Ra'])]
>>> str(t.beater(parse_cards("9Ra")[0], 0)), str(t.below(parse_cards("9Ra")[0]))
('10Ra', '8Ra')
>>> t.remove(parse_cards("10Ra")[0]); [str(c) for c in t.runs(0)[0]]
['RRa', 'MRa', '9Ra', '7Ra']
"""

from __future__ import annotations

from functools import lru_cache

from ...cards import Card
from ...decks import DECKS, Deck, Ranking

INDEX_SIZE = max(c.index for d in DECKS.values() for c in d.cards) + 1  # every Card.index is below this
SEAT_CHAR = "0123456789"


@lru_cache(maxsize=None)
def _orders(deck: Deck, ranking: Ranking) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(Card(s, r) for r in deck.order(s, ranking)) for s in deck.suits)


@lru_cache(maxsize=None)
def _order_indices(deck: Deck, ranking: Ranking) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(c.index for c in cards) for cards in _orders(deck, ranking))


@lru_cache(maxsize=None)
def _places(deck: Deck, ranking: Ranking) -> tuple[int, ...]:
    """``table[card.index]``: the card's place in its suit's order, 0 for the strongest."""
    table = [0] * INDEX_SIZE
    for indices in _order_indices(deck, ranking):
        for place, i in enumerate(indices):
            table[i] = place
    return tuple(table)


def suit_orders(deck: Deck, ranking: Ranking) -> list[list[Card]]:
    """Each suit's cards, strongest first, in the deck's suit order."""
    return [list(cards) for cards in _orders(deck, ranking)]


@lru_cache(maxsize=None)
def strength_by_index(deck: Deck, ranking: Ranking) -> tuple[int, ...]:
    """``table[card.index]``: 12 for the king down to 1 for the weakest pip (0 for other decks' cards)."""
    table = [0] * INDEX_SIZE
    for card, value in deck.strength_table(ranking).items():
        table[card.index] = value
    return tuple(table)


class SuitTracker:
    """The unplayed cards of every suit, strongest first, and the seat holding each.

    ``owner[card.index]`` is a seat or -1 (played, or never dealt); ``unplayed[s]`` lists
    suit ``s``'s unplayed cards; ``own[s]`` is the same as a string of seat digits, and
    ``unplayed_index[s]`` as their ``Card.index`` values: find a card's place with
    ``unplayed_index[s].index(card.index)``, ten times faster than ``unplayed[s].index(card)``
    (``Card`` defines ``__lt__``, so every ``==`` between two cards runs through Python).
    """

    __slots__ = ("deck", "ranking", "strength", "owner", "unplayed", "unplayed_index", "own")

    def __init__(self, deck: Deck, ranking: Ranking, hands):
        self.deck, self.ranking = deck, ranking
        self.strength = strength_by_index(deck, ranking)
        owner = self.owner = [-1] * INDEX_SIZE
        for seat, hand in enumerate(hands):
            for c in hand:
                owner[c.index] = seat
        if sum(map(len, hands)) == len(deck.cards):  # a full deal: nothing played yet
            self.unplayed = [list(cards) for cards in _orders(deck, ranking)]
            self.unplayed_index = [list(indices) for indices in _order_indices(deck, ranking)]
        else:
            self.unplayed = [[c for c in cards if owner[c.index] >= 0] for cards in _orders(deck, ranking)]
            self.unplayed_index = [[c.index for c in cards] for cards in self.unplayed]
        self.own = ["".join([SEAT_CHAR[owner[i]] for i in indices]) for indices in self.unplayed_index]

    def copy(self) -> "SuitTracker":
        """An independent copy (the strength table and cards are shared: they never change)."""
        other = SuitTracker.__new__(SuitTracker)
        other.deck, other.ranking, other.strength = self.deck, self.ranking, self.strength
        other.owner = list(self.owner)
        other.unplayed = [list(u) for u in self.unplayed]
        other.unplayed_index = [list(u) for u in self.unplayed_index]
        other.own = list(self.own)
        return other

    def sorted_hands(self, seats: int) -> list[list[Card]]:
        """Every seat's cards, suit by suit in deck order, strongest first."""
        hands: list[list[Card]] = [[] for _ in range(seats)]
        for cards in self.unplayed:
            for c in cards:
                hands[self.owner[c.index]].append(c)
        return hands

    def place(self, card: Card) -> int:
        """The place of the unplayed ``card`` among its suit's unplayed cards, 0 for the strongest."""
        return self.unplayed_index[card.suit.number].index(card.index)

    def remove(self, card: Card) -> None:
        """``card`` has been played."""
        self.owner[card.index] = -1
        s = card.suit.number
        i = self.unplayed_index[s].index(card.index)
        del self.unplayed[s][i], self.unplayed_index[s][i]
        o = self.own[s]
        self.own[s] = o[:i] + o[i + 1:]

    def top(self, suit: int) -> Card | None:
        """The strongest unplayed card of suit number ``suit``."""
        cards = self.unplayed[suit]
        return cards[0] if cards else None

    def runs(self, seat: int) -> list[list[Card]]:
        """``seat``'s unbeatable cards: per suit where it has any, strongest first."""
        ch = SEAT_CHAR[seat]
        unplayed = self.unplayed
        return [unplayed[s][:len(o) - len(o.lstrip(ch))] for s, o in enumerate(self.own) if o and o[0] == ch]

    def scan(self, seat: int):
        """One pass over the suits: ``(runs, denis)``.

        ``denis`` lists ``(shown, lower)`` per suit where ``seat`` holds a card ``shown`` whose
        next stronger unplayed card is in another hand while every card above that is the
        seat's own; ``lower`` are the seat's weaker cards of that suit (strongest first).
        """
        owner = self.owner
        runs, spots = self.scan_spots(seat)
        denis = []
        for s, k, _ in spots:
            cards = self.unplayed[s]
            denis.append((cards[k + 1], [c for c in cards[k + 2:] if owner[c.index] == seat]))
        return runs, denis

    def scan_spots(self, seat: int):
        """:meth:`scan` without listing cards for the Denis: ``(runs, spots)``.

        ``spots`` lists ``(suit, k, count)``: in ``unplayed[suit]`` the called card is at ``k``,
        the shown card at ``k + 1``, and ``count`` weaker cards of the seat follow it.

        >>> from engine.cards import parse_cards
        >>> from engine.decks import DASHAVATARA, Ranking
        >>> t = SuitTracker(DASHAVATARA, Ranking.TRADITIONAL, [parse_cards("RRa MRa 9Ra 7Ra 5Ra"), parse_cards("10Ra")])
        >>> runs, spots = t.scan_spots(0); spots   # Rama is suit 6: 10Ra called, 9Ra shown, 7Ra 5Ra below
        [(6, 2, 2)]
        """
        ch = SEAT_CHAR[seat]
        unplayed = self.unplayed
        runs = []
        spots = []
        for s, o in enumerate(self.own):
            if o[:1] == ch:
                k = len(o) - len(o.lstrip(ch))
                runs.append(unplayed[s][:k])
                if o[k + 1:k + 2] == ch:
                    spots.append((s, k, o.count(ch, k + 2)))
            elif o[1:2] == ch:
                spots.append((s, 0, o.count(ch, 2)))
        return runs, spots

    def deni_candidate(self, suit: int, seat: int) -> tuple[Card, Card] | None:
        """``(called, shown)`` in suit number ``suit`` if ``seat`` could show ``shown`` for a Deni."""
        o = self.own[suit]
        ch = SEAT_CHAR[seat]
        k = len(o) - len(o.lstrip(ch))
        if o[k + 1:k + 2] == ch:
            return self.unplayed[suit][k], self.unplayed[suit][k + 1]
        return None

    def beater(self, card: Card, seat: int) -> Card | None:
        """The strongest unplayed card above ``card`` held by another seat (None: ``card`` is unbeatable)."""
        for c in self.unplayed[card.suit.number]:
            if c is card:
                return None
            if self.owner[c.index] != seat:
                return c
        return None

    def below(self, card: Card) -> Card | None:
        """The card exactly one rank below ``card`` in its suit's order, played or not."""
        order = _orders(self.deck, self.ranking)[card.suit.number]
        i = _places(self.deck, self.ranking)[card.index]
        return order[i + 1] if i + 1 < len(order) else None
