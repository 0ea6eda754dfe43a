"""Suits and cards: small immutable values, interned, with text notation.

A card is written rank first, then the two-letter suit code: ``10Sh``, ``RSh``
(Raja of Shamsher), ``VTa`` (Vizier of Taj), ``MRa`` (Mantri of Rama). Suit codes are
unique across all decks, so a card's text says which deck it belongs to.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .errors import NotationError
from .notation import whole_number


@dataclass(frozen=True, eq=False)
class Suit:
    """One suit of one deck. Suits are singletons: compare them with ``is`` or ``==``."""

    code: str  # two letters, unique across decks
    name: str  # the name the book uses
    other_names: tuple[str, ...]
    sign: str  # what is painted on the pip cards
    colour: str  # the picture colour, a CSS hex colour
    group: str  # "strong" (10 high .. 1 low) or "weak" (1 high .. 10 low)
    deck: str  # key of the deck it belongs to
    number: int  # 0-based place in its deck's suit order
    uid: int  # unique across decks; the hash, so sets of suits iterate the same way every run

    def __hash__(self) -> int:
        return self.uid

    def __repr__(self) -> str:
        return f"Suit.parse({self.code!r})"

    def __str__(self) -> str:
        return self.code

    @staticmethod
    def parse(text: str) -> "Suit":
        try:
            return SUITS_BY_CODE[text]
        except KeyError:
            raise NotationError(text, f"unknown suit code; known codes: {', '.join(SUITS_BY_CODE)}") from None


SUITS_BY_CODE: dict[str, Suit] = {}
# rank labels per deck key: {12: "R", 11: "V"} etc; pip ranks are written as digits
COURT_LABELS: dict[str, dict[int, str]] = {}


class Interned:
    """Plumbing shared by interned, immutable values written as text (cards, moves).

    A subclass keeps its notation in ``_text`` and has a ``parse`` that returns the one
    instance for a text, so copies are the value itself and pickling goes through ``parse``.
    """

    __slots__ = ()
    _text: str

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self):
        return (type(self).parse, (self._text,))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({self._text!r})"


class Card(Interned):
    """A playing card: a suit and a rank (1..10 pips, 11 second court, 12 king).

    Cards are interned: ``Card(suit, rank)`` always returns the same object for the
    same card, so ``is`` and ``==`` agree and hashing is cheap and deterministic.

    >>> Card.parse("RSh")
    Card.parse('RSh')
    >>> Card.parse("10Ta").rank, Card.parse("10Ta").suit.name
    (10, 'Taj')
    """

    __slots__ = ("suit", "rank", "index", "_text")
    _interned: dict[tuple[str, int], "Card"] = {}
    _by_text: dict[str, "Card"] = {}
    _count = 0

    suit: Suit
    rank: int
    index: int  # global, deterministic: used for hashing and sorting
    _text: str

    def __new__(cls, suit: Suit, rank: int) -> "Card":
        card = cls._interned.get((suit.code, rank))
        if card is not None:
            return card
        if not isinstance(rank, int) or not 1 <= rank <= 12:
            raise NotationError(f"{rank}{suit.code}", "a rank must be 1..10 or a court card")
        card = object.__new__(cls)
        labels = COURT_LABELS.get(suit.deck, {})
        text = f"{labels.get(rank, str(rank))}{suit.code}"
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "index", cls._count)
        object.__setattr__(card, "_text", text)
        cls._count += 1
        cls._interned[(suit.code, rank)] = card
        cls._by_text[text] = card
        return card

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: "Card") -> bool:
        return self.index < other.index

    @staticmethod
    def parse(text: str) -> "Card":
        """Read one card in notation (spaces around it are ignored); raise :class:`NotationError` naming the token."""
        if not isinstance(text, str):
            raise NotationError(repr(text), "a card is written as text, e.g. 'RSh'")
        card = Card._by_text.get(text)
        if card is not None:
            return card
        token = text.strip()
        card = Card._by_text.get(token)
        if card is not None:
            return card
        if len(token) < 3:
            raise NotationError(text, "a card is a rank (1-10 or a court letter) followed by a two-letter suit code")
        rank_text, code = token[:-2], token[-2:]
        suit = SUITS_BY_CODE.get(code)
        if suit is None:
            raise NotationError(text, f"unknown suit code {code!r}; known codes: {', '.join(SUITS_BY_CODE)}")
        labels = COURT_LABELS.get(suit.deck, {})
        rank = whole_number(rank_text, 2)
        if rank is not None and 1 <= rank <= 10:
            return Card(suit, rank)
        allowed = ", ".join(f"{v}" for v in labels.values())
        raise NotationError(text, f"unknown rank {rank_text!r} for suit {suit.name}; ranks are 1-10 and {allowed}")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read a space-separated list of cards (a hand, a pile); ``-`` is the empty list.

    >>> parse_cards("RSh 10Ta 1Ba")
    (Card.parse('RSh'), Card.parse('10Ta'), Card.parse('1Ba'))
    >>> parse_cards("-")
    ()
    """
    if not isinstance(text, str):
        raise NotationError(repr(text), "cards are written as text, e.g. 'RSh 10Ta'")
    text = text.strip()
    if text in ("", "-"):
        return ()
    return tuple(Card.parse(token) for token in text.split())


def format_cards(cards) -> str:
    """Write cards as notation; the inverse of :func:`parse_cards`.

    >>> format_cards(parse_cards("RSh 10Ta 1Ba"))
    'RSh 10Ta 1Ba'
    >>> format_cards([])
    '-'
    """
    return " ".join(card._text for card in cards) or "-"


def check_deck(card: Card, deck, game: str = "this game", clause: str | None = None) -> Card:
    """``card`` if it belongs to ``deck`` (an :class:`engine.decks.Deck`), else NotationError naming both."""
    if card.suit.deck != deck.key:
        raise NotationError(card._text, f"{game} is played with the {deck.name} deck, which has no such card"
                            + (f" [clause {clause}]" if clause else ""), clause)
    return card


def parse_deck_cards(text: str, deck, game: str = "this game", clause: str | None = None) -> tuple[Card, ...]:
    """:func:`parse_cards`, refusing a card of another deck with :func:`check_deck`."""
    return tuple(check_deck(card, deck, game, clause) for card in parse_cards(text))


def cards_in(value: Any) -> set[Card]:
    """Every card in a view (or any value made of tuples, lists, sets, dataclasses and cards).

    >>> sorted(map(str, cards_in((Card.parse("7Sa"), [None, Card.parse("RGh")]))))
    ['7Sa', 'RGh']
    """
    out: set[Card] = set()
    if isinstance(value, Card):
        out.add(value)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            out |= cards_in(v)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            out |= cards_in(getattr(value, f.name))
    return out
