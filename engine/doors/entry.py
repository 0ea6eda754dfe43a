"""The ``ganjifa`` console script: :func:`engine.doors.cli.main` with Ctrl-C answered in one line at any moment.

Ctrl-C (SIGINT) while Python is still importing the command's modules ends the command at once with
``ganjifa: interrupted`` and exit status 130: nothing has been written yet. From the moment the command
runs, Ctrl-C is Python's KeyboardInterrupt again, so that a file being written is abandoned whole (its
temporary file removed, :mod:`engine.files`); the command reports it in the same one line (the CLI's own
handler, or this one around it). After the command, while the interpreter closes down, Ctrl-C ends it at
once, quietly if the command already said it was interrupted.

This module imports nothing but ``os`` (already loaded when Python starts) and the interpreter's built-in
``_signal`` before its first handler is in place; then ``signal`` and ``sys``.
"""

from __future__ import annotations

import os

import _signal  # built into the interpreter: nothing to read from disc, so the first handler is in place at once


def _early(signum, frame) -> None:  # Ctrl-C while ``signal`` itself is still being read (its .pyc checked)
    os.write(2, b"ganjifa: interrupted\n")
    os._exit(130)


_before = _signal.signal(_signal.SIGINT, _early)

import signal  # noqa: E402  (after the first handler, on purpose)
import sys  # noqa: E402

# the handler before this module, back: importing it (a test does) changes nothing; main() sets its own
_signal.signal(_signal.SIGINT, _before)

INTERRUPTED = 130  # 128 + SIGINT, as shells report a command stopped by Ctrl-C
LINE = b"ganjifa: interrupted\n"
_said = False  # whether the one line has been printed


def _leave(signum=None, frame=None) -> None:
    """End the process now with the one line (once) and exit status 130: nothing is being written."""
    global _said
    if not _said:
        _said = True
        try:
            os.write(2, LINE)
        except OSError:
            pass
    os._exit(INTERRUPTED)


def main(argv: list[str] | None = None) -> int:
    """Run ``ganjifa argv`` (default: the command line); its exit status."""
    global _said
    previous = signal.signal(signal.SIGINT, _leave)  # the heavy imports: leave at once
    try:
        from .cli import main as run
    except KeyboardInterrupt:  # (a handler of our own was already replaced, e.g. by an embedding program)
        _leave()
    code = 1
    try:
        signal.signal(signal.SIGINT, previous if callable(previous) and previous is not _leave
                      else signal.default_int_handler)
        code = run(argv)
        _said = _said or code == INTERRUPTED  # the CLI prints the line itself where it catches the interrupt
    except KeyboardInterrupt:
        code = INTERRUPTED
        if not _said:
            _said = True
            try:
                print("ganjifa: interrupted", file=sys.stderr)
            except (OSError, KeyboardInterrupt):
                pass
    finally:
        for stream in (sys.stdout, sys.stderr):  # before a Ctrl-C at close-down can stop the output
            try:
                stream.flush()
            except BaseException:  # noqa: BLE001 - a closed pipe, or Ctrl-C: nothing more to say
                pass
        signal.signal(signal.SIGINT, _leave)
    return code


if __name__ == "__main__":
    sys.exit(main())
