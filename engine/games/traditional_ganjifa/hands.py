"""The cards of a match of Traditional Ganjifa and who holds them: the base every phase's rules stand on.

:class:`TGHands` holds the whole match: the deal in progress, the payments before a deal, the
scores. Cards are tracked by ``Card.index``: ``owner[i]`` is the seat holding card ``i`` (-1 when it is
played); ``order[s]`` lists suit ``s``'s cards still in hand, strongest first, with burned cards at
the bottom in the order they were burned, so ``order[s][0]`` is the hukm [tg.hukm]. A burned card
ranks below every unburned one of its suit, one burned later below one burned earlier [tg.burn].
Dealt hands show their first and last batches face up [tg.face-up]; the tigasta falls when every
player has held the lead and lost it [tg.tigasta]. A card leaves a hand for the table (``_take``)
or comes into one (``_give``); every step's record is made by ``_record``.

The rules of each phase are its subclasses, put together in :mod:`.state`: :mod:`.opening`,
:mod:`.leads`, :mod:`.tricks`, :mod:`.payments` and :mod:`.checks`.
"""

from __future__ import annotations


from ...cards import Card
from ...decks import DASHAVATARA
from ...families.tricks import INDEX_SIZE
from ...protocol import Game, State
from .records import TGRecord
from .table import OPENING, ORDERS, STRENGTH, SUITS, sorted_hand as _sorted_hand


_tuple_new = tuple.__new__


class TGHands(State):
    """The cards of a match in progress and who holds them (see the module's docstring)."""

    def __init__(self, game: Game):
        self.game = game
        self.n = 3
        self.history: list = []
        self.deal_no = 1
        self.scores = [0, 0, 0]  # cumulative points (cards won - 40) of the deals finished
        self.deal_points: list[tuple[int, ...]] = []
        self.killers: list[int] = []  # per finished deal: the seat that killed the akheri, else -1
        self.payments: list = []  # [payer, [[receiver, amount], ...]] still to make before this deal's play
        self.due: list = []  # the payments as owed after the last deal
        self.aside: list[Card] = []  # the cards set aside by the payer now paying
        self.aside_card: Card | None = None
        self.to_return = 0
        self.base = ""  # the position text this state was set up from (position())
        self.moves_text: list = []  # the moves since ``base`` (written out by position())
        self._clear_deal()

    # --- set-up ---------------------------------------------------------------------
    def _clear_deal(self) -> None:
        self.hands_: list[dict[int, Card]] = [{}, {}, {}]
        self.owner = [-1] * INDEX_SIZE
        self.order: list[list[Card]] = [[] for _ in SUITS]
        self.burned: list[Card] = []
        self.burned_ids: set[int] = set()
        self.dealt: list[tuple[Card, ...]] = [(), (), ()]
        self.face_up: list[frozenset] = [frozenset()] * 3
        # per seat: the cards it laid face down this deal; another player who saw one of them face up at the deal
        # cannot tell it went (a face-down talafa or tavani), so that player still counts it as possibly held
        self.laid_down: list[frozenset] = [frozenset()] * 3
        self.won: list[list[Card]] = [[], [], []]
        self.out: list[Card] = []
        self.lost: set[int] = set()
        self.tavani = [-1, -1, -1]
        self.barred: frozenset = frozenset()  # suits of the void hardus declared in this turn to lead
        self.leader = 0
        self.stage = OPENING
        self.current_player: int | None = 0
        self._clear_trick()
        self.ex_order: list[int] = []
        self.ask: tuple | None = None
        self.last_lead = None  # (leader, kind) of the last trick played
        self.last_trick = None  # (the cards of the last trick, its winner)
        self.last_down = None  # the card laid face down in it, if any
        self.last_named = -1  # the suit that face-down card named (a suit number), else -1

    def _clear_trick(self) -> None:
        self.trick: list[tuple[int, Card]] = []
        self.down: Card | None = None  # the face-down card of a talafa or tavani
        self.kind = None
        self.suit = -1
        self.queue: list[list] = []  # [seat, cards owed, cards that must be among them]
        self.doubled = None  # (gheni, second card, seats that had played before the double)
        self.sokta_to = -1
        self.hardu_holder = -1
        self.random_next = False
        self.lead_move = None
        self.answered = False  # the hukm has been played to this forcing lead: the duty is met

    def set_hands(self, hands, face_up=None, payers=()) -> None:
        """Give each seat its cards (``hands`` in the order dealt): a new deal's hands."""
        self._clear_deal()
        self.dealt = [tuple(h) for h in hands]
        self.hands_ = [{c.index: c for c in hand} for hand in hands]
        owner = self.owner
        for seat, hand in enumerate(self.hands_):
            for i in hand:
                owner[i] = seat
        if sum(map(len, hands)) == len(DASHAVATARA.cards):  # the whole deck dealt: each suit in order, all in hand
            self.order = [list(o) for o in ORDERS]
        else:
            self._rebuild_order()
        if face_up is None:
            face_up = [frozenset() if seat in payers else frozenset(h[:4] + h[-4:]) for seat, h in enumerate(hands)]
        self.face_up = list(face_up)
        self.laid_down = [frozenset()] * 3

    def _rebuild_order(self) -> None:
        owner = self.owner
        self.order = [[c for c in cards if owner[c.index] >= 0 and c.index not in self.burned_ids] +
                      [c for c in self.burned if c.suit.number == s and owner[c.index] >= 0]
                      for s, cards in enumerate(ORDERS)]

    # --- the table ---------------------------------------------------------------------
    @property
    def hands(self) -> list[list[Card]]:
        return [_sorted_hand(h) for h in self.hands_]

    @property
    def players(self) -> int:
        return 3

    @property
    def tigasta(self) -> bool:
        return len(self.lost) == 3

    def all_cards(self) -> list[Card]:
        return ([c for h in self.hands_ for c in h.values()] + [c for w in self.won for c in w] +
                [c for _, c in self.trick] + self.out)

    def hukm(self, s: int) -> Card | None:
        order = self.order[s]
        return order[0] if order else None

    def strength(self, card: Card) -> int:
        """The card's rank in its suit now: 12 for a Raja .. 1; when burned 0 or less, a card burned later below
        one burned earlier (each burned card becomes the lowest of its suit as it burns)."""
        if card.index in self.burned_ids:
            return -self.burned.index(card)
        return STRENGTH[card.index]

    def _record(self, seat, move, clauses, note, trick=None) -> TGRecord:
        return _tuple_new(TGRecord, (seat, move, clauses, note, trick))

    def _take(self, seat: int, card: Card) -> None:
        """``card`` leaves ``seat``'s hand for the table."""
        del self.hands_[seat][card.index]
        self.owner[card.index] = -1
        self.order[card.suit.number].remove(card)

    def _give(self, seat: int, card: Card) -> None:
        """``card`` goes into ``seat``'s hand (from another hand or the trick)."""
        old = self.owner[card.index]
        if old >= 0:
            del self.hands_[old][card.index]
        self.hands_[seat][card.index] = card
        self.owner[card.index] = seat
        if old < 0:
            self._rebuild_order()
