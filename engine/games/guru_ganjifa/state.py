"""The state of a Guru Ganjifa game: hands, tricks, the lead, Denis, and the rules of a turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import Sequence

from ...cards import Card, format_cards
from ...decks import DASHAVATARA
from ...errors import GameNotOverError, IllegalMoveError
from ...families.tricks import SEAT_CHAR, SuitTracker
from ...protocol import Result, State
from ...shuffle import shuffled
from .moves import ADD, ADD_BY_INDEX as _ADD_BY_INDEX, ADD_INFO as _ADD_INFO, ADD_NOTE as _ADD_NOTE
from .moves import DENI, DOUBLE, LEAD, PASS, GGMove, LeadMoves as _LeadMoves, make_move as _move
from .records import COMBINED, DENI_TRICK, FINAL, HIGH, OPENING, GGRecord, card_name as _name, card_names as _names
from .strategy import move_priority as _move_priority

if TYPE_CHECKING:
    from .game import GuruGanjifa

_tuple_new = tuple.__new__
_card_of = itemgetter(1)  # of a (seat, card) pair in a trick

# (any compulsory card, any optional card, several cards) -> the clauses a lead of unbeatable cards cites
_LEAD_CLAUSES = {(c, o, m): ("gg.unbeatable",) + ("gg.compulsory",) * c + ("gg.optional",) * o + ("gg.combined",) * m
                 for c in (False, True) for o in (False, True) for m in (False, True)}

# what the players still owe the current trick
FREE, CALLED, SUIT = 0, 1, 2
_DOUBLE = ("gg.double",)
_MERGED: dict = {}  # (clauses of the last move, kind of trick) -> with the winning clauses added
_ADD_CLAUSE = {OPENING: ("gg.opening",), COMBINED: ("gg.combined",), FINAL: ("gg.combined",),
               DENI_TRICK: ("gg.follow",), HIGH: ("gg.follow",)}
_WIN_CLAUSE = {OPENING: ("gg.opening",), COMBINED: ("gg.combined",),
               FINAL: ("gg.combined", "gg.pass-lead", "gg.direction"),
               DENI_TRICK: ("gg.called",), HIGH: ("gg.no-unbeatable", "gg.trick")}



@dataclass(frozen=True)
class GGView:
    """What one player may see: own hand, face-up batch cards of others, shown Deni cards, played cards."""

    player: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    face_up: tuple[tuple[Card, ...], ...]  # others' face-up batch cards still in hand (own: ())
    exposed: tuple[tuple[Card, ...], ...]  # cards shown for a Deni, per seat
    played: tuple[Card, ...]  # every card played so far, in order
    trick: tuple[tuple[int, Card], ...]
    won: tuple[int, ...]
    leader: int
    current_player: int | None




@lru_cache(maxsize=None)
def _others(n: int) -> tuple[tuple[int, ...], ...]:
    """Per seat: the other seats in turn order, starting with the next."""
    return tuple(tuple((seat + i) % n for i in range(1, n)) for seat in range(n))




# GGState fields that are immutable values (or never mutated in place), shared by a copy
_SHARED = ("game", "n", "current_player", "leader", "stage", "face_up", "last_trick", "_trick_start", "_trick_prefix",
           "_trick_stage", "_kind", "_called", "_deni", "_doubled", "_cache_runs", "_others")


class GGState(State):
    """A game in progress. ``hands``, ``won``, ``exposed``, ``trick`` and ``leader`` describe the table."""

    # slots make the attribute reads of the hot paths cheaper (instances still have a __dict__)
    __slots__ = ("game", "history", "n", "current_player", "leader", "stage", "won", "out", "exposed",
                 "face_up", "trick", "last_trick", "_t", "_strength", "_owner", "_unplayed", "_unplayed_index",
                 "_own", "_hands", "_played_before", "_trick_start", "_trick_prefix", "_trick_stage", "_queue", "_kind", "_called",
                 "_deni", "_doubled", "_cache", "_cache_runs", "_others")

    def __init__(self, game: GuruGanjifa, hands: list[list[Card]], leader: int | None = None,
                 stage: str = OPENING):
        self.game = game
        self.history: list[GGRecord] = []
        n = self.n = game.players
        # who holds every unplayed card, suit by suit; the aliases keep the hot paths short
        t = self._t = SuitTracker(DASHAVATARA, game.ranking, hands)
        self._strength, self._owner, self._unplayed, self._own = t.strength, t.owner, t.unplayed, t.own
        self._unplayed_index = t.unplayed_index
        # per seat: card.index -> the move adding that card, suit by suit, strongest first
        hands_now = self._hands = [{} for _ in range(n)]
        owner = t.owner
        for indices in t.unplayed_index:
            for i in indices:
                hands_now[owner[i]][i] = _ADD_BY_INDEX[i]
        self.won: list[list[Card]] = [[] for _ in range(n)]
        self.out: list[Card] = []  # played before a hand-set position, won by nobody named
        self.exposed: list[list[Card]] = [[] for _ in range(n)]
        self.face_up: tuple[frozenset, ...] = (frozenset(),) * n
        self._played_before: list[Card] = []  # cards played before a hand-set position
        self.trick: list[tuple[int, Card]] = []
        self.last_trick: tuple[list[tuple[int, Card]], int] | None = None  # the last trick completed, and its winner
        self._trick_start = 0  # history index of the current trick's first move
        self._trick_prefix: tuple = ()  # (seat, move) of a hand-set position's trick so far
        self._queue: list[list] = []  # [seat, count, rule] still owed to the trick
        self._kind = None
        self._called: Card | None = None
        self._deni = None  # (giver, led, shown, called, holder, doubler card or None)
        self._doubled = False
        self._cache = ()  # the lead moves last listed for the current position
        self._cache_runs = None  # and the leader's unbeatable cards then
        self._others = _others(n)
        if leader is None:
            leader = self._owner[game.leading_raja.index]
        self.leader = leader
        self.stage = stage  # "opening", "start" (nothing led yet this turn) or "after"
        self._trick_stage = stage
        self.current_player: int | None = leader  # None when the game is over
        if not hands[leader]:
            self.current_player = None

    def _sort_key(self, card: Card):
        return (card.suit.number, -self._strength[card.index])

    # --- the protocol --------------------------------------------------------------
    @property
    def _current(self) -> int | None:
        """The older name of ``current_player``."""
        return self.current_player

    @_current.setter
    def _current(self, seat: int | None) -> None:
        self.current_player = seat

    @property
    def hands(self) -> list[list[Card]]:
        return [[m.cards[0] for m in h.values()] for h in self._hands]

    def is_terminal(self) -> bool:
        return self.current_player is None

    def legal_moves(self) -> list[GGMove]:
        seat = self.current_player
        if seat is None:
            return []
        if self._queue:
            _, _, rule = self._queue[0]
            hand = self._hands[seat]
            if rule == FREE:
                return list(hand.values())
            if rule == CALLED:
                moves = [_ADD_BY_INDEX[self._called.index]]
                if self._deni and self._deni[4] == seat and self._deni[5] is not None and self._deni[5].index in hand \
                        and self.game.double:
                    moves.append(_move(DOUBLE, (self._deni[5],)))
            else:
                suit = self._deni[2].suit
                moves = [m for m in hand.values() if m[1][0].suit is suit]
            self._cache = moves  # for apply(): these moves are legal
            return list(moves)  # a copy: a caller's edits must not reach the cache
        if self.stage == OPENING:
            self._cache = moves = [_move(LEAD, (self.game.leading_raja,))]
            return list(moves)
        leads = _LeadMoves(self, seat)
        self._cache, self._cache_runs = leads.all(), leads.runs  # for apply(): these moves are legal
        return list(self._cache)

    def legal_move_sequence(self) -> Sequence[GGMove]:
        """``legal_moves()`` as a read-only sequence that builds a leader's moves only when looked at.

        For :class:`~engine.bots.RandomBot`: a leader may have hundreds of combined leads. Valid
        until the next ``apply``.
        """
        queue = self._queue
        if queue and queue[0][2] == FREE:  # the common case first: a free add
            return list(self._hands[self.current_player].values())
        if queue or self.stage == OPENING or self.current_player is None:
            return self.legal_moves()
        leads = _LeadMoves(self, self.current_player)
        self._cache, self._cache_runs = leads.given, leads.runs  # for apply(): the moves given out are legal
        return leads

    def explain(self, move: GGMove | str) -> str:
        """Why ``move`` is legal or forced, with the clauses it would cite, or the IllegalMoveError message."""
        if isinstance(move, str):
            move = GGMove.parse(move)
        try:
            self.check(move)
        except IllegalMoveError as err:
            return str(err)
        forced = self.legal_moves() == [move]
        record = self.copy().apply(move)
        return f"{move} is {'forced' if forced else 'legal'} " + " ".join(f"[{c}]" for c in record.clauses)

    def check(self, move: GGMove | str) -> None:
        if isinstance(move, str):
            move = GGMove.parse(move)
        error = self._illegal(move)
        if error is not None:
            raise error

    def _illegal(self, move) -> IllegalMoveError | None:
        seat = self.current_player
        if not isinstance(move, GGMove):
            return IllegalMoveError(move, "gg.trick", "not a Guru Ganjifa move")
        if seat is None:
            return IllegalMoveError(move, "gg.winner", "the game is over")
        hand = self._hands[seat]
        who = f"Player {seat + 1}"
        for c in move.cards + ((move.shown,) if move.shown else ()):
            if c.index not in hand:
                clause = (self._add_clause()[0] if self._queue else
                          "gg.opening" if self.stage == OPENING else "gg.trick")
                return IllegalMoveError(move, clause, f"{who} does not hold the {_name(c)}")
        if self._queue:
            return self._illegal_follow(move, seat)
        if move.kind in (ADD, DOUBLE):
            return IllegalMoveError(move, "gg.trick", f"{who} has the lead: nothing to add to")
        if self.stage == OPENING:
            raja = self.game.leading_raja
            if move.kind != LEAD or move.cards != (raja,):
                return IllegalMoveError(move, "gg.opening", f"the game opens with the leading Raja, the {_name(raja)}")
            return None
        runs = self._t.runs(seat)
        unbeatable = {c for r in runs for c in r}
        compulsory = [c for r in runs for c in r[:-1]]
        if self.stage == "start" and compulsory and move.kind != LEAD:
            return IllegalMoveError(move, "gg.compulsory",
                                    f"{who} must first lead the compulsory unbeatable cards: {_names(compulsory)}")
        if move.kind == PASS:
            if self.stage == "start":
                return IllegalMoveError(move, "gg.no-unbeatable" if not runs else "gg.pass-lead",
                                        f"{who} has led nothing this turn and may not pass")
            if runs:
                return IllegalMoveError(move, "gg.pass-lead", f"{who} must first lead the unbeatable cards left: "
                                        f"{_names(self._sorted(unbeatable))}")
            return None
        if move.kind == DENI:
            return self._illegal_deni(move, seat)
        # a lead
        if self.stage == "after":
            if not runs:
                return IllegalMoveError(move, "gg.pass-lead", f"{who} has no unbeatable card left: give a Deni or pass")
            if set(move.cards) != unbeatable:
                return IllegalMoveError(move, "gg.pass-lead", f"without a Deni {who} leads every unbeatable card left, "
                                        f"{_names(self._sorted(unbeatable))}, and nothing else")
            return None
        if not runs:
            if len(move.cards) != 1:
                return IllegalMoveError(move, "gg.no-unbeatable", f"{who} has no unbeatable card and leads one card")
            card = move.cards[0]
            top = next(c for c in self._unplayed[card.suit.number] if self._owner[c.index] == seat)
            if top is not card:
                return IllegalMoveError(move, "gg.no-unbeatable", f"{who} must lead the highest {card.suit.name} "
                                        f"card held, the {_name(top)}")
            return None
        for c in move.cards:
            if c not in unbeatable:
                over = self._t.beater(c, seat)
                return IllegalMoveError(move, "gg.unbeatable", f"the {_name(c)} is not unbeatable: "
                                        f"the {_name(over)} is in another hand")
        missing = [c for c in compulsory if c not in move.cards]
        if missing:
            return IllegalMoveError(move, "gg.compulsory", "the lead must include every unbeatable card but the "
                                    f"lowest of each suit; missing: {_names(missing)}")
        return None

    def _illegal_deni(self, move: GGMove, seat: int) -> IllegalMoveError | None:
        led, shown = move.cards[0], move.shown
        if led.suit is not shown.suit or self._strength[led.index] >= self._strength[shown.index]:
            return IllegalMoveError(move, "gg.deni", "the led card must be a lower card of the shown card's suit")
        found = self._t.deni_candidate(shown.suit.number, seat)
        if found is None or found[1] is not shown:
            over = self._t.beater(shown, seat)
            why = ("it is already unbeatable" if over is None else
                   "more than one unplayed card above it is in other hands")
            return IllegalMoveError(move, "gg.deni", f"the {_name(shown)} cannot be shown for a Deni: {why}")
        return None

    def _illegal_follow(self, move: GGMove, seat: int) -> IllegalMoveError | None:
        _, count, rule = self._queue[0]
        who = f"Player {seat + 1}"
        if move.kind not in (ADD, DOUBLE):
            return IllegalMoveError(move, self._add_clause()[0], f"{who} must add to the trick")
        if move.kind == DOUBLE:
            if not self.game.double:
                return IllegalMoveError(move, "gg.double", "this table plays without doubling a Deni")
            if rule != CALLED or not self._deni or self._deni[4] != seat:
                return IllegalMoveError(move, "gg.double", "only the holder of a called Deni card may double")
            if move.cards[0] is not self._deni[5]:
                d = self._deni[5]
                return IllegalMoveError(move, "gg.double", "a Deni is doubled only with the card one rank below the "
                                        "shown card" + (f", the {_name(d)}" if d else " (it is gone)"))
            return None
        if len(move.cards) > count:
            return IllegalMoveError(move, self._add_clause()[0], f"{who} owes {count} card(s) to this trick")
        if rule == CALLED and move.cards[0] is not self._called:
            clause = "gg.called" if self._kind == DENI_TRICK else "gg.no-unbeatable"
            return IllegalMoveError(move, clause, f"{who} must play the {_name(self._called)}")
        if rule == SUIT:
            suit = self._deni[2].suit
            for c in move.cards:
                if c.suit is not suit:
                    return IllegalMoveError(move, "gg.double", f"the giver of a doubled Deni adds a {suit.name} card")
        return None

    def _add_clause(self):
        _, _, rule = self._queue[0]
        if rule == SUIT or self._doubled:
            return ("gg.double",)
        return _ADD_CLAUSE[self._kind]

    def apply(self, move: GGMove | str) -> GGRecord:
        seat = self.current_player
        queue = self._queue
        # fast path: a one-card add (an interned move) by a player free to add anything
        info = _ADD_INFO.get(id(move)) if queue and queue[0][2] == FREE else None
        if info is not None:
            card, idx, suit = info
            hand = self._hands[seat]
            if idx in hand:
                del hand[idx]
                self._owner[idx] = -1
                indices = self._unplayed_index[suit]
                i = indices.index(idx)
                del indices[i], self._unplayed[suit][i]
                own = self._own
                o = own[suit]
                own[suit] = o[:i] + o[i + 1:]
                self.trick.append((seat, card))
                if self.exposed[seat] and card in self.exposed[seat]:
                    self.exposed[seat].remove(card)
                clauses = _DOUBLE if self._doubled else _ADD_CLAUSE[self._kind]
                head = queue[0]
                head[1] -= 1
                if head[1] == 0:
                    del queue[0]
                    if not queue:
                        return self._end_trick(seat, move, clauses, _ADD_NOTE)
                    self.current_player = queue[0][0]
                record = _tuple_new(GGRecord, (seat, move, clauses, _ADD_NOTE, None))
                self.history.append(record)
                return record
        if isinstance(move, str):
            move = GGMove.parse(move)
            info = _ADD_INFO.get(id(move))
            if info is not None and queue and queue[0][2] == FREE and info[1] in self._hands[seat]:
                return self.apply(move)
        runs = None
        for m in self._cache:  # one of the moves legal_moves() just made: legal by construction
            if m is move:
                runs = self._cache_runs
                break
        else:
            error = self._illegal(move)
            if error is not None:
                raise error
        self._cache = ()
        if queue:
            return self._apply_follow(seat, move)
        kind = move[0]  # (kind, cards, shown): indexing is cheaper than the properties
        if kind == PASS:
            return self._pass_lead(seat, move)
        self._trick_stage = self.stage
        self._trick_start, self._trick_prefix = len(self.history), ()
        n = self.n
        others = self._others[seat]
        if self.stage == OPENING:
            self._kind = OPENING
            self._play(seat, move[1])
            if n == 3:
                self._queue = [[p, 2, FREE] for p in others] + [[seat, 1, FREE]]
            else:
                self._queue = [[p, 1, FREE] for p in others]
            note, clauses = ("open", self.game.time), ("gg.opening",)
        elif kind == DENI:
            led, shown = move.cards[0], move.shown
            called = self._unplayed[shown.suit.number][self._t.place(shown) - 1]
            holder = self._owner[called.index]
            below = self._t.below(shown)
            doubler = below if below is not None and self._owner[below.index] == holder else None
            self._deni = (seat, led, shown, called, holder, doubler)
            self._called = called
            self._kind = DENI_TRICK
            self._play(seat, move[1])
            self.exposed[seat].append(shown)
            self._queue = [[p, 1, CALLED if p == holder else FREE] for p in others]
            # the note also says who holds the doubling card (-1: played), for simulation statistics
            note, clauses = ("deni", called, holder, -1 if below is None else self._owner[below.index]), ("gg.deni",)
        else:
            cards = move[1]
            if runs is None:
                runs = self._t.runs(seat)
            self._play(seat, cards)
            if not runs:  # no unbeatable card: the highest of a suit
                suit_cards = self._unplayed[cards[0].suit.number]
                top = suit_cards[0]
                self._called, holder = top, self._owner[top.index]
                self._kind = HIGH
                self._queue = [[p, 1, CALLED if p == holder else FREE] for p in others]
                # the note also says how many cards the leader has left, for simulation statistics
                note, clauses = ("high", top, holder, len(self._hands[seat])), ("gg.no-unbeatable",)
            else:
                count = len(cards)
                self._queue = [[p, count, FREE] for p in others]
                if self.stage != "start":
                    self._kind = FINAL
                    note, clauses = ("final",), ("gg.unbeatable", "gg.pass-lead")
                else:
                    self._kind = COMBINED
                    compulsory = sum(map(len, runs)) - len(runs)  # all but the lowest of each suit
                    clauses = _LEAD_CLAUSES[compulsory > 0, count > compulsory, count > 1]
                    chosen, kept = [], []
                    owner = self._owner
                    for r in runs:  # the optional cards, the lowest of each run: led (played now) or kept back
                        low = r[-1]
                        (kept if owner[low.index] >= 0 else chosen).append(low)
                    note = ("lead", tuple(chosen), tuple(kept))
        self.current_player = self._queue[0][0]
        record = _tuple_new(GGRecord, (seat, move, clauses, note, None))
        self.history.append(record)
        return record

    apply_legal = apply  # apply() finds a listed move by identity first: checking it costs next to nothing

    def _apply_follow(self, seat: int, move: GGMove) -> GGRecord:
        queue = self._queue
        head = queue[0]
        if move.kind == DOUBLE:
            giver, _, shown, called, holder, doubler = self._deni
            self._play(seat, (called, doubler))
            self._doubled = True
            del queue[0]
            for entry in queue:  # players still to play their first card now owe two
                entry[1] += 1
            n = self.n
            queue.append([giver, 1, SUIT])
            p = (giver + 1) % n
            while p != holder:
                queue.append([p, 1, FREE])
                p = (p + 1) % n
            self.current_player = queue[0][0]
            record = _tuple_new(GGRecord, (seat, move, ("gg.double",), (DOUBLE, called, giver, shown.suit.name), None))
            self.history.append(record)
            return record
        rule = head[2]
        clauses = self._add_clause()
        self._play(seat, move[1])
        if rule == CALLED:
            clauses = ("gg.called",) if self._kind == DENI_TRICK else ("gg.no-unbeatable",)
            doubler = self._deni[5] if self._kind == DENI_TRICK else None
            note = ("called", doubler if doubler is not None and doubler.index in self._hands[seat] else None)
        elif rule == SUIT:
            note = ("suit", self._deni[2].suit.name)
        else:
            note = (ADD,)
        head[1] -= len(move.cards)
        if head[1] == 0:
            del queue[0]
            if not queue:
                return self._end_trick(seat, move, clauses, note)
        self.current_player = queue[0][0]
        record = _tuple_new(GGRecord, (seat, move, clauses, note, None))
        self.history.append(record)
        return record

    def _play(self, seat: int, cards: Sequence[Card]) -> None:
        """Move ``cards`` from ``seat``'s hand to the trick."""
        hand, owner, unplayed, own = self._hands[seat], self._owner, self._unplayed, self._own
        trick, exposed = self.trick, self.exposed[seat]
        for card in cards:
            idx = card.index
            del hand[idx]
            owner[idx] = -1  # SuitTracker.remove, inlined (it runs for every card played):
            s = card.suit.number
            indices = self._unplayed_index[s]
            i = indices.index(idx)
            del indices[i], unplayed[s][i]
            o = own[s]
            own[s] = o[:i] + o[i + 1:]
            trick.append((seat, card))
            if exposed and card in exposed:
                exposed.remove(card)

    def _end_trick(self, seat: int, move: GGMove, clauses, note) -> GGRecord:
        kind = self._kind
        n = self.n
        if kind == DENI_TRICK:
            winner = self._deni[4]
        elif kind == HIGH:
            winner = self._owner_of_called()
        else:
            winner = self.leader
        trick = self.trick
        cards = len(trick)
        self.won[winner].extend(map(_card_of, trick))
        self.last_trick = (trick, winner)
        self.trick = []
        self._queue = []
        self._called = None
        self._deni = None
        self._doubled = False
        merged = _MERGED.get((clauses, kind))
        if merged is None:
            merged = _MERGED[clauses, kind] = clauses + tuple(c for c in _WIN_CLAUSE[kind] if c not in clauses)
        clauses = merged
        if kind == FINAL:
            leader = (winner + 1) % n
            stage = "start"
        elif kind == COMBINED:
            leader, stage = winner, "after"
        else:
            leader, stage = winner, "start"
        self.leader = leader
        self.stage = self._trick_stage = stage
        over = not self._hands[leader]
        self.current_player = None if over else leader
        record = _tuple_new(GGRecord, (seat, move, clauses, note, (winner, cards, leader, kind, self.game.direction,
                                                                  over)))
        self.history.append(record)
        return record

    def _owner_of_called(self) -> int:
        called = self._called
        for p, c in self.trick:
            if c is called:
                return p
        raise AssertionError("the called card was not played")

    def _pass_lead(self, seat: int, move: GGMove) -> GGRecord:
        leader = (seat + 1) % self.n
        self.leader, self.stage, self._trick_stage = leader, "start", "start"
        self.current_player = leader
        note = (PASS, leader, self.game.direction)
        record = _tuple_new(GGRecord, (seat, move, ("gg.pass-lead", "gg.direction"), note, None))
        self.history.append(record)
        return record

    @property
    def players(self) -> int:
        return self.n

    def all_cards(self) -> list[Card]:
        """Every card in hands, won piles, the trick and the cards won by nobody (120 in every position)."""
        return [c for h in self.hands for c in h] + [c for w in self.won for c in w] + \
            [c for _, c in self.trick] + self.out

    def copy(self) -> "GGState":
        """An independent copy (history included), e.g. to try a move without playing it.

        Field by field: cards, moves, records and the definition are immutable and shared.
        """
        other = GGState.__new__(GGState)
        for name in _SHARED:
            setattr(other, name, getattr(self, name))
        other.history = list(self.history)
        other.won = [list(w) for w in self.won]
        other.out = list(self.out)
        other.exposed = [list(e) for e in self.exposed]
        other.trick = list(self.trick)
        t = other._t = self._t.copy()
        other._strength, other._owner, other._unplayed, other._own = t.strength, t.owner, t.unplayed, t.own
        other._unplayed_index = t.unplayed_index
        other._hands = [dict(h) for h in self._hands]
        other._played_before = list(self._played_before)
        other._queue = [list(q) for q in self._queue]
        other._cache = list(self._cache) if self._cache else ()
        return other

    def __repr__(self) -> str:
        return f"{self.game!r}.position({self.position()!r})"

    def result(self) -> Result:
        if self._current is not None:
            raise GameNotOverError("the game is not over yet", "gg.winner")
        scores = tuple(float(len(w)) for w in self.won)
        best = max(scores)
        winners = tuple(i for i, s in enumerate(scores) if s == best)
        reason = f"most cards won ({int(best)})"
        return Result(winners, scores, reason, "gg.winner")

    def view(self, player: int) -> GGView:
        if self.game.face_up_batches:
            face_up = tuple(() if p == player else tuple(c for c in h if c in self.face_up[p])
                            for p, h in enumerate(self.hands))
        else:
            face_up = tuple(() for _ in range(self.n))
        return GGView(player, tuple(self.hands[player]), tuple(len(h) for h in self._hands), face_up,
                      tuple(tuple(e) for e in self.exposed), tuple(self.played), tuple(self.trick),
                      tuple(len(w) for w in self.won), self.leader, self._current)

    def visible_cards(self, player: int) -> frozenset:
        """Others' face-up batch cards still in hand, and cards shown for a Deni."""
        out = set()
        for p, hand in enumerate(self.hands):
            if p != player:
                out.update(c for c in hand if c in self.face_up[p] or c in self.exposed[p])
        return frozenset(out)

    def sample_hidden(self, player: int, seed: int | str) -> "GGState":
        """A copy in which the cards hidden from ``player`` are dealt afresh among the other hands.

        Kept in place: ``player``'s hand, every hand's size, the cards ``player`` sees (face-up
        batch cards, cards shown for a Deni) and a called card its holder still owes the trick
        (the table was told who holds it). The others are pooled in deck order, shuffled with
        ``seed`` and dealt back, so the copy depends only on what ``player`` knows. Whether the
        called card's holder can double is worked out again for the new hands.
        """
        other = self.copy()
        pinned = {c.index for c in self.visible_cards(player)}
        queue = self._queue
        if self._called is not None and any(rule == CALLED for _, _, rule in queue):
            pinned.add(self._called.index)
        hands = self._hands
        seats = [p for p in range(self.n) if p != player]
        pool = sorted(i for p in seats for i in hands[p] if i not in pinned)
        dealt = shuffled(pool, seed)
        owner = other._owner
        at = 0
        for p in seats:
            k = sum(1 for i in hands[p] if i not in pinned)
            for i in dealt[at:at + k]:
                owner[i] = p
            at += k
        own = other._own
        new_hands = other._hands
        for p in seats:
            new_hands[p] = {}
        for s, indices in enumerate(other._unplayed_index):
            own[s] = "".join([SEAT_CHAR[owner[i]] for i in indices])
            for i in indices:
                p = owner[i]
                if p != player:
                    new_hands[p][i] = _ADD_BY_INDEX[i]
        if other._deni is not None and not other._doubled:
            giver, led, shown, called, holder, _ = other._deni
            below = other._t.below(shown)
            doubler = below if below is not None and owner[below.index] == holder else None
            other._deni = (giver, led, shown, called, holder, doubler)
        other._cache, other._cache_runs = (), None
        return other

    # --- helpers for people -------------------------------------------------------
    def is_forced(self, move: GGMove | str) -> bool:
        """True when ``move`` is the only choice; an add of several cards is forced when they are all the cards allowed."""
        if isinstance(move, str):
            move = GGMove.parse(move)
        legal = self.legal_moves()
        if move.kind == ADD and len(move.cards) > 1:
            return all(m.kind == ADD for m in legal) and {m.cards[0] for m in legal} == set(move.cards)
        return legal == [move]

    def unbeatable(self, player: int) -> list[Card]:
        """``player``'s unbeatable cards, suit by suit, strongest first."""
        return [c for r in self._t.runs(player) for c in r]

    def _sorted(self, cards) -> list[Card]:
        return sorted(cards, key=self._sort_key)

    move_priority = _move_priority  # the heuristic player's taste: strategy.py

    @property
    def played(self) -> list[Card]:
        """Every card played so far, in order."""
        out = list(self._played_before)
        for record in self.history:
            move = record[1]
            if move[0] == DOUBLE:
                out.append(record[3][1])  # the called card, played with the doubling card
            out.extend(move[1])
        return out

    def trick_moves(self) -> list[tuple[int, GGMove]]:
        """``(seat, move)`` for each move of the trick in progress."""
        if not self.trick:
            return []
        return list(self._trick_prefix) + [(r[0], r[1]) for r in self.history[self._trick_start:]]

    def position(self) -> str:
        """The position as text; ``GuruGanjifa.position(text)`` reads it back.

        ``P1=cards; ...; won=P1:n P2:n ...; exposed=P2:9Kr; face-up=P1:RRa; lead=P1; stage=start; trick=P1:lead RRa, P2:add 3Ma``
        Hands are listed as they are now; ``face-up`` lists the cards of the face-up packets still
        in hand (option ``face_up_batches``); ``trick`` lists the moves of the trick in progress
        (``stage`` is the leader's stage before it). Cards in no hand and no trick are played:
        the first ``won`` counts of them (deck order) are credited to the seats, the rest to nobody.
        """
        trick = self.trick_moves()
        parts = [f"P{i + 1}={format_cards(self._sorted(h))}" for i, h in enumerate(self.hands)]
        parts.append("won=" + " ".join(f"P{i + 1}:{len(w)}" for i, w in enumerate(self.won)))
        shown_now = trick[0][1].shown if trick else None  # the Deni trick in progress shows it already
        exposed = [[c for c in e if c is not shown_now] for e in self.exposed]
        face_up = [[c for c in self._sorted(h) if c in f] for h, f in zip(self.hands, self.face_up)]
        for key, per_seat in (("exposed", exposed), ("face-up", face_up)):
            if any(per_seat):
                parts.append(f"{key}=" + " ".join(f"P{i + 1}:{c}" for i, cards in enumerate(per_seat) for c in cards))
        if self._current is not None:
            parts.append(f"lead=P{self.leader + 1}")
            parts.append(f"stage={self._trick_stage}")
        if trick:
            parts.append("trick=" + ", ".join(f"P{p + 1}:{m}" for p, m in trick))
            if self._doubled:
                parts.append(f"called={self._deni[3]}")
        return "; ".join(parts)

    def __str__(self) -> str:
        lines = [f"Guru Ganjifa, {self.n} players; lead: Player {self.leader + 1} ({self.stage})"]
        for i, h in enumerate(self.hands):
            shown = f" shown: {format_cards(self.exposed[i])}" if self.exposed[i] else ""
            lines.append(f"P{i + 1} won {len(self.won[i]):3}  {format_cards(self._sorted(h))}{shown}")
        if self.trick:
            lines.append("trick: " + ", ".join(f"P{p + 1} {c}" for p, c in self.trick))
        return "\n".join(lines)
