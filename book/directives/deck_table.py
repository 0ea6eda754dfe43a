"""``{deck-table} mughal``: the suits of a deck (names, sign, group, colour, rank order), with pictures."""

from __future__ import annotations

from docutils.parsers.rst import directives

from engine.decks import Ranking, deck
from engine.errors import GanjifaError

from ..nodes import swatch
from . import GanjifaDirective, table


class DeckTableDirective(GanjifaDirective):
    required_arguments = 1
    has_content = False
    option_spec = {
        "pictures": directives.flag,
        "ranking": lambda a: directives.choice(a, ("traditional", "uniform")),
        "table": lambda a: directives.choice(a, ("yes", "no")),
        "codes": lambda a: directives.choice(a, ("yes", "no")),  # no: a pack whose suits play no part (Naqsh)
    }

    def run(self):
        self.note_engine()
        try:
            d = deck(self.arguments[0].strip())
        except GanjifaError as err:
            raise self.engine_fail(err) from None
        ranking = Ranking(self.options.get("ranking", "traditional"))
        rows = []
        for s in d.suits:
            order = d.order_text(s, ranking, short=True)
            rows.append([s.name, s.code, ", ".join(s.other_names) or "-", s.sign, s.group,
                         [swatch(colour=s.colour, label=f"{s.name} colour {s.colour}")], order])
        head, widths = ["Suit", "Code", "Other names", "Sign", "Group", "Colour", "Order, high to low"], [3, 1, 3, 3, 2, 1, 3]
        if self.options.get("codes", "yes") == "no":  # a pack whose suits play no part (Naqsh): its suits, by colour;
            # no code, no strong or weak group (the words are the suited decks'), one order for every suit
            keep = [0, 2, 3, 5, 6]
            rows = [[row[i] for i in keep] for row in rows]
            head, widths = [head[i] for i in keep], [widths[i] for i in keep]
        out = [] if self.options.get("table", "yes") == "no" else [table(head, rows, classes=["ganjifa-deck-table"],
                                                                          widths=widths)]
        if "pictures" in self.options:
            from engine.draw import deck_sheet_svg

            for s in d.suits:
                out.append(self.figure(deck_sheet_svg(d, s, ranking=ranking), caption=f"{s.name} ({s.code})",
                                       classes=["ganjifa-deck-sheet"]))
        return out
