"""The moves of the stakes games: a player's few words (:class:`Say`: a bet, a call, ``show``) and chance's
steps (:class:`DealerChoice`, :class:`NewDeal`, :class:`Draw`), each with its notation."""

from __future__ import annotations

from typing import Sequence

from ...cards import Interned, format_cards, parse_cards
from ...errors import NotationError


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
