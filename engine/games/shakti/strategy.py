"""How the heuristic player of Shakti rates a move (higher is better).

The player aims at whichever winning hand (a run or a set, :mod:`.table`) it is nearest to. A
hand is worth ``100 x`` the most cards it holds of any one winning hand, plus a little for every
other winning hand it is building (the sum of the squares of its counts, over 100), so that among
equal hands it keeps the one with more ways forward.

* Drawing: each draw is worth the best eight-card hand it would give with the cards it can see (the
  top card of each pile; a pile's other cards are not seen), plus, for each card it cannot see, the
  chance that it is one the nearest winning hand lacks; fresh cards from the deck count a shade more
  than old ones from the piles.
* Discarding: it puts away the card whose loss costs the hand least.

>>> worth([3, 1, 0]) == 300 + 10 / 100
True
"""

from __future__ import annotations

from .moves import DECK, DISCARD, TOP, TOPS
from .table import HAND, MEMBER, TARGETS

UNSEEN = 70.0  # about how many cards a player cannot see: what an unseen card is drawn from


def worth(counts) -> float:
    """What a hand with these counts (cards held of each winning hand) is worth to the heuristic player."""
    return 100.0 * max(counts) + sum(n * n for n in counts) / 100.0


def counts_of(hand, ranking: str) -> list[int]:
    member = MEMBER[ranking]
    counts = [0] * len(TARGETS[ranking])
    for c in hand:
        for t in member[c]:
            counts[t] += 1
    return counts


class _Hand:
    """A hand's counts with what makes ``worth`` of the hand less one card quick to find: the sum of the
    squares, the largest count, the winning hands that have it and the next largest count."""

    __slots__ = ("counts", "squares", "top", "tops", "second", "without")

    def __init__(self, counts):
        self.counts = counts
        self.squares = sum(n * n for n in counts)
        top = max(counts)
        self.top = top
        self.tops = [t for t, n in enumerate(counts) if n == top]
        self.second = max((n for n in counts if n < top), default=0)
        self.without: dict[int, float] = {}

    def worth_without(self, member: tuple[int, ...]) -> float:
        """``worth`` of the counts after taking away a card that belongs to the winning hands ``member``."""
        counts = self.counts
        squares = self.squares
        for t in member:
            squares -= 2 * counts[t] - 1
        top = self.top
        if any(t not in member for t in self.tops):
            best = top  # some nearest winning hand keeps all its cards
        else:
            best = max(top - 1, self.second)
        return 100.0 * best + squares / 100.0


def move_priority(state, move) -> float:
    """How much a simple player likes ``move`` in ``state`` (a ``ShState``)."""
    ranking = state.game.ranks
    cp = state.current_player
    hand = state._memo  # the hand's counts, until the next move
    if hand is None:
        hand = state._memo = _Hand(counts_of(state._hands[cp], ranking))
    members = MEMBER[ranking]
    k = move._k
    if k == DISCARD:
        c = move._c
        value = hand.without.get(c)
        if value is None:
            value = hand.without[c] = hand.worth_without(members[c])
        return value
    piles = state._piles
    if k == TOPS:
        seen, unseen = [p[-1] for p in piles if p], 0
    elif k == TOP:
        seen, unseen = [piles[move.pile][-1]], 3
    else:
        seen, unseen = [], 4
    if seen:
        kept = list(state._hands[cp]) + seen
        trial = _Hand(counts_of(kept, ranking))
        for _ in seen:  # put back the cards that cost least, one at a time, down to eight again
            drop = max(kept, key=lambda c: trial.worth_without(members[c]))
            kept.remove(drop)
            counts = list(trial.counts)
            for t in members[drop]:
                counts[t] -= 1
            trial = _Hand(counts)
        counts = trial.counts
    else:
        counts = hand.counts
    # an unseen card helps with about the chance that it is one the nearest winning hand lacks
    missing = HAND - max(counts)
    fresh = 1.0 if k == DECK else 0.8
    return worth(counts) + unseen * fresh * 100.0 * missing / UNSEEN
