"""Turn engine errors into directive errors: Sphinx reports them with the .md file and line."""

from __future__ import annotations

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
