"""The state of a game of Traditional Ganjifa: a match of one or more deals, each a sequence of tricks.

One state holds the whole match: chance's deals (and redeals), the card payments before a deal,
the opening double trick with its exchanges, the leads in their order of obligation, the tricks,
and the scores. Cards are tracked by ``Card.index``: ``owner[i]`` is the seat holding card ``i``
(-1 when it is played); ``order[s]`` lists suit ``s``'s cards still in hand, strongest first,
with burned cards at the bottom in the order they were burned, so ``order[s][0]`` is the hukm.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import floor
from operator import itemgetter
from types import SimpleNamespace
from typing import TYPE_CHECKING

from ...cards import Card, format_cards
from ...decks import DASHAVATARA, Ranking
from ...errors import GameNotOverError, IllegalMoveError
from ...families.tricks import INDEX_SIZE, strength_by_index, suit_orders
from ...protocol import CHANCE, Result, State
from .moves import (ADD, ADD_MOVES, AKHERI, ASIDE, ASK, DEAL, DENI, DOUBLE, DRAW, DUKKAL, GIVE, HARDU, KEEP,
                    KEEP_MOVE, NATAVANI, OPEN, RETURN, SETS, SIR, SOKTA, SUIT_CODES, SWAP, TAKE, TALAFA, TAVANI,
                    UTARI, TGMove, _place, make, open_moves)
from .moves import (AKHERI_BY_INDEX, ASIDE_MOVES, DENI_BY_INDEX, DRAW_BY_INDEX, GIVE_BY_INDEX, HARDU_BY_INDEX, NATAVANI_BY_INDEX,
                    RETURN_MOVES, TALAFA_BY_INDEX, UTARI_BY_INDEX, UTARI_DRAW)
from .records import TGRecord, card_name, card_names
from .strategy import move_priority as _move_priority

if TYPE_CHECKING:
    from .game import TraditionalGanjifa

SUITS = DASHAVATARA.suits
_tuple_new = tuple.__new__
_card_of = itemgetter(1)  # of a (seat, card) pair in a trick
ORDERS = suit_orders(DASHAVATARA, Ranking.TRADITIONAL)  # each suit strongest first
STRENGTH = strength_by_index(DASHAVATARA, Ranking.TRADITIONAL)  # 12 for a Raja .. 1
CARDS = {c.index: c for c in DASHAVATARA.cards}
_RAJAS = frozenset(c.index for c in DASHAVATARA.cards if c.rank == 12)
HAND = 40  # cards in each hand
TARGET = 40  # cards a player must win not to owe any

# stages: whose step it is and what it may be
REDEAL, NEWDEAL, PAY_ASIDE, PAY_TAKE, PAY_RETURN = "redeal", "newdeal", "aside", "take", "return"
OPENING, FOLLOW, EXCHANGE, GIVING, LEAD, DRAWING, OVER = "open", "follow", "exchange", "give", "lead", "draw", "over"
CHANCE_STAGES = (REDEAL, NEWDEAL, PAY_TAKE, DRAWING)
# kinds of trick
K_OPEN, K_MULTI, K_FORCE, K_SIR, K_HARDU, K_SOKTA, K_AKHERI = "open", "multi", "force", "sir", "hardu", "sokta", "akheri"
_TRICK = ("tg.trick",)
_ADD_CLAUSES = {K_OPEN: ("tg.surkhya",), K_MULTI: _TRICK, K_SOKTA: ("tg.sokta",), K_HARDU: ("tg.hardu",),
                K_SIR: ("tg.sir",), K_AKHERI: ("tg.akheri",)}
_ADD_NOTE = ("add",)
_HUKM, _HUKM_NOTE, _BURN = ("tg.hukm",), ("hukm",), ("tg.hukm", "tg.burn")


def batches_of(dealt, m: int, which: str) -> list[int]:
    """The batch numbers (0..9) set aside: ``m`` batches starting with the first, the second, or ending with the last."""
    count = len(dealt) // 4
    start = {"first": 0, "second": 1, "last": count - m}[which]
    return list(range(max(start, 0), min(start + m, count)))


@dataclass(frozen=True)
class TGView:
    """What one player may see: the own hand, the others' face-up batch cards still in hand, the trick (a card
    laid face down only to its owner), the burned cards the player knows of, the counts and the scores."""

    player: int
    hand: tuple[Card, ...]
    face_up: tuple[tuple[Card, ...], ...]  # per seat: its face-up batch cards still in hand (own: ())
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]  # the last trick completed, as everyone saw it played
    burned: tuple[Card, ...]
    won: tuple[int, ...]
    leader: int
    stage: str
    tigasta: bool
    current_player: int | None
    scores: tuple[int, ...]
    deal: int


class TGState(State):
    """A match of Traditional Ganjifa in progress (see the module's docstring)."""

    def __init__(self, game: "TraditionalGanjifa"):
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

    def _rebuild_order(self) -> None:
        owner = self.owner
        self.order = [[c for c in cards if owner[c.index] >= 0 and c.index not in self.burned_ids] +
                      [c for c in self.burned if c.suit.number == s and owner[c.index] >= 0]
                      for s, cards in enumerate(ORDERS)]

    def _rajaless(self) -> bool:
        """Some hand holds no Raja."""
        return any(map(_RAJAS.isdisjoint, self.hands_))

    def begin_deal(self) -> None:
        """After the cards are dealt: a redeal if a hand has no Raja, else the payments, else the opening."""
        if self._rajaless():
            self.stage, self.current_player = REDEAL, CHANCE
        elif self.payments:
            self.stage, self.current_player = PAY_ASIDE, self.payments[0][0]
        else:
            self._to_opening()

    def _to_opening(self) -> None:
        self.leader = self.owner[self.game.surkhya.index]
        self.stage, self.current_player = OPENING, self.leader
        self.hands_ = [{i: h[i] for i in sorted(h, key=_rank_of)} for h in self.hands_]  # in order, as a position reads them
        self.base, self.moves_text = None, []  # position() starts from here: the snapshot, made when asked
        self._opening = (SimpleNamespace(hands=[list(h.values()) for h in self.hands_], won=((), (), ()),
                                         stage=OPENING, leader=self.leader, lost=(), burned=(),
                                         face_up=list(self.face_up), deal_no=self.deal_no,
                                         scores=tuple(self.scores)),)

    # --- the protocol ------------------------------------------------------------------
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

    def legal_moves(self) -> list[TGMove]:
        seat = self.current_player
        if seat is None or seat == CHANCE:
            return []
        stage = self.stage
        hand = self.hands_[seat]
        if stage == FOLLOW:
            return self._follow_moves(seat, hand)
        if stage == LEAD:
            return self._lead_moves(seat, None)
        cards = _sorted_hand(hand)
        if stage == OPENING:
            s = self.game.surkhya
            rest = [c for c in cards if c is not s]
            if self.game.low_cards:
                rest = [c for c in rest if c.index not in _RAJAS] or rest  # _low(), by the card's index
            opens = open_moves(s)
            return [opens[c.index] for c in rest]
        if stage == EXCHANGE:
            return self._exchange_moves(seat, cards)
        if stage == GIVING:
            s = self.ask[2]
            return [GIVE_BY_INDEX[c.index] for c in cards if c.suit.number == s and c.rank != 12]
        if stage == PAY_ASIDE:
            out = []
            for which in SETS:
                inside = {c.index for c in self._aside_cards(seat, which)}
                out += [ASIDE_MOVES[which, c] for c in cards if c.index not in inside]
            return out
        if stage == PAY_RETURN:
            s = self.game.surkhya
            back = [c for c in cards if c is not s]
            if self.game.low_cards:
                back = [c for c in back if self._low(c)] or back
            return [RETURN_MOVES[c] for c in back]
        return []

    def _aside_cards(self, seat: int, which: str) -> list[Card]:
        owed = sum(a for _, a in self.payments[0][1])
        m = -(-owed // 4)
        hand = self.hands_[seat]
        dealt = self.dealt[seat]
        return [c for b in batches_of(dealt, m, which) for c in dealt[4 * b:4 * b + 4] if c.index in hand]

    # lead: the obligations in order ------------------------------------------------------
    def lead_options(self, seat: int) -> dict:
        """What ``seat`` may lead now, by kind: {kind: [moves]} in the order of obligation."""
        hand = self.hands_[seat]
        if len(hand) == 1:
            return {AKHERI: [AKHERI_BY_INDEX[next(iter(hand))]]}
        owner, order = self.owner, self.order
        dukkals = []
        hukms = []
        under = []  # the suits whose second card (not the hukm) is ``seat``'s: a talafa, perhaps a deni
        denis = []  # of those, the suits of a deni
        burned = self.burned_ids
        for s, o in enumerate(order):  # one pass over the suits, read in the order of obligation below
            if not o:
                continue
            top = o[0]
            if owner[top.index] == seat:
                hukms.append(top)
                if len(o) > 1 and owner[o[1].index] == seat:
                    run = 2
                    while run < len(o) and owner[o[run].index] == seat:
                        run += 1
                    dukkals.append(make(DUKKAL, tuple(sorted(o[:run - 1], key=_place))))  # burned cards in place
            elif len(o) > 1:
                second = o[1]
                if owner[second.index] == seat:
                    under.append(s)
                    if top.rank == 12 and second.rank == 11 and top.index not in burned \
                            and second.index not in burned:  # the Mantri under another's Raja, both unburned
                        denis.append(s)
        if dukkals:
            return {DUKKAL: dukkals}
        if denis:
            moves = []
            for s in denis:
                o = order[s]
                second = o[1]
                moves += [DENI_BY_INDEX[c.index] for c in o if owner[c.index] == seat and c is not second] \
                    or [DENI_BY_INDEX[second.index]]
            return {DENI: moves}
        post = len(self.lost) == 3  # the tigasta
        if post:
            t = self.tavani[seat]
            if t >= 0 and order[t] and owner[order[t][0].index] not in (seat, -1):
                code = SUITS[t].code
                return {TAVANI: [make(TAVANI, (c,), code) for c in _sorted_hand(hand)]}
            cards = _sorted_hand(hand)
        out: dict = {}
        talafa = []
        for s in under:
            o = order[s]
            second = o[1]
            talafa += [TALAFA_BY_INDEX[c.index] for c in o if c is not second and owner[c.index] == seat]
            if post:  # no longer required to be a low card of the suit: any card face down, naming it
                code = SUITS[s].code
                talafa += [make(TALAFA, (c,), code) for c in cards]
        if talafa:
            out[TALAFA] = talafa
        if not post:
            out[UTARI] = [UTARI_DRAW if not hukms else UTARI_BY_INDEX[hukms[0].index] if len(hukms) == 1
                          else make(UTARI, tuple(hukms))]
            return out
        by_suit = [[c for c in o if owner[c.index] == seat] for o in order]  # strongest first, burned last
        sirs, natavani, hardu = [], [], []
        for s, o in enumerate(order):
            if len(o) < 4 or owner[o[2].index] != seat:
                continue
            low = [c for c in by_suit[s] if c is not o[2] and c is not o[0]]
            if owner[o[0].index] == seat and owner[o[1].index] != seat:
                sirs += [make(SIR, (o[0], c)) for c in low]
            elif owner[o[0].index] != seat and owner[o[1].index] != seat:
                if not self.barred:  # after a void hardu, no natavani in this turn to lead
                    natavani += [NATAVANI_BY_INDEX[c.index] for c in low]
                if s not in self.barred:  # nor a hardu again in the suit just found void
                    hardu += [HARDU_BY_INDEX[c.index] for c in low]
        for key, moves in ((SIR, sirs), (NATAVANI, natavani), (HARDU, hardu)):
            if moves:
                out[key] = moves
        out[SOKTA] = [make(SOKTA, tuple(sorted(cs, key=_place))) for cs in by_suit if cs]
        # after the tigasta the hukms may go one at a time, or all at once as before (the source lifts the
        # duty to lead them together, it does not forbid it)
        out[UTARI] = ([UTARI_BY_INDEX[h.index] for h in hukms] + ([make(UTARI, tuple(hukms))] if len(hukms) > 1 else [])
                      or [UTARI_DRAW])
        return out

    def _deni_suit(self, s: int, seat: int) -> bool:
        """``seat`` holds the Mantri of suit ``s`` and another player its Raja, both unburned: a deni."""
        o = self.order[s]
        return (len(o) >= 2 and o[0].rank == 12 and o[1].rank == 11 and self.owner[o[1].index] == seat
                and self.owner[o[0].index] != seat and o[0].index not in self.burned_ids
                and o[1].index not in self.burned_ids)

    def _lead_moves(self, seat, cards) -> list[TGMove]:
        return [m for moves in self.lead_options(seat).values() for m in moves]

    def _follow_moves(self, seat, hand) -> list[TGMove]:
        cards, doubles = self._follow_choices(seat, hand)
        moves = list(map(_ADD_BY_INDEX.__getitem__, cards))
        if doubles:
            moves += doubles
        return moves

    def _follow_choices(self, seat, hand) -> tuple:
        """What ``seat`` may add to the trick now: (the indexes of the cards it may add, in the hand's order, and
        the doubles it may make). :meth:`_follow_moves` lists them as moves (the adds first); the random
        players' loop (:meth:`play_random`) takes one of them by its place in that list."""
        _, owed, must = self.queue[0]
        if must and owed <= len(must):  # the called cards, once there is no room left for any other
            return [c.index for c in must], ()
        kind = self.kind
        if kind != K_FORCE:
            if kind == K_OPEN and self.game.low_cards:
                return [i for i in hand if i not in _RAJAS] or [*hand], ()  # _low(), by the card's index
            return [*hand], ()
        duty = self._duty(seat)
        if duty is not None and self.lead_move[0] == DENI and owed == 1 \
                and not self.doubled and duty.rank == 12 and self.game.double:
            led = self.trick[0][1]
            return [*hand], [make(DOUBLE, (duty, c)) for c in hand.values()
                             if c.suit is duty.suit and c is not duty and self.strength(c) > self.strength(led)]
        return [*hand], ()

    @staticmethod
    def _low(card: Card) -> bool:
        """``card`` is a low card: not a Raja (at the opening and the payments, the Rajas are the hukms)."""
        return card.rank != 12

    def _duty(self, seat: int) -> Card | None:
        """The hukm ``seat`` must add to this trick, if any (a forcing lead of a suit whose hukm it holds)."""
        if self.kind != K_FORCE or self.suit < 0 or seat == self.leader or self.answered:
            return None
        h = self.hukm(self.suit)
        if h is None or self.owner[h.index] != seat or h.index in self.burned_ids:
            return None
        # the hukm is judged against the cards of the suit already in the trick too: when one of them
        # ranks higher (the card led was already the best of its suit), there is nothing to draw out
        top = STRENGTH[h.index]
        suit, down, burned = self.suit, self.down, self.burned_ids
        for _, c in self.trick:  # (a burned card ranks below every unburned one)
            if c.suit.number == suit and STRENGTH[c.index] > top and c is not down and c.index not in burned:
                return None
        return h

    def _exchange_moves(self, seat, cards) -> list[TGMove]:
        out = [KEEP_MOVE]
        held = [0] * len(SUITS)
        for c in cards:
            held[c.suit.number] += 1
        s_card = self.game.surkhya
        in_trick = {c.suit.number for _, c in self.trick if c is not s_card}
        for _, t in self.trick:
            if t is s_card:
                continue
            s = t.suit.number
            if held[s] == 0 or (held[s] == 1 and self._deni_suit(s, seat)):
                out += [_tuple_new(TGMove, (SWAP, (c, t), None)) for c in cards]  # make(), inline
        for s in range(len(SUITS)):
            if held[s] == 1 and s not in in_trick and self._deni_suit(s, seat):
                raja = self.order[s][0]
                holder = self.owner[raja.index]
                if any(c.suit.number == s and c is not raja for c in self.hands_[holder].values()):
                    out += [make(ASK, (c,), SUITS[s].code) for c in cards]
        return out

    # --- checking ---------------------------------------------------------------------------
    def check(self, move) -> None:
        if isinstance(move, str):
            move = TGMove.parse(move)
        error = self._illegal(move)
        if error is not None:
            raise error

    def _illegal(self, move) -> IllegalMoveError | None:
        if not isinstance(move, TGMove):
            return IllegalMoveError(move, "tg.trick", "not a Traditional Ganjifa move")
        seat = self.current_player
        if seat is None:
            return IllegalMoveError(move, "tg.score", "the game is over")
        if seat == CHANCE:
            return self._illegal_chance(move)
        if move.kind in (DEAL, DRAW, TAKE):
            return IllegalMoveError(move, "tg.deal", "that is chance's step, not a player's")
        who = f"Player {seat + 1}"
        stage = self.stage
        clause = {FOLLOW: "tg.trick", LEAD: "tg.order", OPENING: "tg.surkhya", EXCHANGE: "tg.exchange",
                  GIVING: "tg.ask", PAY_ASIDE: "tg.aside", PAY_RETURN: "tg.return"}[stage]
        hand = self.hands_[seat]
        mine = move.cards[:1] if move.kind == SWAP else move.cards
        if move.kind not in (TALAFA, TAVANI):
            for c in mine:
                if c.index not in hand:
                    return IllegalMoveError(move, clause, f"{who} does not hold the {card_name(c)}")
        elif move.cards[0].index not in hand:
            return IllegalMoveError(move, clause, f"{who} does not hold the {card_name(move.cards[0])}")
        if stage == FOLLOW and move[0] == ADD and not (self.queue[0][2] and self.queue[0][1] <= len(self.queue[0][2])) \
                and self._duty(seat) is None \
                and (self.kind != K_OPEN or not self.game.low_cards):
            return None  # any card in hand may be added
        legal = self.legal_moves()
        for m in legal:
            if m is move:
                return None
        if move in legal:
            return None
        return IllegalMoveError(move, *self._why(seat, move))

    def _why(self, seat: int, move: TGMove) -> tuple[str, str]:
        """The clause a move breaks, and why, in words (the move is not legal)."""
        who = f"Player {seat + 1}"
        kind, stage = move.kind, self.stage
        if stage == FOLLOW:
            if kind != ADD and kind != DOUBLE:
                return "tg.trick", f"{who} must add to the trick in progress"
            _, owed, must = self.queue[0]
            if must:
                return ("tg.hardu" if self.kind == K_HARDU else "tg.sir",
                        f"{who} must play {card_names(must)} to this trick")
            if kind == DOUBLE:
                if not self.game.double:
                    return "tg.double", "this table plays without doubling a deni"
                return "tg.double", ("only the gheni may double a deni, with its hukm and a higher card of the suit "
                                     "led")
            if self.kind == K_OPEN and kind == ADD:
                return "tg.surkhya", "the opening trick takes low cards: any card but a Raja"
            return "tg.trick", f"{who} owes {owed} card(s) to this trick"
        if stage == OPENING:
            if self.game.low_cards and move.kind == OPEN and len(move.cards) == 2 \
                    and move.cards[0] is self.game.surkhya and move.cards[1].index in self.hands_[seat]:
                return "tg.surkhya", "the Surkhya is opened with a low card: any card but a Raja"
            return "tg.surkhya", f"the deal opens with the Surkhya, the {card_name(self.game.surkhya)}, and one more card"
        if stage == EXCHANGE:
            if kind == SWAP:
                return "tg.exchange", ("a card of the opening trick may be taken only in a suit the player lacks, or "
                                       "holds only as a singleton deni; never the Surkhya")
            if kind == ASK:
                return "tg.ask", ("a low card may be asked only for a singleton deni in a suit not in the trick, "
                                  "from a gheni holding another card of the suit")
            return "tg.exchange", f"{who} may swap, ask or keep"
        if stage == GIVING:
            return "tg.ask", f"{who} must give a low card of {SUITS[self.ask[2]].name}"
        if stage == PAY_ASIDE:
            return "tg.aside", f"{who} must set aside the first, second or last batch(es) and one more card"
        if stage == PAY_RETURN:
            return "tg.return", (f"{who} must give back a low card, not a Raja" if self.game.low_cards else
                                 f"{who} must give back a card other than the Surkhya")
        options = self.lead_options(seat)
        first = next(iter(options))
        names = {AKHERI: "tg.akheri", DUKKAL: "tg.dukkal", DENI: "tg.deni", TAVANI: "tg.tavani"}
        if first in names and kind != first:
            return names[first], f"{who} must first {_owed_lead(first, options[first])}"
        if kind in (SIR, NATAVANI, HARDU, SOKTA) and not self.tigasta:
            return "tg.tigasta", f"a {kind} may be led only after the tigasta"
        clause = {DUKKAL: "tg.dukkal", DENI: "tg.deni", TALAFA: "tg.talafa-down" if self.tigasta else "tg.talafa",
                  UTARI: "tg.utari-one" if self.tigasta else "tg.utari", SIR: "tg.sir", NATAVANI: "tg.natavani",
                  TAVANI: "tg.tavani", HARDU: "tg.hardu", SOKTA: "tg.sokta", AKHERI: "tg.akheri",
                  OPEN: "tg.surkhya"}.get(kind, "tg.order")
        if kind == NATAVANI and self.barred:
            return "tg.hardu-void", "after a void hardu the new lead may not be a natavani"
        if kind == HARDU and move.cards[0].suit.number in self.barred:
            return "tg.hardu-void", "a hardu in this suit has just been found void; it may not be declared again"
        return clause, f"{who} may not lead {'an' if kind[0] in 'aeiou' else 'a'} {kind} here"

    def _illegal_chance(self, move) -> IllegalMoveError | None:
        want = {REDEAL: DEAL, NEWDEAL: DEAL, PAY_TAKE: TAKE, DRAWING: DRAW}[self.stage]
        clause = {DEAL: "tg.deal", TAKE: "tg.aside", DRAW: "tg.random"}[want]
        if move.kind != want:
            return IllegalMoveError(move, clause, f"chance's step here is a {want}")
        if want == DEAL:
            if sorted(c.index for c in move.cards) != sorted(c.index for c in DASHAVATARA.cards):
                return IllegalMoveError(move, clause, "a deal gives out the whole deck")
        elif want == DRAW:
            if move.cards[0].index not in self.hands_[self.leader]:
                return IllegalMoveError(move, clause, "the card drawn is one of the leader's")
        else:
            if len(move.cards) != self.payments[0][1][0][1] or not set(move.cards) <= set(self.aside):
                return IllegalMoveError(move, clause, "the cards taken are as many as owed, from the set-aside batches")
        return None

    def chance_outcome(self, rng):
        stage = self.stage
        if self.current_player != CHANCE:
            return super().chance_outcome(rng)
        if stage in (REDEAL, NEWDEAL):
            first = (self.deal_no - 1 + (stage == NEWDEAL)) % 3
            return make(DEAL, self.game.deal_cards(rng, first))
        if stage == DRAWING:
            cards = _sorted_hand(self.hands_[self.leader])
            return DRAW_BY_INDEX[cards[rng.below(len(cards))].index]
        amount = self.payments[0][1][0][1]
        return make(TAKE, tuple(_sorted_hand({c.index: c for c in rng.shuffled(self.aside)[:amount]})))

    # --- applying -----------------------------------------------------------------------------
    def apply(self, move) -> TGRecord:
        if isinstance(move, str):
            move = TGMove.parse(move)
        error = self._illegal(move)
        if error is not None:
            raise error
        return self.apply_legal(move)

    def play_chance(self, chance) -> TGRecord:
        return self.apply_legal(chance.outcome(self))  # chance's own draw: nothing to check

    def apply_legal(self, move) -> TGRecord:
        """``apply`` for a move known to be legal (taken from ``legal_moves()``): the same record, unchecked."""
        self.moves_text.append(move)
        seat = self.current_player
        stage = self.stage
        if seat == CHANCE:
            record = self._apply_chance(move)
        elif stage == FOLLOW:
            record = self._apply_follow(seat, move)
        elif stage == LEAD:
            record = self._apply_lead(seat, move)
        elif stage == OPENING:
            record = self._apply_open(seat, move)
        elif stage in (EXCHANGE, GIVING):
            record = self._apply_exchange(seat, move)
        else:
            record = self._apply_payment(seat, move)
        self.history.append(record)
        return record

    def play_random(self, streams, chance, max_moves: int) -> "TGState":
        """:meth:`State.play_random`'s loop, making the same moves: a card added to a trick, most of the steps,
        goes straight from the rules of a trick's adds (``_follow_choices``) to applying it (``_apply_follow``),
        the two ``legal_moves()`` and ``apply_legal()`` call for it, and only the move taken is looked up."""
        follow_choices, apply_follow, append = self._follow_choices, self._apply_follow, self.history.append
        for _ in range(max_moves):
            seat = self.current_player
            if seat is None:
                return self
            if seat == CHANCE:
                self.play_chance(chance)
            elif self.stage == FOLLOW:
                cards, doubles = follow_choices(seat, self.hands_[seat])  # _follow_moves(), not made into moves
                k = floor(streams[seat]() * (len(cards) + len(doubles)))  # floor = int for a product >= 0, cheaper
                move = _ADD_BY_INDEX[cards[k]] if k < len(cards) else doubles[k - len(cards)]
                self.moves_text.append(move)
                append(apply_follow(seat, move))
            else:
                moves = self.legal_moves()
                self.apply_legal(moves[floor(streams[seat]() * len(moves))])
        return self

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

    def _apply_chance(self, move) -> TGRecord:
        stage = self.stage
        if stage in (REDEAL, NEWDEAL):
            cards = move.cards
            hands = [cards[i * HAND:(i + 1) * HAND] for i in range(3)]
            if stage == NEWDEAL:
                self.deal_no += 1
            payers = {p for p, _ in self.payments}
            self.set_hands(hands, payers=payers)
            self.begin_deal()
            note = ("redeal" if stage == REDEAL else "deal", self.deal_no, tuple(sorted(payers)),
                    self.stage == REDEAL)
            return self._record(CHANCE, move, ("tg.redeal",) if stage == REDEAL else ("tg.deal",), note)
        if stage == DRAWING:
            card = move.cards[0]
            return self._lead_single(self.leader, card, K_FORCE, move, ("tg.random",), ("draw", self.leader))
        # a payment taken blind
        payer, dues = self.payments[0]
        receiver, amount = dues[0]
        taken = list(move.cards)
        clauses = ("tg.aside",)
        back = None
        s = self.game.surkhya
        if s in taken:
            taken[taken.index(s)] = self.aside_card
            back = self.aside_card
            clauses += ("tg.surkhya-back",)
        for c in move.cards:
            self.aside.remove(c)
        for c in taken:
            self._give(receiver, c)
        self.to_return = amount
        self.stage, self.current_player = PAY_RETURN, receiver
        return self._record(CHANCE, move, clauses, ("take", payer, receiver, tuple(taken), back))

    def _apply_payment(self, seat, move) -> TGRecord:
        if move.kind == ASIDE:
            self.aside = self._aside_cards(seat, move.extra)
            self.aside_card = move.cards[0]
            self.stage, self.current_player = PAY_TAKE, CHANCE
            owed = sum(a for _, a in self.payments[0][1])
            return self._record(seat, move, ("tg.aside",), ("aside", owed, len(self.aside)))
        payer, dues = self.payments[0]
        card = move.cards[0]
        self._give(payer, card)
        self.to_return -= 1
        note = ("return", payer, self.to_return)
        if self.to_return == 0:
            dues.pop(0)
            if not dues:
                self.payments.pop(0)
                self.aside, self.aside_card = [], None
                if self.payments:
                    self.stage, self.current_player = PAY_ASIDE, self.payments[0][0]
                elif self.game.raja_check == "play" and self._rajaless():
                    # a hand left without a Raja by the payments: deal again, and pay again from the new hands
                    self.payments = [[p, [list(d) for d in dues]] for p, dues in self.due]
                    self.stage, self.current_player = REDEAL, CHANCE
                    return self._record(seat, move, ("tg.return", "tg.redeal"), note + (True,))
                else:
                    self._to_opening()
            else:
                self.stage, self.current_player = PAY_TAKE, CHANCE
        return self._record(seat, move, ("tg.return",), note)

    def _apply_open(self, seat, move) -> TGRecord:
        for c in move.cards:
            self._take(seat, c)
            self.trick.append((seat, c))
        self.kind, self.lead_move = K_OPEN, move
        self.queue = [[(seat + i) % 3, 2, ()] for i in (1, 2)]
        self.stage, self.current_player = FOLLOW, self.queue[0][0]
        return self._record(seat, move, ("tg.surkhya",), ("open", self.game.time))

    def _apply_exchange(self, seat, move) -> TGRecord:
        kind = move.kind
        if kind == GIVE:
            asker, given, s = self.ask
            card = move.cards[0]
            self._give(asker, card)
            self._give(seat, given)
            self.ask = None
            note = ("give", asker, given)
            clauses = ("tg.ask",)
        elif kind == ASK:
            s = SUIT_CODES[move.extra].number
            holder = self.owner[self.order[s][0].index]
            self.ask = (seat, move.cards[0], s)
            self.stage, self.current_player = GIVING, holder
            return self._record(seat, move, ("tg.ask",), ("ask", holder))
        elif kind == SWAP:
            mine, theirs = move.cards
            i = next(i for i, (_, c) in enumerate(self.trick) if c is theirs)
            p = self.trick[i][0]
            self._take(seat, mine)
            self.trick[i] = (p, mine)
            self._give(seat, theirs)
            note, clauses = ("swap",), ("tg.exchange",)
        else:
            note, clauses = ("keep",), ("tg.exchange",)
        self.ex_order.pop(0)
        if self.ex_order:
            self.stage, self.current_player = EXCHANGE, self.ex_order[0]
            return self._record(seat, move, clauses, note)
        return self._end_trick(seat, move, clauses, note)

    def _apply_lead(self, seat, move) -> TGRecord:
        kind = move.kind
        post = self.tigasta
        if kind == HARDU:
            s = move.cards[0].suit.number
            o = self.order[s]
            h1, h2 = self.owner[o[0].index], self.owner[o[1].index]
            if h1 != h2:
                self.barred = self.barred | {s}
                return self._record(seat, move, ("tg.hardu", "tg.hardu-void"), ("void", o[0], o[1]))
        self.barred = frozenset()
        if kind != TAVANI:
            if self.tavani[seat] >= 0 and kind not in (DUKKAL, DENI):
                self.tavani[seat] = -1
        if kind == AKHERI:
            return self._lead_single(seat, move.cards[0], K_AKHERI, move, ("tg.akheri",), ("akheri",))
        if kind == DENI:
            led = move.cards[0]
            lost = led.rank == 11
            clauses = ("tg.hukm", "tg.deni") + (("tg.lose-deni",) if lost else ())
            raja = self.order[led.suit.number][0]
            return self._lead_single(seat, led, K_FORCE, move, clauses,
                                     ("deni", raja, self.owner[raja.index], lost))
        if kind in (TALAFA, TAVANI):
            card = move.cards[0]
            if move.extra:  # face down, naming a suit
                s = SUIT_CODES[move.extra].number
                h = self.order[s][0]
                clauses = ("tg.tavani",) if kind == TAVANI else ("tg.talafa-down",)
                if kind == TAVANI:
                    self.tavani[seat] = -1
                return self._lead_single(seat, card, K_FORCE, move, clauses,
                                         (kind, h, self.owner[h.index], True), down=s)
            h = self.order[card.suit.number][0]
            return self._lead_single(seat, card, K_FORCE, move, ("tg.talafa",), (kind, h, self.owner[h.index], False))
        if kind == NATAVANI:
            s = move.cards[0].suit.number
            h = self.order[s][0]
            self.tavani[seat] = s
            return self._lead_single(seat, move.cards[0], K_FORCE, move, ("tg.natavani",),
                                     ("natavani", h, self.owner[h.index]))
        if kind == UTARI:
            if not move.cards:
                self.stage, self.current_player = DRAWING, CHANCE
                return self._record(seat, move, ("tg.utari", "tg.random") if not post else ("tg.utari-one", "tg.random"),
                                    ("utari-draw",))
            if not post or len(move.cards) > 1:  # every hukm at once: the random card follows, as before the tigasta
                self.random_next = True
            return self._lead_multi(seat, move, K_MULTI, ("tg.utari",) if not post else ("tg.utari-one",), ("utari",))
        if kind == DUKKAL:
            return self._lead_multi(seat, move, K_MULTI, ("tg.hukm", "tg.dukkal"), ("dukkal",))
        if kind == SOKTA:
            s = move.cards[0].suit.number
            holders = [p for p in ((seat + 1) % 3, (seat + 2) % 3)
                       if any(c.suit.number == s for c in self.hands_[p].values())]
            self.sokta_to = holders[0] if holders else -1
            return self._lead_multi(seat, move, K_SOKTA, ("tg.sokta",), ("sokta",))
        if kind == SIR:
            s = move.cards[0].suit.number
            second = self.order[s][1]
            holder = self.owner[second.index]
            record = self._lead_multi(seat, move, K_SIR, ("tg.sir",), ("sir", second, holder))
            self.suit = s
            for entry in self.queue:
                if entry[0] == holder:
                    entry[2] = (second,)
                    entry[1] = 2
            return record
        # a hardu whose two cards are in one hand
        s = move.cards[0].suit.number
        o = self.order[s]
        holder = self.owner[o[0].index]
        top = (o[0], o[1])
        record = self._lead_single(seat, move.cards[0], K_HARDU, move, ("tg.hardu",), ("hardu", o[0], o[1], holder))
        self.queue = [[p, 2, top if p == holder else ()] for p in ((seat + 1) % 3, (seat + 2) % 3)] + [[seat, 1, ()]]
        self.hardu_holder = holder
        self.current_player = self.queue[0][0]
        return record

    def _lead_single(self, seat, card, kind, move, clauses, note, down: int = -1) -> TGRecord:
        idx = card.index  # _take(), inline
        del self.hands_[seat][idx]
        self.owner[idx] = -1
        self.order[card.suit.number].remove(card)
        self.trick.append((seat, card))
        self.kind, self.lead_move = kind, move
        if down >= 0:
            self.down, self.suit = card, down
        else:
            self.suit = card.suit.number
        self.queue = [[(seat + i) % 3, 1, ()] for i in (1, 2)]
        self.stage, self.current_player = FOLLOW, self.queue[0][0]
        return self._record(CHANCE if move.kind == DRAW else seat, move, clauses, note)

    def _lead_multi(self, seat, move, kind, clauses, note) -> TGRecord:
        hand, owner, order, trick = self.hands_[seat], self.owner, self.order, self.trick
        for c in move[1]:  # _take(), inline
            del hand[c.index]
            owner[c.index] = -1
            order[c.suit.number].remove(c)
            trick.append((seat, c))
        self.kind, self.lead_move = kind, move
        self.suit = move.cards[0].suit.number if kind == K_SOKTA else -1
        k = len(move.cards) if kind != K_SIR else 2
        self.queue = [[(seat + i) % 3, k, ()] for i in (1, 2)]
        self.stage, self.current_player = FOLLOW, self.queue[0][0]
        return self._record(seat, move, clauses, note)

    def _apply_follow(self, seat, move) -> TGRecord:
        queue = self.queue
        head = queue[0]
        if move[0] == DOUBLE:
            raja, second = move[1]
            self._take(seat, raja)
            self._take(seat, second)
            self.trick += [(seat, raja), (seat, second)]
            before = {p for p, _ in self.trick if p != seat}
            queue.pop(0)
            for entry in queue:
                entry[1] += 1
            leader = self.leader
            queue += [[p, 1, ()] for p in (leader, (leader + 1) % 3, (leader + 2) % 3) if p in before]
            self.doubled = (seat, second, frozenset(before))
            self.answered = True
            self.current_player = queue[0][0]
            return self._record(seat, move, ("tg.double",), ("double", raja, second))
        card = move[1][0]
        kind = self.kind
        clauses = _ADD_CLAUSES.get(kind, _TRICK)
        note = _ADD_NOTE
        must = head[2]
        if must:
            head[2] = tuple(c for c in must if c is not card)
        elif kind == K_FORCE and not self.answered:
            duty = self._duty(seat)
            if duty is not None:
                if card is duty:
                    clauses, note = _HUKM, _HUKM_NOTE
                    self.answered = True
                else:
                    self.burned.append(duty)
                    self.burned_ids.add(duty.index)
                    o = self.order[duty.suit.number]
                    o.remove(duty)
                    o.append(duty)
                    clauses, note = _BURN, ("burn", duty)
        idx = card.index  # _take, inlined (it runs for most steps)
        del self.hands_[seat][idx]
        self.owner[idx] = -1
        self.order[card.suit.number].remove(card)
        self.trick.append((seat, card))
        head[1] -= 1
        if head[1] == 0:
            queue.pop(0)
            if not queue:
                if kind == K_OPEN:
                    self.ex_order = [self.leader, (self.leader + 1) % 3, (self.leader + 2) % 3]
                    self.stage, self.current_player = EXCHANGE, self.leader
                    return self._record(seat, move, clauses + ("tg.exchange",), ("add-open",))
                return self._end_trick(seat, move, clauses, note)
        self.current_player = queue[0][0]
        return _tuple_new(TGRecord, (seat, move, clauses, note, None))

    # --- the end of a trick -------------------------------------------------------------------------
    def _strongest(self, cards) -> Card | None:
        best, top = None, -1000
        suit, down, burned = self.suit, self.down, self.burned_ids
        for c in cards:
            if c.suit.number == suit and c is not down:
                v = STRENGTH[c.index] if c.index not in burned else -self.burned.index(c)  # strength(), inline
                if v > top:
                    best, top = c, v
        return best

    def _end_trick(self, seat, move, clauses, note) -> TGRecord:
        kind, trick, leader = self.kind, self.trick, self.leader
        halves = None
        extra: tuple = ()
        if kind == K_MULTI or kind == K_OPEN:
            winner = leader
        elif kind == K_FORCE and self.doubled is None:  # the common trick: the strongest card of the suit wins
            winner, top = leader, -1000
            suit, down, burned = self.suit, self.down, self.burned_ids
            for p, c in trick:  # _strongest(), inline
                if c.suit.number == suit and c is not down:
                    v = STRENGTH[c.index] if c.index not in burned else -self.burned.index(c)
                    if v > top:
                        winner, top = p, v
        elif kind == K_SOKTA:
            winner = leader if self.sokta_to < 0 else self.sokta_to
            extra = ("tg.sokta-wrong",) if self.sokta_to >= 0 else ()
        elif kind == K_HARDU:
            winner = self.hardu_holder
        elif kind == K_SIR:
            seat_of = {c.index: p for p, c in trick}
            low = self.lead_move.cards[1]
            b = self._strongest([c for p, c in trick if p != leader] + [low])
            halves = (self.lead_move.cards[0], b)
            winner = seat_of[b.index]
        elif self.doubled is not None:
            gheni, y, before = self.doubled
            raja = next(c for p, c in trick if p == gheni and c.rank == 12 and c.suit.number == self.suit)
            b = self._strongest([y] + [c for p, c in trick if p not in before and p != gheni])
            halves = (raja, b)
            winner = gheni
            extra = ("tg.double",)
        else:
            best = self._strongest([c for _, c in trick])
            winner = next(p for p, c in trick if c is best) if best is not None else leader
        split = None
        if halves is not None:
            a_card, b_card = halves
            a, b = [a_card], [b_card]
            for p in range(3):
                mine = [c for q, c in trick if q == p and c is not a_card and c is not b_card]
                if a_card in [c for q, c in trick if q == p] and mine:
                    b.append(mine[0])
                elif b_card in [c for q, c in trick if q == p] and mine:
                    a.append(mine[0])
                elif mine:
                    a.append(mine[0])
                    b += mine[1:]
            seat_of = {c.index: p for p, c in trick}
            wa, wb = seat_of[a_card.index], seat_of[b_card.index]
            self.won[wa] += a
            self.won[wb] += b
            split = (wa, len(a), wb, len(b))
            winner = wb if kind == K_SIR else wa
        else:
            self.won[winner] += map(_card_of, trick)
            if kind == K_SOKTA and self.sokta_to >= 0 and self.game.sokta == "all":
                self.won[winner] += self.won[leader]  # a wrong sokta loses every trick of the deal
                self.won[leader] = []
                note = tuple(note) + ("all",)
        count = len(trick)
        over = not any(self.hands_)
        new_leader = winner
        tigasta_now = False
        if new_leader != leader:
            lost = self.lost
            if leader not in lost:
                lost.add(leader)
                if len(lost) == 3:  # the tigasta, now
                    tigasta_now = True
                    extra += ("tg.tigasta",)
        akheri = None
        if over:
            akheri = self._akheri(kind, leader, winner)
            if akheri[0] >= 0:
                extra += ("tg.kill",)
        random_next = self.random_next and not over
        self.last_lead = (leader, kind)
        self.last_trick = (trick, winner)  # the trick's own list: the next trick is a new one
        self.last_down = self.down
        self.last_named = self.suit if self.down is not None else -1
        self._clear_trick()
        self.leader = new_leader
        if extra:
            clauses = tuple(clauses) + tuple(c for c in extra if c not in clauses)
        info = (winner, count, split, tigasta_now, akheri, kind)
        if over:
            self.stage = OVER
            record = self._record(seat, move, clauses, note, info)
            return self._end_deal(record)
        if random_next:
            self.stage, self.current_player = DRAWING, CHANCE
        else:
            self.stage, self.current_player = LEAD, new_leader
        return _tuple_new(TGRecord, (seat, move, clauses, note, info))

    def _akheri(self, kind, leader, winner) -> tuple[int, bool]:
        """(the seat that killed the final trick or -1, whether it was a rangeri)."""
        if winner == leader:
            return (-1, False)
        rangeri = False
        if kind == K_AKHERI:
            led = next(c for p, c in self.trick if p == leader)
            rangeri = all(c.suit is led.suit and self.strength(c) > self.strength(led)
                          for p, c in self.trick if p != leader)
        return (winner, rangeri)

    def _end_deal(self, record) -> TGRecord:
        won = [len(w) for w in self.won]
        points = tuple(w - TARGET for w in won)
        self.deal_points.append(points)
        for p in range(3):
            self.scores[p] += points[p]
        killer = record[4][4][0]
        self.killers.append(killer)
        finished = self.deal_no >= self.game.rounds
        note = record[3]
        clauses = record[2] + ("tg.score",)
        payments = [] if finished else self.owed(won, killer, self.deal_no % 3)  # deal_no + 1 is dealt from seat deal_no % 3
        if payments:
            clauses += ("tg.payment",)
        if not finished and killer >= 0 and won[killer] < TARGET:
            clauses += ("tg.exempt",)
        self.payments = payments
        self.due = [[p, [list(d) for d in dues]] for p, dues in payments]  # as owed, should a redeal come after them
        if finished:
            self.stage, self.current_player = OVER, None
        else:
            self.stage, self.current_player = NEWDEAL, CHANCE
        info = record[4] + (points, tuple(self.scores), tuple((p, tuple(map(tuple, d))) for p, d in payments),
                            finished)
        return TGRecord(record[0], record[1], clauses, note, info)

    @staticmethod
    def owed(won, killer: int = -1, first: int = 0) -> list:
        """The card payments after a deal: [payer, [[receiver, cards], ...]], deficits paid to surpluses in turn order.

        The payers pay in turn, from ``first`` (the player dealt to first in the next deal); each pays the
        next player after them in turn who is owed first, up to what that player is owed, then the other.
        A player who killed the final trick pays nothing; a payment is at most 36 cards. So the players
        owed are paid in full unless one of those two exceptions applies, when they are paid less.
        """
        turn = [(first + i) % 3 for i in range(3)]
        short = [[p, TARGET - won[p]] for p in turn if won[p] < TARGET and p != killer]
        over = {p: [p, w - TARGET] for p, w in enumerate(won) if w > TARGET}
        out = []
        for payer, due in short:
            due = min(due, 36)
            dues = []
            for entry in (over[(payer + i) % 3] for i in (1, 2) if (payer + i) % 3 in over):
                if due == 0:
                    break
                k = min(due, entry[1])
                if k:
                    dues.append([entry[0], k])
                    entry[1] -= k
                    due -= k
            if dues:
                out.append([payer, dues])
        return out

    # --- results and views ---------------------------------------------------------------------
    def result(self) -> Result:
        if self.current_player is not None:
            raise GameNotOverError("the game is not over yet", "tg.score")
        scores = tuple(float(s) for s in self.scores)
        best = max(scores)
        winners = tuple(i for i, s in enumerate(scores) if s == best)
        deals = self.deal_no
        reason = f"the highest score, cards won less 40 over {deals} deal{'s' if deals > 1 else ''} ({best:+g})"
        return Result(winners, scores, reason, "tg.score")

    def visible_cards(self, player: int) -> frozenset:
        """Others' face-up batch cards still in hand."""
        return frozenset(c for p in range(3) if p != player for c in self.hands_[p].values() if c in self.face_up[p])

    def view(self, player: int) -> "TGView":
        visible = self.visible_cards(player)
        return TGView(
            player, tuple(self.hands[player]),
            tuple(() if p == player else tuple(c for c in _sorted_hand(self.hands_[p]) if c in visible)
                  for p in range(3)),
            tuple(len(h) for h in self.hands_),
            tuple((p, c) for p, c in self.trick if c is not self.down or p == player),
            tuple((p, c) for p, c in self.last_trick[0] if c is not self.last_down or p == player)
            if self.last_trick else (),
            tuple(c for c in self.burned if self.owner[c.index] in (-1, player) or c in visible),
            tuple(len(w) for w in self.won), self.leader, self.stage, self.tigasta, self.current_player,
            tuple(self.scores), self.deal_no)

    def all_hand_cards(self) -> list[Card]:
        return [c for h in self.hands_ for c in h.values()]

    def copy(self) -> "TGState":
        other = TGState.__new__(TGState)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.moves_text = list(self.moves_text)
        other.scores = list(self.scores)
        other.deal_points = list(self.deal_points)
        other.killers = list(self.killers)
        other.payments = [[p, [list(d) for d in dues]] for p, dues in self.payments]
        other.due = [[p, [list(d) for d in dues]] for p, dues in self.due]
        other.aside = list(self.aside)
        other.hands_ = [dict(h) for h in self.hands_]
        other.owner = list(self.owner)
        other.order = [list(o) for o in self.order]
        other.burned = list(self.burned)
        other.burned_ids = set(self.burned_ids)
        other.dealt = list(self.dealt)
        other.face_up = list(self.face_up)
        other.won = [list(w) for w in self.won]
        other.out = list(self.out)
        other.lost = set(self.lost)
        other.tavani = list(self.tavani)
        other.trick = list(self.trick)
        other.queue = [list(e) for e in self.queue]
        other.ex_order = list(self.ex_order)
        return other

    move_priority = _move_priority

    def position(self) -> str:
        """The position as text: the set-up it started from and every move since (``game.position`` reads it)."""
        if self.base is None:
            from .positions import snapshot

            self.base = snapshot(self._opening[0])
        return self.base + ("; moves=" + ", ".join(map(str, self.moves_text)) if self.moves_text else "")

    def __repr__(self) -> str:
        return f"{self.game!r}.position({self.position()!r})"

    def __str__(self) -> str:
        lines = [f"Traditional Ganjifa, deal {self.deal_no}; {self.stage}; lead: Player {self.leader + 1}"
                 + ("; after the tigasta" if self.tigasta else "")]
        for i, h in enumerate(self.hands):
            lines.append(f"P{i + 1} won {len(self.won[i]):3}  {format_cards(h)}")
        if self.trick:
            lines.append("trick: " + ", ".join(f"P{p + 1} {c}" for p, c in self.trick))
        return "\n".join(lines)

    def trick_moves(self) -> list:
        return []

    def is_forced(self, move) -> bool:
        if isinstance(move, str):
            move = TGMove.parse(move)
        return self.legal_moves() == [move]


def _sort_key(card: Card):
    return (card.suit.number, -STRENGTH[card.index])


_ADD_BY_INDEX = [None] * INDEX_SIZE  # card.index -> the move adding that card
for _c, _m in ADD_MOVES.items():
    _ADD_BY_INDEX[_c.index] = _m
_RANK = [0] * INDEX_SIZE  # card.index -> its place in a sorted hand (suit by suit, strongest first)
for _i, _c in enumerate(sorted(DASHAVATARA.cards, key=_sort_key)):
    _RANK[_c.index] = _i
_rank_of = _RANK.__getitem__


def _sorted_hand(hand: dict) -> list[Card]:
    """A hand's cards, suit by suit, strongest first."""
    return [hand[i] for i in sorted(hand, key=_rank_of)]


def _owed_lead(kind: str, moves: list) -> str:
    """The lead a player owes, in players' words (an error names it; notation is for the terminal's own list)."""
    if kind == TAVANI:
        suit = DASHAVATARA.suit(moves[0].extra).name
        return f"lead the tavani owed in {suit}: any card face down, naming {suit}"
    if kind == AKHERI:
        return f"lead the last card, the {card_name(moves[0].cards[0])}: the akheri"
    if kind == DENI:
        return "give a deni: " + " or ".join(f"the {card_name(m.cards[0])}" for m in moves[:3])
    return "lead a dukkal: " + " or ".join(card_names(m.cards) for m in moves[:3])
