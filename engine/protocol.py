"""The game contract: everything the book, the CLI, bots, transcripts, simulations and tests
need from a game, declared here with defaults, so nothing outside a game's folder asks
``hasattr`` or keeps a table keyed by a game's name.

A game folder (``engine/games/<game>/``, see its ``README.md``) defines

* a frozen dataclass subclassing :class:`Game`, whose fields are its options (each declared
  with :func:`option`, with a default) and whose class attributes say its name, title, deck,
  player range, the rule clauses it cites (``CLAUSES``: id -> short title), its key moments
  for worked examples (``KEY_CLAUSES``, ``KEY_SPAN``) and the events it counts (``EVENTS``) (the
  quick reference's outline is the chapter's own, in its ``{quick-reference}`` directive);
* a state subclassing :class:`State` (the protocol: ``current_player``, ``legal_moves()``,
  ``apply(move) -> record``, ``is_terminal()``, ``result()``, ``view(player)``, ``check``...);
* move values with a text notation (``game.parse_move(text)`` / ``str(move)``);
* records (frozen) subclassing :class:`Record`: ``player``, ``move``, ``clauses``,
  ``narrate(names)``, and what they mean for the table (``trick_winner``, ``game_over``).

Chance is a player: a state whose next step is chance has ``current_player == CHANCE``;
the play loop (:mod:`engine.players.play`) asks ``chance_outcome(rng)`` for the move, with chance's one
stream for the game (:class:`engine.players.play.Chance`: seeded once, each step drawing in turn), applies
it, and transcripts record it. The deal is the first chance step, made by :meth:`Game.deal`.

This module holds :class:`Game` and :class:`State`; what they are made of lies below, each named here too:
options (:mod:`engine.options`), the deal and its notation (:mod:`engine.deal`), and what a game hands back,
records, results, tables and :data:`CHANCE` (:mod:`engine.records`).
"""

from __future__ import annotations

import dataclasses
from math import floor
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, ClassVar, Mapping, Sequence

from .cards import Card
from .deal import Deal
from .decks import Deck
from .errors import DealError, IllegalMoveError, OptionError
from .notation import whole_number
from .options import OptionInfo, _cite, _has_numbers, option_text, parse_options
from .records import CHANCE, Record, Result, Solved, Table, TableSpot

# named here too, as game folders and callers import them: the options' grammar and the deals' notation
from .deal import split_notation  # noqa: E402,F401
from .options import option  # noqa: E402,F401


class Game:
    """Base of game definitions (frozen dataclasses whose fields are the options).

    The contract's fixed facts are class attributes; its behaviour is methods with defaults.
    """

    name: ClassVar[str]  # registry key, e.g. "kendra-kari" (the folder kendra_kari)
    title: ClassVar[str]
    deck: ClassVar[Deck]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    CLAUSES: ClassVar[Mapping[str, str]]  # clause id -> short title, in chapter order
    # worked examples draw the position before and after the steps citing these clauses; with
    # KEY_SPAN "trick", the whole trick around such a step (from its first step to the one that wins it)
    KEY_CLAUSES: ClassVar[tuple[str, ...]] = ()
    KEY_SPAN: ClassVar[str] = "step"
    # the quick reference's short sections: (heading, clause ids), e.g. ("Your turn", (five clauses)),
    # each line the clause's title and §N; the book lists every clause after these
    # the game's own events counted in simulations: id -> what it is, in players' words
    EVENTS: ClassVar[Mapping[str, str]] = MappingProxyType({})
    # the chapter's opening box "What you need" (book/directives/what_you_need.py) and its picture of
    # the table (engine/draw/table.py), in players' words: what else the table needs besides the cards
    # ("" = nothing), how the first dealer is chosen (Game.first_dealer_words), the direction of play when
    # the game has no `direction` option (Game.direction_of_play), what lies in the middle when play
    # starts, and what lies before each player: "hand" (cards held), "face-down" / "face-up" (the hand's
    # card at that place lying on the table), "bet" (counters staked before the deal, not by the dealer)
    EQUIPMENT: ClassVar[str] = ""
    # what follows the deal where a hand grows in play, said after it in the What you need box ("then each
    # player draws more, one at a time"), so that "1 to each player" is not read as the whole hand
    DEAL_MORE: ClassVar[str] = ""
    FIRST_DEALER: ClassVar[str] = "any player"
    DIRECTION: ClassVar[str] = "anticlockwise"
    TABLE_LAYOUT: ClassVar[tuple[TableSpot, ...]] = ()
    SEAT_CARDS: ClassVar[tuple[str, ...]] = ("hand",)
    # the clause that says how the cards are dealt (cited when a deal does not fit)
    DEAL_CLAUSE: ClassVar[str | None] = None
    # matches (engine.players.match): which seat of a deal deals (-1: the last, so seat 0 plays first), and
    # whether the deal passes to the next player after each deal (a bank may keep it)
    DEALER_SEAT: ClassVar[int] = -1
    DEALER_ROTATES: ClassVar[bool] = True
    # whether positions can be written as text (Game.position / State.position)
    HAS_POSITIONS: ClassVar[bool] = False
    # the OpenSpiel game nearest this one (a name in engine.doors.bench.PEERS: "crazy_eights", "hearts",
    # "blackjack"): `make bench` times it in the same run and prints this game's speed as a ratio to it
    PEER: ClassVar[str | None] = None
    # the least ratio to the peer asked of this game, and at how many players: (players, ratio), e.g. (3, 0.6)
    # for Traditional Ganjifa against hearts; None: the peer's own target (engine.doors.bench.PEERS) applies
    PEER_TARGET: ClassVar[tuple[int, float] | None] = None
    # a solver for the position in play, in a game played alone: a method ``solve(state, limit=None) -> Solved``
    # ("can this deal be won from here?"; ``limit`` bounds the positions searched); None where the game has none.
    # The play page's "Can this deal be won?" and the terminal's ``solve`` are there only where it is set
    solve: ClassVar[Callable[..., Solved] | None] = None

    players: int

    # --- options -----------------------------------------------------------------
    @classmethod
    def options(cls) -> tuple[OptionInfo, ...]:
        out = []
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            meta = f.metadata
            out.append(OptionInfo(f.name, f.default, meta.get("choices", ()), meta.get("help", ""), meta.get("clause"),
                                  meta.get("title", ""), meta.get("labels", ())))
        return tuple(out)

    def check_options(self) -> None:
        """Validate every option value; call from ``__post_init__``."""
        for info in self.options():
            value = getattr(self, info.name)
            if info.choices and (value not in info.choices
                                 or not any(type(value) is type(c) for c in (info.default, *info.choices))):
                allowed = ", ".join(map(option_text, info.choices))
                raise OptionError(f"{self.title}: option {info.name.replace('_', '-')}={option_text(value)} is not "
                                  f"allowed; choose one of {allowed}" + _cite(info.clause), info.clause)

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> "Game":
        """Build a definition from options given by field name (``face_up_batches``), as values or text.

        Text is read exactly: a switch takes ``yes``/``no`` (or ``true``/``false``), a number
        its digits without leading zeros (``7``, not ``007``: :func:`engine.notation.whole_number`),
        anything else one of its choices as written; all else raises OptionError.
        """
        known = {info.name: info for info in cls.options()}
        kwargs: dict[str, Any] = {}
        for key, value in options.items():
            name = key.replace("-", "_")
            if name not in known:
                raise OptionError(f"{cls.title} has no option {key.replace('_', '-')!r}; its options are "
                                  + ", ".join(k.replace("_", "-") for k in known))
            if name in kwargs:
                raise OptionError(f"option {key!r} is given twice")
            info = known[name]
            if isinstance(value, str) and (not isinstance(info.default, str) or
                                           (value not in info.choices and _has_numbers(info.choices))):
                value = cls._option_value(info, value)  # (a word default with numbers among its choices: a number)
            kwargs[name] = value
        return cls(**kwargs)  # type: ignore[call-arg]

    @classmethod
    def _option_value(cls, info: OptionInfo, text: str) -> Any:
        spoken = info.name.replace("_", "-")
        if isinstance(info.default, bool):
            value = {"yes": True, "true": True, "no": False, "false": False}.get(text)
            if value is None:
                raise OptionError(f"{cls.title}: option {spoken} takes yes or no, not {text!r}" + _cite(info.clause),
                                  info.clause)
            return value
        if not isinstance(info.default, int):  # a word default whose other choices are numbers (rounds=each-deals-once)
            matches = [c for c in info.choices if option_text(c) == text]
            if matches:
                return matches[0]
        if isinstance(info.default, int) or _has_numbers(info.choices):
            value = whole_number(text, 6)
            if value is None:
                plain = text.lstrip("0") or "0"
                why = (f"numbers are written without leading zeros: {spoken}={plain}, not {spoken}={text}"
                       if len(text) > 1 and text[0] == "0" and text.isascii() and text.isdigit()
                       else f"option {spoken} takes a whole number"
                       + ("" if isinstance(info.default, int) else f" or {option_text(info.default)}") + f", not {text!r}")
                raise OptionError(f"{cls.title}: {why}" + _cite(info.clause), info.clause)
            return value
        matches = [c for c in info.choices if option_text(c) == text]
        if not matches:
            raise OptionError(f"{cls.title}: option {spoken}={text} is not allowed; choose one of "
                              + ", ".join(map(option_text, info.choices)) + _cite(info.clause), info.clause)
        return matches[0]

    @classmethod
    def from_text(cls, text: str) -> "Game":
        """A definition from option text in the one grammar (:func:`parse_options`)."""
        return cls.from_options(parse_options(text))

    def option_items(self, *, all_options: bool = False) -> tuple[tuple[str, str], ...]:
        """``(spoken name, value text)``: ``players`` always, then every option not at its default."""
        out = []
        for info in self.options():
            value = getattr(self, info.name)
            if all_options or info.name == "players" or value != info.default:
                out.append((info.name.replace("_", "-"), option_text(value)))
        return tuple(out)

    def options_text(self) -> str:
        """The options as text that :meth:`from_text` reads back: ``players=4 face-up-batches=yes``."""
        return " ".join(f"{k}={v}" for k, v in self.option_items())

    def describe_options(self) -> str:
        """The options not at their default as text (empty when all are defaults)."""
        return " ".join(f"{info.name.replace('_', '-')}={option_text(getattr(self, info.name))}"
                        for info in self.options() if getattr(self, info.name) != info.default)

    # --- chance: the deal ----------------------------------------------------------
    def deal(self, seed: int | str) -> Deal:
        """The deal a seed gives: the game's first chance step (the only place a seed becomes cards)."""
        raise NotImplementedError

    def new_game(self, deal: Deal) -> "State":
        """The state at the start of play from ``deal``; a deal that does not fit raises DealError."""
        raise NotImplementedError

    def start(self, seed: int | str) -> "State":
        """``new_game(deal(seed))``: a fresh game from a seed."""
        return self.new_game(self.deal(seed))

    def deal_error(self, problem: str, clause: str | None = None) -> DealError:
        """The one error for a deal that does not fit this game."""
        return DealError(f"{self.title}: this deal does not fit the rules: {problem}" + _cite(clause), clause)

    # --- moves and positions --------------------------------------------------------
    def parse_move(self, text: str) -> Any:
        raise NotImplementedError

    def join_moves(self, first: Any, second: Any) -> Any:
        """One move doing what ``first`` and then ``second`` (same player, one after the other) do, or None.

        Transcripts join such moves so a reader sees one line, e.g. the cards a player adds to a trick.
        """
        return None

    def position(self, text: str) -> "State":
        """A hand-set position from text (games with ``HAS_POSITIONS``)."""
        raise OptionError(f"{self.title} has no position notation")

    # --- pictures and statistics ------------------------------------------------------
    def draw_state(self, state: "State", *, viewer: int | None = None, names: Sequence[str] | None = None):
        """The game's own picture of ``state`` (an ``engine.draw.svg.Picture``), or None for plain hands."""
        return None

    def deal_points(self, state: "State") -> tuple[float, ...]:
        """What each seat scores for a finished deal in a match (default: the result's scores)."""
        return state.result().scores

    def settle(self, state: "State") -> tuple[float, ...]:
        """What each seat wins (+) or pays (-) for a finished deal, in stake units; sums to zero.

        Games played for stakes (against a bank, or card payments between deals) override it;
        the default is a game played for points only: nothing changes hands.
        """
        return (0,) * self.players

    def events_of(self, record: Record) -> tuple[str, ...]:
        """The ids (keys of ``EVENTS``) of the events a record shows, for simulation statistics."""
        return ()

    def ruled_out(self) -> frozenset[str]:
        """The events (keys of ``EVENTS``) that these options make impossible: a zero the rules give, not one
        that chance gave, so the notes print it as "cannot happen", never as a bound, and test nothing against it."""
        return frozenset()

    # --- the table: "What you need" ------------------------------------------------------
    def direction_of_play(self) -> str:
        """``clockwise`` or ``anticlockwise``: the ``direction`` option when the game has one, else ``DIRECTION``."""
        for info in self.options():
            if info.name == "direction":
                return str(getattr(self, info.name))
        return self.DIRECTION

    def first_dealer_words(self) -> str:
        """How the first dealer is chosen, in players' words (``FIRST_DEALER``; a game with a choice says which)."""
        return self.FIRST_DEALER

    def dealer_seat(self) -> int:
        """The seat that deals the first deal in the book's pictures (``DEALER_SEAT`` at this table)."""
        return self.DEALER_SEAT % self.players

    # --- matches: who deals ---------------------------------------------------------------
    def next_dealer(self, state: "State") -> int | None:
        """The seat (of this finished deal) that deals the next deal of a match, or None for the usual
        rule (``DEALER_ROTATES``). A game whose deal passes by what happened (a bank won or lost) says so."""
        return None

    def draw_for_dealer(self, seed: int | str, names: Sequence[str]) -> "DealerDraw | None":
        """Chance's choice of a match's first dealer (e.g. a card drawn by each player), or None: the
        match's default (``DEALER_SEAT``, or the dealer it is given)."""
        return None

    # --- players ---------------------------------------------------------------------------
    def strong_player(self, seed: int | str):
        """The game's own strong player, seeded (a bot that chooses from its seat's view only), or None: the
        strong player (:mod:`engine.players.strong`) then searches worlds dealt afresh by ``State.sample_hidden``."""
        return None

    # tables the game computes for its chapter (scoring tables, exact odds): name -> what it shows
    TABLES: ClassVar[Mapping[str, str]] = MappingProxyType({})

    def table(self, name: str) -> "Table":
        """The table ``name`` (one of ``TABLES``), computed by the engine for these options."""
        known = ", ".join(self.TABLES) or "none"
        raise OptionError(f"{self.title} has no table {name!r}; its tables are: {known}")


@dataclass(frozen=True)
class DealerDraw:
    """How chance chose a match's first dealer: the player index, and the draw told in words (with clauses)."""

    dealer: int
    narration: tuple[str, ...]


class State:
    """Base of game states. Subclasses keep ``game`` and ``history`` and implement the protocol.

    The methods without a default are the protocol; the others have defaults a game may improve.
    """

    game: Game
    history: list  # the records returned by apply, in order
    current_player: int | None  # the seat to move, CHANCE, or None when the game is over

    @property
    def dealer(self) -> int | None:
        """The seat dealing the round in play, in a game with a dealer; else None."""
        return None

    # --- the protocol -------------------------------------------------------------
    def legal_moves(self) -> list:
        raise NotImplementedError

    def apply(self, move) -> Record:
        raise NotImplementedError

    def play_random(self, streams, chance, max_moves: int) -> "State":
        """Play on to the end with a random player in every seat (:func:`engine.players.play.run`'s common case):
        seat ``s`` takes ``moves[floor(streams[s]() * len(moves))]`` of ``legal_move_sequence()``,
        chance takes ``chance.outcome(self)`` (:class:`engine.players.play.Chance`). Returns the state, ended or
        after ``max_moves`` steps. A game may override it with a faster loop that makes the same moves."""
        play_chance = self.play_chance
        apply_legal = self.apply_legal
        moves_of = self.legal_move_sequence
        for _ in range(max_moves):
            seat = self.current_player
            if seat is None:
                return self
            if seat == CHANCE:
                play_chance(chance)
            else:
                moves = moves_of()
                apply_legal(moves[floor(streams[seat]() * len(moves))])  # floor = int for a product >= 0, cheaper
        return self

    def play_chance(self, chance) -> Record:
        """Chance's step: ``apply(chance.outcome(self))`` (:class:`engine.players.play.Chance`). A game may skip
        checking the outcome it has just drawn itself; the record is the same."""
        return self.apply(chance.outcome(self))

    def apply_legal(self, move) -> Record:
        """:meth:`apply` for a player's move taken from ``legal_move_sequence()`` (the random player's
        path): a game may skip checking it. The same record as ``apply(move)``."""
        return self.apply(move)

    def is_terminal(self) -> bool:
        return self.current_player is None

    def result(self) -> Result:
        raise NotImplementedError

    def view(self, player: int):
        raise NotImplementedError

    def check(self, move) -> None:
        """Raise IllegalMoveError (with the clause) unless ``move`` is legal now."""
        raise NotImplementedError

    def copy(self) -> "State":
        """An independent copy (history included), e.g. to try a move without playing it."""
        raise NotImplementedError

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def hands(self) -> list[list[Card]]:
        """Every seat's cards in hand, as cards."""
        raise NotImplementedError

    def all_cards(self) -> list[Card]:
        """Every card of the game wherever it is (hands, table, stock, won, out): the deck, always."""
        raise NotImplementedError

    # --- with defaults ---------------------------------------------------------------
    def legal_move_sequence(self) -> Sequence:
        """``legal_moves()`` as a sequence a game may build lazily (the random bot takes one of them)."""
        return self.legal_moves()

    def move_priority(self, move) -> float:
        """How much the heuristic player likes ``move`` (higher is better); 0 = no preference."""
        return 0.0

    def chance_outcome(self, rng) -> Any:
        """The move chance makes now (``current_player == CHANCE``), drawn from ``rng`` (an
        :class:`engine.shuffle.Rng`: chance's stream for the game, whose numbers each step takes in turn)."""
        raise IllegalMoveError("chance", "", "chance has no step to make here")

    def visible_cards(self, player: int) -> frozenset:
        """Cards in other players' hands that ``player`` may see (face-up or shown cards); default none."""
        return frozenset()

    def sample_hidden(self, player: int, seed: int | str) -> "State":
        """A copy in which every card ``player`` cannot know is dealt afresh from ``seed``.

        For players that reason by sampling (:mod:`engine.players.montecarlo`): the cards in other hands
        that ``player`` does not see (:meth:`visible_cards`) and any hidden pile (a stock) are
        pooled and dealt back at random, keeping every hand's and pile's size and every card
        whose place the table knows. The result depends only on what ``player`` knows and on
        ``seed``: two states that differ only in cards hidden from ``player`` give the same copy.
        """
        raise OptionError(f"{self.game.title} cannot yet deal its hidden cards afresh, so the "
                          "Monte-Carlo player cannot play it")

    def position(self) -> str:
        """This position as text that ``game.position`` reads back (games with ``HAS_POSITIONS``)."""
        raise OptionError(f"{self.game.title} has no position notation")

    def explain(self, move) -> str:
        """Why ``move`` is legal (with its clause) or the IllegalMoveError message."""
        try:
            self.check(move)
        except IllegalMoveError as err:
            return str(err)
        return f"{move} is legal"

    def is_forced(self, move) -> bool:
        """True when ``move`` is the only legal choice now (a worked example marks it "forced")."""
        return self.legal_moves() == [move]

    def transcript(self, names: Sequence[str] | None = None) -> list[str]:
        """The game so far, one narrated line per move."""
        names = names or default_names(self.game.players)
        return [record.narrate(names) for record in self.history]


def default_names(players: int) -> tuple[str, ...]:
    return tuple(f"Player {i + 1}" for i in range(players))
