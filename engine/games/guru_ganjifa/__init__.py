"""Guru Ganjifa, the trick-taking game for the Dashavatara deck: one folder, registered by ``GAME``."""

from .game import CLAUSES, GuruGanjifa
from .moves import GGMove
from .records import GGRecord
from .state import GGState, GGView

GAME = GuruGanjifa

__all__ = ["GAME", "CLAUSES", "GuruGanjifa", "GGMove", "GGRecord", "GGState", "GGView"]
