"""Guru Ganjifa pictures: a whole position (the trick on the table above every hand).

The layout is the trick family's (:mod:`engine.families.tricks.pictures`); here are Guru Ganjifa's words:
the caption of a Deni, the cards won on a seat's name line and the cards shown for a Deni.
"""

from __future__ import annotations

from ...draw.cards import card_name
from ...draw.layouts import GAP, hand_picture
from ...draw.svg import Picture, estimate_width, place, text
from ...draw.tricks import HAND_PER_ROW, HAND_SIZE, SHOWN, count_words
from ...draw.tricks import trick_rows, trick_table_picture  # noqa: F401  (tests/test_draw.py imports them from here)
from ...families.tricks.pictures import position_picture, seat_picture, trick_table


def state_picture(state, *, viewer: int | None = None, names=None) -> Picture:
    """A Guru Ganjifa position: the trick in progress (or the last trick and its winner), then every hand.

    Each hand shows its seat's name, cards won and cards held; cards shown for a Deni lie on the table,
    under their holder's hand with a label and a blue halo, and the seat to play is marked. With ``viewer``, other hands are backs
    except their face-up batch cards and shown cards.
    """
    view = state.view(viewer) if viewer is not None else None

    def seat(s, hand, name, to_play, room):
        # a card shown for a Deni lies face up on the table in front of its holder (gg.deni), not in the hand:
        # drawn under the hand, apart from it and labelled, and not counted among the cards in hand
        shown = list(state.exposed[s])
        held = [c for c in hand if c not in shown]
        face_up = set(view.face_up[s]) if view is not None and s != viewer else None
        pic, alt = seat_picture(s, held, name, to_play, face_up, room, won=count_words(len(state.won[s]), "card"))
        if not shown:
            return pic, alt
        return _with_shown(pic, alt, shown, room)

    return position_picture(state, "guru-ganjifa", viewer, names,
                            lambda seat_names: _trick_table(state, seat_names), seat)


SHOWN_LABEL = "On the table, shown for a Deni:"


def _with_shown(pic: Picture, alt: str, shown, room: float) -> tuple[Picture, str]:
    """A seat's picture with the cards it has shown for a Deni laid out under its hand, with their label."""
    body = pic.body  # the seat's own group: the shown cards belong to the seat, under its hand
    y = pic.height + 8
    text(body, 6, y + 12, SHOWN_LABEL, 11, anchor="start", fill=SHOWN, class_="mark")
    per_row = max(1, min(HAND_PER_ROW, int((room + GAP) // (HAND_SIZE + GAP))))
    cards = hand_picture(shown, size=HAND_SIZE, per_row=per_row, highlight=shown, halo=SHOWN)
    place(body, cards, 0, y + 18)
    width = max(pic.width, cards.width, estimate_width(SHOWN_LABEL, 11) + 6)
    alt += "; on the table, shown for a Deni: " + ", ".join(card_name(c) for c in shown)
    return Picture(body, width, y + 18 + cards.height, alt), alt


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
        to_play, caption = None, f"Trick just played: won by {seat_names[winner]}"
    else:
        return None, ""
    return trick_table(plays, seat_names, winner, to_play), caption
