"""What a Sama step did, and the book's prose for it."""

from __future__ import annotations

from typing import Sequence

from ...decks import MUGHAL
from ...families.stakes import StakesRecord, join_names, names_of, payments_text, with_totals


def rank_word(rank: int) -> str:
    return str(rank) if rank <= 10 else ("Raja" if rank == 12 else "Vizier")


def article(rank: int) -> str:
    return str(rank) if rank <= 10 else ("a Raja" if rank == 12 else "a Vizier")


def shown_text(hand, total: int) -> str:
    """``7 and 10 face down and a 9 face up: 17 + 18 = 35``."""
    down = hand[0].rank + hand[1].rank
    up = total - down
    return (f"{article(hand[0].rank)} and {article(hand[1].rank)} face down and the {rank_word(hand[2].rank)} "
            f"face up: {down} + {up} = {total}")


class SamaRecord(StakesRecord):
    """A Sama step: ``data`` is ``("exchange", kind, discarded)``, ``("drawn", seat, where)``,
    ``("show", hand, total, settlement or None)``, ``("dealer", seat)`` or ``("deal", dealer, round)``."""

    __slots__ = ()

    def narrate(self, names: Sequence[str] | None = None, totals: bool = True) -> str:
        data = self[3]
        kind = data[0]
        cite = " ".join(f"[{c}]" for c in self[2])
        if kind == "dealer":
            return f"Chance chooses {names_of(names, data[1])} to deal first {cite}."
        if kind == "deal":
            return f"The deal passes to {names_of(names, data[1])}, who deals round {data[2]} {cite}."
        if kind == "drawn":
            who = names_of(names, data[1])
            cards = self[1].cards
            if data[2] == "up":
                return f"{who}'s new face-up card is the {MUGHAL.card_name(cards[0])} {cite}."
            return (f"{who} draws two new face-down cards, the {MUGHAL.card_name(cards[0])} and the "
                    f"{MUGHAL.card_name(cards[1])} {cite}.")
        who = names_of(names, self[0])
        if kind == "exchange":
            what, gone = data[1], data[2]
            if what == "keep":
                return f"{who} keeps the cards {cite}."
            if what == "up":
                return f"{who} discards the face-up {rank_word(gone[0].rank)} and will get a new face-up card {cite}."
            return (f"{who} discards both face-down cards, the {rank_word(gone[0].rank)} and the "
                    f"{rank_word(gone[1].rank)}, and will get two new ones {cite}.")
        _, hand, total, settled = data
        text = f"{who} shows {shown_text(hand, total)}"
        if settled is None:
            return text + f" {cite}."
        winners, best, pot, pay, balance, won, scoring = settled
        people = [names_of(names, s) for s in winners]
        text += "."
        if scoring == "stakes":
            if len(winners) == 1:
                text += f" {people[0]} has the highest total, {best}, and takes the pot of {pot}."
            else:
                shares = ", ".join(f"{names_of(names, s)} {pay[s]}" for s in winners)
                text += f" {join_names(people)} tie with {best} and share the pot of {pot} ({shares})."
            return with_totals(text, payments_text(balance, names) if totals else "", cite)
        if len(winners) == 1:
            text += f" {people[0]} has the highest total, {best}, and wins the round."
        else:
            text += f" {join_names(people)} tie with {best}, and each counts the round as won."
        rounds = ", ".join(f"{names_of(names, s)} {w}" for s, w in enumerate(won))
        return with_totals(text, rounds if totals else "", cite, label="Rounds won")
