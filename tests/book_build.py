"""The real book, built once per test run and shared by every test that reads it.

``python -m tests.book_build FOLDER`` builds the site and the booklet as ``make book`` does: the
HTML site with ``-E -W`` into ``FOLDER/html``, the singlehtml print build reusing that build's
environment into ``FOLDER/singlehtml``, and the PDF into ``FOLDER/ganjifa-rules.pdf``. It writes
what each step said and took to ``FOLDER/result.json``, then ``FOLDER/done``.

``FOLDER/site.json`` says the site is built (its tests need not wait for the booklet).

Once the site is built (and the simulations its pages run are cached in ``_build/cache``), the print
shop's booklets, one per deck, are made in the background too, as ``make booklets`` makes them
(``python -m book.booklets``, one at a time, into ``_build/pdf``, reading the same cached simulations, and
not made again when their inputs have not changed); ``FOLDER/booklets.json`` says what that did, for
tests/test_booklets.py (:func:`wait_booklets`). ``make booklets`` sets :data:`BOOKLETS_MADE`: its test
run reads the booklets it has just made, and builds no book.

``tests/conftest.py`` starts it in the background as soon as a run has collected a test marked
``book`` (the first worker to get there starts it; the others find it started), runs those tests
last, and hands them :func:`wait` 's :class:`Book`. So the two cores keep playing games while the
book is built, and the site and the PDF are built once, not once per test module or worker.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PDF_NAME = "ganjifa-rules.pdf"
WAIT_SECONDS = 1500
BOOKLETS_MADE = "GANJIFA_BOOKLETS_MADE"  # set by `make booklets`: the booklets are made, build no book


@dataclass(frozen=True)
class Step:
    """One build step: its command's exit status, what it printed, and the seconds it took."""

    returncode: int
    stdout: str
    stderr: str
    seconds: float


@dataclass(frozen=True)
class Book:
    """The real book as built for this test run."""

    folder: Path
    html: Step
    singlehtml: Step
    pdf: Step
    pages: int
    broken_links: tuple[str, ...]

    @property
    def html_dir(self) -> Path:
        return self.folder / "html"

    @property
    def singlehtml_dir(self) -> Path:
        return self.folder / "singlehtml"

    @property
    def pdf_path(self) -> Path:
        return self.folder / PDF_NAME


def _sphinx(*args: str) -> Step:
    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "sphinx", *args], capture_output=True, text=True, cwd=ROOT)
    return Step(run.returncode, run.stdout, run.stderr, round(time.perf_counter() - start, 1))


def copy_of_the_tree(to: Path) -> None:
    """The working tree as a fresh clone of it would have it, uncommitted changes too: the files git
    tracks or would track (no .venv, no _build, so no cached simulations)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        if (ROOT / name).is_file():  # not one deleted in the working tree
            (to / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, to / name)


FRESH = "a-copy-of-the-ganjifa-rulebook"  # the fresh copy's folder, in the run's book folder


def build_fresh_copy(folder: Path) -> dict:
    """Copy the tree into ``folder/FRESH`` and build its booklet's pages from scratch there, as a print shop's
    clone would: the singlehtml pages (-E), which the booklet is made from and which make the same PDF in any
    folder (tests/test_pdf.py checks both). It is given this
    run's simulations (cached under a hash of the engine's files, so only ones made by this very engine are
    used): that a seeded simulation gives the same figures in any process is tested in tests/test_simulate.py.
    Writes what each step did to ``folder/fresh.json``."""
    copy = folder / FRESH
    shutil.rmtree(copy, ignore_errors=True)
    copy.mkdir(parents=True)
    copy_of_the_tree(copy)
    cache = ROOT / "_build" / "cache" / "simulations"
    if cache.is_dir():
        shutil.copytree(cache, copy / "_build" / "cache" / "simulations")
    out = {}
    start = time.perf_counter()
    single = subprocess.run([sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-q", "-b", "singlehtml",
                             "-t", "print", "-d", "_build/doctrees", ".", "_build/singlehtml"],
                            cwd=copy, capture_output=True, text=True)
    out["singlehtml"] = Step(single.returncode, single.stdout, single.stderr, round(time.perf_counter() - start, 1)).__dict__
    tmp = folder / "fresh.json.tmp"
    tmp.write_text(json.dumps(out), encoding="utf-8")
    os.replace(tmp, folder / "fresh.json")
    return out


def build(folder: Path) -> dict:
    """Build the site, the singlehtml and the PDF into ``folder``; return what each step did. Once the site
    is built (and the simulations it runs are cached), a fresh copy of the tree builds its booklet beside
    the rest, in its own process (:func:`build_fresh_copy`), while the book's own PDF is made and its tests run."""
    html = _sphinx("-E", "-W", "--keep-going", "-q", "-b", "html", str(ROOT), str(folder / "html"))
    out = {"html": html.__dict__}
    tmp = folder / "site.json.tmp"
    tmp.write_text(json.dumps(html.__dict__), encoding="utf-8")
    os.replace(tmp, folder / "site.json")  # the site's tests start now, while the booklet is made
    if html.returncode == 0:
        log = open(folder / "fresh.log", "w", encoding="utf-8")
        subprocess.Popen([sys.executable, "-m", "tests.book_build", "--fresh-copy", str(folder)], cwd=ROOT,
                         stdout=log, stderr=subprocess.STDOUT)
        log = open(folder / "booklets.log", "w", encoding="utf-8")
        subprocess.Popen([sys.executable, "-m", "tests.book_build", "--booklets", str(folder)], cwd=ROOT,
                         stdout=log, stderr=subprocess.STDOUT)
        single = _sphinx("-W", "--keep-going", "-q", "-b", "singlehtml", "-t", "print",
                         "-d", str(folder / "html" / ".doctrees"), str(ROOT), str(folder / "singlehtml"))
        out["singlehtml"] = single.__dict__
        if single.returncode == 0:
            start = time.perf_counter()
            try:
                from book.pdf import make_pdf

                booklet = make_pdf(folder / "singlehtml", folder / PDF_NAME)
            except Exception as err:  # noqa: BLE001 - reported to the tests that wait for the book
                out["pdf"] = Step(1, "", f"{type(err).__name__}: {err}", 0.0).__dict__
            else:
                out["pdf"] = Step(0, "", "", round(time.perf_counter() - start, 1)).__dict__
                out["pages"] = booklet.pages
                out["broken_links"] = list(booklet.broken_links)
    return out


def build_booklets(folder: Path) -> dict:
    """Make the booklets as ``make booklets`` does (``python -m book.booklets``, one at a time: the book's own
    build and the tests keep the other core), after the site's build has cached the simulations they read;
    write what it did to ``folder/booklets.json``."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "book.booklets", "--jobs", "1"], cwd=ROOT, capture_output=True,
                          text=True)
    out = Step(done.returncode, done.stdout, done.stderr, round(time.perf_counter() - start, 1)).__dict__
    tmp = folder / "booklets.json.tmp"
    tmp.write_text(json.dumps(out), encoding="utf-8")
    os.replace(tmp, folder / "booklets.json")
    return out


def wait_booklets(folder: Path, seconds: float = WAIT_SECONDS) -> Step:
    """What making the booklets did in this run (:func:`build_booklets`), once it has finished; it is made
    after the book's site, so a site that failed to build made none (a failed step says so)."""
    deadline = time.monotonic() + seconds
    while not (folder / "booklets.json").exists():
        if (folder / "done").exists() and wait(folder, seconds).html.returncode:
            return Step(1, "", "not made: the book's site failed to build", 0.0)
        if time.monotonic() > deadline:
            raise AssertionError(f"the booklets were not made within {seconds:.0f} s")
        time.sleep(0.5)
    return Step(**json.loads((folder / "booklets.json").read_text(encoding="utf-8")))


def start(folder: Path) -> bool:
    """Start the build into ``folder`` in the background unless a process of this run already has (or the
    run is ``make booklets``' own, :data:`BOOKLETS_MADE`); True if this call started it."""
    if os.environ.get(BOOKLETS_MADE):
        return False
    folder.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(folder / "started", os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return False
    log = open(folder / "build.log", "w", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "tests.book_build", str(folder)], cwd=ROOT,
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    os.write(fd, str(proc.pid).encode())
    os.close(fd)
    return True


def wait(folder: Path, seconds: float = WAIT_SECONDS) -> Book:
    """The book built into ``folder``, once its build has finished (AssertionError if it never does)."""
    done = folder / "done"
    deadline = time.monotonic() + seconds
    while not done.exists():
        if time.monotonic() > deadline:
            log = (folder / "build.log").read_text(encoding="utf-8", errors="replace") \
                if (folder / "build.log").exists() else "(no log)"
            raise AssertionError(f"the book was not built within {seconds:.0f} s:\n{log[-3000:]}")
        time.sleep(0.5)
    result = json.loads((folder / "result.json").read_text(encoding="utf-8"))
    missing = Step(1, "", "not run: an earlier step failed", 0.0).__dict__
    return Book(folder, *(Step(**result.get(k, missing)) for k in ("html", "singlehtml", "pdf")),
                result.get("pages", 0), tuple(result.get("broken_links", ())))


def stop(folder: Path) -> None:
    """End a build still running in ``folder`` (a test run that stopped early, or that did not wait for the
    fresh copy's build): its process group, the copy's build included."""
    try:
        pid = int((folder / "started").read_text() or 0)
    except (OSError, ValueError):
        return
    if pid and not ((folder / "done").exists() and (folder / "fresh.json").exists()  # the copy's build, too
                    and (folder / "booklets.json").exists()):  # and the booklets
        try:
            os.killpg(pid, 15)
        except OSError:
            pass


@dataclass(frozen=True)
class Site:
    """The real book's web site as built for this test run, ready before its booklet is."""

    folder: Path
    html: Step

    @property
    def html_dir(self) -> Path:
        return self.folder / "html"


def wait_site(folder: Path, seconds: float = WAIT_SECONDS) -> Site:
    """The site built into ``folder/html``, as soon as its build has finished (the booklet may still be made)."""
    deadline = time.monotonic() + seconds
    while not (folder / "site.json").exists():
        if (folder / "done").exists():  # a build from before the site was announced on its own
            return Site(folder, wait(folder, seconds).html)
        if time.monotonic() > deadline:
            raise AssertionError(f"the site was not built within {seconds:.0f} s")
        time.sleep(0.5)
    return Site(folder, Step(**json.loads((folder / "site.json").read_text(encoding="utf-8"))))


def wait_fresh(folder: Path, seconds: float = WAIT_SECONDS) -> dict:
    """What the fresh copy's build did (:func:`build_fresh_copy`), once it has finished; {} when the book's
    site failed to build, so no copy was started."""
    book = wait(folder, seconds)
    if book.html.returncode:
        return {}
    deadline = time.monotonic() + seconds
    while not (folder / "fresh.json").exists():
        if time.monotonic() > deadline:
            raise AssertionError(f"the fresh copy's booklet was not built within {seconds:.0f} s")
        time.sleep(0.5)
    return json.loads((folder / "fresh.json").read_text(encoding="utf-8"))


def main(argv: list[str]) -> int:
    if argv[:1] == ["--fresh-copy"]:
        build_fresh_copy(Path(argv[1]))
        return 0
    if argv[:1] == ["--booklets"]:
        build_booklets(Path(argv[1]))
        return 0
    folder = Path(argv[0])
    result = build(folder)
    tmp = folder / "result.json.tmp"
    tmp.write_text(json.dumps(result), encoding="utf-8")
    os.replace(tmp, folder / "result.json")
    (folder / "done").touch()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
