"""The state of an Ekrang game: the hands, the trick on the table, the tricks won, and the rules of a turn.

Cards are held as codes 0..95 under the game's ranking: ``suit * 12 + strength`` (strength 0 for
the lowest card of the suit, 11 for the Raja), so a hand kept sorted runs suit by suit, lowest
first, and "the highest card of a suit" and "a higher card of the suit" are plain comparisons.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache
from math import floor

from ...cards import Card, format_cards
from ...decks import MUGHAL, Ranking
from ...errors import GameNotOverError, IllegalMoveError
from ...families.hidden import redeal
from ...protocol import Game, Result, State, default_names
from .moves import OPEN, PLAYS, EKMove
from .records import (CL_ADD, CL_FOLLOW, CL_LEAD1, CL_LEAD2, CL_OPEN, CL_PLAY2, KIND_OPEN, KIND_P1, KIND_P2,
                      EKRecord, card_name)
from .strategy import move_priority as _move_priority


OPENING, PHASE1, PHASE2 = 0, 1, 2
# the records' notes (shared tuples: no allocation on the hot path)
N_ADD, N_ADD_ANY, N_FOLLOW, N_RENOUNCE = ("add",), ("add-any",), ("follow",), ("renounce",)
N_PLAY2, N_DISCARD2, N_LEAD1, N_LEAD1_ONLY = ("play2",), ("discard2",), ("lead1",), ("lead1-only",)
N_LEAD2, N_LEAD2_ONLY = ("lead2",), ("lead2-only",)
N_LEAD1_TOP, N_LEAD1_TIE = ("lead1-top",), ("lead1-tie",)
STAGES = ("opening", "phase1", "phase2")
_new = tuple.__new__
_STRENGTH = tuple(c % 12 for c in range(12 * len(MUGHAL.suits)))  # a card code's place in its suit, 0 lowest
_strength = _STRENGTH.__getitem__


_OPENS: dict[tuple[Card, Card], EKMove] = {}


def _open(raja: Card, second: Card) -> EKMove:
    """``open raja second``, interned once (an opening's moves are listed once a game)."""
    move = _OPENS.get((raja, second))
    if move is None:
        move = _OPENS[raja, second] = EKMove.open(raja, second)
    return move


@lru_cache(maxsize=None)
def tables(ranking: Ranking):
    """For a ranking: each card's code (by ``Card.index``), each code's card, play move and face value."""
    code_of = [-1] * (max(c.index for c in MUGHAL.cards) + 1)
    card_of: list[Card] = [None] * 96  # type: ignore[list-item]
    for s in MUGHAL.suits:
        for place, rank in enumerate(MUGHAL.order(s, ranking)):
            code = s.number * 12 + 11 - place
            card = Card(s, rank)
            code_of[card.index] = code
            card_of[code] = card
    plays = tuple(PLAYS[c] for c in card_of)
    face = tuple(c.rank for c in card_of)
    by_id = {id(c): code for code, c in enumerate(card_of)}  # a hand's codes without Card.__hash__
    return tuple(code_of), tuple(card_of), plays, face, by_id


@dataclass(frozen=True)
class EKView:
    """What one player may see: their own hand, the others' hand sizes, the trick on the table and
    the tricks each has won (won cards lie face down and are never looked at again)."""

    player: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[int, ...]
    stage: str
    leader: int
    current_player: int | None


class EKState(State):
    """An Ekrang game in progress. Make one with ``Ekrang.new_game`` or ``Ekrang.position``."""

    __slots__ = ("game", "history", "current_player", "_hands", "_stage", "_leader", "_table", "_suit",
                 "_best", "_best_seat", "_left", "_tricks", "_taken", "_bar", "_legal", "_code", "_card",
                 "_plays", "_face", "_n", "_last", "_raja", "_active", "_after", "_opener", "_top")

    def __init__(self, game: Game, hands, opener: int, *, stage: int = OPENING, suit: int = -1,
                 tricks=None, taken=()):
        """``hands`` as cards; the trick starts empty with ``opener`` to lead (the leading Raja's holder)."""
        self.game = game
        self.history = []
        self._code, self._card, self._plays, self._face, by_id = tables(game.ranking)
        code = self._code
        self._hands = [sorted(map(by_id.__getitem__, map(id, h))) for h in hands]
        self._n = n = len(hands)
        self._after = tuple((i + 1) % n for i in range(n))
        self._active = sum(1 for h in self._hands if h)
        self._stage = stage
        self._suit = suit
        self._table: list[tuple[int, int]] = []
        self._best = -1
        self._best_seat = -1
        self._tricks = list(tricks) if tricks is not None else [0] * self._n
        self._taken = [[(-1, code[c.index]) for c in taken]]  # the tricks taken: lists of (seat, code)
        self._bar = 13
        self._legal = None
        self._raja = code[game.leading_raja.index]
        self._top = game.lead_card == "highest"  # phase 1 leads the highest card in hand (else of a chosen suit)
        self._last = None  # the last trick won: its (seat, code) plays and winner (see last_trick)
        self._leader = opener
        self._opener = opener if stage == OPENING else -1  # who opened with the leading Raja (-1: not known)
        self._start_trick(opener)

    def _start_trick(self, leader: int) -> int:
        """Set up the next trick led by ``leader`` (or the next player holding cards); return the leader."""
        hands = self._hands
        n = self._n
        players = self._active
        if not players:
            self.current_player = None
            return leader
        while not hands[leader]:
            leader = (leader + 1) % n
        self._leader = leader
        self._left = players
        self.current_player = leader
        return leader

    def copy(self) -> "EKState":
        other = object.__new__(EKState)
        other.game = self.game
        other.history = list(self.history)
        other.current_player = self.current_player
        other._hands = [list(h) for h in self._hands]
        other._table = list(self._table)
        other._tricks = list(self._tricks)
        other._taken = list(self._taken)
        for name in ("_stage", "_leader", "_suit", "_best", "_best_seat", "_left", "_bar", "_legal", "_code",
                     "_card", "_plays", "_face", "_n", "_last", "_raja", "_active", "_after", "_opener", "_top"):
            setattr(other, name, getattr(self, name))
        return other

    # --- the protocol, hot path first ---------------------------------------------------
    def legal_moves(self) -> list[EKMove]:
        """The legal moves, in hand order (suit by suit, lowest first)."""
        return list(self.legal_move_sequence())

    def legal_move_sequence(self):
        """``legal_moves()`` for the random player: the same moves, not copied (valid until the next ``apply``)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._moves()
        return legal

    def _moves(self):
        cp = self.current_player
        if cp is None:
            return ()
        hand = self._hands[cp]
        stage = self._stage
        if self._table:  # following (the common case first)
            if stage == PHASE1:
                low = self._suit * 12
                lo = bisect_left(hand, low)
                if lo < len(hand) and hand[lo] < low + 12:
                    return list(map(self._plays.__getitem__, hand[lo:bisect_left(hand, low + 12, lo)]))
                return list(map(self._plays.__getitem__, hand))
            if stage == PHASE2:
                return list(map(self._plays.__getitem__, hand))
            bar = self._bar
            face = self._face
            plays = self._plays
            lower = [plays[c] for c in hand if face[c] < bar]
            return lower or [plays[c] for c in hand]
        if stage == PHASE1:
            plays = self._plays
            if self._top:  # the highest card held, any suit: every card of the top strength
                top = max(map(_strength, hand))
                return [plays[c] for c in hand if c % 12 == top]
            # the highest card of each suit held: the last of each suit's run
            out = [plays[a] for a, b in zip(hand, hand[1:]) if a // 12 != b // 12]
            out.append(plays[hand[-1]])
            return out
        if stage == PHASE2:  # the lowest card of the suit (the phase-1 winner holds one)
            return (self._plays[hand[bisect_left(hand, self._suit * 12)]],)
        return self._openings(hand)

    def _openings(self, hand):
        card, face, raja = self._card, self._face, self._raja
        r = card[raja]
        out = [_open(r, card[c]) for c in hand if c != raja and face[c] >= 8]
        return out or [EKMove.open(r)]

    def play_random(self, streams, chance, max_moves: int) -> "EKState":
        """The protocol's random play-out (:meth:`State.play_random`), the same moves without the
        cached legal list: seat ``s`` takes ``moves[floor(streams[s]() * len(moves))]`` of the legal moves.
        Ekrang has no chance step after the deal."""
        moves_of = self._moves
        apply = self.apply_legal
        for _ in range(max_moves):
            seat = self.current_player
            if seat is None:
                return self
            moves = moves_of()
            apply(moves[floor(streams[seat]() * len(moves))])
        return self

    def apply(self, move: EKMove | str) -> EKRecord:
        """Play ``move`` for the current player; return the record. Illegal moves raise IllegalMoveError."""
        if isinstance(move, str):
            move = self.game.parse_move(move)
        if move not in self.legal_move_sequence():
            self.check(move)
            raise AssertionError(f"{move} passed check but is not among the legal moves")  # pragma: no cover
        return self.apply_legal(move)

    def apply_legal(self, move: EKMove) -> EKRecord:
        """:meth:`apply` for a move known to be legal (one of ``legal_move_sequence()``): no check."""
        self._legal = None
        cp = self.current_player
        hand = self._hands[cp]
        table = self._table
        if move._k == OPEN:
            code = self._code
            r = self._raja
            hand.remove(r)
            table.append((cp, r))
            note = ("open", self.game.time)
            if len(move.cards) > 1:
                c = code[move.cards[1].index]
                hand.remove(c)
                table.append((cp, c))
                self._bar = self._face[c] if self.game.opening_add == "lower" else 13
            else:
                self._bar = 13
                note = ("open-alone", self.game.time)
            clauses = CL_OPEN
        else:
            c = self._code[move._c]
            hand.remove(c)
            table.append((cp, c))
            stage = self._stage
            if len(table) > 1:  # following (the common case first)
                if stage == OPENING:
                    note, clauses = (N_ADD if self._face[c] < self._bar else N_ADD_ANY), CL_ADD
                else:
                    if c // 12 == self._suit:
                        note = N_FOLLOW if stage == PHASE1 else N_PLAY2
                        if c > self._best:
                            self._best = c
                            self._best_seat = cp
                    else:
                        note = N_RENOUNCE if stage == PHASE1 else N_DISCARD2
                    clauses = CL_FOLLOW if stage == PHASE1 else CL_PLAY2
            else:  # leading
                i = bisect_left(hand, c - c % 12)  # another card of the suit left in hand?
                only = i == len(hand) or hand[i] // 12 != c // 12
                if stage == PHASE1:
                    self._suit = c // 12
                    if self._top:  # several cards of the top strength: the leader chose among them
                        strength = c % 12
                        note = N_LEAD1_TIE if strength in map(_strength, hand) else N_LEAD1_TOP
                    else:
                        note = N_LEAD1_ONLY if only else N_LEAD1
                    clauses = CL_LEAD1
                else:
                    note, clauses = N_LEAD2_ONLY if only else N_LEAD2, CL_LEAD2
                self._best = c
                self._best_seat = cp
        if not hand:
            self._active -= 1
        self._left -= 1
        if self._left:
            hands = self._hands
            nxt = self._after[cp]
            while not hands[nxt]:
                nxt = self._after[nxt]
            self.current_player = nxt
            record = _new(EKRecord, (cp, move, clauses, note, None))
        else:
            record = self._finish(cp, move, clauses, note)
        self.history.append(record)
        return record

    def _finish(self, cp, move, clauses, note) -> EKRecord:
        """The trick is complete: its winner takes it, and the next trick (or the end) is set up."""
        stage = self._stage
        table = self._table
        led_by = self._leader
        if stage == OPENING:
            winner, win_code, kind = self._leader, self._raja, KIND_OPEN
        else:
            winner, win_code, kind = self._best_seat, self._best, KIND_P1 if stage == PHASE1 else KIND_P2
        self._tricks[winner] += 1
        self._taken.append(table)
        card = self._card
        self._last = (table, winner)
        count = len(table)
        self._table = []
        extra = ()
        skipped = False
        if stage == PHASE1:
            low = self._suit * 12
            hand = self._hands[winner]
            i = bisect_left(hand, low)
            if i < len(hand) and hand[i] < low + 12:
                self._stage = PHASE2
            else:
                self._stage = PHASE1
                skipped = True
        else:
            self._stage = PHASE1
        leader = self._start_trick(winner)
        over = self.current_player is None
        passed = not over and leader != winner
        extra = ("ek.trick",) if stage != OPENING else ("ek.opening",)
        if skipped:
            extra += ("ek.skip",)
        if passed:
            extra += ("ek.empty-hand",)
        if over:
            extra += ("ek.winner",)
        shared = opener_won = False
        others = others_won = 0  # at the end: the players besides the opener, and how many of them win
        if over:
            most = max(self._tricks)
            shared = self._tricks.count(most) > 1
            opener_won = self._opener >= 0 and self._tricks[self._opener] == most
            if self._opener >= 0:
                others, others_won = len(self._tricks) - 1, self._tricks.count(most) - opener_won
        trick = (winner, count, leader, kind, skipped, passed, over, card[win_code], led_by, shared, opener_won,
                 others, others_won)
        return _new(EKRecord, (cp, move, clauses + extra, note, trick))

    # --- legality with reasons -------------------------------------------------------------
    def check(self, move: EKMove | str) -> None:
        """Raise IllegalMoveError naming the clause unless ``move`` is legal now."""
        if isinstance(move, str):
            move = self.game.parse_move(move)
        cp = self.current_player
        if cp is None:
            raise IllegalMoveError(move, "ek.winner", "the game is over: every card has been played")
        if move in self.legal_move_sequence():
            return
        who = f"Player {cp + 1}"
        code, card = self._code, self._card
        hand = self._hands[cp]
        stage = self._stage
        table = self._table
        if stage == OPENING and not table:
            raja = card[self._raja]
            if move._k != OPEN:
                raise IllegalMoveError(move, "ek.opening", f"{who} holds the {card_name(raja)} and must open "
                                       "with it and a card of 8 or higher: write 'open' and the cards")
            if move.cards[0] is not raja:
                raise IllegalMoveError(move, "ek.leading-raja", f"the opening is led with the {card_name(raja)}, "
                                       f"the leading Raja by {self.game.time}")
            if len(move.cards) == 1:
                raise IllegalMoveError(move, "ek.opening", f"{who} holds a card of 8 or higher and must lay "
                                       "one with the Raja")
            second = move.cards[1]
            if code[second.index] not in hand:
                raise IllegalMoveError(move, "ek.opening", f"{who} does not hold the {card_name(second)}")
            raise IllegalMoveError(move, "ek.opening", f"the card laid with the Raja must be 8 or higher, "
                                   f"and the {card_name(second)} is not")
        if move._k == OPEN:
            clause = "ek.opening-add" if stage == OPENING else "ek.opening"
            raise IllegalMoveError(move, clause, "only the holder of the leading Raja opens, at the very start")
        c = code[move.cards[0].index]
        name = card_name(move.cards[0])
        clause = {OPENING: "ek.opening-add", PHASE1: "ek.follow" if table else "ek.phase1",
                  PHASE2: "ek.phase2-any" if table else "ek.phase2"}[stage]
        if c not in hand:
            raise IllegalMoveError(move, clause, f"{who} does not hold the {name}")
        suit = self._suit
        suit_name = MUGHAL.suits[suit].name if suit >= 0 else ""
        if stage == OPENING:
            second = card[table[1][1]] if len(table) > 1 and table[1][0] == self._leader else None
            raise IllegalMoveError(move, "ek.opening-add", f"{who} holds a card lower than the "
                                   f"{card_name(second) if second else 'second card'}, so must add one, "
                                   f"and the {name} is not lower")
        if stage == PHASE1 and not table:
            if self._top:
                top = max(h % 12 for h in hand)
                best = [f"the {card_name(card[h])}" for h in hand if h % 12 == top]
                which = best[0] if len(best) == 1 else ", ".join(best[:-1]) + " or " + best[-1]
                raise IllegalMoveError(move, "ek.phase1", f"in phase 1 the leader leads the highest card held, "
                                       f"{which}")
            top = max(h for h in hand if h // 12 == c // 12)
            raise IllegalMoveError(move, "ek.phase1", f"in phase 1 the leader leads the highest card held of a "
                                   f"suit; in {MUGHAL.suits[c // 12].name} that is the {card_name(card[top])}")
        if stage == PHASE1:
            held = next(h for h in hand if h // 12 == suit)
            raise IllegalMoveError(move, "ek.follow", f"{who} holds a {suit_name} card, the {card_name(card[held])}, "
                                   "so must follow suit")
        low = next(h for h in hand if h // 12 == suit)
        raise IllegalMoveError(move, "ek.phase2", f"in phase 2 the leader leads the lowest {suit_name} card "
                               f"held, the {card_name(card[low])}")

    # --- results and views -------------------------------------------------------------------
    def result(self) -> Result:
        if self.current_player is not None:
            raise GameNotOverError("the game is not over yet", "ek.winner")
        scores = tuple(float(t) for t in self._tricks)
        best = max(scores)
        winners = tuple(i for i, s in enumerate(scores) if s == best)
        word = "trick" if best == 1 else "tricks"
        return Result(winners, scores, f"most tricks won ({int(best)} {word})", "ek.winner")

    def view(self, player: int) -> EKView:
        card = self._card
        return EKView(player, tuple(card[c] for c in self._hands[player]), tuple(map(len, self._hands)),
                      self.trick, tuple(self._tricks), STAGES[self._stage], self._leader, self.current_player)

    def sample_hidden(self, player: int, seed: int | str) -> "EKState":
        """A copy in which the other hands are dealt afresh from their pooled cards (:func:`redeal`): ``player``'s
        hand, every hand's size, the trick and the tricks won stay. (Who failed to follow a suit is not used.)"""
        other = self.copy()
        other._hands = [sorted(h) for h in redeal(self._hands, set(self._hands[player]), seed)]
        other._legal = None
        return other

    move_priority = _move_priority  # the heuristic player's taste: strategy.py

    # --- the table as values -----------------------------------------------------------------
    @property
    def hands(self) -> list[list[Card]]:
        card = self._card
        return [[card[c] for c in h] for h in self._hands]

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The cards of the trick in progress, in the order played: (seat, card)."""
        card = self._card
        return tuple((s, card[c]) for s, c in self._table)

    @property
    def last_trick(self):
        """The last trick won, for pictures: ``((seat, card), ...), winner``, or None."""
        if self._last is None:
            return None
        table, winner = self._last
        card = self._card
        return tuple((s, card[c]) for s, c in table), winner

    @property
    def tricks(self) -> tuple[int, ...]:
        """Tricks won by each seat so far."""
        return tuple(self._tricks)

    @property
    def stage(self) -> str:
        """``opening``, ``phase1`` or ``phase2``: the trick in progress or next."""
        return STAGES[self._stage]

    @property
    def leader(self) -> int:
        return self._leader

    @property
    def suit(self):
        """The suit of phase 1 (which phase 2 goes on with), or None."""
        return MUGHAL.suits[self._suit] if self._suit >= 0 and self._stage != OPENING else None

    @property
    def players(self) -> int:
        return self._n

    def all_cards(self) -> list[Card]:
        """Every card in hands, on the table and in tricks won (96 in a full game)."""
        card = self._card
        out = [c for h in self._hands for c in h] + [c for _, c in self._table]
        out += [c for t in self._taken for _, c in t]
        return [card[c] for c in out]

    def position(self) -> str:
        """This position as text (see :func:`.positions.parse_position`): the hands now, the tricks won,
        who leads the trick, its stage, and the cards on the table in order."""
        card = self._card
        hands = "; ".join(f"P{i + 1}={format_cards(card[c] for c in h)}" for i, h in enumerate(self._hands))
        won = " ".join(f"P{i + 1}:{t}" for i, t in enumerate(self._tricks) if t)
        parts = [hands]
        if won:
            parts.append(f"tricks={won}")
        parts.append(f"lead=P{self._leader + 1}")
        parts.append(f"stage={STAGES[self._stage]}")
        if self._stage == PHASE2 and not self._table:
            parts.append(f"suit={MUGHAL.suits[self._suit].code}")
        if self._table:
            parts.append("trick=" + ", ".join(f"P{s + 1}:{m}" for s, m in self.trick_moves()))
        return "; ".join(parts)

    def trick_moves(self) -> list[tuple[int, EKMove]]:
        """The moves that made the trick in progress: (seat, move)."""
        card = self._card
        out: list[tuple[int, EKMove]] = []
        table = self._table
        i = 0
        if self._stage == OPENING and table:
            s, c = table[0]
            if len(table) > 1 and table[1][0] == s:
                out.append((s, EKMove.open(card[c], card[table[1][1]])))
                i = 2
            else:
                out.append((s, EKMove.open(card[c])))
                i = 1
        out += [(s, PLAYS[card[c]]) for s, c in table[i:]]
        return out

    def __str__(self) -> str:
        names = default_names(self._n)
        if self.current_player is None:
            status = "game over: " + self.result().narrate(names)
        else:
            status = f"{names[self.current_player]} to play ({STAGES[self._stage]})"
        lines = [f"Ekrang, {self._n} players; {status}",
                 "trick:  " + (" ".join(f"P{s + 1}:{c}" for s, c in self.trick) or "-")]
        for i, h in enumerate(self.hands):
            lines.append(f"P{i + 1}:     {format_cards(h)}   ({self._tricks[i]} tricks)")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"{self.game!r}.position({self.position()!r})"
