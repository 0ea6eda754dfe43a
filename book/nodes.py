"""Neutral doctree nodes: HTML gets inline SVG and markup; every other format gets a plain fallback.

Each node knows its ``fallback()`` (standard docutils nodes, e.g. the picture's alt
text); :func:`fallbacks` swaps them in for builders whose format is not HTML.
"""

from __future__ import annotations

import html

from docutils import nodes


def ancestors(node):
    """``node`` and every node above it, nearest first."""
    while node is not None:
        yield node
        node = node.parent


class ganjifa_figure(nodes.General, nodes.Element):
    """A picture: ``svg`` (markup), ``alt`` (plain text), optional ``caption``."""

    def fallback(self) -> nodes.Node:
        text = f"[Picture: {self['alt']}]"
        if self.get("caption"):
            text = f"{self['caption']} {text}"
        return nodes.paragraph(text, text, classes=["ganjifa-figure-alt"])


class clause_block(nodes.General, nodes.Element):
    """A numbered rule clause: ``clause_id``, ``number``, ``title``; its children are the rule text."""

    def fallback(self) -> nodes.Node:
        box = nodes.container(classes=["ganjifa-clause"])
        head = nodes.paragraph()
        head += nodes.strong(text=f"§{self['number']} {self['title']}")
        box += head
        box += self.children
        return box


class clause_ref(nodes.Inline, nodes.TextElement):
    """A citation ``[kk.match]`` in narration; resolved to a link to the clause when it exists."""

    def fallback(self) -> nodes.Node:
        return nodes.Text(self.astext())


class swatch(nodes.Inline, nodes.Element):
    """A small colour sample: ``colour`` (CSS colour), ``label``."""

    def fallback(self) -> nodes.Node:
        return nodes.Text(self["colour"])


# --- HTML visitors ------------------------------------------------------------------


def visit_figure_html(self, node: ganjifa_figure) -> None:
    classes = " ".join(["ganjifa-figure", *node.get("classes", [])])
    parts = [f'<figure class="{classes}">', node["svg"]]
    if node.get("caption"):
        parts.append(f'<figcaption>{html.escape(node["caption"])}</figcaption>')
    parts.append("</figure>\n")
    self.body.append("".join(parts))
    raise nodes.SkipNode


def visit_clause_html(self, node: clause_block) -> None:
    cid = html.escape(node["clause_id"], quote=True)
    self.body.append(
        f'<div class="ganjifa-clause" id="{cid}">'
        f'<p class="ganjifa-clause-title"><span class="ganjifa-clause-number">§{node["number"]}</span> '
        f'{html.escape(node["title"])} <a class="headerlink" href="#{cid}" '
        f'title="Link to this rule">¶</a></p>\n')


def depart_clause_html(self, node: clause_block) -> None:
    self.body.append("</div>\n")


def visit_swatch_html(self, node: swatch) -> None:
    colour = html.escape(node["colour"], quote=True)
    label = html.escape(node.get("label", ""), quote=True)
    self.body.append(f'<span class="ganjifa-swatch" style="background-color: {colour}" '
                     f'role="img" aria-label="{label}" title="{colour}"></span>')
    raise nodes.SkipNode


def visit_ref_html(self, node: clause_ref) -> None:  # only reached when unresolved
    self.body.append(f'<span class="ganjifa-clause-cite">{html.escape(node.astext())}</span>')
    raise nodes.SkipNode


def _skip(self, node) -> None:  # never reached: fallbacks() replaced these nodes
    raise nodes.SkipNode


HTML = {
    ganjifa_figure: (visit_figure_html, None),
    clause_block: (visit_clause_html, depart_clause_html),
    clause_ref: (visit_ref_html, None),
    swatch: (visit_swatch_html, None),
}


def fallbacks(app, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``, after the clause links: for a builder whose format is not HTML, every neutral node
    is replaced by its fallback."""
    if app.builder.format == "html":
        return
    for cls in HTML:
        for node in list(doctree.findall(cls)):
            node.replace_self(node.fallback())


def setup_nodes(app) -> None:
    for cls, (visit, depart) in HTML.items():
        other = (_skip, None)
        app.add_node(cls, html=(visit, depart), latex=other, text=other, man=other, texinfo=other)
    app.connect("doctree-resolved", fallbacks, priority=110)
