"""Guru Ganjifa moves: the notation :class:`GGMove` and :class:`LeadMoves`, a leader's legal moves built lazily.

Moves are decisions of one player at a time (``GGMove.parse(text)`` and ``str(move)`` round-trip)::

    lead RRa MRa 10Pa   one combined lead of these cards (also: the opening Raja; the highest
                        card of a suit, for a leader without unbeatable cards)
    add 3Ma             add a card to the trick in progress; "add 3Ma 4Ku" adds two at once
    deni 7Kr > 9Kr      give a Deni: lead the 7 of Krishna, show the 9, call the card above it
    double 8Kr          (holder of the called card) play it and double the Deni with the 8
    pass                no Deni and no unbeatable card left: the lead passes to the next player

One-card adds are interned (``ADD_MOVES``), so the engine can recognise them by identity.
"""

from __future__ import annotations

from collections.abc import Sequence as SequenceABC
from itertools import chain
from operator import itemgetter

from ...cards import Card, check_deck, format_cards
from ...decks import DASHAVATARA
from ...errors import NotationError
from ...families.tricks import INDEX_SIZE, SEAT_CHAR

LEAD, ADD, DENI, DOUBLE, PASS = "lead", "add", "deni", "double", "pass"
_CARD_KINDS = {LEAD: (1, None), ADD: (1, None), DOUBLE: (1, 1), PASS: (0, 0)}


class GGMove(tuple):
    """One decision of one player. Equal moves list the same cards in any order.

    >>> GGMove.parse("deni 7Kr > 9Kr")
    GGMove.parse('deni 7Kr > 9Kr')
    >>> GGMove.parse("lead MRa RRa") == GGMove.parse("lead RRa MRa")
    True
    """

    __slots__ = ()
    kind = property(itemgetter(0), doc="lead, add, deni, double or pass")
    cards = property(itemgetter(1), doc="the cards played (for a Deni: the led card)")
    shown = property(itemgetter(2), doc="the card shown for a Deni, else None")

    def __new__(cls, kind: str, cards: tuple[Card, ...] = (), shown: Card | None = None):
        return tuple.__new__(cls, (kind, tuple(cards), shown))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (GGMove.parse, (str(self),))

    def _key(self):
        return (self.kind, frozenset(self.cards), self.shown)

    def __eq__(self, other):
        return isinstance(other, GGMove) and self._key() == other._key()

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self._key())

    def __str__(self) -> str:
        if self.kind == PASS:
            return PASS
        if self.kind == DENI:
            return f"deni {self.cards[0]._text} > {self.shown._text}"
        return f"{self.kind} {format_cards(self.cards)}"

    def __repr__(self) -> str:
        return f"GGMove.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> "GGMove":
        """Read a move exactly as written (lower-case kind, Dashavatara cards); NotationError naming the token."""
        if not isinstance(text, str):
            raise NotationError(repr(text), "a move is written as text, e.g. 'add 3Ma'")
        tokens = text.split()
        if not tokens:
            raise NotationError(text, "empty move; moves are lead, add, deni, double or pass")
        kind = tokens[0]
        if kind == DENI:
            if len(tokens) != 4 or tokens[2] != ">":
                raise NotationError(text, "a Deni is written 'deni <led card> > <shown card>', e.g. 'deni 7Kr > 9Kr'")
            return GGMove(DENI, (_card(tokens[1]),), _card(tokens[3]))
        if kind not in _CARD_KINDS:
            raise NotationError(tokens[0], "unknown move; moves are lead, add, deni, double or pass")
        if kind == PASS:
            if len(tokens) > 1:
                raise NotationError(text, "'pass' takes no cards ('-' is not a card)")
            return PASS_MOVE
        low, high = _CARD_KINDS[kind]
        cards = tuple(map(_card, tokens[1:]))
        if len(cards) < low or (high is not None and len(cards) > high):
            want = "one card" if high == 1 else "one or more cards"
            raise NotationError(text, f"'{kind}' takes {want}")
        if len(set(cards)) != len(cards):
            dup = next(c for i, c in enumerate(cards) if c in cards[:i])
            raise NotationError(str(dup), "a card is listed twice")
        if kind == ADD and len(cards) == 1:
            return ADD_MOVES.get(cards[0]) or GGMove(kind, cards)
        return GGMove(kind, cards)


def _card(token: str) -> Card:
    """One Dashavatara card (``-`` is not a card here: a move lists the cards it plays)."""
    return check_deck(Card.parse(token), DASHAVATARA, "Guru Ganjifa")


_tuple_new = tuple.__new__
_count_of = itemgetter(2)  # of a (suit, k, count) Deni spot


def make_move(kind, cards, shown=None) -> GGMove:
    """A move from its parts, without checks (the engine's own moves)."""
    return _tuple_new(GGMove, (kind, cards, shown))


PASS_MOVE = GGMove(PASS)
ADD_MOVES = {c: GGMove(ADD, (c,)) for c in DASHAVATARA.cards}  # one-card adds are interned
ADD_INFO = {id(m): (c, c.index, c.suit.number) for c, m in ADD_MOVES.items()}
ADD_NOTE = (ADD,)
ADD_BY_INDEX = [None] * INDEX_SIZE
for _c, _m in ADD_MOVES.items():
    ADD_BY_INDEX[_c.index] = _m


class LeadMoves(SequenceABC):
    """A leader's legal moves, in ``legal_moves()`` order, each built when it is looked at.

    In order: the combined leads ``first .. 2**len(runs) - 1`` (lead ``j`` takes the whole of
    run ``r`` when bit ``r`` of ``j`` is set, else all of it but its lowest card); the Denis at
    ``spots`` (see :meth:`SuitTracker.scan_spots`), weaker led cards later; then ``tail``.
    ``given`` collects the moves built, for ``apply`` to know them as legal.
    """

    __slots__ = ("runs", "first", "combos", "spots", "tail", "size", "given", "seat", "tracker")

    def __init__(self, state, seat: int):  # state: the GGState whose leader is ``seat``
        t = self.tracker = state._t
        runs, spots = t.scan_spots(seat)
        self.runs, self.seat, self.given = runs, seat, []
        first = combos = 0
        tail = ()
        if state.stage == "start":
            if runs:  # every choice of the optional lowest cards; all but "none" when nothing is compulsory
                first = 0 if sum(map(len, runs)) > len(runs) else 1
                combos = (1 << len(runs)) - first
                if first == 0:
                    spots = ()  # no Deni before the compulsory lead
            else:  # the highest card of each suit held
                ch = SEAT_CHAR[seat]
                tail = []
                for cards, o in zip(t.unplayed, t.own):
                    i = o.find(ch)
                    if i >= 0:
                        tail.append(make_move(LEAD, (cards[i],)))
        elif runs:  # after the compulsory lead: the unbeatable cards left, as one lead
            tail = (make_move(LEAD, tuple(chain.from_iterable(runs))),)
        else:
            tail = (PASS_MOVE,)
        self.first, self.combos, self.spots, self.tail = first, combos, spots, tail
        self.size = combos + sum(map(_count_of, spots)) + len(tail)

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i: int) -> GGMove:
        if i < 0:
            i += self.size
        if not 0 <= i < self.size:
            raise IndexError("no such legal move")
        if i < self.combos:
            j = i + self.first
            cards = []
            for run in self.runs:
                cards += run if j & 1 else run[:-1]
                j >>= 1
            move = _tuple_new(GGMove, (LEAD, tuple(cards), None))  # make_move, inlined
        else:
            i -= self.combos
            t, ch = self.tracker, SEAT_CHAR[self.seat]
            for s, k, count in self.spots:
                if i < count:  # the i-th of the seat's cards after the shown one
                    o, at = t.own[s], k + 1
                    for _ in range(i + 1):
                        at = o.find(ch, at + 1)
                    cards = t.unplayed[s]
                    move = _tuple_new(GGMove, (DENI, (cards[at],), cards[k + 1]))
                    break
                i -= count
            else:
                move = self.tail[i]
        self.given.append(move)
        return move

    def all(self) -> list[GGMove]:
        """Every move, listed at once (the same moves as ``[self[i] for i in range(len(self))]``)."""
        moves = []
        if self.combos:
            leads = [()]
            for run in self.runs:
                head, full = tuple(run[:-1]), tuple(run)
                leads = [p + head for p in leads] + [p + full for p in leads]
            moves = [_tuple_new(GGMove, (LEAD, cards, None)) for cards in leads[self.first:]]
        owner, seat = self.tracker.owner, self.seat
        for s, k, count in self.spots:
            if count:
                cards = self.tracker.unplayed[s]
                shown = cards[k + 1]
                moves += [_tuple_new(GGMove, (DENI, (c,), shown)) for c in cards[k + 2:] if owner[c.index] == seat]
        moves += self.tail
        self.given = moves
        return moves
