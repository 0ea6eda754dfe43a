"""A simulation's reports as a table: the rows of one report or of a comparison (win shares, game length,
events, with their tests), the clauses' rows, and the reports as JSON and CSV."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..protocol import Game
from ..stats import two_proportion_p, welch_p
from .reports import Report
from .simgames import UNIT


@dataclass(frozen=True)
class Row:
    """One measured quantity across reports: its values and, against the first report, the p-values."""

    label: str
    values: tuple[str, ...]
    p_values: tuple[float | None, ...]  # None for the first report
    test: str


def figure(value: float, digits: int, unit: str = "") -> str:
    """``value`` to ``digits`` decimals; one above 0 that would round to 0 reads "<1%" or "<0.01", so that 0
    is kept for what never happened (a rule that came up at all is not shown as never used)."""
    text = f"{value:.{digits}f}"
    if value > 0 and float(text) == 0:
        return f"<{10 ** -digits:.{digits}f}{unit}"
    return text + unit


def rows(reports: Sequence[Report], alpha: float = 0.05, events: bool = True) -> list[Row]:
    """The rows of a report (one report) or a comparison (several): win share by seat with 95% intervals,
    game length, and (unless ``events`` is false) the game's events (share of games where they happen,
    times per game)."""
    first = reports[0]
    game = first.game
    out: list[Row] = []

    def add(label, fmt, p_of, test):
        values = tuple(fmt(r) for r in reports)
        ps = (None,) + tuple(p_of(first, r) for r in reports[1:])
        out.append(Row(label, values, ps, test))

    for seat in range(game.players):
        def fmt(r, seat=seat):
            lo, hi = r.win_interval(seat)
            return f"{100 * r.win_share[seat]:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"
        add(f"Player {seat + 1} wins", fmt,
            lambda a, b, seat=seat: two_proportion_p(a.tally.wins[seat] / UNIT, a.games, b.tally.wins[seat] / UNIT, b.games),
            "two-proportion z-test")

    def moves_var(r):
        n, mean = r.games, r.mean_moves
        return max(r.tally.moves_sq / n - mean * mean, 0.0) * n / max(n - 1, 1)

    add("Moves per game", lambda r: f"{r.mean_moves:.1f} ({r.moves_interval[0]:.1f}-{r.moves_interval[1]:.1f})",
        lambda a, b: welch_p(a.mean_moves, moves_var(a), a.games, b.mean_moves, moves_var(b), b.games), "Welch's t-test")
    for event, what in (event_words(game).items() if events else ()):
        add(f"Games with: {what}", lambda r, e=event: f"{figure(100 * r.tally.event_games[e] / r.games, 1, '%')} "
            f"({figure(r.event_rate(e), 2)} per game)",
            lambda a, b, e=event: two_proportion_p(a.tally.event_games[e], a.games, b.tally.event_games[e], b.games),
            "two-proportion z-test")
    return out


def event_words(game: Game) -> dict[str, str]:
    """The game's events (``EVENTS``: id -> what happens) in words for the options in force: a game whose
    events' words depend on its options (Naqsh's totals a player stands on) words them in ``events_in_words()``."""
    words = getattr(game, "events_in_words", None)
    return dict(words()) if callable(words) else dict(game.EVENTS)


def clause_rows(report: Report) -> list[tuple[str, str, float, float]]:
    """``(clause id, title, share of games citing it, citations per game)``, most used first."""
    game = report.game
    out = [(cid, title, report.clause_share(cid), report.tally.clause_counts[cid] / report.games)
           for cid, title in game.CLAUSES.items()]
    return sorted(out, key=lambda r: (-r[2], -r[3], list(game.CLAUSES).index(r[0])))


def to_json(reports: Sequence[Report], labels: Sequence[str]) -> dict:
    """The reports as plain data (for ``--json``)."""
    out = []
    for label, r in zip(labels, reports):
        out.append({
            "label": label, "game": r.game.name, "options": r.game.options_text(), "bots": list(r.bots),
            "seed": r.seed, "games": r.games,
            "win_share": list(r.win_share), "win_interval": [list(r.win_interval(s)) for s in range(r.game.players)],
            "mean_moves": r.mean_moves, "moves_interval": list(r.moves_interval),
            "events": {e: {"games": r.tally.event_games[e], "times": r.tally.event_counts[e]} for e in r.game.EVENTS},
            "clauses": {c: {"games": r.tally.clause_games[c], "times": r.tally.clause_counts[c]}
                        for c in r.game.CLAUSES},
        })
    return {"reports": out, "comparison": [
        {"label": row.label, "values": list(row.values), "p_values": list(row.p_values), "test": row.test}
        for row in rows(reports)] if len(reports) > 1 else []}


def to_csv(reports: Sequence[Report], labels: Sequence[str]) -> str:
    """The rows as CSV: one line per quantity, one column per report, then p-values against the first."""
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["quantity", *labels, *(f"p ({lab} vs {labels[0]})" for lab in labels[1:]), "test"])
    for row in rows(reports):
        w.writerow([row.label, *row.values, *(f"{p:.4g}" for p in row.p_values[1:]), row.test])
    for cid, title, share, per_game in clause_rows(reports[0]):
        w.writerow([f"clause {cid} ({title}): share of games", f"{share:.4f}", *([""] * (len(labels) - 1)),
                    *([""] * (len(labels) - 1)), "per game %.3f" % per_game])
    return buf.getvalue()
