"""The glossary, generated from the chapters' term markup: each word defined once, where a chapter defines it.

A chapter marks the place where it defines a word with the ``{define}`` role::

    a card that links two opposite sides of the ring, a {define}`bridge`, sweeps ...
    This is {define}`building a bridge <bridge>`.     (shown text <headword>)

The role prints the word as a defined term and leaves an anchor. ``{glossary-index}`` (one per
book) lists every headword alphabetically, and under it the chapter's own defining sentence, quoted
(:func:`definition_sentence`), with the place (in print, the page): the glossary shows the definition
the chapter gives, never a second wording of it that could drift. A word several chapters define (a
trick in each trick game) shows each chapter's sentence, named by its chapter. The directive's body
names the words, one a line::

    Bridge
    Phase [ekrang]: In Ekrang, one of the two tricks of a round ... .   (a word no chapter defines)

and only a word no chapter defines with ``{define}`` has its definition there, with the chapters that
use it. A body line that defines a word a chapter defines, a word the chapters mark with ``{define}``
that the body leaves out, or a body word no chapter defines and no ``[chapter ...]`` names, fails the
build: every word the book gives a meaning is in the glossary, defined once.
"""

from __future__ import annotations

from pathlib import Path

import posixpath
import re

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

logger = logging.getLogger(__name__)

ROLE = re.compile(r"^\s*(?P<text>.+?)\s*(?:<(?P<head>[^<>]+)>)?\s*$", re.S)
SENTENCE_END = re.compile(r"(?<=[.!?:])\s+(?=[A-Z\"'(“])")


BACK = re.compile(r"(This|These|That|It|They)\b")  # a sentence that leans on the one before
# words that make a quoted definition lean on what is not quoted: a pronoun opening it, "that Raja", "this one",
# "the next rule" (issue 41: the glossary's Gheni read "The player who holds that Raja")
LEANS = re.compile(r"^(?:Its|Their|Whoever|Such|Those|He|She|His|Her)\b|\bthat (?=[A-Z][a-z])|\bthis one\b"
                   r"|\b(?:the )?(?:next|previous|last) (?:rule|clause|section)\b|\((?:next|previous) rule\)")
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


MARK = "\u2983"  # marks where the defining role stands in its paragraph's text


def _marked_text(para: nodes.Node, node: nodes.Node) -> str:
    """The paragraph's text with :data:`MARK` just after the defining role's own words."""
    inside = [id(t) for t in node.findall(nodes.Text)]
    parts = []
    for text in para.findall(nodes.Text):
        parts.append(text.astext())
        if inside and id(text) == inside[-1]:
            parts.append(MARK)  # after the word, so that a sentence it opens still starts with a capital
    return "".join(parts)


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
    # the sentence that holds the defining role itself, not an earlier one that uses the word ("The ranking
    # matters most in trick games. A trick is ...": the glossary quotes the second)
    marked = SENTENCE_END.split(" ".join(_marked_text(para, node).split()))
    own = [i for i, sentence in enumerate(marked) if MARK in sentence]
    if own and len(marked) == len(sentences):
        whole = own
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
        sentence = definition_sentence(node)
        leans = LEANS.search(sentence)
        if leans or sentence.rstrip().endswith(":"):  # the glossary quotes it alone: it must read alone
            logger.warning(f"{{define}}: the sentence that defines {head!r} leans on its neighbours "
                           f"({(leans.group(0) if leans else 'it ends in a colon')!r}), and the glossary quotes it "
                           f"alone: write a sentence that says what {head!r} is by itself", location=node)
        found.append({"head": head, "anchor": node["ids"][0], "sentence": sentence, "line": node.line})
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


WORD_LINE = re.compile(r"^(?P<head>[^:\[\]]+?)\s*(?:\[(?P<docs>[^\]]*)\])?\s*(?::\s*(?P<text>\S.*))?$")


class GlossaryDirective(SphinxDirective):
    """``{glossary-index}``: every defined term of the book, alphabetically, with its plain definition (the
    body, ``Word: definition.`` or ``Word [chapter ...]: definition.`` a line) and the places that explain it."""

    has_content = True

    def run(self):
        docs = getattr(self.env, "ganjifa_glossary_docs", None)
        if docs is None:
            docs = self.env.ganjifa_glossary_docs = {}
        docs[self.env.docname] = True
        words = {}
        for k, line in enumerate(self.content):
            if not line.strip():
                continue
            found = WORD_LINE.match(line.strip())
            if not found:
                raise self.error(f"{{glossary-index}}: line {k + 1} of the body, {line.strip()!r}: write "
                                 f"`Word` (a chapter defines it) or `Word [chapter ...]: one plain definition.`")
            key = found["head"].lower()
            if key in words:
                raise self.error(f"{{glossary-index}}: {found['head']!r} is defined twice in the body")
            words[key] = {"head": found["head"], "text": (found["text"] or "").strip(),
                          "docs": [posixpath.join(posixpath.dirname(self.env.docname), d) for d in (found["docs"] or "").split()],
                          "line": self.content_offset + k + 1,
                          "docname": self.env.docname}
        node = glossary_list(words=words)
        self.set_source_info(node)
        return [node]


def resolve(app, doctree, docname) -> None:
    builder = app.builder
    env = app.env
    order = {d: i for i, d in enumerate(_reading_order(env))}
    for placeholder in list(doctree.findall(glossary_list)):
        words = placeholder.get("words", {})
        entries: dict[str, list[tuple[str, dict]]] = {}
        for doc, found in terms_of(env).items():
            for term in found:
                entries.setdefault(term["head"].lower(), []).append((doc, term))
        if not entries:
            logger.warning("{glossary}: no chapter marks a term with {define}", location=placeholder)
        for key in sorted(entries):
            if key not in words:
                doc, term = entries[key][0]
                logger.warning(f"{{glossary-index}}: {term['head']!r} is defined in {doc} but the glossary leaves "
                               f"it out: add a line `{term['head']}`", location=placeholder)
        for key, word in words.items():
            if key in entries and word["text"]:
                doc = entries[key][0][0]
                logger.warning(f"{{glossary-index}}: {word['head']!r} is defined in {doc}, and the glossary "
                               f"shows that sentence: leave out this second wording, `{word['head']}` alone",
                               location=(word["docname"], word["line"]))
        for key, word in words.items():
            if key in entries:
                continue
            unknown = [d for d in word["docs"] if d not in env.found_docs]
            # a booklet holds only its deck's chapters (book/booklets.py tags its build booklet_KEY): a word the
            # booklet's chapters neither define nor use belongs to the book's other chapters, not to it
            if not word["docs"] and any(str(tag).startswith("booklet_") for tag in app.tags):
                continue
            outside = [d for d in unknown if (Path(app.confdir) / f"{d}.md").is_file()]
            if word["docs"] and unknown and outside == unknown:
                here = [d for d in word["docs"] if d in env.found_docs]
                if not here:
                    continue
                word = {**word, "docs": here}
                unknown = []
            if not word["text"]:
                logger.warning(f"{{glossary-index}}: {word['head']!r}: no chapter defines it with {{define}}; "
                               f"define it in its chapter, or here: `Word [chapter ...]: one plain definition.`",
                               location=(word["docname"], word["line"]))
                continue
            if not word["docs"] or unknown:
                logger.warning(f"{{glossary-index}}: {word['head']!r}: no chapter defines it with {{define}}"
                               + (f" and {', '.join(unknown)} is no chapter" if unknown else "")
                               + "; name the chapters that use it, `Word [chapter ...]: ...`",
                               location=(word["docname"], word["line"]))
                continue
            entries[key] = [(d, {"head": word["head"], "anchor": ""}) for d in word["docs"]]
        listing = nodes.definition_list(classes=["ganjifa-glossary"])
        for key in sorted(entries):
            places = sorted(entries[key], key=lambda e: order.get(e[0], 1_000))
            item = nodes.definition_list_item()
            head = words.get(key, {}).get("head") or places[0][1]["head"]
            # its own id: the index points here for a word no chapter marks with {define} (term_index.py)
            item += nodes.term(head, head[:1].upper() + head[1:], ids=[glossary_anchor(head)])
            definition = nodes.definition()
            if key in words and words[key]["text"]:  # a word no chapter defines: the glossary's own definition
                definition += nodes.paragraph("", words[key]["text"], classes=["ganjifa-glossary-definition"])
            several = len({doc for doc, _ in places}) > 1
            from .variant import game_of  # a game's own word says whose it is: "Shakti: A round is ..."
            # each place its own paragraph (a booklet that leaves a section out drops the places into it,
            # and the word with the last of them: book/pdf.py leave_out): the chapter's sentence, then where
            for doc, term in places:
                para = nodes.paragraph(classes=["ganjifa-glossary-entry"])
                title = env.titles[doc].astext() if doc in env.titles else doc
                uri = "" if doc == docname else builder.get_relative_uri(docname, doc)
                anchor = f"#{term['anchor']}" if term["anchor"] else ""
                sentence = CITED.sub(lambda m: _number(env, m[1]), term.get("sentence", ""))
                if sentence:
                    if several or game_of(doc):
                        para += nodes.emphasis("", f"{title}: ")
                    para += nodes.Text(f"{sentence} " if sentence.endswith((".", "!", "?")) else f"{sentence}. ")
                para += nodes.Text("See ")
                para += nodes.reference("", title, refuri=f"{uri}{anchor}" or "#", internal=True,
                                        classes=["ganjifa-page-ref"])
                para += nodes.Text(".")
                definition += para
            item += definition
            listing += item
        placeholder.replace_self(listing)


CITED = re.compile(r"\[([a-z][a-z0-9]*\.[a-z0-9][a-z0-9.-]*)\]")  # a {rule} citation as read, before it is numbered


def _number(env, cid: str) -> str:
    """A clause cited in a quoted sentence, as the chapter prints it: "§5"."""
    from .clause import clauses_of

    stated = clauses_of(env).get(cid)
    return f"§{stated.number}" if stated else ""


def glossary_anchor(head: str) -> str:
    """The id of a word's entry in the glossary: ``glossary-put-in``."""
    return f"glossary-{slug(head)}"


def glossary_words(env) -> dict[str, tuple[str, dict]]:
    """Every word of the glossary's body (``{glossary-index}``), lower case -> (the glossary's docname, the word:
    its head, text, the chapters named beside it)."""
    out = {}
    for doc in sorted(getattr(env, "ganjifa_glossary_docs", {})):
        if doc not in env.all_docs:
            continue
        for node in env.get_doctree(doc).findall(glossary_list):
            for key, word in node.get("words", {}).items():
                out.setdefault(key, (doc, word))
    return out


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
