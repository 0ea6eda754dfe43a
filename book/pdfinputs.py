"""What a booklet is made from, as one digest kept beside the PDF, so an unchanged booklet is not made again.

:func:`digest` hashes everything :func:`book.pdf.make_pdf` reads: every file of the singlehtml build
(the page, its stylesheets, images and fonts), the code and print stylesheet of ``book/``, the engine
(the cover's cards, the edition line and the back cover come from it), the font files, the
title page's words, and the toolchain that lays out and writes the PDF (WeasyPrint and its libraries,
the Python version, and which library subsets the fonts, since that changes the PDF's bytes).
:func:`write` records it, with the PDF's own hash and what the build reported, in ``OUT.pdf.inputs``;
:func:`reusable` gives that record back when the digest matches and the PDF is still the one written.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from importlib import metadata
from pathlib import Path

from engine.files import write_text

# the distributions whose code makes the PDF (their versions are part of the digest)
TOOLCHAIN = ("weasyprint", "pydyf", "fonttools", "tinyhtml5", "cssselect2", "tinycss2", "pillow", "fontpkg",
             "fontpkg-noto-sans", "fontpkg-noto-serif", "fontpkg-noto-sans-devanagari", "ganjifa-rules")
FORMAT = 1  # the record's format; a new format makes every old record stale


def _files(folder: Path):
    """Every file under ``folder`` but Python's byte-code and hidden ones (Sphinx's ``.doctrees`` and
    ``.buildinfo``), in a fixed order."""
    for path in sorted(folder.rglob("*")):
        parts = path.relative_to(folder).parts
        if (path.is_file() and "__pycache__" not in parts and path.suffix != ".pyc"
                and not any(p.startswith(".") for p in parts)):
            yield path


def font_subsetter() -> str:
    """Which library WeasyPrint subsets fonts with: ``harfbuzz`` (HarfBuzz-Subset, when the system has
    it) or ``fonttools`` (its fallback). The two give different bytes for the same booklet."""
    try:
        from weasyprint.text.ffi import harfbuzz_subset
    except ImportError:  # a WeasyPrint without the fallback: HarfBuzz-Subset is required
        return "harfbuzz"
    return "harfbuzz" if harfbuzz_subset is not None else "fonttools"


def toolchain() -> dict[str, str]:
    """The versions of what lays out and writes the PDF."""
    out = {"python": ".".join(map(str, sys.version_info[:2])), "subsetter": font_subsetter()}
    for name in TOOLCHAIN:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "-"
    try:
        from weasyprint.text.ffi import pango
        out["pango"] = str(pango.pango_version())
    except (ImportError, AttributeError):
        out["pango"] = "?"
    return out


def digest(html_dir: Path, fonts: list[Path], settings: dict[str, str]) -> str:
    """One hash of the booklet's inputs (see the module's docstring); ``settings`` are the title page's
    words and any other value the PDF depends on."""
    import engine

    h = hashlib.sha256(f"ganjifa booklet inputs {FORMAT}\n".encode())

    def add(label: str, folder: Path) -> None:
        for path in _files(folder):
            h.update(f"{label}/{path.relative_to(folder).as_posix()}\n".encode())
            h.update(hashlib.sha256(path.read_bytes()).digest())

    add("html", Path(html_dir))
    add("book", Path(__file__).parent)
    add("engine", Path(engine.__file__).parent)
    for font in fonts:  # named by their bytes: where the venv keeps them does not matter
        h.update(hashlib.sha256(Path(font).read_bytes()).digest())
    values = {**toolchain(), **settings, "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", "")}
    h.update(json.dumps(values, sort_keys=True).encode())
    return h.hexdigest()


def record_path(pdf_path: Path) -> Path:
    return pdf_path.with_name(pdf_path.name + ".inputs")


def sha256(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def reusable(pdf_path: Path, inputs: str, *others: Path) -> dict | None:
    """The record written with ``pdf_path`` if it was made from ``inputs`` and is unchanged since, and so are
    the files made with it (``others``: the cover, recorded under its kind, ``cover``); else None."""
    try:
        record = json.loads(record_path(pdf_path).read_text(encoding="utf-8"))
        if record.get("inputs") != inputs:
            return None
        if sha256(pdf_path) != record.get("pdf"):
            return None
        if any(sha256(other) != record.get("cover") for other in others):
            return None
    except (OSError, ValueError, AttributeError):
        return None
    return record


def write(pdf_path: Path, inputs: str, **report) -> None:
    """Record beside ``pdf_path`` the digest it was made from, its own hash and ``report`` (JSON values)."""
    record = {"inputs": inputs, "pdf": sha256(pdf_path), **report}
    path = record_path(pdf_path)
    write_text(path, json.dumps(record, indent=1) + "\n")
