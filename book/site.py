"""The web site's own parts (not the PDF): the picture viewer, the link to the PDF booklet and, on a game's
pages, the link to its deck's booklet (``make booklets`` copies the booklets into the site's root).

Loaded by ``conf.py`` for the site only. Every page links to the booklet at
:data:`PDF_NAME` in the site's root; ``make pdf`` (and so ``make book``) copies the
booklet there after writing it. A site built by ``make html`` alone says so once.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from docutils.nodes import Element

from .playpages import play_page, runtime_ready, write_pages

PDF_NAME = "ganjifa-rules.pdf"  # in the site's root; the Makefile's pdf target copies it here


def _page_context(app, pagename, templatename, context, doctree) -> None:
    context["ganjifa_pdf"] = PDF_NAME
    from .booklets import booklet_of

    # a game's chapter and its designers' notes link to the booklet of its deck (conf.py's ganjifa_booklets)
    found = booklet_of(pagename, app.config.ganjifa_booklets)
    context["ganjifa_booklet"] = {"title": found[0], "pdf": f"{found[1]}.pdf"} if found else None
    # a game's chapter links to its play page (book/playpages.py), when the site has play pages
    context["ganjifa_play"] = play_page(app, pagename)
    # the front page invites play: every game's play page, in the book's order (issue 44)
    context["ganjifa_play_all"] = []
    if pagename == getattr(app.config, "root_doc", "index") and getattr(app, "env", None) is not None:
        from engine.registry import game_class

        for doc in app.env.toctree_includes.get(app.config.root_doc, []):
            page = play_page(app, doc)
            if page:
                context["ganjifa_play_all"].append({"title": game_class(doc.split("/", 1)[1]).title, "page": page})


def _try_links(app, doctree, docname) -> None:
    """The {question} directive's "Try this position" links, only where the site has play pages."""
    if getattr(app, "ganjifa_play", None) is None:
        for node in list(doctree.findall(lambda n: isinstance(n, Element) and "ganjifa-try" in n["classes"])):
            node.parent.remove(node)


def _note_missing_pdf(app, exception) -> None:
    if exception is not None or app.builder.name != "html":
        return
    if not (Path(app.outdir) / PDF_NAME).is_file() and not os.environ.get("GANJIFA_PDF_NEXT"):  # (make book: it comes next)
        # a note, not a warning: the site is whole, and `make pdf` fills the link in
        print(f"book.site: the pages link to {PDF_NAME}; `make pdf` (or `make book`) builds it "
              f"and copies it into {app.outdir}", file=sys.stderr)


def setup(app):
    app.add_js_file("lightbox.js", loading_method="defer")
    app.connect("html-page-context", _page_context)
    app.connect("build-finished", _note_missing_pdf)
    # the play pages (book/playpages.py): the runtime fetched as the build starts, the pages written at its end
    app.connect("builder-inited", runtime_ready)
    app.connect("doctree-resolved", _try_links)
    app.connect("build-finished", write_pages)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
