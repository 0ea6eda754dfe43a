"""The three decks as data: suits, signs, colours, groups, courts and rank orders.

Nothing else in the engine lists suits: games take them from here.

>>> len(MUGHAL.cards), len(DASHAVATARA.cards), len(NAQSH.cards)
(96, 120, 48)
>>> [str(s) for s in MUGHAL.suits if s.group == "weak"]
['Su', 'Ch', 'Qi', 'Ba']
>>> MUGHAL.order(MUGHAL.suit("Surkh"))
(12, 11, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
>>> MUGHAL.order(MUGHAL.suit("Surkh"), Ranking.UNIFORM)
(12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .cards import COURT_LABELS, SUITS_BY_CODE, Card, Suit
from .errors import OptionError


class Ranking(enum.Enum):
    """How pip cards rank. Courts always rank highest: king, then second court."""

    TRADITIONAL = "traditional"  # weak suits run 1 high .. 10 low
    UNIFORM = "uniform"  # every suit runs 10 high .. 1 low

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Ranking.{self.name}"


STRONG_ORDER = (12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
WEAK_ORDER = (12, 11, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)


@dataclass(frozen=True, eq=False)
class Deck:
    """A deck: its suits in their customary order and what its court cards are called."""

    key: str
    name: str
    description: str
    suits: tuple[Suit, ...]
    court_labels: dict[int, str]  # notation letters: {12: "R", 11: "V"}
    court_names: dict[int, str]  # names in prose: {12: "Raja", 11: "Vizier"}
    court_other_names: dict[int, tuple[str, ...]]
    cards: tuple[Card, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(Card(s, r) for s in self.suits for r in range(1, 13)))

    def __repr__(self) -> str:
        return f"deck({self.key!r})"

    def suit(self, name_or_code: str) -> Suit:
        """Find a suit by code or by any of its names (case-insensitive)."""
        wanted = name_or_code.casefold()
        for s in self.suits:
            if wanted == s.code.casefold() or wanted in (n.casefold() for n in (s.name, *s.other_names)):
                return s
        raise OptionError(f"deck {self.name} has no suit {name_or_code!r}; its suits are "
                          + ", ".join(f"{s.name} ({s.code})" for s in self.suits))

    def order(self, suit: Suit, ranking: Ranking = Ranking.TRADITIONAL) -> tuple[int, ...]:
        """The ranks of ``suit`` from highest to lowest under ``ranking``."""
        if ranking is Ranking.TRADITIONAL and suit.group == "weak":
            return WEAK_ORDER
        return STRONG_ORDER

    def order_text(self, suit: Suit, ranking: Ranking = Ranking.TRADITIONAL, *, short: bool = False) -> str:
        """The rank order as notation, highest first: ``R V 10 9 ... 1`` (short: ``R V 10→1``)."""
        order = self.order(suit, ranking)
        labels = [self.court_labels.get(r, str(r)) for r in order]
        if short:
            return " ".join(labels[:2]) + f" {order[2]}→{order[-1]}"
        return " ".join(labels)

    def strength_table(self, ranking: Ranking = Ranking.TRADITIONAL) -> dict[Card, int]:
        """Each card's strength within its suit: 12 for the king down to 1 for the lowest pip."""
        table = {}
        for s in self.suits:
            for place, rank in enumerate(self.order(s, ranking)):
                table[Card(s, rank)] = 12 - place
        return table

    def rank_name(self, rank: int) -> str:
        return self.court_names.get(rank, str(rank))

    def card_name(self, card: Card) -> str:
        """The card's name in prose: ``Raja of Shamsher``, ``7 of Taj``."""
        return f"{self.rank_name(card.rank)} of {card.suit.name}"


def _suits(deck_key: str, rows) -> tuple[Suit, ...]:
    suits = []
    for number, (code, name, others, sign, colour, group) in enumerate(rows):
        s = Suit(code, name, tuple(others), sign, colour, group, deck_key, number, len(SUITS_BY_CODE))
        SUITS_BY_CODE[code] = s
        suits.append(s)
    return tuple(suits)


def _deck(key, name, description, rows, labels, names, other_names) -> Deck:
    COURT_LABELS[key] = labels
    return Deck(key, name, description, _suits(key, rows), labels, names, other_names)


MUGHAL = _deck(
    "mughal", "Mughal",
    "The eight-suited Mughal deck of 96 cards: in every suit a king (Raja), a vizier and ten pip cards.",
    [
        # code, name, other names, sign, picture colour (the booklet's colour family: black, brown,
        # red, purple, green, orange, yellow, blue), group
        ("Sa", "Safed", ("Tanka", "Chandra"), "silver coin", "#2b2b2b", "strong"),
        ("Ta", "Taj", ("Phul",), "crown", "#7a4a1e", "strong"),
        ("Sh", "Shamsher", (), "sword", "#cb0f2d", "strong"),
        ("Gh", "Ghulam", (), "slave", "#71238d", "strong"),
        ("Su", "Surkh", ("Ashrafi", "Surya"), "gold coin", "#1f7a3a", "weak"),
        ("Ch", "Chang", ("Cheng",), "harp", "#e0701b", "weak"),
        ("Qi", "Qimash", ("Kumancha",), "merchandise", "#b6960d", "weak"),
        ("Ba", "Barat", (), "bill of exchange", "#0953a7", "weak"),
    ],
    {12: "R", 11: "V"}, {12: "Raja", 11: "Vizier"}, {12: ("Mir", "Shah"), 11: ("Wazir",)},
)

DASHAVATARA = _deck(
    "dashavatara", "Dashavatara",
    "The ten-suited Dashavatara deck of 120 cards, one suit for each avatar of Vishnu: "
    "in every suit a Raja, a Mantri and ten pip cards.",
    [
        # the sources give no colours: ten colour families, each suit's far enough from every other
        # (CIEDE2000 >= 20, tests/test_draw.py) to tell the suits apart without the label
        ("Ma", "Matsya", ("Fish",), "fish", "#1598b8", "weak"),
        ("Ku", "Kurma", ("Tortoise",), "tortoise", "#76720c", "weak"),
        ("Vr", "Varaha", ("Boar",), "boar", "#7a4a1e", "weak"),
        ("Na", "Narasimha", ("Lion",), "lion", "#e47713", "weak"),
        ("Vm", "Vamana", ("Dwarf",), "water pot", "#c9a100", "weak"),
        ("Pa", "Parashurama", ("Axe",), "axe", "#c0262d", "strong"),
        ("Ra", "Rama", ("Ramachandra",), "bow and arrow", "#0b7a3c", "strong"),
        ("Kr", "Krishna", ("Balarama",), "cow", "#24479a", "strong"),
        ("Bu", "Buddha", ("Jagannath",), "conch", "#a3247a", "strong"),
        ("Ka", "Kalki", (), "horse", "#2b2b2b", "strong"),
    ],
    {12: "R", 11: "M"}, {12: "Raja", 11: "Mantri"}, {12: (), 11: ("Pradhan",)},
)

NAQSH = _deck(
    "naqsh", "Naqsh",
    "The Naqsh pack of 48 cards: four sets of 1 to 10, Ghodi (11) and Mir (12). "
    "Suits play no part; they only tell the four sets apart.",
    [
        ("N1", "first suit", (), "none", "#2b2b2b", "strong"),
        ("N2", "second suit", (), "none", "#c0262d", "strong"),
        ("N3", "third suit", (), "none", "#1f7a3a", "strong"),
        ("N4", "fourth suit", (), "none", "#1f4fa8", "strong"),
    ],
    {12: "M", 11: "G"}, {12: "Mir", 11: "Ghodi"}, {12: (), 11: ()},
)

FRENCH = _deck(
    "french", "French (no jacks)",
    "The standard 52-card French pack with the four jacks taken out, 48 cards: in every suit "
    "ace (1) to 10, queen and king. Naqsh may be played with it, the queen standing for the Ghodi "
    "and the king for the Mir; suits and colours play no part.",
    [
        ("Sp", "Spades", (), "spade", "#2b2b2b", "strong"),
        ("He", "Hearts", (), "heart", "#c0262d", "strong"),
        ("Di", "Diamonds", (), "diamond", "#c0262d", "strong"),
        ("Cl", "Clubs", (), "club", "#2b2b2b", "strong"),
    ],
    {12: "K", 11: "Q", 1: "A"}, {12: "King", 11: "Queen", 1: "Ace"}, {12: (), 11: (), 1: ()},
)

DECKS: dict[str, Deck] = {d.key: d for d in (MUGHAL, DASHAVATARA, NAQSH, FRENCH)}


def deck(key: str) -> Deck:
    """Look a deck up by key: ``mughal``, ``dashavatara``, ``naqsh`` or ``french``."""
    try:
        return DECKS[key]
    except KeyError:
        raise OptionError(f"unknown deck {key!r}; decks are {', '.join(DECKS)}") from None
