"""Hamrang pictures: a whole position (the trick on the table above every hand), after Guru Ganjifa's.

The layout is the trick family's (:mod:`engine.families.tricks.pictures`); here are Hamrang's words: the
suit led in the caption, the tricks won on a seat's name line and a player out.
"""

from __future__ import annotations

from ...draw.svg import Picture
from ...draw.tricks import count_words
from ...families.tricks.pictures import position_picture, seat_picture, trick_table


def state_picture(state, *, viewer: int | None = None, names=None) -> Picture:
    """A Hamrang position: the trick in progress (or the last trick and its winner), then every hand.

    Each hand shows its seat's name, tricks won and cards held, and whether the player is out (the cards
    then lie face down: drawn as backs, and said on the name line); the seat to play is marked. With ``viewer``, other hands
    are backs.
    """
    def seat(s, hand, name, to_play, room):
        out = not state.still_in[s]
        # an out player's cards lie face down before them [hr.out], out of play: drawn as backs for everyone, the
        # book too, and said on the name line
        face_up = set() if out or (viewer is not None and s != viewer) else None
        return seat_picture(s, hand, name, to_play, face_up, room, won=count_words(state.tricks[s], "trick"),
                            mark=("out: cards face down", "#666666") if out else None,
                            status=" (out, cards face down)" if out else "")

    return position_picture(state, "hamrang", viewer, names, lambda seat_names: _trick_table(state, seat_names), seat)


def _trick_table(state, seat_names) -> tuple[Picture | None, str]:
    """The trick in progress, else the last trick with its winner, else None; and its caption."""
    if state.trick:
        plays, winner = state.trick, None
        current = state.current_player
        to_play = seat_names[current] if current is not None else None
        caption = "Trick in progress"
        caption += f": {seat_names[state.trick[0][0]]} leads {state.trick[0][1].suit.name}"
    elif state.last_trick is not None:
        plays, winner = state.last_trick
        to_play, caption = None, f"Trick just played: won by {seat_names[winner]}"
    else:
        return None, ""
    return trick_table(plays, seat_names, winner, to_play), caption
