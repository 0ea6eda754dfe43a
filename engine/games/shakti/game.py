"""Shakti: a draw-and-discard game for four players with the Mughal deck.

Each player holds eight cards and keeps a face-up discard pile. On a turn a player draws four
cards (the top four of the deck, one from the top or the bottom of every pile, or four from the
top or the bottom of one pile) and discards four back where they came from (the deck's cards to
the player's own pile). The first to end a turn holding a *run* (eight cards of one suit in
order) or a *set* (eight cards of one rank) wins. A used-up deck is remade from the piles, and a
game nobody wins within the agreed number of rounds ends without a winner.

>>> sk = Shakti()
>>> state = sk.start(7)
>>> state.current_player, [len(h) for h in state.hands], [len(p) for p in state.piles], len(state.deck)
(0, [8, 8, 8, 8], [1, 1, 1, 1], 60)
>>> [str(m) for m in state.legal_moves()]
['deck', 'tops', 'bottoms']
>>> print(state.apply(sk.parse_move("tops")).narrate(["Asha", "Bela", "Chitra", "Dev"]))  # doctest: +NORMALIZE_WHITESPACE
Asha, on the dealer's right, plays first. Asha takes the top card of every pile: the 8 of Taj from Asha's own
pile, the Raja of Taj from Bela's pile, the Raja of Chang from Chitra's pile and the Raja of Barat from Dev's pile
[sk.dealer] [sk.tops].

The folder holds the definition (this module), the state (:mod:`.state`), the moves (:mod:`.moves`),
the records and their prose (:mod:`.records`), positions as text (:mod:`.positions`), the heuristic
player's taste (:mod:`.strategy`), the pictures (:mod:`.pictures`) and the winning hands (:mod:`.table`).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar

from ...decks import MUGHAL
from ...protocol import Deal, Game, TableSpot, option
from ...shuffle import shuffled
from .moves import DISCARD, ShMove, ShTurn, parse_move
from .positions import parse_position
from .records import CL_LIMIT, CL_RUN, CL_SET, CL_SHUFFLE, CL_TURN
from .state import HAND_SIZE, PLAYERS, ShState
from .table import CARDS, INDEX, N_CARDS

CLAUSES = MappingProxyType({
    "sk.players": "Four players",
    "sk.dealer": "The youngest deals; the player on the dealer's right starts",
    "sk.deal": "Eight cards each, one face up to start each pile, the rest is the stock",
    "sk.turn": "A turn: draw four cards, then discard four",
    "sk.deck": "Four cards from the stock, discarded to your own pile",
    "sk.tops": "One card from the top of every pile",
    "sk.bottoms": "One card from the bottom of every pile, unseen",
    "sk.one-pile": "Four cards from either end of one pile",
    "sk.discard": "Discards go back where the cards came from",
    "sk.win": "A complete hand at the end of your turn wins",
    "sk.run": "A run: eight cards of one suit in order",
    "sk.set": "A set: eight cards of one rank",
    "sk.reshuffle": "When the stock is used up, the piles make a new one",
    "sk.limit": "After the last round the game ends without a winner",
})

EVENTS = MappingProxyType({
    "deck": "a player draws four cards from the stock",
    "tops": "a player takes the top card of every pile",
    "bottoms": "a player takes the bottom card of every pile",
    "one-pile": "a player takes four cards from one pile",
    "reshuffle": "the stock is used up and the piles are shuffled into a new one",
    "run": "a player wins with a run",
    "set": "a player wins with a set",
    "round": "a round is over: the dealer has had their turn and nobody has won",
    "limit": "the last round ends and nobody has won",
})
_DRAW_EVENTS = {"deck": ("deck",), "tops": ("tops",), "bottoms": ("bottoms",), "top": ("one-pile",),
                "bottom": ("one-pile",)}


@dataclass(frozen=True)
class Shakti(Game):
    """The Shakti definition; its fields are the options.

    >>> [o.name for o in Shakti.options()]
    ['players', 'ranks', 'empty_deck', 'limit']
    """

    EQUIPMENT: ClassVar = "something to count the rounds with (thirty, unless the table agrees on fewer), such as a pencil and paper"

    players: int = option(4, choices=(4,), help="number of players: four", clause="sk.players")
    ranks: str = option("uniform", choices=("uniform", "traditional"),
                        help="the order a run follows: 1 to 10, Vizier, Raja in every suit (uniform), or, in the "
                             "four weak suits, 10 lowest up to 1, then Vizier and Raja (traditional)", title='Run order', labels={'uniform': 'uniform order', 'traditional': 'traditional order'},
                        clause="sk.run")
    empty_deck: str = option("reshuffle", choices=("reshuffle", "piles-only"),
                             help="when the stock is used up: shuffle the piles (all but their top cards) into a new "
                                  "stock, or play on drawing from the piles only", title='An empty stock', labels={'reshuffle': 'reshuffle', 'piles-only': 'piles only'},
                             clause="sk.reshuffle")
    limit: int = option(30, choices=(10, 20, 30), help="the rounds played before the game ends without a "
                         "winner", title='Round limit', 
                        clause="sk.limit")

    name: ClassVar[str] = "shakti"
    title: ClassVar[str] = "Shakti"
    deck: ClassVar = MUGHAL
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    CLAUSES: ClassVar = CLAUSES
    KEY_CLAUSES: ClassVar = ("sk.win", "sk.reshuffle")
    EVENTS: ClassVar = EVENTS
    HAS_POSITIONS: ClassVar = True
    DEAL_CLAUSE: ClassVar = "sk.deal"
    PEER: ClassVar = "crazy_eights"  # a draw-and-discard game: make bench's ratio is to OpenSpiel's (engine.doors.bench.PEERS)
    PEER_TARGET: ClassVar = (4, 1.0)  # issue 23: the least ratio to the peer, at this many players
    FIRST_DEALER: ClassVar = "the youngest player; the player on the dealer's right starts"
    TABLE_LAYOUT: ClassVar = (TableSpot("stock", "face-down", "deck"),)
    SEAT_CARDS: ClassVar = ("hand", "face-up")  # (the face-up card is the start of each player's discard pile)

    def __post_init__(self) -> None:
        self.check_options()

    def parse_move(self, text: str):
        return parse_move(text)

    def join_moves(self, first, second):
        """A draw and the discards after it, joined into one turn for a transcript's line."""
        if not isinstance(second, ShMove) or second._k != DISCARD:
            return None
        if isinstance(first, ShMove) and first.is_draw:
            return ShTurn(first, (second,))
        if isinstance(first, ShTurn) and len(first.discards) < 4:
            return ShTurn(first.draw, first.discards + (second,))
        return None

    def deal(self, seed: int | str) -> Deal:
        """Shuffle with ``seed`` and deal: one card at a time round the table from Player 1 (on the dealer's
        right), eight each; then one card face up before each player to start their pile (``piles``, Player
        1's first); the rest is the deck, top first."""
        order = shuffled(CARDS, seed)
        dealt = HAND_SIZE * PLAYERS
        return Deal(tuple(tuple(order[s:dealt:PLAYERS]) for s in range(PLAYERS)),
                    (("piles", tuple(order[dealt:dealt + PLAYERS])), ("deck", tuple(order[dealt + PLAYERS:]))))

    def new_game(self, deal: Deal) -> ShState:
        """The game at its first turn from ``deal`` (DealError, clause sk.deal, if it does not fit)."""
        if not isinstance(deal, Deal):
            raise self.deal_error(f"a deal is dealt cards, not {type(deal).__name__}", "sk.deal")
        hands = deal.hands
        if len(hands) != PLAYERS:
            raise self.deal_error(f"it has {len(hands)} hands for four players", "sk.deal")
        piles = deal.piles
        if len(piles) != 2 or piles[0][0] != "piles" or piles[1][0] != "deck":
            names = ", ".join(name for name, _ in piles) or "none"
            raise self.deal_error(f"the piles are 'piles' then 'deck', not {names}", "sk.deal")
        try:
            cards = [INDEX.get(c, -1) for h in hands for c in h] + [INDEX.get(c, -1) for _, p in piles for c in p]
        except TypeError:
            cards = [-1]
        if len(cards) != N_CARDS or len(set(cards)) != N_CARDS or -1 in cards:
            raise self.deal_error(f"it must hold each of the {N_CARDS} Mughal cards exactly once", "sk.deal")
        for seat, h in enumerate(hands):
            if len(h) != HAND_SIZE:
                raise self.deal_error(f"P{seat + 1} holds {len(h)} cards, not {HAND_SIZE}", "sk.deal")
        if len(piles[0][1]) != PLAYERS:
            raise self.deal_error("one card goes face up before each player ('piles')", "sk.deal")
        out = [[INDEX[c] for c in h] for h in hands]
        starts = [[INDEX[c]] for c in piles[0][1]]
        deck = [INDEX[c] for c in reversed(piles[1][1])]
        return ShState(self, out, starts, deck, 0, 0)

    # --- the contract's extras -------------------------------------------------------------
    def draw_state(self, state: ShState, *, viewer: int | None = None, names=None):
        from .pictures import state_picture

        return state_picture(state, viewer=viewer, names=names)

    def ruled_out(self) -> frozenset[str]:
        return frozenset({"reshuffle"}) if self.empty_deck == "piles-only" else frozenset()

    def events_of(self, record) -> tuple[str, ...]:
        clauses = record[2]
        if record[8]:  # a whole turn: its steps' events
            return tuple(e for part in record[8] for e in self.events_of(part))
        if clauses is CL_SHUFFLE:
            return ("reshuffle",)
        if clauses is CL_RUN:
            return ("run",)
        if clauses is CL_SET:
            return ("set",)
        if clauses is CL_TURN:
            return ("round",) if record[0] == PLAYERS - 1 else ()
        if clauses is CL_LIMIT:
            return ("limit", "round")
        move = record[1]
        return _DRAW_EVENTS.get(move.kind, ()) if move.kind != "discard" else ()

    def position(self, text: str) -> ShState:
        """A hand-set position, e.g. for a worked example; see :func:`.positions.parse_position`."""
        return parse_position(self, text)
