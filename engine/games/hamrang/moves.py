"""Hamrang moves: two cards played together, and chance's draw for the dealer.

``play RSu 10Su``   a player's turn: two cards at once. For a lead the first card is the high
                    card of the suit led (the lead's suit), the second the lowest card of that
                    suit or the card put in for it; a follower's two cards may be written in any order.
``draw P3 5Ba 7Sh 3Ta RGh``   chance's draw for the dealer: who shuffled, and the cards drawn in
                    turn from the shuffler on (and again by tied players, if the highest cards tie).

Moves are interned: ``HRMove.parse(str(m)) is m``.

>>> m = HRMove.parse("play RSu 10Su")
>>> m.cards == (Card.parse("RSu"), Card.parse("10Su")), HRMove.parse(str(m)) is m
(True, True)
>>> HRDraw.parse("draw P2 5Ba 7Sh 3Ta RGh")
HRDraw.parse('draw P2 5Ba 7Sh 3Ta RGh')
"""

from __future__ import annotations

from ...cards import Card, Interned, check_deck, format_cards
from ...decks import MUGHAL
from ...errors import NotationError

PLAY, DRAW = "play", "draw"
USAGE = "a Hamrang move is 'play' and two cards, e.g. 'play RSu 10Su' (chance: 'draw P2 5Ba 7Sh 3Ta RGh')"


class HRMove(Interned):
    """A player's turn: two cards, in the order written (interned; compare with ``==`` or ``is``)."""

    __slots__ = ("cards", "_text", "_a", "_b")
    kind = PLAY
    _interned: dict = {}

    def __new__(cls, first: Card, second: Card) -> "HRMove":
        return pair(first, second)

    @property
    def first(self) -> Card:
        return self.cards[0]

    @property
    def second(self) -> Card:
        return self.cards[1]

    def swapped(self) -> "HRMove":
        return pair(self.cards[1], self.cards[0])

    def __repr__(self) -> str:
        return f"HRMove.parse({self._text!r})"

    @staticmethod
    def parse(text: str) -> "HRMove":
        move = parse_move(text)
        if not isinstance(move, HRMove):
            raise NotationError(text, "a player's move is 'play' and two cards, e.g. 'play RSu 10Su'")
        return move


def pair(first: Card, second: Card) -> HRMove:
    """The move playing ``first`` and ``second`` (interned)."""
    key = (first.index, second.index)
    move = HRMove._interned.get(key)
    if move is None:
        move = object.__new__(HRMove)
        object.__setattr__(move, "cards", (first, second))
        object.__setattr__(move, "_a", first.index)
        object.__setattr__(move, "_b", second.index)
        object.__setattr__(move, "_text", f"play {first._text} {second._text}")
        HRMove._interned[key] = move
    return move


# every pair of Mughal cards, interned once: PAIR[a.index][b.index] (the engine's hot path looks moves up here)
_SIZE = max(c.index for c in MUGHAL.cards) + 1
PAIR: list = [None] * _SIZE
for _a in MUGHAL.cards:
    PAIR[_a.index] = _row = [None] * _SIZE
    for _b in MUGHAL.cards:
        if _b is not _a:
            _row[_b.index] = pair(_a, _b)
del _a, _b, _row


class HRDraw(Interned):
    """Chance's draw for the dealer: the seat that shuffled and the cards drawn, in order."""

    __slots__ = ("shuffler", "cards", "_text")
    kind = DRAW

    def __new__(cls, shuffler: int, cards) -> "HRDraw":
        move = object.__new__(cls)
        cards = tuple(cards)
        object.__setattr__(move, "shuffler", shuffler)
        object.__setattr__(move, "cards", cards)
        object.__setattr__(move, "_text", f"draw P{shuffler + 1} {format_cards(cards)}")
        return move

    def __eq__(self, other) -> bool:
        return isinstance(other, HRDraw) and other._text == self._text

    def __hash__(self) -> int:
        return hash(self._text)

    def __reduce__(self):
        return (HRDraw, (self.shuffler, self.cards))

    def __repr__(self) -> str:
        return f"HRDraw.parse({self._text!r})"

    @staticmethod
    def parse(text: str) -> "HRDraw":
        move = parse_move(text)
        if not isinstance(move, HRDraw):
            raise NotationError(text, "chance's draw is written 'draw P2 5Ba 7Sh 3Ta RGh'")
        return move


def _card(token: str) -> Card:
    return check_deck(Card.parse(token), MUGHAL, "Hamrang")


def parse_move(text: str) -> HRMove | HRDraw:
    """Read a move exactly as written; NotationError naming the offending token."""
    if not isinstance(text, str):
        raise NotationError(repr(text), USAGE)
    tokens = text.split()
    if not tokens:
        raise NotationError(text, "empty move; " + USAGE)
    kind = tokens[0]
    if kind == PLAY:
        if len(tokens) != 3:
            raise NotationError(text, "'play' takes two cards, e.g. 'play RSu 10Su'")
        a, b = _card(tokens[1]), _card(tokens[2])
        if a is b:
            raise NotationError(tokens[2], "a card is listed twice")
        return pair(a, b)
    if kind == DRAW:
        if len(tokens) < 2:
            raise NotationError(text, "chance's draw names the shuffler and the cards: 'draw P2 5Ba 7Sh 3Ta RGh'")
        seat = tokens[1]
        digits = seat[1:]
        if seat[:1] != "P" or not digits.isascii() or not digits.isdigit() or digits[:1] == "0" or len(digits) > 1:
            raise NotationError(seat, "the shuffler is written P1 to P4")
        cards = tuple(_card(t) for t in tokens[2:])
        if len(set(cards)) != len(cards):
            dup = next(c for i, c in enumerate(cards) if c in cards[:i])
            raise NotationError(str(dup), "a card is listed twice")
        return HRDraw(int(digits) - 1, cards)
    raise NotationError(kind, "unknown move; " + USAGE)
