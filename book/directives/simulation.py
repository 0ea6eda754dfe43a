"""``{simulation}``: many seeded bot games (:mod:`engine.simulate`) shown as tables a designer reads.

``:show:`` picks the tables: ``wins`` (win share by seat with 95% intervals, game length, the
game's own events) and ``clauses`` (how often each rule comes into play, most used first, each
row citing its clause as §N). ``:compare:`` lists variants separated by ``;`` (options, or
``bots=...``), shown side by side with the differences significant at 5% marked. Reports are
cached keyed on the engine's source and the parameters (:mod:`book.simcache`).
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives

from engine.errors import GanjifaError
from engine.shuffle import parse_seed
from engine.simulate import clause_rows, rows

from ..nodes import clause_ref
from ..simcache import cached_report
from . import GanjifaDirective, table

MAX_GAMES = 20_000
SHOW = ("wins", "clauses")


def show_option(argument: str) -> tuple[str, ...]:
    parts = tuple(p.strip() for p in (argument or "").replace(",", " ").split())
    bad = [p for p in parts if p not in SHOW]
    if not parts or bad:
        raise ValueError(f"{' '.join(bad) or 'nothing'}: show one or more of {', '.join(SHOW)}")
    return parts


class SimulationDirective(GanjifaDirective):
    required_arguments = 0
    has_content = False
    option_spec = {
        "game": directives.unchanged_required,
        "options": directives.unchanged,
        "games": directives.positive_int,
        "seed": directives.unchanged_required,
        "bots": directives.unchanged_required,
        "show": show_option,
        "compare": directives.unchanged_required,
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
            words = text.split()
            lineup = [w.partition("=")[2] for w in words if w.startswith("bots=")]
            own = " ".join(w for w in words if not w.startswith("bots="))
            game = self.game(self.options["game"], f"{base} {own}")
            setups.append((text or self.label(game), game,
                           tuple(lineup[-1].split(",")) if lineup else bots))
        folder = Path(self.env.app.doctreedir) / "simulations"
        try:
            reports = [cached_report(folder, game, games, seed, b) for _, game, b in setups]
        except GanjifaError as err:
            raise self.engine_fail(err) from None
        out: list[nodes.Node] = []
        show = self.options.get("show", ("wins",))
        labels = [label for label, _, _ in setups]
        if "wins" in show:
            out += self.report_table(reports, labels)
        if "clauses" in show:
            out += self.clause_table(reports[0])
        return out

    @staticmethod
    def label(game) -> str:
        return game.describe_options() or "as written"

    def report_table(self, reports, labels) -> list[nodes.Node]:
        body, starred = [], False
        for row in rows(reports):
            cells = list(row.values)
            for i, p in enumerate(row.p_values):
                if p is not None and p < 0.05:
                    cells[i] += " *"
                    starred = True
            body.append([row.label, *cells])
        first = reports[0]
        game = first.game
        players = "" if len(reports) > 1 else f", bots: {', '.join(first.bots)}"
        caption = (f"{game.title}, {game.players} players: {first.games:,} games"
                   f"{' per column' if len(reports) > 1 else ''}{players}. Win shares with 95% intervals; "
                   "shared wins count as fractions.")
        if len(reports) > 1:
            caption += (" * marks a difference from the first column significant at the 5% level "
                        "(two-proportion z-test for shares, Welch's t-test for the game length)."
                        if starred else " No difference from the first column is significant at the 5% level.")
        return [table(["", *labels], body, classes=["ganjifa-simulation"]),
                nodes.paragraph(caption, caption, classes=["ganjifa-caption"])]

    def clause_table(self, report) -> list[nodes.Node]:
        body = []
        for cid, title, share, per_game in clause_rows(report):
            cite = clause_ref(f"[{cid}]", f"[{cid}]", clause_id=cid)
            body.append([[cite, nodes.Text(f" {title}")], f"{100 * share:.0f}%", f"{per_game:.2f}"])
        game = report.game
        caption = (f"How often each rule comes into play: the share of {report.games:,} {game.players}-player "
                   "games in which the rule decided a move, and how many times per game, most used first. "
                   "Rules that only forbid (a refused move) or set up the game count as not coming into play.")
        return [table(["Rule", "Games", "Per game"], body, classes=["ganjifa-simulation", "ganjifa-clause-use"]),
                nodes.paragraph(caption, caption, classes=["ganjifa-caption"])]
