"""Traditional Ganjifa: the classic three-player trick-taking game on the Dashavatara deck.

After von Leyden's account as retold in the sources: the Surkhya opens with a trick of two cards
each, whose cards may be exchanged; then every lead is an obligation in a fixed order (dukkal, deni,
talafa, utari before the tigasta; after it also tavani, utaruna-sir, natavani, hardu and sokta);
the hukm of a suit led low must be played or it burns; the final trick may be killed; and
between deals a player short of 40 cards pays cards to a player over 40.

The folder reads one way, each module standing only on those before it: the move notation
(:mod:`.moves`), the table as numbers (:mod:`.table`), what a move did and its narration
(:mod:`.records`), the heuristic player's taste (:mod:`.strategy`), the cards and who holds them
(:mod:`.hands`), the rules of each phase (:mod:`.opening`, :mod:`.leads`, :mod:`.tricks`,
:mod:`.payments`, and the refusals in :mod:`.checks`), the state that puts them together
(:mod:`.state`), positions as text (:mod:`.positions`), the pictures (:mod:`.pictures`) and the
definition (this module).

Rulings (the chapter states each with its reason):

* The hukm of a suit is its highest card still in a hand (a burned card counts lowest). A dukkal
  is a run of two or more cards from the hukm down in one hand: all but its lowest are led.
* A deni is the low card (or the Mantri alone) led by a suit's Mantri's holder while another player,
  the gheni, holds its Raja, both unburned; a talafa is the same shape lower in a suit (the card
  next below the hukm).
* The card set apart in a payment is the payer's choice from the hand left once the batches are set aside.
* The hukm duty binds every player adding to a forcing lead (a low card led to draw the hukm:
  deni, talafa, natavani, tavani, the utari's random card) while the hukm outranks every card of
  its suit in the trick; a player who does not play it burns it, and a card burned later ranks
  below one burned earlier. In an utaruna-sir and a hardu the called cards must be played.
* A low card is one below its suit's hukm: at the opening and in a payment, any card but a Raja.
* After the tigasta the hukms may go one at a time or all at once (the random card following), and
  a talafa may be a low card of the suit face up or any card face down.
* The tigasta falls when every player has held the lead and lost it.
* The utari's card is drawn uniformly from the leader's hand by chance.
* A wrong sokta: the whole trick goes to the first player in turn order who held the suit.
* A doubled deni: the Raja wins half the cards; the other half goes to the gheni's second card
  unless a player who had not yet played adds a higher card of the suit.
* A void hardu bars a natavani, and a hardu in the same suit, for the rest of that turn to lead.
* Card payments: deficits below 40 paid to surpluses above 40, each payer paying the next player in
  turn first, two payers in turn from the first dealt (at most 36 cards);
  the killer of the akheri pays nothing; scores are cards won less 40, summed over the deals.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from operator import itemgetter
from types import MappingProxyType
from typing import ClassVar

from ...cards import Card
from ...decks import DASHAVATARA
from ...families.tricks.deals import some_hand_lacks
from ...protocol import Deal, Game, Table, option
from ...shuffle import Rng, seed_int
from .moves import TGMove

CLAUSES = MappingProxyType({
    "tg.players": "Three players, the Dashavatara deck",
    "tg.ranking": "Strong and weak suits",
    "tg.deal": "Shuffle, cut and deal in batches of four",
    "tg.face-up": "The first and last batches face up",
    "tg.redeal": "A hand without a Raja: deal again",
    "tg.surkhya": "The Surkhya opens the deal",
    "tg.exchange": "Exchanges with the opening trick",
    "tg.ask": "Asking the Raja’s holder for a low card",
    "tg.trick": "Tricks: no duty to follow suit; the highest card of the suit led wins",
    "tg.hukm": "The hukm must be played",
    "tg.burn": "A hukm not played is burned",
    "tg.order": "Leads in their order of obligation",
    "tg.dukkal": "The dukkal",
    "tg.deni": "Giving the deni",
    "tg.lose-deni": "A deni with the Mantri alone is lost",
    "tg.double": "The gheni may double the trick",
    "tg.talafa": "The talafa",
    "tg.utari": "The utari",
    "tg.random": "The card drawn at random",
    "tg.tigasta": "The tigasta",
    "tg.talafa-down": "After the tigasta: the talafa face down",
    "tg.utari-one": "After the tigasta: the utari one card at a time",
    "tg.sir": "Utaruna-sir",
    "tg.natavani": "Natavani",
    "tg.tavani": "Tavani",
    "tg.hardu": "Hardu",
    "tg.hardu-void": "A void hardu",
    "tg.sokta": "Sokta",
    "tg.sokta-wrong": "A wrong sokta",
    "tg.akheri": "The final trick: akheri",
    "tg.kill": "Killing the akheri, and rangeri",
    "tg.score": "Scores and the winner",
    "tg.payment": "Card payments between deals",
    "tg.aside": "Setting aside and taking blind",
    "tg.surkhya-back": "The Surkhya is never paid",
    "tg.return": "Low cards given back",
    "tg.exempt": "The killer of the akheri pays nothing",
})

DEALS = (3, 1, 2)
_DECK_IDS = frozenset(map(id, DASHAVATARA.cards))
# the places in the cut pack of the cards dealt, the hands in seat order, when ``first`` is dealt to first: ten
# batches of four each, round the table
_DEALT_TO = tuple(itemgetter(*[(b * 3 + (seat - first) % 3) * 4 + j for seat in range(3) for b in range(10)
                               for j in range(4)]) for first in range(3))
_DEALT: list = [None]  # the last deal deal() made (immutable, and whole by construction: new_game need not check it)


@dataclass(frozen=True)
class TraditionalGanjifa(Game):
    """Traditional Ganjifa for three players with the Dashavatara deck."""

    name: ClassVar[str] = "traditional-ganjifa"
    title: ClassVar[str] = "Traditional Ganjifa"
    deck: ClassVar = DASHAVATARA
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 3
    CLAUSES: ClassVar = CLAUSES
    KEY_CLAUSES: ClassVar = ("tg.double", "tg.burn", "tg.hardu", "tg.sokta-wrong", "tg.kill", "tg.tigasta")
    KEY_SPAN: ClassVar = "step"
    EVENTS: ClassVar = MappingProxyType({
        "burn": "a hukm is burned",
        "double": "a gheni doubles a deni",
        "lose-deni": "a deni is lost for want of a low card",
        "tigasta": "the tigasta is reached",
        "sokta-wrong": "a sokta is declared wrongly",
        "hardu-void": "a hardu is declared void",
        "kill": "the final trick is killed",
        "redeal": "a hand without a Raja is dealt again",
        "surkhya-back": "the Surkhya comes up in a card payment",
    })
    HAS_POSITIONS: ClassVar = True
    DEAL_CLAUSE: ClassVar = "tg.deal"
    PEER: ClassVar = "hearts"
    PEER_TARGET: ClassVar = (3, 1.0)  # issue 33: the least ratio of decisions a second to the peer, at this many players
    EQUIPMENT: ClassVar = "pencil and paper for the scores; the cards won are counted after each deal"
    FIRST_DEALER: ClassVar = ("any player; the dealer deals first to the player on the right and to themselves last, and the "
                              "deal passes to the right after each deal; the holder of the Surkhya (the Raja that "
                              "opens: Rama's by day, Krishna's by night) leads")
    # the face-up batches are noted and picked up before play [tg.face-up]: at the table, every player holds a hand
    SEAT_CARDS: ClassVar = ("hand",)
    TABLES: ClassVar = MappingProxyType({"deal": "the chance of a hand without a Raja, dealt again (exact)"})

    def table(self, name: str):
        """A table for the chapter and the notes: what the deal alone decides, counted exactly."""
        if name != "deal":
            return super().table(name)
        size = len(DASHAVATARA.cards) // 3
        rajas = sum(1 for c in DASHAVATARA.cards if c.rank == max(d.rank for d in DASHAVATARA.cards))
        chance = some_hand_lacks(len(DASHAVATARA.cards), rajas, 3, size)
        return Table("What the deal alone decides", ("", "chance"),
                     (("a hand without a Raja, so the cards are dealt again", f"{100 * float(chance):.2f}%"),),
                     "counted exactly over every deal of the 120 cards, three hands of 40")

    players: int = option(3, choices=(3,), help="number of players", clause="tg.players")
    time: str = option("day", choices=("day", "night"),
                       help="which Raja is the Surkhya, the Raja whose holder opens the deal: Rama's by day, Krishna's by night", clause="tg.surkhya")
    rounds: int = option(3, choices=DEALS, help="deals in a game (one dealt by each player by default)", title='Deals', 
                         clause="tg.score")
    double: bool = option(True, choices=(True, False),
                          help="when a player gives a deni (a low card of a suit whose Mantri that player holds, led to draw out its Raja), whether the "
                               "Raja's holder, the gheni, may double it with a second card of the suit (yes, as the "
                               "retelling has it), or never (no)", title='Doubling', labels={True: 'doubling', False: 'no doubling'},
                          clause="tg.double")

    low_cards: bool = option(True, choices=(True, False),
                             help="whether the cards played with the Surkhya in the opening trick, and the cards given "
                                  "back to a player who pays for being short of cards, must be low cards (any card but a "
                                  "Raja) while the player has any (yes, as the retelling says), or may be any cards, "
                                  "Rajas too (no)", title='Low cards', labels={True: 'low cards first', False: 'any cards'},
                             clause="tg.surkhya")
    sokta: str = option("trick", choices=("trick", "all"),
                        help="a sokta is a lead of every card of one suit, declaring that nobody else holds that "
                             "suit; what a wrong declaration costs: that trick (trick), or that and every card the "
                             "declarer has already won in the deal (all)", title='A wrong sokta', labels={'trick': 'loses its trick', 'all': 'a wrong sokta loses everything'},
                        clause="tg.sokta-wrong")
    raja_check: str = option("deal", choices=("deal", "play"),
                             help="when a hand without a Raja voids the deal: as the cards are dealt, before any card "
                                  "payment (deal), or also after the payments, before play starts (play)",
                             title='A Raja in every hand', labels={'deal': 'at the deal', 'play': 'a Raja in every hand at play'},
                             clause="tg.redeal")

    def __post_init__(self) -> None:
        self.check_options()

    @property
    def surkhya(self) -> Card:
        return Card.parse("RRa" if self.time == "day" else "RKr")

    def deal_cards(self, rng: Rng, first: int = 0) -> tuple[Card, ...]:
        """Shuffle, cut (again while a Raja is cut to) and deal: the three hands in seat order, each as dealt."""
        cards = rng.shuffled(DASHAVATARA.cards)
        while True:
            at = 1 + rng.below(len(cards) - 1)
            if cards[at - 1].rank != 12:  # the card cut to: the bottom card of the lifted part
                break
        cards = cards[at:] + cards[:at]
        return _DEALT_TO[first](cards)  # in batches of four round the table from ``first``: the hands in seat order

    def deal(self, seed: int | str) -> Deal:
        cards = self.deal_cards(Rng(seed_int(seed)), 0)
        _DEALT[0] = deal = Deal((cards[:40], cards[40:80], cards[80:]))
        return deal

    def new_game(self, deal: Deal):
        from .state import TGState

        if deal is not _DEALT[0]:  # a deal of deal()'s own is whole by construction
            self._check_deal(deal)
        state = TGState(self)
        state.set_hands(deal.hands)
        state.begin_deal()
        if state.stage != "open":
            state.base = str(deal)  # a redeal first: the position starts from the deal itself
        return state

    def _check_deal(self, deal: Deal) -> None:
        if not isinstance(deal, Deal):
            raise self.deal_error(f"a deal is dealt cards, not {type(deal).__name__}", "tg.deal")
        if len(deal.hands) != 3 or deal.piles:
            raise self.deal_error("a deal is three hands and nothing else", "tg.deal")
        for i, hand in enumerate(deal.hands):
            if len(hand) != 40:
                raise self.deal_error(f"P{i + 1} holds {len(hand)} cards, not 40", "tg.deal")
        ids = set(map(id, chain.from_iterable(deal.hands)))  # interned cards, compared by identity (no piles)
        if len(ids) != 120 or not ids <= _DECK_IDS:
            raise self.deal_error("the three hands must hold the 120 cards of the Dashavatara deck once each",
                                  "tg.deal")

    def draw_state(self, state, *, viewer: int | None = None, names=None):
        from .pictures import state_picture

        return state_picture(state, viewer=viewer, names=names)

    def parse_move(self, text: str) -> TGMove:
        return TGMove.parse(text)

    def position(self, text: str):
        from .positions import parse_position

        return parse_position(self, text)

    def ruled_out(self) -> frozenset[str]:
        return frozenset() if self.double else frozenset({"double"})

    def events_of(self, record) -> tuple[str, ...]:
        out = []
        for clause in record.clauses:
            key = clause[3:]
            if key in ("burn", "lose-deni", "sokta-wrong", "hardu-void", "kill", "redeal", "surkhya-back", "tigasta"):
                out.append(key)
        if record.move.kind == "double":
            out.append("double")
        return tuple(out)

    def deal_points(self, state) -> tuple[float, ...]:
        return state.result().scores
