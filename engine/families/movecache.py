"""The legal moves worked out once a position: a state that lists them in ``_moves()`` keeps the list in
its ``_legal`` slot (set back to None by every move it applies) and hands out a copy (``legal_moves``), or
the list itself to the random player (``legal_move_sequence``, valid until the next ``apply``).

:class:`CachedMoves` goes before ``State`` in a state's bases (Udvasa's, Shakti's).
"""

from __future__ import annotations


class CachedMoves:
    """``legal_moves`` and ``legal_move_sequence`` from ``self._moves()``, kept in ``self._legal``."""

    __slots__ = ()

    def legal_moves(self) -> list:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._moves()
        return list(legal)

    def legal_move_sequence(self):
        legal = self._legal
        if legal is None:
            legal = self._legal = self._moves()
        return legal
