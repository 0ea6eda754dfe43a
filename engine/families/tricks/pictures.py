"""A trick game's position drawn whole: the trick on the table (or the last one and its winner) above
every seat's hand, each hand under its seat's name line.

A game's ``pictures.py`` says only its own words: the caption under the trick, what a seat has won
(cards or tricks), the marks on a name line (cards shown for a Deni, burned cards, a player out) and
which cards of another seat's hand a viewer sees. The pieces come from :mod:`engine.draw.tricks` (the
trick table, the seat columns) and :mod:`engine.draw.layouts` (a hand).

>>> from engine import parse_cards
>>> seat_picture(0, parse_cards("RRa 10Ra"), "Ali", True, None, won="3 cards", exposed=parse_cards("10Ra"),
...              exposed_mark="burned", exposed_as="burned")[1]
'Ali (to play), 3 cards won, 2 in hand: Raja of Rama, 10 of Rama; burned: 10 of Rama'
>>> seat_picture(1, parse_cards("RRa 10Ra"), "Bina", False, set(), won="1 trick", status=" (out)")[1]
'Bina (out), 1 trick won, 2 in hand: 2 face down'
>>> trick_table([(0, parse_cards("RRa")[0]), (1, parse_cards("2Ra")[0])], ["Ali", "Bina"], winner=0).alt
'Trick table: Ali leads Raja of Rama; Bina plays 2 of Rama; Ali wins'
"""

from __future__ import annotations

import math
from typing import Callable, Sequence

from ...cards import Card
from ...draw.cards import card_name
from ...draw.layouts import GAP, hand_picture
from ...draw.svg import PRINT_WIDTH, Picture, element, estimate_width, num, path, place, sub, text
from ...draw.tricks import (COLUMN_GAP, HAND_PER_ROW, HAND_SIZE, MARK, NAME_COLUMN, SEAT_GAP, SHOWN, TRICK_PER_ROW,
                            TRICK_SIZE, TURN, seat_columns, trick_rows, trick_table_picture)

NAME_LINE = 20  # a seat's name, what it has won and the cards it holds, above its hand


def position_picture(state, css_class: str, viewer: int | None, names, draw_trick: Callable, draw_seat: Callable,
                     one_column: bool = False) -> Picture:
    """``state``'s position: the trick ``draw_trick(seat_names)`` draws (a picture or None, and its caption)
    above every seat's ``draw_seat(seat, hand, name, to_play, room)`` (a picture as wide as ``room`` at most,
    and its alt text).

    The seats stand one under another, or two side by side where that is shorter (:func:`seat_columns`);
    with ``one_column`` always one under another. ``names`` are the seats' names (default ``Player 1``...);
    ``viewer`` the seat the picture is drawn for, None for the book's view of every hand."""
    n = state.game.players
    seat_names = list(names) if names else [f"Player {i + 1}" for i in range(n)]
    current = state.current_player
    body = element("g", class_=css_class)
    alts = [f"{state.game.title}, {n} players" + (f", as {seat_names[viewer]} sees it" if viewer is not None else "")]
    y = 0.0
    width = HAND_SIZE
    table, caption = draw_trick(seat_names)
    lines = _caption_lines(caption)
    extra = 16 * (len(lines) - 1)  # a caption too long for one line takes two, at the "; " between its parts
    if table is not None:
        place(body, table, 0, 0)
        alts.append(f"{table.alt}. {caption}")
        width = max(width, table.width)
        y = table.height + 28 + extra

    def seats_in(room):
        return [draw_seat(s, hand, seat_names[s], s == current, room) for s, hand in enumerate(state.hands)]

    seats, columns = (seats_in(PRINT_WIDTH), 1) if one_column else seat_columns(seats_in)
    column_width = max(pic.width for pic, _ in seats) if columns == 2 else 0
    for row in range(0, n, columns):
        pair = seats[row:row + columns]
        for col, (pic, _) in enumerate(pair):
            x = col * (column_width + COLUMN_GAP)
            place(body, pic, x, y)
            width = max(width, x + pic.width)
        y += max(pic.height for pic, _ in pair) + SEAT_GAP
    hand_alts = [alt for _, alt in seats]
    if table is not None:  # the caption and a rule under the trick, as wide as the whole picture
        width = max(width, min(max(math.ceil(estimate_width(line, 12)) for line in lines) + 6, PRINT_WIDTH))
        for i, line in enumerate(lines):
            text(body, 6, table.height + 16 + 16 * i, line, 12, anchor="start", class_="caption",
                 max_width=width - 6)
        rule_y = table.height + 26 + extra
        sub(body, "path", d=path("M", 0, rule_y, "L", width, rule_y), stroke="#bbbbbb", stroke_width=1,
            class_="rule")
    alts.append("Hands: " + ". ".join(hand_alts))
    if current is None:
        alts.append("The game is over")
    return Picture(body, width, y - SEAT_GAP, ". ".join(alts))


def trick_table(plays, seat_names, winner: int | None = None, to_play: str | None = None,
                lying=frozenset()) -> Picture:
    """A trick on the table: ``plays`` are its ``(seat, card)`` in playing order, ``winner`` the seat that won it
    (a finished trick: one row a seat) or None, ``to_play`` the name of the seat to play or None; a card in
    ``lying`` lies face down, drawn as the book's reader sees it. The rows stand side by side, each name above
    its cards, when they fit the page's width; else one under another."""
    grouped = trick_rows(plays, by_seat=winner is not None)
    rows = [(seat_names[s], cards) for s, cards in grouped]
    if winner is not None:
        winner = next(i for i, (s, _) in enumerate(grouped) if s == winner)
    shown = rows + ([(to_play, [])] if to_play is not None and rows[-1][0] != to_play else [])
    wide = sum(max(len(cards) * (TRICK_SIZE + GAP) - GAP, NAME_COLUMN - 12) + 16 for _, cards in shown) - 12
    return trick_table_picture(rows, winner=winner, size=TRICK_SIZE, per_row=TRICK_PER_ROW, to_play=to_play,
                               columns=wide <= PRINT_WIDTH, lying=lying)


def seat_picture(seat: int, hand: Sequence[Card], name: str, to_play: bool, face_up: set | None,
                 room: float = PRINT_WIDTH, *, won: str, exposed: Sequence[Card] = (), exposed_mark: str = "",
                 exposed_as: str = "", mark: tuple[str, str] | None = None, status: str = ""):
    """One seat: a name line (name, what it has won, cards held, marks; wrapped to fit ``room``) above the hand.

    ``won`` counts what the seat has won (``3 cards``, ``1 trick``). ``face_up`` is None when the whole hand is
    seen, else the cards of it the viewer sees besides ``exposed``: cards shown to the table, drawn with a blue
    halo, marked ``exposed_mark`` on the name line and named after ``exposed_as`` in the alt text. ``mark`` is
    a game's own mark (words, colour) before "to play"; ``status`` its words after the name in the alt text.
    Returns the picture and its alt text.
    """
    hidden = face_up is not None
    if hidden:
        visible = set(exposed) | face_up
        seen = [c for c in hand if c in visible]
        cards = seen + [None] * (len(hand) - len(seen))
    else:
        seen, cards = list(hand), list(hand)
    per_row = max(1, min(HAND_PER_ROW, int((room + GAP) // (HAND_SIZE + GAP))))
    pic = hand_picture(cards, size=HAND_SIZE, per_row=per_row, highlight=exposed, halo=SHOWN)
    body = element("g", class_="seat to-play" if to_play else "seat", data_seat=seat + 1)
    counts = [(won + " won", "#444444"), (f"{len(hand)} in hand", "#444444")]
    marks = (([(exposed_mark, SHOWN)] if exposed else []) + ([mark] if mark else [])
             + ([("to play", MARK)] if to_play else []))
    # the name line above the cards, so a row of the hand can take the whole width it has; in half
    # the width the counts go on a line of their own under the name and its marks
    narrow = room < PRINT_WIDTH
    rect = sub(body, "rect", x=0, y=0, height=NAME_LINE - 2, rx=5, fill=TURN) if to_play else None
    text(body, 6, 14, name, 13, anchor="start", max_width=NAME_COLUMN - 16, class_="player")
    x, top = 6 + min(estimate_width(name, 13), NAME_COLUMN - 16) + 10, 0.0
    widest = 0.0
    for i, (line, colour) in enumerate(marks + counts if narrow else counts + marks):
        if narrow and i == len(marks):
            widest, x, top = max(widest, x - 2), 6.0, top + NAME_LINE - 4
        text(body, x, top + 14, line, 11, anchor="start", fill=colour, class_="mark")
        x += estimate_width(line, 11) + 8
    width = max(pic.width, widest, x - 2)
    if rect is not None:
        rect.set("width", num(width))
        rect.set("height", num(top + NAME_LINE - 2))
    place(body, pic, 0, top + NAME_LINE)
    height = top + NAME_LINE + pic.height
    alt = f"{name}{' (to play)' if to_play else ''}{status}, {won} won, {len(hand)} in hand: "
    if not hand:
        alt += "no cards"
    elif hidden:
        hidden_count = len(hand) - len(seen)
        alt += ", ".join([card_name(c) for c in seen] + ([f"{hidden_count} face down"] if hidden_count else []))
    else:
        alt += ", ".join(card_name(c) for c in hand)
    if exposed:
        alt += f"; {exposed_as}: " + ", ".join(card_name(c) for c in exposed)
    return Picture(body, width, height, alt), alt


def _caption_lines(caption: str) -> list[str]:
    """The caption in one line, or in two split at its last "; " that leaves a first line fitting the width
    (a longer first part is left whole, as before: the text is then squeezed to fit).

    >>> _caption_lines("Trick just played: won by Asha")
    ['Trick just played: won by Asha']
    >>> _caption_lines("Trick just played: won by Asha; Bela led the 3 of Varaha face down, naming Matsya: only Bela saw it")
    ['Trick just played: won by Asha;', 'Bela led the 3 of Varaha face down, naming Matsya: only Bela saw it']
    """
    if not caption or estimate_width(caption, 12) + 6 <= PRINT_WIDTH or "; " not in caption:
        return [caption]
    cut = caption.rindex("; ")
    while estimate_width(caption[:cut + 1], 12) + 6 > PRINT_WIDTH and "; " in caption[:cut]:
        cut = caption.rindex("; ", 0, cut)
    return [caption[:cut + 1], caption[cut + 2:]]
