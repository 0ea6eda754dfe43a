"""Dealing afresh the cards a seat cannot know: the one helper behind every game's ``State.sample_hidden``.

A game lists its hidden places (the other hands, a stock, a face-down card) as lists of cards, or of the
codes it keeps for them, and the cards the seat knows (its own, the face-up ones, those shown to it);
:func:`redeal` pools every card of those places that the seat does not know, takes the pool in a fixed
order (so it depends only on which cards are hidden, never on where they lie), shuffles it with the seed
and deals it back into the same slots. Every place keeps its size, and every known card its place.

A game may add what the table has inferred: ``allowed(place, card)`` refuses a card a place cannot hold
(a seat known to be void in a suit, a player out of the game holding no court card), and ``accept(places)``
a whole deal that cannot be (a player still in with no court card). Then each slot takes
the first card of the shuffled pool that it may hold; when the pool leaves a slot with no such card, the
deal is tried again with a seed derived from the first, ``TRIES`` times in all, and then dealt without the
inference (a world slightly wider than the truth, never a wrong card in a known place).

>>> redeal([["a", "x", "b"], ["c", "d"]], known={"x"}, seed=1)
[['d', 'x', 'b'], ['c', 'a']]
>>> redeal([["a", "b"], ["c", "d"]], known=set(), seed=1, allowed=lambda p, c: p == 1 or c in "ab")
[['b', 'a'], ['d', 'c']]
"""

from __future__ import annotations

from typing import Callable, Hashable, Sequence, TypeVar

from ..shuffle import derive, shuffled

T = TypeVar("T", bound=Hashable)

TRIES = 32  # deals tried before an inference is set aside


def redeal(places: Sequence[Sequence[T]], known, seed: int | str, *, key: Callable | None = None,
           allowed: Callable[[int, T], bool] | None = None,
           accept: Callable[[list[list[T]]], bool] | None = None) -> list[list[T]]:
    """``places`` with every card not in ``known`` dealt afresh from the pooled hidden cards (see the module).

    ``key`` orders the pool before the shuffle (default: the cards' own order); ``allowed(i, card)``, when
    given, says whether place ``i`` may hold ``card``; ``accept(places)``, whether a whole deal fits what the table
    knows (tried as ``allowed`` is)."""
    pool = sorted((c for place in places for c in place if c not in known), key=key)
    if allowed is not None or accept is not None:
        for attempt in range(TRIES):
            dealt = _fitted(places, known, shuffled(pool, derive(seed, "fit", attempt) if attempt else seed),
                            allowed or _anywhere)
            if dealt is not None and (accept is None or accept(dealt)):
                return dealt
    cards = iter(shuffled(pool, seed))
    return [[c if c in known else next(cards) for c in place] for place in places]


def _anywhere(place: int, card) -> bool:
    return True


def _fitted(places, known, pool: list, allowed) -> list[list] | None:
    """Each hidden slot, place by place, takes the first card left in ``pool`` that its place may hold."""
    left = list(pool)
    out = []
    for i, place in enumerate(places):
        new = []
        for c in place:
            if c in known:
                new.append(c)
                continue
            for k, card in enumerate(left):
                if allowed(i, card):
                    new.append(left.pop(k))
                    break
            else:
                return None
        out.append(new)
    return out
