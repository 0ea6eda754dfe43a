"""Traditional Ganjifa moves: the notation :class:`TGMove`.

A move is one decision of one player (or of chance); ``TGMove.parse(text)`` and ``str(move)``
round-trip::

    open RRa 3Ma        the holder of the Surkhya opens with it and one more card
    add 3Ma             add one card to the trick in progress
    dukkal RKr MKr      lead a dukkal: the run of hukms but its lowest card
    deni 7Kr            give a deni: lead a low card of the suit (or the Mantri itself, losing it)
    double RKr 8Kr      (the gheni) play the hukm and a higher card of the suit: a double trick
    talafa 7Kr          talafa (a low card of the suit); after the tigasta also 'talafa 3Ma as Kr' (face down)
    utari RMa 10Pa      lead hukms (before the tigasta all of them, after it one or all); 'utari' alone: a card at random
    sir RKr 5Kr         utaruna-sir: the hukm and a low card as a double trick
    natavani 5Kr        lead a low card under the third card of the suit
    tavani 3Ma as Kr    the tavani owed after a natavani: any card face down, naming the suit
    hardu 5Kr           a low card under the third card, declaring the two top cards in one hand
    sokta 5Kr 4Kr       every card of a suit held, declaring the others void in it
    akheri 7Kr          the final lead, of the last card
    swap 4Ku for 7Kr    at the opening: a card from hand for a card of the trick
    ask 4Ku for Kr      at the opening: a lone Mantri's holder asks its Raja's holder for a low card
    give 6Kr            (the gheni asked) the low card given
    keep                no exchange at the opening
    aside first         card payment: the payer sets aside the first (second, last) batch(es), unseen
    apart 9Na           card payment: then, having looked at the rest of the hand, sets one card of it apart
    return 2Ma          card payment: the receiver gives a card back
    deal ... / ... / ...   chance: a new deal (each hand in the order dealt)
    draw 7Kr            chance: the card drawn at random for an utari
    take 3Ma 4Ku        chance: the cards the receiver takes blind from the set-aside batches
"""

from __future__ import annotations

from operator import itemgetter

from ...cards import Card, check_deck, format_cards
from ...decks import DASHAVATARA
from ...errors import NotationError

OPEN, ADD, DUKKAL, DENI, DOUBLE, TALAFA, UTARI, SIR = "open", "add", "dukkal", "deni", "double", "talafa", "utari", "sir"
NATAVANI, TAVANI, HARDU, SOKTA, AKHERI = "natavani", "tavani", "hardu", "sokta", "akheri"
SWAP, ASK, GIVE, KEEP, ASIDE, RETURN = "swap", "ask", "give", "keep", "aside", "return"
APART = "apart"
DEAL, DRAW, TAKE = "deal", "draw", "take"

LEADS = (OPEN, DUKKAL, DENI, TALAFA, UTARI, SIR, NATAVANI, TAVANI, HARDU, SOKTA, AKHERI)
CHANCE_KINDS = (DEAL, DRAW, TAKE)
# kind -> (fewest cards, most cards or None)
_COUNTS = {OPEN: (2, 2), ADD: (1, 1), DUKKAL: (1, None), DENI: (1, 1), DOUBLE: (2, 2), TALAFA: (1, 1),
           UTARI: (0, None), SIR: (2, 2), NATAVANI: (1, 1), TAVANI: (1, 1), HARDU: (1, 1), SOKTA: (1, None),
           AKHERI: (1, 1), GIVE: (1, 1), KEEP: (0, 0), RETURN: (1, 1), DRAW: (1, 1), TAKE: (1, None),
           APART: (1, 1)}
KINDS = tuple(_COUNTS) + (SWAP, ASK, ASIDE, DEAL)
SETS = ("first", "second", "last")
SUIT_CODES = {s.code: s for s in DASHAVATARA.suits}
_USAGE = "moves are " + ", ".join(KINDS)


class TGMove(tuple):
    """One decision: ``kind``, ``cards`` and ``extra`` (a suit code, or first/second/last).

    The cards of a lead of several cards (dukkal, utari, sokta) and of chance's take are kept
    in one order, suit by suit and strongest first, so equal moves are equal tuples; the other
    kinds keep the order written (``open``: the Surkhya first; ``swap``: the hand's card first).

    >>> TGMove.parse("talafa 3Ma as Kr")
    TGMove.parse('talafa 3Ma as Kr')
    >>> TGMove.parse("utari 10Pa RMa") == TGMove.parse("utari RMa 10Pa")
    True
    """

    __slots__ = ()
    kind = property(itemgetter(0))
    cards = property(itemgetter(1))
    extra = property(itemgetter(2))

    def __new__(cls, kind: str, cards=(), extra: str | None = None):
        return tuple.__new__(cls, (kind, tuple(cards), extra))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (TGMove.parse, (str(self),))

    def __str__(self) -> str:
        kind, cards, extra = self
        if kind == SWAP:
            return f"swap {cards[0]._text} for {cards[1]._text}"
        if kind == ASK:
            return f"ask {cards[0]._text} for {extra}"
        if kind == ASIDE:
            return f"aside {extra}"
        if kind == DEAL:
            n = len(cards) // 3
            return "deal " + " / ".join(format_cards(cards[i * n:(i + 1) * n]) for i in range(3))
        if not cards:
            return kind
        text = f"{kind} {format_cards(cards)}"
        return text + (f" as {extra}" if extra else "")

    def __repr__(self) -> str:
        return f"TGMove.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> "TGMove":
        """Read a move as written; NotationError naming the token."""
        if not isinstance(text, str):
            raise NotationError(repr(text), "a move is written as text, e.g. 'add 3Ma'")
        tokens = text.split()
        if not tokens:
            raise NotationError(text, "empty move; " + _USAGE)
        kind, rest = tokens[0], tokens[1:]
        if kind not in KINDS:
            raise NotationError(kind, "unknown move; " + _USAGE)
        if kind == SWAP:
            if len(rest) != 3 or rest[1] != "for":
                raise NotationError(text, "a swap is written 'swap <card from hand> for <card of the trick>'")
            a, b = _card(rest[0]), _card(rest[2])
            if a is b:
                raise NotationError(rest[2], "a card is swapped for another card")
            return TGMove(SWAP, (a, b))
        if kind == ASK:
            if len(rest) != 3 or rest[1] != "for" or rest[2] not in SUIT_CODES:
                raise NotationError(text, "an ask is written 'ask <card given> for <suit code>', e.g. 'ask 4Ku for Kr'")
            return TGMove(ASK, (_card(rest[0]),), rest[2])
        if kind == ASIDE:
            if len(rest) != 1 or rest[0] not in SETS:
                raise NotationError(text, "a set-aside is written 'aside first|second|last', the batches alone, "
                                          "unseen; the card set apart is a move of its own after it: 'apart <card>'")
            return ASIDE_MOVES[rest[0]]
        if kind == DEAL:
            parts = " ".join(rest).split("/")
            hands = [tuple(map(_card, p.split())) for p in parts]
            if len(hands) != 3 or len({len(h) for h in hands}) != 1 or not hands[0]:
                raise NotationError(text, "a deal is written 'deal <hand> / <hand> / <hand>', three equal hands")
            cards = hands[0] + hands[1] + hands[2]
            _no_twice(cards)
            return TGMove(DEAL, cards)
        extra = None
        if len(rest) >= 2 and rest[-2] == "as":
            if kind not in (TALAFA, TAVANI):
                raise NotationError("as", "only a talafa or a tavani names a suit")
            extra = rest[-1]
            if extra not in SUIT_CODES:
                raise NotationError(extra, "unknown suit code; codes are " + " ".join(SUIT_CODES))
            rest = rest[:-2]
        elif kind == TAVANI:
            raise NotationError(text, "a tavani names its suit: 'tavani 3Ma as Kr'")
        cards = tuple(map(_card, rest))
        if kind in SORTED:
            cards = tuple(sorted(cards, key=_place))
        low, high = _COUNTS[kind]
        if len(cards) < low or (high is not None and len(cards) > high):
            want = "no cards" if high == 0 else f"{low} card(s)" if low == high else f"at least {low} card(s)"
            raise NotationError(text, f"'{kind}' takes {want}")
        _no_twice(cards)
        if kind == ADD:
            return ADD_MOVES[cards[0]]
        if kind == RETURN:
            return RETURN_MOVES[cards[0]]
        if kind == APART:
            return APART_MOVES[cards[0]]
        return TGMove(kind, cards, extra)


def _no_twice(cards) -> None:
    if len(set(cards)) != len(cards):
        dup = next(c for i, c in enumerate(cards) if c in cards[:i])
        raise NotationError(str(dup), "a card is listed twice")


def _card(token: str) -> Card:
    return check_deck(Card.parse(token), DASHAVATARA, "Traditional Ganjifa")


_tuple_new = tuple.__new__
SORTED = frozenset({"dukkal", "utari", "sokta", "take"})
_PLACE: dict = {}


def _place(card: Card) -> int:
    """A card's place in a sorted hand: suit by suit in deck order, strongest first."""
    return _PLACE[card.index]


def _fill_places() -> None:
    from ...decks import Ranking
    from ...families.tricks import suit_orders

    i = 0
    for cards in suit_orders(DASHAVATARA, Ranking.TRADITIONAL):
        for c in cards:
            _PLACE[c.index] = i
            i += 1


_fill_places()


def make(kind, cards=(), extra=None) -> TGMove:
    """A move from its parts, unchecked (the engine's own moves)."""
    return _tuple_new(TGMove, (kind, tuple(cards), extra))


ADD_MOVES = {c: make(ADD, (c,)) for c in DASHAVATARA.cards}  # one-card adds are interned
KEEP_MOVE = make(KEEP)
RETURN_MOVES = {c: make(RETURN, (c,)) for c in DASHAVATARA.cards}
ASIDE_MOVES = {w: make(ASIDE, (), w) for w in SETS}
APART_MOVES = {c: make(APART, (c,)) for c in DASHAVATARA.cards}
UTARI_DRAW = make(UTARI)  # an utari of no card: the random card is drawn


def _by_index(kind: str) -> list:
    """``kind``'s one-card moves, interned: card.index -> the move of that card (the engine's lists share them)."""
    table = [None] * (max(c.index for c in DASHAVATARA.cards) + 1)
    for c in DASHAVATARA.cards:
        table[c.index] = make(kind, (c,))
    return table


DENI_BY_INDEX, TALAFA_BY_INDEX, UTARI_BY_INDEX, AKHERI_BY_INDEX = map(_by_index, (DENI, TALAFA, UTARI, AKHERI))
NATAVANI_BY_INDEX, HARDU_BY_INDEX, GIVE_BY_INDEX = map(_by_index, (NATAVANI, HARDU, GIVE))
_OPENS: dict = {}  # the Surkhya -> its opening moves by the other card's index


def open_moves(surkhya: Card) -> list:
    """The openings with ``surkhya``, interned: card.index -> the move opening with the Surkhya and that card."""
    table = _OPENS.get(surkhya)
    if table is None:
        table = _OPENS[surkhya] = [None] * (max(c.index for c in DASHAVATARA.cards) + 1)
        for c in DASHAVATARA.cards:
            if c is not surkhya:
                table[c.index] = make(OPEN, (surkhya, c))
    return table
DRAW_BY_INDEX = _by_index(DRAW)
