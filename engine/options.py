"""A game's options: how one is declared (:func:`option`), what the book and the CLI know of it
(:class:`OptionInfo`), and option text, the one grammar (:func:`parse_options`, :func:`option_text`).
:class:`engine.protocol.Game` reads and checks them."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Iterable

from .errors import OptionError


@dataclass(frozen=True)
class OptionInfo:
    """What the book and the CLI need to know about one option of a game."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str
    clause: str | None = None
    title: str = ""  # the option's name in players' words, as the facts table heads its row ("" : from the field)
    labels: tuple[tuple[Any, str], ...] = ()  # (choice, its name in players' words) where that is not its text

    @property
    def heading(self) -> str:
        """The option's one name in players' words: the facts table's row, the variants list's note."""
        return self.title or self.name.replace("_", " ").capitalize()

    def label(self, choice: Any) -> str:
        """A choice's one name in players' words, which the facts table, the variants list and every
        ``{variant}`` in a chapter print: its label, or its text with spaces for hyphens (``if-none``: "if none")."""
        for c, words in self.labels:
            if c == choice and type(c) is type(choice):
                return words
        return option_text(choice).replace("-", " ")


def option(default: Any, *, choices: Iterable[Any], help: str, clause: str | None = None, title: str = "",
           labels: dict | None = None):
    """Declare a game option as a dataclass field with its allowed values and help; ``title`` and ``labels``
    name the option and its choices in players' words where the field's name and the choices' text do not."""
    choices = tuple(choices)
    for c in labels or {}:
        if c not in choices:
            raise ValueError(f"label for {c!r}, which is not one of the choices {choices}")
    return dataclasses.field(default=default, metadata={"choices": choices, "help": help, "clause": clause,
                                                        "title": title, "labels": tuple((labels or {}).items())})


def parse_options(text: str) -> dict[str, str]:
    """Option text, the one grammar: ``players=4 face-up-batches=yes`` (spaces or commas between).

    Keys are written with hyphens (the field ``face_up_batches`` is ``face-up-batches``); a key
    given twice, a token without ``=``, or an empty key or value raise :class:`OptionError`.
    Returns field names (``face_up_batches``) -> value text; :meth:`Game.from_options` checks them.

    >>> parse_options("players=4, face-up-batches=yes")
    {'players': '4', 'face_up_batches': 'yes'}
    """
    out: dict[str, str] = {}
    for token in text.replace(",", " ").split():
        key, eq, value = token.partition("=")
        if not eq or not key or not value:
            raise OptionError(f"bad option {token!r}: write options as key=value, e.g. players=4")
        if "_" in key:
            raise OptionError(f"bad option {token!r}: option names are written with '-', "
                              f"as in {key.replace('_', '-')}={value}")
        field_name = key.replace("-", "_")
        if field_name in out:
            raise OptionError(f"option {key!r} is given twice")
        out[field_name] = value
    return out


def _has_numbers(choices: tuple[Any, ...]) -> bool:
    """Some choice is a whole number: option text is then read as a number when it is no other choice."""
    return any(type(c) is int for c in choices)


def _cite(clause: str | None) -> str:
    return f" [clause {clause}]" if clause else ""


def option_text(value: Any) -> str:
    """An option value as it is written: ``yes``/``no`` for switches, else its text."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
