"""Naqsh, the Delhi banking game with the 48-card Naqsh pack: one folder, registered by ``GAME``."""

from .game import CLAUSES, Naqsh
from .moves import NQMove
from .records import NQRecord
from .state import NQState, NQView

GAME = Naqsh

__all__ = ["GAME", "CLAUSES", "Naqsh", "NQMove", "NQRecord", "NQState", "NQView"]
