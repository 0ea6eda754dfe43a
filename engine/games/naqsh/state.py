"""The state of a Naqsh hand: each player's cards and totals, the stock, whose hand is in play."""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from ...cards import Card, format_cards
from ...errors import GameNotOverError, IllegalMoveError
from ...families.hidden import redeal
from ...protocol import Game, Result, State, default_names
from .bank import (BUST, NAQSH, PLAYING, STAND_TO, STATUS_WORDS, STOOD, THREW, WAITING, stand_words,
                   settle_dealer_fails, settle_dealer_naqsh)
from .moves import DEAL, DEAL_ONLY, DEAL_MOVE, NO_STAND, STAND, TAKE, THROW, WITH_STAND, NQMove
from .records import ENDS_BUST, ENDS_NAQSH, ENDS_STAND, ENDS_THROW, GOES_ON, NQRecord
from .strategy import move_priority as _move_priority


_new = tuple.__new__
_index = attrgetter("index")  # a card's place in the deck: the pool's order

# the clauses each kind of record cites (shared tuples: no allocation on the hot path), by how the card
# came: [0] taken, [1] dealt face up to a player, [2] turned up by the dealer for the dealer's own hand
CL_BASE = (("nq.take",), ("nq.face-up",), ("nq.dealer-turn", "nq.face-up"))
CL_NAQSH = tuple(c + ("nq.naqsh", "nq.player-naqsh", "nq.next-dealer") for c in CL_BASE)
CL_NAQSH_DEALER = tuple(c + ("nq.naqsh", "nq.dealer-naqsh", "nq.next-dealer") for c in CL_BASE)
CL_BUST = tuple(c + ("nq.bust",) for c in CL_BASE)
CL_STAND = ("nq.stand",)
CL_THROW = ("nq.throw",)
CL = {}


def _cl(*ids: str) -> tuple[str, ...]:
    return CL.setdefault(ids, ids)


@dataclass(frozen=True)
class NQView:
    """What one player may see: their own cards (the first face down), every other hand's face-up cards,
    each hand's state, whose hand is in play and the stock's size."""

    player: int
    hand: tuple[Card, ...]
    face_up: tuple[tuple[Card, ...], ...]  # per seat: the face-up cards (the player's own included)
    hidden: tuple[int, ...]  # per seat: how many face-down cards (1 while the hand is in the game)
    status: tuple[str, ...]
    active: int | None
    dealer: int
    stock_size: int
    current_player: int | None


class NQState(State):
    """A Naqsh hand in progress. Make one with ``Naqsh.new_game`` or ``Naqsh.position``."""

    __slots__ = ("game", "history", "current_player", "_hands", "_totals", "_status", "_stock", "_active",
                 "_dealer", "_deck", "_end")

    def __init__(self, game: Game, hands: list[list[Card]], stock: list[Card], active: int = 0,
                 status: list[int] | None = None):
        """``stock`` is top *last* (popped from the end). ``active`` is the seat whose hand is in play."""
        self.game = game
        self.history = []
        n = len(hands)
        self._hands = hands
        self._totals = [h[0].rank if len(h) == 1 else sum(c.rank for c in h) for h in hands]
        self._status = status if status is not None else [WAITING] * n
        self._stock = stock
        self._active = active
        self._dealer = n - 1
        self._deck = game.deck
        self._end = None  # (kind, seat) once the hand is over: kind "player-naqsh", "dealer-naqsh", "dealer-fails"
        if self._status[active] == WAITING:
            self._status[active] = PLAYING
        self.current_player = self._dealer if len(hands[active]) < 2 else active

    def copy(self) -> "NQState":
        other = NQState.__new__(NQState)
        other.game = self.game
        other.history = list(self.history)
        other.current_player = self.current_player
        other._hands = [list(h) for h in self._hands]
        other._totals = list(self._totals)
        other._status = list(self._status)
        other._stock = list(self._stock)
        other._active = self._active
        other._dealer = self._dealer
        other._deck = self._deck
        other._end = self._end
        return other

    # --- the protocol, hot path first ----------------------------------------------------------
    def legal_moves(self) -> list[NQMove]:
        return list(self.legal_move_sequence())

    def legal_move_sequence(self) -> tuple[NQMove, ...]:
        """The legal moves: ``deal`` for the dealer; else ``take``, ``stand`` (on 14-16), ``throw``."""
        cp = self.current_player
        if cp is None:
            return ()
        a = self._active
        if len(self._hands[a]) < 2:
            return DEAL_ONLY
        t = self._totals[a]
        return WITH_STAND if self.game.stand_from <= t <= STAND_TO else NO_STAND

    def apply(self, move: NQMove | str) -> NQRecord:
        """Play ``move`` for the current player; return the record. Illegal moves raise IllegalMoveError."""
        if move not in self.legal_move_sequence():
            if isinstance(move, str):
                return self.apply(self.game.parse_move(move))
            self.check(move)
            raise AssertionError(f"{move} passed check but is not legal")  # pragma: no cover
        return self.apply_legal(move)

    def apply_legal(self, move: NQMove) -> NQRecord:
        """:meth:`apply` for one of ``legal_move_sequence()``: no check."""
        cp = self.current_player
        a = self._active
        dealer = self._dealer
        k = move._k
        card = None
        if k == DEAL or k == TAKE:
            card = self._stock.pop()
            hand = self._hands[a]
            hand.append(card)
            total = self._totals[a] + card.rank
            self._totals[a] = total
            count = len(hand)
            own = a == dealer
            kind = (2 if own else 1) if k == DEAL else 0  # take, deal to a player, deal to the dealer
            if total == 17 or (total == 21 and count == 2 and self.game.two_card):
                self._status[a] = NAQSH
                self._end = ("dealer-naqsh" if own else "player-naqsh", a)
                self.current_player = None
                record = _new(NQRecord, (cp, move, (CL_NAQSH_DEALER if own else CL_NAQSH)[kind],
                                         a, card, total, count, ENDS_NAQSH, dealer, self._deck,
                                         self._payments(), ()))
            elif total > 17:
                self._status[a] = BUST
                record = self._next(cp, move, CL_BUST[kind], a, card, total, count, ENDS_BUST)
            else:
                self.current_player = a
                record = _new(NQRecord, (cp, move, CL_BASE[kind], a, card, total, count, GOES_ON, dealer,
                                         self._deck, None, ()))
        elif k == STAND:
            self._status[a] = STOOD
            record = self._next(cp, move, CL_STAND, a, None, self._totals[a], len(self._hands[a]), ENDS_STAND)
        else:
            self._status[a] = THREW
            record = self._next(cp, move, CL_THROW, a, None, self._totals[a], len(self._hands[a]), ENDS_THROW)
        self.history.append(record)
        return record

    def _next(self, cp, move, clauses, a, card, total, count, outcome) -> NQRecord:
        """The hand of seat ``a`` is over without Naqsh: the next hand comes into play, or the round ends."""
        dealer = self._dealer
        if a == dealer:
            self._end = ("dealer-fails", a)
            self.current_player = None
            return _new(NQRecord, (cp, move, _cl(*clauses, "nq.dealer-fails", "nq.next-dealer"), a, card, total,
                                   count, outcome, dealer, self._deck, self._payments(),
                                   tuple(s for s in range(dealer) if self._status[s] == STOOD)))
        a += 1
        self._active = a
        self._status[a] = PLAYING
        self.current_player = dealer  # the dealer gives the next hand its face-up card
        return _new(NQRecord, (cp, move, clauses, a - 1, card, total, count, outcome, dealer, self._deck,
                               None, ()))

    # --- legality with reasons -------------------------------------------------------------
    def check(self, move: NQMove | str) -> None:
        """Raise IllegalMoveError naming the clause unless ``move`` is legal now."""
        if isinstance(move, str):
            move = self.game.parse_move(move)
        if not isinstance(move, NQMove):
            raise IllegalMoveError(str(move), "nq.order", "a Naqsh move is deal, take, stand or throw")
        cp = self.current_player
        if cp is None:
            raise IllegalMoveError(move, self.result().clause, "the round is over")
        a = self._active
        who = f"Player {a + 1}"
        k = move._k
        if len(self._hands[a]) < 2:
            if k != DEAL:
                if a == self._dealer:
                    raise IllegalMoveError(move, "nq.dealer-turn", f"the dealer, {who}, first turns up a face-up "
                                           "card for the dealer's own hand: the move is 'deal'")
                raise IllegalMoveError(move, "nq.face-up", f"{who} holds only the card face down: the dealer "
                                       "first deals a face-up card ('deal')")
            return
        if k == DEAL:
            raise IllegalMoveError(move, "nq.face-up", f"{who} already has a face-up card: the dealer deals it once, "
                                   "and after that the player takes cards, stands or throws in")
        t = self._totals[a]
        if k == STAND and not self.game.stand_from <= t <= STAND_TO:
            raise IllegalMoveError(move, "nq.stand", f"{who} has {t}: a player may stand only on "
                                   f"{stand_words(self.game.stand_from)}")

    # --- results ------------------------------------------------------------------------------
    def _payments(self) -> tuple[int, ...]:
        end = self._end
        n = len(self._hands)
        if end is None:
            raise GameNotOverError("the hand is not over yet", "nq.dealer-turn")
        kind = end[0]
        if kind == "player-naqsh":
            return (0,) * n
        if kind == "dealer-naqsh":
            return settle_dealer_naqsh(n)
        d = self._dealer
        dealer_total = self._totals[d] if self._status[d] == STOOD else 0
        return settle_dealer_fails(self._status, self._totals, dealer_total, self.game.dealer_fails)

    def payments(self) -> tuple[int, ...]:
        """Stakes won (+) and paid (-) by each seat (a finished hand); they sum to zero."""
        return self._payments()

    def next_dealer_seat(self) -> int:
        """Who deals the next hand: the maker of a Naqsh (player or dealer), else the dealer's right (seat 0)."""
        end = self._end
        if end is None:
            raise GameNotOverError("the hand is not over yet", "nq.next-dealer")
        return end[1] if end[0] != "dealer-fails" else 0

    def result(self) -> Result:
        end = self._end
        if end is None:
            raise GameNotOverError("the hand is not over yet", "nq.dealer-turn")
        kind, seat = end
        pay = self._payments()
        scores = tuple(float(p) for p in pay)
        n = len(self._hands)
        total, count = self._totals[seat], len(self._hands[seat])
        what = f"17 in {count} cards" if total == 17 else "21 in two cards"
        if kind == "player-naqsh":
            return Result((seat,), scores, f"Naqsh, {what}; no money changes hands, and the maker "
                          "of the Naqsh deals next", "nq.player-naqsh")
        if kind == "dealer-naqsh":
            return Result((seat,), scores, f"the dealer's Naqsh, {what}; every other player pays "
                          f"one stake ({n - 1} in all)", "nq.dealer-naqsh")
        winners = tuple(s for s in range(n) if pay[s] > 0)
        if winners:
            return Result(winners, scores, "nobody made Naqsh, and the dealer pays one stake to each player "
                          + ("still standing" if self.game.dealer_fails == "pay-standing" else
                             "standing on more than the dealer"), "nq.dealer-fails")
        standing = any(s == STOOD for s in self._status[:-1])
        why = "nobody was left standing" if not standing else \
            "the dealer pays nothing when failing" if self.game.dealer_fails == "nothing" else \
            "nobody stood on more than the dealer"
        return Result((), scores, f"nobody made Naqsh and no money changes hands ({why})", "nq.dealer-fails")

    # --- views and the table as values ---------------------------------------------------------
    def view(self, player: int) -> NQView:
        hands = self._hands
        return NQView(player, tuple(hands[player]), tuple(tuple(h[1:]) for h in hands),
                      tuple(min(1, len(h)) for h in hands), tuple(STATUS_WORDS[s] for s in self._status),
                      self._active if self.current_player is not None else None, self._dealer, len(self._stock),
                      self.current_player)

    def visible_cards(self, player: int) -> frozenset:
        """Every face-up card; at the end, the cards of a Naqsh, which its maker shows."""
        seen = {c for h in self._hands for c in h[1:]}
        if self._end is not None and self._end[0] != "dealer-fails":
            seen.update(self._hands[self._end[1]])
        return frozenset(seen)

    def sample_hidden(self, player: int, seed: int | str) -> "NQState":
        """A copy in which the other hands' face-down cards and the stock are dealt afresh (:func:`redeal`).

        Kept: ``player``'s hand, every face-up card, the stock's size, and what each hand's fate tells of its
        face-down card: a hand still playing or thrown in is under 17, one that stood is within the standing
        range, one gone bust is over 17 and was under it before its last card."""
        seen = set(self._hands[player]) | self.visible_cards(player)
        hands = self._hands
        places = [h[:1] for h in hands] + [self._stock]
        two, status, low = self.game.two_card, self._status, self.game.stand_from

        def fits(p: int, card: Card) -> bool:
            if p == len(hands) or len(hands[p]) < 2:
                return True
            up = sum(c.rank for c in hands[p][1:])
            total = card.rank + up
            if status[p] == BUST:
                return total > 17 and total - hands[p][-1].rank < 17 and not (two and total == 21 and len(hands[p]) == 2)
            if status[p] == STOOD:
                return low <= total <= STAND_TO
            return total < 17

        dealt = redeal(places, seen, seed, key=_index, allowed=fits)
        other = self.copy()
        for p, first in enumerate(dealt[:-1]):
            if first:
                other._hands[p][0] = first[0]
        other._stock = dealt[-1]
        other._totals = [h[0].rank if len(h) == 1 else sum(c.rank for c in h) for h in other._hands]
        return other

    move_priority = _move_priority

    @property
    def hands(self) -> list[list[Card]]:
        return [list(h) for h in self._hands]

    @property
    def stock(self) -> list[Card]:
        """The stock, top card first."""
        return list(reversed(self._stock))

    @property
    def active(self) -> int:
        """The seat whose hand is in play (the dealer's own hand last)."""
        return self._active

    @property
    def dealer(self) -> int:
        return self._dealer

    def total(self, seat: int) -> int:
        return self._totals[seat]

    def status(self, seat: int) -> str:
        """``waiting``, ``playing``, ``stood``, ``threw in``, ``bust`` or ``Naqsh``."""
        return STATUS_WORDS[self._status[seat]]

    @property
    def players(self) -> int:
        return len(self._hands)

    def all_cards(self) -> list[Card]:
        return [c for h in self._hands for c in h] + self._stock

    def position(self) -> str:
        """This position in text (see :meth:`Naqsh.position`)."""
        return format_position(self)

    def __str__(self) -> str:
        names = default_names(self.players)
        if self.current_player is None:
            status = "over: " + self.result().narrate(names)
        elif len(self._hands[self._active]) < 2:
            status = f"the dealer (Player {self._dealer + 1}) to deal Player {self._active + 1} a face-up card"
        else:
            status = f"Player {self._active + 1} to play"
        lines = [f"Naqsh, {self.players} players; {status}"]
        for i, h in enumerate(self._hands):
            role = " (dealer)" if i == self._dealer else ""
            lines.append(f"P{i + 1}{role}: {format_cards(h)}  = {self._totals[i]} ({STATUS_WORDS[self._status[i]]})")
        lines.append(f"stock: {len(self._stock)} cards")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"{self.game!r}.position({self.position()!r})"


def format_position(state) -> str:
    """The position as text, as :func:`.positions.parse_position` reads it back."""
    parts = []
    for seat, h in enumerate(state._hands):
        s = state._status[seat]
        word = " stood" if s == STOOD else " threw" if s == THREW else ""
        parts.append(f"P{seat + 1}={format_cards(h)}{word}")
    parts.append("turn=-" if state.current_player is None else f"turn=P{state._active + 1}")
    parts.append(f"stock={format_cards(state.stock)}")
    return "; ".join(parts)
