"""Traditional Ganjifa, the classic three-player game on the Dashavatara deck: one folder, registered by ``GAME``."""

from .game import CLAUSES, TraditionalGanjifa
from .moves import TGMove
from .records import TGRecord
from .state import TGState

GAME = TraditionalGanjifa

__all__ = ["GAME", "CLAUSES", "TraditionalGanjifa", "TGMove", "TGRecord", "TGState"]
