"""Every Nakash figure the chapter prints, checked card by card over all 4,560 hands of two."""

from collections import Counter
from itertools import combinations

from engine import get_game
from engine.decks import MUGHAL
from engine.games.nakash import odds


def outcome(a: int, b: int) -> str:
    """The rules as written here: the winning pairs, the totals that lose, the totals that count."""
    if a == b and a in (1, 12, 11, 10):
        return {1: "pair 1s", 12: "pair Rajas", 11: "pair Viziers", 10: "pair 10s"}[a]
    total = a + b
    if total in (18, 19, 21, 23):
        return "loses at once"
    if total > 17:
        return "loses over 17"
    return f"total {total}"


def brute() -> Counter:
    cards = MUGHAL.cards
    return Counter(outcome(x.rank, y.rank) for x, y in combinations(cards, 2))


def test_every_hand_counted():
    counts = brute()
    assert sum(counts.values()) == 4560
    table = get_game("nakash").table("order")
    rows = {r[1]: r for r in table.rows}
    for name, key in (("A pair of 1s", "pair 1s"), ("A pair of Rajas", "pair Rajas"),
                      ("A pair of Viziers", "pair Viziers"), ("A pair of 10s", "pair 10s")):
        assert rows[name][2] == f"{counts[key]:,}" and rows[name][3] == f"{100 * counts[key] / 4560:.2f}%"
    for t in range(3, 18):
        assert rows[f"A total of {t}"][2] == f"{counts[f'total {t}']:,}"
    assert rows["18, 19, 21 or 23 (lose at once)"][2] == f"{counts['loses at once']:,}"
    assert rows["20 or 22 without a winning pair"][2] == f"{counts['loses over 17']:,}"
    places = [r[0] for r in table.rows]
    assert places[:19] == [str(k) for k in range(1, 20)]  # the order of winning hands, best first


def test_chances_and_the_totals_over_17():
    counts = brute()
    assert odds.chance_of("bust") * 4560 == counts["loses at once"]
    assert odds.chance_of("over") * 4560 == counts["loses over 17"]
    assert odds.chance_of("pair") * 4560 == sum(n for k, n in counts.items() if k.startswith("pair"))
    over = get_game("nakash").table("over")
    by_total = Counter()
    for r in over.rows:
        by_total[int(r[0])] += int(r[2].replace(",", ""))
    cards = MUGHAL.cards
    totals = Counter(x.rank + y.rank for x, y in combinations(cards, 2))
    assert all(by_total[t] == totals[t] for t in range(18, 25))


def test_the_pot_against_one_other_hand_agrees_with_every_deal_counted_card_by_card():
    """heads_up() counts by ranks; here every pair of actual hands is dealt from the 96 cards, for two classes."""
    from fractions import Fraction
    from itertools import combinations

    from engine.decks import MUGHAL
    from engine.games.nakash.odds import heads_up
    from engine.games.nakash.state import hand_rank

    cards = list(MUGHAL.cards)
    for key in (("pair", 1), ("total", 3)):
        wins = deals = 0
        for mine in combinations(cards, 2):
            r = hand_rank(mine)
            if (r[2], mine[0].rank if r[2] == "pair" else r[1]) != key:
                continue
            rest = [c for c in cards if c not in mine]
            for theirs in combinations(rest, 2):
                deals += 1
                wins += hand_rank(theirs)[:2] < r[:2]
        assert heads_up()[key] == Fraction(wins, deals), key
