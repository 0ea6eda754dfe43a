"""Guru Ganjifa: the traditional trick-taking game as drafted for the Dashavatara deck (3-4 players).

The folder reads one way, each module standing only on those before it: the move notation
(:mod:`.moves`: ``lead``, ``add``, ``deni``, ``double``, ``pass``), what a move did and its
narration (:mod:`.records`), the heuristic player's taste (:mod:`.strategy`), the table as numbers
(:mod:`.table`), the cards and who holds them (:mod:`.hands`), the rules of play (:mod:`.tricks`)
and the refusals (:mod:`.checks`), the state that puts them together (:mod:`.state`), positions
as text (:mod:`.positions`), the pictures (:mod:`.pictures`) and the definition (this module).
Machinery shared by trick-taking games (who holds the unbeatable cards) is in
:mod:`engine.families.tricks`.

Small move lists: ``legal_moves()`` offers one-card adds only, so a follower owing k cards
makes k moves (choosing k cards of 30-40 at once would mean thousands of moves); ``check``
and ``apply`` also accept several cards in one add, the same as adding them one by one.
A lead lists every choice of the optional lowest unbeatable cards (2**k leads for k suits;
k is small in practice). ``legal_move_sequence()`` offers the same list, building a leader's
moves only when they are looked at (the random bot takes one of them).

Rulings, each with its reason (the chapter states them):

* Which Raja leads: Rama's by day, Krishna's by night (option ``time``): the draft leaves
  it to the deck's booklet; the traditional retelling ties it to the time of day.
* Opening: the "low-ranked" cards the others play may be any cards, as the text gives them
  no way to lose the trick; the Raja's holder wins them all.
* Strength: each suit in its own order (option ``ranking``: traditional, with the weak
  suits' pip cards reversed, or uniform; the draft allows both). Unbeatable = every stronger
  unplayed card of the suit is in the same hand; discarded cards count as played, since
  they can no longer win.
* Turn of a leader, in three steps. (1) The compulsory lead: every unbeatable card except
  the lowest in each suit, plus any chosen lowest ones, as one combined lead; each other
  player adds as many cards, any suits; the leader wins them all. With nothing compulsory
  the leader may still lead lowest ones here (the draft allows optional leads at any
  time). Made once per turn: cards that become unbeatable meanwhile wait for step 3 or
  a later turn. (2) A Deni, if the leader wants and can. (3) Otherwise the leader leads
  all unbeatable cards left and the lead passes to the next player in turn order; a
  leader with nothing left to lead, having led in step 1, just passes; one who has led
  nothing this turn and holds no unbeatable card leads the highest card of a chosen
  suit, and the holder of the suit's top unplayed card must play it and takes the lead
  (the draft asks for this sacrifice only when there is nothing to lead).
* Deni, expanded as in the draft: the shown card's next stronger unplayed card is in
  another hand and every card above that is played or the giver's; the giver leads any
  weaker card of the suit (the draft does not say which).
* Doubling needs the card exactly one rank below the shown card, in the called card's
  holder's hand; if that card is already played there is no doubling (the draft's
  literal wording). Players who have not yet played then add two cards, the others one
  more, and the giver one more card of the suit, perhaps the shown card itself. The
  called card wins the Deni trick, doubled or not, even if the giver's extra card ranks
  higher (a Deni hands the lead to the called card; the draft says its holder leads).
* Everyone plays the same number of cards to every trick, so hands stay equal and the
  game ends when they are empty. Most cards won wins; ties share the win (the draft
  has no tie-break). One deal per game (the draft drops multi-deal scoring).
* Seats play in seat order whatever the ``direction`` (default anticlockwise); the
  direction names the side the lead passes to ("on the right" when anticlockwise).
* A ``Deal`` lists each hand in the order dealt, so the face-up first and last batches
  (option ``face_up_batches``) are known even for an explicit deal.

>>> gg = GuruGanjifa(players=4)
>>> s = gg.start(7)
>>> [len(h) for h in s.hands], s.legal_moves()
([30, 30, 30, 30], [GGMove.parse('lead RRa')])
>>> p = gg.position("P1=9Kr 7Kr; P2=10Kr 8Kr; P3=4Ma 5Ma; P4=2Ku 3Ku; lead=P1; stage=start")
>>> p.legal_moves()
[GGMove.parse('deni 7Kr > 9Kr'), GGMove.parse('lead 9Kr')]
>>> print(p.apply("deni 7Kr > 9Kr").narrate(["Asha", "Bela", "Chitra", "Dev"]))
Asha gives a Deni: leads the 7 of Krishna and shows the 9 of Krishna, calling for the 10 (Bela holds it) [gg.deni].
>>> p.legal_moves()
[GGMove.parse('add 10Kr'), GGMove.parse('double 8Kr')]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from types import MappingProxyType
from typing import ClassVar

from ...cards import Card
from ...decks import DASHAVATARA, Ranking
from ...protocol import Deal, Game, option
from ...shuffle import shuffled
from .moves import ADD, DENI, DOUBLE, LEAD, PASS, GGMove
from .positions import parse_position
from .records import FINAL
from .state import GGState

CLAUSES = MappingProxyType({
    "gg.players": "Three or four players",
    "gg.deal": "Deal in packets of four (four players: the last eight cards in twos)",
    "gg.face-up": "Optionally the first and last packets face up",
    "gg.ranking": "Each suit ranks in its own order",
    "gg.opening": "The leading Raja opens and wins the first trick",
    "gg.trick": "The highest card of the suit led wins; the winner leads",
    "gg.follow": "No duty to follow suit",
    "gg.unbeatable": "Unbeatable cards",
    "gg.compulsory": "The compulsory lead of unbeatable cards",
    "gg.optional": "The lowest unbeatable card of a suit is optional",
    "gg.combined": "One combined lead: each player adds as many cards",
    "gg.deni": "Giving a Deni",
    "gg.called": "The called card wins the Deni",
    "gg.double": "Doubling the Deni",
    "gg.pass-lead": "No Deni: lead the rest and pass the lead",
    "gg.no-unbeatable": "No unbeatable card: lead the highest of a suit",
    "gg.winner": "Most cards won wins",
    "gg.direction": "Anticlockwise play",
})


@dataclass(frozen=True)
class GuruGanjifa(Game):
    """Guru Ganjifa for 3 or 4 players with the Dashavatara deck."""

    name: ClassVar[str] = "guru-ganjifa"
    title: ClassVar[str] = "Guru Ganjifa"
    deck: ClassVar = DASHAVATARA
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 4
    CLAUSES: ClassVar = CLAUSES
    KEY_CLAUSES: ClassVar = ("gg.double", "gg.no-unbeatable")
    KEY_SPAN: ClassVar = "trick"
    EVENTS: ClassVar = MappingProxyType({
        "deni": "a Deni is given",
        "deni-open": "a Deni is given while another player holds the card that could double it",
        "double": "a Deni is doubled",
        "no-unbeatable": "a leader with no unbeatable card leads the highest card of a suit",
        "no-unbeatable-early": "a leader with no unbeatable card, and half or more of the cards dealt still in hand, leads the highest card of a suit",
        "pass-lead": "a leader with nothing left to lead passes the lead on",
        "lead-passes": "the lead passes to the next player (after a final lead, or a pass)",
    })
    HAS_POSITIONS: ClassVar = True
    DEAL_CLAUSE: ClassVar = "gg.deal"
    PEER: ClassVar = "hearts"  # a trick-taking game: make bench's ratio is to OpenSpiel's (engine.doors.bench.PEERS)
    EQUIPMENT: ClassVar = "nothing: the cards each player wins are counted at the end"
    FIRST_DEALER: ClassVar = "any player: the holder of the leading Raja opens, whoever deals"

    players: int = option(3, choices=(3, 4), help="number of players", clause="gg.players")
    ranking: Ranking = option(Ranking.TRADITIONAL, choices=tuple(Ranking),
                              help="traditional: the five weak suits' pip cards rank 1 high to 10 low; "
                                   "uniform: 10 high to 1 low in every suit", title='Ranking', labels={Ranking.TRADITIONAL: 'traditional ranking', Ranking.UNIFORM: 'uniform ranking'},
                              clause="gg.ranking")
    time: str = option("day", choices=("day", "night"),
                       help="which Raja leads: Rama's by day, Krishna's by night", clause="gg.opening")
    direction: str = option("anticlockwise", choices=("anticlockwise", "clockwise"),
                            help="direction of play (the lead passes to the right when anticlockwise)",
                            clause="gg.direction")
    face_up_batches: bool = option(False, choices=(False, True),
                                   help="deal each player's first and last packet face up", title='Packets', labels={False: 'face down', True: 'face-up packets'},
                                   clause="gg.face-up")
    double: bool = option(True, choices=(True, False),
                          help="whether the holder of a called Deni card may double it with the card one rank below "
                               "the shown card (yes, as the draft has it), or never (no)", title='Doubling', labels={True: 'doubling', False: 'no doubling'},
                          clause="gg.double")

    def __post_init__(self) -> None:
        self.check_options()

    @property
    def leading_raja(self) -> Card:
        return Card.parse("RRa" if self.time == "day" else "RKr")

    def batch_sizes(self) -> tuple[int, ...]:
        """The batches each player receives, in order: ten of 4, or seven of 4 and one of 2."""
        return (4,) * 10 if self.players == 3 else (4,) * 7 + (2,)

    def deal(self, seed: int | str) -> Deal:
        cards = shuffled(self.deck.cards, seed)
        return Deal(tuple(take(cards) for take in _dealing(self.players, self.batch_sizes())))

    def new_game(self, deal: Deal) -> "GGState":
        """The game at its opening from ``deal`` (DealError, clause gg.deal, if it does not fit)."""
        self._check_deal(deal)
        state = GGState(self, deal.hands)
        if self.face_up_batches:
            first, last = self.batch_sizes()[0], self.batch_sizes()[-1]
            state.face_up = tuple(frozenset(h[:first] + h[-last:]) for h in deal.hands)
        return state

    def _check_deal(self, deal: Deal) -> None:
        if not isinstance(deal, Deal):
            raise self.deal_error(f"a deal is dealt cards, not {type(deal).__name__}", "gg.deal")
        size = 120 // self.players
        if len(deal.hands) != self.players or deal.piles:
            raise self.deal_error(f"a {self.players}-player deal is {self.players} hands and nothing else", "gg.deal")
        for i, hand in enumerate(deal.hands):
            if len(hand) != size:
                raise self.deal_error(f"P{i + 1} holds {len(hand)} cards, not {size}", "gg.deal")
        cards = deal.all_cards()
        ids = set(map(id, cards))  # cards are interned and compared by identity: the check without Card.__hash__
        if len(ids) == len(cards) and _DECK_IDS.issuperset(ids):
            return
        if len(set(cards)) != len(cards) or not _DECK.issuperset(cards):
            seen = set()
            for card in cards:
                if card not in _DECK or card in seen:
                    raise self.deal_error(f"the {card} is not a card of the Dashavatara deck, or is dealt twice",
                                          "gg.deal")
                seen.add(card)

    # --- the contract's extras -------------------------------------------------------------
    def draw_state(self, state: "GGState", *, viewer: int | None = None, names=None):
        from .pictures import state_picture

        return state_picture(state, viewer=viewer, names=names)

    def ruled_out(self) -> frozenset[str]:
        return frozenset() if self.double else frozenset({"double"})

    def events_of(self, record) -> tuple[str, ...]:
        move = record.move
        kind = move[0]
        if kind == DENI:
            doubling_card_holder = record.note[3]
            return ("deni", "deni-open") if doubling_card_holder not in (-1, record.player) else ("deni",)
        if kind == DOUBLE:
            return ("double",)
        if kind == LEAD and "gg.no-unbeatable" in record.clauses:
            if record.note[0] == "high" and 2 * record.note[3] >= 120 // self.players:
                return ("no-unbeatable", "no-unbeatable-early")
            return ("no-unbeatable",)
        if kind == PASS:
            return ("pass-lead", "lead-passes")
        trick = record[4]  # (winner, cards, next leader, kind of trick, direction, game over) when a trick ends
        if trick is not None and trick[3] == FINAL and not trick[5]:
            return ("lead-passes",)
        return ()

    def parse_move(self, text: str) -> GGMove:
        return GGMove.parse(text)

    def join_moves(self, first: GGMove, second: GGMove) -> GGMove | None:
        """Two adds in a row by one player are one add of both cards (transcripts show them so).

        >>> str(GuruGanjifa().join_moves(GGMove.parse("add 3Ma"), GGMove.parse("add 4Ku")))
        'add 3Ma 4Ku'
        """
        if first.kind == ADD and second.kind == ADD:
            return GGMove(ADD, first.cards + second.cards)
        return None

    def position(self, text: str) -> "GGState":
        """A hand-set position; see :meth:`GGState.position` for the text."""
        return parse_position(self, text)


_DECK = frozenset(DASHAVATARA.cards)
_DECK_IDS = frozenset(map(id, DASHAVATARA.cards))


@lru_cache(maxsize=None)
def _dealing(players: int, batches: tuple[int, ...]) -> tuple[itemgetter, ...]:
    """Per seat: takes the cards it is dealt, batch by batch, from the shuffled deck (as a tuple)."""
    places: list[list[int]] = [[] for _ in range(players)]
    i = 0
    for size in batches:
        for seat in range(players):
            places[seat].extend(range(i, i + size))
            i += size
    return tuple(itemgetter(*p) for p in places)
