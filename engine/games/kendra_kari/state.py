"""The state of a Kendra Kari game: the ring, the hands, the stock, and the rules of a turn."""

from __future__ import annotations

from dataclasses import dataclass


from ...cards import Card, format_cards
from ...errors import IllegalMoveError
from ...errors import GameNotOverError
from ...protocol import CHANCE, Game, Result, State, default_names
from ...shuffle import Rng, shuffled
from .moves import BRIDGE, BRIDGES, DRAW, DRAW_ONLY, OPEN, PLAY, PLAYS, TWO, KKMove, KKShuffle, two
from .records import (CL_BRIDGE, CL_DRAW, CL_DRAW_NB, CL_DRY, CL_END, CL_FIRST, CL_MATCH, CL_OPEN, CL_OUT, CL_TWO,
                      CL_WRAP, KKRecord, card_name)
from .ring import CARDS, CENTRE, MATCH, N_CARDS, NEXT, OPPOSITE
from .strategy import move_priority as _move_priority


_new = tuple.__new__
# the interned opening moves by card index (``open c`` and ``open c d`` at c * N_CARDS + d), filled as met
_OPEN1 = tuple(KKMove._make(OPEN, c) for c in range(N_CARDS))
_OPEN2: list[KKMove | None] = [None] * (N_CARDS * N_CARDS)


# ------------------------------------------------------------------------------------ views
@dataclass(frozen=True)
class KKView:
    """What one player may see: their own hand, the others' hand sizes, the table and the stock size."""

    player: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    ring_tops: tuple[Card | None, ...]
    last_position: int | None
    stock_size: int
    captured: int
    current_player: int | None




# ------------------------------------------------------------------------------------ state
class KKState(State):
    """A Kendra Kari game in progress. Make one with ``KendraKari.new_game`` or ``KendraKari.position``."""

    __slots__ = ("game", "history", "current_player", "_hands", "_piles", "_top", "_last",
                 "_stock", "_captured", "_legal", "_winners", "_waiting", "_seat_after")

    def __init__(self, game: Game, hands, piles, last: int, stock, captured, turn: int | None,
                 winners: tuple[int, ...] = ()):
        """Build from card indexes; ``stock`` is top *last* here (popped from the end)."""
        self.game = game
        self.history = []
        self.current_player = turn
        self._hands = hands
        self._piles = piles
        self._top = [p[-1] if p else -1 for p in piles]
        self._last = last
        self._stock = stock
        self._captured = captured
        self._legal = None
        self._winners = winners
        self._waiting = None  # the seat that must draw once chance has refilled the stock
        n = len(hands)
        self._seat_after = tuple((i + 1) % n for i in range(n))
        self._settle()

    def copy(self) -> "KKState":
        """An independent copy (history included), e.g. to try a move without playing it."""
        other = KKState(self.game, [list(h) for h in self._hands], [list(p) for p in self._piles], self._last,
                        list(self._stock), list(self._captured), self.current_player, self._winners)
        other.history = list(self.history)
        other._waiting = self._waiting
        other._legal = self._legal
        return other

    def _settle(self) -> None:
        """Chance acts when the player to move must draw from an empty stock that captured cards can refill
        (variant ``stock-out=reshuffle``): the player waits while chance shuffles them."""
        seat = self.current_player
        if seat is None or seat == CHANCE or self._stock or self.game.stock_out != "reshuffle" or not self._captured:
            return
        self._legal = None
        if self._moves() is DRAW_ONLY:
            self._waiting = seat
            self.current_player = CHANCE
            self._legal = ()

    def chance_outcome(self, rng: Rng) -> KKShuffle:
        """Chance's move: the captured cards in an order drawn from chance's stream (the new stock, top first)."""
        if self.current_player != CHANCE:
            return super().chance_outcome(rng)
        return KKShuffle(tuple(CARDS[c] for c in rng.shuffled(self._captured)))

    def _reshuffle(self, move) -> KKRecord:
        self.check(move)
        self._stock = [CARDS.index(c) for c in reversed(move.cards)]  # top first -> top last
        self._captured = []
        self.current_player, self._waiting = self._waiting, None
        self._legal = None
        record = _new(KKRecord, (CHANCE, move, CL_END, None, (), None, None, None, None, 0, False, len(move.cards)))
        self.history.append(record)
        return record

    # --- the protocol, hot path first ---------------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player is None

    def legal_moves(self) -> list[KKMove]:
        """The legal moves: plays, bridges, two-card turns (in hand order), or ``draw``; or the openings."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._moves()
        return list(legal)

    def _moves(self) -> tuple[KKMove, ...] | list[KKMove]:
        cp = self.current_player
        if cp is None:
            return ()
        hand = self._hands[cp]
        p = self._last
        if p < 0:
            return self._openings(hand)
        top = self._top
        ml = MATCH[top[p]]
        plays = [c for c in hand if c in ml]
        if not plays:
            return DRAW_ONLY
        moves = [PLAYS[c] for c in plays]
        if p != CENTRE:
            o = top[OPPOSITE[p]]
            if o >= 0:
                mo = MATCH[o]
                moves += [BRIDGES[c] for c in plays if c in mo]
        o = top[OPPOSITE[NEXT[p]]]
        if o >= 0:
            mo = MATCH[o]
            for c in plays:
                mc = MATCH[c]
                for d in hand:
                    if d in mc and d in mo:
                        moves.append(two(c, d))
        return moves

    @staticmethod
    def _openings(hand: list[int]) -> list[KKMove]:
        moves = [_OPEN1[c] for c in hand]
        for c in hand:
            mc = MATCH[c]
            for d in hand:
                if d in mc:
                    move = _OPEN2[c * N_CARDS + d]
                    if move is None:
                        move = _OPEN2[c * N_CARDS + d] = KKMove._make(OPEN, c, d)
                    moves.append(move)
        return moves

    def apply(self, move: KKMove | str) -> KKRecord:
        """Play ``move`` for the current player; return the record. Illegal moves raise IllegalMoveError."""
        legal = self._legal
        if legal is None:
            legal = self._moves()
        if move not in legal:
            if isinstance(move, str):
                return self.apply(self.game.parse_move(move))
            if self.current_player == CHANCE:
                return self._reshuffle(move)
            self.check(move)
            raise AssertionError(f"{move} passed check but is not among the legal moves")  # pragma: no cover
        return self.apply_legal(move)

    def apply_legal(self, move: KKMove) -> KKRecord:
        """:meth:`apply` for a move known to be legal (one of ``legal_move_sequence()``): no check."""
        self._legal = None
        cp = self.current_player
        hand = self._hands[cp]
        top = self._top
        k = move._k
        if k == PLAY:
            c = move._a
            hand.remove(c)
            p = self._last
            n = NEXT[p]
            self._piles[n].append(c)
            top[n] = c
            self._last = n
            clauses = CL_FIRST if p == CENTRE else CL_WRAP if n == 0 else CL_MATCH
            if hand:
                self.current_player = self._seat_after[cp]
                record = _new(KKRecord, (cp, move, clauses, None, (n + 1,), CARDS[top[p]], p + 1,
                                         None, None, 0, False, 0))
            else:
                record = self._won(cp, move, clauses, None, (n + 1,), CARDS[top[p]], p + 1, None, None, 0)
        elif k == DRAW:
            record = self._draw(cp, move, hand, top)
        elif k == BRIDGE:
            c = move._a
            hand.remove(c)
            p = self._last
            o = OPPOSITE[p]
            after, opposite = CARDS[top[p]], CARDS[top[o]]
            cleared = self._clear(c)
            self._last = -1
            if hand:
                record = _new(KKRecord, (cp, move, CL_BRIDGE, None, (7,), after, p + 1, opposite, o + 1,
                                         cleared, False, 0))
            else:
                record = self._won(cp, move, CL_BRIDGE, None, (7,), after, p + 1, opposite, o + 1, cleared)
        elif k == TWO:
            c, d = move._a, move._b
            hand.remove(c)
            hand.remove(d)
            p = self._last
            n = NEXT[p]
            self._piles[n].append(c)
            top[n] = c
            o = OPPOSITE[n]
            after, opposite = CARDS[top[p]], CARDS[top[o]]
            cleared = self._clear(d)
            self._last = -1
            if hand:
                record = _new(KKRecord, (cp, move, CL_TWO, None, (n + 1, 7), after, p + 1, opposite, o + 1,
                                         cleared, False, 0))
            else:
                record = self._won(cp, move, CL_TWO, None, (n + 1, 7), after, p + 1, opposite, o + 1, cleared)
        else:  # open a new phase
            c, d = move._a, move._b
            hand.remove(c)
            self._piles[CENTRE].append(c)
            top[CENTRE] = c
            self._last = CENTRE
            positions = (7,)
            if d >= 0:
                hand.remove(d)
                self._piles[0].append(d)
                top[0] = d
                self._last = 0
                positions = (7, 1)
            if hand:
                self.current_player = self._seat_after[cp]
                record = _new(KKRecord, (cp, move, CL_OPEN, None, positions, None, None, None, None, 0, False,
                                         0))
            else:
                record = self._won(cp, move, CL_OPEN, None, positions, None, None, None, None, 0)
        self.history.append(record)
        if not self._stock:
            self._settle()
        return record

    def _won(self, cp, move, clauses, drawn, positions, after, after_pos, opposite, opposite_pos, cleared):
        self.current_player = None
        self._winners = (cp,)
        return _new(KKRecord, (cp, move, clauses + CL_OUT, drawn, positions, after, after_pos, opposite,
                               opposite_pos, cleared, True, 0))

    def _clear(self, bridge: int) -> int:
        """Take every card on the table and the bridge card out of the game; return how many."""
        captured = self._captured
        count = 1
        for pile in self._piles:
            count += len(pile)
            captured += pile
        captured.append(bridge)
        self._piles = [[], [], [], [], [], [], []]
        self._top = [-1, -1, -1, -1, -1, -1, -1]
        return count

    def _draw(self, cp: int, move: KKMove, hand: list[int], top: list[int]) -> KKRecord:
        stock = self._stock
        if not stock:  # (with stock-out=reshuffle and captured cards, chance has refilled it first)
            hands = self._hands
            fewest = min(map(len, hands))
            self._winners = tuple(i for i, h in enumerate(hands) if len(h) == fewest)
            self.current_player = None
            return _new(KKRecord, (cp, move, CL_END, None, (), None, None, None, None, 0, False, 0))
        c = stock.pop()
        p = self._last
        clauses = CL_DRAW
        if c in MATCH[top[p]]:
            n = NEXT[p]
            # would it have built a bridge, alone or as the first card of a two-card turn?
            if p != CENTRE and top[OPPOSITE[p]] >= 0 and c in MATCH[top[OPPOSITE[p]]]:
                clauses = CL_DRAW_NB
            elif top[OPPOSITE[n]] >= 0:
                mc, mo = MATCH[c], MATCH[top[OPPOSITE[n]]]
                if any(d in mc and d in mo for d in hand):
                    clauses = CL_DRAW_NB
            self._piles[n].append(c)
            top[n] = c
            self._last = n
            positions = (n + 1,)
            after, after_pos = CARDS[top[p]], p + 1
        else:
            hand.append(c)
            positions, after, after_pos = (), None, None
            if self._dry_round():
                clauses = CL_DRY
        self.current_player = self._seat_after[cp]
        return _new(KKRecord, (cp, move, clauses, CARDS[c], positions, after, after_pos, None, None, 0, False, 0))

    def _dry_round(self) -> bool:
        """Whether the draw being made (a card that does not fit) completes a whole round in which nobody
        could play: the previous players all drew and kept their cards, and the turn before them was not
        such a draw (so a long dry spell counts once). For simulation statistics (event ``dry-round``)."""
        n = len(self._hands)
        history = self.history
        if len(history) < n - 1:
            return False
        for r in history[len(history) - n + 1:]:
            if r[4] or (r[2] is not CL_DRAW and r[2] is not CL_DRY):
                return False
        if len(history) >= n:
            r = history[-n]
            if not r[4] and (r[2] is CL_DRAW or r[2] is CL_DRY):
                return False
        return True

    # --- legality with reasons -------------------------------------------------------------
    def check(self, move: KKMove | str) -> None:
        """Raise IllegalMoveError naming the clause unless ``move`` is legal now."""
        if isinstance(move, str):
            move = self.game.parse_move(move)
        cp = self.current_player
        if cp is None:
            raise IllegalMoveError(move, self.result().clause, "the game is over")
        if cp == CHANCE:
            if not isinstance(move, KKShuffle):
                raise IllegalMoveError(move, "kk.stock-out", "the stock is empty: the captured cards are shuffled "
                                       "into a new stock before anyone moves")
            if sorted(CARDS.index(c) for c in move.cards) != sorted(self._captured):
                raise IllegalMoveError(move, "kk.stock-out", "the new stock is exactly the cards taken out by bridges")
            return
        if isinstance(move, KKShuffle):
            raise IllegalMoveError(move, "kk.stock-out", "the stock is shuffled only when it is empty and a player "
                                   "must draw (variant stock-out=reshuffle)")
        who = f"Player {cp + 1}"
        hand = self._hands[cp]
        k = move._k
        if self._last < 0:
            if k != OPEN:
                raise IllegalMoveError(move, "kk.new-phase", f"{who} has just built a bridge and must now start a "
                                       "fresh ring: 'open' a card to Position 7")
            a, b = move._a, move._b
            for i in (a, b):
                if i >= 0 and i not in hand:
                    raise IllegalMoveError(move, "kk.new-phase", f"{who} does not hold the {card_name(CARDS[i])}")
            if b >= 0 and b not in MATCH[a]:
                raise IllegalMoveError(move, "kk.new-phase", f"the {card_name(CARDS[b])} shares neither suit nor rank "
                                       f"with the {card_name(CARDS[a])}, so it cannot go to Position 1")
            return
        if k == OPEN:
            raise IllegalMoveError(move, "kk.new-phase", "only a player who has just built a bridge starts a fresh ring")
        top = list(self._top)
        p = self._last
        if k == DRAW:
            moves = self._moves()
            if moves is not DRAW_ONLY:
                raise IllegalMoveError(move, "kk.must-play", f"{who} can play the {card_name(CARDS[moves[0]._a])}, "
                                       "so may not draw")
            return
        if k == BRIDGE:
            self._check_bridge(move, move._a, p, top, hand, who)
            return
        self._check_play(move, move._a, p, top, hand, who)
        if k == TWO:
            if move._b == move._a:
                raise IllegalMoveError(move, "kk.two-card", "a two-card turn uses two different cards")
            n = NEXT[p]
            top[n] = move._a
            self._check_bridge(move, move._b, n, top, hand, who)

    @staticmethod
    def _check_play(move, c, p, top, hand, who):
        if c not in hand:
            raise IllegalMoveError(move, "kk.match", f"{who} does not hold the {card_name(CARDS[c])}")
        if c not in MATCH[top[p]]:
            clause = "kk.first" if p == CENTRE else "kk.match"
            raise IllegalMoveError(move, clause, f"the {card_name(CARDS[c])} shares neither suit nor rank with the "
                                   f"{card_name(CARDS[top[p]])} on Position {p + 1}, the last card played")

    @staticmethod
    def _check_bridge(move, c, p, top, hand, who):
        if c not in hand:
            raise IllegalMoveError(move, "kk.bridge", f"{who} does not hold the {card_name(CARDS[c])}")
        if p == CENTRE:
            raise IllegalMoveError(move, "kk.opposite", "the last card is on Position 7, which has no opposite "
                                   "position, so no bridge can be built now")
        o = OPPOSITE[p]
        if top[o] < 0:
            raise IllegalMoveError(move, "kk.opposite", f"Position {o + 1}, opposite the last card on Position "
                                   f"{p + 1}, is empty, so there is nothing to bridge to")
        for pos, what in ((p, "the last card played"), (o, "the card opposite it")):
            if c not in MATCH[top[pos]]:
                raise IllegalMoveError(move, "kk.bridge", f"the {card_name(CARDS[c])} shares neither suit nor "
                                       f"rank with the {card_name(CARDS[top[pos]])} on Position {pos + 1}, {what}")

    # --- results and views -------------------------------------------------------------------
    def result(self) -> Result:
        if self.current_player is not None:
            raise GameNotOverError("the game is not over yet", "kk.out")
        winners = self._winners
        n = len(self._hands)
        scores = tuple(1.0 / len(winners) if i in winners else 0.0 for i in range(n))
        if any(not h for h in self._hands):
            return Result(winners, scores, "no cards left in hand", "kk.out")
        fewest = len(self._hands[winners[0]])
        cards = "card" if fewest == 1 else "cards"
        return Result(winners, scores, f"the stock ran out, and {fewest} {cards} is the fewest any hand holds",
                      "kk.stock-out")

    def view(self, player: int) -> KKView:
        return KKView(player, tuple(CARDS[c] for c in self._hands[player]), tuple(map(len, self._hands)),
                      self.ring_tops(), self.last_position, len(self._stock), len(self._captured),
                      self.current_player)

    def sample_hidden(self, player: int, seed: int | str) -> "KKState":
        """A copy in which the other hands and the stock are dealt afresh from their pooled cards.

        Everything on the table (the ring, the captured cards), ``player``'s hand and every hand's
        and the stock's size stay; the pool is taken in deck order and shuffled with ``seed``, so
        the copy depends only on what ``player`` knows.
        """
        other = self.copy()
        hands = other._hands
        seats = [p for p in range(len(hands)) if p != player]
        dealt = shuffled(sorted([c for p in seats for c in hands[p]] + other._stock), seed)
        at = 0
        for p in seats:
            k = len(hands[p])
            hands[p] = dealt[at:at + k]
            at += k
        other._stock = dealt[at:]
        if other.current_player != CHANCE:
            other._legal = None  # the player to move may be another seat, whose hand changed
        return other

    move_priority = _move_priority  # the heuristic player's taste: strategy.py

    def legal_move_sequence(self):
        """``legal_moves()`` for the random player: the same moves, not copied (read-only, valid until
        the next ``apply``)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._moves()
        return legal

    # --- the table as values -----------------------------------------------------------------
    @property
    def hands(self) -> list[list[Card]]:
        return [[CARDS[c] for c in h] for h in self._hands]

    @property
    def stock(self) -> list[Card]:
        """The stock, top card first."""
        return [CARDS[c] for c in reversed(self._stock)]

    @property
    def captured(self) -> list[Card]:
        """Cards taken out of the game by bridges, in the order they left."""
        return [CARDS[c] for c in self._captured]

    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """The seven piles (Positions 1..7), each bottom first; only the top card counts."""
        return tuple(tuple(CARDS[c] for c in p) for p in self._piles)

    def ring_tops(self) -> tuple[Card | None, ...]:
        return tuple(CARDS[c] if c >= 0 else None for c in self._top)

    @property
    def last_position(self) -> int | None:
        """Where the last card was played (1..7), or None right after a bridge."""
        return self._last + 1 if self._last >= 0 else None

    @property
    def next_position(self) -> int | None:
        """Where the next ordinary play goes (1..6), or None right after a bridge."""
        return NEXT[self._last] + 1 if self._last >= 0 else None

    @property
    def players(self) -> int:
        return len(self._hands)

    def all_cards(self) -> list[Card]:
        """Every card in hands, piles, stock and captured (96 in a full game)."""
        out = [c for h in self._hands for c in h] + [c for p in self._piles for c in p]
        return [CARDS[c] for c in out + self._stock + self._captured]

    def position(self) -> str:
        """This position in text (see :meth:`KendraKari.position`). Hidden cards are written as counts."""
        ring = " ".join(
            f"{i + 1}:" + (str(CARDS[p[-1]]) + (f"+{len(p) - 1}" if len(p) > 1 else "") if p else "-")
            for i, p in enumerate(self._piles))
        last = str(self._last + 1) if self._last >= 0 else "-"
        seat = self._waiting if self.current_player == CHANCE else self.current_player
        turn = f"P{seat + 1}" if seat is not None else "-"
        hands = "; ".join(f"P{i + 1}={format_cards(CARDS[c] for c in h)}" for i, h in enumerate(self._hands))
        return f"ring={ring}; last={last}; turn={turn}; {hands}; stock={len(self._stock)}"

    def __str__(self) -> str:
        def cell(i: int) -> str:
            c = self._top[i]
            return f"{i + 1}:{CARDS[c] if c >= 0 else '-'}"

        if self.current_player is None:
            status = "game over: " + self.result().narrate(default_names(self.players))
        elif self.current_player == CHANCE:
            status = f"the stock is empty: chance shuffles the captured cards before Player {self._waiting + 1} draws"
        elif self._last < 0:
            status = f"Player {self.current_player + 1} to start a fresh ring"
        else:
            status = f"Player {self.current_player + 1} to play to Position {self.next_position}"
        lines = [f"Kendra Kari, {self.players} players; {status}",
                 "ring:   " + " ".join(cell(i) for i in range(6)) + "   centre " + cell(CENTRE)
                 + (f"   (last: Position {self.last_position})" if self._last >= 0 else "")]
        for i, h in enumerate(self._hands):
            lines.append(f"P{i + 1}:     {format_cards(CARDS[c] for c in h)}")
        lines.append(f"stock:  {len(self._stock)} cards; {len(self._captured)} captured")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"{self.game!r}.position({self.position()!r})"
