"""The covers and the title page's words: the front cover's design (title, subtitle, a fan of cards, the
edition), the back cover, the cover's own file for the print shop, the edition line and the imprint with
the sources. Used by the interior (:mod:`book.pdf`) and the cover spread (:mod:`book.spread`).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from html import escape as html_escape
from importlib import metadata
from pathlib import Path

from .pdfsetup import conf_value
from .pdftree import _el, _in_svg_ns, serialise


def cover_picture(deck: str = "mughal") -> ET.Element:
    """A fan of round cards of ``deck`` (an ``engine.decks.DECKS`` key) for the cover: the engine's drawing
    when there is one."""
    try:
        return _engine_cards(deck)
    except (ImportError, TypeError, ValueError, KeyError, ET.ParseError):  # no usable drawing module
        return _plain_cards()


def _cover_cards(deck: str = "mughal"):
    from engine.cards import Card
    from engine.decks import DECKS

    chosen = DECKS[deck]
    ranks = (12, 11, 10, 1, 12)
    suits = list(chosen.suits[::2] + chosen.suits[1:2])
    while len(suits) < len(ranks):  # a pack of four sets: go round them again
        suits += list(chosen.suits)
    return [Card(s, r) for s, r in zip(suits, ranks)]


def _engine_cards(deck: str = "mughal") -> ET.Element:
    from engine.draw import card_svg  # written by the drawing module's author

    cards = _cover_cards(deck)
    row = _el("div", cls="pdf-cover-cards")
    for card in cards:
        svg = card_svg(card)
        if isinstance(svg, str):
            svg = ET.fromstring(svg)
        row.append(_in_svg_ns(svg))
    return row


def _plain_cards() -> ET.Element:
    from engine.decks import MUGHAL

    svg = _el("svg", viewBox="0 0 300 120", width="300", height="120", role="img")
    svg.append(_el("title", "Five round Ganjifa cards"))
    for i, suit in enumerate(MUGHAL.suits[:5]):
        cx = 50 + i * 50
        cy = 62 + abs(i - 2) * 8
        svg.append(_el("circle", cx=str(cx), cy=str(cy), r="44", fill="#f7f1e3",
                       stroke=suit.colour, stroke_width="3"))
        svg.append(_el("circle", cx=str(cx), cy=str(cy), r="36", fill="none",
                       stroke=suit.colour, stroke_width="1"))
        label = _el("text", suit.name[:2], x=str(cx), y=str(cy + 6), fill=suit.colour)
        label.set("text-anchor", "middle")
        label.set("font-size", "18")
        label.set("font-family", "Noto Sans")
        svg.append(label)
    wrap = _el("div", cls="pdf-cover-cards")
    wrap.append(_in_svg_ns(svg))
    return wrap


def edition_line(decks: tuple[str, ...] | None = None) -> str:
    """The decks the book covers (``engine.decks.DECKS`` keys; every deck when None) and the edition,
    e.g. for a deck publisher's print run."""
    from engine.decks import DECKS

    chosen = [DECKS[k] for k in decks] if decks else list(DECKS.values())
    named = [f"{d.name[:-1]}, {len(d.strength_table())} cards)" if d.name.endswith(")")  # French (no jacks, 48 cards)
             else f"{d.name} ({len(d.strength_table())} cards)" for d in chosen]
    word = "decks" if len(named) > 1 else ("pack" if chosen[0].name == "Naqsh" else "deck")
    decks = ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else named[0]
    try:
        version = metadata.version("ganjifa-rules")
    except metadata.PackageNotFoundError:
        version = "0"
    return f"For the {decks} {word} \u00b7 {edition_words(version)}"


def edition_words(version: str) -> str:
    """The printed edition a rules version makes: the major number counts editions, 0 and 1 both the first
    (a reader took "Edition 0.1.0", a software version, for an edition that does not exist)."""
    from .directives.sim_compare import ORDINALS  # the book's ordinal words, "first" to "eighth"

    major = int(version.split(".")[0]) if version.split(".")[0].isdigit() else 0
    n = max(major, 1)
    return f"{ORDINALS[n - 1].capitalize()} edition" if n <= len(ORDINALS) else f"Edition {n}"


def sources(games: tuple[str, ...] | None = None) -> str:
    """Who the rules of ``games`` (every game when None) are retold from, as conf.py's ``ganjifa_sources``
    declares it: each source once, with its games, in the declared order; and the deck facts' sources."""
    table = conf_value("ganjifa_sources")
    parts = []
    for source, its_games in table["games"]:
        chosen = [g for g in its_games if games is None or g in games]
        if chosen:
            from engine.registry import game_class

            parts.append(f"{source} ({', '.join(game_class(g).title for g in chosen)})")
    return "; ".join(["the rules are retold from " + parts[0], *parts[1:], table["decks"]]) if parts else table["decks"]


def imprint(title: str, author: str, edition: str, games: tuple[str, ...] | None = None) -> list[str]:
    """The imprint page's lines: title and edition, date (from the version, never the clock), licence, and the
    sources of ``games`` (every game when None), with typographic apostrophes as the chapters have them.

    >>> [line for line in imprint("T", "A", "E") if "'" in line]
    []
    """
    try:
        version = metadata.version("ganjifa-rules")
        meta = metadata.metadata("ganjifa-rules")
        licence = meta.get("License-Expression") or meta.get("License") or "MIT"
    except metadata.PackageNotFoundError:
        version, licence = "0", "MIT"
    decks = edition.split(" \u00b7 ")[0]
    return [line.replace("'", "\u2019") for line in [f"{title}, {edition_words(version).lower()}, text revision {version}. {decks}.",
            f"\u00a9 2026 {author}. Text, pictures and the software that checks them under the {licence} licence: "
            "copy, print and adapt freely, keeping this notice.",
            f"Sources: {sources(games)}. The wording, the numbering of the rules and the rulings are this "
            f"{'booklet' if games is not None else 'book'}'s own.",
                        f"Every example in this {'booklet' if games is not None else 'book'} was worked out by computer and "
            f"checked against the text when the {'booklet' if games is not None else 'book'} was made."]]


def cover_section(title: str, subtitle: str, edition: str, cls: str = "pdf-cover", deck: str = "mughal") -> ET.Element:
    """The front cover's design: the title, the subtitle, a fan of cards and the edition. In the interior
    it is the title page (A5, no bleed); the cover file prints it again with bleed and crop marks."""
    cover = _el("section", cls=cls)
    cover.append(_el("h1", title, cls="pdf-cover-title"))
    cover.append(_el("p", subtitle, cls="pdf-cover-subtitle"))
    cover.append(cover_picture(deck))
    edition_p = _el("p", None, cls="pdf-cover-edition")
    for i, part in enumerate(edition.split(" \u00b7 ")):
        if i:
            edition_p.append(_el("br"))
            edition_p[-1].tail = part
        else:
            edition_p.text = part
    cover.append(edition_p)
    return cover


def cover_path(out: Path) -> Path:
    """The cover's file beside the interior's: ``ganjifa-rules.pdf`` -> ``ganjifa-rules-cover.pdf``."""
    return out.with_name(f"{out.stem}-cover{out.suffix}")


def cover_html(title: str, subtitle: str, edition: str, css: str, *, deck: str = "mughal",
               games: tuple[str, ...] | None = None) -> str:
    """The cover for the print shop, its own file (the interior is A5 throughout): the front and the back,
    each an A5 page with 3 mm of bleed and crop marks (``@page cover``). ``games``: the games the booklet
    holds (every game when None), named on the back."""
    front = serialise(cover_section(title, subtitle, edition, deck=deck))
    back = back_cover(title, games)
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{html_escape(title)}</title>"
            f"<style>{css}</style></head><body class='pdf-end'><div class='body'>{front}{back}</div></body></html>")


def back_cover(title: str, games: tuple[str, ...] | None = None) -> str:
    """The back cover's HTML: the title, what the booklet is, and the games it holds (every game when None)."""
    from engine.registry import available_games, game_class

    chosen = games or available_games()
    names = ", ".join(game_class(g).title for g in chosen)
    kind = "book" if games is None else "booklet"  # the complete book is no booklet (the thirteenth reading)
    what = ("The rules of the games played with Ganjifa, the round playing cards of India" if len(chosen) > 1
            else f"The rules of {html_escape(names)}, a game of the round playing cards of India")
    return ('<section class="pdf-back-cover"><p class="pdf-back-title">' + html_escape(title) + "</p>"
            f"<p>{what}, written for players. In this {kind}: {html_escape(names)}.</p>"
            "<p>Every rule is numbered, the examples show play at the table, and "
            f"every example was checked by computer when the {kind} was made.</p></section>")
