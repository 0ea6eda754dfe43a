"""The cards as dealt (:class:`Deal`), and the ``P1=...; key=value`` notation that deals and positions share
(:func:`split_notation`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from .cards import Card, format_cards, parse_cards
from .errors import NotationError


def split_notation(text: str, usage: str, keys: Iterable[str] | None = None,
                   unknown: str = "unknown part") -> tuple[list[str], dict[str, str]]:
    """Split ``P1=...; P2=...; key=value`` text into the hands (in seat order) and the other parts.

    The grammar shared by deals and positions. A hand's key is ``P`` and its seat number (``P1``,
    ``P2``: ASCII digits, no leading zero), in seat order; any other key is lower-case ASCII
    letters and hyphens (``stock``, ``face-up``); ``keys`` limits them (``None``: any). A part
    without ``=``, hands out of seat order, a bad, unknown or repeated key raise
    :class:`NotationError` naming the token.

    >>> split_notation("P1=RSh; P2=-; stock=3", "usage")
    (['RSh', '-'], {'stock': '3'})
    """
    if not isinstance(text, str):
        raise NotationError(repr(text), usage)
    allowed = None if keys is None else set(keys)
    hands: list[str] = []
    fields: dict[str, str] = {}
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        key, eq, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key:
            raise NotationError(part, usage)
        if re.search(r",\s*(P\d+|[a-z][a-z-]*)\s*=", value):  # "P1=4Sh 5Sa, P2=6Sh": parts parted by commas
            raise NotationError(part, "parts are separated by ';', not ',': write 'P1=...; P2=...'")
        if key[:1] == "P" and key[1:2] in _ASCII_DIGITS:
            if key != f"P{len(hands) + 1}":
                raise NotationError(key, f"expected P{len(hands) + 1} here: hands are listed in seat order")
            hands.append(value)
        elif not _KEY_CHARS.issuperset(key) or not key[0].isalpha() or key[-1] == "-":
            raise NotationError(key, f"{unknown}: a key is P1, P2... or a word such as 'stock'")
        elif allowed is not None and key not in allowed:
            raise NotationError(key, unknown)
        elif key in fields:
            raise NotationError(key, "given twice")
        else:
            fields[key] = value
    return hands, fields


_ASCII_DIGITS = frozenset("0123456789")
_KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz-")


@dataclass(frozen=True)
class Deal:
    """The cards as dealt: one hand per seat, plus named piles (stock, centre card, ...).

    Notation: ``P1=...; P2=...; name=...`` with cards as in :func:`parse_cards`.

    >>> d = Deal.parse("P1=RSh 1Ta; P2=-; stock=3Ba")
    >>> d.hands, d.piles
    (((Card.parse('RSh'), Card.parse('1Ta')), ()), (('stock', (Card.parse('3Ba'),)),))
    >>> Deal.parse(str(d)) == d
    True
    """

    hands: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[str, tuple[Card, ...]], ...] = ()

    def pile(self, name: str) -> tuple[Card, ...]:
        for key, cards in self.piles:
            if key == name:
                return cards
        raise KeyError(name)

    def all_cards(self) -> list[Card]:
        return [c for h in self.hands for c in h] + [c for _, p in self.piles for c in p]

    def __str__(self) -> str:
        parts = [f"P{i + 1}={format_cards(h)}" for i, h in enumerate(self.hands)]
        parts += [f"{name}={format_cards(cards)}" for name, cards in self.piles]
        return "; ".join(parts)

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> "Deal":
        """Read a deal (any cards; whether they fit a game is :meth:`Game.new_game`'s question)."""
        hands, piles = split_notation(text, "a deal is written 'P1=cards; P2=cards; pile=cards'")
        return Deal(tuple(parse_cards(h) for h in hands),
                    tuple((name, parse_cards(cards)) for name, cards in piles.items()))
