"""Guru Ganjifa pictures: a trick table (one turn may put down several cards) and a whole position.

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

import math
from typing import Sequence

from ..cards import Card
from .cards import card_name
from .layouts import GAP, hand_picture
from .svg import Picture, element, estimate_width, path, place, sub, text

NAME_COLUMN = 96
MARK = "#8a5a00"  # "leads", "wins", "to play"
TURN = "#fff3d1"  # behind the name of the winner (trick) or of the seat to play (hands)
SHOWN = "#1f6fd1"  # the halo of a card shown for a Deni
TRICK_SIZE, TRICK_PER_ROW = 48, 9  # a trick row: 96 + 9 cards = 552 px
HAND_SIZE, HAND_PER_ROW = 42, 10  # a hand row: 96 + 10 cards = 543 px; 30-40 cards in 3-4 rows
SEAT_GAP = 10
COLUMN_HEAD = 34  # name and marks above a column's cards


def trick_table_picture(rows: Sequence[tuple[str, Sequence[Card]]], *, winner: str | int | None = None,
                        size: float = 48, per_row: int = 7, caption: str | None = None,
                        to_play: str | None = None, columns: bool = False) -> Picture:
    """``rows``: ``(player, cards played)`` in playing order, the leader first.

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
                            highlight=cards if won else ())
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
            parts.append(f"{player} {'leads' if i == 0 else 'plays'} " + ", ".join(card_name(c) for c in cards))
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


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def state_picture(state, *, viewer: int | None = None, names=None) -> Picture:
    """A Guru Ganjifa position: the trick in progress (or the last trick and its winner), then every hand.

    Each hand shows its seat's name, cards won and cards held; cards shown for a Deni have
    a blue halo and the seat to play is marked. With ``viewer``, other hands are backs
    except their face-up batch cards and shown cards.
    """
    n = state.game.players
    seat_names = list(names) if names else [f"Player {i + 1}" for i in range(n)]
    current = state.current_player
    body = element("g", class_="guru-ganjifa")
    alts = [f"{state.game.title}, {n} players" + (f", as {seat_names[viewer]} sees it" if viewer is not None else "")]
    y = 0.0
    width = NAME_COLUMN + HAND_SIZE
    table, caption = _trick_table(state, seat_names)
    if table is not None:
        place(body, table, 0, 0)
        alts.append(f"{table.alt}. {caption}")
        width = max(width, table.width)
        y = table.height + 28
    hand_alts = []
    view = state.view(viewer) if viewer is not None else None
    for seat, hand in enumerate(state.hands):
        pic, alt = _seat_picture(state, seat, hand, seat_names[seat], seat == current,
                                 set(view.face_up[seat]) if view is not None and seat != viewer else None)
        place(body, pic, 0, y)
        hand_alts.append(alt)
        width = max(width, pic.width)
        y += pic.height + SEAT_GAP
    if table is not None:  # the caption and a rule under the trick, as wide as the whole picture
        width = max(width, math.ceil(estimate_width(caption, 12)) + 6)
        text(body, 6, table.height + 16, caption, 12, anchor="start", class_="caption", max_width=width - 6)
        sub(body, "path", d=path("M", 0, table.height + 26, "L", width, table.height + 26), stroke="#bbbbbb",
            stroke_width=1, class_="rule")
    alts.append("Hands: " + ". ".join(hand_alts))
    if current is None:
        alts.append("The game is over")
    return Picture(body, width, y - SEAT_GAP, ". ".join(alts))


def _trick_table(state, seat_names) -> tuple[Picture | None, str]:
    """The trick in progress, else the last trick with its winner, else None; and its caption."""
    if state.trick:
        plays, winner = state.trick, None
        current = state.current_player
        to_play = seat_names[current] if current is not None else None
        caption = "Trick in progress"
        moves = state.trick_moves() if hasattr(state, "trick_moves") else []
        if moves and moves[0][1].kind == "deni":
            caption += f": a Deni, {seat_names[moves[0][0]]} shows the {card_name(moves[0][1].shown)}"
    elif state.last_trick is not None:
        plays, winner = state.last_trick
        to_play, caption = None, f"Last trick: won by {seat_names[winner]}"
    else:
        return None, ""
    grouped = trick_rows(plays, by_seat=winner is not None)
    rows = [(seat_names[s], cards) for s, cards in grouped]
    if winner is not None:
        winner = next(i for i, (s, _) in enumerate(grouped) if s == winner)
    shown = rows + ([(to_play, [])] if to_play is not None and rows[-1][0] != to_play else [])
    wide = sum(max(len(cards) * (TRICK_SIZE + GAP) - GAP, NAME_COLUMN - 12) + 16 for _, cards in shown) - 12
    table = trick_table_picture(rows, winner=winner, size=TRICK_SIZE, per_row=TRICK_PER_ROW, to_play=to_play,
                                columns=wide <= NAME_COLUMN + HAND_PER_ROW * (HAND_SIZE + GAP) - GAP)
    return table, caption


def _seat_picture(state, seat: int, hand: Sequence[Card], name: str, to_play: bool, face_up: set | None):
    """One seat's row: a name column (name, cards won and held, marks) and the hand."""
    exposed = list(state.exposed[seat])
    won = len(state.won[seat])
    hidden = face_up is not None
    if hidden:
        visible = set(exposed) | face_up
        seen = [c for c in hand if c in visible]
        cards = seen + [None] * (len(hand) - len(seen))
    else:
        seen, cards = list(hand), list(hand)
    pic = hand_picture(cards, size=HAND_SIZE, per_row=HAND_PER_ROW, highlight=exposed, halo=SHOWN)
    body = element("g", class_="seat to-play" if to_play else "seat", data_seat=seat + 1)
    lines = [(_count(won, "card") + " won", "#444444"), (f"{len(hand)} in hand", "#444444")]
    if exposed:
        lines.append(("Deni: shown", SHOWN))
    if to_play:
        lines.append(("to play", MARK))
    height = max(pic.height, 21 + 13 * len(lines))
    if to_play:
        sub(body, "rect", x=0, y=0, width=NAME_COLUMN - 8, height=height, rx=6, fill=TURN)
    text(body, 6, 15, name, 13, anchor="start", max_width=NAME_COLUMN - 16, class_="player")
    for i, (line, colour) in enumerate(lines):
        text(body, 6, 30 + 13 * i, line, 11, anchor="start", fill=colour, max_width=NAME_COLUMN - 16, class_="mark")
    place(body, pic, NAME_COLUMN, 0)
    alt = f"{name}{' (to play)' if to_play else ''}, {_count(won, 'card')} won, {len(hand)} in hand: "
    if not hand:
        alt += "no cards"
    elif hidden:
        hidden_count = len(hand) - len(seen)
        alt += ", ".join([card_name(c) for c in seen] + ([f"{hidden_count} face down"] if hidden_count else []))
    else:
        alt += ", ".join(card_name(c) for c in hand)
    if exposed:
        alt += "; shown for a Deni: " + ", ".join(card_name(c) for c in exposed)
    return Picture(body, NAME_COLUMN + pic.width, height, alt), alt
