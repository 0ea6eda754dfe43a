"""The glossary, generated from the chapters' term markup.

A chapter marks the place where it defines a word with the ``{define}`` role::

    a card that links two opposite sides of the ring, a {define}`bridge`, sweeps ...
    This is {define}`building a bridge <bridge>`.     (shown text <headword>)

The role prints the word as a defined term and leaves an anchor. ``{glossary}`` (one per
book) lists every headword alphabetically with, for each chapter that defines it, the
sentence that defines it and a link to the place; in print the link is a page number. The
definition is the chapter's own sentence, so the glossary cannot drift from the rules.
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

logger = logging.getLogger(__name__)

ROLE = re.compile(r"^\s*(?P<text>.+?)\s*(?:<(?P<head>[^<>]+)>)?\s*$", re.S)
SENTENCE_END = re.compile(r"(?<=[.!?:])\s+(?=[A-Z\"'(“])")


BACK = re.compile(r"(This|These|That|It|They)\b")  # a sentence that leans on the one before
SHORT = 330  # characters: a paragraph this short is quoted whole


class glossary_list(nodes.General, nodes.Element):
    """Placeholder for the generated glossary, filled in when every chapter has been read."""


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def terms_of(env) -> dict[str, list[dict]]:
    """docname -> the terms it defines, in reading order."""
    if not hasattr(env, "ganjifa_terms"):
        env.ganjifa_terms = {}
    return env.ganjifa_terms


class DefineRole(SphinxRole):
    """``{define}`word``` or ``{define}`shown words <headword>```."""

    def run(self):
        found = ROLE.match(self.text)
        if not found or not found["text"].strip():
            msg = self.inliner.reporter.error(f"{{define}}: empty term {self.text!r}", line=self.lineno)
            return [self.inliner.problematic(self.rawtext, self.rawtext, msg)], [msg]
        shown = found["text"].strip()
        head = (found["head"] or shown).strip()
        anchor = f"term-{slug(self.env.docname)}-{slug(head)}"
        node = nodes.inline(shown, shown, classes=["ganjifa-term"], ids=[anchor])
        node["ganjifa_head"] = head
        self.set_source_info(node)
        return [node], []


def definition_sentence(node: nodes.Node) -> str:
    """The sentence of the enclosing paragraph that holds the defined word."""
    para = node.parent
    while para is not None and not isinstance(para, (nodes.paragraph, nodes.term, nodes.list_item)):
        para = para.parent
    if para is None:
        return node.astext()
    text = " ".join(para.astext().split())
    if len(text) <= SHORT:
        return text  # a short paragraph is the definition whole ("... This is building a bridge.")
    shown = node.astext()
    sentences = SENTENCE_END.split(text)
    word = re.compile(rf"(?<!\w){re.escape(shown)}(?!\w)")
    whole = [i for i, sentence in enumerate(sentences) if word.search(sentence)]  # "bank", not "banking"
    for i, sentence in enumerate(sentences):
        if shown not in sentence or whole and i not in whole:
            continue
        quoted = [sentence]
        if i > 0 and BACK.match(sentence):  # "This reversal is the traditional ranking."
            quoted.insert(0, sentences[i - 1])
        if i + 1 < len(sentences) and BACK.match(sentences[i + 1]):  # "... give a Deni. This needs ..."
            quoted.append(sentences[i + 1])
        return " ".join(q.strip() for q in quoted)
    return text


def collect(app, doctree) -> None:
    """On reading a chapter: record each defined term with its sentence and line."""
    env = app.env
    found = []
    seen = {}
    for node in doctree.findall(nodes.inline):
        if "ganjifa-term" not in node["classes"]:
            continue
        head = node["ganjifa_head"]
        key = head.lower()
        if key in seen:
            logger.warning(f"{{define}}: {head!r} is already defined in this chapter at line {seen[key]}",
                           location=node)
            continue
        seen[key] = node.line
        found.append({"head": head, "anchor": node["ids"][0], "sentence": definition_sentence(node),
                      "line": node.line})
    store = terms_of(env)
    if found:
        store[env.docname] = found
    else:
        store.pop(env.docname, None)


def purge(app, env, docname) -> None:
    terms_of(env).pop(docname, None)
    getattr(env, "ganjifa_glossary_docs", {}).pop(docname, None)


def merge(app, env, docnames, other) -> None:
    store = terms_of(env)
    for docname, found in terms_of(other).items():
        if docname in docnames:
            store[docname] = found


def outdated(app, env, added, changed, removed) -> list[str]:
    """The glossary page is rebuilt whenever a chapter changes."""
    if not (added or changed or removed):
        return []
    return [d for d in getattr(env, "ganjifa_glossary_docs", {}) if d in env.found_docs]


class GlossaryDirective(SphinxDirective):
    """``{glossary}``: every defined term of the book, alphabetically, with its sentence and place."""

    has_content = False

    def run(self):
        docs = getattr(self.env, "ganjifa_glossary_docs", None)
        if docs is None:
            docs = self.env.ganjifa_glossary_docs = {}
        docs[self.env.docname] = True
        node = glossary_list()
        self.set_source_info(node)
        return [node]


def resolve(app, doctree, docname) -> None:
    builder = app.builder
    env = app.env
    order = {d: i for i, d in enumerate(_reading_order(env))}
    for placeholder in list(doctree.findall(glossary_list)):
        entries: dict[str, list[tuple[str, dict]]] = {}
        for doc, found in terms_of(env).items():
            for term in found:
                entries.setdefault(term["head"].lower(), []).append((doc, term))
        if not entries:
            logger.warning("{glossary}: no chapter marks a term with {define}", location=placeholder)
        listing = nodes.definition_list(classes=["ganjifa-glossary"])
        for key in sorted(entries):
            places = sorted(entries[key], key=lambda e: order.get(e[0], 1_000))
            item = nodes.definition_list_item()
            head = places[0][1]["head"]
            item += nodes.term(head, head[:1].upper() + head[1:])
            definition = nodes.definition()
            for doc, term in places:
                para = nodes.paragraph(classes=["ganjifa-glossary-entry"])
                title = env.titles[doc].astext() if doc in env.titles else doc
                uri = "" if doc == docname else builder.get_relative_uri(docname, doc)
                para += nodes.reference("", title, refuri=f"{uri}#{term['anchor']}", internal=True,
                                        classes=["ganjifa-page-ref"])
                para += nodes.Text(": " + term["sentence"])
                definition += para
            item += definition
            listing += item
        placeholder.replace_self(listing)


def _reading_order(env) -> list[str]:
    """The chapters in the order of the book's table of contents."""
    out: list[str] = []

    def walk(doc: str) -> None:
        if doc in out:
            return
        out.append(doc)
        for child in env.toctree_includes.get(doc, []):
            walk(child)

    walk(env.config.root_doc)
    return out
