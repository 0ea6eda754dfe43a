"""The print shop's booklets: one per deck, each made from its own chapters of the book.

Which games go in which booklet is declared once, in ``conf.py`` (``ganjifa_booklets``); this module
reads that table (without running ``conf.py``) and, for each booklet:

1. writes a small source folder ``_build/booklets/<key>/src``: a root document naming the booklet's
   chapters (How to use this book, The decks, its games, the notes for designers on its games, the
   glossary and the index) and links to those chapters' files, so that Sphinx reads only them, and the
   glossary and the index of terms see only the booklet's games;
2. builds it with Sphinx's ``singlehtml`` builder (``-t print``, with ``conf.py`` from the project);
3. makes the interior and the cover with :func:`book.pdf.make_pdf` (the booklet's title, its deck's
   cards on the cover), into ``_build/pdf/<file>.pdf`` and ``<file>-cover.pdf``;
4. imposes the interior two-up on A4 (:mod:`book.impose`), ``<file>-imposed.pdf``: in saddle-stitch order
   when it is thin enough to staple (96 pages or fewer), else in sections of 16 pages to be gathered and
   bound, with a cover spread whose spine follows the page count (:mod:`book.spread`),
   ``<file>-cover-spread.pdf``.

The booklets are made side by side, as many at once as there are cores. A booklet whose inputs have
not changed is not made again: Sphinx is not run when no file the booklet is read from has changed
(the stamp ``_build/booklets/<key>/inputs``), and :func:`book.pdf.make_pdf` leaves a PDF made from the
same HTML as it is.

``python -m book.booklets [KEY ...] [--site _build/html]`` makes the booklets named (every one when none
is), and copies them into the site's folder if it exists.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .impose import STAPLE_PAGES
from .pdfsetup import conf_value

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "_build" / "booklets"
OUT = ROOT / "_build" / "pdf"

FRONT = ("rules/how-to-use", "rules/decks")  # before the games, in every booklet
WORDS = ("rules/glossary", "rules/term-index")  # after the notes for designers



@dataclass(frozen=True)
class Spec:
    """One booklet as declared in ``conf.py``: its key, title, deck (an ``engine.decks.DECKS`` key), file
    name (no suffix) and games (the declared ones whose chapter exists, in the declared order)."""

    key: str
    title: str
    deck: str
    file: str
    games: tuple[str, ...]
    declared: tuple[str, ...] = ()
    left_out: tuple[str, ...] = ()  # ids of sections of The decks the booklet leaves out
    keep: tuple[str, ...] = ()  # ids of sections inside those that it keeps
    subtitle: str = "The round playing cards of India"

    @property
    def chapters(self) -> tuple[str, ...]:
        return FRONT + tuple(f"rules/{g}" for g in self.games)

    @property
    def notes(self) -> tuple[str, ...]:
        return ("rules/designers/index",) + tuple(f"rules/designers/{g}" for g in self.games
                                                  if (ROOT / f"rules/designers/{g}.md").is_file())

    @property
    def documents(self) -> tuple[str, ...]:
        return self.chapters + self.notes + WORDS

    @property
    def interior(self) -> Path:
        return OUT / f"{self.file}.pdf"

    @property
    def cover(self) -> Path:
        return OUT / f"{self.file}-cover.pdf"

    @property
    def imposed(self) -> Path:
        return OUT / f"{self.file}-imposed.pdf"

    @property
    def spread(self) -> Path:
        """The cover spread with its spine, for a booklet bound in sections (too thick to staple)."""
        return OUT / f"{self.file}-cover-spread.pdf"



def declared(conf: Path = ROOT / "conf.py") -> dict:
    """The ``ganjifa_booklets`` table of ``conf.py``, read as a literal (conf.py is not run)."""
    return conf_value("ganjifa_booklets", conf)


class DeclarationError(ValueError):
    """A booklet's declaration in ``conf.py`` that cannot be made: one line naming conf.py and what is wrong."""


def specs(table: dict | None = None, root: Path = ROOT) -> list[Spec]:
    """Every declared booklet, each with the games whose chapter exists (a game declared before its chapter
    is written waits for it); DeclarationError for a name that is no game (a misspelt one would else be
    silently left out of its booklet)."""
    import difflib

    from engine.registry import game_names

    table = declared() if table is None else table
    known = sorted(game_names())
    out = []
    for key, entry in table.items():
        games = tuple(entry["games"])
        for game in games:
            if game not in known:
                close = difflib.get_close_matches(str(game), known, n=1)
                raise DeclarationError(f"conf.py: ganjifa_booklets[{key!r}] names {game!r}, which is no game"
                                       + (f" (did you mean {close[0]}?)" if close else "")
                                       + f"; the games are {', '.join(known)}")
        out.append(Spec(key, entry["title"], entry["deck"], entry.get("file", f"ganjifa-{key}"),
                        tuple(g for g in games if (root / "rules" / f"{g}.md").is_file()), games,
                        tuple(entry.get("leave_out", ())), tuple(entry.get("keep", ())),
                        entry.get("subtitle", Spec.subtitle)))
    return out


def booklet_of(docname: str, table: dict) -> tuple[str, str] | None:
    """(title, file name) of the booklet that holds the chapter or designers' page ``docname``, if any."""
    game = docname.rsplit("/", 1)[-1]
    if not docname.startswith("rules/"):
        return None
    for key, entry in table.items():
        if game in entry.get("games", ()):
            return entry["title"], entry.get("file", f"ganjifa-{key}")
    return None


def root_document(spec: Spec) -> str:
    """The booklet's root document: its title, a line for the title page, and its chapters."""
    def toctree(caption: str, docs) -> str:
        return "```{toctree}\n:maxdepth: 2\n:caption: " + caption + "\n\n" + "\n".join(docs) + "\n```\n"

    return (f"# {spec.title}\n\n{spec.subtitle}.\n\n" + toctree("Chapters", spec.chapters) + "\n"
            + toctree("Notes for designers", spec.notes) + "\n" + toctree("Words", WORDS))


def write_source(spec: Spec, folder: Path) -> Path:
    """The booklet's source folder: its root document and links to its chapters' files (and the worked
    games' transcripts they read). Files are rewritten only when they change, so Sphinx sees no change."""
    src = folder / "src"
    if src.exists():
        for path in sorted(src.rglob("*"), reverse=True):
            if path.is_symlink():
                path.unlink()
    src.mkdir(parents=True, exist_ok=True)
    for doc in spec.documents:
        link = src / f"{doc}.md"
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(ROOT / f"{doc}.md")
    (src / "rules" / "deals").symlink_to(ROOT / "rules" / "deals", target_is_directory=True)
    index = src / "index.md"
    text = root_document(spec)
    if not index.is_file() or index.read_text(encoding="utf-8") != text:
        index.write_text(text, encoding="utf-8")
    return src


# the modules that make PDFs from the HTML, not the HTML: a change to them makes the PDFs again
# (book.pdfinputs), not the HTML
PDF_SIDE = {"book/pdf.py", "book/booklets.py", "book/impose.py", "book/spread.py", "book/pagecheck.py",
            "book/pdfinputs.py", "book/floats.py", "book/inline_svg.py", "book/static/print.css",
            "book/pdfsetup.py", "book/pdftree.py", "book/covers.py"}


def _digest(spec: Spec, src: Path) -> str:
    """One hash of what the booklet's HTML is made from: its documents, the transcripts, the book's
    extension, the engine, conf.py and pyproject.toml."""
    h = hashlib.sha256(b"ganjifa booklet html 1\n")
    files = [src / "index.md", ROOT / "conf.py", ROOT / "pyproject.toml"]
    files += [ROOT / f"{doc}.md" for doc in spec.documents]
    for folder in (ROOT / "rules" / "deals", ROOT / "book", ROOT / "engine"):
        files += sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                        and p.relative_to(ROOT).as_posix() not in PDF_SIDE)
    for path in files:
        h.update(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name}\n".encode())
        h.update(hashlib.sha256(path.read_bytes()).digest())
    h.update(sys.version.encode())
    return h.hexdigest()


# the one warning a booklet's build may give (the site's build gives none): a game's chapter mentions a word
# that a chapter outside the booklet defines (Naqsh's "stake", defined in Komi's); the booklet's index leaves
# the word out. Any other warning fails the booklet, as -W fails the site: a word players never read in the
# print text (book/printwords.py) too, as it fails the complete book's print build.
ALLOWED = re.compile(r"WARNING: \{mention\}: '[^']+' is defined nowhere in the book")
SHOWN = re.compile(r"WARNING: .*\[ganjifa\.print-words\]")


def build_html(spec: Spec, folder: Path) -> tuple[bool, str]:
    """The booklet's singlehtml build in ``folder/singlehtml``; (whether Sphinx ran, what it said)."""
    src = write_source(spec, folder)
    html = folder / "singlehtml"
    stamp = folder / "inputs"
    digest = _digest(spec, src)
    if (html / "index.html").is_file() and stamp.is_file() and stamp.read_text() == digest:
        return False, ""
    stamp.unlink(missing_ok=True)
    cmd = [sys.executable, "-m", "sphinx", "-E", "--keep-going", "-q", "-b", "singlehtml",
           "-c", str(ROOT), "-t", "print", "-t", f"booklet_{spec.key}",
           "-D", f"ganjifa_cache={ROOT / '_build' / 'cache'}",
           "-d", str(folder / "doctrees"), str(src), str(html)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    said = done.stdout + done.stderr
    problems = [line for line in said.splitlines()
                if ("WARNING" in line or "ERROR" in line) and not ALLOWED.search(line)]
    if done.returncode or problems:
        raise RuntimeError(f"the {spec.title} booklet's Sphinx build failed:\n{said}")
    stamp.write_text(digest)
    return True, said


def make(spec: Spec, force: bool = False) -> dict:
    """Make one booklet: HTML, interior and cover, imposed file. Returns what was done and how long each
    step took (seconds)."""
    from . import impose, pdf, spread

    folder = WORK / spec.key
    folder.mkdir(parents=True, exist_ok=True)
    times = {}
    start = time.perf_counter()
    ran, said = build_html(spec, folder)
    times["html"] = time.perf_counter() - start
    start = time.perf_counter()
    booklet = pdf.make_pdf(folder / "singlehtml", spec.interior, title=spec.title, subtitle=spec.subtitle,
                           edition=pdf.edition_line((spec.deck,)), force=force, deck=spec.deck, games=spec.games,
                           left_out=spec.left_out, keep=spec.keep)
    times["pdf"] = time.perf_counter() - start
    start = time.perf_counter()
    record = pdf_record(spec.interior)
    section = impose.section_pages(booklet.pages)  # None: thin enough to staple
    how = impose.binding(booklet.pages)
    imposed_ok = (spec.imposed.is_file() and record.get("imposed_from") == record.get("pdf")
                  and record.get("imposed") == _sha(spec.imposed) and record.get("binding") == how
                  and (section is None or spec.spread.is_file()))
    if not imposed_ok or force:
        sides = impose.impose(spec.interior, spec.imposed, section)
        if section is None:
            spec.spread.unlink(missing_ok=True)
        else:
            spread.make_spread(spec.interior, spec.spread, title=spec.title, subtitle=spec.subtitle,
                               edition=pdf.edition_line((spec.deck,)), deck=spec.deck, games=spec.games)
        _note(spec.interior, imposed_from=record.get("pdf"), imposed=_sha(spec.imposed), binding=how)
    else:
        sides = len(__import__("pypdf").PdfReader(str(spec.imposed)).pages)
    times["impose"] = time.perf_counter() - start
    shown = [line for line in said.splitlines() if SHOWN.search(line)]
    return {"key": spec.key, "title": spec.title, "shown": shown, "games": list(spec.games), "pages": booklet.pages,
            "sheets": sides // 2, "binding": how, "section": section, "spine": spread.spine_mm(booklet.pages),
            "spread": str(spec.spread) if section else None, "sphinx": ran, "reused": booklet.reused, "times": times,
            "broken_links": list(booklet.broken_links), "warnings": said.strip(),
            "interior": str(spec.interior), "cover": str(spec.cover), "imposed": str(spec.imposed)}


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pdf_record(interior: Path) -> dict:
    from .pdfinputs import record_path

    try:
        return json.loads(record_path(interior).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _note(interior: Path, **more) -> None:
    from .pdfinputs import record_path

    record = pdf_record(interior)
    record.update(more)
    record_path(interior).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


def make_all(keys: list[str] | None = None, force: bool = False, jobs: int | None = None) -> list[dict]:
    """Make the booklets named by ``keys`` (every one when None), side by side, each in its own process."""
    chosen = [s for s in specs() if not keys or s.key in keys]
    unknown = set(keys or ()) - {s.key for s in chosen}
    if unknown:
        raise ValueError(f"no booklet named {', '.join(sorted(unknown))} in conf.py's ganjifa_booklets")
    from engine.study.simulate import cores

    jobs = jobs or max(1, min(cores(), len(chosen)))

    def one(spec: Spec) -> dict:
        cmd = [sys.executable, "-m", "book.booklets", "--one", spec.key] + (["--force"] if force else [])
        done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"the {spec.title} booklet failed:\n{done.stdout}{done.stderr}")
        return json.loads(done.stdout.strip().splitlines()[-1])

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(one, chosen))


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m book.booklets", description=__doc__.splitlines()[0])
    parser.add_argument("keys", nargs="*", help="the booklets to make (conf.py's ganjifa_booklets keys)")
    parser.add_argument("--force", action="store_true", help="make them even when their inputs are unchanged")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # a worker: one booklet, its report as JSON
    parser.add_argument("--site", type=Path, default=None,
                        help="the HTML site's folder: copy the booklets there, if it exists (its games' pages link to them)")
    parser.add_argument("--jobs", type=int, default=None, help="booklets made at once (default: the cores)")
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    if args.one:
        spec = next(s for s in specs() if s.key == args.one)
        print(json.dumps(make(spec, force=args.force)))
        return 0
    start = time.perf_counter()
    try:
        reports = make_all(args.keys or None, force=args.force, jobs=args.jobs)
    except (RuntimeError, ValueError) as exc:
        print(f"book.booklets: {exc}", file=sys.stderr)
        return 1
    for r in reports:
        t = r["times"]
        state = "up to date, not made again" if r["reused"] and not r["sphinx"] else "made"
        if r["section"]:
            how = (f"too thick to staple (over {STAPLE_PAGES} pages): {r['sheets']} A4 sheets in sections of "
                   f"{r['section']} pages, to be bound with a {r['spine']} mm spine")
        else:
            how = f"{r['sheets']} A4 sheets, saddle-stitched"
        print(f"{r['title']}: {r['pages']} pages ({', '.join(r['games'])}); {how}; {state}; "
              f"html {t['html']:.1f} s, pdf {t['pdf']:.1f} s, imposing {t['impose']:.1f} s")
        print(f"  interior {r['interior']}\n  cover    {r['cover']}\n  imposed  {r['imposed']}")
        if r["spread"]:
            print(f"  spread   {r['spread']}")
        for line in r["shown"]:
            print(f"  warning: {line}", file=sys.stderr)
        for link in r["broken_links"]:
            print(f"  warning: link to {link} has no target in the booklet", file=sys.stderr)
    print(f"Booklets: {len(reports)} in {time.perf_counter() - start:.1f} s")
    if args.site is not None and args.site.is_dir():
        for r in reports:
            for kind in ("interior", "cover", "imposed", "spread"):
                if r[kind]:
                    shutil.copyfile(r[kind], args.site / Path(r[kind]).name)
        print(f"Booklets copied into {args.site} (its games' pages link to them)")
    return 0


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)  # the rendered booklet is not freed object by object
