"""The engine's exceptions: every one says what was wrong and, where a rule is involved, which clause."""

from __future__ import annotations


class GanjifaError(Exception):
    """Base of every error the engine raises on purpose."""


class NotationError(GanjifaError, ValueError):
    """Text that is not valid notation. Names the offending token."""

    def __init__(self, token: str, problem: str):
        self.token = token
        self.problem = problem
        super().__init__(f"bad notation {token!r}: {problem}")


class IllegalMoveError(GanjifaError, ValueError):
    """A move the rules forbid. Names the rule clause it breaks."""

    def __init__(self, move: object, clause: str, reason: str):
        self.move = move
        self.clause = clause
        self.reason = reason
        super().__init__(f"illegal move {str(move)!r}: {reason} [clause {clause}]")


class OptionError(GanjifaError, ValueError):
    """An unknown game, an unknown option or variant, or a value an option does not take."""
