"""Output files checked before a long run: a path that could not be written at the run's end, or would replace
a file without ``--force``, or two options naming the same file, are refused at once, in one line."""

from __future__ import annotations


def check_output_path(path: str, what: str, force: bool = False, folder_made: bool = False) -> None:
    """OptionError now, before a long run, if ``path`` could not be written at its end, or would replace a
    file without ``--force``; ``folder_made``: a missing folder is made when the file is written (play --write)."""
    import os

    from ..errors import OptionError
    from ..files import special_kind

    if not path or path.endswith(os.sep) or os.path.basename(path) in (".", ".."):
        raise OptionError(f"{what} {path!r}: names no file (give a file name, e.g. {what} out/report.json)")
    folder = os.path.dirname(os.path.abspath(path))
    kind = special_kind(path)
    if kind is not None:
        raise OptionError(f"{what} {path}: is {kind}, not a file; nothing is written there")
    nearest = folder  # the nearest folder that exists (folder_made: the missing ones are made in it)
    while folder_made and not os.path.exists(nearest) and os.path.dirname(nearest) != nearest:
        nearest = os.path.dirname(nearest)
    if not os.path.isdir(nearest):
        if folder_made:
            raise OptionError(f"{what} {path}: {nearest} is not a folder, so the file cannot be written there")
        raise OptionError(f"{what} {path}: the folder {os.path.dirname(path) or '.'} does not exist")
    if os.path.exists(path) and not os.access(path, os.W_OK):
        raise OptionError(f"{what} {path}: cannot be written (permission denied)")
    import tempfile

    try:  # a file tried there (and gone at once): a read-only disk or /proc fails now, not after the work
        with tempfile.TemporaryFile(dir=nearest):
            pass
    except OSError as err:
        raise OptionError(f"{what} {path}: cannot be written in {nearest} ({err.strerror or err})") from None
    there = None if force else describe_existing(path)
    if there is not None:
        raise OptionError(f"{path} already exists ({there}); {what} would replace it: add --force to do so")


def describe_existing(path: str | os.PathLike) -> str | None:
    """What ``path`` holds, in a few words, if anything is there (never reading a device or a folder)."""
    import os

    from ..files import special_kind

    if not os.path.lexists(path):
        return None
    if not os.path.exists(path):
        return "a broken link"
    kind = special_kind(path)
    if kind is not None:
        return kind
    try:
        from ..examples.transcript_text import read

        t = read(path)
        return (f"the transcript of {t.game}" + (f", seed {t.seed}" if t.seed is not None else "")
                + f", {len(t.steps)} moves")
    except Exception:  # noqa: BLE001 - any other file: say only how big it is
        return f"a file of {os.stat(path).st_size:,} bytes"


def check_distinct_outputs(paths) -> None:
    """OptionError if two options name the same output file (the second write would lose the first)."""
    import os

    from ..errors import OptionError

    seen = {}
    for path, what in paths:
        if not path:
            continue
        key = os.path.realpath(path)
        if key in seen:
            raise OptionError(f"{seen[key]} and {what} both name {path}: give each its own file")
        seen[key] = what
