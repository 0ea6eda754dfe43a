"""The state of an Udvasa game: the eight build stacks, the eight working stacks, the stock, and the rules
of a move. The solver (:mod:`.solver`) searches with the same rules: ``_moves`` and ``_do``/``_undo``."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card, format_cards
from ...errors import GameNotOverError, IllegalMoveError
from ...families.movecache import CachedMoves
from ...protocol import Game, State, default_names
from ...shuffle import shuffled
from .moves import BUILD, BUILDS, DEAL, DEAL_MOVE, SHIFT, SHIFTS, STOP, STOP_MOVE, UDMove
from .records import CL_BUILD, CL_FILL, CL_MORE, CL_SHIFT, CL_STOP, UDRecord, UDResult
from .tables import AT, CARDS, N_CARDS, N_SUITS, STACKS, SUIT, SUITS, VALUE, card_name
from .strategy import move_priority as _move_priority


_new = tuple.__new__
CL_SHIFT_V = ("ud.shift", "ud.values")  # a move of a Vizier or a Raja, or onto one: the courts' values
CL_WON = ("ud.build", "ud.win")
CL_STUCK_SHIFT = ("ud.shift", "ud.lose")
DEAL_ONLY = (DEAL_MOVE,)
STOP_ONLY = (STOP_MOVE,)
FULL = 12  # cards in a complete build stack


@dataclass(frozen=True)
class UDView:
    """What the player sees: the build stacks' top cards, every working stack, the stock's size."""

    player: int
    build: tuple[Card, ...]
    stacks: tuple[tuple[Card, ...], ...]
    stock_size: int
    current_player: int | None


def next_needed(up: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
    """``[suit][cards built]`` -> the card that goes next on that build stack (-1 when it is complete)."""
    out = []
    for s in range(N_SUITS):
        row = []
        for built in range(FULL + 1):
            if built >= FULL:
                row.append(-1)
            else:
                row.append(AT[s][built + 1] if up[s] else AT[s][FULL - built])
        out.append(tuple(row))
    return tuple(out)


class UDState(CachedMoves, State):
    """An Udvasa game in progress. Make one with ``Udvasa.new_game`` or ``Udvasa.position``."""

    __slots__ = ("game", "history", "current_player", "_stacks", "_built", "_stock", "_end", "_legal",
                 "_need", "_near", "_at_once", "_literal")

    def __init__(self, game: Game, stacks: list[list[int]], built: list[int], stock: list[int], end: str = ""):
        """From card places; ``stacks`` bottom first, ``built`` cards on each suit's build stack,
        ``stock`` top *last* (dealt by popping from the end)."""
        self.game = game
        self.history = []
        self._stacks = stacks
        self._built = built
        self._stock = stock
        self._end = end
        self._need = game.needs
        self._near = game.near
        self._at_once = game.fill == "at-once"
        self._literal = game.dealing == "no-moves"
        self._legal = None
        self.current_player = 0
        if end or sum(built) == N_CARDS or (not stock and self._moves() is STOP_ONLY):
            self._end = end or ("won" if sum(built) == N_CARDS else "stuck")
            self.current_player = None

    def copy(self) -> "UDState":
        other = UDState.__new__(UDState)
        other.game = self.game
        other.history = list(self.history)
        other.current_player = self.current_player
        other._stacks = [list(s) for s in self._stacks]
        other._built = list(self._built)
        other._stock = list(self._stock)
        other._end = self._end
        other._legal = self._legal
        other._need = self._need
        other._near = self._near
        other._at_once = self._at_once
        other._literal = self._literal
        return other

    # --- the rules ------------------------------------------------------------------------------
    def _moves(self):
        """Every legal move now, in a fixed order: builds, moves between stacks, fills, then deal or stop."""
        if self._end:
            return ()
        stacks = self._stacks
        empty = [i for i in range(STACKS) if not stacks[i]]
        fills = []
        if empty:
            fills = [SHIFTS[a * STACKS + e] for a in range(STACKS) if len(stacks[a]) > 1 for e in empty]
            if fills and self._at_once:
                return fills
        need, built, near = self._need, self._built, self._near
        moves = []
        byval = [[], [], [], [], [], [], [], [], [], [], [], [], [], []]
        tops = []
        for i, s in enumerate(stacks):
            if s:
                c = s[-1]
                tops.append((i, c))
                byval[VALUE[c]].append(i)
                if need[SUIT[c]][built[SUIT[c]]] == c:
                    moves.append(BUILDS[i])
        for i, c in tops:
            base = i * STACKS
            for w in near[VALUE[c]]:
                for j in byval[w]:
                    moves.append(SHIFTS[base + j])
        if fills:
            moves += fills
        if self._stock:
            if self._literal:  # deal only when no card can move; meanwhile you may give up
                if not moves:
                    return DEAL_ONLY
                moves.append(STOP_MOVE)
            elif not fills:
                if not moves:
                    return DEAL_ONLY
                moves.append(DEAL_MOVE)
        elif not moves:
            return STOP_ONLY
        else:
            moves.append(STOP_MOVE)
        return moves

    def _do(self, move: UDMove) -> None:
        """Make ``move`` (known legal) on the cards only, no record (the solver's step; :meth:`_undo` takes it back)."""
        k = move._k
        stacks = self._stacks
        if k == SHIFT:
            stacks[move.dst].append(stacks[move.src].pop())
        elif k == BUILD:
            self._built[SUIT[stacks[move.src].pop()]] += 1
        elif k == DEAL:
            stock = self._stock
            for s in stacks[:len(stock)]:  # (a hand-set stock may hold fewer than eight)
                s.append(stock.pop())
        else:
            self._end = "stopped"
        self._legal = None

    def _undo(self, move: UDMove, suit: int = -1) -> None:
        """Take back ``move`` made by :meth:`_do`; for a build, ``suit`` is the suit of the card built, for a
        deal the number of cards dealt."""
        k = move._k
        stacks = self._stacks
        if k == SHIFT:
            stacks[move.src].append(stacks[move.dst].pop())
        elif k == BUILD:
            built = self._built
            built[suit] -= 1
            stacks[move.src].append(self._need[suit][built[suit]])
        elif k == DEAL:
            stock = self._stock
            for s in reversed(stacks[:suit]):
                stock.append(s.pop())
        else:
            self._end = ""
        self._legal = None

    def won(self) -> bool:
        return sum(self._built) == N_CARDS

    # --- the protocol (legal_moves and legal_move_sequence: CachedMoves, from _moves) --------------
    def apply(self, move: UDMove | str) -> UDRecord:
        if isinstance(move, str):
            move = self.game.parse_move(move)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._moves()
        if move not in legal:
            self.check(move)
            raise AssertionError(f"{move} passed check but is not legal")  # pragma: no cover
        return self.apply_legal(move)

    def apply_legal(self, move: UDMove) -> UDRecord:
        k = move._k
        stacks = self._stacks
        card = onto = exposed = None
        dealt = ()
        clauses = CL_MORE
        if k == SHIFT:
            src, dst = stacks[move.src], stacks[move.dst]
            card = src[-1]
            onto = dst[-1] if dst else None
            exposed = src[-2] if len(src) > 1 else None
            clauses = CL_FILL if onto is None else CL_SHIFT_V if VALUE[card] > 10 or VALUE[onto] > 10 else CL_SHIFT
        elif k == BUILD:
            src = stacks[move.src]
            card = src[-1]
            exposed = src[-2] if len(src) > 1 else None
            clauses = CL_BUILD
        elif k == DEAL:
            dealt = tuple(CARDS[c] for c in self._stock[:-STACKS - 1:-1])
        else:
            clauses = CL_STOP
        self._do(move)
        end = ""
        if k == STOP:
            end = "stopped"
        elif k == BUILD and sum(self._built) == N_CARDS:
            end = "won"
            clauses = CL_WON
        elif not self._stock and self._moves() is STOP_ONLY:
            end = "stuck"
            clauses = clauses + ("ud.lose",)
        if end:
            self._end = end
            self.current_player = None
        record = _new(UDRecord, (0, move, clauses, None if card is None else CARDS[card],
                                 None if onto is None else CARDS[onto], None if exposed is None else CARDS[exposed],
                                 dealt, len(self._stock), end))
        self.history.append(record)
        return record

    def check(self, move: UDMove | str) -> None:
        """Raise IllegalMoveError naming the clause unless ``move`` is legal now."""
        if isinstance(move, str):
            move = self.game.parse_move(move)
        if not isinstance(move, UDMove):
            raise IllegalMoveError(move, "ud.shift", "that is not an Udvasa move")
        if self._end:
            raise IllegalMoveError(move, self.result().clause, "the game is over")
        stacks = self._stacks
        k = move._k
        if k == STOP:
            if self._stock and not self._literal:
                raise IllegalMoveError(move, "ud.lose", f"the stock still holds {len(self._stock)} cards: deal them "
                                       "before giving up")
            self._fill_due(move)
            if self._stock and self._moves() is DEAL_ONLY:
                raise IllegalMoveError(move, "ud.more", "no card can move, so you deal the next eight: you may give "
                                       "up only while a card can move")
            return
        if self._fill_due(move):
            return
        if k == DEAL:
            if not self._stock:
                raise IllegalMoveError(move, "ud.more", "the stock is used up: there is nothing left to deal")
            if self._literal and self._moves() is not DEAL_ONLY:
                raise IllegalMoveError(move, "ud.more", "a card can still move: you deal only when no card can move")
            return
        src = stacks[move.src]
        if not src:
            raise IllegalMoveError(move, "ud.shift" if k == SHIFT else "ud.build",
                                   f"working stack {move.src + 1} is empty: there is no card to move")
        c = src[-1]
        if k == BUILD:
            s = SUIT[c]
            want = self._need[s][self._built[s]]
            if want != c:
                needs = ("is complete" if want < 0 else f"takes the {card_name(want)} next")
                raise IllegalMoveError(move, "ud.build", f"the build stack of {SUITS[s].name} {needs}, not the "
                                       f"{card_name(c)}")
            return
        dst = stacks[move.dst]
        if not dst:
            if len(src) < 2:
                raise IllegalMoveError(move, "ud.fill", f"the {card_name(c)} is alone on stack {move.src + 1}: an "
                                       "empty stack is filled from a stack of two or more cards")
            return
        d = dst[-1]
        if VALUE[d] not in self._near[VALUE[c]]:
            pair = {VALUE[c], VALUE[d]}
            if pair == {1, 12}:
                raise IllegalMoveError(move, "ud.values", f"the Raja counts 12 and the 1 counts 1: the {card_name(c)} "
                                       f"does not go onto the {card_name(d)} (they meet only in the wrap variant)")
            raise IllegalMoveError(move, "ud.shift", f"the {card_name(c)} is neither one more nor one less than the "
                                   f"{card_name(d)} on stack {move.dst + 1}")

    def _fill_due(self, move: UDMove) -> bool:
        """Whether ``move`` is a fill that is due; raise when a fill is due first and ``move`` is not one."""
        stacks = self._stacks
        empty = [i + 1 for i in range(STACKS) if not stacks[i]]
        if not empty or not any(len(s) > 1 for s in stacks):
            return False
        is_fill = move._k == SHIFT and not stacks[move.dst] and len(stacks[move.src]) > 1
        if is_fill:
            return True
        which = "stack " + " and ".join(map(str, empty))
        if self._at_once:
            raise IllegalMoveError(move, "ud.fill", f"{which} is empty and must be filled first, with the top card "
                                   "of a stack of two or more cards")
        if move._k == DEAL:
            raise IllegalMoveError(move, "ud.fill", f"{which} is empty and must be filled before you deal")
        return False

    # --- results and views ----------------------------------------------------------------------
    def result(self) -> UDResult:
        end = self._end
        if not end:
            raise GameNotOverError("the game is not over yet", "ud.win")
        if end == "won":
            return UDResult((0,), (1.0,), "every card is on its build stack", "ud.win")
        built = sum(self._built)
        reason = "the game was given up" if end == "stopped" else "the stock is used up and no card can move"
        return UDResult((), (0.0,), f"{reason}, with {built} of the 96 cards built", "ud.lose")

    def view(self, player: int) -> UDView:
        return UDView(player, self.build_tops(), self.stacks, len(self._stock), self.current_player)

    def sample_stock(self, seed: int | str) -> "UDState":
        """A copy whose stock is shuffled afresh with ``seed``: the player sees every working stack and build
        stack, so she knows which cards the stock holds but not their order. The stock's cards are taken in
        deck order before shuffling, so the copy depends only on what she sees and on ``seed``.

        (The searching player of :mod:`.player` uses this; the contract's ``sample_hidden`` is this too.)"""
        other = self.copy()
        other._stock = shuffled(sorted(self._stock), seed)
        return other

    def sample_hidden(self, player: int, seed: int | str) -> "UDState":
        """The contract's sampling: the stock's order is all she cannot see (:meth:`sample_stock`)."""
        return self.sample_stock(seed)

    move_priority = _move_priority

    # --- the table as values --------------------------------------------------------------------
    @property
    def hands(self) -> list[list[Card]]:
        return [[]]  # the player holds no cards: everything lies on the table

    @property
    def stacks(self) -> tuple[tuple[Card, ...], ...]:
        """The eight working stacks, each bottom first (the last card is the top)."""
        return tuple(tuple(CARDS[c] for c in s) for s in self._stacks)

    @property
    def stock(self) -> list[Card]:
        """The stock, top card first."""
        return [CARDS[c] for c in reversed(self._stock)]

    @property
    def built(self) -> tuple[int, ...]:
        """How many cards lie on each suit's build stack (1 to 12), in the deck's suit order."""
        return tuple(self._built)

    def build_tops(self) -> tuple[Card, ...]:
        """The top card of each suit's build stack, in the deck's suit order."""
        up = self.game.up_flags
        return tuple(CARDS[AT[s][b if up[s] else FULL + 1 - b]] for s, b in enumerate(self._built))

    def built_cards(self) -> list[int]:
        up = self.game.up_flags
        out = []
        for s, b in enumerate(self._built):
            out += [AT[s][v] for v in (range(1, b + 1) if up[s] else range(FULL, FULL - b, -1))]
        return out

    def all_cards(self) -> list[Card]:
        cards = self.built_cards() + [c for s in self._stacks for c in s] + self._stock
        return [CARDS[c] for c in cards]

    def position(self) -> str:
        """This position as text that ``Udvasa.position`` reads back."""
        stacks = " / ".join(format_cards(CARDS[c] for c in s) for s in self._stacks)
        text = f"build={format_cards(self.build_tops())}; stacks={stacks}; stock={format_cards(self.stock)}"
        return text + ("; end=stopped" if self._end == "stopped" else "")

    def __str__(self) -> str:
        lines = [f"Udvasa: {'game over: ' + self.result().narrate(default_names(1)) if self._end else 'to play'}",
                 "build:  " + format_cards(self.build_tops())]
        for i, s in enumerate(self._stacks):
            lines.append(f"{i + 1}:      {format_cards(CARDS[c] for c in s)}")
        lines.append(f"stock:  {len(self._stock)} cards")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"{self.game!r}.position({self.position()!r})"
