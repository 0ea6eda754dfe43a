"""``{simulation}``: many seeded bot games (:mod:`engine.study.simulate`) shown as tables a designer reads.

``:show:`` picks the tables: ``wins`` (win share by seat with 95% intervals, game length, the
game's own events), ``seats`` (the same without the events), ``clauses`` (how often each rule comes into play, most used first, each
row citing its clause as §N) and ``ratios`` (the figures ``:ratios:`` asks for). ``:compare:``
lists variants separated by ``;`` (options, or ``bots=...``, each perhaps after a column name and
``": "``, as in ``Three players: players=3``), shown side by side. Every column plays the same
seeds, so its win and length tables are :func:`engine.study.compare.compare_rows`: each difference from
the first column tested game by game (paired), corrected for the number of tests in the table
(Holm), a seat's share set against its fair share when the numbers of players differ, and money
per seat for the stakes games; the differences significant at 5% are marked. Reports are cached
keyed on the engine's source and the parameters (:mod:`book.simcache`); a comparison's reports
keep each game's outcome, in the same cache entry.

``:ratios:`` names figures a chapter's text discusses, separated by ``;``, each
``label = TOP / BOTTOM`` (a share: a percentage with its 95% Wilson interval; TOP never
outnumbers BOTTOM) or ``label = TOP per BOTTOM`` (a rate), where each term is one of the game's
events (how many times it happened), ``games`` or ``moves``: e.g. ``Denis doubled, of those
that could be = double / deni-open`` or ``dry rounds per game = dry-round per games``. With
``:ratios:`` the default ``:show:`` is ``ratios``.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives

import re

from engine.players.bots import lineup_words
from engine.study.compare import compare_rows
from engine.errors import GanjifaError
from engine.shuffle import parse_seed
from engine.study.simulate import clause_rows, figure, rows, wilson

from ..nodes import clause_ref
from ..simcache import cached_report
from .sim_figure import note_setup
from . import GanjifaDirective, positive_number, table

MAX_GAMES = 20_000
SECONDS_A_STEP = 10  # a stated pace at the table, for "minutes a game": a card laid down, a deal, a draw


def minutes(moves: float, low: float, high: float, games: int) -> str:
    """A game's length in whole minutes at :data:`SECONDS_A_STEP` an action: a pace assumed, not measured, so no
    decimals and no interval (the twenty-first statistician read "17.64 (17.62-17.67)" as a measured certainty).

    >>> minutes(54.6, 53.2, 56.0, 2000), minutes(3.0, 3.0, 3.0, 4000), minutes(95.0, 95.0, 95.0, 2000)
    ('about 9', 'under 1', 'about 16')
    """
    at = moves * SECONDS_A_STEP / 60
    return "under 1" if at < 1 else f"about {round(at)}"


SHOW = ("wins", "seats", "clauses", "ratios")
RULED_OUT = "cannot happen"  # a cell whose event the column's rules make impossible (Game.ruled_out)
MADE = "none, by how they are made"  # a cell whose event the column's players never make (:made:)
TERMS = ("games", "moves")  # besides the game's events, what a ratio may divide


def show_option(argument: str) -> tuple[str, ...]:
    parts = tuple(p.strip() for p in (argument or "").replace(",", " ").split())
    bad = [p for p in parts if p not in SHOW]
    if not parts or bad:
        raise ValueError(f"{' '.join(bad) or 'nothing'}: show one or more of {', '.join(SHOW)}")
    return parts



def handful_note(body) -> str:
    """The caption's words for a table's handfuls (fewer than ten), each kind it holds: games or wins counted out of
    all ("3 of 1,000", a share: Wilson's interval, in percent) and events counted in all games ("3 in 1,000", a rate
    that may pass one a game: the exact Poisson interval, per game)."""
    cells = [c for row in body for c in row[1:]]
    note = ""
    if any(re.search(r"\d of [\d,]+\u00a0\(", c) for c in cells):
        note += (" A handful (fewer than ten) of games or wins is given as the count out of all the games, "
                 "\u201c3 of 1,000\u201d, with the 95% interval of the share it allows.")
    if any(re.search(r"\d in\u00a0[\d,]+\u00a0\(", c) for c in cells):
        note += (" A handful of events (fewer than ten in all the games) is given as the count, "
                 "\u201c3 in 1,000\u201d, with the exact 95% interval of the rate a game it allows.")
    return note


def every_game(n: int) -> str:
    """A share seen in every one of ``n`` games: "every game (over 99.2%)", the one-sided 95% bound (the one a
    share seen in none has, from the other end), rounded down so that it never claims more than it allows.

    >>> every_game(400), every_game(2000), every_game(200)
    ('every game (over\xa099.2%)', 'every game (over\xa099.8%)', 'every game (over\xa098.5%)')
    """
    import math

    from engine.stats import zero_bound

    return f"every game (over\u00a0{math.floor(1000 * (1 - zero_bound(n))) / 10:.1f}%)"


def bounds_note(body) -> str:
    """The caption's words for a share seen in no game or in every game: one-sided bounds, alike at both ends."""
    cells = [c for row in body for c in row[1:]]
    if any(c.startswith(("none (under", "every game (over")) for c in cells):
        return (" A share seen in no game, or in every game, shows the bound it stays under or over, 95% sure, "
                "a bound on one side only.")
    return ""


def one_round(reports) -> str:
    """" (a game of one deal here)" where every column plays a single round of a game that is several by its
    rules (Traditional Ganjifa is three deals, so "games" alone would mislead), in the words the lists of
    comparisons use for it (:func:`.sim_compare.option_words`)."""
    from .sim_compare import option_words

    info = next((i for i in reports[0].game.options() if i.name == "rounds"), None)
    if info is None or info.default == 1 or any(getattr(r.game, "rounds", None) != 1 for r in reports):
        return ""
    return f" ({option_words(info, 1)} here)"


class SimulationDirective(GanjifaDirective):
    required_arguments = 0
    has_content = False
    option_spec = {
        "game": directives.unchanged_required,
        "options": directives.unchanged,
        "games": positive_number,
        "seed": directives.unchanged_required,
        "bots": directives.unchanged_required,
        "show": show_option,
        "compare": directives.unchanged_required,
        "ratios": directives.unchanged_required,
        # the columns are not set against each other, for the reason given (tables of other sizes, whose shares
        # differ by nature): the caption says so and the table carries no marks
        "untested": directives.unchanged_required,
        # events a column's players never make, by how they are made ("Careful players: burn hardu-void"): each
        # such cell says so, with no bound, and its row is not tested; a count that is not zero fails the build
        "made": directives.unchanged_required,
    }

    def run(self):
        self.note_engine()
        if "game" not in self.options:
            raise self.fail("name the game with :game:")
        base = self.options.get("options", "")
        games = self.options.get("games", 1000)
        if games > MAX_GAMES:
            raise self.fail(f":games: {games} is more than {MAX_GAMES}")
        bots = tuple(b.strip() for b in self.options.get("bots", "random").split(","))
        try:
            seed = parse_seed(self.options.get("seed", "1").strip())
        except GanjifaError as err:
            raise self.engine_fail(err, ":seed:") from None
        setups = []
        for text in [v.strip() for v in self.options.get("compare", "").split(";") if v.strip()] or [""]:
            named, colon, rest = text.partition(": ")  # "Three players: players=3" names its column
            name, text = (named.strip(), rest.strip()) if colon else (None, text)
            words = text.split()
            lineup = [w.partition("=")[2] for w in words if w.startswith("bots=")]
            own = " ".join(w for w in words if not w.startswith("bots="))
            game = self.game(self.options["game"], f"{base} {own}")
            setups.append((name or text or self.label(game), game,
                           tuple(lineup[-1].split(",")) if lineup else bots))
        ratios = self.ratio_specs(setups[0][1])
        show = self.options.get("show", ("ratios",) if ratios else ("wins",))
        if "ratios" in show and not ratios:
            raise self.fail(":show: ratios needs :ratios: (label = event / event; ...)")
        if "untested" in self.options and ("ratios" not in show or len(setups) < 2 or set(show) - {"ratios"}):
            raise self.fail(":untested: leaves a table of :ratios: with two or more columns untested; this table has "
                            "none to leave")
        folder = Path(self.env.srcdir) / self.config.ganjifa_cache / "simulations"
        # the games kept one by one where a table tests columns or gives an event's times a game with its interval
        paired = "wins" in show or "seats" in show
        try:
            reports = [cached_report(folder, game, games, seed, b, per_game=paired) for _, game, b in setups]
        except GanjifaError as err:
            raise self.engine_fail(err) from None
        for _, game, b in setups:
            note_setup(self.env, self.lineno, game, games, self.options.get("seed", "1").strip(), b)
        out: list[nodes.Node] = []
        labels = [label for label, _, _ in setups]
        if "ratios" in show:
            out += self.ratio_table(reports, labels, ratios)
        if "wins" in show or "seats" in show:
            out += self.report_table(reports, labels, events="wins" in show)
        if "clauses" in show:
            out += self.clause_table(reports[0])
        return out

    def ratio_specs(self, game) -> list[tuple[str, str, str, bool]]:
        """``:ratios:`` read: ``(label, top, bottom, share)``; each term an event of ``game``, ``games`` or ``moves``."""
        specs = []
        for part in filter(None, (p.strip() for p in self.options.get("ratios", "").split(";"))):
            label, eq, formula = part.rpartition("=")
            share = "/" in formula
            top, sep, bottom = formula.partition("/" if share else " per ")
            label, top, bottom = label.strip(), top.strip(), bottom.strip()
            if not eq or not sep or not label:
                raise self.fail(f":ratios: {part!r}: write each figure as 'label = event / event' (a share) "
                                "or 'label = event per games' (a rate)")
            for term in (top, bottom):
                if term not in game.EVENTS and term not in TERMS:
                    raise self.fail(f":ratios: {term!r} is not an event of {game.title}; use "
                                    + ", ".join([*game.EVENTS, *TERMS]))
            specs.append((label, top, bottom, share))
        return specs

    def made(self, labels, specs) -> dict[str, set[str]]:
        """``:made:`` read: column label -> the events its players never make (each an event of a row)."""
        out: dict[str, set[str]] = {}
        rows = {top for _, top, _, _ in specs}
        for part in filter(None, (p.strip() for p in self.options.get("made", "").split(";"))):
            column, colon, events = part.partition(":")
            if not colon or column.strip() not in labels:
                raise self.fail(f":made: {part!r}: write 'column: event event', a column of {', '.join(labels)}")
            for event in events.split():
                if event not in rows:
                    raise self.fail(f":made: {event!r} is not the event of a row of this table: "
                                    + ", ".join(sorted(rows)))
            out[column.strip()] = set(events.split())
        return out

    @staticmethod
    def count(report, term: str) -> int:
        if term == "games":
            return report.games
        if term == "moves":
            return report.tally.moves
        return report.tally.event_counts[term]

    def ratio_table(self, reports, labels, specs) -> list[nodes.Node]:
        """Each figure with its 95% interval, the games as the trials (:func:`engine.study.verdict.estimate`: an
        occasion inside a game is not an independent trial); with several columns, each column's figure
        tested against the first's game by game, Holm's method over the table's tests, the significant
        ones marked *."""
        from engine.study.verdict import per_game, tops

        def same_games(r, first, measure) -> bool:
            """The figure the same in every game of both columns (the same deals decide it): nothing to test."""
            return (r.game.players == first.game.players and tops(r, measure) == tops(first, measure)
                    and per_game(r, measure.bottom) == per_game(first, measure.bottom))

        from engine.study.compare import holm
        from engine.stats import poisson_interval, wilson
        from engine.study.verdict import Measure, against, estimate

        from .sim_compare import handful, number, percent

        body, tests = [], []
        made = self.made(labels, specs)
        for label, top, bottom, share in specs:
            measure = Measure(top, bottom, share)
            cells = [label]
            by_design = any(top in made.get(column, ()) for column in labels)
            for i, r in enumerate(reports):
                x, n = self.count(r, top), self.count(r, bottom)
                if share and bottom == "games" and top in r.game.EVENTS:
                    x = r.tally.event_games[top]  # a share of games: the games that show it, once each
                if n == 0:
                    cells.append("none to count")
                    continue
                if share and x > n:
                    raise self.fail(f":ratios: {label}: {top} ({x}) outnumbers {bottom} ({n}), so it is not a "
                                    f"share; write '{top} per {bottom}'")
                if top in r.game.ruled_out():  # a zero the rules give: no count, no bound, nothing to test
                    cells.append(RULED_OUT)
                    continue
                if top in made.get(labels[i], ()):  # a zero the players give: said so, never a bound or a test
                    if x:
                        raise self.fail(f":made: {labels[i]} are said never to make {top!r}, but it came {x:g} "
                                        f"times in {r.games:,} games")
                    cells.append(MADE)
                    continue
                est = estimate(r, measure)
                alike = est.low == est.high  # every game shows the same figure: no interval to give, nothing to test
                if est.zero:
                    bound = f"{100 * est.high:.2g}%" if share else f"{est.high:.2g}"
                    cells.append(f"none (under\u00a0{bound})")
                elif share and x == n:  # every game: its one-sided bound, as for none
                    cells.append(every_game(n))
                elif alike:
                    cells.append(f"{est.value:g} in every game")  # one wording for it, everywhere
                    continue
                elif share and x < 10:  # a handful: the count itself, never a rate it cannot support, and its bound
                    cells.append(handful(x, n, *wilson(x, n)))  # the count's own interval (Wilson), not the normal one
                elif x < 10 and x == int(x):  # a handful of events: the count, with its exact (Poisson) interval a game
                    lo, hi = poisson_interval(int(x))
                    cells.append(f"{int(x)} in\u00a0{n:,}\u00a0({lo / n:.2g}-{hi / n:.2g})")
                else:
                    v, lo, hi = percent(est.value, est.low, est.high) if share else number(est.value, est.low, est.high)
                    unit = "%" if share else ""
                    cells.append(f"{v}{unit} ({lo}-{hi})")
                if (i and self.count(reports[0], bottom) and "untested" not in self.options and not by_design
                        and top not in reports[0].game.ruled_out() and not same_games(r, reports[0], measure)):
                    tests.append((len(body), len(cells) - 1, against(r, reports[0], measure).p))
            body.append(cells)
        adjusted = holm([p for _, _, p in tests]) if tests else []
        starred = False
        for (row, col, _), p in zip(tests, adjusted):
            if p < 0.05:
                body[row][col] += "\u00a0*"
                starred = True
        caption = self.setting(reports)
        caption += (" Each figure with its 95% interval, the games counted as the independent trials (the "
                    "occasions inside one game are not); a figure that never happened shows the bound it stays "
                    "under, 95% sure.")
        caption += handful_note(body)
        if any(c.startswith("every game (over") for row in body for c in row[1:]):
            caption += " A share seen in every game shows the bound it stays over, 95% sure, a bound on one side only."
        if any(MADE in row for row in body):
            caption += (f" \u201c{MADE.capitalize()}\u201d marks a figure the column's players never make, by how "
                        "they play: not a finding about the game, so its row is not tested.")
        if any(RULED_OUT in row for row in body):
            caption += (f" \u201c{RULED_OUT.capitalize()}\u201d marks a figure the column's own rules make impossible: "
                        "a zero by the rules, not a count, so it is not tested.")
        if "untested" in self.options:
            reason = self.options["untested"].strip().rstrip(".")
            caption += f" The columns are not tested against each other: {reason}."
        elif tests:
            same = len({r.game.players for r in reports}) == 1
            rule = ("each tested against the first column's, "
                    + ("game by game, as every column plays the same deals, " if same else
                       "game by game where a column has the first's number of players (the same deals), and as two "
                       "independent samples where it has another (other deals), ")
                    + f"and corrected for the {len(tests)} test{'s' if len(tests) > 1 else ''} of the table (Holm's method)")
            caption += (f" * marks a figure that differs from the first column's at the 5% level: {rule}." if starred
                        else f" No figure differs from the first column's at the 5% level, {rule}.")
        return [table(["", *labels] if len(reports) > 1 else ["", "Figure"], body,
                      classes=["ganjifa-simulation", "ganjifa-ratios"]),
                nodes.paragraph(caption, caption, classes=["ganjifa-caption"])]

    @staticmethod
    def setting(reports) -> str:
        """The caption's first sentence: the game, and the players and bots when every column shares them."""
        first = reports[0]
        game = first.game
        players = f", {game.players} players" if len({r.game.players for r in reports}) == 1 and game.players > 1 else ""
        bots = f", between {lineup_words(first.bots)}" if len({r.bots for r in reports}) == 1 else ""
        per = " per column" if len(reports) > 1 else ""
        return f"{game.title}{players}: {first.games:,} games{per}{one_round(reports)}{bots}."

    @staticmethod
    def label(game) -> str:
        return game.describe_options() or "as written"

    @staticmethod
    def numbering(reports, labels, sample: int = 40) -> str:
        """The caption's sentence on who "Player 1" is: the seats are numbered in the order of play, and who deals
        and who plays first, found by starting ``sample`` of each column's games up to their first player's move
        (no bot has chosen yet, so the players do not matter)."""
        from engine.players.loop import Chance
        from engine.protocol import CHANCE
        from engine.shuffle import derive

        def opening(report) -> str:
            game, seen = report.game, set()
            for g in range(sample):
                seed = derive(report.seed, "game", g)
                state, chance = game.new_game(game.deal(seed)), Chance(seed)
                while state.current_player == CHANCE:
                    state.apply(chance.outcome(state))
                seen.add((state.dealer, state.current_player))
            dealers, firsts = {d for d, _ in seen}, {f for _, f in seen}
            after = {(f - d) % game.players for d, f in seen} if None not in dealers else set()
            if len(seen) == 1:
                dealer, first = seen.pop()
                if dealer is None:
                    return f"Player {first + 1} plays first"
                if dealer == first:
                    return f"Player {dealer + 1} deals and plays first"
                return f"Player {dealer + 1} deals and Player {first + 1} plays first"
            if after == {0}:
                return "the dealer changes from game to game and plays first"
            if after == {1}:
                return "the dealer changes from game to game, and the player after the dealer plays first"
            if len(dealers) == 1 and None not in dealers:
                return f"Player {dealers.pop() + 1} deals, and who plays first changes with the deal"
            if dealers != {None}:
                return "the dealer changes from game to game, and who plays first changes with the deal"
            return "who plays first changes with the deal"

        said = [opening(r) for r in reports]
        if len(set(said)) == 1:
            return f" The players are numbered round the table in the direction of play; {said[0]}."
        return (" The players are numbered round the table in the direction of play; " + "; ".join(
            f"in the column \u201c{label}\u201d {words}" for label, words in zip(labels, said)) + ".")

    @staticmethod
    def fair_shares(reports, labels) -> str:
        """The caption's sentence on the seats: in every column each seat tested against its fair share (one in
        the number of players), Holm's method over the column's seats (:func:`engine.study.verdict.seats`)."""
        from engine.study.verdict import seats

        said = []
        for report, label in zip(reports, labels):
            apart = [s for s in seats(report) if s.direction]
            where = f" in the column \u201c{label}\u201d" if len(reports) > 1 else ""
            said += [f"Player {s.seat} wins {'more' if s.direction > 0 else 'less'} than a fair share{where}"
                     for s in apart]
        head = " Each seat tested against its fair share (Holm's method over each column's seats): "
        if not said:
            return head + "no seat's share differs from it at the 5% level."
        return head + "; ".join(said) + "; no other seat's share differs from it at the 5% level."

    @staticmethod
    def cell_text(row, i: int, report) -> str:
        """A cell as the notes print it: a share never seen as the bound it stays under, a figure every game shows
        alike without an interval, a share of games with its interval (the games the trials)."""
        from engine.stats import wilson, zero_bound
        from engine.study.verdict import Measure, estimate

        from .sim_compare import handful, number, percent

        cell = row.cells[i]
        if row.event is not None and row.event in report.game.ruled_out():
            return RULED_OUT
        if cell.value is None:
            return cell.text
        share = row.measure in ("win share", "games with event")
        if share and cell.value == 0:
            return f"none (under\u00a0{100 * zero_bound(report.games):.2g}%)"
        if share and cell.value == 1:  # every game: the same one-sided bound as none, from the other end
            return every_game(report.games)
        wins = cell.value * report.games
        if row.measure == "win share" and 0 < wins < 10:  # a handful of wins (a shared one counted as its fraction)
            x = round(wins, 2)
            return handful(int(x) if x == int(x) else x, report.games, *wilson(x, report.games))
        if row.measure == "games with event" and 0 < round(cell.value * report.games) < 10:  # a handful: its count
            x = round(cell.value * report.games)
            return handful(x, report.games, *wilson(x, report.games))
        if row.measure == "games with event":
            lo, hi = wilson(cell.value * report.games, report.games)
            v, a, b = percent(cell.value, lo, hi)
            per = cell.text.partition("(")[2].rstrip(")")
            if per and row.event and report.outcomes is not None:  # how many times a game, with its interval too
                est = estimate(report, Measure(row.event, "games", False))
                times, low, high = number(est.value, est.low, est.high)
                per = (f"{est.value:g} in every game" if est.low == est.high  # no interval to give: said so
                       else f"{times} ({low}-{high}) per game")
            return f"{v}% ({a}-{b}){', ' + per if per else ''}"
        if cell.low is not None and cell.low == cell.high:  # every game of these alike: no interval to give
            return f"{cell.value:g} in every game"
        return cell.text

    @staticmethod
    def row_label(row) -> str:
        # the notes count a game's actions (a Shakti turn is five: a draw and four cards put away), which a chapter's
        # worked game may tell as one move: the notes' word for them is "action", defined where they begin
        return row.label.replace("Games with: ", "Games in which ").replace("Moves per game", "Actions per game")

    def report_table(self, reports, labels, events: bool = True) -> list[nodes.Node]:
        caption = self.setting(reports) + " Win shares with 95% intervals; shared wins count as fractions."
        if any(getattr(r.game, "won_by_money", lambda: False)() for r in reports):  # who wins a game played for money
            caption += (" A game is won by the player furthest ahead in money at its end; one in which nobody is "
                        "ahead (no money changed hands) is shared by all.")
        caption += self.numbering(reports, labels) + self.fair_shares(reports, labels)
        caption += (f" Minutes a game: the actions at an assumed {SECONDS_A_STEP} seconds each (a player's action; the "
                    "deal and the shuffles add their own time), to the whole minute, a pace, not a measurement.")
        if len(reports) == 1:  # the same rows as a comparison's (money per seat for a stakes game), untested
            body = []
            for row in compare_rows(reports, events=events):
                body.append([self.row_label(row), self.cell_text(row, 0, reports[0])])
                if row.measure == "moves per game":
                    body.append(["Minutes a game", *(minutes(c.value, c.low, c.high, reports[0].games)
                                                     for c in row.cells)])
            caption += handful_note(body) + bounds_note(body)
            return [table(["", *labels], body, classes=["ganjifa-simulation"]),
                    nodes.paragraph(caption, caption, classes=["ganjifa-caption"])]
        body, starred, tests, ruled_out = [], False, 0, False
        for row in compare_rows(reports, events=events):
            cells = [self.cell_text(row, i, r) for i, r in enumerate(reports)]
            for i in range(len(cells)):
                tests += row.p_values[i] is not None
                if row.significant(i):
                    cells[i] += "\u00a0*"
                    starred = True
            body.append([self.row_label(row), *cells])
            ruled_out = ruled_out or RULED_OUT in cells
            if row.measure == "moves per game":  # how long a game takes, a designer's first question: its mark
                body.append(["Minutes a game", *(minutes(c.value, c.low, c.high, reports[i].games)
                                                 for i, c in enumerate(row.cells))])
        players = {r.game.players for r in reports}
        if len(players) > 1:
            caption += (" With different numbers of players, each seat's share is compared by how far it lies "
                        "from its fair share (one in the number of players).")
        how = ("game by game, as every column plays the same deals" if len(players) == 1 else
               "game by game where a column has the first's number of players (the same deals), and as two "
               "independent samples where it has another (other deals)")
        rule = (f"each difference tested {how}, and corrected for the "
                f"{tests} test{'s' if tests != 1 else ''} of the table (Holm's method)")
        caption += (f" * marks a difference from the first column significant at the 5% level: {rule}." if starred
                    else f" No difference from the first column is significant at the 5% level, {rule}.")
        caption += handful_note(body) + bounds_note(body)
        if ruled_out:
            caption += (f" \u201c{RULED_OUT.capitalize()}\u201d marks a figure the column's own rules make impossible: "
                        "a zero by the rules, not a count, so it is not tested.")
        return [table(["", *labels], body, classes=["ganjifa-simulation"]),
                nodes.paragraph(caption, caption, classes=["ganjifa-caption"])]

    def setup_clauses(self, game) -> list[str]:
        """The rules that set the game up, as the chapter's own quick reference lists them ("Set-up: ...")."""
        import re

        chapter = Path(self.env.srcdir) / "rules" / f"{game.name}.md"
        if not chapter.is_file():
            return []
        text = chapter.read_text(encoding="utf-8")
        block = re.search(rf"^(`{{3,}}|:{{3,}})\{{quick-reference\}} {re.escape(game.name)}\s*\n(.*?)^\1", text, re.M | re.S)
        line = re.search(r"^Set-up:(.*)$", block.group(2), re.M) if block else None
        return [c for c in line.group(1).split() if c in game.CLAUSES] if line else []

    def chapter_order(self, game) -> list[str]:
        """The game's clauses in the order its chapter states (and numbers) them, then any the chapter lacks."""
        import re

        chapter = Path(self.env.srcdir) / "rules" / f"{game.name}.md"
        text = chapter.read_text(encoding="utf-8") if chapter.is_file() else ""
        stated = [c for c in re.findall(r"^[`:]{3,}\{clause\}\s+(\S+)", text, re.M) if c in game.CLAUSES]
        return list(dict.fromkeys(stated + list(game.CLAUSES)))

    def clause_table(self, report) -> list[nodes.Node]:
        """The rules of play in order of use (share of games, then actions a game); the set-up rules, which shape
        every game, named apart in the caption, so that the table follows one convention."""
        game = report.game
        setup = self.setup_clauses(game)
        from engine.stats import wilson, zero_bound

        from .sim_compare import handful, percent

        body = []
        order = self.chapter_order(game)
        rows = [r for r in clause_rows(report) if r[0] not in setup]
        # sorted as printed: by the share of games as shown, then by the steps as shown, then the chapter's order
        shown, never = [], []
        # the first deal is made as the game is set up, before its record begins: counted here, so that a game
        # of four rounds deals four times, not three (the eighteenth reading's statistician)
        first_deal = getattr(game, "DEAL_CLAUSE", None)
        for cid, title, share, per_game in rows:
            dealt = 1 if cid == first_deal else 0
            share, per_game = (1.0, per_game + 1) if dealt else (share, per_game)
            x = round(share * report.games)
            if not share:  # named under the table: "none" would read as a rule that plays no part
                never.append(cid)
                continue
            if x < 10:  # a handful: the count itself, with the bound it stays under
                games = handful(x, report.games, *wilson(x, report.games))
                value = 100 * x / report.games
            elif x == report.games:  # every game: the one-sided bound, as a share seen in none has
                games, value = every_game(report.games), 100.0
            else:
                v, lo, hi = percent(share, *wilson(x, report.games))
                games, value = f"{v}% ({lo}-{hi})", float(v)
            steps = figure(per_game, 2) if share else "-"
            value_steps = float(steps.lstrip("<").replace(",", "")) if share else 0.0
            if share and x >= 10:  # the steps' interval, the games as the trials; a handful gives its count alone
                lo_steps, hi_steps = (v + dealt for v in report.clause_steps_interval(cid))
                # the same number in every game has no interval to give: said so, not as "(23.00-23.00)"
                if f"{lo_steps:.2f}" != f"{hi_steps:.2f}":
                    steps += f" ({lo_steps:.2f}-{hi_steps:.2f})"
                else:
                    steps = f"{per_game:g} in every game"
            shown.append((cid, title, games, value, steps, value_steps))
        # sorted as printed: by the share of games as shown, then by the steps as shown, then the chapter's order
        shown.sort(key=lambda r: (-r[3], -r[5], order.index(r[0])))
        for cid, title, games, _, steps, _ in shown:
            cite = clause_ref(f"[{cid}]", f"[{cid}]", clause_id=cid)
            body.append([[cite, nodes.Text(f" {title}")], games, steps])
        setup = sorted(setup, key=order.index)
        text = (f"How often each rule of play comes into play: the share of {report.games:,} {game.players}-player "
                f"games, between {lineup_words(report.bots)}, in which it decided a move or the result, with its 95% interval (a handful given as the "
                "count), and how many times a game it decided something (an action, a deal or draw by chance, or the "
                "result), "
                "with its 95% interval, the games as the trials (a handful, under ten games, is given with no rate), "
                "sorted by the share of games, then by the times a game. A rule that only forbids a move does not count. A "
                "rule counts each action it decided, so where one event brings several actions, its times a game "
                "run higher than the event's own count in another table.")
        if any(row[1].startswith("every game (over") for row in body):
            text += " A rule that decided something in every game shows the bound its share stays over, 95% sure."
        caption = nodes.paragraph(text, text, classes=["ganjifa-caption"])
        if setup:
            caption += nodes.Text(" The rules that set the game up are left out: ")
            for i, cid in enumerate(setup):
                if i:
                    caption += nodes.Text(", ")
                caption += clause_ref(f"[{cid}]", f"[{cid}]", clause_id=cid)
            caption += nodes.Text(".")
        if never:
            caption += nodes.Text(" In none of these games did ")
            for i, cid in enumerate(sorted(never, key=order.index)):
                if i:
                    caption += nodes.Text(", " if i + 1 < len(never) else " or ")
                caption += clause_ref(f"[{cid}]", f"[{cid}]", clause_id=cid)
            caption += nodes.Text(" decide anything: a rule that only forbids a move, or that shapes every turn "
                                  "without settling one, never decides anything by itself, and a choice these "
                                  "players never make never brings its rule into play.")
        if first_deal in dict.fromkeys(r[0] for r in shown):
            caption += nodes.Text(" The first deal, made as the game is set up, is counted with the rest.")
        return [table(["Rule", "Games", "Times a game"], body, classes=["ganjifa-simulation", "ganjifa-clause-use"]),
                caption]
