"""A dealer with stakes: the machinery of the short gambling and comparison games (Komi, Nakash,
Sama; Naqsh could use it too), written once.

What every such game needs, and what this module holds:

* the **first dealer**: Player 1 (the players sit so that the one the rules name, e.g. the
  oldest, is Player 1), or chosen by chance, a chance step (:class:`DealerChoice`);
* the **deal**: cards one at a time round the table, starting with the player after the dealer
  (:func:`deal_order`, :func:`deal_hands`); later rounds are dealt by chance (:class:`NewDeal`);
* **blind draws** from the pack, as chance steps (:class:`Draw`);
* **stakes**: bets settled against the dealer (:func:`settle_against_dealer`), a pot of antes
  shared by the winners with the odd units going round in the order of play (:func:`split_pot`);
* the **dealer passes** to the next player after each round, and a game is a number of rounds
  with running totals (:class:`StakesState`); the money always sums to zero.

Seats are numbered in the order of play (the source's "counterclockwise"): the player after
seat ``s`` is seat ``s + 1``. In round 1 with ``first_dealer="player-1"`` seat 0 deals, so
``DEALER_SEAT = 0`` and the match layer (:mod:`engine.match`) seats each match deal's dealer there.

>>> deal_order(dealer=2, players=4)
(3, 0, 1, 2)
>>> [list(h) for h in deal_hands(list("abcdefgh"), players=4, dealer=0, size=2)]
[['d', 'h'], ['a', 'e'], ['b', 'f'], ['c', 'g']]
>>> settle_against_dealer(0, [0, 2, 1, 3], [0, 1, -1, 0])
[-1, 2, -1, 0]
>>> split_pot(10, (3, 1, 2))
{3: 4, 1: 3, 2: 3}
"""

from __future__ import annotations

from math import floor
from typing import Sequence

from ..cards import Card, Interned, format_cards, parse_cards
from ..errors import GameNotOverError, IllegalMoveError, NotationError
from ..protocol import CHANCE, Deal, Record, Result, State, default_names
from ..shuffle import Rng

FIRST_DEALER = ("player-1", "chance")
ROUNDS = (1, 2, 3, 4, 5, 6, 8, 10, 12)
# the ``rounds`` choice "one round for each player", so that everyone deals once (a game may offer it first)
EACH_DEALS_ONCE = "each-deals-once"


# ------------------------------------------------------------------------------ table helpers
def deal_order(dealer: int, players: int) -> tuple[int, ...]:
    """The seats in the order of play for a round: the player after the dealer first, the dealer last."""
    order = _ORDERS.get((dealer, players))
    if order is None:
        order = _ORDERS[dealer, players] = tuple((dealer + 1 + k) % players for k in range(players))
    return order


_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}


def deal_hands(pack: Sequence, players: int, dealer: int, size: int) -> list[list]:
    """Deal ``size`` cards to each seat from the top of ``pack`` (its first item), one at a time,
    starting with the player after the dealer; returns the hands in seat order."""
    hands: list[list] = [[] for _ in range(players)]
    order = deal_order(dealer, players)
    k = 0
    for _ in range(size):
        for seat in order:
            hands[seat].append(pack[k])
            k += 1
    return hands


def choose_dealer(rng: Rng, players: int) -> int:
    """The first dealer drawn by chance from its stream: every seat equally likely."""
    return rng.below(players)


def dealt_from_tail(tail: Sequence, players: int, dealer: int) -> list[list]:
    """The hands of a deal whose ``tail`` (the last places of a shuffled pack, as
    :meth:`~engine.shuffle.Rng.shuffled_tail` gives them) is the top of the pack, the top card last:
    one card at a time round the table from the player after the dealer (:func:`deal_hands`)."""
    return deal_hands(tail[::-1], players, dealer, len(tail) // players)


def next_dealer(dealer: int, players: int) -> int:
    """The deal passes to the next player in the order of play."""
    return (dealer + 1) % players


def settle_against_dealer(dealer: int, bets: Sequence[int], outcomes: Sequence[int]) -> list[int]:
    """Payments for bets against the dealer at even money: a punter who beats the dealer
    (outcome ``+1``) is paid their bet by the dealer, one who loses (``-1``) pays it, a tie (``0``)
    keeps it. ``bets`` and ``outcomes`` are per seat (the dealer's entries are ignored). Sums to zero."""
    pay = [0] * len(bets)
    for seat, (bet, outcome) in enumerate(zip(bets, outcomes)):
        if seat != dealer and outcome:
            pay[seat] += outcome * bet
            pay[dealer] -= outcome * bet
    return pay


def split_pot(pot: int, winners: Sequence[int]) -> dict[int, int]:
    """Share a pot of whole units among ``winners`` (seats in the order of play): equal shares,
    and the units that do not divide go one each to the first winners in that order."""
    share, odd = divmod(pot, len(winners))
    return {seat: share + (1 if k < odd else 0) for k, seat in enumerate(winners)}


# ------------------------------------------------------------------------------ players' moves
class Say(Interned):
    """A player's move in these games: a few words (``bet 2``, ``show``, ``keep``, ``exchange up``).

    Interned per game: ``Say.of("komi", "bet 2") is Say.of("komi", "bet 2")``; ``kind`` is the
    first word and ``amount`` a number that follows it (else 0).
    """

    __slots__ = ("_text", "kind", "amount", "game")
    _known: dict[tuple[str, str], "Say"] = {}

    @classmethod
    def of(cls, game: str, text: str) -> "Say":
        key = (game, text)
        move = cls._known.get(key)
        if move is None:
            move = object.__new__(cls)
            words = text.split()
            amount = int(words[-1]) if len(words) > 1 and words[-1].isdigit() else 0
            for name, value in (("_text", text), ("kind", words[0]), ("amount", amount), ("game", game)):
                object.__setattr__(move, name, value)
            cls._known[key] = move
        return move

    def __reduce__(self):
        return (Say.of, (self.game, self._text))

    def __repr__(self) -> str:
        return f"Say.of({self.game!r}, {self._text!r})"


def parse_say(game: str, text: str, allowed: Sequence[str], usage: str):
    """A player's move (one of ``allowed``, written exactly) or chance's, from ``text``."""
    if not isinstance(text, str):
        raise NotationError(repr(text), usage)
    words = " ".join(text.split())
    if words in allowed:
        return Say.of(game, words)
    chance = parse_chance(words) if words else None
    if chance is not None:
        return chance
    raise NotationError(text, usage)


# ------------------------------------------------------------------------------ chance's moves
class ChanceMove:
    """Base of chance's moves: small frozen values with a notation (``str``/``parse``)."""

    __slots__ = ()
    kind = ""

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and str(other) == str(self)

    def __hash__(self) -> int:
        return hash(str(self))

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"


class DealerChoice(ChanceMove):
    """Chance chooses the first dealer: ``dealer P3``."""

    __slots__ = ("seat",)
    kind = "dealer"

    def __init__(self, seat: int):
        object.__setattr__(self, "seat", seat)

    def __str__(self) -> str:
        return f"dealer P{self.seat + 1}"

    def __reduce__(self):
        return (DealerChoice, (self.seat,))

    @staticmethod
    def parse(text: str) -> "DealerChoice":
        words = text.split()
        if len(words) != 2 or words[0] != "dealer" or not words[1].startswith("P") \
                or not (words[1][1:].isascii() and words[1][1:].isdigit()) or words[1][1:2] == "0":
            raise NotationError(text, "chance's choice of dealer is written 'dealer P1', 'dealer P2', ...")
        return DealerChoice(int(words[1][1:]) - 1)


class NewDeal(ChanceMove):
    """Chance shuffles the whole pack and the new dealer deals: the hands in seat order, ``/`` between
    them: ``deal 5Sh 7Ta / 1Ba RGh``."""

    __slots__ = ("hands",)
    kind = "deal"

    def __init__(self, hands):
        object.__setattr__(self, "hands", tuple(tuple(h) for h in hands))

    def __str__(self) -> str:
        return "deal " + " / ".join(format_cards(h) for h in self.hands)

    def __reduce__(self):
        return (NewDeal, (self.hands,))

    @staticmethod
    def parse(text: str) -> "NewDeal":
        word, _, rest = text.strip().partition(" ")
        if word != "deal" or not rest.strip():
            raise NotationError(text, "chance's new deal is written 'deal' and the hands in seat order, "
                                      "'/' between them")
        return NewDeal(parse_cards(part) for part in rest.split("/"))


class Draw(ChanceMove):
    """Chance draws cards blind from the pack: ``draw 7Sh`` or ``draw 7Sh 3Ta``."""

    __slots__ = ("cards",)
    kind = "draw"

    def __init__(self, cards):
        object.__setattr__(self, "cards", tuple(cards))

    def __str__(self) -> str:
        return "draw " + format_cards(self.cards)

    def __reduce__(self):
        return (Draw, (self.cards,))

    @staticmethod
    def parse(text: str) -> "Draw":
        word, _, rest = text.strip().partition(" ")
        if word != "draw" or not rest.strip():
            raise NotationError(text, "chance's blind draw is written 'draw' and the cards drawn")
        return Draw(parse_cards(rest))


def parse_chance(text: str):
    """One of chance's moves, or None if ``text`` is not written as one."""
    head = text.lstrip().split(" ", 1)[0]
    if head == "dealer":
        return DealerChoice.parse(text)
    if head == "deal":
        return NewDeal.parse(text)
    if head == "draw":
        return Draw.parse(text)
    return None


# ------------------------------------------------------------------------------ records
class StakesRecord(Record, tuple):
    """What one step did (frozen): ``player``, ``move``, ``clauses``, then game-specific ``data``
    and ``round_over`` (the payments of the round this step finished, per seat, else None).
    Each game subclasses it with its own ``narrate``."""

    __slots__ = ()

    player = property(lambda self: self[0])
    move = property(lambda self: self[1])
    clauses = property(lambda self: self[2])
    data = property(lambda self: self[3])
    round_over = property(lambda self: self[4])
    ended = property(lambda self: self[5])

    @property
    def game_over(self) -> bool:
        return self[5]

    def __repr__(self) -> str:
        return f"{type(self).__name__}{tuple(self)!r}"

    def story(self, names: Sequence[str] | None = None) -> str:
        """The step in a match told round by round: who deals is the round's heading and the running totals
        are the story's table, so chance's choice of dealer and the passing of the deal are left out ("")
        and a show is told without its totals (``narrate(names, totals=False)``)."""
        if self[3][0] in ("dealer", "deal"):
            return ""
        return self.narrate(names, totals=False)


def with_totals(text: str, totals: str, cite: str, label: str = "Totals") -> str:
    """A round's last sentence closed with its running totals (``Totals: Asha +4, Bela -3``) and its
    citations, or, without totals (a match's story, whose table shows them), with the citations alone."""
    if totals:
        return f"{text} {label}: {totals} {cite}."
    return f"{text.rstrip('.')} {cite}."


def names_of(names: Sequence[str] | None, seat: int) -> str:
    return (names or default_names(max(seat + 1, 6)))[seat]


def join_names(people: Sequence[str]) -> str:
    people = list(people)
    if not people:
        return "nobody"
    return people[0] if len(people) == 1 else ", ".join(people[:-1]) + " and " + people[-1]


def money(amount: int) -> str:
    return f"{amount} stake{'s' if amount != 1 else ''}"


def payments_text(pay: Sequence[int], names: Sequence[str] | None) -> str:
    """``Asha +2, Bela -1, Chitra -1``: a round's payments or running totals in players' words."""
    return ", ".join(f"{names_of(names, s)} {'+' if p > 0 else ''}{p}" for s, p in enumerate(pay))


# ------------------------------------------------------------------------------ the state
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


# ------------------------------------------------------------------------------ the definition
class StakesGame:
    """Mixin for the definitions of these games (put before ``Game`` in the bases): the deal, the
    check of a deal, moves as text, positions as text, and the match layer's settlement.

    A game sets ``STATE`` (its :class:`StakesState` subclass), ``MOVES`` (every player's move as
    written), ``MOVE_USAGE`` and ``POSITION_KEYS`` (its own keys in a position, besides the common ones).
    """

    DEALER_SEAT = 0  # Player 1 deals the first round (engine.match seats each deal's dealer here)
    DEALER_ROTATES = True
    HAS_POSITIONS = True
    MOVES: tuple[str, ...] = ()
    MOVE_USAGE = ""
    POSITION_KEYS: tuple[str, ...] = ()
    DRAW_CLAUSE: str | None = None  # the clause of chance's blind draws, if not the deal's (DEAL_CLAUSE)
    FIRST_DEALER = "the player the table names, sitting as Player 1"  # the `first_dealer=player-1` words

    @property
    def round_count(self) -> int:
        """The rounds in a game: the ``rounds`` option, or one for each player with ``rounds=each-deals-once``.

        >>> from engine import get_game
        >>> get_game("komi", players=5).round_count, get_game("komi", players=5, rounds=2).round_count
        (5, 2)
        """
        return self.players if self.rounds == EACH_DEALS_ONCE else self.rounds

    def first_dealer_words(self) -> str:
        """How the first dealer is chosen, by the ``first_dealer`` option, in players' words."""
        return "chosen by chance, for instance by cutting the pack" if self.first_dealer == "chance" else self.FIRST_DEALER

    def deal(self, seed):
        """Shuffle with ``seed``; Player 1 deals one card at a time round the table, starting with
        the player after them, until each has a hand; the rest is the pack (``pack``, top first)."""
        size = self.STATE.HAND_SIZE
        n = self.players
        k = n * size
        dealt, rest = Rng(seed).shuffled_tail(self.deck.cards, k)
        top = tuple(dealt[::-1])  # the top of the pack first: Player 2 gets the first card, Player 1 the n-th
        rest.reverse()  # the pack, top first
        deal = Deal(tuple([top[(s - 1) % n::n] for s in range(n)]), (("pack", tuple(rest)),))
        _MADE[0] = deal  # a deal made here fits: new_game need not check it card by card
        return deal

    def new_game(self, deal):
        """The game at its first step from ``deal`` (DealError citing the deal clause if it does not fit)."""
        if deal is _MADE[0] and len(deal.hands) == self.players:
            return self.STATE(self, deal.hands, deal.piles[0][1][::-1])
        clause = self.DEAL_CLAUSE
        if not isinstance(deal, Deal):
            raise self.deal_error(f"a deal is dealt cards, not {type(deal).__name__}", clause)
        size = self.STATE.HAND_SIZE
        if len(deal.hands) != self.players:
            raise self.deal_error(f"it has {len(deal.hands)} hands for {self.players} players", clause)
        if len(deal.piles) != 1 or deal.piles[0][0] != "pack":
            raise self.deal_error("the cards not dealt form one pile, 'pack'", clause)
        for seat, hand in enumerate(deal.hands):
            if len(hand) != size:
                raise self.deal_error(f"P{seat + 1} holds {len(hand)} cards, not {size}", clause)
        pack = deal.piles[0][1]
        cards = [c for h in deal.hands for c in h]
        cards += pack
        if len(cards) != len(self.deck.cards) or set(map(id, cards)) != _card_ids(self.deck):
            raise self.deal_error(f"it must hold each of the {len(self.deck.cards)} cards of the "
                                  f"{self.deck.name} deck exactly once", clause)
        return self.STATE(self, deal.hands, pack[::-1])

    def parse_move(self, text):
        move = parse_say(self.name, text, self.MOVES, self.MOVE_USAGE)
        if isinstance(move, (NewDeal, Draw)):
            key = self.deck.key
            cards = move.cards if isinstance(move, Draw) else [c for h in move.hands for c in h]
            for card in cards:
                if card.suit.deck != key:
                    clause = (isinstance(move, Draw) and self.DRAW_CLAUSE) or self.DEAL_CLAUSE
                    raise NotationError(str(card), f"{self.title} is played with the {self.deck.name} deck "
                                        f"[clause {clause}]", clause)
        return move

    def deal_points(self, state) -> tuple[float, ...]:
        """A deal's points in a match: the stakes each seat won or lost."""
        return tuple(float(b) for b in state.balance)

    def settle(self, state) -> tuple[float, ...]:
        """What each seat won (+) or paid (-) over the game; sums to zero."""
        return tuple(float(b) for b in state.balance)

    def position(self, text: str):
        """A hand-set position (see :func:`parse_position`)."""
        return parse_position(self, text)


_IDS: dict = {}
_MADE: list = [None]  # the last deal StakesGame.deal made (immutable, so it stays valid)


def _card_ids(deck) -> frozenset:
    """The ids of a deck's cards (cards are interned: one object per card), to check a deal at C speed."""
    ids = _IDS.get(deck.key)
    if ids is None:
        ids = _IDS[deck.key] = frozenset(map(id, deck.cards))
    return ids


def parse_position(game, text: str):
    """A position of one of these games from text::

        dealer=P1; turn=P2; round=1; balance=0 0 0; pot=0; P1=5Sh 7Ta VGh; P2=...; P3=...

    ``dealer`` deals this round; ``turn`` is the player to move (``-`` once the game is over);
    ``round`` (default 1) counts the rounds played with this one; ``balance`` the running totals
    (default all 0); ``pot`` the stakes on the table (default 0); the hands in seat order (their
    number sets the number of players); ``out`` cards discarded this round; any key the game adds
    (``POSITION_KEYS``). The cards named nowhere are the pack, in deck order. ``pack=N`` may be
    written as a check. The money must balance: the running totals and the pot sum to zero (a game
    without a pot, such as Komi, has ``pot=0``); else NotationError citing ``CL["money"]``.
    """
    import dataclasses

    from ..notation import seat as read_seat, whole_number
    from ..protocol import split_notation

    state_cls = game.STATE
    hand_texts, fields = split_notation(
        text, "a position is written as 'key=value' parts separated by ';'",
        ("dealer", "turn", "chance", "round", "balance", "pot", "out", "pack", *game.POSITION_KEYS),
        "unknown part; a position has dealer, turn, chance, round, balance, pot, out, pack, P1..Pn"
        + "".join(f", {k}" for k in game.POSITION_KEYS))
    n = len(hand_texts)
    cls = type(game)
    if not cls.min_players <= n <= cls.max_players:
        clause = state_cls.CL["players"]
        raise NotationError(f"P{n}", f"{game.title} needs {cls.min_players} to {cls.max_players} hands "
                            f"[clause {clause}]", clause)
    if n != game.players:
        game = dataclasses.replace(game, players=n)

    def seat(key: str, allow_none: bool = False):
        value = fields.get(key, "")
        if allow_none and value == "-":
            return None
        number = read_seat(value, n)
        if number is not None:
            return number
        raise NotationError(value or key, f"'{key}=' names a player, P1 to P{n}" + (" (or -)" if allow_none else ""))

    for key in ("dealer", "turn"):
        if key not in fields:
            raise NotationError(text, f"a position needs '{key}=' ({'the player to move, or chance' if key == 'turn' else 'the player who deals this round'}, e.g. {key}=P1)")
    seen: set = set()

    def take(text_: str) -> list:
        out = []
        for card in parse_cards(text_):
            if card.suit.deck != game.deck.key:
                raise NotationError(str(card), f"{game.title} is played with the {game.deck.name} deck")
            if card in seen:
                raise NotationError(str(card), "this card appears twice in the position")
            seen.add(card)
            out.append(card)
        return out

    hands = [take(h) for h in hand_texts]
    chance = fields.get("chance") if fields.get("turn") == "chance" else None
    if (fields.get("turn") == "chance") != ("chance" in fields) or \
            (chance is not None and chance not in ("dealer", "deal", *state_cls.CHANCE_STEPS)):
        raise NotationError(fields.get("chance", "turn=chance"), "when chance is to act, write 'turn=chance' and "
                            "what it does: 'chance=dealer' (choose the first dealer) or 'chance=deal' (the next "
                            "round)" + "".join(f" or 'chance={k}'" for k in state_cls.CHANCE_STEPS))
    for i, h in enumerate(hands):
        if len(h) != state_cls.HAND_SIZE and not (chance in state_cls.CHANCE_STEPS and i == state_cls.drawing_seat(fields, n)):
            raise NotationError(hand_texts[i] or "-", f"P{i + 1} must hold {state_cls.HAND_SIZE} cards "
                                f"[clause {state_cls.CL['deal']}]", state_cls.CL["deal"])
    out = take(fields.get("out", "-"))
    pack = [c for c in game.deck.cards if c not in seen][::-1]  # top last
    if "pack" in fields and whole_number(fields["pack"], 3) != len(pack):
        raise NotationError(fields["pack"], f"the pack holds the {len(pack)} cards named nowhere else")
    rounds = whole_number(fields.get("round", "1"), 2)
    if rounds is None or not 1 <= rounds <= game.round_count:
        raise NotationError(fields.get("round", ""), f"round is 1 to {game.round_count} (option rounds)")
    written = fields.get("balance", " ".join("0" * n)).split()
    balance = [whole_number(b[1:] if b[:1] in "+-" else b, 6) for b in written]
    signs = [-1 if b.startswith("-") else 1 for b in written]
    if len(balance) != n or None in balance:
        raise NotationError(fields.get("balance", ""), f"balance gives one whole number per player ({n}), "
                            "e.g. 'balance=-1 2 -1'")
    pot = whole_number(fields.get("pot", "0"), 6)
    if pot is None:
        raise NotationError(fields.get("pot", ""), "pot is a whole number of stakes")
    state = state_cls(game, hands, pack, start=False)
    state._out = out
    state._dealer = seat("dealer")
    state._round = rounds
    state._balance = [s * b for s, b in zip(signs, balance)]
    state._pot = pot
    state._check_money(fields)
    state._order = deal_order(state._dealer, n)
    if chance is not None:
        if chance == "deal" and rounds >= game.round_count:
            raise NotationError("chance=deal", f"round {rounds} is the last (option rounds={game.rounds})")
        state.current_player = CHANCE
        state._pending = chance
        state._set_chance_position(chance, fields)
        return state
    turn = seat("turn", allow_none=True)
    state._set_position(turn, fields)
    return state


def format_position(state) -> str:
    """The position of ``state`` as text that :func:`parse_position` reads back."""
    n = state.game.players
    cp = state.current_player
    parts = [f"dealer=P{state._dealer + 1}",
             f"turn={'-' if cp is None else 'chance' if cp == CHANCE else f'P{cp + 1}'}"]
    if cp == CHANCE:
        parts.append(f"chance={state._pending}")
    if state._round != 1:
        parts.append(f"round={state._round}")
    if any(state._balance):
        parts.append("balance=" + " ".join(str(b) for b in state._balance))
    if state._pot:
        parts.append(f"pot={state._pot}")
    parts += [f"{k}={v}" for k, v in state._position_extra()]
    parts += [f"P{i + 1}={format_cards(c for c in h if c is not None)}" for i, h in enumerate(state._hands)]
    if state._out:
        parts.append(f"out={format_cards(state._out)}")
    parts.append(f"pack={len(state._pack)}")
    del n
    return "; ".join(parts)
