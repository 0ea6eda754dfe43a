"""Pictures for trick-taking games: a trick table, where one turn may put down several cards.

One row per turn in playing order: the name (with "leads" / "wins" / "to play" marks) and the cards played.

>>> from engine import parse_cards
>>> pic = trick_table_picture([("Ali", parse_cards("RRa 10Ra")), ("Bina", parse_cards("1Ma 2Ma"))], winner="Ali")
>>> pic.alt
'Trick table: Ali leads Raja of Rama, 10 of Rama; Bina plays 1 of Matsya, 2 of Matsya; Ali wins'
>>> trick_rows([(0, parse_cards("RRa")[0]), (0, parse_cards("10Ra")[0]), (1, parse_cards("1Ma")[0])])
[(0, [Card.parse('RRa'), Card.parse('10Ra')]), (1, [Card.parse('1Ma')])]
>>> [(seat, len(cards)) for seat, cards in trick_rows([(0, Card.parse("7Bu")), (1, Card.parse("5Ku")), (0, Card.parse("9Bu"))], by_seat=True)]
[(0, 2), (1, 1)]
"""

from __future__ import annotations

from typing import Sequence

from ..cards import Card
from .cards import card_name
from .layouts import GAP, hand_picture  # noqa: F401  (GAP, hand_picture: for game pictures)
from .svg import PRINT_WIDTH, Picture, element, place, sub, text

NAME_COLUMN = 80
MARK = "#8a5a00"  # "leads", "wins", "to play"
TURN = "#fff3d1"  # behind the name of the winner (trick) or of the seat to play (hands)
SHOWN = "#1f6fd1"  # the halo of a card shown for a Deni
# sizes that fit PRINT_WIDTH (420 px, printed unshrunk) with every card at least MIN_CARD (32 px)
TRICK_SIZE, TRICK_PER_ROW = 36, 8  # a trick row: 80 + 8 cards = 393 px
HAND_SIZE, HAND_PER_ROW = 32, 12  # a hand row under its name line: 12 cards = 417 px; 30-40 cards in 3-4 rows
SEAT_GAP = 8
COLUMN_GAP = 6  # between two seats side by side: half the width then holds six cards a row
COLUMN_HEAD = 34  # name and marks above a column's cards


def count_words(n: int, word: str) -> str:
    """``1 card``, ``3 cards``: a count with its noun."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def seat_columns(seats, full: float = PRINT_WIDTH) -> tuple[list, int]:
    """Every seat's ``(picture, alt)`` and how many columns they go in: ``seats(width)`` draws them for a width.

    One seat under another, each hand as wide as the page; or, when that is shorter (small hands late in
    a deal), two seats side by side with their hands wrapped to half the page."""
    def height(pictures, columns):
        return sum(max(p.height for p, _ in pictures[i:i + columns]) + SEAT_GAP
                   for i in range(0, len(pictures), columns))

    one = seats(full)
    half = (full - COLUMN_GAP) / 2
    two = seats(half)
    if all(p.width <= half for p, _ in two) and height(two, 2) < height(one, 1):
        return two, 2
    return one, 1


def trick_table_picture(rows: Sequence[tuple[str, Sequence[Card]]], *, winner: str | int | None = None,
                        size: float = TRICK_SIZE, per_row: int = 7, caption: str | None = None,
                        to_play: str | None = None, columns: bool = False, lying=frozenset()) -> Picture:
    """``rows``: ``(player, cards played)`` in playing order, the leader first; a card None lies face down, and
    a card in ``lying`` lies face down but is drawn as the book's reader sees it (its face on the back).

    ``winner`` is a name (every row of that player is marked) or a row index (that row only).
    ``to_play`` names the player whose turn it is: their last row if they played last, else
    a new row with an empty place. ``columns`` sets the rows side by side, left to right,
    each name above its cards (for short rows: a trick of single cards is one line high).
    """
    rows = [(player, list(cards)) for player, cards in rows]
    if isinstance(winner, int) and not isinstance(winner, bool):
        won_rows, winner = {winner}, rows[winner][0]
    else:
        won_rows = {i for i, (player, _) in enumerate(rows) if player == winner}
    waiting = None
    if to_play is not None:
        if not rows or rows[-1][0] != to_play:
            rows.append((to_play, []))
        waiting = len(rows) - 1
    body = element("g", class_="trick-table columns" if columns else "trick-table")
    x, y = (6.0 if columns else 0.0), 0.0
    width = height = 0.0
    parts = []
    for i, (player, cards) in enumerate(rows):
        won = i in won_rows
        hand = hand_picture(cards, size=size, per_row=(len(cards) or 1) if columns else per_row,
                            highlight=cards if won else (), lying=[c is not None and c in lying for c in cards])
        classes = "play" + " winner" * won + " to-play" * (i == waiting)
        row = sub(body, "g", class_=classes, data_player=player)
        marks = [m for m, on in (("leads", i == 0 and cards), ("wins", won), ("to play", i == waiting)) if on]
        if columns:  # name and marks above the cards
            column = max(hand.width, NAME_COLUMN - 12)
            if won:
                sub(row, "rect", x=x - 4, y=0, width=column + 8, height=COLUMN_HEAD + hand.height + 4, rx=6,
                    fill=TURN)
            text(row, x, 13, player, 13, anchor="start", max_width=column, class_="player")
            if marks:
                text(row, x, 27, ", ".join(marks), 11, anchor="start", fill=MARK, max_width=column, class_="mark")
            place(row, hand, x, COLUMN_HEAD)
            width = x + column + 4
            height = max(height, COLUMN_HEAD + hand.height + 4)
            x += column + 16
        else:
            if won:
                sub(row, "rect", x=0, y=y, width=NAME_COLUMN - 8, height=hand.height, rx=6, fill=TURN)
            text(row, 6, y + size / 2 - 2, player, 13, anchor="start", max_width=NAME_COLUMN - 16, class_="player")
            if marks:
                text(row, 6, y + size / 2 + 13, ", ".join(marks), 11, anchor="start", fill=MARK,
                     max_width=NAME_COLUMN - 16, class_="mark")
            place(row, hand, NAME_COLUMN, y)
            width = max(width, NAME_COLUMN + hand.width)
            y += hand.height + GAP * 3
            height = y - GAP * 3
        if cards:
            parts.append(f"{player} {'leads' if i == 0 else 'plays'} "
                         + ", ".join("a card face down" if c is None else
                                     f"{card_name(c)} face down" if c in lying else card_name(c) for c in cards))
        elif i != waiting:
            parts.append(f"{player} plays nothing")
    width, height = max(width, NAME_COLUMN + size), max(height, size)
    if caption:
        text(body, 6, height + 16, caption, 12, anchor="start", class_="caption", max_width=width)
        height += 22
    alt = "Trick table: " + ("; ".join(parts) or "nothing played yet")
    if winner is not None:
        alt += f"; {winner} wins"
    if to_play is not None:
        alt += f"; {to_play} to play"
    if caption:
        alt += f". {caption}"
    return Picture(body, width, height, alt)


def trick_rows(plays: Sequence[tuple[int, Card]], by_seat: bool = False) -> list[tuple[int, list[Card]]]:
    """``(seat, card)`` plays grouped into ``(seat, cards)`` rows: consecutive plays of one seat share a row.

    ``by_seat``: one row per seat, in the order the seats first played (for a finished trick,
    where a doubled Deni's second round would otherwise repeat every name).
    """
    rows: list[tuple[int, list[Card]]] = []
    for seat, card in plays:
        if by_seat:
            row = next((r for r in rows if r[0] == seat), None)
        else:
            row = rows[-1] if rows and rows[-1][0] == seat else None
        if row is not None:
            row[1].append(card)
        else:
            rows.append((seat, [card]))
    return rows
