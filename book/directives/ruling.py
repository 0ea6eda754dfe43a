"""``{ruling}``: a ruling cited by its title, printed as its number ("Ruling 3"), never typed.

A chapter's rulings are the numbered list under its heading "Rulings", each item opening with its title
in bold (``3. **Who deals.** The player who ...``). Prose cites one by that title::

    a player deals whenever she likes ({ruling}`Who deals`)         -> (Ruling 3), linked
    {ruling}`udvasa: Dealing`                                        (another chapter's ruling)

so that a ruling moved or added renumbers every citation. A title no ruling has fails the build at the
citing line. :func:`typed_numbers` fails a section or ruling number typed by hand ("§4", "Ruling 3"):
the number a reader follows is the one the book computed.
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole
from ..nodes import ancestors as _ancestors

logger = logging.getLogger(__name__)

HEADING = "Rulings"
TYPED = re.compile(r"\bRulings? \d+\b|§\s?\d+")


def _key(title: str) -> str:
    return " ".join(title.lower().replace("\u2019", "'").strip().rstrip(".:").split())


def rulings_of(env) -> dict[str, dict[str, tuple[int, str]]]:
    """docname -> {title key: (number, anchor)}."""
    if not hasattr(env, "ganjifa_rulings"):
        env.ganjifa_rulings = {}
    return env.ganjifa_rulings


class ruling_ref(nodes.Inline, nodes.TextElement):
    """A citation of a ruling, resolved to "Ruling N" once every chapter has been read."""


class RulingRole(SphinxRole):
    def run(self):
        text = self.text.strip()
        doc, colon, title = text.partition(":")
        if colon and "/" not in doc and " " not in doc.strip():
            target = "/".join(self.env.docname.split("/")[:-1] + [doc.strip()])
        else:
            target, title = self.env.docname, text
        node = ruling_ref(text, text, ganjifa_target=target, ganjifa_title=_key(title))
        self.set_source_info(node)
        return [node], []


def collect(app, doctree: nodes.document) -> None:
    """``doctree-read``: each ruling of the page, by its title, with its number and an anchor."""
    found = rulings_of(app.env).setdefault(app.env.docname, {})
    found.clear()
    for section in doctree.findall(nodes.section):
        if not section.children or section[0].astext().strip() != HEADING:
            continue
        for listing in section.findall(nodes.enumerated_list):
            start = listing.get("start", 1)
            for k, item in enumerate(listing.children):
                strong = next(iter(item.findall(nodes.strong)), None)
                if strong is None:
                    continue
                anchor = f"ruling-{start + k}"
                item["ids"].append(anchor)
                found[_key(strong.astext())] = (start + k, anchor)
            break
    typed_numbers(app, doctree)


def typed_numbers(app, doctree: nodes.document) -> None:
    """A section or ruling number typed in the prose warns at its line: write {rule} or {ruling}."""
    if not app.env.docname.startswith("rules/"):
        return
    skip = (nodes.literal, nodes.literal_block, nodes.comment, nodes.raw, nodes.doctest_block, ruling_ref)
    for text in doctree.findall(nodes.Text):
        node = text.parent
        if any(isinstance(a, skip) for a in _ancestors(node)):
            continue
        for found in TYPED.finditer(str(text)):
            where = node
            while where is not None and not where.line:
                where = where.parent
            logger.warning(f"a number typed by hand: {found.group(0)!r}; cite a rule with {{rule}}`id` and a ruling "
                           f"with {{ruling}}`its title`, so that the number is the book's own",
                           location=where or node, type="ganjifa", subtype="typed-number")


def resolve(app, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: each citation becomes "Ruling N", linked to the ruling on the site."""
    known = rulings_of(app.env)
    for node in list(doctree.findall(ruling_ref)):
        target, title = node["ganjifa_target"], node["ganjifa_title"]
        number = known.get(target, {}).get(title)
        if number is None:
            titles = ", ".join(repr(t) for t in known.get(target, {})) or "none"
            logger.warning(f"{{ruling}}: {target} has no ruling titled {title!r}; its rulings: {titles}",
                           location=node, type="ganjifa", subtype="ruling")
            node.replace_self(nodes.Text(node.astext()))
            continue
        words = f"Ruling {number[0]}"
        uri = app.builder.get_relative_uri(docname, target) if target != docname else ""
        ref = nodes.reference("", words, refuri=f"{uri}#{number[1]}", internal=True)
        node.replace_self(ref)


def purge(app, env, docname: str) -> None:
    rulings_of(env).pop(docname, None)


def merge(app, env, docnames, other) -> None:
    for name in docnames:
        if name in rulings_of(other):
            rulings_of(env)[name] = rulings_of(other)[name]


def setup(app) -> None:
    app.add_node(ruling_ref, html=(lambda self, node: None, lambda self, node: None))
    app.add_role("ruling", RulingRole())
    app.connect("doctree-read", collect)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    app.connect("doctree-resolved", resolve)
