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

html_theme = "alabaster"
html_title = "Ganjifa: rules of play"
html_theme_options = {
    "description": "The round playing cards of India",
    "fixed_sidebar": False,
    # Devanagari falls back to the Noto font shipped in _static/fonts (book/webfonts.py)
    "font_family": 'Georgia, serif, "Noto Sans Devanagari"',
    "head_font_family": 'Georgia, serif, "Noto Sans Devanagari"',
}
suppress_warnings = []
