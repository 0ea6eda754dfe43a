"""Comparing variants fairly (``ganjifa compare``): the same seeds, paired tests, a correction for the rows.

Every variant plays games ``0 .. n - 1`` of the same simulation seed (:mod:`engine.study.simulate`), so game ``g`` of
one variant and game ``g`` of another start from the same seed: their outcomes are *paired*. Each measure is
compared with the first variant by the mean of the game-by-game differences (a paired z-test: the normal
approximation is sound for the hundreds of games a comparison plays), and the p-values of all the rows and
columns are adjusted together by Holm's method, so that a table of twenty rows does not find one difference
by chance at the 5% level.

At equal numbers of players, every seat of every variant (the first too) is also tested against its fair share
(one in four at four players): a seat that wins more than its share is marked, the excess shown with its interval.
Events are tested as shares of games (how many games show one) and as counts per game (how many a game shows).

When the numbers of players differ, a seat's share of the wins is compared through its excess over its fair
share (one in three at three players, one in five at five): the difference tested is
``(share_B - 1/n_B) - (share_A - 1/n_A)``, so one third against one fifth is no difference at all. Every seat
of every variant is shown; a seat that exists in one variant only is shown and not tested.

>>> holm([0.01, 0.04, 0.03])
[0.03, 0.06, 0.06]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from .simgames import UNIT, stakes_game
from .simtables import clause_rows, event_words, figure
from .simulate import Report

ALPHA = 0.05
PLOT_FORMATS = (".svg", ".png", ".pdf")  # --plot: the picture's format, by the file's ending


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of ``p_values`` (in their order): each is multiplied by the number of
    hypotheses not yet rejected before it, kept monotone, capped at 1."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    m = len(p_values)
    out = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        out[i] = float(f"{running:.12g}")  # (12 significant digits: a tiny p stays tiny, never 0)
    return out


def two_sample(first: Sequence[float], second: Sequence[float]) -> tuple[float, float, float, float]:
    """``second``'s mean less ``first``'s, its 95% interval and the two-sided p-value, the two samples
    independent (a z-test on the difference of two means): for variants that cannot play the same deals (other
    numbers of players), where pairing games by their order would pair nothing."""
    def moments(xs):
        n = len(xs)
        mean = math.fsum(xs) / n
        return mean, math.fsum((x - mean) ** 2 for x in xs) / max(n - 1, 1) / n
    (m1, v1), (m2, v2) = moments(first), moments(second)
    diff, se = m2 - m1, math.sqrt(v1 + v2)
    if se == 0:
        return diff, diff, diff, 1.0 if diff == 0 else 0.0
    return diff, diff - 1.96 * se, diff + 1.96 * se, \
        math.erfc(abs(diff) / se / math.sqrt(2))


def paired_p(differences: Sequence[float]) -> float:
    """Two-sided p-value that the mean of paired ``differences`` is 0 (z-test on their mean)."""
    n = len(differences)
    if n < 2:
        return 1.0
    mean = math.fsum(differences) / n
    var = math.fsum((d - mean) ** 2 for d in differences) / (n - 1)
    if var == 0:
        return 1.0 if mean == 0 else 0.0
    return math.erfc(abs(mean) / math.sqrt(var / n) / math.sqrt(2))


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation)."""
    n = len(values)
    mean = math.fsum(values) / n if n else 0.0
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n) if n else 0.0
    return mean, mean - half, mean + half


@dataclass(frozen=True)
class Cell:
    """One variant's figure for one measure: the value (a number), its 95% interval, the text shown."""

    value: float | None
    low: float | None = None
    high: float | None = None
    text: str = "-"


@dataclass(frozen=True)
class Row:
    """One measure across variants: a cell per variant and, against the first, the paired p-value and the
    p-value adjusted for every test of the table (Holm); None where nothing is tested."""

    measure: str
    seat: int | None  # 1-based seat for per-seat measures
    label: str
    cells: tuple[Cell, ...]
    p_values: tuple[float | None, ...]
    adjusted: tuple[float | None, ...] = ()
    test: str = "paired z-test"
    event: str | None = None  # the event's id, for an event's rows
    # against the first variant: the mean of the paired differences and its 95% interval (None where not tested)
    differences: tuple[tuple[float, float, float] | None, ...] = ()

    def significant(self, i: int, alpha: float = ALPHA) -> bool:
        p = self.adjusted[i] if self.adjusted else None
        return p is not None and p < alpha


def _wins(r: Report, seat: int) -> list[float]:
    o, n = r.outcomes, r.game.players
    return [w / UNIT for w in o.wins[seat::n]]


def compare_rows(reports: Sequence[Report], events: bool = True, fair: bool = False,
                 per_game: bool = False, measures: Sequence[tuple[str, Sequence[Sequence[float | None]]]] = ()) -> list[Row]:
    """The rows of a comparison of ``reports`` (each with ``outcomes``, from the same seed and number of games);
    without ``events``, no rows for the games' events (and Holm's correction counts only the rows kept). With
    ``fair`` (``ganjifa compare``), at equal numbers of players, a row per seat of its points over the fair share,
    tested in every column; with ``per_game``, a row per event of how many times a game shows it (mean, interval,
    paired test) beside the share of games that show it. ``measures``: a designer's own measures
    (:mod:`engine.study.measures`), each a label and its values game by game for every report (``None`` leaves a game
    out): a row each, mean a game with its interval, tested game by game against the first report's."""
    first = reports[0]
    games = first.games
    for r in reports:
        if r.outcomes is None or r.games != games or r.seed != first.seed:
            raise ValueError("a fair comparison needs every variant's games, game by game, on the same seeds")
    players = [r.game.players for r in reports]
    same_players = len(set(players)) == 1
    rows: list[Row] = []

    def tested(i: int, base: Sequence[float], values: Sequence[float]) -> float | None:
        """The p-value of column ``i``'s ``values`` against the first column's ``base``: game by game where it
        has the first's number of players (the same deals), as two independent samples where not."""
        if players[i] == players[0]:
            differences = [b - a for a, b in zip(base, values)]
            # the same in every game of both (the same deals decide it): nothing to test, and no test counted
            return paired_p(differences) if any(differences) else None
        return two_sample(base, values)[3]

    for seat in range(max(players)):
        cells, ps = [], []
        base = _wins(first, seat) if seat < first.game.players else None
        for i, r in enumerate(reports):
            n = r.game.players
            if seat >= n:
                cells.append(Cell(None))
                ps.append(None)
                continue
            w = _wins(r, seat)
            share = math.fsum(w) / games
            lo, hi = r.win_interval(seat)
            text = f"{100 * share:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"
            if not same_players:
                text += f", {100 * (share - 1 / n):+.1f} on fair {100 / n:.1f}%"
            cells.append(Cell(share, lo, hi, text))
            if i == 0 or base is None:
                ps.append(None)
            elif same_players:
                ps.append(tested(i, base, w))
            else:
                fa, fb = 1 / first.game.players, 1 / n
                ps.append(tested(i, [a - fa for a in base], [b - fb for b in w]))
        label = f"Player {seat + 1} wins" + ("" if same_players else " (against the fair share)")
        rows.append(Row("win share", seat + 1, label, tuple(cells), tuple(ps)))

    if fair and same_players:  # each seat against its fair share, in every variant (the first too)
        n = players[0]
        for seat in range(n):
            cells, ps = [], []
            for r in reports:
                excess = [x - 1 / n for x in _wins(r, seat)]
                mean, lo, hi = mean_interval(excess)
                cells.append(Cell(mean, lo, hi, f"{100 * mean:+.1f} ({100 * lo:+.1f} to {100 * hi:+.1f})"))
                ps.append(paired_p(excess))
            rows.append(Row("win share over fair", seat + 1, f"Player {seat + 1} wins, points over the fair "
                            f"{100 / n:.1f}%", tuple(cells), tuple(ps), test="z-test against the fair share"))

    moves = [list(r.outcomes.moves) for r in reports]
    cells = []
    for m in moves:
        mean, lo, hi = mean_interval(m)
        cells.append(Cell(mean, lo, hi, f"{mean:.1f} ({lo:.1f}-{hi:.1f})"))
    rows.append(Row("moves per game", None, "Moves per game", tuple(cells),
                    (None,) + tuple(tested(i, moves[0], m) for i, m in enumerate(moves) if i)))

    if all(stakes_game(r.game) for r in reports) and any(any(r.outcomes.money or ()) for r in reports):
        # (no rows when no money changed hands: Sama counted in rounds won settles nothing)
        for seat in range(max(players)):
            cells, ps = [], []
            base = list(first.outcomes.money[seat::first.game.players]) if seat < first.game.players else None
            for i, r in enumerate(reports):
                n = r.game.players
                if seat >= n:
                    cells.append(Cell(None))
                    ps.append(None)
                    continue
                money = list(r.outcomes.money[seat::n])
                mean, lo, hi = mean_interval(money)
                cells.append(Cell(mean, lo, hi, f"{mean:+.2f} ({lo:+.2f} to {hi:+.2f})"))
                ps.append(None if i == 0 or base is None else tested(i, base, money))
            rows.append(Row("money per game", seat + 1, f"Player {seat + 1} money per game (stakes)",
                            tuple(cells), tuple(ps)))

    kinds = {e: what for r in reports for e, what in event_words(r.game).items()} if events else {}
    for event, what in kinds.items():
        cells, seen = [], []
        for r in reports:
            order = list(r.game.EVENTS)
            if event not in order:
                cells.append(Cell(None))
                seen.append(None)
                continue
            bit = 1 << order.index(event)
            happened = [1.0 if mask & bit else 0.0 for mask in r.outcomes.events]
            share = math.fsum(happened) / games
            text = figure(100 * share, 1, '%') + ("" if per_game else f" ({figure(r.event_rate(event), 2)} per game)")
            cells.append(Cell(share, None, None, text))
            seen.append(happened)
        # a column whose rules make the event impossible is not a count to test (Game.ruled_out)
        out = [event in r.game.ruled_out() for r in reports]
        ps = (None,) + tuple(None if s is None or seen[0] is None or out[0] or out[i] else tested(i, seen[0], s)
                             for i, s in enumerate(seen) if i)
        rows.append(Row("games with event", None, f"Games with: {what}", tuple(cells), ps, event=event))
        if not per_game:
            continue
        cells, counts = [], []
        for r in reports:
            order = list(r.game.EVENTS)
            if event not in order:
                cells.append(Cell(None))
                counts.append(None)
                continue
            k, width = order.index(event), len(order)
            times = [float(c) for c in r.outcomes.event_counts[k::width]]
            mean, lo, hi = mean_interval(times)
            cells.append(Cell(mean, lo, hi, f"{figure(mean, 2)} ({figure(lo, 2)}-{figure(hi, 2)})"))
            counts.append(times)
        ps = (None,) + tuple(None if c is None or counts[0] is None or out[0] or out[i] else tested(i, counts[0], c)
                             for i, c in enumerate(counts) if i)
        rows.append(Row("event per game", None, f"Per game: {what}", tuple(cells), ps, event=event))

    own = {}
    for label, columns in measures:
        cells, ps, diffs = [], [], []
        for i, values in enumerate(columns):
            kept = [v for v in values if v is not None]
            if not kept:
                cells.append(Cell(None))
                ps.append(None)
                diffs.append(None)
                continue
            mean, lo, hi = mean_interval(kept)
            cells.append(Cell(mean, lo, hi, f"{figure(mean, 3)} ({figure(lo, 3)} to {figure(hi, 3)})"))
            pairs = [(a, b) for a, b in zip(columns[0], values) if a is not None and b is not None]
            if i == 0 or len(pairs) < 2:
                ps.append(None)
                diffs.append(None)
            else:
                ps.append(paired_p([b - a for a, b in pairs]))
                diffs.append(mean_interval([b - a for a, b in pairs]))
        row = Row("designer measure", None, f"{label}, per game", tuple(cells), tuple(ps), test="paired z-test")
        own[id(row)] = tuple(diffs)
        rows.append(row)

    flat = [p for row in rows for p in row.p_values if p is not None]
    adjusted = iter(holm(flat))
    return [Row(row.measure, row.seat, row.label, row.cells, row.p_values,
                tuple(None if p is None else next(adjusted) for p in row.p_values), row.test, row.event,
                own[id(row)] if id(row) in own else _differences(row, reports)) for row in rows]


def _per_game(row: Row, r: Report) -> list[float] | None:
    """The per-game values behind ``row`` for report ``r`` (what a paired difference is taken of)."""
    o, n = r.outcomes, r.game.players
    if row.measure in ("win share", "win share over fair"):
        if row.seat > n:
            return None
        fair = 1 / n if (row.measure == "win share over fair" or "fair" in row.label) else 0.0
        return [w - fair for w in _wins(r, row.seat - 1)]
    if row.measure == "moves per game":
        return [float(m) for m in o.moves]
    if row.measure == "money per game":
        return None if row.seat > n or o.money is None else list(o.money[row.seat - 1::n])
    order = list(r.game.EVENTS)
    if row.event not in order:
        return None
    k, width = order.index(row.event), len(order)
    if row.measure == "games with event":
        return [1.0 if mask & (1 << k) else 0.0 for mask in o.events]
    return [float(c) for c in o.event_counts[k::width]]


def _differences(row: Row, reports: Sequence[Report]):
    """Each tested cell's paired difference from the first variant, with its 95% interval."""
    if row.measure in ("win share over fair", "designer measure"):
        return tuple(None for _ in reports)
    base = _per_game(row, reports[0])
    out = [None]
    for r, p in zip(reports[1:], row.p_values[1:]):
        mine = _per_game(row, r) if p is not None and base is not None else None
        if mine is None:
            out.append(None)
        elif r.game.players == reports[0].game.players:
            out.append(mean_interval([b - a for a, b in zip(base, mine)]))
        else:  # other numbers of players: two independent samples
            out.append(two_sample(base, mine)[:3])
    return tuple(out)


def difference_text(row: Row, i: int) -> str:
    """Cell ``i``'s paired difference from the first variant with its 95% interval, as shown in the table
    (``-1.8 (-5.1 to +1.4)``; in points for a share), or "" where nothing is compared."""
    d = row.differences[i] if row.differences and i < len(row.differences) else None
    if d is None:
        return ""
    share = row.measure in ("win share", "games with event")
    scale, digits = (100, 1) if share else (1, 1) if row.measure == "moves per game" else \
        (1, 3) if row.measure == "designer measure" else (1, 2)
    mean, lo, hi = (scale * x for x in d)
    return f"{mean:+.{digits}f} ({lo:+.{digits}f} to {hi:+.{digits}f}){' points' if share else ''}"


def alike(reports: Sequence[Report]) -> list[int]:
    """The variants (their indexes) that played every game exactly as the first did: the same moves and the same
    outcome, game by game (:func:`engine.variants.game_print`). Such a variant changes nothing here."""
    first = reports[0].outcomes.prints
    return [i for i, r in enumerate(reports) if i and len(first) and r.outcomes.prints == first]


def clause_table(reports: Sequence[Report]) -> list[tuple[str, str, tuple[tuple[float, float] | None, ...]]]:
    """The rule-use table side by side: ``(clause, title, per variant (share of games, citations per game))``,
    in the first variant's order of use (clauses of the other variants' games after)."""
    out: dict[str, tuple[str, list]] = {}
    for i, r in enumerate(reports):
        for cid, title, share, per_game in clause_rows(r):
            entry = out.setdefault(cid, (title, [None] * len(reports)))
            entry[1][i] = (share, per_game)
    return [(cid, title, tuple(cells)) for cid, (title, cells) in out.items()]


def tidy_csv(reports: Sequence[Report], labels: Sequence[str], rows: Sequence[Row] | None = None,
             uses: Sequence | None = None) -> str:
    """The report as tidy data: one row per measure, variant and seat; one number per cell.

    Columns: quantity, variant, seat, value, low, high, p_value, p_adjusted (p-values against the first
    variant, paired, or of a seat against its fair share; empty where nothing is tested), difference,
    difference_low, difference_high (against the first variant, paired, with its 95% interval), bots (which
    played); then the rule use (``clause games`` and ``clause per game``, one row per clause and variant; with
    ``uses``, from :func:`engine.study.simulate.rule_use`, also ``clause acts``: the share of the first games replayed
    in which the rule acts, cited or not).
    Numbers are written in full (Python's shortest exact form: a p-value of 3e-40 is 3e-40, not 0)."""
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["quantity", "variant", "seat", "value", "low", "high", "p_value", "p_adjusted",
                "difference", "difference_low", "difference_high", "bots"])

    def num(x):
        return "" if x is None else repr(float(x))

    if rows is None:
        rows = single_rows(reports[0]) if len(reports) == 1 else compare_rows(reports, fair=True, per_game=True)
    bots = [",".join(r.bots) for r in reports]
    for row in rows:
        for i, cell in enumerate(row.cells):
            if cell.value is None:
                continue
            diff = row.differences[i] if row.differences else None
            w.writerow([row.measure if row.event is None else f"{row.measure} {row.event}",
                        labels[i], "" if row.seat is None else row.seat, num(cell.value), num(cell.low),
                        num(cell.high), num(row.p_values[i]), num(row.adjusted[i] if row.adjusted else None),
                        *((num(d) for d in diff) if diff else ("", "", "")), bots[i]])
    for cid, _title, cells in clause_table(reports):
        for i, cell in enumerate(cells):
            if cell is None:
                continue
            w.writerow([f"clause games {cid}", labels[i], "", num(cell[0]), "", "", "", "", "", "", "", bots[i]])
            w.writerow([f"clause per game {cid}", labels[i], "", num(cell[1]), "", "", "", "", "", "", "", bots[i]])
            if uses is not None:
                tried, acted = uses[i]
                w.writerow([f"clause acts {cid}", labels[i], "", num(acted[cid] / max(tried, 1)), "", "", "", "", "",
                            "", "", bots[i]])
    return buf.getvalue()


def single_rows(report: Report) -> list[Row]:
    """The rows of one report (``simulate``), as numbers: each seat's win share (tested against its fair share,
    Holm's correction over the seats), moves, money, events."""
    n, games = report.game.players, report.games
    rows = []
    fair_p = holm([fair_share_p(report, seat) for seat in range(n)])
    for seat in range(n):
        lo, hi = report.win_interval(seat)
        share = report.win_share[seat]
        rows.append(Row("win share", seat + 1, f"Player {seat + 1} wins",
                        (Cell(share, lo, hi, f"{100 * share:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"),),
                        (fair_share_p(report, seat),), (fair_p[seat],), test="z-test against the fair share"))
    lo, hi = report.moves_interval
    rows.append(Row("moves per game", None, "Moves per game",
                    (Cell(report.mean_moves, lo, hi, f"{report.mean_moves:.1f} ({lo:.1f}-{hi:.1f})"),), (None,), (None,)))
    if report.outcomes is not None and report.outcomes.money is not None:
        for seat in range(n):
            mean, lo, hi = mean_interval(list(report.outcomes.money[seat::n]))
            rows.append(Row("money per game", seat + 1, f"Player {seat + 1} money per game (stakes)",
                            (Cell(mean, lo, hi, f"{mean:+.2f} ({lo:+.2f} to {hi:+.2f})"),), (None,), (None,)))
    for event, what in event_words(report.game).items():
        share = report.tally.event_games[event] / games
        rows.append(Row("games with event", None, f"Games with: {what}",
                        (Cell(share, None, None, f"{figure(100 * share, 1, '%')} ({figure(report.event_rate(event), 2)} per game)"),),
                        (None,), (None,), event=event))
    return rows


def fair_share_p(report: Report, seat: int) -> float:
    """Two-sided p-value that ``seat``'s share of the wins is its fair share (1/players): a z-test on the
    share, its variance that of the games' own win fractions (a shared win counts as its fraction)."""
    n, games = report.game.players, report.games
    if report.outcomes is not None and report.outcomes.games == games:
        return paired_p([w - 1 / n for w in _wins(report, seat)])
    share = report.win_share[seat]
    var = share * (1 - share)  # (a win counted whole: the largest variance a share of wins can have)
    if games < 2 or var == 0:
        return 1.0 if share == 1 / n else 0.0
    return math.erfc(abs(share - 1 / n) / math.sqrt(var / games) / math.sqrt(2))


def plot(reports: Sequence[Report], labels: Sequence[str], path: str) -> None:
    """``--plot FILE.svg``: each variant's win shares with their 95% intervals (and the fair share), and its
    game length with its interval, side by side (matplotlib, no display needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (wins_ax, len_ax) = plt.subplots(1, 2, figsize=(10, 4), gridspec_kw={"width_ratios": [3, 1.3]})
    k = len(reports)
    width = 0.8 / k
    for i, (r, label) in enumerate(zip(reports, labels)):
        n = r.game.players
        xs = [s + (i - (k - 1) / 2) * width for s in range(n)]
        shares = [100 * x for x in r.win_share]
        lows = [100 * (r.win_share[s] - r.win_interval(s)[0]) for s in range(n)]
        highs = [100 * (r.win_interval(s)[1] - r.win_share[s]) for s in range(n)]
        wins_ax.bar(xs, shares, width * 0.95, yerr=[lows, highs], capsize=3,
                    label=f"{label} (bots {','.join(r.bots)})")  # which bots played, in every report
        wins_ax.hlines([100 / n] * n, [x - width / 2 for x in xs], [x + width / 2 for x in xs],
                       colors="black", linestyles="dotted", linewidth=1.2)
        lo, hi = r.moves_interval
        len_ax.bar([i], [r.mean_moves], 0.7, yerr=[[r.mean_moves - lo], [hi - r.mean_moves]], capsize=3)
    top = max(r.game.players for r in reports)
    wins_ax.set_xticks(range(top), [f"Player {s + 1}" for s in range(top)])
    wins_ax.set_ylabel("share of wins, % (95% interval; dotted: fair share)")
    wins_ax.set_title(f"{reports[0].game.title}: wins by seat, {reports[0].games:,} games each")
    wins_ax.legend(fontsize="small")
    len_ax.set_xticks(range(k), labels, rotation=20, ha="right", fontsize="small")
    len_ax.set_ylabel("moves per game (95% interval)")
    len_ax.set_title("Game length")
    fig.tight_layout()
    fig.savefig(path, format=str(path).rpartition(".")[2].lower())  # .svg, .png or .pdf (PLOT_FORMATS)
    plt.close(fig)
