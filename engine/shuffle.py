"""Portable chance: the same seed gives the same shuffle on every platform and Python >= 3.11.

``random.shuffle`` and ``random.randrange`` may change between Python versions; the
``random()`` method of ``random.Random`` seeded with an integer is the one stream the
language guarantees to keep. Everything here is built on that stream alone.

>>> [str(c) for c in shuffled(parse_cards("1Sh 2Sh 3Sh 4Sh 5Sh"), 7)]
['3Sh', '4Sh', '5Sh', '1Sh', '2Sh']
"""

from __future__ import annotations

import hashlib
import random
from typing import Sequence, TypeVar

from .cards import parse_cards  # noqa: F401  (used in the doctest above)

T = TypeVar("T")


def seed_int(seed: int | str) -> int:
    """Turn a seed (an int, or any text) into a non-negative integer, the same everywhere."""
    if isinstance(seed, bool):
        raise TypeError("a seed is an int or a str")
    if isinstance(seed, int):
        return seed if seed >= 0 else -2 * seed - 1
    if isinstance(seed, str):
        return int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:16], "big")
    raise TypeError("a seed is an int or a str")


def derive(seed: int | str, *labels: object) -> int:
    """A sub-seed for one purpose (e.g. a reshuffle, or one bot's choices) from a game seed."""
    text = "/".join([str(seed_int(seed)), *map(str, labels)])
    return seed_int(text)


class Rng:
    """A seeded stream of random numbers built only on ``Random.random()``."""

    __slots__ = ("_random",)

    def __init__(self, seed: int | str):
        self._random = random.Random(seed_int(seed)).random

    def below(self, n: int) -> int:
        """An integer in ``range(n)``."""
        return int(self._random() * n)

    def choice(self, items: Sequence[T]) -> T:
        return items[int(self._random() * len(items))]


def shuffled(items: Sequence[T], seed: int | str) -> list[T]:
    """A new list: ``items`` in a Fisher-Yates order drawn from ``seed``."""
    out = list(items)
    rnd = random.Random(seed_int(seed)).random
    for i in range(len(out) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out
