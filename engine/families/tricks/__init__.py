"""The trick family: what the trick games (Guru Ganjifa, Traditional Ganjifa, Ekrang, Hamrang) share, once.

- :mod:`.tracker`: the unplayed cards of every suit, strongest first, and who holds each (a card is
  unbeatable when every stronger unplayed card of its suit is in the same hand).
- :mod:`.records`: a trick game's record of one step (player, move, clauses, note, the trick it completed).
- :mod:`.pictures`: a trick game's position drawn whole, the trick on the table above every seat's hand.

A game folder keeps only its own rules and words: its kinds of lead, its narration, its captions and
the marks on a seat's name line. The tracker's names are importable from here
(``from engine.families.tricks import SuitTracker``); the records and pictures from their own modules,
so that playing a game never loads the drawing.
"""

from .tracker import INDEX_SIZE, SEAT_CHAR, SuitTracker, strength_by_index, suit_orders

__all__ = ["INDEX_SIZE", "SEAT_CHAR", "SuitTracker", "strength_by_index", "suit_orders"]
