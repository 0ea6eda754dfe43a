"""Kendra Kari: a shedding game of the Eights family for the Mughal deck, played round a ring.

Six ring positions (1..6) and a centre (Position 7). Each card played must share a suit or
a rank with the last card and goes to the next ring position; a card that also matches the
card opposite the last one may instead go to the centre and *build a bridge*, which clears
the table and lets the bridger start a new phase. Empty your hand to win.

>>> kk = KendraKari(players=4)
>>> state = kk.new_game(7)
>>> state.current_player, len(state.hands[0]), len(state.stock)
(0, 6, 71)
>>> KKMove.parse("7Sh *3Sh")
KKMove.parse('7Sh *3Sh')
>>> p = kk.position("ring=1:7Ta 2:- 3:- 4:9Ta 5:3Gh 6:- 7:9Gh; last=1; turn=P2; "
...                 "P1=RSh; P2=7Sh 3Ta 3Sh; P3=2Ba; P4=4Qi; stock=5")
>>> [str(m) for m in p.legal_moves()]
['7Sh', '3Ta', '*3Ta', '7Sh *3Sh', '3Ta *3Sh']
>>> print(p.apply(KKMove.parse("*3Ta")).narrate(["Asha", "Bela", "Chitra", "Dev"]))
Bela bridges with the 3 of Taj: it matches the 7 of Taj on Position 1 and the 9 of Taj
opposite on Position 4. The ring is cleared (5 cards leave the game) [kk.bridge] [kk.clear].

The moves live in :mod:`.kk_moves`, the records and their prose in :mod:`.kk_records`, and the
card and position tables in :mod:`.ring`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar

from ..cards import Card, format_cards
from ..decks import MUGHAL
from ..errors import IllegalMoveError, NotationError, OptionError
from ..protocol import Deal, Game, Result, State, default_names, option, split_notation
from ..shuffle import derive, shuffled
from .kk_moves import BRIDGE, BRIDGES, DRAW, DRAW_ONLY, OPEN, PLAY, PLAYS, TWO, KKMove, two
from .kk_records import (CL_BRIDGE, CL_DRAW, CL_DRAW_NB, CL_END, CL_FIRST, CL_MATCH, CL_OPEN, CL_OUT, CL_TWO,
                         CL_WRAP, KKRecord, card_name)
from .ring import CARDS, CENTRE, INDEX, MATCH, N_CARDS, NEXT, OPPOSITE

CLAUSES = MappingProxyType({
    "kk.players": "Three to six players",
    "kk.deal": "Six cards each, one to the centre, the rest is the stock",
    "kk.first": "The first card goes to Position 1 and matches the centre card",
    "kk.match": "Match the last card by suit or rank",
    "kk.next": "Play to the next ring position",
    "kk.must-play": "A player who can play must",
    "kk.draw": "Otherwise draw; a playable drawn card is played at once",
    "kk.drawn-no-bridge": "A drawn card never builds a bridge",
    "kk.bridge": "A bridge matches the last card and the card opposite it",
    "kk.opposite": "Opposite positions",
    "kk.two-card": "Two cards in one turn: a play, then a bridge",
    "kk.clear": "A bridge clears the table",
    "kk.new-phase": "The bridger starts a new phase",
    "kk.out": "An empty hand wins",
    "kk.stock-out": "When the stock runs out",
    "kk.direction": "Direction of play",
})

HAND_SIZE = 6
_new = tuple.__new__


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

    __slots__ = ("game", "seed", "history", "current_player", "_hands", "_piles", "_top", "_last",
                 "_stock", "_captured", "_legal", "_winners", "_chance", "_reshuffles", "_seat_after")

    def __init__(self, game: "KendraKari", hands, piles, last: int, stock, captured, turn: int | None,
                 seed: int | str | None, chance: int | str, winners: tuple[int, ...] = ()):
        """Build from card indexes; ``stock`` is top *last* here (popped from the end)."""
        self.game = game
        self.seed = seed
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
        self._chance = chance
        self._reshuffles = 0
        n = len(hands)
        self._seat_after = tuple((i + 1) % n for i in range(n))

    def copy(self) -> "KKState":
        """An independent copy (history included), e.g. to try a move without playing it."""
        other = KKState(self.game, [list(h) for h in self._hands], [list(p) for p in self._piles], self._last,
                        list(self._stock), list(self._captured), self.current_player, self.seed, self._chance,
                        self._winners)
        other.history = list(self.history)
        other._reshuffles = self._reshuffles
        return other

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
        moves = [KKMove._make(OPEN, c) for c in hand]
        for c in hand:
            mc = MATCH[c]
            moves += [KKMove._make(OPEN, c, d) for d in hand if d in mc]
        return moves

    def apply(self, move: KKMove | str) -> KKRecord:
        """Play ``move`` for the current player; return the record. Illegal moves raise IllegalMoveError."""
        legal = self._legal
        if legal is None:
            legal = self._moves()
        if move not in legal:
            if isinstance(move, str):
                return self.apply(KKMove.parse(move))
            self.check(move)
            raise AssertionError(f"{move} passed check but is not among the legal moves")  # pragma: no cover
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
                                         None, None, 0, False, 0, None))
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
                                         cleared, False, 0, None))
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
                                         cleared, False, 0, None))
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
                                         0, None))
            else:
                record = self._won(cp, move, CL_OPEN, None, positions, None, None, None, None, 0)
        self.history.append(record)
        return record

    def _won(self, cp, move, clauses, drawn, positions, after, after_pos, opposite, opposite_pos, cleared):
        self.current_player = None
        self._winners = (cp,)
        return _new(KKRecord, (cp, move, clauses + CL_OUT, drawn, positions, after, after_pos, opposite,
                               opposite_pos, cleared, True, 0, None))

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
        reshuffled, seed = 0, None
        if not stock:
            if self.game.stock_out != "reshuffle" or not self._captured:
                hands = self._hands
                fewest = min(map(len, hands))
                self._winners = tuple(i for i, h in enumerate(hands) if len(h) == fewest)
                self.current_player = None
                return _new(KKRecord, (cp, move, CL_END, None, (), None, None, None, None, 0, False, 0, None))
            self._reshuffles += 1
            seed = derive(self._chance, "reshuffle", self._reshuffles)
            stock = shuffled(self._captured, seed)
            stock.reverse()  # top first -> top last
            self._stock = stock
            self._captured = []
            reshuffled = len(stock)
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
        if reshuffled:
            clauses = CL_END + clauses
        self.current_player = self._seat_after[cp]
        return _new(KKRecord, (cp, move, clauses, CARDS[c], positions, after, after_pos, None, None, 0, False,
                               reshuffled, seed))

    # --- legality with reasons -------------------------------------------------------------
    def check(self, move: KKMove | str) -> None:
        """Raise IllegalMoveError naming the clause unless ``move`` is legal now."""
        if isinstance(move, str):
            move = KKMove.parse(move)
        cp = self.current_player
        if cp is None:
            raise IllegalMoveError(move, self.result().clause, "the game is over")
        who = f"Player {cp + 1}"
        hand = self._hands[cp]
        k = move._k
        if self._last < 0:
            if k != OPEN:
                raise IllegalMoveError(move, "kk.new-phase", f"{who} has just built a bridge and must now start a "
                                       "new phase: 'open' a card to Position 7")
            a, b = move._a, move._b
            for i in (a, b):
                if i >= 0 and i not in hand:
                    raise IllegalMoveError(move, "kk.new-phase", f"{who} does not hold the {card_name(CARDS[i])}")
            if b >= 0 and b not in MATCH[a]:
                raise IllegalMoveError(move, "kk.new-phase", f"the {card_name(CARDS[b])} shares neither suit nor rank "
                                       f"with the {card_name(CARDS[a])}, so it cannot go to Position 1")
            return
        if k == OPEN:
            raise IllegalMoveError(move, "kk.new-phase", "only a player who has just built a bridge opens a new phase")
        top = list(self._top)
        p = self._last
        if k == DRAW:
            moves = self._moves()
            if moves is not DRAW_ONLY:
                raise IllegalMoveError(move, "kk.must-play", f"{who} can play ({moves[0]}), so may not draw")
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
            raise ValueError("the game is not over yet")
        winners = self._winners
        n = len(self._hands)
        scores = tuple(1.0 / len(winners) if i in winners else 0.0 for i in range(n))
        if any(not h for h in self._hands):
            return Result(winners, scores, "no cards left in hand", "kk.out")
        fewest = len(self._hands[winners[0]])
        cards = "card" if fewest == 1 else "cards"
        return Result(winners, scores, f"the stock ran out, and nobody holds fewer cards ({fewest} {cards})",
                      "kk.stock-out")

    def view(self, player: int) -> KKView:
        return KKView(player, tuple(CARDS[c] for c in self._hands[player]), tuple(map(len, self._hands)),
                      self.ring_tops(), self.last_position, len(self._stock), len(self._captured),
                      self.current_player)

    def move_priority(self, move: KKMove) -> float:
        """How much a simple player likes ``move`` (higher is better), for the heuristic bot.

        Two-card turns, then bridges, then plays that keep cards of the same suit or rank in
        hand (so the next turn is likelier to have a play); drawing last.
        """
        k = move._k
        hand = self._hands[self.current_player] if self.current_player is not None else []
        if k == TWO:
            return 100.0
        if k == BRIDGE:
            return 90.0
        if k == DRAW:
            return 0.0
        if k == OPEN:
            rest = [c for c in hand if c != move._a and c != move._b]
            keep = sum(1 for c in rest if c in MATCH[move._b if move._b >= 0 else move._a])
            return 50.0 + (20.0 if move._b >= 0 else 0.0) + keep
        mc = MATCH[move._a]
        return 10.0 + sum(1 for c in hand if c in mc)

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
        turn = f"P{self.current_player + 1}" if self.current_player is not None else "-"
        hands = "; ".join(f"P{i + 1}={format_cards(CARDS[c] for c in h)}" for i, h in enumerate(self._hands))
        return f"ring={ring}; last={last}; turn={turn}; {hands}; stock={len(self._stock)}"

    def __str__(self) -> str:
        def cell(i: int) -> str:
            c = self._top[i]
            return f"{i + 1}:{CARDS[c] if c >= 0 else '-'}"

        if self.current_player is None:
            status = "game over: " + self.result().narrate(default_names(self.players))
        elif self._last < 0:
            status = f"Player {self.current_player + 1} to open a new phase"
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


# ------------------------------------------------------------------------------------- game
@dataclass(frozen=True)
class KendraKari(Game):
    """The Kendra Kari definition; its fields are the options.

    >>> [o.name for o in KendraKari.options()]
    ['players', 'direction', 'stock_out']
    """

    players: int = option(4, choices=range(3, 7), help="number of players, 3 to 6", clause="kk.players")
    direction: str = option("clockwise", choices=("clockwise", "anticlockwise"),
                            help="the direction of play (only the wording and pictures differ)", clause="kk.direction")
    stock_out: str = option("end", choices=("end", "reshuffle"),
                            help="when a player must draw from an empty stock: end the game (fewest cards wins), "
                                 "or shuffle the captured cards into a new stock", clause="kk.stock-out")

    name: ClassVar[str] = "kendra-kari"
    title: ClassVar[str] = "Kendra Kari"
    deck: ClassVar = MUGHAL
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    hand_size: ClassVar[int] = HAND_SIZE
    CLAUSES: ClassVar = CLAUSES

    def __post_init__(self) -> None:
        self.check_options()

    @property
    def dealer(self) -> int:
        """The dealer's seat: the last one, so that Player 1 (seat 0) starts."""
        return self.players - 1

    def parse_move(self, text: str) -> KKMove:
        return KKMove.parse(text)

    def _order(self, seed: int | str) -> list[int]:
        return shuffled(range(N_CARDS), seed)

    def deal(self, seed: int | str) -> Deal:
        """Shuffle with ``seed`` and deal: one card at a time round the table from Player 1, six each;
        the next card face up to Position 7 (``centre``); the rest is the stock, top first."""
        order = self._order(seed)
        n = self.players
        hands = tuple(tuple(CARDS[i] for i in order[s:HAND_SIZE * n:n]) for s in range(n))
        return Deal(hands, (("centre", (CARDS[order[HAND_SIZE * n]],)),
                            ("stock", tuple(CARDS[i] for i in order[HAND_SIZE * n + 1:]))))

    def new_game(self, deal: Deal | int | str) -> KKState:
        """A fresh game from a seed (the fast path) or an explicit :class:`Deal`."""
        n = self.players
        dealt = HAND_SIZE * n
        if isinstance(deal, Deal):
            hands, centre, stock = self._check_deal(deal)
            seed, chance = None, derive("explicit", str(deal))
        else:
            order = self._order(deal)
            hands = [order[s:dealt:n] for s in range(n)]
            centre = order[dealt]
            stock = order[:dealt:-1]
            seed = chance = deal
        piles = [[], [], [], [], [], [], [centre]]
        return KKState(self, hands, piles, CENTRE, stock, [], 0, seed, chance)

    def _check_deal(self, deal: Deal) -> tuple[list[list[int]], int, list[int]]:
        def bad(problem: str):
            err = OptionError(f"{self.title}: this deal does not fit the rules: {problem} (clause kk.deal)")
            err.clause = "kk.deal"
            return err

        if len(deal.hands) != self.players:
            raise bad(f"it has {len(deal.hands)} hands for {self.players} players")
        for i, h in enumerate(deal.hands):
            if len(h) != HAND_SIZE:
                raise bad(f"P{i + 1} holds {len(h)} cards, not {HAND_SIZE}")
        names = [name for name, _ in deal.piles]
        if sorted(names) != ["centre", "stock"]:
            raise bad(f"the piles must be 'centre' and 'stock', not {', '.join(names) or 'none'}")
        if len(deal.pile("centre")) != 1:
            raise bad("one card goes face up to Position 7 ('centre')")
        cards = deal.all_cards()
        if len(cards) != N_CARDS or set(cards) != set(CARDS):
            raise bad(f"it must hold each of the {N_CARDS} Mughal cards exactly once")
        hands = [[INDEX[c] for c in h] for h in deal.hands]
        stock = [INDEX[c] for c in reversed(deal.pile("stock"))]
        return hands, INDEX[deal.pile("centre")[0]], stock

    def position(self, text: str) -> KKState:
        """A hand-set position, e.g. for a worked example.

        ``ring=1:7Sh 2:7Ta 3:- 4:- 5:- 6:- 7:9Ta; last=2; turn=P3; P1=RSh 4Gh; P2=...; P3=...; stock=12``

        * ``ring``: the top card of each position 1..7 (``-`` for empty); ``7Sh+3`` means three
          cards lie under the 7Sh. Positions left out are empty.
        * ``last``: where the last card was played (1..7), or ``-`` just after a bridge (the ring is
          then empty and the player to move must open a new phase).
        * ``turn``: whose move it is (``P1``...), or ``-`` when the game is over.
        * ``P1``... one hand per player (``-`` for empty); their number sets the number of players.
        * ``stock``: a count, or the cards top first. Cards written as counts (stock, cards under
          ring tops) are the cards not named anywhere, taken in deck order; the rest have been
          captured by bridges. So every position holds all 96 cards.
        """
        hand_texts, fields = split_notation(
            text, "a position is written as 'key=value' parts separated by ';'", ("ring", "last", "turn", "stock"),
            "unknown part; a position has ring, last, turn, P1..Pn and stock")
        n = len(hand_texts)
        if not 3 <= n <= 6:
            raise NotationError(f"P{n}", "Kendra Kari needs 3 to 6 hands (clause kk.players)")
        game = self if n == self.players else dataclasses.replace(self, players=n)
        for key in ("last", "turn"):
            if key not in fields:
                raise NotationError(text, f"a position needs '{key}='")
        seen: set[int] = set()

        def take(token: str) -> int:
            card = INDEX.get(Card.parse(token))
            if card is None:
                raise NotationError(token, "Kendra Kari is played with the Mughal deck")
            if card in seen:
                raise NotationError(token, "this card appears twice in the position")
            seen.add(card)
            return card

        hands = [[take(t) for t in h.split()] if h != "-" else [] for h in hand_texts]
        tops: list[int] = [-1] * 7
        under = [0] * 7
        for token in fields.get("ring", "").split():
            pos, colon, card = token.partition(":")
            if not colon or pos not in ("1", "2", "3", "4", "5", "6", "7"):
                raise NotationError(token, "a ring entry is 'position:card' with a position 1..7, e.g. '3:7Sh'")
            i = int(pos) - 1
            if tops[i] != -1 or under[i]:
                raise NotationError(token, f"Position {pos} is given twice")
            card, plus, count = card.partition("+")
            if card != "-":
                tops[i] = take(card)
            if plus:
                if not count.isdigit() or card == "-":
                    raise NotationError(token, "write the cards under a top card as '+count', e.g. '3:7Sh+2'")
                under[i] = int(count)
        stock_text = fields.get("stock", "0")
        stock_count = None
        if stock_text.isdigit():
            stock_count = int(stock_text)
            stock: list[int] = []
        else:
            stock = [take(t) for t in stock_text.split()] if stock_text != "-" else []
        hidden = [c for c in range(N_CARDS) if c not in seen]
        need = (stock_count or 0) + sum(under)
        if need > len(hidden):
            raise NotationError(stock_text, f"only {len(hidden)} cards are left unnamed, but {need} are counted")
        if stock_count is not None:
            stock, hidden = hidden[:stock_count], hidden[stock_count:]
        piles = []
        for i in range(7):
            piles.append(hidden[:under[i]] + ([tops[i]] if tops[i] >= 0 else []))
            hidden = hidden[under[i]:]
        last_text, turn_text = fields["last"], fields["turn"]
        if last_text == "-":
            last = -1
            if any(piles):
                raise NotationError("last=-", "'last=-' means a bridge has just cleared the ring, but it holds cards")
        elif last_text in ("1", "2", "3", "4", "5", "6", "7"):
            last = int(last_text) - 1
            if tops[last] < 0:
                raise NotationError(f"last={last_text}", f"Position {last_text} is empty")
        else:
            raise NotationError(f"last={last_text}", "'last' is a position 1..7, or '-' just after a bridge")
        out = [i for i, h in enumerate(hands) if not h]
        if turn_text == "-":
            turn = None
            if len(out) > 1:
                raise NotationError(f"P{out[1] + 1}", "only one player can go out")
            if out:
                winners = tuple(out)
            else:
                fewest = min(map(len, hands))
                winners = tuple(i for i, h in enumerate(hands) if len(h) == fewest)
        else:
            if not (turn_text[:1] == "P" and turn_text[1:].isdigit() and 1 <= int(turn_text[1:]) <= n):
                raise NotationError(f"turn={turn_text}", f"'turn' is P1..P{n}, or '-' when the game is over")
            turn = int(turn_text[1:]) - 1
            winners = ()
            if out:
                raise NotationError(f"P{out[0] + 1}", "this player has no cards, so has won: write 'turn=-'")
            if last == -1 and not hands[turn]:
                raise NotationError(f"turn={turn_text}", "the player to open a new phase holds no cards")
        stock.reverse()  # top first -> top last
        state = KKState(game, hands, piles, last, stock, hidden, turn, None, 0, winners)
        state._chance = derive("explicit", state.position())
        return state


__all__ = ["KendraKari", "KKMove", "KKRecord", "KKState", "KKView", "CLAUSES"]
