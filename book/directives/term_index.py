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

Beside the words, the index lists topics a reader looks up (:data:`TOPICS`: ties, scoring, dealing,
variants, rulings), found in the chapters themselves: the rules whose one-line summary speaks of
them and the sections named for them; and each game, with its chapter's sections. A topic
entry reads like a word's, the places in the book's order.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

import re

from .glossary import ROLE, _reading_order, glossary_anchor, glossary_words, slug, terms_of

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
    from .clause import clause_block

    heads = []
    for node in doctree.findall(nodes.section):
        if not (node["ids"] and node.children and isinstance(node[0], nodes.title)):
            continue
        # a section's own id ("the-deal") repeats from chapter to chapter on the one page of the booklet:
        # the index links to an id of the chapter's own
        unique = f"topic-{slug(env.docname)}-{node['ids'][0]}"
        if unique not in node["ids"]:
            node["ids"].append(unique)
        heads.append({"title": node[0].astext(), "anchor": unique, "depth": _depth(node), "line": _line(node)})
    rules = [{"clause": node["clause_id"], "section": _section_title(node), "line": _line(node)}
             for node in doctree.findall(clause_block)]
    outline = outline_of(env)
    if rules:
        outline[env.docname] = {"sections": heads, "clauses": rules}
    else:
        outline.pop(env.docname, None)


def _line(node: nodes.Node) -> int:
    """The source line of a node, or of its first child that has one (a section's title)."""
    for each in node.findall():
        if each.line:
            return each.line
    return 0


def _depth(section: nodes.section) -> int:
    depth, node = 0, section.parent
    while node is not None:
        depth += isinstance(node, nodes.section)
        node = node.parent
    return depth


def outline_of(env) -> dict[str, dict]:
    """docname -> a game chapter's sections (title, anchor, depth) and clauses (id, section), in reading order."""
    if not hasattr(env, "ganjifa_outline"):
        env.ganjifa_outline = {}
    return env.ganjifa_outline


# topic -> (a rule's one-line summary that speaks of it, a section title named for it)
TOPICS = {
    "Ties": (re.compile(r"\bti(e|es|ed)\b|\bshare", re.I), None),
    "Scoring and winning": (re.compile(r"\bscores?\b|\bwins\b|\bwin\b|\bwinner|\bpot\b|\bpays?\b|\bstakes?\b"
                                       r"|\bmoney\b|\bcollects?\b", re.I),
                            re.compile(r"scor|winning|worth|pot", re.I)),
    # dealing the cards, not "a deal" as one hand of play (Traditional Ganjifa's "the end of a deal")
    "Dealing": (re.compile(r"\bdealt\b|\bdeals? (first|next)\b|\bdeal passes\b|\b(card|highest|dealer|youngest) deals\b"
                           r"|\bdeals? (out|the whole|one|two|three|four|five|six|seven|eight|nine|ten|each|every|\d+|"
                           r"the cards|a card|cards)\b", re.I),
                re.compile(r"(?<!\ba )(?<!worked )\bdeal(er)?\b(?!s)(?! be)", re.I)),
    "Variants": (None, re.compile(r"^Variants$")),
    "Rulings": (None, re.compile(r"^Rulings$")),
}


def purge(app, env, docname) -> None:
    mentions_of(env).pop(docname, None)
    outline_of(env).pop(docname, None)
    getattr(env, "ganjifa_term_index_docs", {}).pop(docname, None)


def merge(app, env, docnames, other) -> None:
    store = mentions_of(env)
    for docname, found in mentions_of(other).items():
        if docname in docnames:
            store[docname] = found
    outline = outline_of(env)
    for docname, found in outline_of(other).items():
        if docname in docnames:
            outline[docname] = found
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
    # a word the glossary explains that no chapter marks with {define} (it names the chapters that use it
    # instead: Opener, Phase, Put in): its place is its glossary entry
    for key, (doc, word) in glossary_words(env).items():
        if key not in out:
            out[key] = [(order.get(doc, 1_000), word.get("line") or 0, doc,
                         {"head": word["head"], "anchor": glossary_anchor(word["head"]), "section": ""}, True)]
    for key in out:
        out[key].sort(key=lambda p: (p[0], p[1], not p[4]))
    return out


def topics(env) -> dict[str, list[tuple[str, str, str]]]:
    """topic -> its places ``(docname, anchor, where)`` in the book's order: the rules and sections of
    :data:`TOPICS`, and for each game chapter its sections."""
    from .clause import clauses_of

    stated = clauses_of(env)
    out: dict[str, list] = {}
    for doc in [d for d in _reading_order(env) if d in outline_of(env)]:
        found = outline_of(env)[doc]
        title = env.titles[doc].astext() if doc in env.titles else doc
        for topic, (summary, heading) in TOPICS.items():
            places = []
            if summary:
                for rule in found["clauses"]:
                    said = stated.get(rule["clause"])
                    if said and said.docname == doc and summary.search(said.summary):
                        places.append((rule["line"], doc, rule["clause"], f"{title} §{said.number}", rule["section"]))
            if heading:
                places += [(h["line"], doc, h["anchor"], f"{title}: {h['title']}", h["title"]) for h in found["sections"]
                           if h["depth"] and heading.search(h["title"])]
            # in the chapter's order, every rule: a section can run over two pages (Naqsh's payments), and the
            # printed index gives a page once (book.pdf.index_repeats, from the laid-out book)
            out.setdefault(topic, []).extend(place[1:4] for place in sorted(places))
        short = title.split(" (")[0]  # "Kendra Kari", not "Kendra Kari (केंद्र कड़ी)": the entry's name
        out[short] = [(doc, h["anchor"], h["title"]) for h in found["sections"] if h["depth"] == 1]
    return {topic: places for topic, places in out.items() if places}


def resolve(app, doctree, docname) -> None:
    builder = app.builder
    env = app.env
    for placeholder in list(doctree.findall(term_index_list)):
        entries = places(env)
        if not entries:
            logger.warning("{term-index}: no chapter marks a term with {define}", location=placeholder)
        box = nodes.container(classes=["ganjifa-term-index"])
        subjects = topics(env)
        names = {}
        for topic in subjects:  # a game named like a word (Komi, Naqsh) is listed apart from the word
            names[topic] = f"{topic} (the game)" if topic.lower() in entries else topic
        for key in sorted(list(entries) + [names[t].lower() for t in subjects]):
            topic = next((t for t in subjects if names[t].lower() == key), None)
            if topic:
                para = nodes.paragraph(classes=["ganjifa-index-entry", "ganjifa-index-topic"])
                para += nodes.inline("", names[topic], classes=["ganjifa-index-term"])
                para += nodes.Text(" ")
                for n, (doc, anchor, where) in enumerate(subjects[topic]):
                    if n:
                        para += nodes.Text(", ")
                    uri = "" if doc == docname else builder.get_relative_uri(docname, doc)
                    ref = nodes.reference("", "", refuri=f"{uri}#{anchor}", internal=True, classes=["ganjifa-index-ref"])
                    ref += nodes.inline("", where, classes=["ganjifa-index-where"])
                    para += ref
                box += para
                continue
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
