"""The engine's exceptions: every one says what was wrong and, where a rule is involved, which clause.

One hierarchy: :class:`GanjifaError` carries the ``clause`` (or None) for every error, so a
caller never asks which kind of error it holds before reporting it.
"""

from __future__ import annotations

INTERRUPTED = 130  # the exit status of a command stopped by Ctrl-C (128 + SIGINT), as shells report it


class GanjifaError(Exception):
    """Base of every error the engine raises on purpose; ``clause`` names the rule involved, if any."""

    clause: str | None = None

    def __init__(self, message: str, clause: str | None = None):
        super().__init__(message)
        self.clause = clause

    def described(self) -> str:
        """The message with its clause, in one line: what a user is shown."""
        text = str(self)
        if self.clause and f"clause {self.clause}" not in text:
            text += f" [clause {self.clause}]"
        return text


class NotationError(GanjifaError, ValueError):
    """Text that is not valid notation. Names the offending token."""

    def __init__(self, token: str, problem: str, clause: str | None = None):
        self.token = token
        self.problem = problem
        super().__init__(f"bad notation {token!r}: {problem}", clause)


class IllegalMoveError(GanjifaError, ValueError):
    """A move the rules forbid. Names the rule clause it breaks."""

    def __init__(self, move: object, clause: str, reason: str):
        self.move = move
        self.reason = reason
        super().__init__(f"illegal move {str(move)!r}: {reason} [clause {clause}]", clause)


class OptionError(GanjifaError, ValueError):
    """An unknown game, an unknown option or variant, or a value an option does not take."""


class DealError(GanjifaError, ValueError):
    """A deal that does not fit the game's rules (wrong hands, wrong cards); the same type in every game."""


class GameNotOverError(GanjifaError, ValueError):
    """A question that only a finished game can answer (its result), asked too early."""
