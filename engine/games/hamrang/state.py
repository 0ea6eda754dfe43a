"""The state of a Hamrang game: the draw for the dealer, hands suit by suit, the trick, who is still in."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from math import floor
from operator import attrgetter, itemgetter, not_
from typing import Sequence

from ...cards import Card, format_cards
from ...decks import MUGHAL, Ranking
from ...errors import GameNotOverError, IllegalMoveError
from ...protocol import CHANCE, Game, Result, State
from .moves import PAIR, HRDraw, HRMove, pair
from .ranks import _COURTS, _SIZE, N, PLACED, STRENGTH, WEAK
from .hidden import redealt
from .records import FOLLOWED, LED, OPENED, HRRecord, card_name, join, rank_name
from .strategy import move_priority as _move_priority


_new = tuple.__new__

CL_OPEN, CL_OPEN_SUB = ("hr.opening",), ("hr.opening",)  # (the opening clause says what a lone Raja goes with)
CL_LEAD, CL_LEAD_SUB = ("hr.lead",), ("hr.lead",)  # (the lead clause says what a lone court card goes with)
CL_FOLLOW, CL_SHORT, CL_VOID = ("hr.follow",), ("hr.follow", "hr.substitute"), ("hr.substitute",)
CL_DRAW = ("hr.draw", "hr.players", "hr.deal")
# the note of a follower holding two or more cards of the suit led, per suit (shared: no allocation)
_FOLLOW_NOTES = tuple((FOLLOWED, 2, suit.name, "", "") for suit in MUGHAL.suits)
CL_DRAW_OUT = ("hr.draw", "hr.players", "hr.deal", "hr.out")


def _reversed_numerals(hand, move) -> bool:
    """Whether ``move`` plays a numeral of a weak suit chosen among two or more numerals of that suit in
    ``hand`` (before the move): where the traditional rank order decides which is the highest or lowest."""
    for c in move.cards:
        if c.rank <= 10 and WEAK[c.suit.number] and sum(1 for d in hand[c.suit.number] if d.rank <= 10) >= 2:
            return True
    return False
_SEATS = tuple(range(N))
_FROM = tuple(tuple((first + k) % N for k in range(N)) for first in range(N))  # the seats in turn from ``first``
_rank = attrgetter("rank")
_AFTER = tuple(tuple((seat + k) % N for k in range(1, N)) for seat in range(N))  # the others, in turn
_card_of = itemgetter(1)  # of a (seat, card) pair in a trick
_END: dict = {}  # (clauses, out, passed, over) -> clauses with the trick's ending added


def _ended(clauses, out: bool, passed: bool, over: bool):
    key = (clauses, out, passed, over)
    found = _END.get(key)
    if found is None:
        found = _END[key] = clauses + ("hr.trick",) + (("hr.out",) if out else ()) + \
            (("hr.pass-lead",) if passed else ()) + (("hr.end",) if over else ())
    return found


@dataclass(frozen=True)
class HRView:
    """What one player may see: the own hand, how many cards each holds, who is still in, the
    trick on the table, the cards played so far and the tricks won."""

    player: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    still_in: tuple[bool, ...]
    trick: tuple[tuple[int, Card], ...]
    played: tuple[Card, ...]
    tricks: tuple[int, ...]
    dealer: int | None
    current_player: int | None


_SHARED = ("game", "current_player", "_strength", "_traditional", "_leader", "_lead_suit", "_opening", "_dealer", "last_trick",
           "_drawing", "_trick_leader", "_opener")


class HRState(State):
    """A game in progress. ``hands``, ``trick``, ``tricks``, ``still_in`` and ``leader`` describe the table."""

    __slots__ = ("game", "history", "current_player", "_hands", "_strength", "_traditional", "_courts", "_active", "_tricks", "_won",
                 "trick", "_plays", "_to_play", "_leader", "_lead_suit", "_opening", "_dealer", "last_trick",
                 "_drawing", "_cache", "_trick_leader", "out", "_opener")

    def __init__(self, game: Game, hands, *, drawing: bool = False):
        self.game = game
        self.history: list[HRRecord] = []
        strength = self._strength = STRENGTH[game.ranking]
        self._traditional = game.ranking is Ranking.TRADITIONAL
        self._hands = filled = [[[], [], [], [], [], [], [], []] for _ in hands]  # a list per suit (SUITS)
        owner = [-1] * _SIZE
        for seat, hand in enumerate(hands):
            for card in hand:
                owner[card.index] = seat
        for i, s, card in PLACED[game.ranking]:
            seat = owner[i]
            if seat >= 0:
                filled[seat][s].append(card)
        self._courts = courts = [0] * len(hands)
        for i in _COURTS:
            if owner[i] >= 0:
                courts[owner[i]] += 1
        self._active = [c > 0 for c in self._courts]
        self._tricks = [0] * N
        self._won: list[list[Card]] = [[] for _ in range(N)]
        self.out: list[Card] = []  # played before a hand-set position, in nobody's tricks
        self.trick: list[tuple[int, Card]] = []
        self._plays: list[tuple[int, HRMove]] = []
        self._to_play: list[int] = []
        self._lead_suit = -1
        self._trick_leader = -1
        self._dealer: int | None = None
        self.last_trick = None
        self._cache = None
        raja = game.leading_raja
        self._opening = any(raja in h[raja.suit.number] for h in self._hands)
        self._leader = next((p for p in range(N) if raja in self._hands[p][raja.suit.number]), 0)
        self._drawing = drawing
        self._opener = self._leader if self._opening else -1
        self.current_player = CHANCE if drawing else self._leader

    # --- reading the table -----------------------------------------------------------
    @property
    def players(self) -> int:
        return N

    @property
    def hands(self) -> list[list[Card]]:
        return [[c for cards in h for c in cards] for h in self._hands]

    @property
    def tricks(self) -> tuple[int, ...]:
        return tuple(self._tricks)

    @property
    def still_in(self) -> tuple[bool, ...]:
        return tuple(self._active)

    @property
    def leader(self) -> int:
        return self._leader

    @property
    def dealer(self) -> int | None:
        return self._dealer

    @property
    def won(self) -> list[list[Card]]:
        return [list(w) for w in self._won]

    def strength(self, card: Card) -> int:
        return self._strength[card.index]

    def courts(self, seat: int) -> int:
        return self._courts[seat]

    def suit_cards(self, seat: int, suit) -> list[Card]:
        """``seat``'s cards of ``suit`` (a Suit or its number), highest first."""
        return list(self._hands[seat][suit if isinstance(suit, int) else suit.number])

    def all_cards(self) -> list[Card]:
        return [c for h in self._hands for cards in h for c in cards] + [c for w in self._won for c in w] + \
            [c for _, c in self.trick] + self.out

    def trick_moves(self) -> list[tuple[int, HRMove]]:
        return list(self._plays)

    @property
    def played(self) -> list[Card]:
        """Every card played so far (the cards in no hand), in the order of the tricks."""
        return [c for w in self._won for c in w] + [c for _, c in self.trick]

    # --- the protocol ----------------------------------------------------------------
    def legal_moves(self) -> list:
        if self.current_player is None or self.current_player == CHANCE:
            return []
        return list(self._legal())

    def legal_move_sequence(self):
        seat = self.current_player
        if seat is None or seat == CHANCE:
            return []
        return self._legal()

    def _legal(self) -> list[HRMove]:
        moves = self._cache
        if moves is not None:
            return moves
        hand = self._hands[self.current_player]
        if not self._plays:  # a lead
            if self._opening:
                s = self.game.leading_raja.suit.number
                own = hand[s]
                row = PAIR[own[0].index]
                if len(own) >= 2:
                    moves = [row[own[-1].index]]
                    if self.game.opener_substitute == "any-time":
                        moves += [row[h[-1].index] for t, h in enumerate(hand) if t != s and h]
                else:
                    moves = [row[h[-1].index] for t, h in enumerate(hand) if t != s and h]
            else:
                moves = []
                for s, own in enumerate(hand):
                    if own and own[0].rank >= 11:
                        row = PAIR[own[0].index]
                        if len(own) >= 2:
                            moves.append(row[own[-1].index])
                        else:
                            moves += [row[h[-1].index] for t, h in enumerate(hand) if t != s and h]
        else:
            s = self._lead_suit
            own = hand[s]
            if len(own) >= 2:
                moves = [PAIR[own[0].index][own[-1].index]]
            else:
                ends = []
                for t, h in enumerate(hand):
                    if t != s and h:
                        ends.append(h[0].index)
                        if len(h) > 1:
                            ends.append(h[-1].index)
                if own:
                    row = PAIR[own[0].index]
                    moves = [row[e] for e in ends]
                else:
                    moves = [PAIR[a][b] for i, a in enumerate(ends) for b in ends[i + 1:]]
        self._cache = moves
        return moves

    def check(self, move) -> None:
        if isinstance(move, str):
            move = self.game.parse_move(move)
        error = self._illegal(move)
        if error is not None:
            raise error

    def _find(self, move):
        """The legal move ``move`` stands for now, else None. A follower's two cards may be written in
        either order (the booklet sets none); the legal move, in the usual order, is returned. A lead's
        order says which suit is led (its first card's), so it is taken as written."""
        legal = self._legal()
        if move in legal:
            return move
        if self._plays and type(move) is HRMove:
            other = PAIR[move._b][move._a]
            if other in legal:
                return other
        return None

    def _illegal(self, move) -> IllegalMoveError | None:
        seat = self.current_player
        if seat is None:
            return IllegalMoveError(move, "hr.end", "the game is over")
        if seat == CHANCE:
            if not isinstance(move, HRDraw):
                return IllegalMoveError(move, "hr.draw", "first the players draw cards to choose the dealer")
            return self._illegal_draw(move)
        if not isinstance(move, HRMove):
            return IllegalMoveError(move, "hr.draw" if isinstance(move, HRDraw) else "hr.follow",
                                    "the dealer is already chosen: a player's move is 'play' and two cards"
                                    if isinstance(move, HRDraw) else "not a Hamrang move")
        if self._find(move) is not None:
            return None
        who = f"Player {seat + 1}"
        hand = self._hands[seat]
        leading = not self._plays
        clause = ("hr.opening" if self._opening else "hr.lead") if leading else "hr.follow"
        for c in move.cards:
            if c not in hand[c.suit.number]:
                return IllegalMoveError(move, clause, f"{who} does not hold the {card_name(c)}")
        if move.swapped() in self._legal():
            return IllegalMoveError(move, clause, "the same cards are written the other way round: "
                                    f"'{move.swapped()}' (the card of the suit led first)")
        if leading:
            if self._opening:
                raja = self.game.leading_raja
                own = hand[raja.suit.number]
                if raja not in move.cards:
                    return IllegalMoveError(move, "hr.opening", f"the game opens with the {card_name(raja)}")
                if len(own) < 2:
                    return IllegalMoveError(move, "hr.substitute", f"the {card_name(raja)} is the only "
                                            f"{raja.suit.name} card held, so the lowest card of another suit goes "
                                            "with it")
                if self.game.opener_substitute == "any-time":
                    return IllegalMoveError(move, "hr.opening", f"with the {card_name(raja)} goes the lowest "
                                            f"{raja.suit.name} card held, the {card_name(own[-1])}, or the lowest "
                                            "card of another suit")
                return IllegalMoveError(move, "hr.opening", f"with the {card_name(raja)} goes the lowest "
                                        f"{raja.suit.name} card held, the {card_name(own[-1])}")
            lead = move.cards[0]
            own = hand[lead.suit.number]
            if own[0].rank < 11:
                return IllegalMoveError(move, "hr.lead", f"{who} holds no {lead.suit.name} court card: a lead is "
                                        "made in a suit in which a court card is held")
            if len(own) == 1:
                return IllegalMoveError(move, "hr.substitute", f"the {card_name(own[0])} is the only "
                                        f"{lead.suit.name} card held, so the lowest card of another suit goes with it")
            return IllegalMoveError(move, "hr.lead", f"a lead is the highest and the lowest card of its suit: "
                                    f"the {card_name(own[0])} and the {card_name(own[-1])}")
        suit = MUGHAL.suits[self._lead_suit]
        own = hand[self._lead_suit]
        if len(own) >= 2:
            return IllegalMoveError(move, "hr.follow", f"{who} holds {len(own)} {suit.name} cards and plays the "
                                    f"highest and the lowest of them, the {card_name(own[0])} and the "
                                    f"{card_name(own[-1])}")
        if own and own[0] not in move.cards:
            return IllegalMoveError(move, "hr.follow", f"{who} must play the {card_name(own[0])}, the only "
                                    f"{suit.name} card held")
        return IllegalMoveError(move, "hr.substitute", f"a card put in for a missing {suit.name} card is the "
                                "highest or the lowest card held of another suit")

    def _illegal_draw(self, move: HRDraw) -> IllegalMoveError | None:
        if not 0 <= move.shuffler < N:
            return IllegalMoveError(move, "hr.draw", "the shuffler is one of the four players")
        if _draw_rounds(move.shuffler, move.cards) is None:
            return IllegalMoveError(move, "hr.draw", "each player draws one card, and tied players for the highest "
                                    "draw again, until one card is highest; the cards must be exactly those draws")
        return None

    def chance_outcome(self, rng):
        if self.current_player != CHANCE:
            return super().chance_outcome(rng)
        shuffler = rng.below(N)
        tail, rest = rng.shuffled_tail(MUGHAL.cards, N)
        cards = tail[::-1]
        drawers = _FROM[shuffler]
        while True:
            drawn = cards[-len(drawers):]
            top = max(map(_rank, drawn))
            tied = [p for p, c in zip(drawers, drawn) if c.rank == top]
            if len(tied) == 1:
                return HRDraw(shuffler, cards)
            tail, rest = rng.shuffled_tail(rest, len(tied))
            cards += tail[::-1]
            drawers = tied

    def apply(self, move) -> HRRecord:
        if isinstance(move, str):  # the same texts as check takes
            move = self.game.parse_move(move)
        seat = self.current_player
        if seat == CHANCE:
            error = self._illegal(move) if isinstance(move, HRDraw) else None
            if error is not None or not isinstance(move, HRDraw):
                raise error or self._illegal(move)
            return self._apply_draw(move)
        if seat is None:
            raise IllegalMoveError(move, "hr.end", "the game is over")
        found = self._find(move) if type(move) is HRMove else None
        if found is None:
            raise self._illegal(move) or IllegalMoveError(move, "hr.follow", "not a legal move")
        return self._play(seat, found)

    def apply_legal(self, move) -> HRRecord:
        return self._play(self.current_player, move)

    def play_chance(self, chance) -> HRRecord:
        return self._apply_draw(chance.outcome(self))  # chance's own draw: nothing to check

    def play_random(self, streams, chance, max_moves: int) -> "HRState":
        """:meth:`State.play_random`'s loop, making the same moves: a player's move goes straight from the list
        of legal moves (``_legal``) to playing it (``_play``), the two calls ``legal_move_sequence()`` and
        ``apply_legal()`` make."""
        legal, play = self._legal, self._play
        for _ in range(max_moves):
            seat = self.current_player
            if seat is None:
                return self
            if seat == CHANCE:
                self.play_chance(chance)
            else:
                moves = legal()
                play(seat, moves[floor(streams[seat]() * len(moves))])  # floor = int for a product >= 0, cheaper
        return self

    def _apply_draw(self, move: HRDraw) -> HRRecord:
        rounds = _draw_rounds(move.shuffler, move.cards)
        dealer = rounds[-1][0][0] if len(rounds[-1]) == 1 else max(rounds[-1], key=lambda d: d[1].rank)[0]
        self._dealer = dealer
        self._drawing = False
        self.current_player = self._leader
        out = tuple(compress(_SEATS, map(not_, self._active)))
        record = _new(HRRecord, (CHANCE, move, CL_DRAW_OUT if out else CL_DRAW, ("draw", dealer, rounds, out), None))
        self.history.append(record)
        return record

    def _play(self, seat: int, move: HRMove) -> HRRecord:
        a, b = move.cards
        hand = self._hands[seat]
        self._cache = None
        plays = self._plays
        if not plays:  # a lead
            s = a.suit.number
            sub = b.suit.number != s
            if self._opening:
                clauses, note = (CL_OPEN_SUB if sub else CL_OPEN), (OPENED, sub, len(hand[s]) > 1)
            else:
                clauses, note = (CL_LEAD_SUB if sub else CL_LEAD), (LED, sub)
            self._lead_suit = s
            self._trick_leader = seat
            active = self._active
            self._to_play = to_play = []  # the players still in, in turn after the leader
            for p in _AFTER[seat]:
                if active[p]:
                    to_play.append(p)
        else:
            s = self._lead_suit
            held = len(hand[s])
            if held >= 2:
                clauses, note = CL_FOLLOW, _FOLLOW_NOTES[s]
            elif held == 1:
                clauses, note = CL_SHORT, (FOLLOWED, 1, MUGHAL.suits[s].name, _end(hand, b), "")
            else:
                ea, eb = _end(hand, a), _end(hand, b)
                if a.suit is b.suit:
                    ea, eb = "high", "low"
                clauses, note = CL_VOID, (FOLLOWED, 0, MUGHAL.suits[s].name, ea, eb)
            del self._to_play[0]
        if self._traditional and _reversed_numerals(hand, move):
            clauses = clauses + ("hr.ranking",)  # the reversed numerals decided a card: cite the rank order
        hand[a.suit.number].remove(a)
        hand[b.suit.number].remove(b)
        courts = (a.rank >= 11) + (b.rank >= 11)
        if courts:
            self._courts[seat] -= courts
        self.trick += ((seat, a), (seat, b))
        plays.append((seat, move))
        if self._to_play:
            self.current_player = self._to_play[0]
            record = _new(HRRecord, (seat, move, clauses, note, None))
            self.history.append(record)
            return record
        return self._end_trick(seat, move, clauses, note)

    def _end_trick(self, seat: int, move: HRMove, clauses, note) -> HRRecord:
        s = self._lead_suit
        strength = self._strength
        best, winner, card = -1, -1, None
        for p, c in self.trick:
            if c.suit.number == s and strength[c.index] > best:
                best, winner, card = strength[c.index], p, c
        self._won[winner] += map(_card_of, self.trick)
        self._tricks[winner] += 1
        self.last_trick = (self.trick, winner)
        self.trick = []
        self._plays = []
        self._opening = False
        self._lead_suit = -1
        active, courts = self._active, self._courts
        out = ()
        if 0 in courts:  # someone may have played the last court card held
            out = tuple([p for p in range(N) if active[p] and not courts[p]])
            for p in out:
                active[p] = False
        left = active.count(True)
        over = left <= 1 if self.game.last_player == "stops" else left == 0
        passed = False
        if over:
            leader = None
        else:
            leader = winner
            while not active[leader]:
                leader = (leader + 1) % N
            passed = leader != winner
            self._leader = leader
        self.current_player = leader
        clauses = _END.get((clauses, bool(out), passed, over)) or _ended(clauses, bool(out), passed, over)
        record = _new(HRRecord, (seat, move, clauses, note, (winner, card, self._tricks[winner], out, leader,
                                                             passed, self._trick_leader, tuple(compress(_SEATS, active)),
                                                             self._final() if over else None)))
        self.history.append(record)
        return record

    def _final(self) -> tuple:
        """For the record that ends the game: the winners, and the seat that opened (-1 if unknown)."""
        best = max(self._tricks)
        return tuple(p for p in range(N) if self._tricks[p] == best), self._opener

    # --- the end ------------------------------------------------------------------------
    def result(self) -> Result:
        if self.current_player is not None:
            raise GameNotOverError("the game is not over yet", "hr.end")
        scores = tuple(float(t) for t in self._tricks)
        best = max(scores)
        winners = tuple(p for p in range(N) if scores[p] == best)
        return Result(winners, scores, f"most tricks ({int(best)})", "hr.winner")

    # --- copies, views, positions --------------------------------------------------------
    def copy(self) -> "HRState":
        other = HRState.__new__(HRState)
        for name in _SHARED:
            setattr(other, name, getattr(self, name))
        other.history = list(self.history)
        other._hands = [[list(cards) for cards in h] for h in self._hands]
        other._courts = list(self._courts)
        other._active = list(self._active)
        other._tricks = list(self._tricks)
        other._won = [list(w) for w in self._won]
        other.out = list(self.out)
        other.trick = list(self.trick)
        other._plays = list(self._plays)
        other._to_play = list(self._to_play)
        other._cache = None
        return other

    def sample_hidden(self, player: int, seed: int | str) -> "HRState":
        """A copy in which the other hands are dealt afresh, keeping what the table knows (:func:`.hidden.redealt`)."""
        other = self.copy()
        other._hands, other._courts = redealt(self, player, seed)
        return other

    def view(self, player: int) -> HRView:
        hands = self.hands
        return HRView(player, tuple(hands[player]), tuple(len(h) for h in hands), tuple(self._active),
                      tuple(self.trick), tuple(self.played), tuple(self._tricks), self._dealer, self.current_player)

    def is_forced(self, move) -> bool:
        if isinstance(move, str):
            move = self.game.parse_move(move)
        legal = self.legal_moves()
        return len(legal) == 1 and self._find(move) is legal[0]

    def explain(self, move) -> str:
        if isinstance(move, str):
            move = self.game.parse_move(move)
        error = self._illegal(move)
        if error is not None:
            return str(error)
        found = self._find(move) if isinstance(move, HRMove) else move
        forced = len(self.legal_moves()) == 1
        record = self.copy().apply(found)
        return f"{found} is {'forced' if forced else 'legal'} " + " ".join(f"[{c}]" for c in record.clauses)

    move_priority = _move_priority

    def position(self) -> str:
        return write_position(self)

    def __repr__(self) -> str:
        return f"{self.game!r}.position({self.position()!r})"

    def __str__(self) -> str:
        lines = [f"Hamrang; lead: Player {self._leader + 1}"]
        for p in range(N):
            mark = "" if self._active[p] else " (out)"
            lines.append(f"P{p + 1} tricks {self._tricks[p]:2}{mark}  {format_cards(self.hands[p])}")
        if self.trick:
            lines.append("trick: " + ", ".join(f"P{p + 1} {c}" for p, c in self.trick))
        return "\n".join(lines)


def _end(hand, card: Card) -> str:
    """Which end of its suit in ``hand`` (before it is played) ``card`` is: high, low or only."""
    cards = hand[card.suit.number]
    if len(cards) == 1:
        return "only"
    return "high" if cards[0] is card else "low"


def _draw_rounds(shuffler: int, cards: Sequence[Card]):
    """The rounds of a draw for the dealer (each a tuple of ``(seat, card)``), or None if ``cards`` are
    not exactly the cards such a draw takes: everyone from the shuffler on, then tied players again."""
    drawers = _FROM[shuffler]
    rounds = []
    k = 0
    while True:
        if k + len(drawers) > len(cards):
            return None
        drawn = cards[k:k + len(drawers)]
        draws = tuple(zip(drawers, drawn))
        k += len(drawers)
        rounds.append(draws)
        top = max(map(_rank, drawn))
        tied = [p for p, c in draws if c.rank == top]
        if len(tied) == 1:
            return tuple(rounds) if k == len(cards) else None
        drawers = tied


def write_position(state) -> str:
    """The position as text, as :func:`.positions.parse_position` reads it back."""
    parts = [f"P{p + 1}={format_cards(cards) if cards else '-'}" for p, cards in enumerate(state.hands)]
    parts.append("tricks=" + " ".join(str(t) for t in state.tricks))
    turn = state.current_player
    parts.append(f"turn={'-' if turn is None else 'chance' if turn == CHANCE else f'P{turn + 1}'}")
    plays = state.trick_moves()
    if plays:
        parts.append("trick=" + ", ".join(f"P{p + 1}:{m}" for p, m in plays))
    return "; ".join(parts)
