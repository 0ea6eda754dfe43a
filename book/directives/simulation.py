"""``{simulation}``: many seeded bot games -> win rate by seat and mean length (deterministic)."""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives

from engine.bots import make_bot
from engine.errors import GanjifaError
from engine.shuffle import derive

from . import GanjifaDirective, table

MAX_GAMES = 20_000


def simulate(game, games: int, seed, bots: tuple[str, ...]):
    """Play ``games`` seeded games; return (wins per seat, mean moves per game)."""
    wins = [0.0] * game.players
    moves = 0
    for g in range(games):
        s = game.new_game(derive(seed, "game", g))
        players = [make_bot(bots[i % len(bots)], derive(seed, "game", g, "bot", i)) for i in range(game.players)]
        while not s.is_terminal():
            s.apply(players[s.current_player].choose(s))
        moves += len(s.history)
        winners = s.result().winners
        for w in winners:
            wins[w] += 1 / len(winners)
    return wins, moves / games


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
        seed = self.options.get("seed", "1").strip()
        seed = int(seed) if seed.isdigit() else seed
        bots = tuple(b.strip() for b in self.options.get("bots", "random").split(","))
        try:
            wins, mean = simulate(game, games, seed, bots)
        except GanjifaError as err:
            raise self.engine_fail(err) from None
        rows = [[f"Player {i + 1}",
                 bots[i % len(bots)], f"{100 * w / games:.1f}%"] for i, w in enumerate(wins)]
        caption = (f"{game.title}, {game.players} players{', ' + game.describe_options() if game.describe_options() else ''}: "
                   f"{games} games (seed {seed}), {mean:.1f} moves per game on average. Shared wins count as fractions.")
        return [table(["Seat", "Bot", "Wins"], rows, classes=["ganjifa-simulation"]),
                nodes.paragraph(caption, caption, classes=["ganjifa-caption"])]
