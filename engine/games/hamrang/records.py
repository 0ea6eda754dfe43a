"""What a Hamrang step did: :class:`HRRecord`, and the book's narration of it.

The narration is the text a golden transcript stores under each move, so a change here shows
up as a diff in ``rules/deals/``.
"""

from __future__ import annotations

from typing import Sequence

from ...cards import Card
from ...decks import MUGHAL
from ...families.tricks.records import TrickRecord
from ...protocol import CHANCE, default_names

# kinds of turn (the note's first item)
DREW, OPENED, LED, FOLLOWED = "draw", "opening", "lead", "follow"


def card_name(card: Card) -> str:
    """A card's name in prose: ``Raja of Surkh``, ``7 of Taj``."""
    return MUGHAL.card_name(card)


def rank_name(card: Card) -> str:
    return MUGHAL.rank_name(card.rank)


def join(words: Sequence[str]) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


class HRRecord(TrickRecord):
    """What one step did (frozen): ``player``, ``move``, ``clauses``, ``note`` and ``trick``.

    ``note`` says what kind of turn it was, for the narration: ``("draw", dealer, rounds, seats out)``
    (``rounds``: the ``(seat, card)`` draws of each round), ``("opening", substitute, other cards of the Raja's suit held)``, ``("lead",
    substitute)``, ``("follow", held, suit led, end, end)`` (how many cards of the suit led the player
    held, 2 standing for two or more; which end of another suit each card put in is: ``high``, ``low``
    or ``only``). ``trick`` is set on the step that completes a trick: ``(winner, winning card, tricks of the winner, seats now out,
    next leader or None when the game is over, whether the lead passed on, the trick's leader, the
    seats still in, and on the last trick (the winners, the seat that opened the game) else None)``.
    """

    __slots__ = ()

    @property
    def game_over(self) -> bool:
        return bool(self[4]) and self[4][4] is None

    def shown_cards(self) -> tuple[Card, ...]:
        """The cards the whole table is shown at this step: those drawn face up to choose the dealer (they are
        shuffled back before the deal, so naming them tells nobody where a card lies)."""
        if self.note[0] != DREW:
            return ()
        return tuple(c for draws in self.note[2] for _, c in draws)

    def narrate(self, names: Sequence[str] | None = None) -> str:
        """The book's prose for this step, ending in its clause ids."""
        return narrate(self, names)


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth",
            9: "ninth", 10: "tenth", 11: "eleventh", 12: "twelfth"}.get(n, f"{n}th")


def narrate(r: HRRecord, names: Sequence[str] | None) -> str:
    names = list(names or default_names(4))
    note = r.note
    kind = note[0]
    if r.player == CHANCE:
        return _narrate_draw(r, names)
    who = names[r.player]
    a, b = r.move.cards
    suit = a.suit.name
    if kind == OPENED:
        text = f"{who} holds the {card_name(a)} and opens with it"
        if note[1] and note[2]:
            text += (f" and, in place of a second {suit} card, the lowest {b.suit.name} card, the {rank_name(b)}")
        elif note[1]:
            text += (f"; it is the only {suit} card in the hand, so the lowest {b.suit.name} card, "
                     f"the {rank_name(b)}, goes with it")
        else:
            text += f" and the lowest {suit} card held, the {rank_name(b)}"
    elif kind == LED:
        text = f"{who} leads {suit}, a suit with a court card in hand"
        if note[1]:
            text += (f": the {rank_name(a)}, the only {suit} card held, and for the second card the lowest "
                     f"{b.suit.name} card, the {rank_name(b)}")
        else:
            text += f": the highest, the {rank_name(a)}, and the lowest, the {rank_name(b)}"
    else:
        held, led = note[1], note[2]
        if held >= 2:
            text = f"{who} plays the highest and lowest {led} cards held, the {rank_name(a)} and the {rank_name(b)}"
        elif held == 1:
            text = (f"{who} plays the only {led} card held, the {rank_name(a)}, and puts in the "
                    f"{_end_word(note[3])} {b.suit.name} card, the {rank_name(b)}, for the second")
        else:
            text = (f"{who} has no {led} card, so puts in the {_end_word(note[3])} {a.suit.name} card, "
                    f"the {rank_name(a)}, and the {_end_word(note[4])} {b.suit.name} card, the {rank_name(b)}")
    text += " " + " ".join(f"[{c}]" for c in r.clauses if c not in _TRICK_END) + "."
    if r.trick:
        text += " " + _narrate_trick(r, names)
    return text


_TRICK_END = ("hr.trick", "hr.out", "hr.pass-lead", "hr.end")


def _end_word(which: str) -> str:
    return {"high": "highest", "low": "lowest", "only": "only"}[which]


def _narrate_draw(r: HRRecord, names: Sequence[str]) -> str:
    _, dealer, rounds, _ = r.note
    shuffler = r.move.shuffler
    text = f"{names[shuffler]} shuffles and everyone draws a card in turn"
    for k, draws in enumerate(rounds):
        said = ", ".join(f"{names[p]} the {card_name(c)}" for p, c in draws)
        text += (": " if k == 0 else ": ") + said
        if k < len(rounds) - 1:
            tied = [p for p, _ in rounds[k + 1]]
            rank = next(c for p, c in draws if p == tied[0]).rank
            text += f"; {join([names[p] for p in tied])} tie with {MUGHAL.rank_name(rank)}s and draw again"
    high = next(c for p, c in rounds[-1] if p == dealer)
    text += (f". The {card_name(high)} is the highest card, so {names[dealer]} deals [hr.draw]. {names[dealer]} "
             f"shuffles again and deals the whole pack to the four players, 24 cards each, four at a time, starting "
             f"with {names[(dealer + 1) % 4]} [hr.players] [hr.deal].")
    out = r.note[3]
    if out:
        who = join([names[p] for p in out])
        text += f" {who} {'is' if len(out) == 1 else 'are'} dealt no court card and {'sits' if len(out) == 1 else 'sit'} out [hr.out]."
    return text


def _narrate_trick(r: HRRecord, names: Sequence[str]) -> str:
    winner, card, count, out, leader, passed, _, left, _ = r.trick
    text = (f"The {card_name(card)} is the highest {card.suit.name} card played: {names[winner]} wins the trick, "
            f"{names[winner]}'s {_ordinal(count)} [hr.trick].")
    if out:
        who = join([names[p] for p in out])
        verb = "holds" if len(out) == 1 else "hold"
        text += f" {who} {verb} no court card any more and {'is' if len(out) == 1 else 'are'} out [hr.out]."
    if leader is None:
        if left:
            text += f" Only {names[left[0]]} still holds a court card: the game is over [hr.end]."
        else:
            text += " Nobody holds a court card any more: the game is over [hr.end]."
    elif passed:
        text += f" {names[winner]} is out, so the lead passes to {names[leader]}, the next player still in [hr.pass-lead]."
    return text
