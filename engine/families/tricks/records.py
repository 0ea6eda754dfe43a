"""A trick game's record of one step: :class:`TrickRecord`, the frozen tuple the trick games' records share.

Its five items are ``player`` (a seat, or chance), ``move``, ``clauses`` (the clause ids it cites),
``note`` (what kind of play it was and its details, for the narration) and ``trick``: set on the step
that completes a trick, the winner first and then what the game's narration tells of it; None on
other steps. A game's record subclasses it with its own ``game_over`` (where its trick says so) and
``narrate`` (its own words).

>>> r = TrickRecord(1, "7Ra", ("x.follow",), ("follow",), (2, 4))
>>> r.player, r.trick_winner, TrickRecord(0, "RRa", (), ("lead",)).trick_winner
(1, 2, None)
>>> r
TrickRecord(player=1, move='7Ra', clauses=('x.follow',), note=('follow',), trick=(2, 4))
"""

from __future__ import annotations

from operator import itemgetter

from ...protocol import Record


class TrickRecord(Record, tuple):
    """What one step did (frozen): ``player``, ``move``, ``clauses``, ``note`` and ``trick`` (see the module)."""

    __slots__ = ()
    player = property(itemgetter(0))
    move = property(itemgetter(1))
    clauses = property(itemgetter(2))
    note = property(itemgetter(3))
    trick = property(itemgetter(4))

    def __new__(cls, player, move, clauses, note, trick=None):
        return tuple.__new__(cls, (player, move, clauses, note, trick))

    @property
    def trick_winner(self) -> int | None:
        return self[4][0] if self[4] else None

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (type(self), tuple(self))

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(player={self[0]!r}, move={self[1]!r}, clauses={self[2]!r}, "
                f"note={self[3]!r}, trick={self[4]!r})")
