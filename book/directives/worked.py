"""A worked game told, not listed: the key moves a chapter marks in a ``{deal}`` block's body, and every
other stretch of moves folded into one line whose counts are read from the replayed game.

The body of a ``{deal}`` block, one line each::

    12: Bela keeps her Raja of Taj back, since ...      (a key move and why it matters)
    13-30: both players build up the low cards          (a stretch, said in a few words)

A key move is shown in full (with its picture, when ``:pictures:`` draws one there) and its sentence;
the moves between key moves are folded, each stretch into one line: the move numbers, who made how
many moves, the tricks won and the rules used most, all counted from the game as replayed.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from engine.protocol import CHANCE

from .sim_figure import number_words

MARK = re.compile(r"^\s*(\d+)(?:\s*[-\u2013]\s*(\d+))?\s*:\s*(\S.*?)\s*$")
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve")


@dataclass(frozen=True)
class Mark:
    first: int
    last: int  # == first for a key move
    text: str
    line: int  # the line of the chapter it is written on
    key: bool = True  # a key move (``N: why``), else a stretch (``A-B: what happens``, perhaps one move: ``8-8``)


class MarkError(ValueError):
    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line


def parse_marks(lines, first_line: int, first: int, last: int, moves: int) -> list[Mark]:
    """The body's lines as marks; a line that is not ``N: text`` or ``A-B: text``, a move outside the part
    shown (``first`` to ``last`` of the game's ``moves``), two marks on one move, or a stretch holding a key
    move, is refused with its line."""
    marks: list[Mark] = []
    for i, raw in enumerate(lines):
        line = first_line + i
        if not raw.strip():
            continue
        m = MARK.match(raw)
        if not m:
            raise MarkError(line, f"{raw.strip()!r}: write a key move as 'N: why it matters' or a stretch "
                                  "as 'A-B: what happens'")
        a, b = int(m[1]), int(m[2] or m[1])
        where = f"moves {first} to {last} of {moves}" if (first, last) != (1, moves) else f"moves 1 to {moves}"
        for n in (a, b):
            if not first <= n <= last:
                raise MarkError(line, f"move {n} is not in this part of the game (it shows {where})")
        if b < a:
            raise MarkError(line, f"{a}-{b}: a stretch runs from the lower move to the higher")
        for other in marks:
            if a <= other.last and other.first <= b:
                raise MarkError(line, f"{raw.strip()!r} overlaps the mark on line {other.line}")
        marks.append(Mark(a, b, m[3], line, key=m[2] is None))
    return sorted(marks, key=lambda mk: mk.first)


def say_number(n: int) -> str:
    return NUMBER_WORDS[n] if n < len(NUMBER_WORDS) else str(n)


def join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def stretch_facts(run, names, players: int) -> tuple[str, list[str]]:
    """What a stretch of moves did, counted, in players' words: (who made how many moves, [the tricks won by
    each player, "mostly" the rules used most, as ``[clause]`` citations])."""
    moved = Counter(r.step.player for r in run if r.record.player != CHANCE)
    total = sum(moved.values())
    who = ""
    if moved and len(run) > 1:  # one move: nothing to count
        count = f"{total} move{'s' if total != 1 else ''}"
        if len(moved) == 1 and players > 1:  # one player's moves: say whose
            who = f"{next(iter(moved))} makes {count}"
        elif len(moved) == players and players > 2:
            who = f"{count}, by all {number_words(players)} players"
        elif players > 1:
            who = f"{count}, by {join(list(moved))}"
        else:
            who = count
    chance = sum(1 for r in run if r.record.player == CHANCE)
    if chance:
        who += (", and " if who else "") + f"{chance} step{'s' if chance != 1 else ''} decided by chance"
    tricks = Counter(seat for r in run for seat in r.record.trick_takers)
    halves = any(len(r.record.trick_takers) > 1 for r in run)
    won = ""
    if tricks:
        tw = [f"{names[seat]} {n}" for seat, n in sorted(tricks.items(), key=lambda kv: (-kv[1], kv[0]))]
        # the tricks of this stretch, not a running total (a newcomer read "1 trick won (Bela 1)" as Bela's score);
        # a double trick split between two players counts for each ("Chitra 1" hid Asha's half)
        won = f"tricks taken in these moves{' (each half of a split trick counted)' if halves else ''}: {join(tw)}"
    used = Counter(c for r in run for c in dict.fromkeys(r.record.clauses))
    top = [f"[{c}]" for c, n in used.most_common(3) if n > 1]
    return who, ([won] if won else []) + ([f"mostly {join(top)}"] if top else [])
