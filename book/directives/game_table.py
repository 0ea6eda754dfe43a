"""``{game-table} komi edge``: a table the engine computes for a chapter (scoring, exact odds).

The directive names the game and one of its tables (``Game.TABLES``), either as a second
argument or with ``:table:``; ``:options:`` gives the game's options. The engine makes the
table (``Game.table``, a ``Table``); this module only lays out its title, rows and note.

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
    required_arguments = 1
    optional_arguments = 1
    has_content = False
    # :split: rows lets a long table go over a page between its rows (its heads repeated) rather than leave the
    # page before it nearly blank (Udvasa's first wrong moves, fourteen rows of several lines each)
    option_spec = {"table": directives.unchanged_required, "options": directives.unchanged,
                   "split": lambda a: directives.choice(a, ("rows",))}

    def run(self):
        self.note_engine()
        named = [n for n in (self.arguments[1:] + [self.options.get("table", "")]) if n.strip()]
        if len(named) != 1:
            raise self.fail("name one table: `{game-table} GAME TABLE` or `:table: TABLE`")
        game = self.game(self.arguments[0], self.options.get("options", ""))
        try:
            made = game.table(named[0].strip())
        except GanjifaError as err:
            raise self.engine_fail(err) from None
        out = []
        if made.title:
            title = nodes.paragraph(classes=["ganjifa-table-title"])
            title += nodes.strong(text=made.title)
            out.append(title)
        out.append(table(list(made.header), [list(r) for r in made.rows],
                         classes=["ganjifa-game-table"] + (["ganjifa-split-rows"] if "split" in self.options else [])))
        if made.note:
            out.append(nodes.paragraph(made.note, made.note, classes=["ganjifa-caption"]))
        for node in out:  # computed, not typed: the prose checks leave it alone (book/directives/table_figure.py)
            node["classes"].append("ganjifa-computed")
        return out
