"""What the whole test run shares: the real book, built once (tests/book_build.py).

Tests marked ``book`` read the real site or booklet through the ``real_book`` fixture. As soon as
a run has collected one of them, its build starts in the background (once per run, whatever the
number of pytest-xdist workers), and those tests run last, so the other tests keep both cores busy
while the book is built.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from pathlib import Path

import pytest

from . import book_build

RUN = "GANJIFA_TEST_RUN"  # one id per test run, shared by its xdist workers (they inherit the environment)


def _folder() -> Path:
    return Path(tempfile.gettempdir()) / f"ganjifa-book-{os.environ[RUN]}"


def pytest_configure(config):
    if not hasattr(config, "workerinput"):  # the run's controller (or a run without workers)
        # GANJIFA_TEST_RUN=name GANJIFA_KEEP_TEST_BOOK=1 keeps the run's book, and a later run with the same
        # name reads it again instead of building it (for working on the tests that read the book)
        os.environ.setdefault(RUN, uuid.uuid4().hex[:12])


@pytest.hookimpl(trylast=True)  # after -m and -k have deselected: `make check` (-m "not slow") builds no book
def pytest_collection_modifyitems(session, config, items):
    book = [item for item in items if item.get_closest_marker("book")]
    if not book:
        return
    later = set(book)
    # the tests of the site first: it is built before the booklet, so they run while the booklet is made
    book.sort(key=lambda item: "real_site" not in getattr(item, "fixturenames", ()))
    items[:] = [item for item in items if item not in later] + book
    book_build.start(_folder())


def pytest_unconfigure(config):
    if not hasattr(config, "workerinput") and RUN in os.environ:
        folder = _folder()
        book_build.stop(folder)
        if not os.environ.get("GANJIFA_KEEP_TEST_BOOK"):
            shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def real_site() -> book_build.Site:
    """The real book's web site of this test run, as soon as it is built (its booklet may still be made)."""
    folder = _folder()
    book_build.start(folder)
    return book_build.wait_site(folder)


@pytest.fixture(scope="session")
def real_book() -> book_build.Book:
    """The real book of this test run (its build started at collection; this waits for it)."""
    folder = _folder()
    book_build.start(folder)  # a test that asks for it without the marker still gets it
    return book_build.wait(folder)
