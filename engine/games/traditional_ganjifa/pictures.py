"""Traditional Ganjifa pictures: a whole position (the trick on the table above every hand), after Guru Ganjifa's.

The layout is the trick family's (:mod:`engine.families.tricks.pictures`); here are Traditional Ganjifa's
words: the caption of a card led face down, the cards won and the burned cards on a seat's name line, and
the seats always one under another.
"""

from __future__ import annotations

from ...draw.svg import Picture
from ...draw.tricks import count_words
from ...families.tricks.pictures import position_picture, seat_picture, trick_table


def state_picture(state, *, viewer: int | None = None, names=None) -> Picture:
    """A Traditional Ganjifa position: the trick in progress (or the last trick and its winner), then every hand.

    Each hand shows its seat's name, cards won and cards held; burned cards have a halo and
    the seat to play is marked. With ``viewer``, other hands are backs except their face-up
    batch cards.
    """
    visible = set(state.visible_cards(viewer)) if viewer is not None else None

    def seat(s, hand, name, to_play, room):
        exposed = [c for c in state.burned if c in hand]
        face_up = visible if viewer is not None and s != viewer else None
        if face_up is not None:  # the hand as the viewer knows it: the cards seen at the deal and not seen
            known = list(state.seen_at_deal(s))[:len(hand)]  # played, then backs (which card went face down, none says)
            hand = known + [c for c in hand if c not in known][:len(hand) - len(known)]
            face_up = face_up | set(known)
        return seat_picture(s, hand, name, to_play, face_up, room, won=count_words(len(state.won[s]), "card"),
                            exposed=exposed, exposed_mark="burned", exposed_as="burned")

    # always one seat under another: two columns would shrink the cards' labels below 6 pt in print
    return position_picture(state, "traditional-ganjifa", viewer, names,
                            lambda seat_names: _trick_table(state, seat_names, viewer), seat, one_column=True)


def _trick_table(state, seat_names, viewer: int | None = None) -> tuple[Picture | None, str]:
    """The trick in progress, else the last trick with its winner, else None; and its caption. A card led
    face down (a talafa or tavani after the tigasta) is said so in the caption, with the suit it named, and
    drawn face down (its back) but for its leader's own picture; the book (no viewer) draws its face on the
    back, as the book draws every card its reader may follow that some players cannot see."""
    deck = state.game.deck
    if state.trick:
        plays, winner, down = state.trick, None, state.down
        current = state.current_player
        to_play = seat_names[current] if current is not None else None
        caption = "Trick in progress"
        if down is not None:
            caption += f": the card led lies face down, naming {deck.suits[state.suit].name}"
            if viewer is None:  # the book draws its back: name it, and say that only its leader has seen it
                caption += f" (the {deck.card_name(down)}; only {seat_names[state.trick[0][0]]} knows it)"
    elif state.last_trick is not None:
        (plays, winner), down = state.last_trick, state.last_down
        to_play, caption = None, f"Trick just played: won by {seat_names[winner]}"
        if down is not None:
            leader = next(p for p, c in plays if c is down)
            led = "a card" if viewer is not None and viewer != leader else f"the {deck.card_name(down)}"
            caption += (f"; {seat_names[leader]} led {led} face down, naming "
                        f"{deck.suits[state.last_named].name}" + (f": only {seat_names[leader]} saw it"
                                                                  if viewer is None else ""))
    else:
        return None, ""
    if down is not None and viewer is not None:  # it lies face down: its back; its leader sees it
        plays = [(p, None if c is down and p != viewer else c) for p, c in plays]
    lying = frozenset({down}) if down is not None and viewer is None else frozenset()
    return trick_table(plays, seat_names, winner, to_play, lying=lying), caption
