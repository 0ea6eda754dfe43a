"""Udvasa, the patience of the Mughal deck: one folder, registered by ``GAME``."""

from .game import CLAUSES, Udvasa
from .moves import UDMove
from .records import UDRecord, UDResult
from .state import UDState, UDView

GAME = Udvasa

__all__ = ["GAME", "CLAUSES", "Udvasa", "UDMove", "UDRecord", "UDResult", "UDState", "UDView"]
