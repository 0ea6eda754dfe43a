"""Shakti, the draw-and-discard game for four with the Mughal deck: one folder, registered by ``GAME``."""

from .game import CLAUSES, Shakti
from .moves import ShMove, ShShuffle, ShTurn
from .records import ShRecord
from .state import ShState, ShView

GAME = Shakti

__all__ = ["GAME", "CLAUSES", "Shakti", "ShMove", "ShShuffle", "ShTurn", "ShRecord", "ShState", "ShView"]
