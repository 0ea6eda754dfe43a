"""Turn engine errors into directive errors: Sphinx reports them with the .md file and line."""

from __future__ import annotations

from pathlib import Path

from engine.errors import GanjifaError


def describe(err: Exception) -> str:
    """One readable message for an engine error, with its clause when it has one."""
    if isinstance(err, GanjifaError):
        return err.described()
    return str(err)


def engine_error(directive, err: Exception, what: str = ""):
    """A DirectiveError (raise it) saying what failed; Sphinx adds the file and the directive's line."""
    prefix = f"{{{directive.name}}} {what}: " if what else f"{{{directive.name}}}: "
    return directive.error(prefix + describe(err))


def refuse_bad_encoding(app, env, docnames: list) -> None:
    """Before Sphinx reads the pages: a page whose bytes are not UTF-8 is an error at its file, line and column
    (Sphinx would stop at it with a UnicodeDecodeError and no line); it is left unread, so with ``-W`` the build
    fails on this one line."""
    from sphinx.util import logging

    from engine.files import first_bad_utf8

    for docname in list(docnames):
        try:
            where = first_bad_utf8(Path(env.doc2path(docname)).read_bytes())
        except OSError:
            continue
        if where is not None:
            line, column, offset, byte = where
            logging.getLogger(__name__).error(
                f"not UTF-8 text: byte 0x{byte:02x} at line {line}, column {column} (byte {offset} of the file); "
                "save the file as UTF-8", location=(docname, line))
            docnames.remove(docname)  # neither read nor written (the root page too: Sphinx then stops on it)
            env.found_docs.discard(docname)


def setup(app):
    """``book.errors`` as an extension of its own (the book's ``setup`` may call ``app.setup_extension``)."""
    app.connect("env-before-read-docs", refuse_bad_encoding)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
