"""Shakti moves: small interned values with a text notation.

A turn is a draw and four discards, each its own step:

* draws: ``deck`` (the top four cards of the deck), ``tops`` / ``bottoms`` (one card from the
  top, or the bottom, of each of the four piles), ``top 3`` / ``bottom 3`` (four cards from the
  top, or the bottom, of Player 3's pile);
* a discard: ``7Sh>2`` (the 7 of Shamsher onto pile 2, at the end the draw used);
* a whole turn, as transcripts write it: ``tops: 7Sh>1 3Ta>2 5Gh>3 2Ba>4``;
* chance's reshuffle: ``shuffle`` and the new deck, top card first.

>>> m = ShMove.parse("top 3")
>>> m.kind, m.pile, ShMove.parse(str(m)) is m
('top', 2, True)
>>> d = ShMove.parse("7Sh>2")
>>> d.kind, str(d.card), d.pile
('discard', '7Sh', 1)
>>> t = parse_move("tops: 7Sh>1 3Ta>2")
>>> str(t), parse_move(str(t)) == t
('tops: 7Sh>1 3Ta>2', True)
"""

from __future__ import annotations

from ...cards import Card, Interned
from ...errors import NotationError
from ...families.reshuffle import Reshuffle
from .table import CARDS, INDEX, N_CARDS

# kinds of move (int codes keep the hot path cheap): draws 0..4, then a discard
DECK, TOPS, BOTTOMS, TOP, BOTTOM, DISCARD = range(6)
KINDS = ("deck", "tops", "bottoms", "top", "bottom", "discard")
PLAYERS = 4


class ShMove(Interned):
    """One step of a Shakti turn: a draw or a discard. Interned: compare with ``==`` or ``is``.

    ``kind`` is one of ``deck``, ``tops``, ``bottoms``, ``top``, ``bottom`` (the draws) or
    ``discard``; ``pile`` is the pile's seat (0-based) for ``top``, ``bottom`` and ``discard``,
    else -1; ``card`` is the discarded card (None for a draw).
    """

    __slots__ = ("kind", "pile", "card", "_k", "_c", "_text")
    _by_text: dict[str, "ShMove"] = {}

    kind: str
    pile: int
    card: Card | None

    @classmethod
    def _make(cls, k: int, pile: int = -1, c: int = -1) -> "ShMove":
        move = object.__new__(cls)
        card = CARDS[c] if c >= 0 else None
        if k == DISCARD:
            text = f"{card}>{pile + 1}"
        elif k in (TOP, BOTTOM):
            text = f"{KINDS[k]} {pile + 1}"
        else:
            text = KINDS[k]
        for name, value in (("kind", KINDS[k]), ("pile", pile), ("card", card), ("_k", k), ("_c", c),
                            ("_text", text)):
            object.__setattr__(move, name, value)
        cls._by_text[text] = move
        return move

    @property
    def is_draw(self) -> bool:
        return self._k != DISCARD

    @staticmethod
    def parse(text: str) -> "ShMove":
        """Read a step: ``deck``, ``tops``, ``bottoms``, ``top N``, ``bottom N`` or ``card>N``."""
        move = ShMove._by_text.get(text) if isinstance(text, str) else None
        if move is not None:
            return move
        if not isinstance(text, str):
            raise NotationError(repr(text), "a move is text, e.g. 'deck', 'tops', 'top 2' or '7Sh>2'")
        tokens = text.split()
        if not tokens:
            raise NotationError(text, "an empty move; write 'deck', 'tops', 'bottoms', 'top N', 'bottom N' "
                                      "or a discard such as '7Sh>2'")
        head = tokens[0]
        if head in ("deck", "tops", "bottoms"):
            if len(tokens) > 1:
                raise NotationError(tokens[1], f"'{head}' takes nothing after it")
            return DRAWS[KINDS.index(head)]
        if head in ("top", "bottom"):
            if len(tokens) != 2 or tokens[1] not in ("1", "2", "3", "4"):
                raise NotationError(text, f"write '{head}' and the pile's number, 1 to 4, e.g. '{head} 2'")
            return PILE_DRAWS[KINDS.index(head)][int(tokens[1]) - 1]
        if len(tokens) > 1:
            raise NotationError(tokens[1], "a discard is one card and its pile, e.g. '7Sh>2'")
        card, gt, pile = head.partition(">")
        if not gt:
            raise NotationError(head, "a discard names its pile: write the card, '>' and the pile's number, "
                                      "e.g. '7Sh>2'")
        if pile not in ("1", "2", "3", "4"):
            raise NotationError(pile or head, "a pile is numbered 1 to 4, after its player")
        return DISCARDS[card_index(card) * PLAYERS + int(pile) - 1]


def card_index(card: Card | str) -> int:
    """The index of a Mughal card (given as a Card or in notation); NotationError for any other."""
    i = INDEX.get(Card.parse(card) if isinstance(card, str) else card)
    if i is None:
        raise NotationError(str(card), "Shakti is played with the Mughal deck")
    return i


DRAWS = (ShMove._make(DECK), ShMove._make(TOPS), ShMove._make(BOTTOMS))
PILE_DRAWS = {TOP: tuple(ShMove._make(TOP, p) for p in range(PLAYERS)),
              BOTTOM: tuple(ShMove._make(BOTTOM, p) for p in range(PLAYERS))}
DISCARDS = tuple(ShMove._make(DISCARD, p, c) for c in range(N_CARDS) for p in range(PLAYERS))


def discard(card: int, pile: int) -> ShMove:
    return DISCARDS[card * PLAYERS + pile]


class ShTurn:
    """A whole turn (or its start) as one move: a draw and the discards after it, in order.

    Transcripts join a player's steps into one (``Shakti.join_moves``); ``apply`` plays them in turn.

    >>> t = ShTurn.parse("deck: 7Sh>1 3Ta>1 5Gh>1 2Ba>1")
    >>> t.kind, len(t.discards), str(t.draw)
    ('turn', 4, 'deck')
    """

    __slots__ = ("draw", "discards")
    kind = "turn"

    def __init__(self, draw: ShMove, discards: tuple[ShMove, ...] = ()):
        object.__setattr__(self, "draw", draw)
        object.__setattr__(self, "discards", tuple(discards))

    def __setattr__(self, name, value):
        raise AttributeError("ShTurn is immutable")

    @property
    def steps(self) -> tuple[ShMove, ...]:
        return (self.draw,) + self.discards

    def __eq__(self, other) -> bool:
        return isinstance(other, ShTurn) and other.draw is self.draw and other.discards == self.discards

    def __hash__(self) -> int:
        return hash((self.draw, self.discards))

    def __str__(self) -> str:
        return f"{self.draw}: " + " ".join(map(str, self.discards))

    def __repr__(self) -> str:
        return f"ShTurn.parse({str(self)!r})"

    def __reduce__(self):
        return (ShTurn, (self.draw, self.discards))

    @staticmethod
    def parse(text: str) -> "ShTurn":
        head, colon, rest = text.partition(":")
        draw = ShMove.parse(head.strip())
        if not colon or not draw.is_draw:
            raise NotationError(text, "a turn is a draw, ':' and the discards, e.g. 'deck: 7Sh>1 3Ta>1 5Gh>1 2Ba>1'")
        discards = tuple(ShMove.parse(t) for t in rest.split())
        if not discards or len(discards) > 4:
            raise NotationError(rest.strip() or text, "a turn has one to four discards after its draw")
        return ShTurn(draw, discards)


class ShShuffle(Reshuffle):
    """Chance's move when the deck runs out: the new deck, top card first (``shuffle 7Sh 3Ta ...``).

    >>> m = ShShuffle.parse("shuffle 7Sh 3Ta")
    >>> str(m), ShShuffle.parse(str(m)) == m, m.kind
    ('shuffle 7Sh 3Ta', True, 'shuffle')
    """

    __slots__ = ()
    PILE = "deck"
    PLAYED_WITH = INDEX
    OTHER_DECK = "Shakti is played with the Mughal deck"


def parse_move(text: str) -> ShMove | ShTurn | ShShuffle:
    """A step, a whole turn (``draw: discards``), or chance's ``shuffle``."""
    if isinstance(text, str):
        stripped = text.strip()
        if stripped.startswith("shuffle"):
            return ShShuffle.parse(stripped)
        if ":" in stripped:
            return ShTurn.parse(stripped)
    return ShMove.parse(text)
