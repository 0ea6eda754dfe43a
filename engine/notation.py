"""Small pieces of text notation that every parser shares: whole numbers and seats.

Only ASCII digits make a number (``str.isdigit`` also accepts ``²`` and ``٣``, which ``int``
refuses or reads differently), written the usual way: no sign, no leading zero, no spaces. This is
the one rule for numbers everywhere: options (``players=7``, never ``players=007``), positions,
moves, transcripts, the command line and the book's directives. A seed is the exception, since any
word is a seed: ``007`` is read as the word seed ``'007'`` (:func:`engine.shuffle.parse_seed`).

>>> whole_number("12"), whole_number("0"), whole_number("012"), whole_number("²")
(12, 0, None, None)
>>> seat("P2", 4), seat("P5", 4), seat("P02", 4)
(1, None, None)
"""

from __future__ import annotations

ASCII_DIGITS = frozenset("0123456789")


def whole_number(text: str, max_digits: int = 6) -> int | None:
    """``text`` as a whole number (ASCII digits, no leading zero, at most ``max_digits``), else None."""
    if not isinstance(text, str) or not text or len(text) > max_digits or not ASCII_DIGITS.issuperset(text):
        return None
    if len(text) > 1 and text[0] == "0":
        return None
    return int(text)


def seat(text: str, players: int) -> int | None:
    """The 0-based seat written ``P1`` .. ``P<players>``, else None."""
    if not isinstance(text, str) or text[:1] != "P":
        return None
    number = whole_number(text[1:], 2)
    if number is None or not 1 <= number <= players:
        return None
    return number - 1
