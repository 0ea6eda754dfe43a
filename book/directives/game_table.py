"""``{game-table}``: a table a game computes (``Game.table(name)``: scoring tables, exact odds), shown as is.

    ```{game-table} naqsh
    :table: two-card-naqsh
    :options: players=6
    ```

The game does all the work; this directive only lays out the header, the rows and the note.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives

from engine.errors import GanjifaError

from . import GanjifaDirective, table


class GameTableDirective(GanjifaDirective):
    required_arguments = 1
    has_content = False
    option_spec = {"table": directives.unchanged_required, "options": directives.unchanged}

    def run(self):
        self.note_engine()
        if "table" not in self.options:
            raise self.fail("give the table's name with :table:")
        game = self.game(self.arguments[0], self.options.get("options", ""))
        try:
            result = game.table(self.options["table"].strip())
        except GanjifaError as err:
            raise self.engine_fail(err, ":table:") from None
        out = [table(list(result.header), [list(r) for r in result.rows], classes=["ganjifa-game-table"])]
        if result.note:
            out.append(nodes.paragraph(result.note, result.note, classes=["ganjifa-table-note"]))
        return out
