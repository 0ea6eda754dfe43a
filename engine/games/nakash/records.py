"""What a Nakash step did, and the book's prose for it."""

from __future__ import annotations

from typing import Sequence

from ...families.stakes import StakesRecord, join_names, money, names_of, payments_text, with_totals

PAIR_NAMES = {1: "a pair of 1s", 12: "a pair of Rajas", 11: "a pair of Viziers", 10: "a pair of 10s"}


def rank_word(rank: int) -> str:
    return str(rank) if rank <= 10 else ("a Raja" if rank == 12 else "a Vizier")


def hand_text(hand, rank) -> str:
    """``a pair of Rajas``, ``8 and 9: 17``, ``a Raja and 7: 19, which loses at once``."""
    cls, total, kind = rank
    if kind == "pair":
        return PAIR_NAMES[hand[0].rank]
    words = f"{rank_word(hand[0].rank)} and {rank_word(hand[1].rank)}: {total}"
    if kind == "bust":
        return words + ", which loses at once"
    if kind.startswith("over"):  # "over", or "over 15" at another limit than 17
        return words + f", over {kind[5:] or 17} and no winning pair, so it loses"
    return words


def winning_words(rank) -> str:
    return PAIR_NAMES[{5: 1, 4: 12, 3: 11, 2: 10}[rank[0]]] if rank[2] == "pair" else f"{rank[1]}"


class NakashRecord(StakesRecord):
    """A Nakash step: ``data`` is ``("show", hand, rank, settlement or None, seat)``, ``("dealer", seat)``
    or ``("deal", dealer, round)``."""

    __slots__ = ()

    def narrate(self, names: Sequence[str] | None = None, totals: bool = True) -> str:
        data = self[3]
        kind = data[0]
        cite = " ".join(f"[{c}]" for c in self[2])
        if kind == "dealer":
            return f"Chance chooses {names_of(names, data[1])} to deal first {cite}."
        if kind == "deal":
            return (f"The deal passes to {names_of(names, data[1])}; everyone pays the stake into the pot, "
                    f"and round {data[2]} is dealt {cite}.")
        who = names_of(names, self[0])
        _, hand, rank, settled, _seat = data
        if settled is None:
            return f"{who} shows {hand_text(hand, rank)} {cite}."
        winners, pot, best, returned, pay, running = settled
        text = f"{who}, the dealer, shows {hand_text(hand, rank)}."
        if winners:
            people = [names_of(names, s) for s in winners]
            if len(winners) == 1:
                text += f" {people[0]} wins with {winning_words(best)} and takes the pot of {pot}."
            else:
                shares = ", ".join(f"{names_of(names, s)} {pay[s]}" for s in winners)
                text += (f" {join_names(people)} tie with {winning_words(best)} and share the pot of {pot} "
                         f"({shares}).")
        elif returned:
            share, odd = divmod(pot, len(pay))
            each = f"to the players, {money(share)} each" if not odd else (
                f"in equal shares, the odd stake{'s' if odd > 1 else ''} going in the order of play ("
                + ", ".join(f"{names_of(names, s)} {p}" for s, p in enumerate(pay)) + ")")
            text += f" Nobody has a winning hand, so the pot of {pot} goes back {each}."
        else:
            text += f" Nobody has a winning hand, so the pot of {pot} waits for the next round."
        return with_totals(text, payments_text(running, names) if totals else "", cite)
