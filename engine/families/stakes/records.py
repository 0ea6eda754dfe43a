"""What a step of a stakes game did (:class:`StakesRecord`), and the words its narration is made of: names,
stakes, a round's payments and the running totals."""

from __future__ import annotations

from typing import Sequence

from ...protocol import Record, default_names


class StakesRecord(Record, tuple):
    """What one step did (frozen): ``player``, ``move``, ``clauses``, then game-specific ``data``
    and ``round_over`` (the payments of the round this step finished, per seat, else None).
    Each game subclasses it with its own ``narrate``."""

    __slots__ = ()

    player = property(lambda self: self[0])
    move = property(lambda self: self[1])
    clauses = property(lambda self: self[2])
    data = property(lambda self: self[3])
    round_over = property(lambda self: self[4])
    ended = property(lambda self: self[5])

    @property
    def game_over(self) -> bool:
        return self[5]

    def __repr__(self) -> str:
        return f"{type(self).__name__}{tuple(self)!r}"

    def story(self, names: Sequence[str] | None = None) -> str:
        """The step in a match told round by round: who deals is the round's heading and the running totals
        are the story's table, so chance's choice of dealer and the passing of the deal are left out ("")
        and a show is told without its totals (``narrate(names, totals=False)``)."""
        if self[3][0] in ("dealer", "deal"):
            return ""
        return self.narrate(names, totals=False)


def with_totals(text: str, totals: str, cite: str, label: str = "Totals") -> str:
    """A round's last sentence closed with its running totals (``Totals: Asha +4, Bela -3``) and its
    citations, or, without totals (a match's story, whose table shows them), with the citations alone."""
    if totals:
        return f"{text} {label}: {totals} {cite}."
    return f"{text.rstrip('.')} {cite}."


def names_of(names: Sequence[str] | None, seat: int) -> str:
    return (names or default_names(max(seat + 1, 6)))[seat]


def join_names(people: Sequence[str]) -> str:
    people = list(people)
    if not people:
        return "nobody"
    return people[0] if len(people) == 1 else ", ".join(people[:-1]) + " and " + people[-1]


def money(amount: int) -> str:
    return f"{amount} stake{'s' if amount != 1 else ''}"


def payments_text(pay: Sequence[int], names: Sequence[str] | None) -> str:
    """``Asha +2, Bela -1, Chitra -1``: a round's payments or running totals in players' words."""
    return ", ".join(f"{names_of(names, s)} {'+' if p > 0 else ''}{p}" for s, p in enumerate(pay))
