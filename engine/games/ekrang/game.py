"""Ekrang: the booklet's two-phase trick game for the Mughal deck (2-4 players).

All 96 cards are dealt. The holder of the leading Raja (Surkh's by day, Safed's by night) opens
with it and a card of 8 or higher, the others add lower cards, and the opener takes that first
trick. Then come rounds of two phases: in phase 1 the last trick's winner leads the highest card
they hold (their choice among equal highest cards of different suits) and the others must follow
suit if they can; in phase 2 the
phase-1 winner leads the lowest card they hold of that suit and the others may play anything,
only a higher card of the suit winning. Phase 2 is skipped when the phase-1 winner has no card of
the suit left. When every card is played, most tricks wins.

>>> ek = Ekrang(players=4)
>>> s = ek.start(7)
>>> [len(h) for h in s.hands], s.current_player
([24, 24, 24, 24], 3)
>>> s.legal_moves()[:3]
[EKMove.parse('open RSu 8Sh'), EKMove.parse('open RSu RSh'), EKMove.parse('open RSu 8Gh')]
>>> p = ek.position("P1=RTa 5Ba; P2=9Ta 2Sh 8Sh; P3=6Ba 1Ta 2Su; P4=VGh 4Gh 3Su; tricks=P1:21; lead=P1; stage=phase1")
>>> p.legal_moves()
[EKMove.parse('RTa')]
>>> Ekrang(players=4, lead_card="suit").position(p.position()).legal_moves()
[EKMove.parse('RTa'), EKMove.parse('5Ba')]
>>> names = ["Asha", "Bela", "Chitra", "Dev"]
>>> print(p.apply("RTa").narrate(names))
Asha starts a round: leads the Raja of Taj, the highest card in hand [ek.next-round] [ek.phase1].
>>> p.legal_moves()
[EKMove.parse('9Ta')]

The folder holds the definition (this module), the state (:mod:`.state`), the moves
(:mod:`.moves`), the records and their prose (:mod:`.records`), positions as text
(:mod:`.positions`), the heuristic player's taste (:mod:`.strategy`) and the pictures
(:mod:`.pictures`).

Rulings (the chapter states each with its reason):

* The garbled opening (booklet step 3): the holder of the leading Raja lays it with one other
  card of face value 8 or higher (8, 9, 10, Vizier or Raja, any suit); each other player adds one
  card of lower face value, any suit (option ``opening_add=any``: any card); a player with no
  lower card adds any card; the opener takes the trick. An opener with no card of 8 or higher
  lays the Raja alone.
* Phase 1's "highest card they have of any suit": the leader leads the highest card in hand,
  cards of different suits compared by their place in their suit's order (Raja, Vizier, then the
  best pip card, ...); among equal highest cards of different suits the leader chooses (option
  ``lead_card=suit``: the highest card of any suit the leader chooses).
* "Only a higher card of the original suit wins": the highest card of the suit led wins, the
  leader's card if nobody plays higher of it.
* The opener ends with one card fewer than the others: a player whose hand is empty sits out
  the last trick(s); a trick winner with no cards passes the lead to the next player holding
  cards; a lone player's card still makes a trick.
* Ranking: the booklet ranks every suit Raja, Vizier, 10 down to 1 (``uniform``, the default) and
  gives the weak suits' reversed pip cards as a variation (``traditional``).
* Most tricks wins; tied players share the win.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar

from ...cards import Card
from ...decks import MUGHAL, Ranking
from ...protocol import Deal, Game, option
from ...shuffle import shuffled
from .moves import EKMove, parse_move
from .positions import parse_position
from .records import events_of
from .state import EKState

CLAUSES = MappingProxyType({
    "ek.players": "Two to four players",
    "ek.direction": "Anticlockwise play",
    "ek.deal": "All the cards are dealt",
    "ek.ranking": "The order of the cards",
    "ek.leading-raja": "The holder of the leading Raja opens",
    "ek.opening": "The opening trick: the Raja and a card of 8 or higher",
    "ek.opening-add": "Each other player adds a lower card",
    "ek.next-round": "The last trick's winner starts the next round",
    "ek.phase1": "Phase 1: lead your highest card",
    "ek.follow": "Phase 1: follow suit if you can",
    "ek.trick": "The highest card of the suit led wins",
    "ek.phase2": "Phase 2: the winner leads the lowest card of that suit",
    "ek.phase2-any": "Phase 2: play any card",
    "ek.skip": "No card of the suit: no phase 2",
    "ek.empty-hand": "An empty hand sits out",
    "ek.winner": "Most tricks wins",
})

EVENTS = MappingProxyType({
    "no-lower": "a player has no card lower than the opener's second card and adds any card",
    "raja-alone": "the opener has no card of 8 or higher and lays the leading Raja alone",
    "renounce": "a player has no card of the suit led in phase 1 and plays another suit",
    "skip": "the phase-1 winner has no card of the suit left, so phase 2 is skipped",
    "round": "a round begins: its phase 1 is played",
    "phase2": "a phase 2 is played",
    "phase2-leader-wins": "nobody plays higher in phase 2, so its leader's lowest card wins",
    "lead-passes": "a trick's winner has no cards left and the lead passes on",
    "shared-win": "the game ends with players tied for most tricks",
    "opener-wins": "the player who opened with the leading Raja wins, alone or sharing",
    "other-seat": "a player other than the opener, counted once each when the game ends",
    "other-wins": "a player other than the opener wins, alone or sharing (once for each such player)",
})


@dataclass(frozen=True)
class Ekrang(Game):
    """Ekrang for 2 to 4 players with the Mughal deck; its fields are the options.

    >>> [o.name for o in Ekrang.options()]
    ['players', 'time', 'ranking', 'opening_add', 'lead_card']
    """

    players: int = option(4, choices=(2, 3, 4), help="number of players, 2 to 4", clause="ek.players")
    time: str = option("day", choices=("day", "night"),
                       help="which Raja opens: Surkh's (Surya's) by day, Safed's (Chandra's) by night",
                       clause="ek.leading-raja")
    ranking: Ranking = option(Ranking.UNIFORM, choices=(Ranking.UNIFORM, Ranking.TRADITIONAL),
                              help="uniform: 10 high to 1 low in every suit, as the booklet ranks them; "
                                   "traditional: the pip cards of the four weak suits (Surkh, Chang, Qimash and Barat) rank "
                                   "1 high to 10 low",
                              title='Ranking', labels={Ranking.UNIFORM: 'uniform ranking', Ranking.TRADITIONAL: 'traditional ranking'},
                              clause="ek.ranking")
    opening_add: str = option("lower", choices=("lower", "any"),
                              help="in the opening trick the others add a card lower than the opener's "
                                   "second card (lower), or any card (any)", title='The opening trick', labels={'lower': 'lower cards', 'any': 'any card in the opening'},
                              clause="ek.opening-add")
    lead_card: str = option("highest", choices=("highest", "suit"),
                            help="in phase 1 the leader leads the highest card in hand, choosing among equal "
                                 "highest cards of different suits (highest), or the highest card of a suit "
                                 "of the leader's choice (suit)", title='The lead in phase 1', labels={'highest': 'the highest card', 'suit': 'lead from a chosen suit'},
                            clause="ek.phase1")

    name: ClassVar[str] = "ekrang"
    title: ClassVar[str] = "Ekrang"
    deck: ClassVar = MUGHAL
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    CLAUSES: ClassVar = CLAUSES
    KEY_CLAUSES: ClassVar = ("ek.skip", "ek.empty-hand")
    KEY_SPAN: ClassVar = "trick"
    EVENTS: ClassVar = EVENTS
    HAS_POSITIONS: ClassVar = True
    DEAL_CLAUSE: ClassVar = "ek.deal"
    PEER: ClassVar = "crazy_eights"  # make bench's ratio is to OpenSpiel's crazy_eights, 4 players
    PEER_TARGET: ClassVar = (4, 1.0)  # issue 23: the least ratio to the peer, at this many players
    EQUIPMENT: ClassVar = "nothing: each player keeps the tricks won face down, to count at the end"
    FIRST_DEALER: ClassVar = "any player: the holder of the leading Raja opens, whoever deals"

    def __post_init__(self) -> None:
        self.check_options()

    @property
    def leading_raja(self) -> Card:
        """The Raja of Surkh (the booklet's Surya) by day, of Safed (Chandra) by night."""
        return Card.parse("RSu" if self.time == "day" else "RSa")

    @property
    def hand_size(self) -> int:
        return 96 // self.players

    def parse_move(self, text: str) -> EKMove:
        return parse_move(text)

    def deal(self, seed: int | str) -> Deal:
        """Shuffle with ``seed`` and deal every card, one at a time round the table from Player 1."""
        order = shuffled(MUGHAL.cards, seed)
        n = self.players
        return Deal(tuple(tuple(order[s::n]) for s in range(n)))

    def new_game(self, deal: Deal) -> EKState:
        """The game at its opening from ``deal`` (DealError, clause ek.deal, if it does not fit)."""
        if not isinstance(deal, Deal):
            raise self.deal_error(f"a deal is dealt cards, not {type(deal).__name__}", "ek.deal")
        if len(deal.hands) != self.players or deal.piles:
            raise self.deal_error(f"a {self.players}-player deal is {self.players} hands and nothing else", "ek.deal")
        size = self.hand_size
        for i, hand in enumerate(deal.hands):
            if len(hand) != size:
                raise self.deal_error(f"P{i + 1} holds {len(hand)} cards, not {size}", "ek.deal")
        ids = set(map(id, deal.all_cards()))  # cards are interned: the check by identity, without Card.__hash__
        if len(ids) != 96 or not _DECK_IDS.issuperset(ids):
            raise self.deal_error("it must hold each of the 96 Mughal cards exactly once", "ek.deal")
        raja = self.leading_raja
        opener = next(i for i, h in enumerate(deal.hands) if raja in h)
        return EKState(self, [list(h) for h in deal.hands], opener)

    # --- the contract's extras -------------------------------------------------------------
    def draw_state(self, state: EKState, *, viewer: int | None = None, names=None):
        from .pictures import state_picture

        return state_picture(state, viewer=viewer, names=names)

    def events_of(self, record) -> tuple[str, ...]:
        return events_of(record)

    def position(self, text: str) -> EKState:
        """A hand-set position; see :func:`.positions.parse_position` for the text."""
        return parse_position(self, text)


_DECK_IDS = frozenset(map(id, MUGHAL.cards))
