"""Nakash: everyone antes into a pot, gets two cards and shows them; totals of 18, 19, 21 and 23
lose at once, and the best hand in the order pair of 1s, pair of Rajas, pair of Viziers, pair of
10s, then the highest total up to 17, takes the pot.

>>> nakash = Nakash(players=3)
>>> state = nakash.position("dealer=P3; turn=P1; pot=3; balance=-1 -1 -1; P1=RSa RTa; P2=8Su 9Ch; P3=7Gh 6Ba")
>>> names = ["Asha", "Bela", "Chitra"]
>>> print(state.apply(nakash.parse_move("show")).narrate(names))
Asha shows a pair of Rajas [nk.show] [nk.order].
>>> print(state.apply(nakash.parse_move("show")).narrate(names))
Bela shows 8 and 9: 17 [nk.show] [nk.value].
>>> print(state.apply(nakash.parse_move("show")).narrate(names))
Chitra, the dealer, shows 7 and 6: 13. Asha wins with a pair of Rajas and takes the pot of 3. Totals: Asha +2, Bela -1, Chitra -1 [nk.show] [nk.value] [nk.order] [nk.ante] [nk.pot].

The folder holds the definition (this module), the state (:mod:`.state`), the records and their
prose (:mod:`.records`) and the exact odds (:mod:`.odds`); the dealer, the deal, the pot, rounds
and positions come from :mod:`engine.families.stakes`.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar

from ...decks import MUGHAL
from ...families.stakes import FIRST_DEALER, ROUNDS, StakesGame
from ...protocol import Game, TableSpot, option
from .state import LIMIT, LIMITS, NakashState

CLAUSES = MappingProxyType({
    "nk.players": "Two to six players",
    "nk.dealer": "The first dealer",
    "nk.ante": "Everyone pays the stake into the pot",
    "nk.deal": "Two cards each, face down",
    "nk.show": "The players show their cards in turn",
    "nk.value": "Card values",
    "nk.bust": "18, 19, 21 and 23 lose at once",
    "nk.over": "Any other total over 17 loses too, unless it is a winning pair",
    "nk.order": "The winning hands, best first",
    "nk.pot": "The best hand takes the pot; tied hands share it",
    "nk.carry": "When nobody qualifies",
    "nk.rotate": "The deal passes on",
    "nk.rounds": "The game and its winner",
})

EVENTS = MappingProxyType({
    "pair": "a winning pair (1s, Rajas, Viziers or 10s) is shown",
    "bust": "a hand of 18, 19, 21 or 23 is shown",
    "over": "another total over 17 (20 or 22, not a pair) is shown",
    "split": "two or more hands tie for the pot",
    "carry": "nobody qualifies and the pot waits",
})


@dataclass(frozen=True)
class Nakash(StakesGame, Game):
    """The Nakash definition; its fields are the options.

    >>> [o.name for o in Nakash.options()]
    ['players', 'ante', 'unclaimed', 'first_dealer', 'rounds', 'limit']
    """

    players: int = option(4, choices=range(2, 7), help="number of players, 2 to 6", clause="nk.players")
    ante: int = option(1, choices=(1, 2, 3, 4, 5), help="the stake each player pays into the pot every round",
                       title='Stake', 
                       clause="nk.ante")
    unclaimed: str = option("carry", choices=("carry", "return"),
                            help="a pot nobody wins: it waits for the next round (carry), or every stake goes "
                                 "back to its owner (return)", title='A pot nobody wins', labels={'carry': 'carried over', 'return': 'returned'},
                            clause="nk.carry")
    first_dealer: str = option("chance", choices=FIRST_DEALER,
                               help="who deals first: one chosen by chance, or a player the table agrees on", title='First dealer', labels={'player-1': 'agreed by the table', 'chance': 'by chance'},
                               clause="nk.dealer")
    rounds: int = option(1, choices=ROUNDS, help="rounds in a game; the deal passes on after each (in a game of one round, a pot nobody wins is "
                              "handed back at once: agree on more for it to wait)",
                         title='Rounds', 
                         clause="nk.rounds")
    limit: int = option(LIMIT, choices=LIMITS,
                        help="the highest total that can win: 17 as the source has it, or lower (14 to 16) or "
                             "higher (20, 22); 18, 19, 21 and 23 lose at once whatever the limit", title='The limit', 
                        clause="nk.over")

    name: ClassVar[str] = "nakash"
    title: ClassVar[str] = "Nakash"
    deck: ClassVar = MUGHAL
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    CLAUSES: ClassVar = CLAUSES
    KEY_CLAUSES: ClassVar = ("nk.pot", "nk.carry")
    EVENTS: ClassVar = EVENTS
    DEAL_CLAUSE: ClassVar = "nk.deal"
    PEER: ClassVar = "blackjack"  # a round against a dealer: make bench's ratio is to a hand of it (engine.doors.bench.PEERS)
    EQUIPMENT: ClassVar = "counters for the stakes: everyone pays 1 into the pot each round, so about 20 each serve a game of many rounds"
    TABLE_LAYOUT: ClassVar = (TableSpot("pot", "pot"),)
    SEAT_CARDS: ClassVar = ("face-down", "face-down")
    STATE: ClassVar = NakashState
    MOVES: ClassVar = ("show",)
    MOVE_USAGE: ClassVar = "a Nakash player's move is 'show' (chance: 'dealer P2', 'deal ...')"

    def __post_init__(self) -> None:
        self.check_options()

    def events_in_words(self) -> dict[str, str]:
        """``EVENTS`` in words for the options in force (the totals over the ``limit`` that are not busts).

        >>> Nakash().events_in_words()["over"], Nakash(limit=15).events_in_words()["over"]
        ('another total over 17 (20 or 22, not a pair) is shown', 'another total over 15 (16, 17, 20 or 22, not a pair) is shown')
        """
        from .state import RANKS

        totals = sorted({total for _tier, total, kind in RANKS[self.limit].values() if kind.startswith("over")})
        words = [str(t) for t in totals]
        listed = (", ".join(words[:-1]) + " or " + words[-1]) if len(words) > 1 else "".join(words)
        over = (f"another total over {self.limit} ({listed}, not a pair) is shown" if words
                else f"another total over {self.limit} is shown (none can be made with two cards)")
        return {**EVENTS, "over": over}

    def events_of(self, record) -> tuple[str, ...]:
        data = record[3]
        if data[0] != "show":
            return ()
        kind = data[2][2]  # the hand's rank is (tier, points, kind)
        out = ("pair",) if kind == "pair" else ("bust",) if kind == "bust" else ("over",) if kind.startswith("over") else ()
        if data[3] is not None:
            winners = data[3][0]
            if not winners:
                out += ("carry",)
            elif len(winners) > 1:
                out += ("split",)
        return out

    TABLES: ClassVar = MappingProxyType({"order": "the winning hands, best first, with their chances (exact)", "over": "every total over 17 and its outcome (exact)"})

    def table(self, name: str):
        """A table for the chapter, computed by the engine (:mod:`.odds`)."""
        from . import odds

        if name not in odds.TABLES:
            return super().table(name)
        return odds.TABLES[name](self)
