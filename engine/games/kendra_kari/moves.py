"""Kendra Kari moves: small interned values with a text notation.

>>> m = KKMove.parse("7Sh *3Sh")
>>> m.kind, [str(c) for c in m.cards], m is KKMove.two_card(*m.cards)
('two-card', ['7Sh', '3Sh'], True)
"""

from __future__ import annotations

from ...cards import Card, Interned, format_cards
from ...errors import NotationError
from ...families.reshuffle import Reshuffle
from .ring import CARDS, INDEX, N_CARDS

# move kinds (the int codes keep the hot path cheap)
PLAY, BRIDGE, TWO, DRAW, OPEN = range(5)
KINDS = ("play", "bridge", "two-card", "draw", "open")


class KKMove(Interned):
    """One Kendra Kari turn (or the new-phase step after a bridge). Interned: compare with ``==`` or ``is``.

    Kinds: ``play`` (``7Sh``), ``bridge`` (``*7Sh``), ``two-card`` (``7Sh *3Sh``: a play, then a
    bridge), ``draw``, ``open`` (``open 7Sh`` or ``open 7Sh 7Ta``: a card to Position 7, and
    optionally a matching one to Position 1).

    >>> m = KKMove.parse("open 7Sh 7Ta")
    >>> m.kind, [str(c) for c in m.cards], KKMove.parse(str(m)) is m
    ('open', ['7Sh', '7Ta'], True)
    """

    __slots__ = ("kind", "cards", "_k", "_a", "_b", "_text")
    _interned: dict[tuple[int, int, int], "KKMove"] = {}
    _by_text: dict[str, "KKMove"] = {}

    kind: str
    cards: tuple[Card, ...]

    def __new__(cls, kind: str, *cards: Card) -> "KKMove":
        try:
            k = KINDS.index(kind)
        except ValueError:
            raise NotationError(kind, f"unknown kind of move; kinds are {', '.join(KINDS)}") from None
        wanted = {PLAY: (1,), BRIDGE: (1,), TWO: (2,), DRAW: (0,), OPEN: (1, 2)}[k]
        if len(cards) not in wanted:
            raise NotationError(kind, f"a {kind} move takes {' or '.join(map(str, wanted))} card(s)")
        idx = [card_index(c) for c in cards]
        return cls._make(k, idx[0] if idx else -1, idx[1] if len(idx) > 1 else -1)

    @classmethod
    def _make(cls, k: int, a: int = -1, b: int = -1) -> "KKMove":
        key = (k, a, b)
        move = cls._interned.get(key)
        if move is not None:
            return move
        move = object.__new__(cls)
        cards = tuple(CARDS[i] for i in (a, b) if i >= 0)
        if k == PLAY:
            text = str(cards[0])
        elif k == BRIDGE:
            text = f"*{cards[0]}"
        elif k == TWO:
            text = f"{cards[0]} *{cards[1]}"
        elif k == DRAW:
            text = "draw"
        else:
            text = "open " + format_cards(cards)
        for name, value in (("kind", KINDS[k]), ("cards", cards), ("_k", k), ("_a", a), ("_b", b), ("_text", text)):
            object.__setattr__(move, name, value)
        cls._interned[key] = move
        cls._by_text[text] = move
        return move

    def __lt__(self, other: "KKMove") -> bool:
        return (self._k, self._a, self._b) < (other._k, other._a, other._b)

    @property
    def card(self) -> Card | None:
        """The first card of the move (None for a draw)."""
        return self.cards[0] if self.cards else None

    @property
    def bridge_card(self) -> Card | None:
        """The card that builds a bridge, if the move builds one."""
        return self.cards[-1] if self._k in (BRIDGE, TWO) else None

    @staticmethod
    def parse(text: str) -> "KKMove":
        """Read a move: ``7Sh``, ``*7Sh``, ``7Sh *3Sh``, ``draw``, ``open 7Sh`` or ``open 7Sh 7Ta``."""
        move = KKMove._by_text.get(text)
        if move is not None:
            return move
        tokens = text.split()
        if not tokens:
            raise NotationError(text, "an empty move; write a card, '*card', 'card *card', 'draw' or 'open card'")
        head = tokens[0]
        if head == "draw":
            if len(tokens) > 1:
                raise NotationError(tokens[1], "'draw' takes no cards: the drawn card is played or kept by the rules")
            return KKMove._make(DRAW)
        if head == "open":
            if not 2 <= len(tokens) <= 3:
                raise NotationError(text, "'open' takes one card (to Position 7) and optionally a second "
                                          "(to Position 1)")
            for token in tokens[1:]:
                if token.startswith("*"):
                    raise NotationError(token, "opening a new phase builds no bridge: leave out the '*'")
            cards = [card_index(t) for t in tokens[1:]]
            return KKMove._make(OPEN, cards[0], cards[1] if len(cards) > 1 else -1)
        if len(tokens) > 2:
            raise NotationError(tokens[2], "a turn is at most two cards: a play and then a bridge")
        if len(tokens) == 2:
            first, second = tokens
            if first.startswith("*"):
                raise NotationError(first, "in a two-card turn the bridge comes second: write 'card *card'")
            if not second.startswith("*"):
                raise NotationError(second, "the second card of a two-card turn must build a bridge: "
                                            "write it as '*card'")
            return KKMove._make(TWO, card_index(first), card_index(second[1:]))
        if head.startswith("*"):
            return KKMove._make(BRIDGE, card_index(head[1:]))
        return KKMove._make(PLAY, card_index(head))

    # convenient constructors
    @classmethod
    def play(cls, card: Card) -> "KKMove":
        return cls._make(PLAY, card_index(card))

    @classmethod
    def bridge(cls, card: Card) -> "KKMove":
        return cls._make(BRIDGE, card_index(card))

    @classmethod
    def two_card(cls, card: Card, bridge: Card) -> "KKMove":
        return cls._make(TWO, card_index(card), card_index(bridge))

    @classmethod
    def draw(cls) -> "KKMove":
        return cls._make(DRAW)

    @classmethod
    def open(cls, card: Card, second: Card | None = None) -> "KKMove":
        return cls._make(OPEN, card_index(card), -1 if second is None else card_index(second))


def card_index(card: Card | str) -> int:
    """The index of a Mughal card (given as a Card or in notation); NotationError for any other."""
    i = INDEX.get(Card.parse(card) if isinstance(card, str) else card)
    if i is None:
        raise NotationError(str(card), "Kendra Kari is played with the Mughal deck")
    return i


PLAYS = tuple(KKMove._make(PLAY, i) for i in range(N_CARDS))
BRIDGES = tuple(KKMove._make(BRIDGE, i) for i in range(N_CARDS))
DRAW_MOVE = KKMove._make(DRAW)
DRAW_ONLY = (DRAW_MOVE,)
_TWOS: list[KKMove | None] = [None] * (N_CARDS * N_CARDS)


def two(a: int, b: int) -> KKMove:
    move = _TWOS[a * N_CARDS + b]
    if move is None:
        move = _TWOS[a * N_CARDS + b] = KKMove._make(TWO, a, b)
    return move




class KKShuffle(Reshuffle):
    """Chance's move when the stock is refilled (variant ``stock-out=reshuffle``): the new stock, top first.

    Written ``shuffle`` and the cards: ``shuffle 7Sh 3Ta ...``; a transcript line by ``chance``.

    >>> m = KKShuffle.parse("shuffle 7Sh 3Ta")
    >>> str(m), KKShuffle.parse(str(m)) == m, m.kind
    ('shuffle 7Sh 3Ta', True, 'shuffle')
    """

    __slots__ = ()
    PILE = "stock"
    PLAYED_WITH = INDEX
    OTHER_DECK = "Kendra Kari is played with the Mughal deck"


def parse_move(text: str) -> KKMove | KKShuffle:
    """A player's move, or chance's ``shuffle``."""
    if isinstance(text, str) and text.lstrip().startswith("shuffle"):
        return KKShuffle.parse(text)
    return KKMove.parse(text)
