"""A move told as a choice, before it is made: what it does, never the cards it would bring.

Shared by the questions a chapter asks (``engine.questions``: "what may NAME play", "may NAME MOVE") and the
list of moves at the table and on a play page (``engine.terminal.TerminalGame.describe``), so that both say a
choice by the same rule: a card the move would bring into the mover's view (from a stock, from under a pile)
is not named, as nobody at the table knows it before the move is made.
"""

from __future__ import annotations

import re
from typing import Sequence

from .cards import cards_in

_SEAT = re.compile(r"\bPlayer (\d+)\b")


def words(text: str, names: Sequence[str]) -> str:
    """Engine text in players' words: "Player 2" becomes the name in seat 2."""
    return _SEAT.sub(lambda m: names[int(m.group(1)) - 1] if 0 < int(m.group(1)) <= len(names) else m.group(0), text)


def brought(state, move, seat: int | None = None) -> tuple[object, set]:
    """``move`` played on a copy of ``state``: (its record, the cards it brings into the view of ``seat``, by
    default the player to move, that the seat could not see before it: not in its view, nor shown to it)."""
    seat = state.current_player if seat is None else seat
    after = state.copy()
    record = after.apply(move)
    seen = cards_in(state.view(seat)) | set(state.visible_cards(seat))
    return record, cards_in(after.view(seat)) - seen


def unnamed(text: str, cards, deck) -> str:
    """``text`` with each of ``cards`` (by its name, with or without "the", or its notation) said as "a card"."""
    for card in cards:
        for said in (f"the {deck.card_name(card)}", deck.card_name(card), str(card)):
            text = re.sub(rf"(?<![\w-]){re.escape(said)}(?![\w-])", "a card", text)
    return text


def chosen(state, move, names) -> tuple[str, tuple[str, ...]]:
    """``move`` told as a choice the player to move may make: the cards it would bring them that they
    cannot see yet (from a stock, from under a pile) are not named, as nobody at the table knows them
    before the move is made. The record's own ``narrate_for`` (as the table hears it) where it has one,
    else those cards are said as "a card"."""
    record, new = brought(state, move)
    text, clauses = words(record.narrate(names), names), tuple(record.clauses)
    if not new:
        return text, clauses
    tell_for = getattr(record, "narrate_for", None)
    if callable(tell_for):
        text = words(tell_for(None, names), names)
    return unnamed(text, new, state.game.deck), clauses
