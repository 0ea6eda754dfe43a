"""Guru Ganjifa pictures: a whole position (the trick on the table above every hand).

The layout is the trick family's (:mod:`engine.families.tricks.pictures`); here are Guru Ganjifa's words:
the caption of a Deni, the cards won on a seat's name line and the cards shown for a Deni.
"""

from __future__ import annotations

from ...draw.cards import card_name
from ...draw.svg import Picture
from ...draw.tricks import count_words
from ...draw.tricks import trick_rows, trick_table_picture  # noqa: F401  (tests/test_draw.py imports them from here)
from ...families.tricks.pictures import position_picture, seat_picture, trick_table


def state_picture(state, *, viewer: int | None = None, names=None) -> Picture:
    """A Guru Ganjifa position: the trick in progress (or the last trick and its winner), then every hand.

    Each hand shows its seat's name, cards won and cards held; cards shown for a Deni have
    a blue halo and the seat to play is marked. With ``viewer``, other hands are backs
    except their face-up batch cards and shown cards.
    """
    view = state.view(viewer) if viewer is not None else None

    def seat(s, hand, name, to_play, room):
        exposed = list(state.exposed[s])
        face_up = set(view.face_up[s]) if view is not None and s != viewer else None
        return seat_picture(s, hand, name, to_play, face_up, room, won=count_words(len(state.won[s]), "card"),
                            exposed=exposed, exposed_mark="Deni: shown", exposed_as="shown for a Deni")

    return position_picture(state, "guru-ganjifa", viewer, names,
                            lambda seat_names: _trick_table(state, seat_names), seat)


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
    return trick_table(plays, seat_names, winner, to_play), caption
