"""Nakash, the Mughal booklet's two-card game for a pot: one folder, registered by ``GAME``."""

from .game import CLAUSES, Nakash
from .state import NakashState, NakashView, hand_rank

GAME = Nakash

__all__ = ["GAME", "CLAUSES", "Nakash", "NakashState", "NakashView", "hand_rank"]
