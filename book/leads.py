"""A sentence that ends in a colon leads into what follows it: a picture, a question with its picture, a list, a
table, a worked game. One that leads into nothing, or into a question drawn without its picture, promises a sight
the reader never gets (Kendra Kari's "... and also the 10 of Qimash across the ring on Position 2:" before a
question with no picture: the eleventh reading). The build warns at its line (with -W, fails).
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util import logging

from .nodes import ancestors as _ancestors, ganjifa_figure

logger = logging.getLogger(__name__)

SKIP = (nodes.table, nodes.list_item, nodes.admonition, nodes.literal_block, nodes.footnote, nodes.definition)


def _next_element(node: nodes.Node) -> nodes.Node | None:
    parent = node.parent
    if parent is None:
        return None
    siblings = [c for c in parent.children if isinstance(c, nodes.Element)]
    at = siblings.index(node)
    return siblings[at + 1] if at + 1 < len(siblings) else None


def _drawn(node: nodes.Node | None) -> bool:
    """A block that shows the table: a picture, a position, or a question or worked game with its picture."""
    return node is not None and (isinstance(node, ganjifa_figure) or any(True for _ in node.findall(ganjifa_figure)))


def _element_before(node: nodes.Node) -> nodes.Node | None:
    parent = node.parent
    siblings = [c for c in parent.children if isinstance(c, nodes.Element)] if parent is not None else []
    at = siblings.index(node) if node in siblings else 0
    return siblings[at - 1] if at else None


def _question_without_picture(node: nodes.Node) -> bool:
    return isinstance(node, nodes.container) and "ganjifa-question" in node.get("classes", ()) \
        and not any(True for _ in node.findall(ganjifa_figure))


def leads_into_nothing(app, doctree: nodes.document) -> None:
    """``doctree-read``: a paragraph ending in a colon followed by nothing, by another paragraph or by a question
    with no picture warns at its line."""
    if not app.env.docname.startswith("rules/"):
        return
    for para in doctree.findall(nodes.paragraph):
        if not para.astext().rstrip().endswith(":") or any(isinstance(a, SKIP) for a in _ancestors(para.parent)):
            continue
        if "ganjifa-question-text" in para.get("classes", ()) or type(para.parent) is not nodes.section:
            continue  # (inside a directive's own box, a colon is the box's business)
        after = _next_element(para)
        if after is None or isinstance(after, nodes.section):
            said = "nothing"
        elif isinstance(after, nodes.paragraph) and not after.get("classes"):
            said = "a paragraph"
        elif _question_without_picture(after) and not _drawn(_element_before(para)):
            # (a question without its own picture right after one that shows the table asks about that table)
            said = "a question drawn without its picture (:picture: no), and no picture just before it"
        else:
            continue
        logger.warning(f"a sentence ending in a colon leads into {said}: show what it promises, or end it with a "
                       "full stop", location=para, type="ganjifa", subtype="lead-in")


def setup(app) -> None:
    app.connect("doctree-read", leads_into_nothing)
