"""Portable chance: the same seed gives the same shuffle on every platform and Python >= 3.11.

``random.shuffle`` and ``random.randrange`` may change between Python versions; the
``random()`` method of ``random.Random`` seeded with an integer is the one stream the
language guarantees to keep. Everything here is built on that stream alone.

>>> from engine.cards import parse_cards
>>> [str(c) for c in shuffled(parse_cards("1Sh 2Sh 3Sh 4Sh 5Sh"), 7)]
['3Sh', '4Sh', '5Sh', '1Sh', '2Sh']
"""

from __future__ import annotations

import random
from hashlib import sha256
from math import floor
from typing import Callable, Sequence, TypeVar

from .errors import NotationError


T = TypeVar("T")


MAX_SEED_DIGITS = 30
MAX_SEED_TEXT = 100


def parse_seed(text: str) -> int | str:
    """A seed as written (in a deal file, a directive, on the command line): the one reader.

    A whole number written the usual way (``270``, ``-7``; no leading zeros or ``+``, at most
    30 digits) is that number; any other text without spaces (``spring-fair``, ``007``) is a
    word seed. Every distinct text gives a distinct deal. Anything else raises NotationError.

    >>> parse_seed("270"), parse_seed("-7"), parse_seed("007")
    (270, -7, '007')
    """
    if not isinstance(text, str):
        raise NotationError(repr(text), "a seed is written as a whole number or a word")
    digits = text[1:] if text[:1] == "-" else text
    if digits.isascii() and digits.isdigit() and (digits == "0" or digits[0] != "0") and text != "-0":
        if len(digits) > MAX_SEED_DIGITS:
            raise NotationError(text[:20] + "...", f"a seed has at most {MAX_SEED_DIGITS} digits")
        return int(text)
    if not text or text == "-" or len(text) > MAX_SEED_TEXT or not text.isprintable() or any(c.isspace() for c in text):
        raise NotationError(text[:40], f"a seed is a whole number or a word (no spaces, at most {MAX_SEED_TEXT} "
                            "characters), e.g. 270 or spring-fair")
    return text


def seed_int(seed: int | str) -> int:
    """Turn a seed (an int, or any text) into a non-negative integer, the same everywhere.

    Non-negative whole numbers stand for themselves; a negative one is read as its text, so
    ``-7`` and ``13`` give different deals.
    """
    if type(seed) is int and seed >= 0:  # the common case, first
        return seed
    if isinstance(seed, bool):
        raise TypeError("a seed is an int or a str")
    if isinstance(seed, int):
        if seed >= 0:
            return seed
        seed = str(seed)
    if isinstance(seed, str):
        return _text_seed(seed)
    raise TypeError("a seed is an int or a str")


def _text_seed(text: str) -> int:
    return int.from_bytes(sha256(text.encode("utf-8")).digest()[:16], "big")


def derive(seed: int | str, *labels: object) -> int:
    """A sub-seed for one purpose (e.g. a reshuffle, or one bot's choices) from a game seed."""
    text = "/".join([str(seed_int(seed)), *map(str, labels)])
    return seed_int(text)


def deriving(seed: int | str, *labels: object) -> Callable[[object], int]:
    """``derive(seed, *labels, last)`` as a function of ``last``, the common part written once: the
    play loop's seed for each chance step.

    >>> deriving(7, "chance")(3) == derive(7, "chance", 3)
    True
    """
    prefix = "/".join([str(seed_int(seed)), *map(str, labels), ""])

    def derived(last: object) -> int:
        return _text_seed(prefix + str(last))

    return derived


class Rng:
    """A seeded stream of random numbers built only on ``Random.random()``.

    Chance in a game is one such stream, seeded once (:class:`engine.players.play.Chance`): each chance
    step (a reshuffle, a later round's deal, a blind draw) takes its numbers from it in turn.

    >>> rng = Rng(7)
    >>> rng.shuffled(range(5)), rng.shuffled(range(5))  # the stream goes on: the next shuffle differs
    ([2, 3, 4, 0, 1], [4, 3, 0, 1, 2])
    """

    __slots__ = ("_random",)

    def __init__(self, seed: int | str):
        self._random = random.Random(seed_int(seed)).random

    def __deepcopy__(self, memo) -> "Rng":
        """A stream of its own at the same point (``copy.deepcopy`` would share the bound C method, so a copy
        kept to take a move back went on drawing with the game: undo brought other answers)."""
        source = random.Random()
        source.setstate(self._random.__self__.getstate())
        twin = Rng.__new__(Rng)
        twin._random = source.random
        return twin

    def below(self, n: int) -> int:
        """An integer in ``range(n)``."""
        return int(self._random() * n)

    def choice(self, items: Sequence[T]) -> T:
        return items[int(self._random() * len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list: ``items`` in a Fisher-Yates order drawn from this stream."""
        out = list(items)
        rnd = self._random
        for i in range(len(out) - 1, 0, -1):
            j = floor(rnd() * (i + 1))  # = int(...): the product is >= 0; floor is the cheaper call
            out[i], out[j] = out[j], out[i]
        return out

    def shuffled_tail(self, items: Sequence[T], k: int) -> tuple[list[T], list[T]]:
        """``(tail, rest)``: ``tail`` is exactly what :meth:`shuffled` would put in the last ``k`` places
        (the same Fisher-Yates steps: the last ``k`` places are fixed by the first ``k`` steps), drawing
        only ``k`` numbers; ``rest`` is the other items in a deterministic order. A deal of a few cards
        from a full pack needs no more, when the order of the undealt cards does not matter.

        >>> Rng(7).shuffled_tail(range(20), 5)[0] == Rng(7).shuffled(range(20))[-5:]
        True
        """
        out = list(items)
        rnd = self._random
        n = len(out)
        for i in range(n - 1, n - 1 - k, -1):
            j = floor(rnd() * (i + 1))  # as in shuffled
            out[i], out[j] = out[j], out[i]
        tail = out[n - k:]
        del out[n - k:]
        return tail, out


def shuffled(items: Sequence[T], seed: int | str) -> list[T]:
    """A new list: ``items`` in a Fisher-Yates order drawn from ``seed`` (``Rng(seed).shuffled(items)``)."""
    return Rng(seed).shuffled(items)
