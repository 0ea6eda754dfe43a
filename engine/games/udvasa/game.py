"""Udvasa: the patience (one player) of the Mughal deck's booklet.

Eight build stacks, one a suit: four build up from the 1 to the Raja, four down from the Raja to the 1.
Eight working stacks get a card each; a top card moves onto any card one more or one less (any suit), or
to its build stack; eight more are dealt from the stock when you choose; an empty stack is filled from
another. Win by building all 96 cards.

>>> ud = Udvasa()
>>> state = ud.start(7)
>>> len(state.stacks), len(state.stock), [str(c) for c in state.build_tops()]
(8, 80, ['1Sa', '1Ta', '1Sh', '1Gh', 'RSu', 'RCh', 'RQi', 'RBa'])
>>> p = ud.position("build=1Sa 1Ta 1Sh 1Gh RSu RCh RQi RBa; stacks=2Sa 9Gh / 8Ta / - / 4Su / 5Ch / 6Qi / 7Ba / 8Ba")
>>> [str(m) for m in p.legal_moves()]
['1-3']
>>> print(p.apply("1-3").narrate(["Asha"]))
Asha fills the empty stack 3 with the 9 of Ghulam from stack 1 [ud.fill].
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar

from ...decks import MUGHAL
from ...protocol import Deal, Game, Solved, TableSpot, option
from ...shuffle import shuffled
from .moves import UDMove
from .player import SearchingPlayer
from .positions import parse_position
from .state import FULL, UDState, next_needed
from .tables import AT, CARDS, INDEX, N_CARDS, N_SUITS, STACKS, SUIT, SUITS, VALUE, neighbours

CLAUSES = MappingProxyType({
    "ud.layout": "One player; eight build stacks and eight working stacks",
    "ud.directions": "Four suits build up from the 1, four down from the Raja",
    "ud.start": "The four 1s and four Rajas start the build stacks",
    "ud.deal": "One card to each working stack; the rest is the stock",
    "ud.values": "Values: 1 to 10, Vizier 11, Raja 12",
    "ud.shift": "Move a top card onto a card one more or one less, any suit",
    "ud.build": "Play a top card to its build stack when it is next",
    "ud.fill": "Fill an empty working stack",
    "ud.more": "Deal eight more from the stock",
    "ud.win": "Every card built: you win",
    "ud.lose": "Stock used up and stuck: you lose",
})

EVENTS = MappingProxyType({
    "fill": "an empty working stack is filled",
    "emptied": "a move leaves a working stack empty",
    "stuck": "the stock is used up and no card can move",
})


@dataclass(frozen=True)
class Udvasa(Game):
    """The Udvasa definition; its fields are the options.

    >>> [o.name for o in Udvasa.options()]
    ['players', 'up', 'wrap', 'fill', 'dealing']
    """

    players: int = option(1, choices=(1,), help="one player", clause="ud.layout")
    up: str = option("strong", choices=("strong", "weak"),
                     help="which four suits build up from the 1: the strong suits (Safed, Taj, Shamsher, Ghulam) or "
                          "the weak ones (Surkh, Chang, Qimash, Barat); the others build down from the Raja",
                     title='Suits built up', labels={'strong': 'strong suits up', 'weak': 'weak suits up'},
                     clause="ud.directions")
    wrap: bool = option(False, choices=(False, True),
                        help="whether a Raja and a 1 count as one apart, so either goes onto the other",
                        title='Wrap', labels={False: 'no wrap', True: 'wrap'},
                        clause="ud.values")
    fill: str = option("at-once", choices=("at-once", "before-deal"),
                       help="an empty working stack is filled at once, before any other move; or at any time, "
                            "but before the next deal", title='Filling a stack', labels={'at-once': 'fill at once', 'before-deal': 'fill before the deal'},
                       clause="ud.fill")
    dealing: str = option("any-time", choices=("any-time", "no-moves"),
                          help="when eight more may be dealt: whenever you like; or only when no card can move "
                               "(you may then give up whenever a card can still move, since moving cards to and fro "
                               "may never end)",
                          title='Dealing', labels={'any-time': 'deal any time', 'no-moves': 'deal only when stuck'},
                          clause="ud.more")

    name: ClassVar[str] = "udvasa"
    title: ClassVar[str] = "Udvasa"
    deck: ClassVar = MUGHAL
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    CLAUSES: ClassVar = CLAUSES
    KEY_CLAUSES: ClassVar = ("ud.fill", "ud.win")
    EVENTS: ClassVar = EVENTS
    HAS_POSITIONS: ClassVar = True
    DEAL_CLAUSE: ClassVar = "ud.deal"
    PEER: ClassVar = "solitaire"  # Klondike, OpenSpiel's patience (no target: issue 22 asks for figures)
    FIRST_DEALER: ClassVar = "the player"
    TABLE_LAYOUT: ClassVar = (TableSpot("build stacks", "face-up", "build"), TableSpot("stock", "face-down", "stock"))
    SEAT_CARDS: ClassVar = ("face-up",)

    def __post_init__(self) -> None:
        self.check_options()
        up = tuple((s.group == "strong") == (self.up == "strong") for s in SUITS)
        object.__setattr__(self, "_up", up)
        object.__setattr__(self, "_needs", next_needed(up))
        object.__setattr__(self, "_near", neighbours(self.wrap))

    @property
    def up_flags(self) -> tuple[bool, ...]:
        """For each suit in the deck's order, whether its build stack builds up from the 1."""
        return self._up

    @property
    def needs(self):
        return self._needs

    @property
    def near(self):
        return self._near

    def starters(self) -> list[int]:
        """The cards that start the build stacks: the 1 of each suit that builds up, the Raja of each other."""
        return [AT[s][1] if self._up[s] else AT[s][FULL] for s in range(N_SUITS)]

    def parse_move(self, text: str) -> UDMove:
        return UDMove.parse(text)

    def deal(self, seed: int | str) -> Deal:
        """Take out the eight starters (pile ``build``), shuffle the other 88 with ``seed``: the first eight
        go to the working stacks (``stacks``, stack 1 first), the rest is the stock, top first."""
        starters = self.starters()
        taken = set(starters)
        order = shuffled([c for i, c in enumerate(CARDS) if i not in taken], seed)
        return Deal(((),), (("build", tuple(CARDS[c] for c in starters)), ("stacks", tuple(order[:STACKS])),
                            ("stock", tuple(order[STACKS:]))))

    def new_game(self, deal: Deal) -> UDState:
        """The game at its first move from ``deal`` (DealError if it does not fit)."""
        if not isinstance(deal, Deal):
            raise self.deal_error(f"a deal is dealt cards, not {type(deal).__name__}", "ud.deal")
        if len(deal.hands) != 1 or deal.hands[0]:
            raise self.deal_error("Udvasa has one player, who holds no cards: write 'P1=-'", "ud.layout")
        names = [name for name, _ in deal.piles]
        if names != ["build", "stacks", "stock"]:
            raise self.deal_error(f"the piles are 'build', 'stacks' and 'stock', not {', '.join(names) or 'none'}",
                                  "ud.deal")
        build, stacks, stock = (deal.pile(n) for n in names)
        cards = [INDEX.get(c, -1) for c in (*build, *stacks, *stock)]
        if len(cards) != N_CARDS or len(set(cards)) != N_CARDS or -1 in cards:
            raise self.deal_error(f"it must hold each of the {N_CARDS} Mughal cards exactly once", "ud.deal")
        if sorted(INDEX[c] for c in build) != sorted(self.starters()):
            raise self.deal_error("the build stacks start with the 1 of each suit that builds up and the Raja of "
                                  "each suit that builds down", "ud.start")
        if len(stacks) != STACKS:
            raise self.deal_error(f"one card goes to each of the {STACKS} working stacks, not {len(stacks)}", "ud.deal")
        return UDState(self, [[INDEX[c]] for c in stacks], [1] * N_SUITS, [INDEX[c] for c in reversed(stock)])

    def position(self, text: str) -> UDState:
        """A hand-set position; see :mod:`.positions`."""
        return parse_position(self, text)

    TABLES: ClassVar = MappingProxyType({"odds": "how often a deal can be won: the solver, the careful and the "
                                                 "random player over the same deals (rules/data/udvasa-solved.json)",
                                         "hints": "which first wrong moves spoil a won deal, by kind of move "
                                                  "(rules/data/udvasa-solved.json)",
                                         "chances": "how often a deal is won by who plays it and what she knows: "
                                                    "the solver, the searching player who does not see the stock, "
                                                    "the careful player (rules/data/udvasa-unseen.json)"})

    def table(self, name: str):
        if name == "odds":
            from .results import odds_table

            return odds_table()
        if name == "hints":
            from .results import hints_table

            return hints_table()
        if name == "chances":
            from .results import chances_table

            return chances_table()
        return super().table(name)

    def events_of(self, record) -> tuple[str, ...]:
        out = ()
        if record[2] is not None and "ud.fill" in record[2]:
            out = ("fill",)
        if record[5] is None and record[3] is not None:
            out += ("emptied",)
        if record[8] == "stuck":
            out += ("stuck",)
        return out

    def strong_player(self, seed: int | str):
        """Udvasa's strong player: the searching player who does not see the stock's order (:mod:`.player`)."""
        return SearchingPlayer(seed)

    def solve(self, state: UDState, limit: int | None = None) -> Solved:
        """Can the deal be won from ``state``? The solver's verdict (:mod:`.solver`, at most ``limit`` positions a
        pass) in players' words: yes, no, or not sure. It knows the stock's order, as a deal's solver does, but
        the answer names no card and no move (its winning line is not given)."""
        from .solver import LIMIT, solve

        if state.is_terminal():
            won = state.won()
            return Solved("yes" if won else "no", "The game is over: " + ("the deal is won." if won else
                                                                         "the deal was not won."), 0)
        v = solve(state, LIMIT if limit is None else limit)
        if v.verdict == "won":
            return Solved("yes", "Yes: this deal can be won from here.", v.nodes)
        if v.verdict == "lost":
            return Solved("no", "No: this deal cannot be won from here, whatever you play.", v.nodes)
        return Solved("unsure", f"Not sure: the search stopped after {v.nodes:,} positions without deciding.",
                      v.nodes)

    def draw_state(self, state: UDState, *, viewer: int | None = None, names=None):
        from .pictures import state_picture

        return state_picture(state, names=names)
