"""Ekrang pictures: a whole position (the trick on the table above every hand).

The layout is the trick family's (:mod:`engine.families.tricks.pictures`); here are Ekrang's words: the
phase in the caption and the tricks won on a seat's name line.
"""

from __future__ import annotations

from ...draw.svg import Picture
from ...draw.tricks import count_words
from ...families.tricks.pictures import position_picture, seat_picture, trick_table

PHASES = {"opening": "Opening trick", "phase1": "Phase 1", "phase2": "Phase 2"}


def state_picture(state, *, viewer: int | None = None, names=None) -> Picture:
    """An Ekrang position: the trick in progress (or the last trick and its winner), then every hand.

    Each hand shows its seat's name, tricks won and cards held, and the seat to play is marked;
    with ``viewer``, the other hands are drawn as backs.
    """
    def seat(s, hand, name, to_play, room):
        face_up = set() if viewer is not None and s != viewer else None
        return seat_picture(s, hand, name, to_play, face_up, room, won=count_words(state.tricks[s], "trick"))

    return position_picture(state, "ekrang", viewer, names, lambda seat_names: _trick_table(state, seat_names), seat)


def _trick_table(state, seat_names) -> tuple[Picture | None, str]:
    """The trick in progress, else the last trick with its winner, else None; and its caption."""
    if state.trick:
        plays, winner = state.trick, None
        current = state.current_player
        to_play = seat_names[current] if current is not None else None
        caption = PHASES[state.stage] + ": trick in progress"
        if state.stage == "phase2":  # (short: a wide caption would shrink the picture)
            caption = f"Phase 2: only a higher {state.suit.name} card wins"
    elif state.last_trick is not None:
        plays, winner = state.last_trick
        to_play, caption = None, f"Trick just played: won by {seat_names[winner]}"
        if state.current_player is not None:
            caption += f"; next: {PHASES[state.stage].lower()}, {seat_names[state.current_player]} to lead"
    else:
        return None, ""
    return trick_table(plays, seat_names, winner, to_play), caption
