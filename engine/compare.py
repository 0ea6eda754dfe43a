"""Comparing variants fairly (``ganjifa compare``): the same seeds, paired tests, a correction for the rows.

Every variant plays games ``0 .. n - 1`` of the same simulation seed (:mod:`engine.simulate`), so game ``g`` of
one variant and game ``g`` of another start from the same seed: their outcomes are *paired*. Each measure is
compared with the first variant by the mean of the game-by-game differences (a paired z-test: the normal
approximation is sound for the hundreds of games a comparison plays), and the p-values of all the rows and
columns are adjusted together by Holm's method, so that a table of twenty rows does not find one difference
by chance at the 5% level.

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

from .simulate import UNIT, Report, clause_rows, figure, stakes_game

ALPHA = 0.05


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of ``p_values`` (in their order): each is multiplied by the number of
    hypotheses not yet rejected before it, kept monotone, capped at 1."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    m = len(p_values)
    out = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        out[i] = round(running, 12)
    return out


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

    def significant(self, i: int, alpha: float = ALPHA) -> bool:
        p = self.adjusted[i] if self.adjusted else None
        return p is not None and p < alpha


def _wins(r: Report, seat: int) -> list[float]:
    o, n = r.outcomes, r.game.players
    return [w / UNIT for w in o.wins[seat::n]]


def compare_rows(reports: Sequence[Report], events: bool = True) -> list[Row]:
    """The rows of a comparison of ``reports`` (each with ``outcomes``, from the same seed and number of games);
    without ``events``, no rows for the games' events (and Holm's correction counts only the rows kept)."""
    first = reports[0]
    games = first.games
    for r in reports:
        if r.outcomes is None or r.games != games or r.seed != first.seed:
            raise ValueError("a fair comparison needs every variant's games, game by game, on the same seeds")
    players = [r.game.players for r in reports]
    same_players = len(set(players)) == 1
    rows: list[Row] = []

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
                ps.append(paired_p([b - a for a, b in zip(base, w)]))
            else:
                fa, fb = 1 / first.game.players, 1 / n
                ps.append(paired_p([(b - fb) - (a - fa) for a, b in zip(base, w)]))
        label = f"Player {seat + 1} wins" + ("" if same_players else " (against the fair share)")
        rows.append(Row("win share", seat + 1, label, tuple(cells), tuple(ps)))

    moves = [list(r.outcomes.moves) for r in reports]
    cells = []
    for m in moves:
        mean, lo, hi = mean_interval(m)
        cells.append(Cell(mean, lo, hi, f"{mean:.1f} ({lo:.1f}-{hi:.1f})"))
    rows.append(Row("moves per game", None, "Moves per game", tuple(cells),
                    (None,) + tuple(paired_p([b - a for a, b in zip(moves[0], m)]) for m in moves[1:])))

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
                ps.append(None if i == 0 or base is None else paired_p([b - a for a, b in zip(base, money)]))
            rows.append(Row("money per game", seat + 1, f"Player {seat + 1} money per game (stakes)",
                            tuple(cells), tuple(ps)))

    kinds = {e: what for r in reports for e, what in r.game.EVENTS.items()} if events else {}
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
            cells.append(Cell(share, None, None, f"{figure(100 * share, 1, '%')} ({figure(r.event_rate(event), 2)} per game)"))
            seen.append(happened)
        ps = (None,) + tuple(None if s is None or seen[0] is None else paired_p([b - a for a, b in zip(seen[0], s)])
                             for s in seen[1:])
        rows.append(Row("games with event", None, f"Games with: {what}", tuple(cells), ps))

    flat = [p for row in rows for p in row.p_values if p is not None]
    adjusted = iter(holm(flat))
    return [Row(row.measure, row.seat, row.label, row.cells, row.p_values,
                tuple(None if p is None else next(adjusted) for p in row.p_values), row.test) for row in rows]


def clause_table(reports: Sequence[Report]) -> list[tuple[str, str, tuple[tuple[float, float] | None, ...]]]:
    """The rule-use table side by side: ``(clause, title, per variant (share of games, citations per game))``,
    in the first variant's order of use (clauses of the other variants' games after)."""
    out: dict[str, tuple[str, list]] = {}
    for i, r in enumerate(reports):
        for cid, title, share, per_game in clause_rows(r):
            entry = out.setdefault(cid, (title, [None] * len(reports)))
            entry[1][i] = (share, per_game)
    return [(cid, title, tuple(cells)) for cid, (title, cells) in out.items()]


def tidy_csv(reports: Sequence[Report], labels: Sequence[str], rows: Sequence[Row] | None = None) -> str:
    """The report as tidy data: one row per measure, variant and seat; one number per cell.

    Columns: quantity, variant, seat, value, low, high, p_value, p_adjusted (p-values against the first
    variant, paired; empty where nothing is tested); then the rule use (``clause games`` and ``clause per
    game``, one row per clause and variant)."""
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["quantity", "variant", "seat", "value", "low", "high", "p_value", "p_adjusted"])

    def num(x):
        return "" if x is None else f"{x:.6g}"

    if rows is None:
        rows = single_rows(reports[0]) if len(reports) == 1 else compare_rows(reports)
    for row in rows:
        for i, cell in enumerate(row.cells):
            if cell.value is None:
                continue
            w.writerow([row.measure if row.measure != "games with event" else f"games with {_event_id(reports, row)}",
                        labels[i], "" if row.seat is None else row.seat, num(cell.value), num(cell.low),
                        num(cell.high), num(row.p_values[i]), num(row.adjusted[i] if row.adjusted else None)])
    for cid, _title, cells in clause_table(reports):
        for i, cell in enumerate(cells):
            if cell is None:
                continue
            w.writerow([f"clause games {cid}", labels[i], "", num(cell[0]), "", "", "", ""])
            w.writerow([f"clause per game {cid}", labels[i], "", num(cell[1]), "", "", "", ""])
    return buf.getvalue()


def _event_id(reports: Sequence[Report], row: Row) -> str:
    for r in reports:
        for e, what in r.game.EVENTS.items():
            if row.label == f"Games with: {what}":
                return e
    return row.label


def single_rows(report: Report) -> list[Row]:
    """The rows of one report (``simulate``), as numbers: each seat's win share, moves, money, events."""
    n, games = report.game.players, report.games
    rows = []
    for seat in range(n):
        lo, hi = report.win_interval(seat)
        share = report.win_share[seat]
        rows.append(Row("win share", seat + 1, f"Player {seat + 1} wins",
                        (Cell(share, lo, hi, f"{100 * share:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"),), (None,), (None,)))
    lo, hi = report.moves_interval
    rows.append(Row("moves per game", None, "Moves per game",
                    (Cell(report.mean_moves, lo, hi, f"{report.mean_moves:.1f} ({lo:.1f}-{hi:.1f})"),), (None,), (None,)))
    if report.outcomes is not None and report.outcomes.money is not None:
        for seat in range(n):
            mean, lo, hi = mean_interval(list(report.outcomes.money[seat::n]))
            rows.append(Row("money per game", seat + 1, f"Player {seat + 1} money per game (stakes)",
                            (Cell(mean, lo, hi, f"{mean:+.2f} ({lo:+.2f} to {hi:+.2f})"),), (None,), (None,)))
    for event, what in report.game.EVENTS.items():
        share = report.tally.event_games[event] / games
        rows.append(Row("games with event", None, f"Games with: {what}",
                        (Cell(share, None, None, f"{figure(100 * share, 1, '%')} ({figure(report.event_rate(event), 2)} per game)"),),
                        (None,), (None,)))
    return rows


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
        bars = wins_ax.bar(xs, shares, width * 0.95, yerr=[lows, highs], capsize=3, label=label)
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
    fig.savefig(path, format="svg" if str(path).endswith(".svg") else None)
    plt.close(fig)
