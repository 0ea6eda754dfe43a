"""Every Komi figure the chapter prints, checked against a brute force written here, apart from the engine.

The engine groups hands by card class; here every one of the C(96, 3) hands is enumerated card by
card, and the player's hands against each dealer's hand are counted by a small dynamic programme
over the ranks left in the pack.
"""

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

from engine import get_game
from engine.decks import MUGHAL
from engine.games.komi import odds


def score(ranks) -> int:
    if all(r > 10 for r in ranks):
        return 10
    return sum(r for r in ranks if r <= 10) % 10


def dealer_hands() -> Counter:
    """Every hand of three of the 96 cards, card by card, counted by its sorted ranks."""
    ranks = [c.rank for c in MUGHAL.cards]
    return Counter(tuple(sorted((ranks[a], ranks[b], ranks[c]))) for a, b, c in combinations(range(96), 3))


def player_scores(left: dict[int, int]) -> Counter:
    """The scores of every hand of three from the cards ``left`` (rank -> how many), by a DP over ranks."""
    states = Counter({(0, 0, True): 1})  # (cards taken, pip total mod 10, only courts so far)
    for rank, count in left.items():
        nxt = Counter()
        for (taken, total, courts), ways in states.items():
            for k in range(0, min(count, 3 - taken) + 1):
                pip = rank if rank <= 10 else 0
                nxt[(taken + k, (total + k * pip) % 10, courts and (k == 0 or rank > 10))] += ways * comb(count, k)
        states = nxt
    out = Counter()
    for (taken, total, courts), ways in states.items():
        if taken == 3:
            out[10 if courts else total] += ways
    return out


def test_score_counts_match_every_hand():
    brute = Counter()
    for ranks, ways in dealer_hands().items():
        brute[score(ranks)] += ways
    assert sum(brute.values()) == comb(96, 3) == 142_880
    assert tuple(brute[s] for s in range(11)) == odds.score_counts()


def test_pair_odds_and_the_dealers_edge():
    win = tie = loss = 0
    for ranks, ways in dealer_hands().items():
        left = {r: 8 for r in range(1, 13)}
        for r in ranks:
            left[r] -= 1
        mine = score(ranks)
        for s, n in player_scores(left).items():
            if s > mine:
                win += ways * n
            elif s == mine:
                tie += ways * n
            else:
                loss += ways * n
    o = odds.pair_odds()
    assert (o.win, o.tie, o.loss) == (win, tie, loss)
    assert o.cases == comb(96, 3) * comb(93, 3)
    assert odds.dealer_edge("push") == 0  # the game is fair between a player and the dealer
    assert odds.dealer_edge("dealer") == Fraction(tie, win + tie + loss)


def test_printed_tables_say_the_same():
    game = get_game("komi")
    rows = {r[0]: r for r in game.table("scores").rows}
    counts = odds.score_counts()
    assert rows["Komi (three court cards)"][1] == f"{counts[10]:,}"
    edge = game.table("edge")
    o = odds.pair_odds()
    for row in edge.rows:
        players = int(row[0])
        assert row[2] == f"{100 * o.win / o.cases:.2f}%" and row[5] == "+0.000"
        assert row[6] == f"{(players - 1) * o.tie / o.cases:+.3f}"
    assert f"{o.cases:,}" in edge.note
    for row in game.table("examples").rows:  # the worked hands agree with the rule as written here
        ranks = [12 if w == "Raja" else 11 if w == "Vizier" else int(w) for w in row[0].split(", ")]
        assert row[2] == ("Komi" if score(ranks) == 10 else str(score(ranks)))
