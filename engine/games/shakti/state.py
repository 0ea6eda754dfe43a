"""The state of a Shakti game: the hands, the four discard piles, the deck, and the rules of a turn."""

from __future__ import annotations

from dataclasses import dataclass
from math import floor

from ...cards import Card, format_cards
from ...errors import GameNotOverError, IllegalMoveError
from ...families.hidden import redeal
from ...families.movecache import CachedMoves
from ...protocol import CHANCE, Game, Result, State, default_names
from ...shuffle import Rng
from .moves import (BOTTOM, BOTTOMS, DECK, DISCARD, DISCARDS, DRAWS, PILE_DRAWS, TOP, TOPS, ShMove, ShShuffle,
                    ShTurn)
from .records import (CL_DISCARD, CL_LIMIT, CL_TURN, CL_RUN, CL_SET, CL_SHUFFLE, DRAW_CLAUSES, FIRST_CLAUSES, ShRecord,
                      card_name,
                      target_words)
from .strategy import move_priority as _move_priority
from .table import CARDS, HAND, INDEX, N_RUNS, winning_target


_new = tuple.__new__
PLAYERS = 4
DRAW_SIZE = 4
_DECK, _TOPS, _BOTTOMS = DRAWS


@dataclass(frozen=True)
class ShView:
    """What one player may see: their own hand, the others' hand sizes, the top card and size of each pile,
    the deck's size, the round, and whose turn it is (and what they drew from, mid-turn)."""

    player: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    pile_tops: tuple[Card | None, ...]
    pile_sizes: tuple[int, ...]
    deck_size: int
    round: int
    current_player: int | None
    drew: str


class ShState(CachedMoves, State):
    """A Shakti game in progress. Make one with ``Shakti.new_game`` or ``Shakti.position``."""

    __slots__ = ("game", "history", "current_player", "_hands", "_piles", "_deck", "_turns", "_seat", "_draw",
                 "_owed", "_target", "_winner", "_legal", "_memo")

    def __init__(self, game: Game, hands, piles, deck, turns: int, seat: int | None, draw: ShMove | None = None,
                 owed=(), target: int = -1, winner: int = -1):
        """Build from card indexes: ``piles`` bottom first (top last), ``deck`` top last; ``seat`` whose turn
        it is (None: the game is over); ``draw`` and ``owed`` mid-turn: the draw made and the piles still owed
        a discard (a pile once for each card it is owed)."""
        self.game = game
        self.history = []
        self._hands = hands
        self._piles = piles
        self._deck = deck
        self._turns = turns
        self._seat = seat
        self._draw = draw
        self._owed = list(owed)
        self._target = target
        self._winner = winner
        self._legal = None
        self._memo = None
        self.current_player = seat
        self._settle()

    def copy(self) -> "ShState":
        other = ShState.__new__(ShState)
        other.game = self.game
        other.history = list(self.history)
        other.current_player = self.current_player
        other._hands = [list(h) for h in self._hands]
        other._piles = [list(p) for p in self._piles]
        other._deck = list(self._deck)
        other._turns = self._turns
        other._seat = self._seat
        other._draw = self._draw
        other._owed = list(self._owed)
        other._target = self._target
        other._winner = self._winner
        other._legal = self._legal
        other._memo = None
        return other

    # --- chance: the reshuffle -----------------------------------------------------------
    def _pool(self) -> list[int]:
        """The cards a reshuffle gathers: what is left of the deck, then every pile but its top card."""
        pool = list(self._deck)
        for p in self._piles:
            pool += p[:-1]
        return pool

    def _settle(self) -> None:
        """At the start of a turn, chance reshuffles when the deck holds fewer than four cards (clause
        sk.reshuffle), unless the piles have too few cards under their tops to make a deck of four."""
        if self._seat is None or self._draw is not None or len(self._deck) >= DRAW_SIZE:
            return
        if self.game.empty_deck != "reshuffle":
            return
        if len(self._deck) + sum(len(p) - 1 for p in self._piles if p) < DRAW_SIZE:
            return
        self.current_player = CHANCE
        self._legal = ()

    def chance_outcome(self, rng: Rng) -> ShShuffle:
        """Chance's move: the gathered cards in an order drawn from chance's stream (the new deck, top first)."""
        if self.current_player != CHANCE:
            return super().chance_outcome(rng)
        return ShShuffle(tuple(CARDS[c] for c in rng.shuffled(self._pool())))

    def _reshuffle(self, move: ShShuffle) -> ShRecord:
        self.check(move)
        self._deck = [INDEX[c] for c in reversed(move.cards)]  # top first -> top last
        self._piles = [p[-1:] for p in self._piles]
        self.current_player = self._seat
        self._legal = None
        record = _new(ShRecord, (CHANCE, move, CL_SHUFFLE, len(move.cards), "top", -1, self.game.ranks, False, ()))
        self.history.append(record)
        return record

    # --- the protocol, hot path first (legal_moves and legal_move_sequence: CachedMoves) -----------
    def _moves(self):
        """The legal moves: the draws the player may make, or (after drawing) each card of the hand to each
        pile still owed a card."""
        cp = self.current_player
        if cp is None or cp == CHANCE:
            return ()
        if self._draw is None:
            moves = [_DECK] if len(self._deck) >= DRAW_SIZE else []
            moves.append(_TOPS)
            moves.append(_BOTTOMS)
            piles = self._piles
            big = [p for p in range(PLAYERS) if len(piles[p]) >= DRAW_SIZE]
            moves += [PILE_DRAWS[TOP][p] for p in big]
            moves += [PILE_DRAWS[BOTTOM][p] for p in big]
            return moves
        owed = self._owed
        if owed[0] == owed[-1]:  # one pile (the deck's cards go to the player's own)
            p = owed[0]
            return [DISCARDS[c * PLAYERS + p] for c in self._hands[cp]]
        return [DISCARDS[c * PLAYERS + p] for c in self._hands[cp] for p in owed]

    def apply(self, move) -> ShRecord:
        """Make ``move`` for the player to move (or chance); return the record. Illegal moves raise IllegalMoveError."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._moves()
        if move in legal:
            return self.apply_legal(move)
        if isinstance(move, str):
            return self.apply(self.game.parse_move(move))
        if isinstance(move, ShTurn):
            return self._apply_turn(move)
        if self.current_player == CHANCE:
            return self._reshuffle(move)
        self.check(move)
        raise AssertionError(f"{move} passed check but is not among the legal moves")  # pragma: no cover

    def play_random(self, streams, chance, max_moves: int) -> "ShState":
        """:meth:`State.play_random`'s loop, making the same moves faster: a discard is found by its place in
        ``legal_move_sequence()`` (each card of the hand in turn, with each pile still owed a card) without
        building the sequence."""
        discard = self._discard
        history = self.history
        ranks = self.game.ranks
        for _ in range(max_moves):
            seat = self.current_player
            if seat is None:
                return self
            if seat == CHANCE:
                self.play_chance(chance)
                continue
            r = streams[seat]()
            if self._draw is None:
                moves = self._legal
                if moves is None:
                    moves = self._moves()
                self.apply_legal(moves[floor(r * len(moves))])
                continue
            hand = self._hands[seat]
            owed = self._owed
            if owed[0] == owed[-1]:
                move = DISCARDS[hand[floor(r * len(hand))] * PLAYERS + owed[0]]
            else:
                m = len(owed)
                i = floor(r * (len(hand) * m))
                move = DISCARDS[hand[i // m] * PLAYERS + owed[i % m]]
            self._legal = None
            if len(owed) == 1:  # the turn's last card: the turn ends (a win, the limit, the next player)
                discard(seat, move, hand)
                continue
            c, p = move._c, move.pile  # else as _discard does for a card that does not end the turn
            hand.remove(c)
            k = self._draw._k
            if k == BOTTOMS or k == BOTTOM:
                self._piles[p].insert(0, c)
                end = "bottom"
            else:
                self._piles[p].append(c)
                end = "top"
            owed.remove(p)
            history.append(_new(ShRecord, (seat, move, CL_DISCARD, (CARDS[c],), end, -1, ranks, False, ())))
        return self

    def _apply_turn(self, turn: ShTurn) -> ShRecord:
        """A whole turn (or its start) at once: checked step by step on a copy first, so a bad turn changes nothing."""
        trial = self.copy()
        for step in turn.steps:
            trial.check(step)
            trial.apply_legal(step)
        parts = tuple(self.apply_legal(step) for step in turn.steps)
        del self.history[-len(parts):]
        last = parts[-1]
        record = _new(ShRecord, (last[0], turn, tuple(dict.fromkeys(c for p in parts for c in p[2])), (), last[4],
                                 last[5], last[6], last[7], parts))
        self.history.append(record)
        return record

    def apply_legal(self, move: ShMove) -> ShRecord:
        """:meth:`apply` for a move known to be legal (one of ``legal_move_sequence()``): no check."""
        self._legal = None
        self._memo = None
        cp = self.current_player
        hand = self._hands[cp]
        k = move._k
        if k == DISCARD:
            return self._discard(cp, move, hand)
        piles = self._piles
        if k == DECK:
            deck = self._deck
            drawn = deck[-1:-DRAW_SIZE - 1:-1]  # top first
            del deck[-DRAW_SIZE:]
            owed = [cp] * DRAW_SIZE
        elif k == TOPS:
            drawn = [p.pop() for p in piles]
            owed = [0, 1, 2, 3]
        elif k == BOTTOMS:
            drawn = [p.pop(0) for p in piles]
            owed = [0, 1, 2, 3]
        else:
            pile = piles[move.pile]
            if k == TOP:
                drawn = pile[-1:-DRAW_SIZE - 1:-1]
                del pile[-DRAW_SIZE:]
            else:
                drawn = pile[:DRAW_SIZE]
                del pile[:DRAW_SIZE]
            owed = [move.pile] * DRAW_SIZE
        hand += drawn
        self._draw = move
        self._owed = owed
        clauses = DRAW_CLAUSES[k] if self._turns else FIRST_CLAUSES[k]
        record = _new(ShRecord, (cp, move, clauses, tuple(CARDS[c] for c in drawn),
                                 "bottom" if k == BOTTOMS or k == BOTTOM else "top", -1, self.game.ranks, False, ()))
        self.history.append(record)
        return record

    def _discard(self, cp: int, move: ShMove, hand: list[int]) -> ShRecord:
        self._memo = None
        c, p = move._c, move.pile
        hand.remove(c)
        k = self._draw._k
        end = "bottom" if k == BOTTOMS or k == BOTTOM else "top"
        if end == "top":
            self._piles[p].append(c)
        else:
            self._piles[p].insert(0, c)
        owed = self._owed
        owed.remove(p)
        target = -1
        clauses = CL_DISCARD
        ended = False
        if not owed:  # the turn is over
            self._draw = None
            target = winning_target(hand, self.game.ranks)
            if target >= 0:
                self._target = target
                self._winner = cp
                clauses = CL_RUN if target < N_RUNS else CL_SET
                self._seat = self.current_player = None
                ended = True
            else:
                self._turns += 1
                if self._turns >= PLAYERS * self.game.limit:
                    clauses = CL_LIMIT
                    self._seat = self.current_player = None
                    ended = True
                else:
                    clauses = CL_TURN
                    self._seat = self.current_player = (cp + 1) % PLAYERS
                    if len(self._deck) < DRAW_SIZE:
                        self._settle()
        record = _new(ShRecord, (cp, move, clauses, (CARDS[c],), end, target, self.game.ranks, ended, ()))
        self.history.append(record)
        return record

    # --- legality with reasons ----------------------------------------------------------------
    def check(self, move) -> None:
        """Raise IllegalMoveError naming the clause unless ``move`` is legal now."""
        if isinstance(move, str):
            move = self.game.parse_move(move)
        cp = self.current_player
        if cp is None:
            raise IllegalMoveError(move, self.result().clause, "the game is over")
        if cp == CHANCE:
            if not isinstance(move, ShShuffle):
                raise IllegalMoveError(move, "sk.reshuffle", "the stock is used up: the piles are shuffled into a new "
                                       "stock before anyone moves")
            if sorted(INDEX.get(c, -1) for c in move.cards) != sorted(self._pool()):
                raise IllegalMoveError(move, "sk.reshuffle", "the new stock is exactly the cards left in the stock and "
                                       "every card of the piles except their top cards")
            return
        if isinstance(move, ShShuffle):
            raise IllegalMoveError(move, "sk.reshuffle", "the piles are shuffled into a new stock only when the stock "
                                   "is used up, at the start of a turn")
        if isinstance(move, ShTurn):
            self.copy()._apply_turn(move)
            return
        if not isinstance(move, ShMove):
            raise IllegalMoveError(move, "sk.turn", "a move is a draw or a discard")
        who = f"Player {cp + 1}"
        k = move._k
        if self._draw is None:
            if k == DISCARD:
                raise IllegalMoveError(move, "sk.turn", f"{who} must draw four cards before discarding")
            if k == DECK and len(self._deck) < DRAW_SIZE:
                if not self._deck and self.game.empty_deck == "piles-only":
                    raise IllegalMoveError(move, "sk.reshuffle", "the stock is used up, and in this game it is not "
                                           f"made again, so {who} must draw from the piles")
                why = ("the stock is used up" if not self._deck else
                       f"the stock holds only {len(self._deck)} card{'s' if len(self._deck) > 1 else ''}")
                raise IllegalMoveError(move, "sk.deck", f"{why}, so {who} must draw from the piles")
            if k in (TOP, BOTTOM) and len(self._piles[move.pile]) < DRAW_SIZE:
                n = len(self._piles[move.pile])
                raise IllegalMoveError(move, "sk.one-pile", f"Player {move.pile + 1}'s pile holds {n} card{'s' if n > 1 else ''}: "
                                       "four cards can be taken only from a pile of four or more")
            return
        if k != DISCARD:
            raise IllegalMoveError(move, "sk.turn", f"{who} has drawn ({self._draw}) and must now discard")
        c = move._c
        if c not in self._hands[cp]:
            raise IllegalMoveError(move, "sk.discard", f"{who} does not hold the {card_name(CARDS[c])}")
        if move.pile not in self._owed:
            d = self._draw._k
            if d == DECK:
                why = f"after taking from the stock, {who} puts the four cards away on {who}'s own pile"
            elif d in (TOP, BOTTOM):
                why = f"the four cards go back where they came from, Player {self._draw.pile + 1}'s pile"
            else:
                why = f"each pile gets one card back, and Player {move.pile + 1}'s pile has had its card"
            raise IllegalMoveError(move, "sk.discard", why)

    # --- results and views ----------------------------------------------------------------------
    def result(self) -> Result:
        if self.current_player is not None:
            raise GameNotOverError("the game is not over yet", "sk.win")
        if self._target >= 0:
            winner = self._winner
            scores = tuple(1.0 if i == winner else 0.0 for i in range(PLAYERS))
            return Result((winner,), scores, target_words(self._target, self.game.ranks), "sk.win")
        rounds = self.game.limit
        return Result((), (0.0,) * PLAYERS, f"nobody completed a hand in {rounds} rounds", "sk.limit")

    def view(self, player: int) -> ShView:
        return ShView(player, tuple(CARDS[c] for c in self._hands[player]), tuple(map(len, self._hands)),
                      tuple(CARDS[p[-1]] if p else None for p in self._piles), tuple(map(len, self._piles)),
                      len(self._deck), self.round, self.current_player, str(self._draw) if self._draw else "")

    def sample_hidden(self, player: int, seed: int | str) -> "ShState":
        """A copy in which the other hands and the stock are dealt afresh from their pooled cards (:func:`redeal`).

        Kept: ``player``'s hand, the piles (every card went onto them face up), every hand's and the stock's size,
        and the cards another player was seen to draw from a pile and has not discarded since."""
        known = set(self._hands[player]) | self._drawn_in_sight()
        places = self._hands + [self._deck]
        dealt = redeal(places, known, seed)
        other = self.copy()
        other._hands, other._deck = dealt[:-1], dealt[-1]
        other._legal = other._memo = None
        return other

    def _drawn_in_sight(self) -> set[int]:
        """The cards in hand that their holder drew from a pile, in everyone's sight."""
        held: set[int] = set()
        for record in self.history:
            for step in record[8] or (record,):
                move = step[1]
                if isinstance(move, ShMove) and move._k != DECK:
                    cards = {INDEX[c] for c in step[3]}
                    if move._k == DISCARD:
                        held -= cards
                    else:
                        held |= cards
        return {c for h in self._hands for c in h if c in held}

    move_priority = _move_priority  # the heuristic player's taste: strategy.py

    # --- the table as values -------------------------------------------------------------------
    @property
    def hands(self) -> list[list[Card]]:
        return [[CARDS[c] for c in h] for h in self._hands]

    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """The four discard piles (pile 1 is Player 1's), each bottom card first."""
        return tuple(tuple(CARDS[c] for c in p) for p in self._piles)

    @property
    def deck(self) -> list[Card]:
        """The deck, top card first."""
        return [CARDS[c] for c in reversed(self._deck)]

    @property
    def round(self) -> int:
        """The round being played (1 for the first), or the last one once the game is over."""
        return min(self._turns // PLAYERS + 1, self.game.limit)

    @property
    def turns(self) -> int:
        """How many turns have been completed."""
        return self._turns

    @property
    def drew(self) -> ShMove | None:
        """The draw made this turn, while the player still owes discards; else None."""
        return self._draw

    @property
    def owed(self) -> tuple[int, ...]:
        """The piles (0-based seats) still owed a discard this turn, once for each card."""
        return tuple(self._owed)

    @property
    def players(self) -> int:
        return PLAYERS

    def all_cards(self) -> list[Card]:
        out = [c for h in self._hands for c in h] + [c for p in self._piles for c in p] + self._deck
        return [CARDS[c] for c in out]

    def position(self) -> str:
        """This position as text (see :meth:`Shakti.position`); the deck is written as a count."""
        seat = self._seat
        turn = f"P{seat + 1}" if seat is not None else "-"
        hands = "; ".join(f"P{i + 1}={format_cards(CARDS[c] for c in h) or '-'}" for i, h in enumerate(self._hands))
        piles = " / ".join(format_cards(CARDS[c] for c in p) or "-" for p in self._piles)
        text = f"turn={turn}; round={self.round}; {hands}; piles={piles}; deck={len(self._deck)}"
        if self._draw is not None:
            text += f"; drew={self._draw}; owed=" + " ".join(str(p + 1) for p in self._owed)
        return text

    def __str__(self) -> str:
        if self.current_player is None:
            status = "game over: " + self.result().narrate(default_names(PLAYERS))
        elif self.current_player == CHANCE:
            status = f"the stock is used up: chance shuffles the piles before Player {self._seat + 1} draws"
        elif self._draw is None:
            status = f"Player {self._seat + 1} to draw"
        else:
            status = f"Player {self._seat + 1} to discard (drew: {self._draw})"
        lines = [f"Shakti, round {self.round} of {self.game.limit}; {status}"]
        for i, h in enumerate(self._hands):
            lines.append(f"P{i + 1}: {format_cards(CARDS[c] for c in h)}")
        for i, p in enumerate(self._piles):
            lines.append(f"pile {i + 1}: {format_cards(CARDS[c] for c in p) or '-'} (top last)")
        lines.append(f"deck: {len(self._deck)} cards")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"{self.game!r}.position({self.position()!r})"


HAND_SIZE = HAND
