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

import contextlib
import errno
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
    refuse_special(path)
    with _ctrl_c_after():
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


@contextlib.contextmanager
def _ctrl_c_after():
    """Ctrl-C while a file is written is held until the file is whole (or the write has failed) and then
    raised: an interrupt between making the temporary file and the ``try`` that removes it would leave the
    ``.part`` file behind. Only where Python's own Ctrl-C handler is in place, in the main thread."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread() \
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return
    heard = []
    signal.signal(signal.SIGINT, lambda signum, frame: heard.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        if heard:
            raise KeyboardInterrupt


def special_kind(path: str | Path) -> str | None:
    """``a folder`` or ``a device or other special file`` if ``path`` is one; None for a regular file or none."""
    import stat

    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    return None if stat.S_ISREG(mode) else "a device or other special file"


def refuse_special(path: str | Path) -> None:
    """OSError if ``path`` is a folder or a device (``/dev/full``, a pipe): renaming a new file over it would
    replace the device or lose the folder, so nothing is written there."""
    kind = special_kind(path)
    if kind is not None:
        raise OSError(errno.EISDIR if kind == "a folder" else errno.EINVAL, f"is {kind}, not a regular file",
                      str(path))


def first_bad_utf8(data: bytes) -> tuple[int, int, int, int] | None:
    """Where ``data`` first fails to be UTF-8: ``(line, column, offset, byte)``, line and column counted from 1
    (the column in characters), the offset in bytes from 0; None when it is all UTF-8.

    >>> first_bad_utf8("a\\nkāb".encode() + b"\\xe9c\\n")
    (2, 4, 6, 233)
    >>> first_bad_utf8(b"fine\\n") is None
    True
    """
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as err:
        start = data.rfind(b"\n", 0, err.start) + 1
        line = data.count(b"\n", 0, err.start) + 1
        column = len(data[start:err.start].decode("utf-8")) + 1
        return line, column, err.start, data[err.start]
    return None


def utf8_problem(path: str | Path, shown: str | Path | None = None) -> str | None:
    """``path:line:column: ...`` naming the first byte of file ``path`` that is not UTF-8 (the file called
    ``shown``, if given), or None."""
    where = first_bad_utf8(Path(path).read_bytes())
    if where is None:
        return None
    line, column, offset, byte = where
    return (f"{shown or path}:{line}:{column}: not UTF-8 text: byte 0x{byte:02x} at line {line}, column {column} (byte "
            f"{offset} of the file); save the file as UTF-8")


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
