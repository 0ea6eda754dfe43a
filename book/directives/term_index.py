"""The index of terms: every place a defined word is defined or used in earnest.

A chapter marks a mention that matters (a rule that turns on the word, a later section that
works with it) with the light ``{mention}`` role; the word reads as plain text::

    The {mention}`pot` waits for the next round.      The winner takes the {mention}`stakes <stake>`.

(Not ``{term}``: Sphinx's own role of that name links to a ``glossary`` directive's entries.)

``{term-index}`` (one per book) lists every headword defined with ``{define}`` (see
:mod:`book.directives.glossary`), alphabetically, with the place it is defined (in bold) and
each marked mention, in the book's order. On the site each place is a link named by its chapter
and section; in print it is the page number (print.css: ``target-counter``). A ``{mention}`` whose
headword no chapter defines is an error, so the index holds only words the book explains.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

from .glossary import ROLE, _reading_order, slug, terms_of

logger = logging.getLogger(__name__)


class term_index_list(nodes.General, nodes.Element):
    """Placeholder for the generated index, filled in when every chapter has been read."""


def mentions_of(env) -> dict[str, list[dict]]:
    """docname -> the marked mentions of defined words it holds, in reading order."""
    if not hasattr(env, "ganjifa_mentions"):
        env.ganjifa_mentions = {}
    return env.ganjifa_mentions


class MentionRole(SphinxRole):
    """``{mention}`word``` or ``{mention}`shown words <headword>```: a mention the index lists."""

    def run(self):
        found = ROLE.match(self.text)
        if not found or not found["text"].strip():
            msg = self.inliner.reporter.error(f"{{mention}}: empty term {self.text!r}", line=self.lineno)
            return [self.inliner.problematic(self.rawtext, self.rawtext, msg)], [msg]
        shown = found["text"].strip()
        head = (found["head"] or shown).strip()
        count = self.env.temp_data.setdefault("ganjifa_mention_count", {})
        count[head.lower()] = count.get(head.lower(), 0) + 1
        anchor = f"use-{slug(self.env.docname)}-{slug(head)}-{count[head.lower()]}"
        node = nodes.inline(shown, shown, classes=["ganjifa-mention"], ids=[anchor])
        node["ganjifa_head"] = head
        self.set_source_info(node)
        return [node], []


def _section_title(node: nodes.Node) -> str:
    while node is not None:
        if isinstance(node, nodes.section) and node.children and isinstance(node[0], nodes.title):
            return node[0].astext()
        node = node.parent
    return ""


def collect(app, doctree) -> None:
    """On reading a chapter: record each marked mention, and each definition's section."""
    env = app.env
    found = [{"head": node["ganjifa_head"], "anchor": node["ids"][0], "line": node.line,
              "section": _section_title(node)}
             for node in doctree.findall(nodes.inline) if "ganjifa-mention" in node["classes"]]
    store = mentions_of(env)
    if found:
        store[env.docname] = found
    else:
        store.pop(env.docname, None)
    sections = {node["ids"][0]: _section_title(node)
                for node in doctree.findall(nodes.inline) if "ganjifa-term" in node["classes"]}
    for term in terms_of(env).get(env.docname, []):
        term["section"] = sections.get(term["anchor"], "")


def purge(app, env, docname) -> None:
    mentions_of(env).pop(docname, None)
    getattr(env, "ganjifa_term_index_docs", {}).pop(docname, None)


def merge(app, env, docnames, other) -> None:
    store = mentions_of(env)
    for docname, found in mentions_of(other).items():
        if docname in docnames:
            store[docname] = found
    docs = getattr(env, "ganjifa_term_index_docs", None)
    if docs is None:
        docs = env.ganjifa_term_index_docs = {}
    docs.update({d: True for d in getattr(other, "ganjifa_term_index_docs", {}) if d in docnames})


def outdated(app, env, added, changed, removed) -> list[str]:
    """The index page is rebuilt whenever a chapter changes."""
    if not (added or changed or removed):
        return []
    return [d for d in getattr(env, "ganjifa_term_index_docs", {}) if d in env.found_docs]


class TermIndexDirective(SphinxDirective):
    """``{term-index}``: every defined word, with the places it is defined and used."""

    has_content = False

    def run(self):
        docs = getattr(self.env, "ganjifa_term_index_docs", None)
        if docs is None:
            docs = self.env.ganjifa_term_index_docs = {}
        docs[self.env.docname] = True
        node = term_index_list()
        self.set_source_info(node)
        return [node]


def places(env) -> dict[str, list[tuple[int, int, str, dict, bool]]]:
    """headword (lower case) -> its places ``(chapter order, line, docname, record, is definition)``,
    in the book's order; warns for a mention of a word no chapter defines."""
    order = {d: i for i, d in enumerate(_reading_order(env))}
    out: dict[str, list] = {}
    for doc, found in terms_of(env).items():
        for term in found:
            out.setdefault(term["head"].lower(), []).append((order.get(doc, 1_000), term["line"] or 0, doc, term, True))
    for doc, found in mentions_of(env).items():
        for use in found:
            key = use["head"].lower()
            if key not in out:
                logger.warning(f"{{mention}}: {use['head']!r} is defined nowhere in the book; mark its definition "
                               f"with {{define}} or name its headword (`shown <headword>`)",
                               location=(doc, use["line"]))
                continue
            out[key].append((order.get(doc, 1_000), use["line"] or 0, doc, use, False))
    for key in out:
        out[key].sort(key=lambda p: (p[0], p[1], not p[4]))
    return out


def resolve(app, doctree, docname) -> None:
    builder = app.builder
    env = app.env
    for placeholder in list(doctree.findall(term_index_list)):
        entries = places(env)
        if not entries:
            logger.warning("{term-index}: no chapter marks a term with {define}", location=placeholder)
        box = nodes.container(classes=["ganjifa-term-index"])
        for key in sorted(entries):
            first = next(p for p in entries[key] if p[4])
            head = first[3]["head"]
            para = nodes.paragraph(classes=["ganjifa-index-entry"])
            para += nodes.inline("", head[:1].upper() + head[1:], classes=["ganjifa-index-term"])
            para += nodes.Text(" ")
            for n, (_, _, doc, record, is_definition) in enumerate(entries[key]):
                if n:
                    para += nodes.Text(", ")
                title = env.titles[doc].astext() if doc in env.titles else doc
                where = f"{title}: {record['section']}" if record.get("section") and record["section"] != title else title
                uri = "" if doc == docname else builder.get_relative_uri(docname, doc)
                ref = nodes.reference("", "", refuri=f"{uri}#{record['anchor']}", internal=True,
                                      classes=["ganjifa-index-ref"] + (["ganjifa-index-def"] if is_definition else []))
                ref += nodes.inline("", where, classes=["ganjifa-index-where"])
                para += ref
            box += para
        placeholder.replace_self(box)
