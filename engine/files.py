"""Writing output files whole or not at all.

Every file the engine writes (transcripts, golden deals, simulation reports, benchmark results)
goes first to a temporary file in the same folder, which then replaces the target in one step
(``os.replace``). A write that is interrupted (Ctrl-C, a full disk) leaves the old file as it
was and no temporary file behind.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_text(folder / "a.txt", "one\\n")
>>> (folder / "a.txt").read_text(), sorted(p.name for p in folder.iterdir())
('one\\n', ['a.txt'])
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_text(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file in the same folder (:func:`write_bytes`)."""
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file of its own in the same folder (so two processes
    writing the same file at once never mix); the folder must exist.

    The new file gets the old file's permissions, or the usual ones for a new file (``0o666`` less the umask).
    """
    path = Path(path)
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except OSError as err:  # report the file asked for, not the temporary one
        raise type(err)(err.errno, err.strerror, str(path)) from None
    try:
        with open(fd, "wb") as f:
            f.write(data)
        try:
            mode = os.stat(path).st_mode & 0o7777
        except OSError:
            mode = 0o666 & ~_umask()
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
