"""The directives, one module each, and what they share: engine lookups, pictures, narration."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

import engine
from engine.errors import GanjifaError
from engine.protocol import Game
from engine.registry import game_class

from ..errors import engine_error
from ..nodes import clause_ref, ganjifa_figure

ENGINE_DIR = Path(engine.__file__).resolve().parent
CITATION = re.compile(r"\[([a-z][a-z0-9]*\.[a-z0-9][a-z0-9.-]*)\]")


def positive_number(argument: str) -> int:
    """An option_spec converter for a count (``:games:``, ``:from:``): a whole number from 1, written
    as every number in the book's notation is, without leading zeros (:func:`engine.notation.whole_number`)."""
    from engine.notation import whole_number

    value = whole_number((argument or "").strip(), 9)
    if not value:
        raise ValueError(f"{argument!r}: write a whole number from 1, without leading zeros")
    return value


def choice(*values: str):
    """An option_spec converter that accepts only ``values`` (docutils reports others)."""
    def convert(argument):
        from docutils.parsers.rst import directives

        return directives.choice(argument, values)
    return convert


class GanjifaDirective(SphinxDirective):
    """Base: engine dependency tracking and the helpers every directive uses."""

    def note_engine(self) -> None:
        for path in sorted(ENGINE_DIR.rglob("*.py")):
            self.env.note_dependency(str(path))

    def fail(self, message: str):
        return self.error(f"{{{self.name}}}: {message}")

    # options every example directive takes to name its position from play (engine.examples.moments)
    POSITION_OPTIONS = {"label": lambda a: a.strip(), "continues": lambda a: a.strip(), "moves": lambda a: a.strip(),
                        "from": lambda a: a.strip()}

    def example_position(self, game: Game, written: str, what: str = ":position:"):
        """The example's position (engine.examples.moments.Positions, one per page, read in page order): ``written`` by
        hand, or a moment of a golden deal (``:from: deals/F.txt, move N``), or an earlier example's (``:continues:
        LABEL``), with ``:moves:`` played on from the last two; a position both written and played must be the
        same. ``:label:`` keeps it for later examples of the page. Returns the state and its notation."""
        from engine.examples.moments import Positions
        from engine.protocol import default_names

        positions = self.env.temp_data.get("ganjifa_positions")
        if positions is None:
            positions = Positions(Path(self.env.doc2path(self.env.docname)).parent)
            self.env.temp_data["ganjifa_positions"] = positions
        names = tuple(n.strip() for n in self.options["names"].split(",")) if "names" in self.options \
            else default_names(game.players)
        played = bool({"from", "continues"} & set(self.options))
        try:
            state = positions.read(game, written, moment_text=self.options.get("from", ""),
                                   continues=self.options.get("continues", ""), moves=self.options.get("moves", ""),
                                   label=self.options.get("label", ""), names=names)
        except GanjifaError as err:
            raise self.engine_fail(err, ":from:/:continues:/:moves:" if played else what) from None
        moved = played or bool(self.options.get("moves", "").strip())
        return state, state.position() if moved or not written.strip() else " ".join(written.split())

    def _lines_before(self) -> tuple[list[str], int]:
        """The lines of the paragraph just before this directive in its source, stripped, and its first line."""
        try:
            lines = Path(self.env.doc2path(self.env.docname)).read_text(encoding="utf-8").splitlines()
        except OSError:
            return [], 0
        i = self.lineno - 2  # the line before the directive's opening fence (lineno counts from 1)
        while i >= 0 and not lines[i].strip():
            i -= 1
        para = []
        while i >= 0 and lines[i].strip():
            para.insert(0, lines[i].strip())
            i -= 1
        if para and para[0].startswith(("```", ":::", "#", ":", ">", "|")):
            return [], 0  # another block's lines, not prose
        return para, i + 2

    def paragraph_before(self) -> tuple[str, int]:
        """The paragraph just before this directive in its source (prose only, not another block), and its first
        line: the words that lead into it."""
        para, first = self._lines_before()
        if not para or para[-1].startswith(("```", ":::")):
            return "", 0
        return " ".join(para), first

    def introduction(self) -> str:
        """The paragraph just before this directive in its source, when it introduces it (ends with a colon):
        the words that tell the reader what the example shows, checked against it (engine.examples.claims)."""
        para, _ = self._lines_before()
        if not para or not para[-1].endswith(":"):
            return ""
        return " ".join(para)

    def engine_fail(self, err: Exception, what: str = ""):
        return engine_error(self, err, what)

    def game(self, name: str, options_text: str = "") -> Game:
        try:
            return game_class(name.strip()).from_text(options_text)
        except GanjifaError as err:
            raise self.engine_fail(err) from None

    def figure(self, element: ET.Element, caption: str | None = None, classes=()) -> ganjifa_figure:
        from engine.draw import to_string

        alt = element.get("aria-label") or (element.findtext("{http://www.w3.org/2000/svg}title") or
                                             element.findtext("title") or "picture")
        node = ganjifa_figure(svg=to_string(element), alt=alt, caption=caption or "")
        node["classes"] = list(classes)
        # pictures drawn so far on this page: {position} leaves out a picture the one just before it shows
        self.env.temp_data["ganjifa_figures"] = self.env.temp_data.get("ganjifa_figures", 0) + 1
        return node

    def narration(self, text: str, classes=()) -> nodes.paragraph:
        """A paragraph of engine narration whose ``[clause]`` citations become clause links."""
        para = nodes.paragraph(classes=["ganjifa-narration", *classes])
        text = keep_together(text)
        pos = 0
        for m in CITATION.finditer(text):
            if m.start() > pos:  # a citation never starts a line alone: the space before it becomes a no-break
                # space inside the link when the link is made (book/directives/clause.py: one at the end of the
                # text before it makes WeasyPrint put every word of the line before on a line of its own)
                para += nodes.Text(text[pos:m.start()])
            para += clause_ref(m.group(0), m.group(0), clause_id=m.group(1))
            pos = m.end()
        if pos < len(text):
            para += nodes.Text(text[pos:])
        return para

    def rel_source_file(self, text: str) -> tuple[Path, str]:
        """A file named relative to the current .md: (absolute path, path relative to srcdir)."""
        here = Path(self.env.doc2path(self.env.docname)).parent
        path = (here / text.strip()).resolve()
        try:
            rel = str(path.relative_to(Path(self.env.srcdir).resolve()))
        except ValueError:
            rel = str(path)
        return path, rel


# a number that belongs to the word before it: a score to its player ("Dev +2"), a count to its noun ("phase 2",
# "Position 7"); a line broken between them read "Dev / +2 §5" and "no phase / 2 §11" (issue 41, twelfth reading)
_TOGETHER = re.compile(r"\b([A-Z][a-z]+ (?=[+-]\d)|[Pp]hase (?=\d))")


def keep_together(text: str) -> str:
    """``text`` with a no-break space between a name or a counted word and the number that follows it."""
    return _TOGETHER.sub(lambda m: m.group(1)[:-1] + "\u00a0", text)


def table(header: list[str], rows: list[list], classes=(), widths=None) -> nodes.table:
    """A plain docutils table; cells are strings or lists of nodes."""
    tbl = nodes.table(classes=["ganjifa-table", *classes])
    group = nodes.tgroup(cols=len(header))
    tbl += group
    for w in widths or [1] * len(header):
        group += nodes.colspec(colwidth=w)
    thead = nodes.thead()
    group += thead
    thead += _row(header)
    body = nodes.tbody()
    group += body
    for r in rows:
        body += _row(r)
    return tbl


def _row(cells) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        if isinstance(cell, str):
            entry += nodes.paragraph(cell, cell)
        elif isinstance(cell, nodes.Node):
            entry += cell if isinstance(cell, nodes.Body) else nodes.paragraph("", "", cell)
        else:
            para = nodes.paragraph()
            para.extend(cell)
            entry += para
        row += entry
    return row
