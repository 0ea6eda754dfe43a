"""What the exchange is worth in Sama.

Exact: the expected total of one hand (two face down, one face up) when its holder never
exchanges, and when it follows the simple strategy of :mod:`.strategy`, enumerated over all
96 x C(95, 2) = 428,640 deals of one hand; the new cards are drawn from the 93 cards the player has
not seen (whatever the other hands hold, the unseen cards are equally likely to be drawn).

Simulated: how often a player using the simple strategy wins a round against players who never
exchange, with a 95% interval (Wilson), from seeded deals.

>>> e = expected_totals("double")
>>> e.cases, e.keep
(428640, Fraction(26, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, sqrt

from ...cards import Card
from ...decks import MUGHAL
from ...protocol import Table
from ...shuffle import Rng, derive
from .strategy import exchange_gain

PER_RANK = 8
RANKS = range(1, 13)


def _up(rank: int, court_up: str) -> int:
    return rank if court_up == "single" and rank > 10 else 2 * rank


@dataclass(frozen=True)
class Expected:
    cases: int
    keep: Fraction  # expected total, never exchanging
    simple: Fraction  # expected total with the simple strategy
    up: int  # deals in which the strategy exchanges the face-up card
    down: int  # ... both face-down cards


@lru_cache(maxsize=None)
def expected_totals(court_up: str = "single") -> Expected:
    suits = MUGHAL.suits
    cases = 0
    keep = simple = Fraction(0)
    n_up = n_down = 0
    for a in RANKS:
        for b in range(a, 13):
            down_ways = comb(PER_RANK, 2) if a == b else PER_RANK * PER_RANK
            for u in RANKS:
                left = PER_RANK - (a == u) - (b == u)
                ways = down_ways * left
                if not ways:
                    continue
                hand = (Card(suits[0], a), Card(suits[1], b), Card(suits[2], u))
                # the 93 unseen cards: the pack less these three
                unseen = {r: PER_RANK - (a == r) - (b == r) - (u == r) for r in RANKS}
                mean = Fraction(sum(r * k for r, k in unseen.items()), 93)
                mean_up = Fraction(sum(_up(r, court_up) * k for r, k in unseen.items()), 93)
                now = a + b + _up(u, court_up)
                gains = {"keep": 0.0, "exchange up": exchange_gain(hand, "exchange up", court_up),
                         "exchange down": exchange_gain(hand, "exchange down", court_up)}
                best = max(gains, key=lambda k: (gains[k], k == "keep"))
                if gains[best] <= 0:
                    best = "keep"
                if best == "exchange up":
                    value = a + b + mean_up
                    n_up += ways
                elif best == "exchange down":
                    value = 2 * mean + _up(u, court_up)
                    n_down += ways
                else:
                    value = Fraction(now)
                cases += ways
                keep += now * ways
                simple += value * ways
    return Expected(cases, keep / cases, simple / cases, n_up, n_down)


@dataclass(frozen=True)
class ExchangeRule:
    """The careful player's exchange, read off its own gains (:func:`.strategy.exchange_gain`)."""

    new_up: float  # what a new face-up card is worth on average
    up_ranks: tuple[int, ...]  # the face-up ranks it exchanges (when the face-down pair gains no more)
    new_down: float  # what two new face-down cards are worth on average
    down_most: int  # the highest face-down total it exchanges (when the face-up card gains no more)


@lru_cache(maxsize=None)
def exchange_rule(court_up: str = "single", times: int = 2) -> ExchangeRule:
    """When the careful player exchanges, found by asking its strategy about every rank and every pair.

    >>> rule = exchange_rule("double")
    >>> rule.new_up, rule.up_ranks, rule.new_down, rule.down_most
    (13.0, (1, 2, 3, 4, 5, 6), 13.0, 12)
    """
    suits = MUGHAL.suits
    raja = Card(suits[0], 12)
    up_ranks = tuple(r for r in RANKS
                     if exchange_gain((raja, raja, Card(suits[2], r)), "exchange up", court_up, times) > 0)
    down = [a + b for a in RANKS for b in RANKS
            if exchange_gain((Card(suits[0], a), Card(suits[1], b), raja), "exchange down", court_up, times) > 0]
    new_up = exchange_gain((raja, raja, Card(suits[2], 1)), "exchange up", court_up, times) + times * 1
    new_down = exchange_gain((Card(suits[0], 1), Card(suits[1], 1), raja), "exchange down", court_up, times) + 2
    return ExchangeRule(new_up, up_ranks, new_down, max(down, default=0))


def ranks_in_words(ranks) -> str:
    """Face-up ranks in players' words: ``a pip card of 5 or less, or a Vizier``."""
    numbers = [r for r in ranks if r <= 10]
    parts = []
    if numbers:
        run = numbers == list(range(1, numbers[-1] + 1))
        parts.append(f"a pip card of {numbers[-1]} or less" if run and len(numbers) > 1 else
                     "a " + ", ".join(map(str, numbers)))
    parts += [{11: "a Vizier", 12: "a Raja"}[r] for r in ranks if r > 10]
    return ", or ".join(parts) if parts else "never"


def exchange_table(game) -> Table:
    rule = exchange_rule(game.court_up, game.times)
    counts = ("every card counts double" if game.court_up == "double"
              else "a pip card counts double and a court card single")
    rows = (("the face-up card", f"{rule.new_up:.2f}", ranks_in_words(rule.up_ranks)),
            ("both face-down cards", f"{rule.new_down:.2f}", f"{rule.down_most} or less in all"))
    return Table("Sama: when the careful player exchanges",
                 ("part of the hand", "a new one is worth on average", "exchanged when it is"), rows,
                 f"A new card is worth the average of the whole pack of 96; face up, {counts}. When both parts are worth less than new ones, the careful player exchanges the one "
                 f"that gains more; when neither is, it keeps its cards.")


def _wilson(wins: float, n: int) -> tuple[float, float]:
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


@lru_cache(maxsize=None)
def simulated_share(players: int, rounds: int = 20000, court_up: str = "single", seed: str = "sama-odds") \
        -> tuple[float, float, float]:
    """The share of rounds won by one player using the simple strategy against ``players - 1`` players
    who never exchange (a tie counts as a share), with its 95% interval: ``(share, low, high)``."""
    deck = MUGHAL.cards
    won = 0.0
    for k in range(rounds):
        dealt, _ = Rng(derive(seed, players, court_up, k)).shuffled_tail(deck, 3 * players + 2)
        hands = [dealt[3 * i:3 * i + 3] for i in range(players)]
        spare = dealt[3 * players:]  # the next cards of the pack, for the exchange
        me = hands[0]
        gains = {m: exchange_gain(me, m, court_up) for m in ("exchange up", "exchange down")}
        best = max(gains, key=gains.get)
        if gains[best] > 0:
            me = [me[0], me[1], spare[0]] if best == "exchange up" else [spare[0], spare[1], me[2]]
        totals = [h[0].rank + h[1].rank + _up(h[2].rank, court_up) for h in [me] + hands[1:]]
        top = max(totals)
        if totals[0] == top:
            won += 1 / totals.count(top)
    share = won / rounds
    low, high = _wilson(won, rounds)
    return share, low, high


def worth_table(game) -> Table:
    court_up = game.court_up
    e = expected_totals(court_up)
    rows = (("never exchange", f"{float(e.keep):.3f}", "-"),
            ("the careful player", f"{float(e.simple):.3f}", f"{float(e.simple - e.keep):+.3f}"))
    return Table("Sama: the expected total of one hand, without and with the exchange",
                 ("player", "expected total", "gain"), rows,
                 f"Exact, over all {e.cases:,} deals of one hand (two face down, one face up); the face-up card "
                 f"counts double{', a court card too' if court_up == 'double' else ', a court card single'}. The careful player "
                 f"exchanges the face-up card in {100 * e.up / e.cases:.1f}% of deals and the face-down pair in "
                 f"{100 * e.down / e.cases:.1f}%.")


def share_table(game, rounds: int = 20000) -> Table:
    court_up = game.court_up
    rows = []
    for n in range(game.min_players, game.max_players + 1):
        share, low, high = simulated_share(n, rounds, court_up)
        rows.append((str(n), f"{100 / n:.1f}%", f"{100 * share:.1f}%", f"{100 * low:.1f}% to {100 * high:.1f}%"))
    return Table("Sama: rounds won by a player who uses the exchange, against players who never do",
                 ("players", "fair share", "won", "95% interval"), tuple(rows),
                 f"Simulated: {rounds:,} rounds per line; a tie counts as a share of the round.")


TABLES = {"exchange": exchange_table, "worth": worth_table, "share": share_table}
