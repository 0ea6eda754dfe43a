"""Traditional Ganjifa pictures: a whole position (the trick on the table above every hand), after Guru Ganjifa's."""

from __future__ import annotations

import math
from typing import Sequence

from ...cards import Card
from ...draw.cards import card_name
from ...draw.layouts import GAP, hand_picture
from ...draw.svg import PRINT_WIDTH, Picture, element, estimate_width, num, path, place, sub, text
from ...draw.tricks import (COLUMN_GAP, HAND_PER_ROW, HAND_SIZE, MARK, NAME_COLUMN, SEAT_GAP, SHOWN, TRICK_PER_ROW,
                            TRICK_SIZE, TURN, count_words, trick_rows, trick_table_picture)


NAME_LINE = 20  # a seat's name, cards won and held, above its hand


def state_picture(state, *, viewer: int | None = None, names=None) -> Picture:
    """A Traditional Ganjifa position: the trick in progress (or the last trick and its winner), then every hand.

    Each hand shows its seat's name, cards won and cards held; burned cards have a halo and
    the seat to play is marked. With ``viewer``, other hands are backs except their face-up
    batch cards.
    """
    n = state.game.players
    seat_names = list(names) if names else [f"Player {i + 1}" for i in range(n)]
    current = state.current_player
    body = element("g", class_="traditional-ganjifa")
    alts = [f"{state.game.title}, {n} players" + (f", as {seat_names[viewer]} sees it" if viewer is not None else "")]
    y = 0.0
    width = HAND_SIZE
    table, caption = _trick_table(state, seat_names, viewer)
    if table is not None:
        place(body, table, 0, 0)
        alts.append(f"{table.alt}. {caption}")
        width = max(width, table.width)
        y = table.height + 28
    face_up = [set(state.visible_cards(viewer)) if viewer is not None and seat != viewer else None
               for seat in range(n)]
    seats, columns = _seat_grid(state, seat_names, current, face_up)
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
        width = max(width, min(math.ceil(estimate_width(caption, 12)) + 6, PRINT_WIDTH))
        text(body, 6, table.height + 16, caption, 12, anchor="start", class_="caption", max_width=width - 6)
        sub(body, "path", d=path("M", 0, table.height + 26, "L", width, table.height + 26), stroke="#bbbbbb",
            stroke_width=1, class_="rule")
    alts.append("Hands: " + ". ".join(hand_alts))
    if current is None:
        alts.append("The game is over")
    return Picture(body, width, y - SEAT_GAP, ". ".join(alts))


def _seat_grid(state, seat_names, current, face_up):
    """Every seat's picture and alt text, and how many columns they go in.

    One seat under another, each hand as wide as the page; or, when that is shorter (small hands
    late in a deal), two seats side by side with their hands wrapped to half the page."""
    def seats(width):
        return [_seat_picture(state, seat, hand, seat_names[seat], seat == current, face_up[seat], width)
                for seat, hand in enumerate(state.hands)]

    def height(pictures, columns):
        return sum(max(p.height for p, _ in pictures[i:i + columns]) + SEAT_GAP
                   for i in range(0, len(pictures), columns))

    one = seats(PRINT_WIDTH)
    half = (PRINT_WIDTH - COLUMN_GAP) / 2
    two = seats(half)
    del two, half  # always one seat under another: two columns would shrink the cards' labels below 6 pt in print
    return one, 1


def _trick_table(state, seat_names, viewer: int | None = None) -> tuple[Picture | None, str]:
    """The trick in progress, else the last trick with its winner, else None; and its caption. A card led
    face down (a talafa or tavani after the tigasta) is said so in the caption, with the suit it named, and
    drawn face down for a ``viewer`` other than its leader."""
    deck = state.game.deck
    if state.trick:
        plays, winner, down = state.trick, None, state.down
        current = state.current_player
        to_play = seat_names[current] if current is not None else None
        caption = "Trick in progress"
        if down is not None:
            caption += f": the card led lies face down, naming {deck.suits[state.suit].name}"
    elif state.last_trick is not None:
        (plays, winner), down = state.last_trick, state.last_down
        to_play, caption = None, f"Last trick: won by {seat_names[winner]}"
        if down is not None:
            leader = next(p for p, c in plays if c is down)
            led = "a card" if viewer is not None and viewer != leader else f"the {deck.card_name(down)}"
            caption += (f"; {seat_names[leader]} led {led} face down, naming "
                        f"{deck.suits[state.last_named].name}")
    else:
        return None, ""
    if down is not None and viewer is not None:
        plays = [(p, None if c is down and p != viewer else c) for p, c in plays]
    grouped = trick_rows(plays, by_seat=winner is not None)
    rows = [(seat_names[s], cards) for s, cards in grouped]
    if winner is not None:
        winner = next(i for i, (s, _) in enumerate(grouped) if s == winner)
    shown = rows + ([(to_play, [])] if to_play is not None and rows[-1][0] != to_play else [])
    wide = sum(max(len(cards) * (TRICK_SIZE + GAP) - GAP, NAME_COLUMN - 12) + 16 for _, cards in shown) - 12
    table = trick_table_picture(rows, winner=winner, size=TRICK_SIZE, per_row=TRICK_PER_ROW, to_play=to_play,
                                columns=wide <= PRINT_WIDTH)
    return table, caption


def _seat_picture(state, seat: int, hand: Sequence[Card], name: str, to_play: bool, face_up: set | None,
                  room: float = PRINT_WIDTH):
    """One seat: a name line (name, cards won and held, marks; wrapped to fit ``room``) above the hand."""
    exposed = [c for c in state.burned if c in hand]
    won = len(state.won[seat])
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
    counts = [(count_words(won, "card") + " won", "#444444"), (f"{len(hand)} in hand", "#444444")]
    marks = ([("burned", SHOWN)] if exposed else []) + ([("to play", MARK)] if to_play else [])
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
    alt = f"{name}{' (to play)' if to_play else ''}, {count_words(won, 'card')} won, {len(hand)} in hand: "
    if not hand:
        alt += "no cards"
    elif hidden:
        hidden_count = len(hand) - len(seen)
        alt += ", ".join([card_name(c) for c in seen] + ([f"{hidden_count} face down"] if hidden_count else []))
    else:
        alt += ", ".join(card_name(c) for c in hand)
    if exposed:
        alt += "; burned: " + ", ".join(card_name(c) for c in exposed)
    return Picture(body, width, height, alt), alt
