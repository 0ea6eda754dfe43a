"""A move told as a choice, before it is made: what it does, never the cards it would bring.

Shared by the questions a chapter asks (``engine.examples.questions``: "what may NAME play", "may NAME MOVE") and the
list of moves at the table and on a play page (``engine.doors.terminal.TerminalGame.describe``), so that both say a
choice by the same rule: a card the move would bring into the mover's view (from a stock, from under a pile)
is not named, as nobody at the table knows it before the move is made.
"""

from __future__ import annotations

import re
from typing import Sequence

from ..cards import cards_in
from ..errors import GanjifaError

_SEAT = re.compile(r"\bPlayer (\d+)\b")


def words(text: str, names: Sequence[str]) -> str:
    """Engine text in players' words: "Player 2" becomes the name in seat 2."""
    return _SEAT.sub(lambda m: names[int(m.group(1)) - 1] if 0 < int(m.group(1)) <= len(names) else m.group(0), text)


def brought(state, move, seat: int | None = None) -> tuple[object, set]:
    """``move`` played on a copy of ``state``: (its record, the cards it brings into the view of ``seat``, by
    default the player to move, that the seat could not see before it: not in its view, nor shown to it)."""
    seat = state.current_player if seat is None else seat
    after = state.copy()
    record = after.apply(move)
    seen = cards_in(state.view(seat)) | set(state.visible_cards(seat))
    return record, cards_in(after.view(seat)) - seen


def unnamed(text: str, cards, deck) -> str:
    """``text`` with each of ``cards`` (by its name, with or without "the", or its notation) said as "a card"."""
    for card in cards:
        for said in (f"the {deck.card_name(card)}", deck.card_name(card), str(card)):
            text = re.sub(rf"(?<![\w-]){re.escape(said)}(?![\w-])", "a card", text)
    return text


def chosen(state, move, names) -> tuple[str, tuple[str, ...]]:
    """``move`` told as a choice the player to move may make: the cards it would bring them that they
    cannot see yet (from a stock, from under a pile) are not named, as nobody at the table knows them
    before the move is made. The record's own ``narrate_for`` (as the table hears it) where it has one,
    else those cards are said as "a card"."""
    text, clauses, _, _ = _told(state, move, names)
    return text, clauses


def _told(state, move, names) -> tuple[str, tuple[str, ...], set, object]:
    """:func:`chosen`'s words and clauses, with the cards the move brings and its record (the move played once)."""
    record, new = brought(state, move)
    text, clauses = words(record.narrate(names), names), tuple(record.clauses)
    if not new:
        return text, clauses, new, record
    tell_for = getattr(record, "narrate_for", None)
    if callable(tell_for):
        text = words(tell_for(None, names), names)
    return unnamed(text, new, state.game.deck), clauses, new, record


SAMPLES = 8  # the other ways the hidden cards might lie that a choice's words are checked against
_A_CARD = re.compile(r"(?<![\w-])a card(?![\w-])")


def foreseen(state, move, names) -> tuple[str, tuple[str, ...]] | None:
    """:func:`chosen`, told only as far as the first card it would bring ("cannot play and draws a card", not
    what becomes of it), where those words cannot tell the player anything about the cards the move would
    bring; None where they might: the rank of one of them, or a total made with them ("shows 7, 10 and 8:
    25"), or (where the game can deal the cards hidden from the mover afresh, ``State.sample_hidden``) words
    that would differ had those cards lain otherwise."""
    text, clauses, _ = _foreseen(state, move, names)
    return None if text is None else (text, clauses)


def _foreseen(state, move, names) -> tuple[str | None, tuple[str, ...], object]:
    """:func:`foreseen`'s words (None where they might tell something), the clauses and the record."""
    text, clauses, new, record = _told(state, move, names)
    if not new:
        return text, clauses, record
    text = _up_to_a_card(text)
    if not text or _tells(text, state, new):
        return None, clauses, record
    seat = state.current_player
    try:
        others = [state.sample_hidden(seat, k) for k in range(SAMPLES)]
    except GanjifaError:
        return text, clauses, record
    for other in others:
        try:
            if _up_to_a_card(chosen(other, move, names)[0]) != text:
                return None, clauses, record
        except GanjifaError:
            return None, clauses, record
    return text, clauses, record


def _up_to_a_card(text: str) -> str:
    """``text`` up to the first card it says as "a card", and no further ("draws; a card fits, ..." and "draws a
    card, which does not fit, ..." are both "draws a card")."""
    found = _A_CARD.search(text)
    if not found:
        return text
    before = text[:found.start()].rstrip(" ;,:")
    return f"{before} a card" if before else ""


def _tells(text: str, state, new) -> bool:
    """Whether ``text`` says the rank of a card of ``new`` (once the cards the mover sees are taken out of it, by
    name), or a total ("10: 17")."""
    deck = state.game.deck
    seat = state.current_player
    for card in cards_in(state.view(seat)) | set(state.visible_cards(seat)):
        text = text.replace(deck.card_name(card), "")
    for card in new:
        rank = deck.card_name(card).split(" of ")[0]
        if re.search(rf"(?<![\w-]){re.escape(rank)}(?![\w-])", text):
            return True
    return re.search(r"\d+ *[:=] *\d+|: *\d+\b", text) is not None


def rule_clause(state, move) -> str | None:
    """The clause ``move`` is played under, whatever it brings: of the clauses its record cites, the one named after
    the move's first word where there is one (``nq.take`` for ``take``), else the first (the others may tell what
    it brought: ``nq.bust``)."""
    return _rule_clause(brought(state, move)[0], move)


def _rule_clause(record, move) -> str | None:
    cited = list(record.clauses)
    if not cited:
        return None
    word = str(move).split(" ")[0].lower()
    return next((c for c in cited if c.split(".", 1)[1] == word), cited[0])


def rule_of(state, move, record=None) -> str:
    """The clause ``move`` is played under (:func:`rule_clause`), by its title in the chapter, with its id
    (``Take another card [nq.take]``); ``record``: the move's, where it has been played already."""
    clause = rule_clause(state, move) if record is None else _rule_clause(record, move)
    title = state.game.CLAUSES.get(clause, "") if clause else ""
    return f"{title} [{clause}]" if title else ""


def as_choice(state, move, names) -> tuple[str, tuple[str, ...]]:
    """``move`` told as a choice, for a book's list of what a player may do and the answers to "may" and "must":
    :func:`foreseen` (never the cards it would bring nor what becomes of them: "draws a card", not whether it
    fits), or, where even that would tell something, by the rule it is played under ("Asha takes another card
    [nq.take]." where the rule is named after the move, else "Asha: TITLE [id]."); with the clauses its record
    cites."""
    text, clauses, record = _foreseen(state, move, names)
    if text is not None:
        return text, clauses
    said = rule_of(state, move, record)
    word = str(move).split(" ")[0].lower()
    if said.lower().startswith(word + " "):  # the rule named after the move, its title an order: "Take another
        # card [nq.take]" is "Bela takes another card [nq.take]."
        verb = word + ("es" if word.endswith(("s", "sh", "ch", "x")) else "s")
        return f"{names[state.current_player]} {verb} {said[len(word) + 1:]}.", clauses
    return f"{names[state.current_player]}: {said}.", clauses
