"""Sphinx configuration for the Ganjifa rulebook (HTML site; the PDF is made from it)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

project = "Ganjifa: rules of play"
author = "The Ganjifa rulebook project"
copyright = "2026, the Ganjifa rulebook project"
language = "en"

extensions = ["myst_parser", "sphinx_design", "book"]
myst_enable_extensions = ["colon_fence", "deflist", "fieldlist"]
myst_heading_anchors = 3

root_doc = "index"
source_suffix = {".md": "markdown"}
# only the front page and the chapters are pages: not tests, build output, README, .venv
include_patterns = ["index.md", "rules/**"]
exclude_patterns = ["_build", ".venv", "**/deals/**"]

html_title = "Ganjifa: rules of play"

# The book's site (https://...): the publisher sets it once; the printed book gives it, short, where it sends a
# reader to the site (every move of a worked game), with a QR code in How to use this book. Left empty, those
# sentences are left out of print rather than point nowhere (book/directives/site_address.py)
ganjifa_site = ""

# The print shop's booklets, one to go in the box with each deck (`make booklets`, book/booklets.py): the
# games each holds, in this order (a game joins its booklet as soon as rules/<game>.md exists). Each booklet
# also holds How to use this book and The decks before its games, and its games' notes for designers, a
# glossary and an index of terms of its own after them. `leave_out`: the sections of The decks (by id) on
# the other decks, which the booklet leaves out (`keep`: a section inside those that stays). The leading Raja
# is a section of its own, in the contents, as both suited decks' games begin with one; the Naqsh pack has
# none. The complete book (`make book`) holds every chapter.
ganjifa_booklets = {
    "mughal": {"title": "Mughal Ganjifa", "deck": "mughal", "file": "ganjifa-mughal",
               "subtitle": "The games of the 96-card Mughal deck",
               "games": ["kendra-kari", "udvasa", "ekrang", "komi", "nakash", "hamrang", "shakti", "sama"],
               "leave_out": ["the-dashavatara-deck", "the-naqsh-pack"]},
    "dashavatara": {"title": "Dashavatara Ganjifa", "deck": "dashavatara", "file": "ganjifa-dashavatara",
                    "subtitle": "The games of the ten-suited, 120-card Dashavatara\u00a0deck",
                    "games": ["guru-ganjifa", "traditional-ganjifa"],
                    "leave_out": ["the-mughal-deck", "the-naqsh-pack"]},
    "naqsh": {"title": "Naqsh", "deck": "naqsh", "file": "ganjifa-naqsh", "games": ["naqsh"],
              "subtitle": "The Delhi banking game and its 48-card pack",
              "leave_out": ["what-every-suit-holds", "strong-suits-and-weak-suits", "card-notation",
                            "the-mughal-deck", "the-dashavatara-deck", "the-leading-raja"]},
}

# Who each game's rules are retold from, for the imprint of the booklets that hold it (book/pdf.py names the
# sources of a booklet's games only); each chapter's "Sources and credits" says more
ganjifa_sources = {
    "games": [
        ("Adrian Morgan's draft for the Guru Ganjifa deck", ["guru-ganjifa"]),
        ("Adrian Morgan's published rules, 2011, revised 2015", ["kendra-kari"]),
        ("a retelling of the classic game after von Leyden (1982) and Dummett", ["traditional-ganjifa"]),
        ("a deck maker's booklet of seven games for the Mughal deck",
         ["udvasa", "ekrang", "komi", "nakash", "hamrang", "shakti", "sama"]),
        ("Kaushal Gupta's account of Naqsh, 1979", ["naqsh"]),
    ],
    "decks": "deck facts after von Leyden and Dummett",
}

# The PDF booklet is made from a singlehtml build with its own fixed theme: the pdf build
# passes `-t print` (and names its theme with -D html_theme=...). Everything below the
# `else` is the web site only, so no site setting can change the booklet.
if tags.has("print"):  # noqa: F821 (Sphinx puts `tags` into conf.py's namespace)
    html_theme = "alabaster"
    html_theme_options = {
        "description": "The round playing cards of India",
        "fixed_sidebar": False,
        # Devanagari falls back to the Noto font shipped in _static/fonts (book/webfonts.py)
        "font_family": 'Georgia, serif, "Noto Sans Devanagari"',
        "head_font_family": 'Georgia, serif, "Noto Sans Devanagari"',
    }
else:
    # Furo: a maintained, light theme (no Bootstrap, little JavaScript) whose phone layout
    # puts the navigation in a header at the top; it reads well as a book of chapters.
    extensions.append("book.site")
    html_theme = "furo"
    templates_path = ["book/templates/site"]  # site only: print templates live elsewhere
    # Devanagari (केंद्र कड़ी) from the Noto font in _static/fonts (book/webfonts.py); its
    # @font-face in book.css is limited to the Devanagari range, so listing it first only
    # changes those letters
    _SANS = ('"Noto Sans Devanagari", -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, '
             'sans-serif, "Apple Color Emoji", "Segoe UI Emoji"')
    html_theme_options = {
        "light_css_variables": {
            "font-stack": _SANS,
            "font-stack--headings": _SANS,
            "color-brand-primary": "#7a4a1e",
            "color-brand-content": "#8a4f12",
        },
        "dark_css_variables": {
            "color-brand-primary": "#e0a96d",
            "color-brand-content": "#e8b57a",
        },
        "top_of_page_buttons": [],
    }
    html_sidebars = {"**": [
        "sidebar/brand.html",
        "sidebar/pdf-download.html",
        "sidebar/search.html",
        "sidebar/scroll-start.html",
        "sidebar/navigation.html",
        "sidebar/scroll-end.html",
    ]}
suppress_warnings = []


def setup(app):
    """The front matter's page for choosing a game (rules/choosing.md) reads its table from the games."""
    from book.directives.game_facts import GameChooserDirective

    app.add_directive("game-chooser", GameChooserDirective)
