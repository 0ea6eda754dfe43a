"""What a seat may know at a step of play: the cards it cannot know (:func:`hidden_at_step`), read from the
game's own views of every seat before and after the step. The terminal says each such card as "a card"
(:mod:`engine.doors.terminal`), and the tests hold every game's narration to it (tests/test_hidden_information.py).
"""

from __future__ import annotations

from ..cards import Card, cards_in
from ..protocol import CHANCE


def hidden_at_step(state, before: list, after: list, held: list[set], mover: int | None, record=None) -> list[set[Card]]:
    """Per seat, the cards it cannot know at a step, from the game's own views of that seat before and after it
    (``before``, ``after``: every seat's view) and the hands before it (``held``): every card of the game except

    * those in the seat's view before or after the step;
    * those the step played out of the mover's hand that no view shows afterwards (a card played face up and
      gathered at once with its trick, a bridge's cards cleared): the whole table saw them played; a card still
      shown to some seat after the step but not to this one was played face down;
    * those the record says the whole table was shown (``record.shown_cards()``, where a record has it: the
      cards drawn face up to choose a dealer, shuffled back before the deal).
    """
    everyone = set(state.all_cards())
    seen_after = [cards_in(a) for a in after]
    played_out: set[Card] = set()
    if mover is not None and mover != CHANCE:
        played_out = held[mover].difference(*map(set, state.hands)).difference(*seen_after)
    shown = getattr(record, "shown_cards", None)
    if callable(shown):
        played_out |= set(shown())
    return [everyone - cards_in(b) - a - played_out for b, a in zip(before, seen_after)]
