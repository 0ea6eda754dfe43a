"""Kendra Kari: a shedding game of the Eights family for the Mughal deck, played round a ring.

Six ring positions (1..6) and a centre (Position 7). Each card played must share a suit or
a rank with the last card and goes to the next ring position; a card that also matches the
card opposite the last one may instead go to the centre and *build a bridge*, which clears
the table and lets the bridger start a fresh ring. Empty your hand to win.

>>> kk = KendraKari(players=4)
>>> state = kk.start(7)
>>> state.current_player, len(state.hands[0]), len(state.stock)
(0, 6, 71)
>>> KKMove.parse("7Sh *3Sh")
KKMove.parse('7Sh *3Sh')
>>> p = kk.position("ring=1:7Ta+1 2:2Gh 3:5Gh 4:9Ta 5:3Gh 6:8Gh 7:9Gh; last=1; turn=P2; "
...                 "P1=RSh; P2=7Sh 3Ta 3Sh; P3=2Ba; P4=4Qi; stock=5")
>>> [str(m) for m in p.legal_moves()]
['7Sh', '3Ta', '*3Ta', '7Sh *3Sh', '3Ta *3Sh']
>>> print(p.apply(KKMove.parse("*3Ta")).narrate(["Asha", "Bela", "Chitra", "Dev"]))
Bela bridges with the 3 of Taj: it matches the 7 of Taj on Position 1 and the 9 of Taj
opposite on Position 4. The ring is cleared (9 cards leave the game) [kk.bridge] [kk.clear].

The folder holds the definition (this module), the state (:mod:`.state`), the moves (:mod:`.moves`),
the records and their prose (:mod:`.records`), positions as text (:mod:`.positions`), the heuristic
player's taste (:mod:`.strategy`), the pictures (:mod:`.pictures`) and the card and ring tables (:mod:`.ring`).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar

from ...cards import Card
from ...decks import DECKS, MUGHAL
from ...protocol import Deal, Game, TableSpot, option
from ...shuffle import shuffled
from .moves import KKMove, KKShuffle, parse_move
from .positions import parse_position
from .records import CL_DRY, CL_MATCH, CL_WRAP
from .ring import CARDS, CENTRE, N_CARDS
from .state import KKState

CLAUSES = MappingProxyType({
    "kk.players": "Three to six players",
    "kk.direction": "Direction of play",
    "kk.deal": "Six cards each, one to the centre, the rest is the stock",
    "kk.first": "The first card goes to Position 1 and matches the centre card",
    "kk.match": "Match the last card by suit or rank",
    "kk.next": "Play to the next ring position",
    "kk.must-play": "A player who can play must",
    "kk.draw": "Otherwise draw; a playable drawn card is played at once",
    "kk.drawn-no-bridge": "A drawn card never builds a bridge",
    "kk.opposite": "Opposite positions",
    "kk.bridge": "A bridge matches the last card and the card opposite it",
    "kk.clear": "A bridge clears the table",
    "kk.two-card": "Two cards in one turn: a play, then a bridge",
    "kk.new-phase": "The bridger starts a fresh ring",
    "kk.out": "An empty hand wins",
    "kk.stock-out": "When the stock runs out",
})

HAND_SIZE = 6
_PLACE = [-1] * (max(c.index for d in DECKS.values() for c in d.cards) + 1)  # Card.index -> place in CARDS
for _i, _card in enumerate(CARDS):
    _PLACE[_card.index] = _i
del _i, _card

EVENTS = MappingProxyType({
    "bridge": "a bridge is built (alone or as the second card of a two-card turn)",
    "draw": "a player cannot play and draws",
    "drawn-played": "a drawn card fits and is played at once",
    "dry-round": "a whole round passes in which nobody can play (each player draws a card that does not fit)",
    "stock-out": "the stock runs out (the game ends, or chance refills it)",
})


@dataclass(frozen=True)
class KendraKari(Game):
    """The Kendra Kari definition; its fields are the options.

    >>> [o.name for o in KendraKari.options()]
    ['players', 'direction', 'stock_out', 'hand_size']
    """

    players: int = option(4, choices=range(3, 7), help="number of players, 3 to 6", clause="kk.players")
    direction: str = option("clockwise", choices=("clockwise", "anticlockwise"),
                            help="the direction of play: the rules are the same either way", clause="kk.direction")
    stock_out: str = option("end", choices=("end", "reshuffle"),
                            help="when a player must draw from an empty stock: end the game (fewest cards wins), "
                                 "or shuffle the cards taken out by bridges into a new stock", title='An empty stock',
                            labels={'end': 'the game ends', 'reshuffle': 'reshuffle'}, clause="kk.stock-out")
    hand_size: int = option(HAND_SIZE, choices=range(4, 9),
                            help="cards dealt to each player, 4 to 8 (the inventor deals six)", title='Hand size', 
                            clause="kk.deal")

    name: ClassVar[str] = "kendra-kari"
    title: ClassVar[str] = "Kendra Kari"
    deck: ClassVar = MUGHAL
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    CLAUSES: ClassVar = CLAUSES
    KEY_CLAUSES: ClassVar = ("kk.bridge",)
    EVENTS: ClassVar = EVENTS
    HAS_POSITIONS: ClassVar = True
    DEAL_CLAUSE: ClassVar = "kk.deal"
    PEER: ClassVar = "crazy_eights"  # a shedding game: make bench's ratio is to OpenSpiel's (engine.doors.bench.PEERS)
    FIRST_DEALER: ClassVar = "any player; the player after the dealer starts"
    TABLE_LAYOUT: ClassVar = (TableSpot("Position 7", "face-up", "centre"), TableSpot("stock", "face-down", "stock"))

    def __post_init__(self) -> None:
        self.check_options()

    def hand_order(self, card: Card) -> tuple[int, int]:
        """Where ``card`` goes when a hand is shown at the terminal: by suit in the deck's order, then Raja,
        Vizier, 10 down to 1 (a hand is held in any order; sorted, a match by suit or rank is easy to see)."""
        return (MUGHAL.suits.index(card.suit), -card.rank)

    @property
    def dealer(self) -> int:
        """The dealer's seat: the last one, so that Player 1 (seat 0) starts."""
        return self.players - 1

    def parse_move(self, text: str) -> KKMove | KKShuffle:
        return parse_move(text)

    def deal(self, seed: int | str) -> Deal:
        """Shuffle with ``seed`` and deal: one card at a time round the table from Player 1, ``hand_size`` each (six);
        the next card face up to Position 7 (``centre``); the rest is the stock, top first."""
        order = shuffled(CARDS, seed)
        n = self.players
        dealt = self.hand_size * n
        return Deal(tuple(tuple(order[s:dealt:n]) for s in range(n)),
                    (("centre", (order[dealt],)), ("stock", tuple(order[dealt + 1:]))))

    def new_game(self, deal: Deal) -> KKState:
        """The game at its first turn from ``deal`` (DealError, clause kk.deal, if it does not fit)."""
        if not isinstance(deal, Deal):
            raise self.deal_error(f"a deal is dealt cards, not {type(deal).__name__}", "kk.deal")
        hands = deal.hands
        if len(hands) != self.players:
            raise self.deal_error(f"it has {len(hands)} hands for {self.players} players", "kk.deal")
        piles = deal.piles
        if len(piles) != 2 or piles[0][0] != "centre" or piles[1][0] != "stock":
            names = ", ".join(name for name, _ in piles) or "none"
            raise self.deal_error(f"the piles are 'centre' then 'stock', not {names}", "kk.deal")
        centre, stock = piles[0][1], piles[1][1]
        try:  # each card's place in the Mughal deck (-1 for a card of another deck)
            cards = [_PLACE[c.index] for h in hands for c in h]
            cards += [_PLACE[c.index] for c in centre]
            cards += [_PLACE[c.index] for c in stock]
        except (AttributeError, IndexError):
            cards = [-1]
        if len(cards) != N_CARDS or len(set(cards)) != N_CARDS or -1 in cards:
            raise self.deal_error(f"it must hold each of the {N_CARDS} Mughal cards exactly once", "kk.deal")
        if len(centre) != 1:
            raise self.deal_error("one card goes face up to Position 7 ('centre')", "kk.deal")
        out = []
        i = 0
        for seat, h in enumerate(hands):
            if len(h) != self.hand_size:
                raise self.deal_error(f"P{seat + 1} holds {len(h)} cards, not {self.hand_size}", "kk.deal")
            out.append(cards[i:i + self.hand_size])
            i += self.hand_size
        piles = [[], [], [], [], [], [], [cards[i]]]
        return KKState(self, out, piles, CENTRE, cards[:i:-1], [], 0)

    # --- the contract's extras -------------------------------------------------------------
    def draw_state(self, state: KKState, *, viewer: int | None = None, names=None):
        from .pictures import state_picture

        return state_picture(state, viewer=viewer, names=names)

    def events_of(self, record) -> tuple[str, ...]:
        clauses = record[2]
        if clauses is CL_MATCH or clauses is CL_WRAP:  # the common plays first: no event
            return ()
        if "kk.bridge" in clauses:
            return ("bridge",)
        if "kk.stock-out" in clauses:
            return ("stock-out",)
        if clauses is CL_DRY:
            return ("draw", "dry-round")
        if "kk.draw" in clauses:
            return ("draw", "drawn-played") if record[4] else ("draw",)
        return ()

    def position(self, text: str) -> KKState:
        """A hand-set position, e.g. for a worked example; see :func:`.positions.parse_position`."""
        return parse_position(self, text)
