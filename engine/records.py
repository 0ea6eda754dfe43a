"""What a game hands back: a step's :class:`Record`, a finished game's :class:`Result`, a solver's
:class:`Solved`, and what it shows the book (:class:`TableSpot` on the table, a computed :class:`Table`);
:data:`CHANCE`, the seat of chance. Part of the game contract, :mod:`engine.protocol`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence


CHANCE = -1  # ``current_player`` while chance is to act (a shuffle, a blind draw): see State.chance_outcome


class Record:
    """What ``State.apply`` returns: a frozen account of what happened (games subclass it).

    Every record has ``player`` (the seat, or :data:`CHANCE`), ``move``, ``clauses`` (the clause
    ids it cites) and ``narrate(names)``. What it means for the table is said by fields with
    one meaning in every game: ``trick_winner`` (the seat that won the trick this step
    completed, else None) and ``game_over`` (this step ended the game).
    """

    __slots__ = ()
    player: int
    move: Any
    clauses: tuple[str, ...]

    @property
    def trick_winner(self) -> int | None:
        return None

    @property
    def trick_takers(self) -> tuple[int, ...]:
        """Every seat that took cards of the trick this step completed: the winner, or both winners of a trick
        won in halves (Traditional Ganjifa's double trick); () when no trick was completed."""
        return () if self.trick_winner is None else (self.trick_winner,)

    @property
    def game_over(self) -> bool:
        return False

    def narrate(self, names: Sequence[str] | None = None) -> str:
        raise NotImplementedError

    @property
    def round_over(self) -> tuple | None:
        """The results of the round this step ended, per seat (stakes won or lost, or rounds won), else None:
        a match of several rounds is told round by round (the book's ``{match-story}``)."""
        return None

    def story(self, names: Sequence[str] | None = None) -> str:
        """The step as a sentence of a match's story, or "" to leave it out; by default its narration."""
        return self.narrate(names)


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game: the winners (seat numbers, 0-based) and each seat's score."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    clause: str

    def narrate(self, names: Sequence[str]) -> str:
        people = [names[w] for w in self.winners]
        if not people:  # a game that can end with no winner (nobody scored): a banking hand where no money moved
            return f"Nobody wins: {self.reason}."
        who = (", ".join(people[:-1]) + " and " + people[-1]) if len(people) > 1 else people[0]
        verb = "wins" if len(self.winners) == 1 else "share the win"
        return f"{who} {verb}: {self.reason}."


@dataclass(frozen=True)
class Solved:
    """A solver's answer about the position in play (:attr:`Game.solve`): ``answer`` is ``"yes"`` (it can be won
    from here), ``"no"`` (it cannot, whatever is played) or ``"unsure"`` (the search stopped first); ``words`` says
    it in players' words, naming no card and no move; ``positions`` is how many positions were searched."""

    answer: str
    words: str
    positions: int


@dataclass(frozen=True)
class TableSpot:
    """One thing lying in the middle of the table when play starts, for the "What you need" picture
    (``engine/draw/table.py``): ``label`` in players' words (``stock``, ``pot``, ``Position 7``),
    ``kind`` how it lies (``face-down``: a pile of backs; ``face-up``: the top card of the deal's pile
    ``pile`` showing its face; ``pot``: counters), ``pile`` the :class:`Deal` pile it shows, if any."""

    label: str
    kind: str
    pile: str = ""


@dataclass(frozen=True)
class Table:
    """A table a game computes for its chapter (odds, scoring): a title, the column heads, rows of
    text and a note (e.g. how it was computed). ``Game.table(name)`` makes it; the book prints it."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""
