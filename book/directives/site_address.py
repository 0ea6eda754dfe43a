"""The book's site, as a printed page gives it: one address, set once by the publisher (``conf.py``'s
``ganjifa_site``), printed short, with a QR code where a reader is sent there.

A printed sentence that sends the reader to the site ("All the moves are at ganjifa.example.org") is
made by :func:`site_words`, never typed; with no address set, the sentence goes, so no page points
nowhere. ``{site-address}`` prints the address and its QR code once (How to use this book); on the site
itself it prints nothing.
"""

from __future__ import annotations

import io

from docutils import nodes
from sphinx import addnodes

from ..nodes import ganjifa_figure
from . import GanjifaDirective


def short_address(address: str) -> str:
    """``https://ganjifa.example.org/`` -> ``ganjifa.example.org``: what a reader types."""
    text = address.strip()
    for scheme in ("https://", "http://"):
        if text.startswith(scheme):
            text = text[len(scheme):]
    return text.rstrip("/")


def site_words(config, sentence: str) -> str:
    """``sentence`` with ``{site}`` filled by the short address, or "" when the publisher has set none."""
    address = short_address(config.ganjifa_site or "")
    return sentence.format(site=address) if address else ""


def qr_svg(address: str) -> str:
    """The address as a QR code, an SVG drawn with segno (no size set: the page's CSS sizes it)."""
    import segno

    out = io.BytesIO()
    segno.make(address, error="m").save(out, kind="svg", xmldecl=False, svgns=True, omitsize=True, border=2,
                                        dark="#000")
    return out.getvalue().decode()


class SiteAddressDirective(GanjifaDirective):
    """``{site-address}``: in print, the book's site's address and its QR code; nothing on the site, nor in
    print when no address is set."""

    has_content = False
    option_spec = {}

    def run(self):
        address = (self.config.ganjifa_site or "").strip()
        if not address:
            return []
        only = addnodes.only(expr="print")
        words = (f"Every move of every worked game, and a page to play each game against the computer, are on "
                 f"the book's site: {short_address(address)}")
        only += nodes.paragraph(words, words, classes=["ganjifa-site-address"])
        only += ganjifa_figure(svg=qr_svg(address), alt=f"QR code of {short_address(address)}", caption="",
                               classes=["ganjifa-qr"])
        return [only]


def setup(app) -> None:
    # the site's address (https://...), printed where a booklet sends its reader to the site; "" leaves such
    # sentences out of print
    app.add_config_value("ganjifa_site", "", "env", types=[str])
    app.add_directive("site-address", SiteAddressDirective)
