"""``{clause} kk.match``: a numbered rule clause with an anchor; citations in narration link to it."""

from __future__ import annotations

from typing import NamedTuple

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

from engine.registry import available_games, game_class

from ..nodes import clause_block, clause_ref
from . import GanjifaDirective

logger = logging.getLogger(__name__)


def known_clauses() -> dict[str, tuple[str, str]]:
    """Every clause id of every available game -> (game name, title)."""
    out = {}
    for name in available_games():
        for cid, title in game_class(name).CLAUSES.items():
            out[cid] = (name, title)
    return out


SUMMARY_LENGTH = 110  # a quick reference line: one line of the box at print size


class Stated(NamedTuple):
    """A clause as a chapter states it: where, its number, the engine's title, and the chapter's one-line
    summary for the quick reference, and whether it is one of the rules players forget (``:remember:``)."""

    docname: str
    number: int
    title: str
    line: int
    summary: str = ""
    remember: bool = False


def clauses_of(env) -> dict[str, Stated]:
    if not hasattr(env, "ganjifa_clauses"):
        env.ganjifa_clauses = {}  # id -> Stated
    return env.ganjifa_clauses


def one_line(argument: str | None) -> str:
    """The ``:summary:`` converter: one line in players' words, short enough for the quick reference."""
    text = " ".join((argument or "").split())
    if not text:
        raise ValueError("write the rule in one line of players' words")
    if len(text) > SUMMARY_LENGTH:
        raise ValueError(f"{len(text)} characters; a summary is one line of at most {SUMMARY_LENGTH}")
    return text


class ClauseDirective(GanjifaDirective):
    """``{clause} km.bet`` with the rule's text as its body, and two options the quick reference reads:
    ``:summary:`` (required: the rule in one line of players' words) and ``:remember:`` (a flag: one of
    the two or three rules players forget, listed again under "Easy to forget")."""

    required_arguments = 1
    optional_arguments = 0
    has_content = True
    option_spec = {"summary": one_line, "remember": directives.flag}

    def run(self):
        self.note_engine()
        cid = self.arguments[0].strip()
        known = known_clauses()
        if cid not in known:
            prefix = cid.split(".")[0] + "."
            same = [k for k in known if k.startswith(prefix)]
            hint = f"; the ids of that game are {', '.join(same)}" if same else f"; known ids: {', '.join(known)}"
            raise self.fail(f"unknown clause id {cid!r}{hint}")
        if not self.content:
            raise self.fail(f"clause {cid} needs its rule text as the body")
        if "summary" not in self.options:
            raise self.fail(f"clause {cid} needs :summary:, the rule in one line of players' words "
                            f"(at most {SUMMARY_LENGTH} characters) for the quick reference")
        store = clauses_of(self.env)
        old = store.get(cid)
        if old and (old.docname != self.env.docname or old.line != self.lineno):
            raise self.fail(f"clause {cid} is already given in {old.docname} line {old.line}")
        count = self.env.temp_data.get("ganjifa_clause_count", 0) + 1
        self.env.temp_data["ganjifa_clause_count"] = count
        title = known[cid][1]
        store[cid] = Stated(self.env.docname, count, title, self.lineno, self.options["summary"],
                            "remember" in self.options)
        node = clause_block(clause_id=cid, number=count, title=title)
        node["ids"] = []
        self.set_source_info(node)
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


def link_clauses(app, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``, first among its handlers: each ``[kk.match]`` citation becomes a link ``§N`` to its
    clause (HTML), when the clause exists; the builder comes from the event's ``app`` (Sphinx's own API; a
    transform's ``self.app`` is deprecated from Sphinx 9)."""
    store = clauses_of(app.env)
    html = app.builder.format == "html"
    for ref in list(doctree.findall(clause_ref)):
        found = store.get(ref["clause_id"])
        if not found and ref.get("from_role"):
            logger.warning(f"{{rule}}: clause {ref['clause_id']} is cited but no chapter gives it", location=ref)
        parent = ref.parent  # a citation never starts a line alone: the space before it does not break.
        # The no-break space goes inside the citation: one at the end of the text before an inline link
        # makes WeasyPrint break every word before it onto a line of its own ("The / rules / that ...")
        index = parent.index(ref) if parent is not None else 0
        glue = ""
        if index and isinstance(parent[index - 1], nodes.Text) and str(parent[index - 1]).endswith(" "):
            parent[index - 1] = nodes.Text(str(parent[index - 1])[:-1])
            glue = "\u00a0"
        if not found or not html:
            if glue:
                ref.insert(0, nodes.Text(glue))
            continue
        target, number, title = found.docname, found.number, found.title
        uri = "" if target == docname else app.builder.get_relative_uri(docname, target)
        link = nodes.reference("", f"{glue}§{number}", refuri=f"{uri}#{ref['clause_id']}",
                               reftitle=f"{number}. {title} ({ref['clause_id']})",
                               classes=["ganjifa-clause-cite"], internal=True)
        ref.replace_self(link)


class RuleRole(SphinxRole):
    """``{rule}`kk.two-card``` in prose: cites a clause as its number ``§N``, linked, never as its id."""

    def run(self):
        cid = self.text.strip()
        known = known_clauses()
        if cid not in known:
            msg = self.inliner.reporter.error(f"{{rule}}: unknown clause id {cid!r}", line=self.lineno)
            return [self.inliner.problematic(self.rawtext, self.rawtext, msg)], [msg]
        node = clause_ref(f"[{cid}]", f"[{cid}]", clause_id=cid, from_role=True)
        self.set_source_info(node)
        return [node], []


def _line_of(node: nodes.Node) -> tuple[str | None, int | None]:
    """The source file and line of ``node``, or of its nearest ancestor that has them."""
    while node is not None:
        if node.line:
            return node.source, node.line
        node = node.parent
    return None, None


def cited_before_stated(app, doctree: nodes.document) -> None:
    """A chapter never cites its own clause before stating it: a reader meeting "§5" must already have
    read clause 5. Each citation found ahead of its clause is a warning naming file and line (and, with
    -W, fails the build). Citations of another chapter's clauses are cross-references and may go anywhere."""
    own = {node["clause_id"]: node for node in doctree.findall(clause_block)}
    stated: set[str] = set()
    for node in doctree.findall(lambda n: isinstance(n, (clause_block, clause_ref))):
        if isinstance(node, clause_block):
            stated.add(node["clause_id"])
            continue
        cid = node["clause_id"]
        if cid in own and cid not in stated:
            clause = own[cid]
            source, line = _line_of(node)
            logger.warning(f"clause {cid} (§{clause['number']} {clause['title']}) is cited before it is "
                           f"stated at line {_line_of(clause)[1]}: state it first, or cite it after",
                           location=(app.env.docname, line) if line else app.env.docname)


def purge(app, env, docname) -> None:
    store = clauses_of(env)
    for cid in [k for k, v in store.items() if v.docname == docname]:
        del store[cid]


def merge(app, env, docnames, other) -> None:
    """Take the clauses a parallel reader found; a clause id given in two chapters read by different
    readers is the same error as in a serial build (reported at the later chapter's line)."""
    store = clauses_of(env)
    for cid, entry in clauses_of(other).items():
        if entry.docname not in docnames:
            continue
        old = store.get(cid)
        if old and old.docname != entry.docname:
            first, later = sorted((old, entry), key=lambda e: (e.docname, e.line))
            logger.warning(f"{{clause}}: clause {cid} is already given in {first.docname} line {first.line}",
                           location=(later.docname, later.line))
            store[cid] = first
            continue
        store[cid] = entry
