"""Sama, the Mughal booklet's game of totals with one exchange: one folder, registered by ``GAME``."""

from .game import CLAUSES, Sama
from .state import SamaState, SamaView

GAME = Sama

__all__ = ["GAME", "CLAUSES", "Sama", "SamaState", "SamaView"]
