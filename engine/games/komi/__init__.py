"""Komi, the Mughal booklet's banking game of three cards: one folder, registered by ``GAME``."""

from .game import CLAUSES, Komi
from .state import KomiState, KomiView

GAME = Komi

__all__ = ["GAME", "CLAUSES", "Komi", "KomiState", "KomiView"]
