"""Every chapter's examples, checked without writing a page: `make check`'s stand-in for the book build.

Sphinx reads every chapter with the ``dummy`` builder, so every directive runs: a question's stated
answer is compared with the engine's, a position or deal is read and played, a worked game replays.
A wrong example fails here naming file, line and clause, as it fails the book build. `make test` leaves
this test out (``-m "not check"``): its real book is read and written by the same directives.
"""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.check
def test_every_chapter_is_read_and_its_examples_agree_with_the_engine(tmp_path):
    run = subprocess.run([sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-q", "-b", "dummy",
                          str(ROOT), str(tmp_path / "out")], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
