"""The shape every game shares: a frozen definition with declared options, and a State.

A game module defines

* a frozen dataclass subclassing :class:`Game`, whose fields are its options
  (each with a default) and whose class attributes say its name, title, deck,
  player range, and the rule clauses it cites (``CLAUSES``: id -> short title);
* a ``State`` subclassing :class:`State` with ``current_player``, ``legal_moves()``,
  ``apply(move) -> record``, ``is_terminal()``, ``result()``, ``view(player)``;
* move values with a text notation (``game.parse_move(text)`` / ``str(move)``);
* records (frozen) with ``player``, ``move``, ``clauses`` and ``narrate(names)``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, Iterable, Mapping, Protocol, Sequence

from .cards import Card, format_cards, parse_cards
from .decks import Deck
from .errors import IllegalMoveError, NotationError, OptionError


@dataclass(frozen=True)
class OptionInfo:
    """What the book and the CLI need to know about one option of a game."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str
    clause: str | None = None


def option(default: Any, *, choices: Iterable[Any], help: str, clause: str | None = None):
    """Declare a game option as a dataclass field with its allowed values and help."""
    return dataclasses.field(default=default, metadata={"choices": tuple(choices), "help": help, "clause": clause})


class Record(Protocol):
    """What ``State.apply`` returns: a frozen account of what happened."""

    player: int
    move: Any
    clauses: tuple[str, ...]

    def narrate(self, names: Sequence[str]) -> str: ...


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game: the winners (seat numbers, 0-based) and each seat's score."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    clause: str

    def narrate(self, names: Sequence[str]) -> str:
        people = [names[w] for w in self.winners]
        who = (", ".join(people[:-1]) + " and " + people[-1]) if len(people) > 1 else (people[0] if people else "nobody")
        verb = "wins" if len(self.winners) == 1 else "share the win"
        return f"{who} {verb}: {self.reason}."


def split_notation(text: str, usage: str, keys: Iterable[str] | None = None,
                   unknown: str = "unknown part") -> tuple[list[str], dict[str, str]]:
    """Split ``P1=...; P2=...; key=value`` text into the hands (in seat order) and the other parts.

    The grammar shared by deals and positions. ``keys`` limits the other parts (``None``: any);
    a part without ``=``, hands out of seat order, an unknown or repeated key raise
    :class:`NotationError` naming the token.

    >>> split_notation("P1=RSh; P2=-; stock=3", "usage")
    (['RSh', '-'], {'stock': '3'})
    """
    allowed = None if keys is None else set(keys)
    hands: list[str] = []
    fields: dict[str, str] = {}
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        key, eq, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key:
            raise NotationError(part, usage)
        if key[:1] == "P" and key[1:].isdigit():
            if int(key[1:]) != len(hands) + 1:
                raise NotationError(key, f"expected P{len(hands) + 1} here: hands are listed in seat order")
            hands.append(value)
        elif allowed is not None and key not in allowed:
            raise NotationError(key, unknown)
        elif key in fields:
            raise NotationError(key, "given twice")
        else:
            fields[key] = value
    return hands, fields


@dataclass(frozen=True)
class Deal:
    """The cards as dealt: one hand per seat, plus named piles (stock, centre card, ...).

    Notation: ``P1=...; P2=...; name=...`` with cards as in :func:`parse_cards`.

    >>> d = Deal.parse("P1=RSh 1Ta; P2=-; stock=3Ba")
    >>> d.hands, d.piles
    (((Card.parse('RSh'), Card.parse('1Ta')), ()), (('stock', (Card.parse('3Ba'),)),))
    >>> Deal.parse(str(d)) == d
    True
    """

    hands: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[str, tuple[Card, ...]], ...] = ()

    def pile(self, name: str) -> tuple[Card, ...]:
        for key, cards in self.piles:
            if key == name:
                return cards
        raise KeyError(name)

    def all_cards(self) -> list[Card]:
        return [c for h in self.hands for c in h] + [c for _, p in self.piles for c in p]

    def __str__(self) -> str:
        parts = [f"P{i + 1}={format_cards(h)}" for i, h in enumerate(self.hands)]
        parts += [f"{name}={format_cards(cards)}" for name, cards in self.piles]
        return "; ".join(parts)

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> "Deal":
        hands, piles = split_notation(text, "a deal is written 'P1=cards; P2=cards; pile=cards'")
        return Deal(tuple(parse_cards(h) for h in hands),
                    tuple((name, parse_cards(cards)) for name, cards in piles.items()))


class Game:
    """Base of game definitions (frozen dataclasses whose fields are the options)."""

    name: ClassVar[str]  # registry key, e.g. "kendra-kari"
    title: ClassVar[str]
    deck: ClassVar[Deck]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    CLAUSES: ClassVar[Mapping[str, str]]  # clause id -> short title, in chapter order

    players: int

    # --- options -----------------------------------------------------------------
    @classmethod
    def options(cls) -> tuple[OptionInfo, ...]:
        out = []
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            meta = f.metadata
            out.append(OptionInfo(f.name, f.default, meta.get("choices", ()), meta.get("help", ""), meta.get("clause")))
        return tuple(out)

    def check_options(self) -> None:
        """Validate every option value; call from ``__post_init__``."""
        for info in self.options():
            value = getattr(self, info.name)
            if info.choices and value not in info.choices:
                allowed = ", ".join(map(str, info.choices))
                where = f" (clause {info.clause})" if info.clause else ""
                raise OptionError(f"{self.title}: option {info.name}={value!r} is not allowed{where}; choose one of {allowed}")

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> "Game":
        """Build a definition from text-ish options (as in a directive or a transcript)."""
        known = {info.name: info for info in cls.options()}
        kwargs: dict[str, Any] = {}
        for key, value in options.items():
            key = key.replace("-", "_")
            if key not in known:
                raise OptionError(f"{cls.title} has no option {key!r}; its options are {', '.join(known)}")
            info = known[key]
            if isinstance(value, str) and not isinstance(info.default, str):
                if isinstance(info.default, bool):
                    value = value.strip().lower() in ("1", "true", "yes", "on")
                elif isinstance(info.default, int):
                    try:
                        value = int(value)
                    except ValueError:
                        raise OptionError(f"{cls.title}: option {key} takes a whole number, not {value!r}") from None
                else:  # an enum or another value type: match by its text
                    matches = [c for c in info.choices if str(c) == value.strip()]
                    if not matches:
                        raise OptionError(f"{cls.title}: option {key}={value!r} is not allowed; choose one of "
                                          + ", ".join(map(str, info.choices)))
                    value = matches[0]
            kwargs[key] = value
        return cls(**kwargs)  # type: ignore[call-arg]

    def describe_options(self) -> str:
        """The non-default options as ``key=value`` text (empty when all are defaults)."""
        return " ".join(f"{i.name}={getattr(self, i.name)}" for i in self.options()
                        if getattr(self, i.name) != i.default)

    # --- to be provided by each game ---------------------------------------------
    def deal(self, seed: int | str) -> Deal:
        raise NotImplementedError

    def new_game(self, deal: Deal | int | str) -> "State":
        raise NotImplementedError

    def parse_move(self, text: str) -> Any:
        raise NotImplementedError

    def join_moves(self, first: Any, second: Any) -> Any:
        """One move doing what ``first`` and then ``second`` (same player, one after the other) do, or None.

        Transcripts join such moves so a reader sees one line, e.g. the cards a player adds to a trick.
        """
        return None


class State:
    """Base of game states. Subclasses keep ``game``, ``history`` and implement the protocol."""

    game: Game
    history: list  # the records returned by apply, in order

    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    def legal_moves(self) -> list:
        raise NotImplementedError

    def apply(self, move) -> Record:
        raise NotImplementedError

    def is_terminal(self) -> bool:
        raise NotImplementedError

    def result(self) -> Result:
        raise NotImplementedError

    def view(self, player: int):
        raise NotImplementedError

    def explain(self, move) -> str:
        """Why ``move`` is legal (with its clause) or the IllegalMoveError message."""
        try:
            self.check(move)
        except IllegalMoveError as err:
            return str(err)
        return f"{move} is legal"

    def check(self, move) -> None:
        """Raise IllegalMoveError (with the clause) unless ``move`` is legal now."""
        raise NotImplementedError

    def is_forced(self, move) -> bool:
        """True when ``move`` is the only legal choice now (a worked example marks it "forced")."""
        return self.legal_moves() == [move]

    def transcript(self, names: Sequence[str] | None = None) -> list[str]:
        """The game so far, one narrated line per move."""
        names = names or default_names(self.game.players)
        return [record.narrate(names) for record in self.history]


def default_names(players: int) -> tuple[str, ...]:
    return tuple(f"Player {i + 1}" for i in range(players))
