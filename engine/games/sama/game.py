"""Sama: two cards face down and one face up each; a face-up pip card counts double; each player
may once exchange the face-up card or both face-down cards; the highest total wins the round.

>>> sama = Sama(players=3)
>>> state = sama.position("dealer=P3; turn=P1; P1=7Sh 10Ta 3Gh; P2=RSa 9Ta 8Ba; P3=2Su 4Ch VQi")
>>> names = ["Asha", "Bela", "Chitra"]
>>> print(state.apply(sama.parse_move("exchange up")).narrate(names))
Asha discards the face-up 3 and will get a new face-up card [sa.exchange] [sa.replace].
>>> print(state.apply(sama.parse_move("draw 9Sh")).narrate(names))
Asha's new face-up card is the 9 of Shamsher [sa.replace].
>>> print(state.apply(sama.parse_move("keep")).narrate(names))
Bela keeps the cards [sa.exchange].

The folder holds the definition (this module), the state (:mod:`.state`), the records and their
prose (:mod:`.records`), the heuristic player's taste (:mod:`.strategy`) and the worth of the
exchange (:mod:`.odds`); the dealer, the deal, blind draws, stakes, rounds and positions come
from :mod:`engine.families.stakes`.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar

from ...decks import MUGHAL
from ...families.stakes import FIRST_DEALER, ROUNDS, StakesGame
from ...errors import OptionError
from ...protocol import Game, TableSpot, option
from .state import TIMES, SamaState

CLAUSES = MappingProxyType({
    "sa.players": "Three to six players",
    "sa.dealer": "The first dealer",
    "sa.deal": "Two cards face down and one face up",
    "sa.value": "Card values",
    "sa.double": "A face-up pip card counts double",
    "sa.exchange": "One exchange each, in turn",
    "sa.replace": "New cards come from the pack; discards leave play",
    "sa.show": "Totals are shown in turn",
    "sa.win": "The highest total wins the round",
    "sa.stakes": "Playing for stakes or for rounds won",
    "sa.rotate": "The deal passes on",
    "sa.rounds": "The game and its winner",
})

EVENTS = MappingProxyType({
    "exchange-turn": "a player comes to exchange or keep",
    "exchange-up": "a player exchanges the face-up card",
    "exchange-down": "a player exchanges both face-down cards",
    "tie": "two or more players tie for the highest total",
})


@dataclass(frozen=True)
class Sama(StakesGame, Game):
    """The Sama definition; its fields are the options.

    >>> [o.name for o in Sama.options()]
    ['players', 'court_up', 'scoring', 'first_dealer', 'rounds', 'face_up']
    """

    players: int = option(4, choices=range(3, 7), help="number of players, 3 to 6", clause="sa.players")
    court_up: str = option("single", choices=("single", "double"),
                           help="a face-up Raja or Vizier: counted at its plain value, 12 or 11, as the source "
                                "has it \"whether face up or down\", or doubled like a face-up pip card",
                           title='Face-up courts', labels={'single': 'single courts', 'double': 'double courts'},
                           clause="sa.double")
    scoring: str = option("rounds", choices=("rounds", "stakes"),
                          help="count the rounds each player wins, or play for a pot of one stake each round",
                          title='Scoring', labels={'rounds': 'rounds won', 'stakes': 'stakes'},
                          clause="sa.stakes")
    first_dealer: str = option("chance", choices=FIRST_DEALER,
                               help="who deals first: one chosen by chance, or a player the table agrees on", title='First dealer', labels={'player-1': 'agreed by the table', 'chance': 'by chance'},
                               clause="sa.dealer")
    rounds: int = option(1, choices=ROUNDS, help="rounds in a game; the deal passes on after each",
                         title='Rounds', 
                         clause="sa.rounds")
    face_up: str = option("double", choices=tuple(TIMES),
                          help="what a face-up pip card counts: double its value, as the source has it; its plain "
                               "value (single), so that only the total matters; or three times it (triple); a face-up "
                               "court card counts as the face-up courts choice says", title='Face-up card', 
                          clause="sa.double")

    @property
    def times(self) -> int:
        """What the face-up pip card's value is multiplied by (option ``face_up``)."""
        return TIMES[self.face_up]

    name: ClassVar[str] = "sama"
    title: ClassVar[str] = "Sama"
    deck: ClassVar = MUGHAL
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    CLAUSES: ClassVar = CLAUSES
    KEY_CLAUSES: ClassVar = ("sa.win",)
    EVENTS: ClassVar = EVENTS
    DEAL_CLAUSE: ClassVar = "sa.deal"
    DRAW_CLAUSE: ClassVar = "sa.replace"
    PEER: ClassVar = "blackjack"  # a round against a dealer: make bench's ratio is to a hand of it (engine.doors.bench.PEERS)
    EQUIPMENT: ClassVar = "paper to tally the rounds each player wins; playing for stakes, counters instead, about 20 each"
    TABLE_LAYOUT: ClassVar = (TableSpot("pack", "face-down", "pack"),)
    SEAT_CARDS: ClassVar = ("face-down", "face-down", "face-up")
    STATE: ClassVar = SamaState
    MOVES: ClassVar = ("keep", "exchange up", "exchange down", "show")
    MOVE_USAGE: ClassVar = ("a Sama move is 'keep', 'exchange up', 'exchange down' or 'show' "
                            "(chance: 'dealer P2', 'draw 9Sh', 'deal ...')")
    POSITION_KEYS: ClassVar = ("phase", "won", "drawing")

    def __post_init__(self) -> None:
        self.check_options()

    def events_of(self, record) -> tuple[str, ...]:
        data = record[3]
        if data[0] == "exchange":
            kind = data[1]
            return ("exchange-turn", "exchange-up") if kind == "up" else \
                ("exchange-turn", "exchange-down") if kind == "down" else ("exchange-turn",)
        if data[0] == "show" and data[3] is not None and len(data[3][0]) > 1:
            return ("tie",)
        return ()

    def deal_points(self, state) -> tuple[float, ...]:
        """Rounds won (scoring=rounds) or stakes won (scoring=stakes)."""
        return tuple(float(x) for x in (state.won if self.scoring == "rounds" else state.balance))

    TABLES: ClassVar = MappingProxyType({"exchange": "when the careful player exchanges (from its own rule)", "worth": "the expected total without and with the exchange (exact)", "share": "rounds won by a player who exchanges (simulated, with 95% intervals)"})

    def table(self, name: str):
        """A table for the chapter, computed by the engine (:mod:`.odds`)."""
        from . import odds

        if name not in odds.TABLES:
            return super().table(name)
        if self.face_up != "double":
            raise OptionError(f"Sama's table {name!r} is counted for a face-up pip card that counts double "
                              f"(face-up=double), not face-up={self.face_up}")
        return odds.TABLES[name](self)
