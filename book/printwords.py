"""Words a player never reads, and the cast the examples seat: one list each, for the printed booklet.

:data:`WORDS` lists what must never reach a player's page, each with the reason and what to write
instead. The print build (``-t print``: the singlehtml build the PDF is made from) walks everything
it will print (text, rule titles, picture captions and the text drawn in pictures; not code blocks)
once the page is resolved, and warns at the chapter's file and line for every hit, so ``-W`` fails
the build naming file, line and word. ``python -m book.pagecheck`` reads the finished PDF (imprint
and back cover too) with the same list. An entry marked ``waiting`` is still printed by a part of
the book this check cannot correct; it is counted, not failed, until that part changes.

>>> [(w.kind, text) for w, text in find("worked out by the rules\\nprogram, seeded, for P2")]
[('seed', 'seeded'), ('rules program', 'rules\\nprogram'), ('seat code', 'P2')]
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Iterator

# the players the examples seat, in the order of play: every chapter and golden deal uses these,
# the first N at an N-player table (a match's later deals start the same order at another seat)
CAST = ("Asha", "Bela", "Chitra", "Dev", "Esha", "Farid", "Gopal")


@dataclass(frozen=True)
class Word:
    kind: str
    pattern: re.Pattern
    reason: str  # why a player never reads it, and what to write instead
    waiting: str = ""  # where hits still come from while the entry is not enforced ("" = enforced)


def _clause_prefixes() -> list[str]:
    """The prefixes of every registered game's clause ids (``kk`` of ``kk.match``), as the games declare them."""
    from engine.registry import available_games, game_class

    return sorted({cid.split(".")[0] for name in available_games() for cid in game_class(name).CLAUSES})


def _w(kind: str, pattern: str, reason: str, flags: int = 0, waiting: str = "") -> Word:
    return Word(kind, re.compile(pattern, flags), reason, waiting)


WORDS: tuple[Word, ...] = (
    _w("Python prompt", r">>>", "Python examples belong in the 'For editors' blocks, which print leaves out"),
    _w("traceback", r"Traceback \(most recent call last\)", "an error report is for programmers"),
    _w("clause id", r"\b(?:" + "|".join(_clause_prefixes()) + r")\.[a-z][a-z-]+\b",
       "cite a rule by its number, {rule}`id` (§5), never by its id"),
    _w("bot name", r"\bbots?\b|\bheuristic\b",
       "say 'computer players': random, careful or searching (engine.players.bots.lineup_words)", re.I),
    _w("seed", r"\bseed(?:s|ed)?\b", "how games are dealt by computer is not the player's business: leave it out",
       re.I),
    _w("file path", r"rules/deals/|\.txt\b", "file names stay in the sources"),
    _w("rules program", r"\brules\s+program\b",
       "say what is meant in players' words: 'worked out by computer', 'a computer counts', or drop it", re.I),
    _w("engine", r"\bengines?\b", "a programmers' word: say 'computer' or 'the book'", re.I),
    _w("legal moves", r"\blegal\s+moves?\b", "say 'the moves you may make', 'moves allowed' or 'choices'", re.I),
    _w("range dots", r"(?<!\.)\.\.(?!\.)", "write 'to': '1 high to 10 low'"),
    _w("seat code", r"\bP[1-9]\b", "name the player (Asha) or say 'Player 1'"),
    _w("Naqsh set code", r"\bN[1-4]\b", "say 'the first suit' ... 'the fourth suit', or show the suit by colour"),
    # issue 30: what a program says about its own lists and moves, never what a player at the table says
    _w("choice count", r"\(\d+ choices?\)", "say what the player may do, without counting the list in brackets"),
    _w("Played label", r"\bPlayed:", "name the player: 'Asha's choice:'"),
    _w("chance as a player", r"\bChance acts\b|\bchance's turn\b",
       "say what happens: 'the cards are shuffled first', 'a card is drawn blindly'", re.I),
    _w("player called it", r"\bas it must\b", "a player is 'she', 'he' or a name, never 'it'", re.I),
    _w("their own, of one player", r"\btheir own pile\b", "name the player: 'Bela's own pile'", re.I),
    _w("move notation", r"(?<![\w>])(?:10|[1-9]|[RMV])[A-Z][a-z](?: as [A-Z][a-z]\b|>\d)",
       "a move in the book's notation ('tavani 3Pa as Kr', 'deck: 4Ba>1') is for the terminal: say it in words"),
    _w("option id", r"\((?:[a-z]+-)+[a-z]+[):]", "write a choice as the facts table prints it: '(if none)'"),
    _w("option as code", r"\bVariants?: [a-z][a-z ]*: ", "name the option and its choice as the facts table does"),
    _w("refused", r"\b(?:leads?|moves?|plays?) (?:[a-z]+ ){0,4}(?:is|are) refused\b",
       "say what the rule says: 'must', 'may not'"),
    _w("player count", r"\b1 players\b|\b(0|no) (cards? )?to each player\b", "'One player'; leave out a deal of no cards"),
    _w("one choice", r"\bChoices: [^,.;]+\.|\bNumber of players: [a-z]+\.",
       "a fixed number of players is said once ('Four players'), not offered as a choice"),
    # issue 41: what a program or an editor says, never a player at the table
    _w("seat number as name", r"\b(?:sitting|seated?|sits) as Player [1-9]\b|\bas Player [1-9]\b",
       "name the player, or say who it is ('the oldest player'); a seat number is the program's name for a place"),
    _w("terminal", r"\bterminal\b", "say 'at the computer' or 'on the book's site'", re.I),
    _w("editions", r"\b(?:former|earlier|previous|old) (?:ruling|edition|printing)s?\b|\bthis book's former\b",
       "the book has one edition: state the rule, and offer the other reading as a variant", re.I),
    _w("move count", r"\bchoose from \d+ moves?\b|\bfrom \d+ moves\b",
       "say what the player may do; a count of the program's moves is not a player's word", re.I),
    _w("plays this", r"\bplays this:", "say what the player does: 'Asha leads the 9'"),
    _w("in the order of play, alone", r"\bPlayers: [A-Z][a-z]+ \(in the order of play\)",
       "a game for one says 'One player', with no order of play"),
    # the same case twice: "in" ending one index line and "In" opening the next are two entries, not a slip
    _w("doubled word", r"\b([Aa]bout|[Tt]he|[Aa]n?|of|to|and|is|in|it)\s+\1\b", "a word printed twice"),
)

ENFORCED: dict[str, re.Pattern] = {w.kind: w.pattern for w in WORDS if not w.waiting}
WAITING: dict[str, re.Pattern] = {w.kind: w.pattern for w in WORDS if w.waiting}
BY_KIND: dict[str, Word] = {w.kind: w for w in WORDS}


def find(text: str, words: tuple[Word, ...] = WORDS) -> Iterator[tuple[Word, str]]:
    """Every listed word in ``text``: ``(entry, the text found)``, entry by entry."""
    for w in words:
        for m in w.pattern.finditer(text):
            yield w, m.group(0)


# --- the print build --------------------------------------------------------------------------

# print.css hides these (display: none), so their text never reaches the page
NOT_PRINTED = frozenset({"ganjifa-folded-detail"})


def _svg_texts(svg: str) -> list[str]:
    """The text a picture prints: each ``<text>`` element's characters."""
    try:
        root = ET.fromstring(svg)
    except ET.ParseError:
        return [svg]
    return ["".join(el.itertext()) for el in root.iter()
            if isinstance(el.tag, str) and el.tag.rsplit("}", 1)[-1] == "text"]


def printed_texts(doctree) -> Iterator[tuple[object, str]]:
    """``(node, text)`` for everything of a resolved doctree that will be printed."""
    from docutils import nodes

    from .nodes import clause_block, ganjifa_figure

    # code blocks are left to the PDF check: the book prints none (its Python examples sit in blocks that
    # print leaves out), and tests/test_pdf.py's fixture book prints one on purpose to test how code prints
    skip = (nodes.comment, nodes.raw, nodes.system_message, nodes.substitution_definition, nodes.Invisible,
            nodes.literal_block, nodes.doctest_block)

    def visit(node):
        if isinstance(node, skip):
            return
        if isinstance(node, nodes.Element) and NOT_PRINTED.intersection(node.get("classes", ())):
            return
        if isinstance(node, nodes.Text):
            yield node, str(node)
            return
        if isinstance(node, ganjifa_figure):
            if node.get("caption"):
                yield node, node["caption"]
            for text in _svg_texts(node.get("svg", "")):
                yield node, text
            return
        if isinstance(node, clause_block) and node.get("title"):
            yield node, node["title"]
        for child in node.children:
            yield from visit(child)

    yield from visit(doctree)


def _located(node):
    """The nearest node (the node itself or an ancestor) that knows its file and line."""
    first = None
    while node is not None:
        if getattr(node, "source", None):
            if getattr(node, "line", None):
                return node
            first = first or node
        node = node.parent
    return first


def check_doctree(app, doctree, docname: str) -> None:
    """``doctree-resolved`` in the print build: warn, at file and line, for every listed word."""
    if not app.tags.has("print"):
        return
    from sphinx.util import logging

    logger = logging.getLogger(__name__)
    waiting: dict[str, int] = {}
    for node, text in printed_texts(doctree):
        for w, found in find(text):
            if w.waiting:
                waiting[w.kind] = waiting.get(w.kind, 0) + 1
                continue
            where = _located(node) or node
            logger.warning("a word players never read in the print text: %r (%s): %s", found, w.kind, w.reason,
                           location=where, type="ganjifa", subtype="print-words")
    for kind, n in waiting.items():
        logger.info("print text: %d %s hit(s) left, not yet failed: %s", n, kind, BY_KIND[kind].waiting)


def setup(app) -> None:
    # last among the doctree-resolved handlers, so text they add (the glossary's quotations) is read too
    app.connect("doctree-resolved", check_doctree, priority=900)
