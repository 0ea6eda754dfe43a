"""A sentence that promises a picture has it: checked when a page is read.

- "each example shows ..." / "every example shows ...": every example of the page ({question},
  {position}) draws its position;
- "pictured above", "the picture above", "shown above": a picture stands before the sentence, in its section;
- "the picture(s) below", "the pictures show", "the picture shows", "pictured below": a picture stands
  after it, in its section (or, for "the pictures show", anywhere in the section).
A promise not kept warns at the sentence's line (with -W, fails the build), naming what is missing.
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx.util import logging

from ..nodes import ganjifa_figure

logger = logging.getLogger(__name__)

EVERY = re.compile(r"\b(?:each|every|an) example\s+shows\b", re.I)
ABOVE = re.compile(r"\bpictured\s+above\b|\bthe\s+pictures?\s+above\b|\bshown\s+above\b", re.I)
BELOW = re.compile(r"\bpictured\s+below\b|\bthe\s+pictures?\s+below\b|\bshown\s+below\b", re.I)
SECTION = re.compile(r"\bthe\s+pictures?\s+shows?\b", re.I)
EXAMPLES = ("ganjifa-question", "ganjifa-position")


def _line(node) -> int | None:
    while node is not None:
        if node.line:
            return node.line
        node = node.parent
    return None


def _section(node):
    while node is not None and not isinstance(node, (nodes.section, nodes.document)):
        node = node.parent
    return node


def check(app, doctree: nodes.document) -> None:
    if not app.env.docname.startswith("rules/"):
        return
    order = list(doctree.findall(lambda n: isinstance(n, (nodes.paragraph, ganjifa_figure))
                                 or (isinstance(n, nodes.container) and set(EXAMPLES) & set(n.get("classes", ())))))
    position = {id(n): k for k, n in enumerate(order)}
    figures = [n for n in order if isinstance(n, ganjifa_figure)]
    for para in (n for n in order if isinstance(n, nodes.paragraph)):
        if any(isinstance(a, nodes.container) and set(EXAMPLES) & set(a.get("classes", ())) for a in _up(para)):
            continue  # an example's own words are its own business (book/directives/question.py)
        text = para.astext()
        section, here = _section(para), position[id(para)]
        same = [f for f in figures if _section(f) is section or section in _up(f)]
        missing = ""
        if EVERY.search(text):
            bare = [n for n in order if isinstance(n, nodes.container) and set(EXAMPLES) & set(n.get("classes", ()))
                    and not any(isinstance(c, ganjifa_figure) for c in n.findall(ganjifa_figure))]
            if bare:
                missing = (f"{len(bare)} example(s) of the page draw no picture, the first at line "
                           f"{_line(bare[0])}: draw it, or say which examples show the table")
        elif ABOVE.search(text) and not any(position[id(f)] < here for f in same):
            missing = "no picture stands above it in its section"
        elif BELOW.search(text) and not any(position[id(f)] > here for f in same):
            missing = "no picture follows it in its section"
        elif SECTION.search(text) and not same:
            missing = "its section has no picture"
        if missing:
            found = (EVERY.search(text) or ABOVE.search(text) or BELOW.search(text) or SECTION.search(text)).group(0)
            logger.warning(f"a sentence promises a picture ({found!r}) but {missing}", location=(app.env.docname,
                           _line(para)), type="ganjifa", subtype="picture-promise")


def _up(node):
    node = node.parent
    while node is not None:
        yield node
        node = node.parent


def setup(app) -> None:
    app.connect("doctree-read", check)
