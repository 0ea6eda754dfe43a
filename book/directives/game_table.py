"""``{game-table} komi edge``: a table the engine computes for a chapter (scoring, exact odds).

The directive names the game and one of its tables (``Game.TABLES``); ``:options:`` gives the
game's options. The engine makes the table (``Game.table``); this module only prints it.

    ```{game-table} nakash order
    :options: players=4
    ```
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives

from engine.errors import GanjifaError

from . import GanjifaDirective, table


class GameTableDirective(GanjifaDirective):
    required_arguments = 2
    has_content = False
    option_spec = {"options": directives.unchanged}

    def run(self):
        self.note_engine()
        game = self.game(self.arguments[0], self.options.get("options", ""))
        try:
            made = game.table(self.arguments[1])
        except GanjifaError as err:
            raise self.engine_fail(err) from None
        title = nodes.paragraph(classes=["ganjifa-table-title"])
        title += nodes.strong(text=made.title)
        out = [title, table(list(made.header), [list(r) for r in made.rows], classes=["ganjifa-game-table"])]
        if made.note:
            out.append(nodes.paragraph(made.note, made.note, classes=["ganjifa-caption"]))
        return out
