"""Exact odds of Naqsh for the bots' strategy, and the chapter's generated tables.

The strategy (:mod:`.strategy`): a player takes a card on 13 or less and stands on 14, 15 or 16;
the dealer draws until Naqsh or bust. Only card values matter, and a hand's play depends only on
its own cards, so a round is a sequence of card values drawn from the 48-card pack (four of each
value 1 to 12): the first player's cards, then the next player's, and the dealer's last (dealing
every face-down card first gives the same chances, since nobody sees another's face-down card).

:func:`exact` adds up every such sequence with its probability, merging hands that leave the same
cards in the pack. One hand is quick; a whole round is not (two players already take 4,635,742,926
sequences and half a minute, because a dealer who draws to the end has so many ways to get there),
so the book's round odds come from :func:`simulate`, with a 95% interval, and a test checks the
simulation against the exact two-player figures and against the engine itself.

>>> r = simulate(2, 2000)
>>> r.exact, r.cases, abs(r.p_player_naqsh + r.p_dealer_naqsh + r.p_nobody - 1) < 1e-9
(False, 2000, True)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

from ...protocol import Table
from ...shuffle import seed_int
from .bank import STAND_FROM, STAND_TO, is_bust, is_naqsh
from .strategy import TAKE_UP_TO

VALUES = tuple(range(1, 13))
FULL = (4,) * 12  # the pack by value: four of each of 1..12
NAQSH, BUST, STAND = "naqsh", "bust", "stand"
SIM_ROUNDS = 60_000
SIM_SEED = "naqsh-odds"


@dataclass(frozen=True)
class Odds:
    """How rounds end with the bots' strategy at ``players`` players (the dealer included).

    ``edge``: the dealer's expected gain per round, in stakes, in the variant *pay-standing* (every player
    pays one stake on a dealer's Naqsh; the dealer pays one to each player still standing on a failure; with
    this strategy's dealer, who never stands, *pay-higher* is the same). ``edge_nothing``: the same under the
    book's ruling, when a failing dealer pays nothing. ``half_width``, ``half_width_nothing``: their 95%
    intervals' half-widths (0 when exact).
    ``cases``: the number of distinct rounds (sequences of card values) summed, when exact; else the
    number of rounds simulated.
    """

    players: int
    p_player_naqsh: float
    p_dealer_naqsh: float
    p_nobody: float
    edge: float
    edge_nothing: float
    exact: bool
    cases: int
    half_width: float = 0.0
    half_width_nothing: float = 0.0

    @property
    def edge_per_player(self) -> float:
        return self.edge / (self.players - 1)

    def edge_under(self, rule: str) -> tuple[float, float]:
        """The dealer's gain a round and its interval's half-width under the option ``dealer-fails=rule``."""
        return (self.edge_nothing, self.half_width_nothing) if rule == "nothing" else (self.edge, self.half_width)


# --- one hand ---------------------------------------------------------------------------------------
def _wants_card(total: int, count: int, dealer: bool) -> bool:
    if count < 2:
        return True  # the face-down card and the face-up card come without asking
    return dealer or total <= TAKE_UP_TO


@lru_cache(maxsize=None)
def hand_outcomes(counts: tuple[int, ...], dealer: bool = False) -> tuple:
    """Every way a hand can end from a pack holding ``counts`` (cards of each value 1..12):
    ``((outcome, total, cards left, probability, sequences), ...)``. Hands that reach the same total with
    the same cards left are merged as they go (and again at the end), so the work stays small."""
    out: dict = {}
    frontier = {(counts, 0): (1.0, 1)}  # (cards left, total) -> (probability, sequences), after ``count`` cards
    count = 0
    while frontier:
        count += 1
        following: dict = {}
        for (counts, total), (prob, seqs) in frontier.items():
            left = sum(counts)
            for v in VALUES:
                k = counts[v - 1]
                if not k:
                    continue
                p = prob * k / left
                c = counts[:v - 1] + (k - 1,) + counts[v:]
                t = total + v
                if is_naqsh(t, count):
                    key = (NAQSH, 0, c)
                elif is_bust(t, count):
                    key = (BUST, 0, c)
                elif _wants_card(t, count, dealer):
                    old = following.get((c, t))
                    following[(c, t)] = (p, seqs) if old is None else (old[0] + p, old[1] + seqs)
                    continue
                else:
                    key = (STAND, t, c)
                old = out.get(key)
                out[key] = (p, seqs) if old is None else (old[0] + p, old[1] + seqs)
        frontier = following
    return tuple((kind, t, c, p, s) for (kind, t, c), (p, s) in out.items())


@lru_cache(maxsize=None)
def dealer_naqsh(counts: tuple[int, ...]) -> tuple[float, int]:
    """The dealer's chance of Naqsh, drawing until Naqsh or bust from ``counts``; and the number of sequences."""
    p = 0.0
    seqs = 0
    for kind, _, _, q, s in hand_outcomes(counts, True):
        seqs += s
        if kind == NAQSH:
            p += q
    return p, seqs


# --- a whole round, exactly -----------------------------------------------------------------------
def exact(players: int) -> Odds:
    """The exact odds at ``players`` players (the dealer included), by enumerating every round."""
    if not 2 <= players <= 7:
        raise ValueError("Naqsh is played by 2 to 7 players")
    memo: dict = {}

    def punter(counts, i, standing):
        """(P player Naqsh, P dealer Naqsh, E[players standing when the dealer fails], sequences)."""
        key = (counts, i, standing)
        hit = memo.get(key)
        if hit is not None:
            return hit
        if i == players - 1:
            pd, seqs = dealer_naqsh(counts)
            result = (0.0, pd, (1.0 - pd) * standing, seqs)
        else:
            pp = pd = fail = 0.0
            seqs = 0
            for kind, _, c, q, s in hand_outcomes(counts):
                if kind == NAQSH:
                    pp += q
                    seqs += s
                    continue
                a, b, f, n = punter(c, i + 1, standing + (kind == STAND))
                pp += q * a
                pd += q * b
                fail += q * f
                seqs += s * n
            result = (pp, pd, fail, seqs)
        memo[key] = result
        return result

    pp, pd, standing_paid, cases = punter(FULL, 0, 0)
    n = players - 1
    return Odds(players, pp, pd, 1.0 - pp - pd, n * pd - standing_paid, n * pd, True, cases)


# --- a whole round, by simulation --------------------------------------------------------------------
def play_round(order: list[int], players: int) -> tuple[int, int, int]:
    """One round from a shuffled list of values (drawn from the end): (kind, standing players, dealer's gain).
    kind 0: a player's Naqsh; 1: the dealer's Naqsh; 2: nobody's."""
    standing = 0
    for seat in range(players):
        dealer = seat == players - 1
        total = count = 0
        while True:
            total += order.pop()
            count += 1
            if count < 2:
                continue
            if total == 17 or (total == 21 and count == 2):
                if dealer:
                    return 1, standing, players - 1
                return 0, standing, 0
            if total > 17:
                break
            if not dealer and total > TAKE_UP_TO:
                standing += 1
                break
    return 2, standing, -standing


def simulate(players: int, rounds: int = SIM_ROUNDS, seed: int | str = SIM_SEED) -> Odds:
    """The odds at ``players`` players from ``rounds`` random rounds (seeded), with a 95% interval."""
    rnd = random.Random(seed_int(f"{seed}/{players}")).random
    pack = [v for v in VALUES for _ in range(4)]
    kinds = [0, 0, 0]
    gain = gain2 = nothing = nothing2 = 0
    for _ in range(rounds):
        order = pack[:]
        for i in range(47, 0, -1):
            j = int(rnd() * (i + 1))
            order[i], order[j] = order[j], order[i]
        kind, standing, g = play_round(order, players)
        kinds[kind] += 1
        gain += g
        gain2 += g * g
        if kind == 1:
            nothing += g
            nothing2 += g * g
    mean = gain / rounds
    var = max(gain2 / rounds - mean * mean, 0.0)
    half = 1.96 * math.sqrt(var / rounds)
    mean0 = nothing / rounds
    half0 = 1.96 * math.sqrt(max(nothing2 / rounds - mean0 * mean0, 0.0) / rounds)
    return Odds(players, kinds[0] / rounds, kinds[1] / rounds, kinds[2] / rounds, mean, mean0, False,
                rounds, half, half0)


@lru_cache(maxsize=None)
def odds(players: int) -> Odds:
    """The round odds the chapter shows: :data:`SIM_ROUNDS` simulated rounds (seed :data:`SIM_SEED`)."""
    return simulate(players)


# --- the chapter's tables ---------------------------------------------------------------------------
def two_card_naqsh() -> list[tuple[int, int, int, int]]:
    """Every two-card Naqsh as (higher value, lower value, total, ways to be dealt from the 48-card pack,
    as unordered pairs of cards)."""
    out = []
    for hi in range(12, 0, -1):
        for lo in range(hi, 0, -1):
            if is_naqsh(hi + lo, 2):
                out.append((hi, lo, hi + lo, 4 * 4 if hi != lo else 4 * 3 // 2))
    return out


def _value_word(deck, v: int) -> str:
    if v in (11, 12):
        base = {11: "Ghodi", 12: "Mir"}[v]
        other = deck.rank_name(v)
        return base if other == base else f"{base} ({other})"
    return str(v)


def two_card_table(game) -> Table:
    deck = game.deck
    pairs = two_card_naqsh()
    all_pairs = 48 * 47 // 2
    rows = [(f"{_value_word(deck, hi)} + {_value_word(deck, lo)}", str(t), str(w), f"{100 * w / all_pairs:.2f}%")
            for hi, lo, t, w in pairs]
    ways = sum(w for *_, w in pairs)
    rows.append(("Any two-card Naqsh", "17 or 21", str(ways), f"{100 * ways / all_pairs:.2f}%"))
    return Table("", ("Two cards", "Total", "Ways", "Chance"), tuple(rows),
                     f"Ways: pairs of cards from the 48-card pack, out of {all_pairs:,} pairs in all; the chance "
                     "is that a player's first two cards are that pair.")


def edge_table(game) -> Table:
    """The dealer's position under the game's ``dealer-fails`` rule, with the other payment beside it:
    under the book's ruling (a failing dealer pays nothing), what it would be if the dealer paid every player
    standing; under a paying variant, what it would be if the dealer paid nothing."""
    rule = game.dealer_fails
    other = "pay-standing" if rule == "nothing" else "nothing"
    rows = []
    rounds = None
    for n in range(2, 8):
        o = odds(n)
        rounds = o.cases
        edge, half = o.edge_under(rule)
        rows.append((str(n), f"{100 * o.p_player_naqsh:.1f}%", f"{100 * o.p_dealer_naqsh:.1f}%",
                     f"{100 * o.p_nobody:.1f}%", f"{edge:+.3f}\u00a0±\u00a0{half:.3f}".replace("-", "\u2212"),
                     f"{edge / (n - 1):+.3f}".replace("-", "\u2212"),
                     "{:+.2f}\u00a0±\u00a0{:.2f}".format(*o.edge_under(other)).replace("-", "\u2212")))
    exact_gain = f"{EXACT_TWO_PLAYERS[rule]:.3f}".replace("-", "\u2212")
    return Table("", ("Players", "A player's Naqsh", "Dealer's Naqsh", "Nobody's", "Dealer's gain a round",
                      "Per other player", OTHER_HEAD[other]), tuple(rows),
                     f"Stakes per round, with the careful players' strategy: players take a card on 13 or less "
                     f"and stand on 14 to 16, the dealer draws until Naqsh or over. Simulated, {rounds:,} rounds for each size "
                     "of table; ± gives the 95% interval. For two players an exact count over every one of the "
                     f"4,635,742,926 ways a round can go gives a dealer's gain of {exact_gain}, inside the "
                     "interval.")


# the last column's head: the dealer's gain a round under the other payment
OTHER_HEAD = {"pay-standing": "Dealer's gain a round if a failing dealer pays every player standing",
              "nothing": "Dealer's gain a round if a failing dealer pays nothing"}
# ``exact(2)``'s dealer's gain a round under each rule (half a minute to compute: a slow test checks them)
EXACT_TWO_PLAYERS = {"nothing": 0.153, "pay-standing": -0.168, "pay-higher": -0.168}


def hand_table(game) -> Table:
    """How a player's hand ends, from a full pack, by the total of the first two cards (exact)."""
    by_start: dict[int, list[float]] = {}
    for a in VALUES:
        for b in VALUES:
            p = (4 / 48) * ((3 if a == b else 4) / 47)
            counts = list(FULL)
            counts[a - 1] -= 1
            counts[b - 1] -= 1
            t = a + b
            row = by_start.setdefault(t, [0.0, 0.0, 0.0, 0.0])
            row[0] += p
            if is_naqsh(t, 2):
                row[1] += p
                continue
            if is_bust(t, 2):
                row[2] += p
                continue
            if STAND_FROM <= t <= STAND_TO:
                row[3] += p
                continue
            for kind, _, _, q, _ in _continue(tuple(counts), t):
                row[{NAQSH: 1, BUST: 2, STAND: 3}[kind]] += p * q
    rows = []
    for t in sorted(by_start):
        share, naqsh, bust, stand = by_start[t]
        rows.append((str(t), f"{100 * share:.1f}%", f"{100 * naqsh / share:.1f}%", f"{100 * stand / share:.1f}%",
                     f"{100 * bust / share:.1f}%"))
    return Table("", ("First two cards", "How often", "Ends in Naqsh", "Stands", "Goes over"), tuple(rows),
                     "Exact, for a player who takes a card on 13 or less and stands on 14 to 16, drawing from "
                     "a full pack less the two cards.")


@lru_cache(maxsize=None)
def _continue(counts: tuple[int, ...], total: int) -> tuple:
    """How a player's hand on ``total`` (two cards) ends, drawing from ``counts``."""
    out: dict = {}

    def walk(counts, total, count, prob):
        left = sum(counts)
        for v in VALUES:
            k = counts[v - 1]
            if not k:
                continue
            p = prob * k / left
            c = counts[:v - 1] + (k - 1,) + counts[v:]
            t, n = total + v, count + 1
            if is_naqsh(t, n):
                kind = NAQSH
            elif is_bust(t, n):
                kind = BUST
            elif t <= TAKE_UP_TO:
                walk(c, t, n, p)
                continue
            else:
                kind = STAND
            out[kind] = out.get(kind, 0.0) + p

    walk(counts, total, 2, 1.0)
    return tuple((kind, 0, None, p, 0) for kind, p in out.items())
