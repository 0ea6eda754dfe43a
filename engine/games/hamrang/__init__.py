"""Hamrang, the four-player trick game of the Mughal deck's booklet: one folder, registered by ``GAME``."""

from .game import CLAUSES, Hamrang
from .moves import HRDraw, HRMove
from .records import HRRecord
from .state import HRState, HRView

GAME = Hamrang

__all__ = ["GAME", "CLAUSES", "Hamrang", "HRDraw", "HRMove", "HRRecord", "HRState", "HRView"]
