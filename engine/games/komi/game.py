"""Komi: every player bets against the dealer; three cards each; the last digit of the pip total
decides, and three court cards (a *Komi*) beat everything but another Komi.

>>> komi = Komi(players=3, rounds=1)  # by default a game is one round for each player; here one round
>>> state = komi.position("dealer=P1; turn=P3; bets=0 2 0; P1=5Sh 7Ta VGh; P2=RSa VTa RBa; P3=9Su 9Ch 3Qi")
>>> print(state.apply(komi.parse_move("bet 1")).narrate(["Asha", "Bela", "Chitra"]))
Chitra bets 1 stake against the dealer [km.bet].
>>> print(state.apply(komi.parse_move("show")).narrate(["Asha", "Bela", "Chitra"]))
Asha, the dealer, shows 5, 7 and a Vizier: 12, so 2. Bela has a Komi (three court cards): Bela beats the dealer and is paid 2. Chitra has 9, 9 and 3: 21, so 1: Chitra loses 1 to the dealer. Totals: Asha -1, Bela +2, Chitra -1 [km.show] [km.value] [km.score] [km.komi] [km.settle].
>>> state.result().narrate(["Asha", "Bela", "Chitra"])
'Bela wins: +2 after 1 round.'

The folder holds the definition (this module), the state (:mod:`.state`), the records and their
prose (:mod:`.records`), the heuristic player's taste (:mod:`.strategy`) and the exact odds
(:mod:`.odds`); the dealer, the deal, stakes, rounds and positions come from
:mod:`engine.families.stakes`.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar

from ...decks import MUGHAL
from ...families.stakes import EACH_DEALS_ONCE, FIRST_DEALER, ROUNDS, StakesGame
from ...errors import OptionError
from ...protocol import Game, option
from .state import SIZED, KomiState

CLAUSES = MappingProxyType({
    "km.players": "Two to six players",
    "km.dealer": "The first dealer",
    "km.bet": "Bets against the dealer",
    "km.deal": "Three cards each",
    "km.show": "Everyone shows at once",
    "km.value": "Pips count their number, court cards nothing",
    "km.score": "Only the last digit counts",
    "km.komi": "Three court cards make a Komi",
    "km.settle": "The dealer pays higher scores and takes lower ones",
    "km.rotate": "The deal passes on",
    "km.rounds": "The game and its winner",
})

EVENTS = MappingProxyType({
    "komi": "someone holds a Komi (court cards only: three with three cards a hand)",
    "dealer-komi": "the dealer holds a Komi",
    "dealer-ahead": "the dealer comes out of a round ahead",
    "dealer-behind": "the dealer comes out of a round behind",
})

MAX_BETS = (1, 2, 3, 4, 5)


@dataclass(frozen=True)
class Komi(StakesGame, Game):
    """The Komi definition; its fields are the options.

    >>> [o.name for o in Komi.options()]
    ['players', 'max_bet', 'ties', 'first_dealer', 'rounds', 'hand_size']
    """

    players: int = option(4, choices=range(2, 7), help="number of players, 2 to 6", clause="km.players")
    max_bet: int = option(3, choices=MAX_BETS, help="the largest bet, in stakes: a player bets 1 to this many",
                          title='Largest bet', 
                          clause="km.bet")
    ties: str = option("push", choices=("push", "dealer"),
                       help="a score equal to the dealer's: the player keeps the bet (push), or, as a house rule, "
                            "the dealer wins it", title='Ties', labels={'push': 'a tie keeps its bet', 'dealer': 'ties to the dealer'},
                       clause="km.settle")
    first_dealer: str = option("player-1", choices=FIRST_DEALER,
                               help="who deals first: the oldest player, or one chosen by chance",
                               title='First dealer', labels={'player-1': 'the oldest player', 'chance': 'first dealer by chance'},
                               clause="km.dealer")
    rounds: int | str = option(EACH_DEALS_ONCE, choices=(EACH_DEALS_ONCE,) + ROUNDS,
                               help="rounds in a game, the deal passing on after each: by default one for each "
                                    "player, so that everyone deals once; or a number agreed", title='Rounds', labels={EACH_DEALS_ONCE: 'each deals once'},
                               clause="km.rounds")
    hand_size: int = option(3, choices=tuple(SIZED),
                            help="cards dealt to each player, 2 to 5 (the source deals three); a Komi is a hand of "
                                 "court cards only, however many", title='Hand size', 
                            clause="km.deal")

    name: ClassVar[str] = "komi"
    title: ClassVar[str] = "Komi"
    deck: ClassVar = MUGHAL
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    CLAUSES: ClassVar = CLAUSES
    KEY_CLAUSES: ClassVar = ("km.show",)
    EVENTS: ClassVar = EVENTS
    DEAL_CLAUSE: ClassVar = "km.deal"
    PEER: ClassVar = "blackjack"  # a round against a dealer: make bench's ratio is to a hand of it (engine.doors.bench.PEERS)
    EQUIPMENT: ClassVar = "counters for the stakes, about 20 for each player; everyone but the dealer bets each round"
    FIRST_DEALER: ClassVar = "the oldest player"
    SEAT_CARDS: ClassVar = ("face-down", "face-down", "face-down", "bet")

    def new_game(self, deal):
        """As :meth:`StakesGame.new_game`; hands of another size (a deal made for another ``hand_size``) are
        refused (DealError, km.deal) even when the family would take a deal it made itself on trust."""
        size = self.STATE.HAND_SIZE
        for seat, hand in enumerate(getattr(deal, "hands", ())):
            if len(hand) != size:
                raise self.deal_error(f"P{seat + 1} holds {len(hand)} cards, not {size}", self.DEAL_CLAUSE)
        return super().new_game(deal)

    @property
    def STATE(self):
        """The state class: :class:`KomiState`, with the hand size of the option ``hand_size``."""
        return SIZED[self.hand_size]

    MOVES: ClassVar = tuple(f"bet {k}" for k in MAX_BETS) + ("show",)
    MOVE_USAGE: ClassVar = "a Komi move is 'bet 1' to 'bet 5' or 'show' (chance: 'dealer P2', 'deal ...')"
    POSITION_KEYS: ClassVar = ("bets",)

    def __post_init__(self) -> None:
        self.check_options()

    def events_in_words(self) -> dict[str, str]:
        """``EVENTS`` in words for the options in force (a Komi is as many court cards as a hand holds).

        >>> Komi(hand_size=4).events_in_words()["komi"]
        'someone holds a Komi (court cards only: four with four cards a hand)'
        """
        n = ("two", "three", "four", "five")[self.STATE.HAND_SIZE - 2] if 2 <= self.STATE.HAND_SIZE <= 5 \
            else str(self.STATE.HAND_SIZE)
        return {**EVENTS, "komi": f"someone holds a Komi (court cards only: {n} with {n} cards a hand)"}

    def events_of(self, record) -> tuple[str, ...]:
        data = record[3]
        if data[0] != "show":
            return ()
        scores, dealer = data[1], data[4]
        gain = record[4][dealer]  # the round's payments: what the dealer won (+) or paid (-)
        out = ("dealer-ahead",) if gain > 0 else ("dealer-behind",) if gain < 0 else ()
        if 10 not in scores:
            return out
        return ("komi", "dealer-komi") + out if scores[dealer] == 10 else ("komi",) + out

    TABLES: ClassVar = MappingProxyType({"scores": "the scores and how often three cards make each", "edge": "each player against the dealer, and the dealer's gain per player count (exact)", "examples": "hands and their scores"})

    def table(self, name: str):
        """A table for the chapter, computed by the engine (:mod:`.odds`)."""
        from . import odds

        if name not in odds.TABLES:
            return super().table(name)
        if self.hand_size != 3:
            raise OptionError(f"Komi's table {name!r} is counted for hands of three cards (hand-size=3), "
                              f"not hand-size={self.hand_size}")
        return odds.TABLES[name](self)
