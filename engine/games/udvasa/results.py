"""Udvasa's two results files read back for the book: how often a deal is won (``rules/data/udvasa-solved.json``,
written by :mod:`.odds`) and by whom (``rules/data/udvasa-unseen.json``, written by :mod:`.unseen`), as the
designers' tables (``odds``, ``hints``), the players' table (``chances``) and the chapter's odds in words.
Nothing here plays or solves a deal.
"""

from __future__ import annotations

import json
from pathlib import Path

from ...protocol import Table
from ...stats import in_hundred, wilson, zero_bound

SOLVED = Path(__file__).resolve().parents[3] / "rules" / "data" / "udvasa-solved.json"
UNSEEN = Path(__file__).resolve().parents[3] / "rules" / "data" / "udvasa-unseen.json"


def load(path: Path) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def words_share(share: float) -> str:
    """A share in players' words: 'about 6 deals in 10'."""
    tenths = round(share * 10)
    if 1 <= tenths <= 9:
        return f"about {tenths} deal{'s' if tenths != 1 else ''} in 10"
    per = round(1 / share) if share > 0 else 0
    return f"about one deal in {per}" if per else "almost none"


def odds_table(path: Path = SOLVED) -> Table:
    """The designers' table: each player's share of won deals with its 95% interval."""
    data = load(path)
    s = data["summary"]
    unseen = load(UNSEEN)
    u, lit = unseen["summary"], unseen["literal"]["summary"]
    rows = []
    for f, label, n in ((s["won"], "the solver: won (a winning line found)", s["deals"]),
                        (s["lost"], "the solver: proved lost", s["deals"]),
                        (s["undecided"], "the solver: undecided within the limit", s["deals"]),
                        (u["won"], "the searching player, who does not see the stock, wins", u["deals"]),
                        (u["careful_end"], "the careful player, then the solver once the stock is used up, wins",
                         u["deals"]),
                        (s["careful"], "the careful player wins", s["deals"]),
                        (s["random"], "the random player wins", s["deals"]),
                        (lit["won"], "dealing only when no card can move: the solver wins", lit["deals"]),
                        (lit["lost"], "dealing only when no card can move: proved lost", lit["deals"]),
                        (lit["undecided"], "dealing only when no card can move: undecided", lit["deals"])):
        if label == "the careful player wins" and not f["count"]:  # she gives up once the stock is used up,
            # before any deal can be won: a zero by how she is made, not a count with a bound
            rows.append((label, f"0 of {n:,}", "none, by how she is made", "no interval: not a count"))
            continue
        if label.endswith("proved lost") and not f["count"]:  # a loss the search can seldom prove (a deal lost
            # for every order of moves): its zero is the search's, not a bound on lost deals (the statistician)
            rows.append((label, f"0 of {n:,}", "none: the search can seldom prove a loss",
                         "no interval: not a count"))
            continue
        rows.append((label, f"{f['count']:,} of {n:,}", share_words(f, n) if not 0 < f["count"] < 10 else "a handful",
                     interval_words(f, n)))
    note = (f"The solver searched each deal to at most {data['limit']:,} positions in each of up to four passes "
            f"({unseen['literal']['limit']:,} when dealing only when no card can move); a handful (fewer than ten "
            "deals) is given as its count.")
    return Table("How often a deal can be won", ("", "deals", "share", "95% interval"), tuple(rows), note)


def share_words(f: dict, n: int) -> str:
    """A share as the tables print it: "none", a handful (fewer than ten) as its count, never a rate it cannot
    support ("1 of 200"), else the share in percent."""
    if f["count"] == 0:
        return "none"
    if f["count"] < 10:
        return f"{f['count']} of {n:,}"
    return f"{100 * f['share']:.1f}%"


def interval_words(f: dict, n: int) -> str:
    """A share's 95% interval; none of ``n`` is the bound the share stays under, 95% sure, never "0.0% to 0.0%"."""
    if f["count"] == 0:
        return f"under {100 * zero_bound(n):.2g}%"
    return f"{100 * f['low']:.1f}% to {100 * f['high']:.1f}%"


KINDS = {"every": "any move (every kind above)", "build": "play a card to its build stack", "deal": "deal eight more",
         "fill": "fill an empty stack with another card",
         "dig": "move a card off a stack towards a card wanted next",
         "bury": "move a card onto a stack that holds a card wanted next",
         "other": "any other move between stacks"}


def deal_share(packed: str, deals: int) -> tuple[float, float, float, int]:
    """A share of tries lost with its 95% interval, the deals as the trials (``packed``: "seed:won,lost,undecided
    ..." for the deals with a try; ``deals`` the won deals, those without a try counting nothing): the ratio of
    the sums, its standard error by the delta method over the deals. Returns (share, low, high, deals with a
    try).

    >>> share, low, high, tried = deal_share("1:3,1,0 2:4,0,0 3:2,2,0", 4)
    >>> round(share, 3), tried, low < share < high
    (0.25, 3, True)
    """
    import math

    rows = [tuple(int(v) for v in part.partition(":")[2].split(",")) for part in packed.split()]
    n = [sum(r) for r in rows]
    lost = [r[1] for r in rows]
    total = sum(n)
    share = sum(lost) / total
    mean_n = total / deals
    spread = sum((x - share * m) ** 2 for x, m in zip(lost, n)) + 0.0  # the deals without a try add nothing
    se = math.sqrt(spread / (deals * (deals - 1))) / mean_n if deals > 1 else 0.0
    return share, max(0.0, share - 1.96 * se), min(1.0, share + 1.96 * se), len(rows)


def hints_table(path: Path = SOLVED) -> Table:
    """The designers' table of first wrong moves (:func:`hints`), as stored in the results file: each share's
    interval takes the deals as the trials (the tries at the places of one deal hang together)."""
    h = load(path)["hints"]
    rows = []
    counts, packed = dict(h["counts"]), dict(h["by_deal"])
    for when in ("stock left", "stock used up"):  # every kind of move together, each deal's tries summed
        keys = [k for k in h["counts"] if k.endswith("/" + when)]
        counts[f"every/{when}"] = {v: sum(h["counts"][k][v] for k in keys) for v in ("won", "lost", "undecided")}
        deals: dict[str, list[int]] = {}
        for k in keys:
            for part in h["by_deal"][k].split():
                seed, _, c = part.partition(":")
                row = deals.setdefault(seed, [0, 0, 0])
                for i, v in enumerate(c.split(",")):
                    row[i] += int(v)
        packed[f"every/{when}"] = " ".join(f"{s}:{','.join(map(str, c))}" for s, c in deals.items())
    ordered = sorted(h["counts"].items(), key=lambda kv: (-kv[1]["lost"] / max(1, sum(kv[1].values())),
                                                          -kv[1]["undecided"] / max(1, sum(kv[1].values()))))
    for key, c in ordered + [(k, counts[k]) for k in counts if k.startswith("every/")]:
        kind, when = key.split("/")
        when = {"stock used up": "used up", "stock left": "left"}.get(when, when)
        n = sum(c.values())
        share, lo, hi, tried = deal_share(packed[key], h["won_deals"])
        # an unsettled try may be a lost one: counted as lost, they give each interval's upper end
        either = sum(1 for part in packed[key].split() if sum(map(int, part.partition(":")[2].split(",")[1:])) > 0)
        as_lost = " ".join(f"{d}:{w},{int(lost) + int(u)},0" for d, (w, lost, u) in
                           ((p.partition(":")[0], p.partition(":")[2].split(",")) for p in packed[key].split()))
        # (a handful, fewer than ten, by the deals it fell in (Wilson), as the note says: no normal interval)
        worst = (deal_share(as_lost, h["won_deals"])[2] if c["lost"] + c["undecided"] >= 10
                 else wilson(either, tried)[1])
        if c["lost"] == 0 and c["undecided"]:  # no share of tries to give: the deals it could have fallen in
            shown, said = "none proved", f"under {100 * wilson(either, tried)[1]:.2g}% of deals"
        elif c["lost"] == 0:
            shown, said = "none", f"under {100 * zero_bound(tried):.2g}%"
        elif c["lost"] < 10:  # a handful: its count, and the deals it fell in with their own interval (Wilson, the
            # deals the trials: the tries of one deal hang together, and a normal interval is too narrow for so few)
            hit = sum(1 for part in packed[key].split() if int(part.partition(":")[2].split(",")[1]) > 0)
            lo_x, hi_x = wilson(hit, tried)
            shown = f"in {hit} of {tried:,} deals"
            said = f"{100 * lo_x:.2g}% to {100 * max(hi_x, wilson(either, tried)[1]):.2g}% of deals"
        else:
            hi = max(hi, worst)
            shown, said = f"{100 * share:.1f}%", f"{100 * lo:.1f}% to {100 * hi:.1f}%"
        rows.append((KINDS[kind], when, f"{n:,}", f"{tried:,}", f"{c['lost']:,}" if c["lost"] else "none", shown, said,
                     f"{c['undecided']:,}"))
    note = (f"The {h['won_deals']:,} deals among the {h['deals']:,} numbered from {h['first']:,} that the solver won "
            f"within the search limit below; at three places of each winning line up to four "
            f"other moves made instead, each position then solved again to at most {h['limit']:,} positions a pass; "
            "the deals are the trials of each 95% interval, as the tries of one deal hang together; a share never "
            "seen, with no try undecided, is the exact bound it stays under; a handful (fewer than ten tries lost) is given as the deals it fell in, "
            "the interval then that of the share of deals with a try lost (Wilson's score interval), as is the bound where none was "
            "proved lost; an undecided try may be a lost one, so each interval's upper end counts the deals with a "
            "try lost or undecided.")
    return Table("First wrong moves: how often they spoil a won deal",
                 ("instead of the winning move", "stock", "tries", "deals", "lost", "share lost", "95% interval",
                  "undecided"),
                 tuple(rows), note)


def chances(solved: dict, unseen: dict) -> dict[str, str]:
    """The chapter's odds in words, from the two data files: the solver who sees the stock, the searching
    player who does not, the careful player who searches only the end game, the careful player, and the
    solver when eight more may be dealt only when no card can move."""
    s, u, lit = solved["summary"], unseen["summary"], unseen["literal"]["summary"]
    def said(f: dict, n: int) -> str:
        return in_hundred(f["count"], n, "deal")

    return {"solver": said(s["won"], s["deals"]), "unseen": said(u["won"], u["deals"]),
            "careful_end": said(u["careful_end"], u["deals"]), "careful": said(s["careful"], s["deals"]),
            "literal": said(lit["won"], lit["deals"]), "unseen_deals": f"the first {u['deals']:,} deals",
            "literal_deals": f"the first {lit['deals']:,} deals"}


def chances_table(path: Path = UNSEEN) -> Table:
    """The players' table: how often a deal is won, by who plays it and what she knows."""
    s, data = load(SOLVED)["summary"], load(path)
    u, lit = data["summary"], data["literal"]["summary"]

    def row(label, f, n):
        return (label, share_words(f, n), interval_words(f, n), f"{n:,}")

    rows = (row("a computer that knows the order of the stock", s["won"], s["deals"]),
            row("a computer that does not: it guesses the order several times over", u["won"], u["deals"]),
            row("the careful player, who searches the end game once the stock is used up", u["careful_end"],
                u["deals"]),
            ("the careful player, who never looks ahead and gives up once the stock is used up",
             "none, by how she is made", "no interval: not a count", f"{s['deals']:,}") if not s["careful"]["count"] else
            row("the careful player, who never looks ahead", s["careful"], s["deals"]),
            row("a computer that knows the order of the stock, dealing only when no card can move", lit["won"],
                lit["deals"]))
    note = ("A deal counts as won only when a winning game was found within the search's limit, so the share that "
            "can be won at all may be a little higher; each interval holds, 95 times in 100, the share such a player "
            "would win over endless deals. A player who gives up once the stock is used up can win no deal: her none "
            "is how she is made, with no interval to give.")
    return Table("How often a deal is won", ("who plays", "wins", "95% interval", "deals"), rows, note)
