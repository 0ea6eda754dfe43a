"""What a Komi step did, and the book's prose for it."""

from __future__ import annotations

from typing import Sequence

from ...families.stakes import StakesRecord, money, names_of, payments_text, with_totals

CL_BET = ("km.bet",)
CL_DEALER = ("km.dealer",)


def hand_words(cards) -> str:
    """``5, 7 and a Vizier``: a hand as a player reads it (suits do not matter in Komi)."""
    words = [str(c.rank) if c.rank <= 10 else ("a Raja" if c.rank == 12 else "a Vizier") for c in cards]
    return ", ".join(words[:-1]) + " and " + words[-1]


COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def komi_words(cards) -> str:
    """``a Komi (three court cards)``: as many court cards as the hand holds."""
    return f"a Komi ({COUNT_WORDS.get(len(cards), len(cards))} court cards)"


def score_words(cards, score: int) -> str:
    if score == 10:
        return komi_words(cards)
    total = sum(c.rank for c in cards if c.rank <= 10)
    if total >= 10:
        return f"{hand_words(cards)}: {total}, so {score}"
    return f"{hand_words(cards)}: {score}"


class KomiRecord(StakesRecord):
    """A Komi step: ``data`` is ``("bet", amount)``, ``("show", scores, payments, bets, dealer, hands,
    totals)``, ``("dealer", seat)`` or ``("deal", dealer, round)``."""

    __slots__ = ()

    def narrate(self, names: Sequence[str] | None = None, totals: bool = True) -> str:
        data = self[3]
        kind = data[0]
        cite = " ".join(f"[{c}]" for c in self[2])
        if kind == "dealer":
            return f"Chance chooses {names_of(names, data[1])} to deal first {cite}."
        if kind == "deal":
            return (f"The deal passes to {names_of(names, data[1])}, who shuffles and deals round {data[2]} "
                    f"{cite}.")
        who = names_of(names, self[0])
        if kind == "bet":
            return f"{who} bets {money(data[1])} against the dealer {cite}."
        _, scores, pay, bets, dealer, hands, running = data
        parts = [f"{who}, the dealer, shows {score_words(hands[dealer], scores[dealer])}."]
        n = len(scores)
        for k in range(1, n):
            seat = (dealer + k) % n
            name = names_of(names, seat)
            has = score_words(hands[seat], scores[seat])
            if pay[seat] > 0:
                verdict = f"{name} beats the dealer and is paid {pay[seat]}"
            elif pay[seat] < 0:
                verdict = (f"{name} loses {-pay[seat]} to the dealer" if scores[seat] != scores[dealer]
                           else f"{name} ties, and the dealer takes the bet of {-pay[seat]} (house rule)")
            else:
                verdict = f"{name} ties the dealer and keeps the bet"
            parts.append(f"{name} has {has}: {verdict}.")
        return with_totals(" ".join(parts), payments_text(running, names) if totals else "", cite)
