"""The state of a stakes game (:class:`StakesState`): rounds with a dealer who passes on, chance's deals and
draws, the running totals and the pot, the result; each game supplies its own round."""

from __future__ import annotations

from math import floor
from typing import Sequence

from ...cards import Card, cards_in
from ...errors import GameNotOverError, IllegalMoveError, NotationError
from ...protocol import CHANCE, Result, State
from ..hidden import redeal
from ...shuffle import Rng
from .dealer import choose_dealer, deal_order, dealt_from_tail, next_dealer
from .moves import ChanceMove, DealerChoice, NewDeal
from .positions import format_position
from .records import StakesRecord


def _index(card: Card) -> int:
    return card.index


class StakesState(State):
    """A game of several rounds with a dealer who passes on, stakes and running totals.

    The generic part: the first dealer (seat 0 or chance's ``dealer`` step), chance's new deal
    between rounds (the whole pack shuffled: every card comes back), the dealer's rotation, the
    running totals (``balance``, per seat, always summing to zero with the ``pot`` on the table),
    the result. A game subclasses it and supplies:

    * ``HAND_SIZE`` and the clause ids in ``CL`` (keys ``players``, ``dealer``, ``deal``, ``rotate``,
      ``rounds``, and ``money``: the clause a position whose money does not balance breaks);
    * ``_begin_round()``: reset what a round keeps and set ``current_player``;
    * ``_moves()``: the current player's legal moves (a tuple);
    * ``_play(move)``: apply a legal move of a player, return the record;
    * ``_refuse(move)``: raise IllegalMoveError with the clause for a move that is not legal;
    * if the game has blind draws: ``_chance_draw(rng)``, chance's draw from its stream; ``_check_draw(move)``, its check;
      ``_drawn(move)``, its application (returns the record);
    * ``RECORD``: its :class:`StakesRecord` subclass.
    """

    HAND_SIZE = 3
    CL: dict = {}
    RECORD = StakesRecord

    __slots__ = ("game", "history", "current_player", "_hands", "_pack", "_out", "_dealer", "_round",
                 "_balance", "_pot", "_order", "_turn", "_pending", "_legal", "_last_pay")

    def __init__(self, game, hands, pack, *, start: bool = True):
        self.game = game
        self.history = []
        self._hands = list(map(list, hands))
        self._pack = list(pack)  # undealt cards; the top is the last item
        self._out = []  # cards discarded this round (out of play until the next deal)
        self._dealer = 0
        self._round = 1
        n = game.players
        self._balance = [0] * n
        self._pot = 0
        self._order = deal_order(0, n)
        self._turn = 0
        self._pending = None
        self._legal = None
        self._last_pay = None
        self.current_player = None
        self._clear_round()  # a game's own round slots exist from the start (copy/view before the first deal)
        if start:
            if game.first_dealer == "chance":
                self.current_player = CHANCE
                self._pending = "dealer"
            else:
                self._begin_round()

    def cards_dealt(self) -> bool:
        """Whether the rules have dealt the cards yet (a picture draws no hand before): not while chance is
        still choosing the first dealer, whom the rules have deal the cards. The engine deals them from the
        seed at the start, but a player sees no card before the dealer deals it."""
        return self._pending != "dealer"

    def _clear_round(self) -> None:
        """Set what a game keeps for one round to its empty value (a game with such slots overrides it)."""

    # --- copying ----------------------------------------------------------------------
    def copy(self):
        other = object.__new__(type(self))
        for name in self._all_slots():
            value = getattr(self, name)
            if type(value) is list:
                value = [list(v) if type(v) is list else v for v in value]
            elif type(value) is dict:
                value = dict(value)
            object.__setattr__(other, name, value)
        return other

    @classmethod
    def _all_slots(cls) -> tuple[str, ...]:
        slots = cls.__dict__.get("_slot_names")
        if slots is None:
            names: list[str] = []
            for k in reversed(cls.__mro__):
                for s in getattr(k, "__slots__", ()):
                    if s not in names and s != "__weakref__":
                        names.append(s)
            slots = tuple(names)
            setattr(cls, "_slot_names", slots)
        return slots

    # --- the protocol -------------------------------------------------------------------
    def legal_moves(self) -> list:
        if self.current_player is None or self.current_player == CHANCE:
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = self._moves()
        return list(legal)

    def legal_move_sequence(self):
        if self.current_player is None or self.current_player == CHANCE:
            return ()
        legal = self._legal
        if legal is None:
            legal = self._legal = self._moves()
        return legal

    def check(self, move) -> None:
        if isinstance(move, str):
            move = self.game.parse_move(move)
        cp = self.current_player
        if cp is None:
            raise self._over(move)
        if cp == CHANCE:
            self._check_chance(move)
            return
        if isinstance(move, ChanceMove):
            raise IllegalMoveError(move, self.CL["deal"], "only chance shuffles, deals and draws blind")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._moves()
        if move not in legal:
            self._refuse(move)
            raise IllegalMoveError(move, self.CL["deal"], "that move is not allowed now")  # pragma: no cover

    def apply(self, move):
        if isinstance(move, str):
            move = self.game.parse_move(move)
        cp = self.current_player
        if cp == CHANCE:
            self._check_chance(move)
            record = self._chance(move)
        elif cp is None:
            raise self._over(move)
        else:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._moves()
            if move not in legal:
                self.check(move)
            self._legal = None
            record = self._play(move)
        self.history.append(record)
        return record

    def play_random(self, streams, chance, max_moves: int):
        """:meth:`State.play_random` for these games, the calls of each step written out: a seat's moves
        are ``_moves()``, its move is ``_play(move)``; chance's step is ``_chance(chance.outcome(self))``."""
        history = self.history
        append = history.append
        moves_of, play = self._moves, self._play
        self._legal = None
        for _ in range(max_moves):
            seat = self.current_player
            if seat is None:
                return self
            if seat == CHANCE:
                append(self._chance(chance.outcome(self)))
            else:
                moves = moves_of()
                append(play(moves[floor(streams[seat]() * len(moves))]))
        return self

    def apply_legal(self, move):
        """:meth:`apply` for one of ``legal_move_sequence()``: no check."""
        self._legal = None
        record = self._play(move)
        self.history.append(record)
        return record

    def play_chance(self, chance):
        """Chance's step, its own outcome not checked again (a blind draw: ``_chance_draw`` notes where its
        cards lie, as ``_check_draw`` would)."""
        record = self._chance(chance.outcome(self))
        self.history.append(record)
        return record

    def _over(self, move) -> IllegalMoveError:
        return IllegalMoveError(move, self.CL["rounds"], "the game is over")

    # --- chance -------------------------------------------------------------------------
    def chance_outcome(self, rng: Rng):
        pending = self._pending
        if self.current_player != CHANCE:
            return super().chance_outcome(rng)
        if pending == "dealer":
            return DealerChoice(choose_dealer(rng, self.game.players))
        if pending == "deal":
            players = self.game.players
            tail, _ = rng.shuffled_tail(self.game.deck.cards, players * self.HAND_SIZE)
            return NewDeal(dealt_from_tail(tail, players, next_dealer(self._dealer, players)))
        return self._chance_draw(rng)

    def _chance_draw(self, rng: Rng):  # pragma: no cover - games with blind draws override it
        raise IllegalMoveError("draw", self.CL["deal"], "nothing is drawn in this game")

    def _check_chance(self, move) -> None:
        pending = self._pending
        if pending == "dealer":
            n = self.game.players
            if not isinstance(move, DealerChoice) or not 0 <= move.seat < n:
                raise IllegalMoveError(move, self.CL["dealer"], f"chance chooses the first dealer: "
                                       f"'dealer P1' to 'dealer P{n}'")
            return
        if pending == "deal":
            n = self.game.players
            if not isinstance(move, NewDeal):
                raise IllegalMoveError(move, self.CL["deal"], "the cards are shuffled and dealt for the next round")
            cards = [c for h in move.hands for c in h]
            if len(move.hands) != n or any(len(h) != self.HAND_SIZE for h in move.hands) \
                    or len(set(cards)) != len(cards) or any(c.suit.deck != self.game.deck.key for c in cards):
                raise IllegalMoveError(move, self.CL["deal"], f"a new deal gives {self.HAND_SIZE} different cards "
                                       f"of the pack to each of the {n} players")
            return
        self._check_draw(move)

    def _check_draw(self, move) -> None:  # pragma: no cover - games with blind draws override it
        raise IllegalMoveError(move, self.CL["deal"], "nothing is drawn now")

    def _drawn(self, move):  # pragma: no cover - games with blind draws override it
        raise IllegalMoveError(move, self.CL["deal"], "nothing is drawn now")

    def _chance(self, move):
        pending = self._pending
        if pending == "dealer":
            self._pending = None
            self._dealer = move.seat
            self._begin_round()
            return self.RECORD((CHANCE, move, (self.CL["dealer"],), ("dealer", move.seat), None, False))
        if pending == "deal":
            self._pending = None
            self._dealer = next_dealer(self._dealer, self.game.players)
            self._round += 1
            dealt = set(c for h in move.hands for c in h)
            self._pack = [c for c in self.game.deck.cards if c not in dealt]
            self._out = []
            self._hands = [list(h) for h in move.hands]
            self._begin_round()
            return self.RECORD((CHANCE, move, (self.CL["rotate"], self.CL["deal"]),
                                ("deal", self._dealer, self._round), None, False))
        return self._drawn(move)

    # --- sampling -------------------------------------------------------------------------
    def sample_hidden(self, player: int, seed: int | str):
        """A copy in which every card ``player`` cannot know is dealt afresh (:func:`redeal`): the cards of the
        hands, the pack and the cards put out that are not in the seat's view nor shown to it (nor known to it
        otherwise: :meth:`_known_out`) are pooled and dealt back into the same places. Before a show that may
        be every card, the seat's own too, where the rules have it bet before it looks."""
        known = cards_in(self.view(player)) | self.visible_cards(player) | self._known_out(player) | {None}
        n = len(self._hands)
        dealt = redeal(self._hands + [self._pack, self._out], known, seed, key=_index)
        other = self.copy()
        other._hands, other._pack, other._out = dealt[:n], dealt[n], dealt[n + 1]
        other._legal = None
        return other

    def _known_out(self, player: int) -> set:
        """The cards put out this round whose faces ``player`` knows (a game that puts cards out says which)."""
        return set()

    # --- rounds ---------------------------------------------------------------------------
    def _start_turns(self) -> None:
        """Turns in the order of play: the player after the dealer first, the dealer last."""
        self._order = deal_order(self._dealer, self.game.players)
        self._turn = 0
        self.current_player = self._order[0]

    def _end_round(self, pay: Sequence[int]) -> bool:
        """Add a round's payments to the running totals; then the next deal (chance) or the end.
        Returns True when the game is over."""
        bal = self._balance
        for s, p in enumerate(pay):
            bal[s] += p
        self._last_pay = tuple(pay)
        if self._round < self.game.round_count:
            self.current_player = CHANCE
            self._pending = "deal"
            return False
        self.current_player = None
        return True

    # --- results -----------------------------------------------------------------------------
    @property
    def balance(self) -> tuple[int, ...]:
        """Each seat's running total in stakes (won +, lost -)."""
        return tuple(self._balance)

    @property
    def pot(self) -> int:
        return self._pot

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def round(self) -> int:
        return self._round

    def result(self) -> Result:
        if self.current_player is not None:
            raise GameNotOverError("the game is not over yet", self.CL["rounds"])
        return self._result()

    def _result(self) -> Result:
        bal = self._balance
        best = max(bal)
        winners = tuple(s for s, b in enumerate(bal) if b == best)
        rounds = self.game.round_count
        over = f"{rounds} round{'s' if rounds != 1 else ''}"
        if best == 0 and not any(bal):
            reason = f"nobody is ahead after {over}: no money changed hands"
        else:
            reason = f"{'+' if best > 0 else ''}{best} after {over}"
        return Result(winners, tuple(map(float, bal)), reason, self.CL["rounds"])

    # --- cards ----------------------------------------------------------------------------------
    @property
    def hands(self) -> list[list[Card]]:
        return [list(h) for h in self._hands]

    def all_cards(self) -> list[Card]:
        return [c for h in self._hands for c in h] + self._pack + self._out

    @property
    def pack(self) -> list[Card]:
        """The undealt cards, top first."""
        return list(reversed(self._pack))

    # --- positions as text ----------------------------------------------------------------------
    def position(self) -> str:
        return format_position(self)

    def _position_extra(self) -> tuple[tuple[str, str], ...]:
        """The game's own keys of a position (``POSITION_KEYS``), as (key, text)."""
        return ()

    def _set_position(self, turn: int | None, fields: dict) -> None:
        """Set whose turn it is (and the game's own keys) in a position being read."""
        raise NotImplementedError

    CHANCE_STEPS: tuple[str, ...] = ()  # chance's own steps in a round besides the deal (e.g. "draw")

    @staticmethod
    def drawing_seat(fields: dict, players: int) -> int | None:
        """The seat whose hand is short while chance draws for it (games with blind draws)."""
        return None

    def _set_chance_position(self, pending: str, fields: dict) -> None:
        """A position where chance acts: before the first dealer is chosen (``dealer``) or between
        rounds (``deal``: the round's hands are still on the table, shown). Games add their own."""
        self._turn = 0
        self._legal = None

    def _has_pot(self) -> bool:
        """Whether stakes go into a pot in this game (with these options); else the pot is always empty."""
        return True

    def _check_money(self, fields: dict) -> None:
        """The money of a position read from text balances: every stake a player is up was paid by another
        player or lies in the pot, so the running totals and the pot sum to zero (clause ``CL["money"]``)."""
        clause = self.CL["money"]
        pot, total = self._pot, sum(self._balance)
        if pot and not self._has_pot():
            raise NotationError(f"pot={fields.get('pot', pot)}", f"{self.game.title} has no pot here: "
                                f"{self.NO_POT} [clause {clause}]", clause)
        if total + pot:
            written = fields.get("balance", " ".join("0" * len(self._balance)))
            raise NotationError(f"balance={written}", f"the money does not balance: the totals (summing to {total}) "
                                f"and the pot ({pot}) must sum to zero, every stake won or in the pot having been "
                                f"paid by a player [clause {clause}]", clause)

    NO_POT = "no stakes go into a pot"  # why a game has no pot (when ``_has_pot()`` is False)

    def _turn_at(self, turn: int | None) -> None:
        """Put the turn at seat ``turn`` (None: the game is over)."""
        self.current_player = turn
        self._turn = self._order.index(turn) if turn is not None else 0
        self._legal = None

    def __repr__(self) -> str:
        return f"{self.game!r}.position({self.position()!r})"
