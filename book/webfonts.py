"""Ship the Noto fonts with the HTML site so Devanagari (केंद्र कड़ी) shows in every browser.

The font files come from the fontpkg packages on PyPI; they are copied into
``_static/fonts`` and named in ``book.css`` by @font-face rules.
"""

from __future__ import annotations

import shutil
from pathlib import Path

# family -> file name in _static/fonts (book.css refers to these names)
WEB_FONTS = {"Noto Sans Devanagari": "NotoSansDevanagari.ttf"}


def copy_fonts(app, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    import fontpkg

    target = Path(app.outdir) / "_static" / "fonts"
    target.mkdir(parents=True, exist_ok=True)
    for family, name in WEB_FONTS.items():
        shutil.copyfile(fontpkg.path(family), target / name)
