"""What every PDF the book makes shares: the booklet's words (title, subtitle, author), its fonts and print
stylesheet, the fixed timestamp that makes two builds byte-identical, the rendering context, and conf.py's
values read as literals. The bottom of the PDF pipeline: it imports nothing of ``book/``.
"""

from __future__ import annotations

import ast
import gc
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATIC = Path(__file__).parent / "static"
PRINT_CSS = STATIC / "print.css"

TITLE = "Ganjifa: rules of play"
SUBTITLE = "The round playing cards of India"
AUTHOR = "The Ganjifa rulebook project"

# (CSS family name, fontpkg family name); the CSS names are the ones print.css uses
FONTS = (("Noto Serif", "Noto Serif"), ("Noto Sans", "Noto Sans"),
         ("Noto Sans Devanagari", "Noto Sans Devanagari"))

WEIGHTS = (400, 600, 700)  # the weights print.css uses


# -- fonts ---------------------------------------------------------------------------------

def font_files() -> list[tuple[str, str, int, Path]]:
    """The fontpkg font file for each family, style and weight the stylesheet uses:
    (CSS family name, style, weight, path)."""
    import fontpkg

    out = []
    for css_name, pkg_name in FONTS:
        fam = fontpkg.family(pkg_name)
        for style in fam.styles:
            for weight in WEIGHTS:
                out.append((css_name, style, weight, fontpkg.select_file(fam, weight, style, nearest=True).path))
    return out


def font_faces_css() -> str:
    """``@font-face`` rules for the fontpkg fonts, each file named by a file:// URL.

    The packages ship variable fonts; WeasyPrint takes no weight range in ``@font-face``,
    so each weight the stylesheet uses gets its own rule, and WeasyPrint embeds a static
    instance of the file at that weight.
    """
    rules = [f'@font-face {{ font-family: "{css_name}"; src: url("{path.resolve().as_uri()}"); '
             f"font-style: {style}; font-weight: {weight}; }}" for css_name, style, weight, path in font_files()]
    return "\n".join(rules) + "\n"


# the PDF's fonts carry a timestamp (fontTools reads SOURCE_DATE_EPOCH); a fixed one makes two builds of
# the same book byte-identical. 2026-01-01T00:00:00Z, the edition's year.
EPOCH = "1767225600"


@contextmanager
def _rendering():
    """While the booklet is made: Python's cycle collector off (WeasyPrint builds millions of objects that
    live until the end, and the collector's passes over them cost a fifth of the time), and WeasyPrint's
    working files (the fonts it copies for ``@font-face``) in a temporary folder of ours, removed at the
    end, whether or not the objects that would remove them have been collected by then."""
    enabled = gc.isenabled()
    gc.disable()
    saved = tempfile.tempdir
    folder = tempfile.mkdtemp(prefix="ganjifa-pdf-")
    tempfile.tempdir = folder
    try:
        yield
    finally:
        tempfile.tempdir = saved
        shutil.rmtree(folder, ignore_errors=True)
        if enabled:
            gc.enable()


def conf_value(name: str, conf: Path = ROOT / "conf.py"):
    """The value ``conf.py`` gives ``name``, read as a literal (conf.py is not run)."""
    tree = ast.parse(conf.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise ValueError(f"{conf} declares no {name}")
