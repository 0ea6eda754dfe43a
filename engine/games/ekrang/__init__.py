"""Ekrang, the two-phase trick game for the Mughal deck: one folder, registered by ``GAME``."""

from .game import CLAUSES, Ekrang
from .moves import EKMove
from .records import EKRecord
from .state import EKState, EKView

GAME = Ekrang

__all__ = ["GAME", "CLAUSES", "Ekrang", "EKMove", "EKRecord", "EKState", "EKView"]
