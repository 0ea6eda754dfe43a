"""How the heuristic Sama player rates a move: the exchange that adds most on average.

The simple player knows only its own three cards and the value of an average card of the full
pack (6.5; a face-up one counts about 11.1, a court card counting single, or 13 with ``court-up=double``): it exchanges the
face-up card when that adds more than it loses, the face-down pair when that adds more, the
better of the two, and otherwise keeps. At the show there is nothing to choose.
"""

from __future__ import annotations

from ...decks import MUGHAL

MEAN = sum(c.rank for c in MUGHAL.cards) / len(MUGHAL.cards)  # 6.5
MEAN_UP = {"double": 2 * MEAN,
           "single": sum(c.rank if c.rank > 10 else 2 * c.rank for c in MUGHAL.cards) / len(MUGHAL.cards)}
MEANS_UP = {(court_up, times): times * MEAN if court_up == "double" else
            sum(c.rank if c.rank > 10 else times * c.rank for c in MUGHAL.cards) / len(MUGHAL.cards)
            for court_up in ("double", "single") for times in (1, 2, 3)}  # by court-up and face-up (times)


def exchange_gain(hand, kind: str, court_up: str = "single", times: int = 2) -> float:
    """The expected gain of a move (``keep``, ``exchange up``, ``exchange down``) for ``hand``
    ([down, down, up]) against a card of the full pack; the face-up card counted ``times`` its value."""
    if kind == "exchange up":
        up = hand[2].rank
        now = up if court_up == "single" and up > 10 else times * up
        return MEANS_UP[court_up, times] - now
    if kind == "exchange down":
        return 2 * MEAN - hand[0].rank - hand[1].rank
    return 0.0


def move_priority(state, move) -> float:
    cp = state.current_player
    if cp is None or cp < 0:
        return 0.0
    return exchange_gain(state._hands[cp], move._text, state.game.court_up, state.game.times)
