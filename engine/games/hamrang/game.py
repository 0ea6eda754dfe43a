"""Hamrang: the four-player trick game of the Mughal deck's booklet, every turn two cards at once.

A draw decides the dealer; 24 cards each. The holder of the leading Raja (Surkh's, the booklet's
Surya, by day; Safed's, its Chandra, by night) opens with it and the lowest card of its suit; every
other player plays the highest and the lowest card held of the suit led, or, short of it, the
highest or lowest card of another suit in place of each missing one. The highest card of the suit
led wins the trick, and its winner leads next: a suit in which a court card is held, its highest and
lowest cards. A player left without court cards is out; the game ends when every court card has been
played, and the most tricks wins.

The folder holds the definition (this module), the constants and rank orders (:mod:`.ranks`), the state
(:mod:`.state`), the moves (:mod:`.moves`), the records and their prose (:mod:`.records`), positions as
text (:mod:`.positions`), the heuristic player's taste (:mod:`.strategy`) and the pictures (:mod:`.pictures`).

Rulings, each with its reason (the chapter states them):

* The draw: a random player shuffles and each draws one card, the shuffler first; the cards
  compare by rank alone (Raja, Vizier, 10 down to 1), as the booklet compares cards of different
  suits nowhere else; tied players draw again. The drawer of the highest card deals.
* The garbled opening sentence is read "if she has *no* other card of that suit, she puts in the
  lowest card of another suit" (the other reading contradicts the sentence before it). The opener
  chooses the suit.
* Every player plays two cards to every trick; a card put in for a missing card of the suit led is
  the highest or the lowest card of another suit (a void follower puts in two such cards).
* Courts rank highest in both rank orders, so a lead's high card is always a court card and the
  trick goes to the highest court card of the suit led.
* A player is out when, after a trick, no court card is left in the hand (a player dealt none sits
  out from the start); a trick's winner who is out hands the lead to the next player still in.
* The ranks follow the booklet's main order, Raja, Vizier, 10 down to 1 in every suit (option
  ``ranking``: ``uniform``); its "Variation" of the original Mughal ganjifa, with the pip cards of the
  four weak suits reversed, is ``traditional``.
* The game ends when no player holds a court card, as the booklet says ("until all players have
  played all of their face cards"; option ``last_player``: ``plays-on``): the last player in leads
  out the remaining court suits alone, winning each trick. The variant ``stops`` ends the game when
  at most one player holds court cards, sparing the table those uncontested tricks.
* Most tricks wins; ties share the win.

>>> hr = Hamrang()
>>> s = hr.start(7)
>>> s.current_player == CHANCE, [len(h) for h in s.hands]
(True, [24, 24, 24, 24])
>>> from engine.shuffle import Rng
>>> draw = s.apply(s.chance_outcome(Rng(7)))  # the draw for the dealer
>>> [str(m) for m in s.legal_moves()]
['play RSu 1Su']
>>> print(s.apply(s.legal_moves()[0]).narrate(["Asha", "Bela", "Chitra", "Dev"]))
Asha holds the Raja of Surkh and opens with it and the lowest Surkh card held, the 1 [hr.opening].
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from operator import itemgetter
from types import MappingProxyType
from typing import ClassVar

from ...cards import Card
from ...decks import MUGHAL, Ranking
from ...protocol import CHANCE, Deal, Game, option
from ...shuffle import shuffled
from .moves import HRMove, HRDraw, parse_move
from .ranks import HAND_SIZE

CLAUSES = MappingProxyType({
    "hr.players": "Four players",
    "hr.ranking": "The order of the cards in a suit",
    "hr.draw": "The draw for the dealer",
    "hr.deal": "Twenty-four cards each",
    "hr.opening": "The leading Raja opens",
    "hr.follow": "Following: the highest and the lowest",
    "hr.substitute": "Short of the suit led",
    "hr.trick": "The best card of the suit led wins",
    "hr.lead": "Leading a suit with a court card",
    "hr.out": "No court card left: out",
    "hr.pass-lead": "The lead passes to a player still in",
    "hr.end": "The end of the game",
    "hr.winner": "Most tricks wins",
})

EVENTS = MappingProxyType({
    "draw-tie": "the draw for the dealer ties and tied players draw again",
    "sits-out": "a player is dealt no court card and sits out from the start",
    "lone-court": "a leader puts in a card of another suit beside a lone court card",
    "opener-substitutes": "the opener puts in a card of another suit while holding more of the Raja's suit",
    "short": "a follower holds one card of the suit led and puts in another",
    "void": "a follower holds no card of the suit led and puts in two others",
    "raja-beaten": "a trick is won by a follower (a Raja over the leader's Vizier)",
    "out": "a player runs out of court cards and drops out",
    "pass-lead": "a trick's winner is out and the lead passes on",
    "trick": "a trick is played",
    "opener-wins": "the game is won (alone or shared) by the player who held the leading Raja",
    "other-seat": "a player other than the holder of the leading Raja, counted once each when the game ends",
    "other-wins": "a player other than the holder of the leading Raja wins, alone or sharing (once for each)",
    "shared-win": "two or more players tie for the most tricks and share the win",
    "courts-left": "the game ends with court cards still in one player's hand",
    "plays-alone": "the game ends with the last player still in leading alone, taking tricks nobody contests",
})

_DECK_IDS = frozenset(map(id, MUGHAL.cards))
# seat by seat, the places in the pack of the cards dealt to it, four at a time round the table
_DEALT_TO = tuple(itemgetter(*[k for k in range(96) if (k // 4) % 4 == seat]) for seat in range(4))
_DEALT: list = [None]  # the last deal deal() made (immutable, and whole by construction: new_game need not check it)
_DAY_RAJA, _NIGHT_RAJA = Card.parse("RSu"), Card.parse("RSa")  # the leading Raja by day, by night


@dataclass(frozen=True)
class Hamrang(Game):
    """The Hamrang definition; its fields are the options.

    >>> [o.name for o in Hamrang.options()]
    ['players', 'time', 'ranking', 'opener_substitute', 'last_player']
    """

    players: int = option(4, choices=(4,), help="number of players: four", clause="hr.players")
    time: str = option("day", choices=("day", "night"),
                       help="which Raja opens: Surkh's (the booklet's Surya) by day, Safed's (its Chandra) by night",
                       clause="hr.opening")
    ranking: Ranking = option(Ranking.UNIFORM, choices=(Ranking.UNIFORM, Ranking.TRADITIONAL),
                              help="uniform: 10 high to 1 low in every suit, as the booklet ranks them; "
                                   "traditional: in Surkh, Chang, Qimash and Barat the pip cards rank 1 high to "
                                   "10 low (the booklet's variation)", title='Ranking', labels={Ranking.UNIFORM: 'uniform ranking', Ranking.TRADITIONAL: 'traditional ranking'},
                              clause="hr.ranking")
    opener_substitute: str = option("if-none", choices=("if-none", "any-time"),
                                    help="the opener puts the lowest card of another suit with the leading Raja only "
                                         "when the Raja is the only card of its suit, or whenever the opener "
                                         "likes (the booklet's garbled sentence read as it stands)",
                                    title="The opener's second card", labels={'if-none': 'only with no other', 'any-time': "the opener's choice"},
                                    clause="hr.opening")
    last_player: str = option("plays-on", choices=("plays-on", "stops"),
                              help="when only one player holds court cards: that player leads out the remaining "
                                   "court suits alone, winning each trick, as the booklet says, or the "
                                   "game ends there (stops)",
                              title='The last player with court cards', labels={'plays-on': 'plays on', 'stops': 'the game stops early'},
                              clause="hr.end")

    name: ClassVar[str] = "hamrang"
    title: ClassVar[str] = "Hamrang"
    deck: ClassVar = MUGHAL
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    CLAUSES: ClassVar = CLAUSES
    KEY_CLAUSES: ClassVar = ("hr.substitute", "hr.out")
    KEY_SPAN: ClassVar = "trick"
    EVENTS: ClassVar = EVENTS
    HAS_POSITIONS: ClassVar = True
    DEAL_CLAUSE: ClassVar = "hr.deal"
    PEER: ClassVar = "crazy_eights"
    PEER_TARGET: ClassVar = (4, 1.0)  # issue 23: the least ratio to the peer, at this many players
    EQUIPMENT: ClassVar = "nothing: the tricks each player wins are counted at the end"
    FIRST_DEALER: ClassVar = "drawn by cards: everyone draws one, the highest deals"
    DIRECTION: ClassVar = "anticlockwise"
    TABLES: ClassVar = MappingProxyType({"deal": "the chances the cards alone decide: the draw for the dealer "
                                                 "tying, a player dealt no court card (exact)"})

    def table(self, name: str):
        """A table for the chapter and the notes, computed by the engine (:mod:`.odds`)."""
        from . import odds

        if name not in odds.TABLES:
            return super().table(name)
        return odds.TABLES[name](self)

    def __post_init__(self) -> None:
        self.check_options()

    @property
    def leading_raja(self) -> Card:
        return _DAY_RAJA if self.time == "day" else _NIGHT_RAJA

    def first_dealer_words(self) -> str:
        return self.FIRST_DEALER

    def parse_move(self, text: str) -> HRMove | HRDraw:
        return parse_move(text)

    def deal(self, seed: int | str) -> Deal:
        """Shuffle with ``seed`` and deal four cards at a time round the table, 24 each."""
        cards = shuffled(MUGHAL.cards, seed)
        first, second, third, fourth = _DEALT_TO  # each seat's batches of four, taken from the shuffled pack
        _DEALT[0] = deal = Deal((first(cards), second(cards), third(cards), fourth(cards)))
        return deal

    def new_game(self, deal: Deal):
        """The game from ``deal``, chance's draw for the dealer to come (DealError, clause hr.deal, if it does not fit)."""
        from .state import HRState

        if deal is not _DEALT[0]:  # a deal of deal()'s own is whole by construction
            self._check_deal(deal)
        return HRState(self, deal.hands, drawing=True)

    def _check_deal(self, deal: Deal) -> None:
        if not isinstance(deal, Deal):
            raise self.deal_error(f"a deal is dealt cards, not {type(deal).__name__}", "hr.deal")
        if len(deal.hands) != 4 or deal.piles:
            raise self.deal_error("a deal is four hands and nothing else", "hr.deal")
        for i, hand in enumerate(deal.hands):
            if len(hand) != HAND_SIZE:
                raise self.deal_error(f"P{i + 1} holds {len(hand)} cards, not {HAND_SIZE}", "hr.deal")
        ids = set(map(id, chain.from_iterable(deal.hands)))  # interned cards, compared by identity (no piles)
        if len(ids) != 4 * HAND_SIZE or not _DECK_IDS.issuperset(ids):
            raise self.deal_error("it must hold each of the 96 Mughal cards exactly once", "hr.deal")

    def position(self, text: str):
        """A hand-set position; see :mod:`.positions`."""
        from .positions import parse_position

        return parse_position(self, text)

    # --- the contract's extras -------------------------------------------------------------
    def draw_state(self, state, *, viewer: int | None = None, names=None):
        from .pictures import state_picture

        return state_picture(state, viewer=viewer, names=names)

    def ruled_out(self) -> frozenset[str]:
        # the book's rule lets the opener put in another suit's card only with no other card of the Raja's suit
        return frozenset({"opener-substitutes"}) if self.opener_substitute == "if-none" else frozenset()

    def events_of(self, record) -> tuple[str, ...]:
        note = record[3]
        kind = note[0]
        out: tuple[str, ...] = ()
        if kind == "draw":
            if len(note[2]) > 1:
                out += ("draw-tie",)
            if note[3]:
                out += ("sits-out",)
            return out
        if kind == "opening" and note[1] and note[2]:
            out += ("opener-substitutes",)
        elif kind in ("lead", "opening"):
            if note[1]:
                out += ("lone-court",)
        else:
            held = note[1]
            if held == 1:
                out += ("short",)
            elif held == 0:
                out += ("void",)
        trick = record[4]
        if trick:
            out += ("trick",)
            if trick[6] != trick[0]:
                out += ("raja-beaten",)
            final = trick[8]
            if final is not None:
                winners, opener = final
                if opener in winners:
                    out += ("opener-wins",)
                # the players besides the opener, once each, and once for each of them who wins: a fair baseline
                out += ("other-seat",) * (self.players - 1) + ("other-wins",) * (len(winners) - (opener in winners))
                if len(winners) > 1:
                    out += ("shared-win",)
                if trick[7]:
                    out += ("courts-left",)
                if kind == "lead":
                    out += ("plays-alone",)
            if trick[3]:
                out += ("out",)
            if trick[5]:
                out += ("pass-lead",)
        return out


__all__ = ["Hamrang", "CLAUSES", "CHANCE"]
