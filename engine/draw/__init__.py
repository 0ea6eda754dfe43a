"""Pictures of round Ganjifa cards as SVG: cards, hands, tricks, deck sheets, and any game's position.

Drawing takes cards and plain data and never decides legality. Every function returns a
top-level ``<svg>`` element (xmlns, viewBox, pixel size, ``role="img"``, an aria-label and
a ``<title>`` with the alt text); :func:`to_string` serialises it byte-for-byte the same
every time.

>>> from engine import Card
>>> svg = card_svg(Card.parse("VTa"))
>>> svg.get("aria-label"), svg.get("viewBox")
('Vizier of Taj', '0 0 64 64')
>>> to_string(svg) == to_string(card_svg(Card.parse("VTa")))
True
"""

from __future__ import annotations

from typing import Sequence
from xml.etree.ElementTree import Element

from ..cards import Card, Suit
from ..decks import Deck, Ranking
from .cards import card_picture
from .layouts import deck_sheet_picture, hand_picture, trick_picture
from .svg import Picture, document, element, place, to_string
from .tricks import trick_table_picture

__all__ = ["card_svg", "hand_svg", "trick_svg", "trick_table_svg", "deck_sheet_svg", "state_svg",
           "to_string"]


def card_svg(card: Card | None, *, size: float = 64, highlight: bool = False, face_down: bool = False) -> Element:
    """One card; ``face_down`` (or ``card=None``) draws its back and hides its face from the alt text too."""
    return document(card_picture(card, size=size, highlight=highlight, face_down=face_down))


def hand_svg(cards: Sequence[Card], *, label: str | None = None, size: float = 56, highlight: Sequence[Card] = (),
             per_row: int = 8) -> Element:
    """A hand, wrapped into even rows of at most ``per_row`` cards (8 at size 56 fills an A5 text width)."""
    return document(hand_picture(cards, label=label, size=size, highlight=highlight, per_row=per_row))


def trick_svg(plays: Sequence[tuple[str, Card]], *, winner: str | int | None = None, size: float = 56) -> Element:
    """A trick: ``(player label, card)`` pairs in playing order; ``winner`` is a label or an index into plays."""
    return document(trick_picture(plays, winner=winner, size=size))


def trick_table_svg(rows: Sequence[tuple[str, Sequence[Card]]], *, winner: str | int | None = None,
                    size: float = 48, caption: str | None = None) -> Element:
    """A trick where a turn may hold several cards: ``(player, cards)`` rows, the leader first."""
    return document(trick_table_picture(rows, winner=winner, size=size, caption=caption))


def deck_sheet_svg(deck: Deck, suit: Suit | str | None = None, *, ranking: Ranking = Ranking.TRADITIONAL,
                   size: float | None = None) -> Element:
    """A suit's 12 cards from highest to lowest, or (``suit=None``) the whole deck with a column per suit."""
    return document(deck_sheet_picture(deck, suit, ranking=ranking, size=size))


def state_svg(state, *, viewer: int | None = None, names=None) -> Element:
    """A game position, drawn by the game's own picture (``viewer`` sees only their own hand face up).

    Games without a picture of their own (:meth:`~engine.protocol.Game.draw_state` gives None)
    show each hand in ``state.hands``. ``names`` label the hands by seat (default "Player 1", ...).
    """
    picture = state.game.draw_state(state, viewer=viewer, names=names)
    if picture is None:
        picture = _hands_picture(state.hands, viewer, state.current_player, names)
    return document(picture)


def _hands_picture(hands, viewer, current, names=None) -> Picture:
    body, y, width, alts = element("g", class_="hands"), 0.0, 0.0, []
    for seat, hand in enumerate(hands):
        label = (names[seat] if names else f"Player {seat + 1}") + (" (to play)" if seat == current else "")
        pic = hand_picture(list(hand), label=label, size=48, face_down=viewer is not None and seat != viewer)
        place(body, pic, 0, y)
        alts.append(pic.alt)
        y += pic.height + 10
        width = max(width, pic.width)
    return Picture(body, width, max(y - 10, 1), ". ".join(alts) or "no hands")
