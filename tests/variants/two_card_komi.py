"""A designer's variant, outside the package: Komi with two cards a hand instead of three.

    ganjifa simulate tests/variants/two_card_komi.py:TwoCards --games 2000
    ganjifa compare komi --variant game=tests/variants/two_card_komi.py:TwoCards --variant ""
"""

from dataclasses import dataclass

from engine.games.komi.game import Komi
from engine.games.komi.state import KomiState


class TwoCardState(KomiState):
    HAND_SIZE = 2  # the rule changed: each player is dealt two cards


@dataclass(frozen=True)
class TwoCards(Komi):
    """Komi with two cards a hand."""

    title = "Komi, two cards"
    STATE = TwoCardState
