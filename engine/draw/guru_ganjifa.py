"""A trick table for trick games where one turn may put down several cards (Guru Ganjifa's combined leads).

One row per player in playing order: the name (with "leads" / "wins" marks) and the cards played.

>>> from engine import parse_cards
>>> pic = trick_table_picture([("Ali", parse_cards("RRa 10Ra")), ("Bina", parse_cards("1Ma 2Ma"))], winner="Ali")
>>> pic.alt
'Trick table: Ali leads Raja of Rama, 10 of Rama; Bina plays 1 of Matsya, 2 of Matsya; Ali wins'
"""

from __future__ import annotations

from typing import Sequence

from ..cards import Card
from .cards import card_name
from .layouts import GAP, hand_picture
from .svg import Picture, element, place, sub, text

NAME_COLUMN = 96


def trick_table_picture(rows: Sequence[tuple[str, Sequence[Card]]], *, winner: str | int | None = None,
                        size: float = 48, per_row: int = 7, caption: str | None = None) -> Picture:
    """``rows``: ``(player, cards played)`` in playing order, the leader first; ``winner`` a name or row index."""
    if isinstance(winner, int) and not isinstance(winner, bool):
        winner = rows[winner][0]
    body = element("g", class_="trick-table")
    y = 0.0
    width = NAME_COLUMN + size
    parts = []
    for i, (player, cards) in enumerate(rows):
        won = player == winner
        hand = hand_picture(list(cards), size=size, per_row=per_row, highlight=list(cards) if won else ())
        row = sub(body, "g", class_="play winner" if won else "play", data_player=player)
        if won:
            sub(row, "rect", x=0, y=y, width=NAME_COLUMN - 8, height=hand.height, rx=6, fill="#fff3d1")
        text(row, 6, y + size / 2 - 2, player, 13, anchor="start", max_width=NAME_COLUMN - 16, class_="player")
        marks = [m for m, on in (("leads", i == 0), ("wins", won)) if on]
        if marks:
            text(row, 6, y + size / 2 + 13, ", ".join(marks), 11, anchor="start", fill="#8a5a00", class_="mark")
        place(row, hand, NAME_COLUMN, y)
        width = max(width, NAME_COLUMN + hand.width)
        parts.append(f"{player} {'leads' if i == 0 else 'plays'} "
                     + (", ".join(card_name(c) for c in cards) or "nothing"))
        y += hand.height + GAP * 3
    height = max(y - GAP * 3, size)
    if caption:
        text(body, 0, height + 16, caption, 12, anchor="start", class_="caption", max_width=width)
        height += 22
    alt = "Trick table: " + "; ".join(parts) + (f"; {winner} wins" if winner is not None else "")
    if caption:
        alt += f". {caption}"
    return Picture(body, width, height, alt)
