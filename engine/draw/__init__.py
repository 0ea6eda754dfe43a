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
from .svg import PRINT_WIDTH, Picture, document, element, estimate_width, place, text, to_string
from .table import table_picture
from .tricks import trick_table_picture

__all__ = ["card_svg", "hand_svg", "trick_svg", "trick_table_svg", "deck_sheet_svg", "state_svg", "table_svg",
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


def table_svg(game, names) -> Element:
    """The table as ``game`` starts, seen from above: seats with ``names``, the dealer, the direction of play,
    each player's cards and what lies in the middle (the game's ``SEAT_CARDS`` and ``TABLE_LAYOUT``)."""
    return document(table_picture(game, names))


def state_svg(state, *, viewer: int | None = None, names=None) -> Element:
    """A game position, drawn by the game's own picture (``viewer`` sees their own hand and what lies face up).

    Games without a picture of their own (:meth:`~engine.protocol.Game.draw_state` gives None)
    show each hand in ``state.hands``. ``names`` label the hands by seat (default "Player 1", ...).
    """
    picture = state.game.draw_state(state, viewer=viewer, names=names)
    if picture is None:
        dealt = getattr(state, "cards_dealt", lambda: True)()  # before the rules deal, no hand is drawn
        hands = state.hands if dealt else [[] for _ in state.hands]
        picture = _hands_picture(hands, viewer, state.current_player, names, lying_face_down(state) if dealt else [],
                                 state.visible_cards(viewer) if viewer is not None else frozenset(),
                                 key="" if dealt else "No cards are dealt yet.")
    return document(picture)


def lying_face_down(state) -> list[list[bool]]:
    """For each seat, which of its cards lie face down on the table, in a game whose cards lie before the
    players (``SEAT_CARDS`` has "face-down"): those no other player may see (``visible_cards``). A held
    hand (the default) is not lying face down: it is drawn as a hand."""
    if "face-down" not in state.game.SEAT_CARDS:
        return []
    hands = state.hands
    seen = [state.visible_cards(p) for p in range(len(hands))]
    return [[not any(card in seen[p] for p in range(len(hands)) if p != seat) for card in hand]
            for seat, hand in enumerate(hands)]


def _hands_picture(hands, viewer, current, names=None, lying=(), visible=frozenset(), key: str = "") -> Picture:
    """Each hand under its player's name, side by side in as many columns as fit the print width
    (a table of short hands takes a few rows, not a column down the page); a name is never cut.
    ``lying[seat]`` marks the seat's cards that lie face down (the face drawn smaller on the card's latticed back),
    and a line under the picture says so. Drawn for a ``viewer``, another seat's cards show their backs,
    except those ``visible`` to the viewer (face up on the table, or shown)."""
    pictures = []
    for seat, hand in enumerate(hands):
        label = (names[seat] if names else f"Player {seat + 1}") + (" (to play)" if seat == current else "")
        mine = viewer is None or seat == viewer
        cards = [c if mine or c in visible else None for c in hand]
        pic = hand_picture(cards, label=label, size=48,
                           lying=lying[seat] if mine and seat < len(lying) else ())
        pictures.append(Picture(pic.body, max(pic.width, estimate_width(label, 13)), pic.height, pic.alt))
    body = element("g", class_="hands")
    if not pictures:
        return Picture(body, 1, 1, "no hands")
    gap_x, gap_y = 18, 10
    column = max(p.width for p in pictures)
    columns = max(1, min(len(pictures), int((PRINT_WIDTH + gap_x) // (column + gap_x))))
    rows = [pictures[k:k + columns] for k in range(0, len(pictures), columns)]
    y = 0.0
    for row in rows:
        for col, pic in enumerate(row):
            place(body, pic, col * (column + gap_x), y)
        y += max(p.height for p in row) + gap_y
    width = min(len(pictures), columns) * (column + gap_x) - gap_x
    height = y - gap_y
    if any(any(flags) for flags in lying):  # the key to the lattice round a face, under the hands
        key = "A card on a latticed back lies face down on the table."
    if key:
        text(body, 0, height + 16, key, 12, anchor="start", class_="key")
        width, height = max(width, estimate_width(key, 12) * 1.05), height + 20
    return Picture(body, width, height, ". ".join(p.alt for p in pictures))
