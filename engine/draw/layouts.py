"""Rows of cards: a hand (wrapping into even rows), a trick with player labels, a deck sheet.

>>> from engine import parse_cards
>>> pic = hand_picture(parse_cards("RSh 10Ta 1Ba"), label="North")
>>> pic.alt
'North: Raja of Shamsher, 10 of Taj, 1 of Barat'
>>> rows_of(12, 8), rows_of(9, 8), rows_of(0, 8)
([6, 6], [5, 4], [])
"""

from __future__ import annotations

import math
from typing import Sequence

from ..cards import Card, Suit
from ..decks import Deck, Ranking
from .cards import card_name, card_picture, suit_label
from .svg import Picture, element, path, place, sub, text

GAP = 3  # between cards, px
LABEL = 16  # height of a label line, px
PER_ROW = 8  # at size 56 a row of 8 is about 121 mm wide: the A5 text width


def rows_of(n: int, per_row: int) -> list[int]:
    """Split ``n`` cards into the fewest rows of at most ``per_row``, as even as possible."""
    if n <= 0:
        return []
    rows = math.ceil(n / per_row)
    base, extra = divmod(n, rows)
    return [base + 1 if i < extra else base for i in range(rows)]


def hand_picture(cards: Sequence[Card | None], *, label: str | None = None, size: float = 56,
                 highlight: Sequence[Card] = (), per_row: int = PER_ROW, face_down: bool = False,
                 halo: bool | str = True, lying: Sequence[bool] = ()) -> Picture:
    """A hand in rows of at most ``per_row``; ``None`` entries (or ``face_down``) draw as backs.

    ``highlight`` cards get a halo: amber, or the CSS colour ``halo``. ``lying[i]`` marks card ``i`` as
    lying face down on the table, its face drawn smaller on the card's latticed back (the reader sees it).
    """
    body = element("g", class_="hand")
    top = 0.0
    if label:
        text(body, 0, LABEL - 4, label, 13, anchor="start", class_="label")
        top = LABEL
    counts = rows_of(len(cards), per_row) or [0]
    width = max(counts) * (size + GAP) - GAP if cards else size
    index = 0
    for row, count in enumerate(counts):
        for col in range(count):
            card = cards[index]
            pic = card_picture(card, size=size, highlight=card in highlight and halo, face_down=face_down,
                               peek=index < len(lying) and lying[index])
            place(body, pic, col * (size + GAP), top + row * (size + GAP))
            index += 1
    height = top + len(counts) * (size + GAP) - GAP
    if not cards:
        sub(body, "circle", cx=size / 2, cy=top + size / 2, r=size * 0.45, fill="none", stroke="#999999",
            stroke_width=1.5, stroke_dasharray="4 3", class_="empty")
    if face_down or (cards and all(c is None for c in cards)):
        names = f"{len(cards)} face-down cards" if len(cards) != 1 else "1 face-down card"
    else:
        names = ", ".join("a face-down card" if c is None else card_name(c) + (
            " (face down)" if k < len(lying) and lying[k] else "") for k, c in enumerate(cards)) or "no cards"
    alt = f"{label}: {names}" if label else names
    return Picture(body, width, height, alt)


def trick_picture(plays: Sequence[tuple[str, Card]], *, winner: str | int | None = None, size: float = 56) -> Picture:
    """The cards of one trick in playing order, each under its player's name; the winner's card glows."""
    if isinstance(winner, int) and not isinstance(winner, bool):
        winner = plays[winner][0]
    body = element("g", class_="trick")
    step = max(size + 8, 64)
    for i, (player, card) in enumerate(plays):
        x = i * step
        won = player == winner
        text(body, x + size / 2, LABEL - 4, player, 12, max_width=step - 4, class_="player")
        place(body, card_picture(card, size=size, highlight=won), x, LABEL)
        if won:
            text(body, x + size / 2, LABEL + size + 13, "wins", 11, fill="#8a5a00", class_="winner")
    width = max(len(plays) * step - (step - size), size)
    height = LABEL + size + (LABEL if winner is not None else 0)
    alt = "Trick: " + ", ".join(f"{p} {card_name(c)}" for p, c in plays)
    if winner is not None:
        alt += f"; {winner} wins"
    return Picture(body, width, height, alt)


def deck_sheet_picture(deck: Deck, suit: Suit | str | None = None, *, ranking: Ranking = Ranking.TRADITIONAL,
                       size: float | None = None) -> Picture:
    """Cards in rank order, highest first: one suit in rows of six, or the whole deck a column per suit."""
    if suit is not None:
        s = deck.suit(suit) if isinstance(suit, str) else suit
        cards = [Card(s, r) for r in deck.order(s, ranking)]
        pic = hand_picture(cards, label=f"{s.name}, highest to lowest", size=size or 56, per_row=6)
        return Picture(pic.body, pic.width, pic.height, f"{deck.name} deck, {pic.alt}")
    size = size or (44 if len(deck.suits) <= 8 else 40)
    body = element("g", class_="deck-sheet")
    side = 34  # the "high / low" column
    step = size + GAP
    for col, s in enumerate(deck.suits):
        x = side + col * step
        text(body, x + size / 2, LABEL - 4, suit_label(s), 11, max_width=step - 2, class_="suit-head")
        for row, rank in enumerate(deck.order(s, ranking)):
            place(body, card_picture(Card(s, rank), size=size), x, LABEL + row * step)
    rows = 12
    text(body, 0, LABEL + size * 0.6, "high", 11, anchor="start", fill="#555555")
    text(body, 0, LABEL + (rows - 1) * step + size * 0.6, "low", 11, anchor="start", fill="#555555")
    y0, y1 = LABEL + size + 4, LABEL + (rows - 1) * step - 3
    sub(body, "path", d=path("M", 12, y0, "L", 12, y1, "M", 8, y1 - 7, "L", 12, y1, "L", 16, y1 - 7),
        stroke="#777777", stroke_width=1.5, fill="none", class_="arrow")
    width = side + len(deck.suits) * step - GAP
    height = LABEL + rows * step - GAP
    order = "traditional order" if ranking is Ranking.TRADITIONAL else "uniform order"
    alt = (f"{deck.name} deck, every suit from highest to lowest card ({order}): "
           + "; ".join(f"{s.name}: " + ", ".join(card_name(Card(s, r)) for r in deck.order(s, ranking))
                       for s in deck.suits))
    return Picture(body, width, height, alt)
