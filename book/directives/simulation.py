"""``{simulation}``: many seeded bot games (:mod:`engine.simulate`) -> win rate by seat and mean length."""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives

from engine.errors import GanjifaError
from engine.shuffle import parse_seed
from engine.simulate import simulate

from . import GanjifaDirective, table

MAX_GAMES = 20_000


class SimulationDirective(GanjifaDirective):
    required_arguments = 0
    has_content = False
    option_spec = {
        "game": directives.unchanged_required,
        "options": directives.unchanged,
        "games": directives.positive_int,
        "seed": directives.unchanged_required,
        "bots": directives.unchanged_required,
    }

    def run(self):
        self.note_engine()
        if "game" not in self.options:
            raise self.fail("name the game with :game:")
        game = self.game(self.options["game"], self.options.get("options", ""))
        games = self.options.get("games", 1000)
        if games > MAX_GAMES:
            raise self.fail(f":games: {games} is more than {MAX_GAMES}")
        bots = tuple(b.strip() for b in self.options.get("bots", "random").split(","))
        try:
            seed = parse_seed(self.options.get("seed", "1").strip())
            report = simulate(game, games, seed, bots)
        except GanjifaError as err:
            raise self.engine_fail(err) from None
        rows = [[f"Player {i + 1}", report.bots[i % len(report.bots)], f"{100 * w:.1f}%"]
                for i, w in enumerate(report.win_share)]
        caption = (f"{game.title}, {game.players} players{', ' + game.describe_options() if game.describe_options() else ''}: "
                   f"{games} games, {report.mean_moves:.1f} moves per game on average. Shared wins count as fractions.")
        return [table(["Seat", "Bot", "Wins"], rows, classes=["ganjifa-simulation"]),
                nodes.paragraph(caption, caption, classes=["ganjifa-caption"])]
