"""Naqsh: the Delhi banking game after Kaushal Gupta (1979), played with the 48-card Naqsh pack.

Each player in turn, from the dealer's right, tries to make *Naqsh*: 17 points in any number of
cards, or 21 in exactly two (Mir and 9, Ghodi and 10). A player who makes it ends the round and
deals next, and no money moves; if nobody does, the dealer plays a hand too, and a dealer's Naqsh
collects a stake from every player.

>>> nq = Naqsh(players=4)
>>> state = nq.start(3)
>>> state.current_player, [len(h) for h in state.hands], len(state.stock)
(3, [1, 1, 1, 1], 44)
>>> [str(m) for m in state.legal_moves()]
['deal']
>>> p = nq.position("P1=10N1 4N2; P2=5N3; P3=MN1; P4=2N2; turn=P1; stock=3N1")
>>> [str(m) for m in p.legal_moves()], p.total(0)
(['take', 'stand', 'throw'], 14)
>>> print(p.apply(NQMove.parse("take")).narrate(["Asha", "Bilal", "Chitra", "Dev"]))
Asha takes another card, a 3, and has 17 in 3 cards: Naqsh! Asha shows the cards; no money changes hands, \
and Asha deals next [nq.take] [nq.naqsh] [nq.player-naqsh] [nq.next-dealer].

The folder holds the definition (this module), the state (:mod:`.state`), the moves (:mod:`.moves`),
the records and their prose (:mod:`.records`), positions as text (:mod:`.positions`), the bank's
rules (:mod:`.bank`), the heuristic player (:mod:`.strategy`) and the exact odds (:mod:`.odds`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import ClassVar, Sequence

from ...cards import Card
from ...decks import DECKS, FRENCH, MUGHAL, NAQSH
from ...errors import OptionError
from ...protocol import Deal, DealerDraw, Game, Table, TableSpot, option
from ...shuffle import shuffled
from . import bank
from .moves import NQMove, parse_move
from .state import NQState

CLAUSES = MappingProxyType({
    "nq.pack": "The pack: four each of 1 to 10, Ghodi and Mir",
    "nq.values": "What the cards count",
    "nq.substitutes": "Playing with a French pack or a Mughal deck",
    "nq.players": "Five to seven players",
    "nq.first-dealer": "The highest card deals first",
    "nq.deal": "One card face down to each",
    "nq.order": "Turns go from the dealer’s right",
    "nq.face-up": "The dealer gives you a card face up",
    "nq.naqsh": "Naqsh: 17 in any number of cards, or 21 in two",
    "nq.take": "Take another card",
    "nq.stand": "Stand only on 14, 15 or 16",
    "nq.throw": "Or throw in your cards",
    "nq.bust": "Over 17 you are out",
    "nq.player-naqsh": "A player’s Naqsh ends the round",
    "nq.next-dealer": "Who deals next",
    "nq.dealer-turn": "Then the dealer plays",
    "nq.dealer-naqsh": "The dealer’s Naqsh: everyone pays",
    "nq.dealer-fails": "When the dealer fails too",
})

# the packs the game can be played with (option pack): key -> (deck, its suits used)
PACKS = MappingProxyType({
    "naqsh": (NAQSH, NAQSH.suits),
    "french": (FRENCH, FRENCH.suits),
    "mughal": (MUGHAL, tuple(s for s in MUGHAL.suits if s.group == "strong")),
})
PACK_CARDS = MappingProxyType({key: tuple(Card(s, r) for s in suits for r in range(1, 13))
                               for key, (deck, suits) in PACKS.items()})

PACK_IDS = MappingProxyType({key: frozenset(map(id, cards)) for key, cards in PACK_CARDS.items()})  # cards are interned

EVENTS = MappingProxyType({
    "player-naqsh": "a player makes Naqsh (the round ends, no money moves)",
    "dealer-naqsh": "the dealer makes Naqsh and every player pays",
    "dealer-turn": "nobody has made Naqsh when the dealer's turn comes",
    "dealer-fails": "nobody makes Naqsh",
    "two-card-21": "a Naqsh of 21 in two cards",
    "bust": "a hand goes over 17",
    "stand": "a player stands on 14, 15 or 16",
    "throw": "a player throws in the cards",
})

TABLES = MappingProxyType({
    "two-card-naqsh": "every two-card Naqsh, with how many ways it can be dealt",
    "dealer-edge": "the dealer's edge per round for each number of players, with the bots' strategy",
    "hand-odds": "how a hand ends with the bots' strategy, by the first two cards' total",
})


class _PackDeck:
    """``Naqsh.deck``: the Naqsh pack on the class (the game's own deck); on a definition, the pack it
    is played with (option ``pack``)."""

    def __get__(self, obj, cls=None):
        return NAQSH if obj is None else _pack_view(obj.pack)


class _PackView:
    """The cards of a pack option as a deck: the deck's names with only the suits in use."""

    __slots__ = ("_deck", "cards", "key")

    def __init__(self, pack: str):
        self._deck = PACKS[pack][0]
        self.cards = PACK_CARDS[pack]
        self.key = self._deck.key

    def __getattr__(self, name):
        return getattr(self._deck, name)

    def __repr__(self) -> str:
        return repr(self._deck)


@cache
def _pack_view(pack: str) -> _PackView:
    """The one view of each pack option (a value: records that name it compare equal)."""
    return _PackView(pack)


@dataclass(frozen=True)
class Naqsh(Game):
    """The Naqsh definition; its fields are the options.

    >>> [o.name for o in Naqsh.options()]
    ['players', 'pack', 'dealer_fails', 'two_card', 'stand_from']
    """

    players: int = option(6, choices=range(2, 8), help="number of players with the dealer: 5 to 7 as the source "
                          "has it (6 is best); 2 to 4 also work", clause="nq.players")
    pack: str = option("naqsh", choices=tuple(PACKS), help="the cards: the Naqsh pack, a French pack without "
                       "jacks (queen = Ghodi, king = Mir), or four suits of a Mughal deck (Vizier = Ghodi, "
                       "Raja = Mir)", title='Pack', labels={'naqsh': 'the Naqsh pack', 'french': 'a French pack', 'mughal': 'Mughal suits'},
                       clause="nq.substitutes")
    dealer_fails: str = option("nothing", choices=bank.DEALER_FAILS,
                               help="when nobody makes Naqsh: nothing moves, or the dealer pays every player "
                                    "still standing, or only those standing on more than the dealer",
                               title='A failing dealer', labels={'nothing': 'pays nothing', 'pay-standing': 'pays those standing', 'pay-higher': 'pays those above'},
                               clause="nq.dealer-fails")
    two_card: bool = option(True, choices=(True, False),
                            help="whether 21 in exactly two cards (Mir and 9, Ghodi and 10) is Naqsh too (yes, as the "
                                 "source has it), or over 17 like any other 21 (no)", title='Two-card 21', labels={True: 'two-card 21', False: 'no two-card 21'},
                            clause="nq.naqsh")
    stand_from: int = option(bank.STAND_FROM, choices=bank.STAND_FROMS,
                             help="the lowest total a player may stand on, up to 16: 14 as the source has it, or "
                                  "12 to 16", title='Standing', 
                             clause="nq.stand")

    name: ClassVar[str] = "naqsh"
    title: ClassVar[str] = "Naqsh"
    deck: ClassVar = _PackDeck()
    min_players: ClassVar[int] = 5
    max_players: ClassVar[int] = 7
    CLAUSES: ClassVar = CLAUSES
    KEY_CLAUSES: ClassVar = ("nq.naqsh", "nq.dealer-fails")
    EVENTS: ClassVar = EVENTS
    TABLES: ClassVar = TABLES
    HAS_POSITIONS: ClassVar = True
    DEAL_CLAUSE: ClassVar = "nq.deal"
    PEER: ClassVar = "blackjack"  # a hand against a dealer: make bench's ratio is to a hand of it (engine.doors.bench.PEERS)
    EQUIPMENT: ClassVar = "counters for the stakes, about 20 for each player; every payment is one stake"
    DEAL_MORE: ClassVar = "then, player by player, the dealer gives each player a second card face up, and a player may take more, one at a time"
    FIRST_DEALER: ClassVar = "each player draws a card: the highest deals"
    TABLE_LAYOUT: ClassVar = (TableSpot("stock", "face-down", "stock"),)
    SEAT_CARDS: ClassVar = ("face-down",)
    DEALER_SEAT: ClassVar[int] = -1  # the dealer sits last: seat 0 is on the dealer's right and plays first
    DEALER_ROTATES: ClassVar[bool] = True  # when nobody makes Naqsh the deal passes to the dealer's right

    def __post_init__(self) -> None:
        self.check_options()

    @property
    def dealer(self) -> int:
        """The dealer's seat: the last, so that Player 1 (seat 0), on the dealer's right, plays first."""
        return self.players - 1

    @property
    def cards(self) -> tuple[Card, ...]:
        """The 48 cards of the pack in use, in pack order."""
        return PACK_CARDS[self.pack]

    @property
    def pack_text(self) -> str:
        """The pack in use in words: ``the Naqsh cards``; with a Mughal deck, its four suits."""
        deck = PACKS[self.pack][0]
        if self.pack == "mughal":
            return "the Mughal cards of four suits (" + ", ".join(s.name for s in PACKS["mughal"][1]) + ")"
        return f"the {deck.name} cards"

    def parse_move(self, text: str) -> NQMove:
        from ...errors import NotationError

        try:
            return parse_move(text)
        except NotationError as err:  # the totals a player may stand on, for the options in force
            if self.stand_from == bank.STAND_FROM:
                raise
            raise NotationError(err.token, err.problem.replace(f"stand (on {bank.stand_words()})",
                                                              f"stand (on {bank.stand_words(self.stand_from)})"),
                                getattr(err, "clause", None)) from None

    # --- chance: the deal ---------------------------------------------------------------------
    def deal(self, seed: int | str) -> Deal:
        """Shuffle with ``seed`` and deal one card face down to each player, from the dealer's right
        (Player 1) round to the dealer; the rest is the stock, top first."""
        order = shuffled(PACK_CARDS[self.pack], seed)
        n = self.players
        return Deal(tuple((order[s],) for s in range(n)), (("stock", tuple(order[n:])),))

    def new_game(self, deal: Deal) -> NQState:
        """The hand at its first step from ``deal`` (DealError, clause nq.deal, if it does not fit)."""
        if not isinstance(deal, Deal):
            raise self.deal_error(f"a deal is dealt cards, not {type(deal).__name__}", "nq.deal")
        hands, piles = deal.hands, deal.piles
        if len(hands) != self.players:
            raise self.deal_error(f"it has {len(hands)} hands for {self.players} players", "nq.deal")
        if len(piles) != 1 or piles[0][0] != "stock":
            names = ", ".join(name for name, _ in piles) or "none"
            raise self.deal_error(f"the one pile is the 'stock', not {names}", "nq.deal")
        stock = piles[0][1]
        try:
            firsts = [h for (h,) in hands]  # one card each
        except ValueError:
            seat, h = next((i, h) for i, h in enumerate(hands) if len(h) != 1)
            raise self.deal_error(f"P{seat + 1} holds {len(h)} cards: each player is dealt one card face down",
                                  "nq.deal") from None
        if len(stock) + len(firsts) != 48 or PACK_IDS[self.pack] != frozenset(map(id, stock + tuple(firsts))):
            self.check_pack(deal.all_cards(), "nq.deal")
        return NQState(self, [[c] for c in firsts], list(reversed(stock)))

    def check_pack(self, cards: Sequence[Card], clause: str) -> None:
        if len(cards) != 48 or frozenset(map(id, cards)) != PACK_IDS[self.pack]:
            raise self.deal_error(f"it must hold each of the 48 cards of {self.pack_text} exactly once", clause)

    # --- the contract's extras ------------------------------------------------------------------
    def position(self, text: str) -> NQState:
        """A hand-set position, e.g. for a worked example; see :func:`.positions.parse_position`."""
        from .positions import parse_position

        return parse_position(self, text)

    def events_in_words(self) -> dict[str, str]:
        """``EVENTS`` in words for the options in force (the totals a player may stand on follow ``stand-from``).

        >>> Naqsh(stand_from=12).events_in_words()["stand"]
        'a player stands on 12, 13, 14, 15 or 16'
        """
        return {**EVENTS, "stand": f"a player stands on {bank.stand_words(self.stand_from)}"}

    def events_of(self, record) -> tuple[str, ...]:
        return record.events()

    def settle(self, state: NQState) -> tuple[float, ...]:
        """Stakes won (+) and paid (-) by each seat for the hand (sums to zero)."""
        return state.payments()

    def deal_points(self, state: NQState) -> tuple[float, ...]:
        """In a match the score is the money: the stakes won and paid."""
        return state.payments()

    def next_dealer(self, state: NQState) -> int | None:
        """A player who made Naqsh deals next; a dealer who made it keeps the deal; otherwise the deal passes
        to the dealer's right (the usual rule)."""
        return state.next_dealer_seat()

    def draw_for_dealer(self, seed: int | str, names: Sequence[str]) -> DealerDraw:
        """One card to each player from a shuffled pack; the highest deals; ties draw again."""
        from ...shuffle import seed_int
        from .records import value_name

        dealer, rounds = bank.first_dealer_draw(PACK_CARDS[self.pack], self.players, seed_int(seed))
        deck = PACKS[self.pack][0]
        lines = []
        for k, draws in enumerate(rounds):
            said = ", ".join(f"{names[p]} {value_name(deck, c)}" for p, c in draws)
            lead = "To choose the first dealer each player draws a card: " if k == 0 else \
                "They draw again: "
            best = max(bank.value(c) for _, c in draws)
            tied = [names[p] for p, c in draws if bank.value(c) == best]
            tail = (f"; {names[dealer]} has the highest card and deals first [nq.first-dealer]." if len(tied) == 1
                    else f"; {' and '.join(tied)} tie for the highest card [nq.first-dealer].")
            lines.append(lead + said + tail)
        return DealerDraw(dealer, tuple(lines))

    def table(self, name: str) -> Table:
        """The generated tables (``TABLES``), computed by :mod:`.odds`."""
        from . import odds

        if name in TABLES and not self.two_card:
            raise OptionError(f"Naqsh's table {name!r} is counted with 21 in two cards a Naqsh (two-card=yes)")
        if name == "two-card-naqsh":
            return odds.two_card_table(self)
        if name in ("dealer-edge", "hand-odds") and self.stand_from != bank.STAND_FROM:
            raise OptionError(f"Naqsh's table {name!r} is counted for players who may stand on "
                              f"{bank.stand_words()} (stand-from={bank.STAND_FROM}), not stand-from={self.stand_from}")
        if name == "dealer-edge":
            return odds.edge_table(self)
        if name == "hand-odds":
            return odds.hand_table(self)
        return super().table(name)


def pack_deck(pack: str):
    return PACKS[pack][0]


__all__ = ["Naqsh", "CLAUSES", "PACKS", "PACK_CARDS", "DECKS"]
