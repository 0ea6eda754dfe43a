"""Exact Komi odds, by exhaustive enumeration of the hands (grouped by what a card counts).

A Komi score depends only on each card's *class*: a court card (16 in the pack), a 10 (8), or a
pip 1 to 9 (8 each). A hand is a multiset of three classes, counted with the number of ways to
pick its cards (``C(16, k)`` courts, ``C(8, k)`` of each pip); every one of the C(96, 3) = 142,880
hands and every one of the 142,880 x 129,766 ordered pairs (dealer, player) of disjoint hands is
counted exactly once.

Between one player and the dealer the deal is symmetric (the two hands are two random disjoint
hands, whoever else plays), so the player wins exactly as often as the dealer does: with ties
pushed, the dealer has no edge at any number of players; with the house rule that ties go to the
dealer, the dealer's edge per bet is the chance of a tie.

>>> odds = pair_odds()
>>> odds.cases, odds.win == odds.loss
(18540966080, True)
>>> round(odds.tie / odds.cases, 4)
0.0992
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb

from ...protocol import Table

COURT = 10  # class index of the court cards; classes 0..9 are the pip values mod 10 (0 = the 10s)
CLASS_COUNTS = (8,) * 10 + (16,)  # 0 (the tens), 1..9, then the court cards
HAND = 3


def class_score(classes) -> int:
    """The score of a hand given as classes: 10 for a Komi, else the last digit of the pip total."""
    if all(c == COURT for c in classes):
        return 10
    return sum(c for c in classes if c != COURT) % 10


@lru_cache(maxsize=None)
def hand_classes() -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every multiset of three classes with the number of hands it stands for."""
    out = []
    for combo in combinations_with_replacement(range(11), HAND):
        ways = 1
        for c in set(combo):
            ways *= comb(CLASS_COUNTS[c], combo.count(c))
        if ways:
            out.append((combo, ways))
    return tuple(out)


@lru_cache(maxsize=None)
def score_counts() -> tuple[int, ...]:
    """How many of the 142,880 hands score 0, 1, ... 9, and (last) a Komi."""
    counts = [0] * 11
    for combo, ways in hand_classes():
        counts[class_score(combo)] += ways
    return tuple(counts)


@dataclass(frozen=True)
class PairOdds:
    """Ordered pairs (dealer's hand, player's hand) by outcome for the player."""

    win: int
    tie: int
    loss: int

    @property
    def cases(self) -> int:
        return self.win + self.tie + self.loss


@lru_cache(maxsize=None)
def pair_odds() -> PairOdds:
    """Exact counts of the player's wins, ties and losses against the dealer over every deal of two hands."""
    classes = hand_classes()
    win = tie = loss = 0
    for dealer, dways in classes:
        left = list(CLASS_COUNTS)
        for c in dealer:
            left[c] -= 1
        ds = class_score(dealer)
        for player, _ in classes:
            ways = 1
            for c in set(player):
                ways *= comb(left[c], player.count(c))
                if not ways:
                    break
            if not ways:
                continue
            ways *= dways
            ps = class_score(player)
            if ps > ds:
                win += ways
            elif ps == ds:
                tie += ways
            else:
                loss += ways
    return PairOdds(win, tie, loss)


def dealer_edge(ties: str = "push") -> Fraction:
    """The dealer's expected gain per stake bet by one player (exact)."""
    o = pair_odds()
    gain = o.loss - o.win + (o.tie if ties == "dealer" else 0)
    return Fraction(gain, o.cases)


def _pct(x) -> str:
    return f"{100 * float(x):.2f}%"


def score_table(game) -> Table:
    counts = score_counts()
    total = sum(counts)
    rows = []
    for score in (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0):
        label = "Komi (three court cards)" if score == 10 else str(score)
        rows.append((label, f"{counts[score]:,}", _pct(Fraction(counts[score], total))))
    return Table("Komi: the hands, best first (a Komi, then the scores 9 down to 0), and how often a hand of three makes each",
                 ("score", "hands", "chance"), tuple(rows),
                 f"Counted over all {total:,} hands of three cards from the 96 (exact).")


def edge_table(game) -> Table:
    o = pair_odds()
    rows = []
    for n in range(game.min_players, game.max_players + 1):
        bets = n - 1
        rows.append((str(n), str(bets), _pct(Fraction(o.win, o.cases)), _pct(Fraction(o.tie, o.cases)),
                     _pct(Fraction(o.loss, o.cases)),
                     f"{float(dealer_edge('push')) * bets:+.3f}", f"{float(dealer_edge('dealer')) * bets:+.3f}"))
    return Table("Komi: each player against the dealer, and the dealer's expected gain per round (1 stake per bet)",
                 ("players", "bets", "player wins", "tie", "dealer wins", "dealer's gain (a tie keeps its bet)",
                  "dealer's gain (ties to the dealer)"),
                 tuple(rows),
                 f"Exact, over all {o.cases:,} ordered deals of a dealer's and a player's hand of three. The "
                 "player's chances are the same at any number of players, because any two hands are two "
                 "random disjoint hands of the pack.")


def hand_score_table(game) -> Table:
    """Worked totals: a few hands and their scores, to check at the table."""
    from ...cards import parse_cards
    from .state import hand_score

    hands = ("5Sa 7Ta VGh", "9Su 9Ch 3Qi", "10Sa 10Ta 10Gh", "RSa 4Ta 6Gh", "RSa VTa 10Gh", "RSa VTa RBa",
             "8Sa 9Ta 9Gh", "1Sa 2Ta 6Gh")
    rows = []
    for text in hands:
        cards = parse_cards(text)
        total = sum(c.rank for c in cards if c.rank <= 10)
        s = hand_score(cards)
        words = ", ".join(str(c.rank) if c.rank <= 10 else ("Raja" if c.rank == 12 else "Vizier") for c in cards)
        rows.append((words, "-" if s == 10 else str(total), "Komi" if s == 10 else str(s)))
    return Table("Komi: hands and their scores", ("cards", "pip total", "score"), tuple(rows),
                 "Court cards count nothing; only the last digit of the total is the score; three court cards "
                 "are a Komi.")


TABLES = {"scores": score_table, "edge": edge_table, "examples": hand_score_table}
