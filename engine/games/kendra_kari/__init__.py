"""Kendra Kari, the ring game for the Mughal deck: one folder, registered by ``GAME``."""

from .game import CLAUSES, KendraKari
from .moves import KKMove
from .records import KKRecord
from .state import KKState, KKView

GAME = KendraKari

__all__ = ["GAME", "CLAUSES", "KendraKari", "KKMove", "KKRecord", "KKState", "KKView"]
