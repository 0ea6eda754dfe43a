"""``{table-figure}``: one cell of a table the engine computes, in a sentence, so the prose never types a figure.

A chapter that states a figure of one of its game's tables (exact odds, the solver's tally) names the
cell, and the role prints it as the table does::

    {table-figure}`udvasa odds: the searching player | deals`      -> 492 of 500
    {table-figure}`nakash order: 18, 19, 21 or 23 | Dealt`        -> 13.25%
    {table-figure}`udvasa odds: the solver: won | deals | in words: deal`   -> about 99 deals in 100
    {table-figure}`naqsh players=6 odds: ... | ...`                (options between the game and the table)

The row is the one a cell of which starts with the words before ``|`` (case and spacing aside; it must
be one row; ``A & B`` names the row with a cell starting A and one starting B), the column the one headed by the words after it. A figure typed by hand in a chapter (a
share such as "13.25%", "about 98 deals in 100") fails the build at its line (:func:`typed_figures`):
it comes from a table (this role) or a simulation (``{sim-figure}``).
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

from engine.errors import GanjifaError
from engine.registry import game_class
from engine.stats import in_hundred

from . import ENGINE_DIR

logger = logging.getLogger(__name__)


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("\u2019", "'").split())


def cell(text: str) -> str:
    """``GAME [OPTIONS] TABLE: ROW | COLUMN [| in words: NOUN]`` -> the cell (a cell "X of N" said in words with
    the third part: "about 98 deals in 100"), or GanjifaError naming what is missing."""
    where, colon, what = text.partition(":")
    row, bar, column = what.partition("|")
    column, bar2, words = column.partition("|")
    noun = ""
    if bar2:
        said, colon2, noun = words.partition(":")
        if said.strip() != "in words" or not colon2 or not noun.strip():
            raise GanjifaError(f"{words.strip()!r}: write the third part as 'in words: NOUN', e.g. 'in words: deal'")
        noun = noun.strip()
    words = where.split()
    if not colon or not bar or len(words) < 2 or not row.strip() or not column.strip():
        raise GanjifaError(f"{text!r}: write 'GAME TABLE: ROW | COLUMN', e.g. 'nakash order: loses | Dealt'")
    cls = game_class(words[0])
    if words[-1] not in cls.TABLES:
        raise GanjifaError(f"{cls.title} has no table {words[-1]!r}; its tables: {', '.join(cls.TABLES) or 'none'}")
    made = cls.from_text(" ".join(words[1:-1])).table(words[-1])
    heads = [_norm(h) for h in made.header]
    if _norm(column) not in heads:
        raise GanjifaError(f"the table {words[-1]!r} has no column {column.strip()!r}; its columns: "
                           + ", ".join(repr(h) for h in made.header if h))
    keys = [k for k in (_norm(k) for k in row.split("&")) if k]  # "play a card & stock used up": both in one row
    rows = [r for r in made.rows if all(any(_norm(c).startswith(k) for c in r) for k in keys)]
    if len(rows) != 1:
        raise GanjifaError(f"{len(rows)} rows of the table {words[-1]!r} have a cell starting {row.strip()!r}; "
                           f"name one row" + ("" if rows else ": " + "; ".join(repr(r[0]) for r in made.rows)))
    found = rows[0][heads.index(_norm(column))]
    if not noun:
        return found
    share = re.fullmatch(r"([\d,]+) of ([\d,]+)", found.strip())
    if share:
        return in_hundred(int(share[1].replace(",", "")), int(share[2].replace(",", "")), noun)
    if re.fullmatch(r"[+-]?\d*\.\d+", found.strip()):
        return one_in(float(found), noun)
    raise GanjifaError(f"the cell {found!r} is no count 'X of N' nor an exact rate such as '+0.099', which "
                       f"'in words' says as a share")


WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")


def one_in(value: float, noun: str) -> str:
    """An exact rate a unit (a cell such as "+0.099", the stakes gained for each stake bet, rounded as the table
    prints it) as a player says it: "about one stake in ten"; a rate of one or more as "about 1.5 stakes"; none
    as "nothing".

    >>> one_in(0.0992, "stake"), one_in(0.25, "stake"), one_in(0.0, "stake"), one_in(0.004, "stake")
    ('about one stake in ten', 'about one stake in four', 'nothing', 'about one stake in 250')
    """
    v = abs(value)
    if v < 5e-7:
        return "nothing"
    if v >= 1:
        return f"about {v:.1f} {noun}s"
    n = round(1 / v)
    said = WORDS[n] if n < len(WORDS) else f"{n:,}"
    return f"about one {noun} in {said}"


class TableFigureRole(SphinxRole):
    def run(self):
        for path in sorted(ENGINE_DIR.rglob("*.py")):
            self.env.note_dependency(str(path))
        try:
            text = cell(self.text)
        except (GanjifaError, ValueError) as err:
            msg = self.inliner.reporter.error(f"{{table-figure}}: {err}", line=self.lineno)
            return [self.inliner.problematic(self.rawtext, self.rawtext, msg)], [msg]
        node = nodes.inline(text, text, classes=["ganjifa-table-figure"])
        self.set_source_info(node)
        return [node], []


# a share or a rate stated about play: "13.25%", "about 98 deals in 100", "0.4 a round", "one game in 40"
NUMBER_WORDS = r"(?:\d[\d,]*|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|a hundred|a thousand)"
TYPED = re.compile(r"\b\d+(?:[.,]\d+)?\s?%|\b\d[\d,]*(?:\.\d+)? (?:deals|games|rounds|hands|times) in \d"
                   r"|\babout \d+(?:\.\d+)? (?:a|per|each) (?:round|game|deal|hand|trick)\b"
                   rf"|\b(?:one|two|three|four|five) (?:deals?|games?|rounds?|hands?|times?|wins?|turns?|stakes?) in {NUMBER_WORDS}\b"
                   rf"|\bonce in {NUMBER_WORDS}\b", re.I)


def typed_figures(app, doctree: nodes.document) -> None:
    """``doctree-read``: a share or rate typed in a chapter's prose warns at its line (-W fails the build)."""
    docname = app.env.docname
    if not docname.startswith("rules/") or docname.endswith("designers/index"):
        return  # (the notes' opening page tells how figures are made and states none)
    skip = (nodes.literal, nodes.literal_block, nodes.comment, nodes.raw, nodes.doctest_block, nodes.table)
    for text in doctree.findall(nodes.Text):
        node = text.parent
        chain = []
        while node is not None:
            chain.append(node)
            node = node.parent
        if any(isinstance(a, skip) for a in chain) or any(
                isinstance(a, nodes.Element)
                and {"ganjifa-sim-figure", "ganjifa-sim-compare", "ganjifa-table-figure", "ganjifa-computed",
                     "ganjifa-caption"} & set(a.get("classes", ()))
                for a in chain):
            continue
        if any(isinstance(a, nodes.Element) and "ganjifa-question" in a.get("classes", ()) for a in chain):
            continue  # an example's words are checked against its position (engine/examples/claims.py)
        for found in TYPED.finditer(str(text)):
            if found.group(0).replace(" ", "") == "95%" and str(text)[found.end():].lstrip().startswith("interval"):
                continue  # ("with their 95% intervals": how sure a figure is, not a figure about play)
            where = text.parent
            while where is not None and not where.line:
                where = where.parent
            logger.warning(f"a figure typed by hand: {found.group(0)!r}; take it from the game's table with "
                           f"{{table-figure}} or from play with {{sim-figure}}, so that it is computed",
                           location=where or text.parent, type="ganjifa", subtype="typed-figure")


def setup(app) -> None:
    app.add_role("table-figure", TableFigureRole())
    app.connect("doctree-read", typed_figures)
