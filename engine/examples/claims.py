"""What an example's sentences say about its cards, checked against the example's positions.

A chapter's example shows a position (and perhaps the moves its question plays from it) and says
something about it in words: "Asha's 9 of Krishna is now unbeatable", "Chitra still holds the 3
and the 7 of Taj", "nobody holds the Raja of Safed". This module finds those claims in the
words and checks them against the positions, so that a sentence which contradicts its picture
fails the build (issue 30). It is game-agnostic: it needs only the deck's names for cards, the
seats' names, each position's hands and the position notation.

The claims it reads (a *card phrase* is "the 9 of Krishna", "the Raja and the 4 of Surkh", "the
3, 7 and Vizier of Taj"):

* every card a phrase names is on the example's table: written in one of its positions or
  played by one of its moves (a card hidden in the stock is no card to talk about);
* ``NAME's CARD`` (``Asha's 9 of Krishna``): the card is NAME's (in NAME's hand in one of the
  positions, written for NAME in the notation, or played by NAME);
* ``NAME holds|has|keeps CARDS`` (``still``, ``only``, ``also`` allowed between): every card is in
  NAME's hand in the first position or the last; ``NAME held CARDS``: in one of them;
* ``nobody holds CARD``: no hand holds it in the first position.

>>> from engine import get_game
>>> ek = get_game("ekrang", players=4)
>>> s = ek.position("P1=VTa 3Ta 7Ta 10Su 6Ba; P2=9Ta 2Sh VBa 9Sa 9Su 3Gh; P3=1Ta 4Ta 8Ba 6Sh 2Su 4Gh; "
...                 "P4=2Ch 2Ba 5Qi 5Su 7Sh RSh; tricks=P1:4 P2:6 P3:5 P4:3; lead=P1; stage=phase1")
>>> problems([s], "Asha still holds the 3 and the 7 of Taj.", ("Asha", "Bela", "Chitra", "Dev"))
()
>>> problems([s], "Bela holds the 3 of Taj.", ("Asha", "Bela", "Chitra", "Dev"))
('"Bela holds the 3 of Taj.": Bela does not hold the 3 of Taj here',)
>>> problems([s], "Bela holds the Raja of Taj.", ("Asha", "Bela", "Chitra", "Dev"))
('"Bela holds the Raja of Taj.": the Raja of Taj is in no hand or play of this example',)
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Sequence

from ..cards import Card
from ..decks import Deck

_SEAT_MARK = re.compile(r"\bP(\d+)\s*[=:]")
_TOKEN = re.compile(r"[0-9A-Z][0-9A-Za-z]*")


@lru_cache(maxsize=None)
def _phrase_pattern(deck: Deck) -> tuple[re.Pattern, dict[str, int], dict[str, object]]:
    ranks: dict[str, int] = {str(r): r for r in range(1, 11)}
    for r, name in deck.court_names.items():
        ranks[name.lower()] = r
        for other in deck.court_other_names.get(r, ()):
            ranks[other.lower()] = r
    suits = {}
    for s in deck.suits:
        for n in (s.name, *s.other_names):
            suits[n.lower()] = s
    rank = "|".join(sorted((re.escape(k) for k in ranks), key=len, reverse=True))
    suit = "|".join(sorted((re.escape(k) for k in suits), key=len, reverse=True))
    one = rf"(?:the\s+)?(?:{rank})\b"
    pattern = re.compile(rf"(?<![\w-])(?P<ranks>{one}(?:\s*(?:,\s*(?:and|or)?|\band\b|\bor\b)\s*{one})*)\s+of\s+"
                         rf"(?P<suit>{suit})\b", re.I)
    return pattern, ranks, suits


def card_phrases(text: str, deck: Deck) -> list[tuple[int, int, tuple[Card, ...]]]:
    """(start, end, cards) for every card phrase in ``text``."""
    pattern, ranks, suits = _phrase_pattern(deck)
    found = []
    for m in pattern.finditer(text):
        suit = suits[m.group("suit").lower()]
        words = re.findall(r"\w+", m.group("ranks"))
        cards = tuple(Card(suit, ranks[w.lower()]) for w in words if w.lower() in ranks)
        found.append((m.start(), m.end(), cards))
    return found


def _notation_cards(position: str) -> dict[int | None, set[Card]]:
    """The cards written in a position's notation, by the seat the notation writes them for (None: no seat)."""
    out: dict[int | None, set[Card]] = {None: set()}
    for item in re.split(r"[;,]", position):
        seat = None
        pos = 0
        marks = list(_SEAT_MARK.finditer(item))
        for tok in _TOKEN.finditer(item):
            while pos < len(marks) and marks[pos].start() <= tok.start():
                seat = int(marks[pos].group(1)) - 1
                pos += 1
            if marks and any(m.start() <= tok.start() < m.end() for m in marks):
                continue
            try:
                card = Card.parse(tok.group(0))
            except Exception:  # not a card: a word, a count, a stage name
                continue
            out.setdefault(seat, set()).add(card)
            out[None].add(card)
    return out


class Table:
    """What an example's positions show: every card on its table, and each seat's cards."""

    def __init__(self, states: Sequence, moves: Iterable[tuple[int, object]] = (), notations: Iterable[str] = ()):
        self.states = list(states)
        self.hands = [[set(h) for h in s.hands] for s in self.states]
        self.seats: dict[int, set[Card]] = {}
        self.shown: set[Card] = set()
        for written in [_notation_cards(s.position()) for s in self.states] + [_notation_cards(t) for t in notations]:
            self.shown |= written[None]
            for seat, cards in written.items():
                if seat is not None:
                    self.seats.setdefault(seat, set()).update(cards)
        for s in self.states:
            for seat, hand in enumerate(s.hands):
                self.seats.setdefault(seat, set()).update(hand)
                self.shown.update(hand)
        for seat, move in moves:
            played = _notation_cards(str(move))[None]
            self.shown |= played
            if seat is not None and seat >= 0:
                self.seats.setdefault(seat, set()).update(played)


    def holds(self, seat: int, card: Card, when: str) -> bool:
        """Whether ``seat`` holds ``card`` in the first or the last position (``when="ends"``), or had it at
        any point (``"any"``: in a hand, written for that seat, or played by it)."""
        if when == "any":
            return card in self.seats.get(seat, set())
        return any(card in h[seat] for h in (self.hands[0], self.hands[-1]) if seat < len(h))


def card_name(deck: Deck, card: Card) -> str:
    return "the " + deck.card_name(card)


_NUMBERS = {w: i for i, w in enumerate("no one two three four five six seven eight nine ten eleven twelve".split())}
_NUMBERS.update({"a single": 1, "a": 1, "only one": 1})


def _number(word: str) -> int | None:
    word = " ".join(word.lower().split())
    return int(word) if word.isdigit() else _NUMBERS.get(word)


def problems(states: Sequence, text: str, names: Sequence[str], moves: Iterable[tuple[int, object]] = (),
             notations: Iterable[str] = (), deck: Deck | None = None, *, history: bool = False) -> tuple[str, ...]:
    """Every claim of ``text`` that the example's ``states`` (first the position shown, then the
    positions its moves lead to), ``moves`` ((seat, move) pairs) and the position ``notations`` it
    was written as contradict, each as one line.

    "She" and "her" stand for the player last named before them (in the same text). A card said to be
    gone ("the Raja and Mantri of Krishna are gone") need not be on the table; with ``history`` (the
    words that lead up to an example, which may tell of earlier play) no card need be."""
    if not states:
        return ()
    deck = deck or states[0].game.deck
    table = Table(states, moves, notations)
    seat_of = {n.lower(): i for i, n in enumerate(names)}
    name_re = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    pronoun = r"[Ss]he|[Hh]e"
    possessive = r"[Hh]er|[Hh]is"
    suits = {n.lower(): st for st in deck.suits for n in (st.name, *st.other_names)}
    suit_re = "|".join(re.escape(n) for n in sorted(suits, key=len, reverse=True))
    found: list[str] = []
    last_named: int | None = None

    def who_is(word: str) -> int | None:
        return seat_of.get(word.lower(), last_named if word.lower() in ("she", "he", "her", "his") else None)

    for sentence in re.split(r"(?<=[.!?;:])\s+|\n\s*\n", text):
        quoted = " ".join(sentence.split())
        for start, end, cards in card_phrases(sentence, deck):
            before = sentence[:start]
            mentioned = [m.group(0) for m in re.finditer(rf"\b(?:{name_re})\b", before)]
            here = seat_of[mentioned[-1].lower()] if mentioned else last_named
            gone = re.match(r"\s+(?:is|are|was|were|has been|have been)\s+(?:already\s+)?(?:gone|out|played)\b",
                            sentence[end:])
            for card in () if history or gone else cards:
                if card not in table.shown:
                    found.append(f'"{quoted}": {card_name(deck, card)} is in no hand or play of this example')
            owner = re.search(rf"\b({name_re}|{possessive})(?:['’]s)?\s+(?:own\s+)?$", before)
            if owner and (owner.group(0).rstrip().endswith(("'s", "’s")) or owner.group(1).lower() in ("her", "his")):
                seat = seat_of.get(owner.group(1).lower(), here)
                for card in cards:
                    if seat is not None and card in table.shown and card not in table.seats.get(seat, set()):
                        found.append(f'"{quoted}": {card_name(deck, card)} is not {names[seat]}\'s in this example')
            claim = re.search(rf"\b(?P<who>{name_re}|{pronoun}|[Nn]obody|[Nn]o one)\s+"
                              rf"(?:(?:still|only|also|now|then|just)\s+)*"
                              rf"(?P<verb>holds|has|keeps|held|had|kept)\s+(?:only\s+)?$", before)
            if claim:
                who, verb = claim.group("who").lower(), claim.group("verb").lower()
                when = "any" if history or verb in ("held", "had", "kept") else "ends"
                seat = here if who in ("she", "he") else seat_of.get(who)
                for card in cards:
                    if who in ("nobody", "no one"):
                        if any(card in h for h in table.hands[0]):
                            found.append(f'"{quoted}": {card_name(deck, card)} is in a hand')
                    elif seat is not None and card in table.shown and not table.holds(seat, card, when):
                        found.append(f'"{quoted}": {names[seat]} does not hold {card_name(deck, card)}'
                                     + (" here" if when == "ends" else " at any point of this example"))
        # "Asha has no Kurma", "she holds no Krishna card"
        for m in re.finditer(rf"\b(?P<who>{name_re}|{pronoun})\s+(?:(?:still|now|then)\s+)*(?:holds|has)\s+no\s+"
                             rf"(?P<suit>{suit_re})\b", sentence, re.I):
            seat = who_is(m.group("who")) if m.group("who").lower() not in seat_of else seat_of[m.group("who").lower()]
            if m.group("who").lower() in ("she", "he"):
                before = [x.group(0) for x in re.finditer(rf"\b(?:{name_re})\b", sentence[:m.start()])]
                seat = seat_of[before[-1].lower()] if before else last_named
            suit = suits[m.group("suit").lower()]
            if seat is not None and any(c.suit is suit for c in table.hands[0][seat]):
                found.append(f'"{quoted}": {names[seat]} holds {suit.name} cards here')
        # "Bela holds five cards", "Chitra has a single card left"
        for m in re.finditer(rf"\b(?P<who>{name_re})\s+(?:(?:still|now|then|only)\s+)*(?:holds|has)\s+(?:only\s+)?"
                             rf"(?P<n>\d+|a single|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
                             rf"\s+cards?(?=\s*(?:[.,;:)]|$|\s+(?:left|in (?:her|his) hand|each)\b))", sentence):
            seat, n = seat_of[m.group("who").lower()], _number(m.group("n"))
            sizes = {len(h[seat]) for h in (table.hands[0], table.hands[-1])}
            if n is not None and n not in sizes:
                found.append(f'"{quoted}": {names[seat]} holds {" or ".join(map(str, sorted(sizes)))} cards here, '
                             f"not {n}")
        named = [x.group(0) for x in re.finditer(rf"\b(?:{name_re})\b", sentence)]
        if named:
            last_named = seat_of[named[-1].lower()]
    return tuple(dict.fromkeys(found))


def answer_problems(state, answer, text: str, names: Sequence[str], notation: str = "", *,
                    history: bool = False) -> tuple[str, ...]:
    """:func:`problems` for a question: its position, then every position its answer played through."""
    steps = getattr(answer, "steps", ())
    return problems([state, *(after for _, _, after in steps)], text, names,
                    [(seat, move) for seat, move, _ in steps], [notation] if notation else [], history=history)
