"""The play pages of the site: every game played in the reader's browser on the book's own engine (Pyodide).

For the HTML site only (``book.site`` connects it): when the build starts, a pinned Pyodide release is taken
from the npm registry (``npm pack``, or the registry's tarball over HTTPS where npm is missing), checked by its
sha256 and kept in ``_build/cache/pyodide`` so that later builds do not fetch it again; when the build has
finished, the runtime's few files go into ``play/runtime/``, the engine (``engine/``, Python files only) into
``play/engine.zip``, the page's own script and style are the site's ``_static/play/`` (with ``solve.js``, the worker
that answers "Can this deal be won?" where a game has a solver), and one page ``play/<game>.html`` for
each game, holding the game's options and the links to its clauses. Nothing on a page is fetched from
anywhere but the site. Without the runtime (no network, a wrong checksum) the site is built without play
pages and says so in one line.
"""

from __future__ import annotations

import hashlib
import html
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
import zipfile
from pathlib import Path

PYODIDE_VERSION = "314.0.7"
PYODIDE_SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"  # the npm tarball
PYODIDE_TARBALL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
# the runtime's files the page needs (the tarball also holds type declarations, source maps and consoles)
# (pyodide.mjs: the same loader as a module, for the worker that answers "Can this deal be won?", since the
# runtime does not load in a classic worker)
RUNTIME_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "package.json")
STATIC = Path(__file__).resolve().parent / "static" / "play"
ENGINE = Path(__file__).resolve().parent.parent / "engine"
PLAY_DIR = "play"


def tarball(cache: Path) -> Path | None:
    """The pinned Pyodide tarball in ``cache`` (fetched once, checked by its sha256), or None, saying why."""
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if path.is_file() and _sha256(path) == PYODIDE_SHA256:
        return path
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        got = None
        npm = shutil.which("npm")
        if npm:
            try:
                run = subprocess.run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent"], cwd=tmp,
                                     capture_output=True, text=True, timeout=300)
                found = Path(tmp) / f"pyodide-{PYODIDE_VERSION}.tgz"
                got = found if run.returncode == 0 and found.is_file() else None
            except (OSError, subprocess.SubprocessError):
                got = None
        if got is None:
            try:
                with urllib.request.urlopen(PYODIDE_TARBALL, timeout=120) as response:
                    data = response.read()
            except OSError as err:
                _say(f"no play pages: Pyodide {PYODIDE_VERSION} could not be fetched from the npm registry ({err})")
                return None
            got = Path(tmp) / "download.tgz"
            got.write_bytes(data)
        if _sha256(got) != PYODIDE_SHA256:
            _say(f"no play pages: the Pyodide {PYODIDE_VERSION} tarball fetched does not have the pinned sha256")
            return None
        os.replace(got, path)
    return path


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _say(line: str) -> None:
    print(f"book.playpages: {line}", file=sys.stderr)


def runtime_ready(app) -> None:
    """``builder-inited``: fetch (or find) the runtime; ``app.ganjifa_play`` is its tarball, or None."""
    app.ganjifa_play = None
    if app.builder.name != "html":
        return
    if os.environ.get("GANJIFA_PLAY", "yes") == "no":
        _say("no play pages (GANJIFA_PLAY=no)")
        return
    cache = Path(app.srcdir) / app.config.ganjifa_cache / "pyodide"
    app.ganjifa_play = tarball(cache)


def engine_zip() -> bytes:
    """The engine's Python files as a zip, ``engine/...`` at its root (the page unpacks it with Pyodide)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(ENGINE.rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            info = zipfile.ZipInfo(str(path.relative_to(ENGINE.parent)), date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, path.read_bytes())
    return out.getvalue()


PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Play {title}</title>
<link rel="stylesheet" href="../_static/play/play.css">
</head>
<body data-game="{game}">
<header class="play-head">
<a class="play-back" href="{chapter}">&larr; The rules of {title}</a>
<h1>Play {title}</h1>
</header>
<main>
<details id="setup-box" class="play-setup-box" open>
<summary>A new game: options, seed, the other seats</summary>
<form id="setup" class="play-setup" aria-label="A new game">
<div id="options"></div>
<label>Seed <input id="seed" name="seed" inputmode="numeric" size="8"></label>
<label>The other seats <select id="bots" name="bots">
<option value="careful">careful players</option>
<option value="random">random players</option>
<option value="people">people at this screen</option>
</select></label>
<button id="start" type="submit" disabled>New game</button>
</form>
</details>
<p id="status" role="status">Loading the game (Python in your browser)&hellip;</p>
<section id="board" hidden>
<p id="turn" class="play-turn"></p>
<div id="news" class="play-news" hidden>
<h2 id="news-head" class="play-small"></h2>
<ol id="news-list" class="play-news-list"></ol>
<p id="outcome" class="play-outcome"></p>
<button id="again" type="button" hidden>Deal again (a new seed)</button>
</div>
<div id="cover" class="play-cover" hidden><p id="cover-text"></p><button id="cover-go" type="button">Show my cards</button></div>
<div id="seen">
<figure id="picture" class="play-picture"></figure>
<h2 id="hand-head" class="play-small">Your hand</h2>
<div id="hand" class="play-hand" role="group" aria-label="Your hand"></div>
<h2 id="moves-head" class="play-small">Your moves</h2>
<ul id="moves" class="play-moves"></ul>
<form id="typed" class="play-typed"><label>Or type a move <input id="typed-move" autocomplete="off" size="14"></label>
<button type="submit">Play</button></form>
<figure id="others" class="play-picture play-others" hidden></figure>
</div>
<div class="play-tools">
<button id="hint" type="button">Hint</button>
<button id="undo" type="button">Undo</button>
<button id="why" type="button">Why?</button>
<button id="save" type="button">Save</button>
</div>
<div id="solver" class="play-solver" hidden data-solving="no">
<button id="solve" type="button">Can this deal be won?</button>
<p id="solve-state" class="play-solve-state" role="status" aria-live="polite"></p>
<p class="play-note">The search knows the order of the stock, as a solver of a deal does; it answers yes, no or
not sure, about the cards as they lie now, and never names a card or a move.</p>
</div>
<p id="message" class="play-message" aria-live="polite"></p>
<details id="seat-view"><summary>What you know</summary><dl id="view"></dl></details>
<h2 class="play-small">The game so far</h2>
<ol id="log" class="play-log" aria-live="polite"></ol>
</section>
</main>
<script id="game-data" type="application/json">{data}</script>
<script src="runtime/pyodide.js"></script>
<script src="../_static/play/play.js"></script>
</body>
</html>
"""


def write_pages(app, exception) -> None:
    """``build-finished``: the runtime, the engine and a page per game, into the site's ``play/``."""
    if exception is not None or app.builder.name != "html":
        return
    source = getattr(app, "ganjifa_play", None)
    if source is None:
        if os.environ.get("GANJIFA_PLAY", "yes") != "no":
            _say("the site is built without play pages (the Pyodide runtime is missing)")
        return
    from engine.registry import game_names
    from engine.doors.web import describe

    from .directives.clause import clauses_of

    stated = clauses_of(app.env)
    docs = set(app.env.found_docs)
    chapters = {}
    for game in game_names():
        chapter = f"rules/{game}"
        if chapter not in docs:
            continue
        links = {cid: {"href": f"../{app.builder.get_target_uri(found.docname)}#{cid}", "number": found.number,
                       "title": found.title}
                 for cid in describe(game)["clauses"] if (found := stated.get(cid))}
        chapters[game] = (f"../{app.builder.get_target_uri(chapter)}", links)
    write_play(Path(app.outdir), source, chapters)


def write_play(site: Path, source: Path, chapters: dict) -> None:
    """Into ``site/play/``: the runtime from the tarball ``source``, the engine, and a page for each game of
    ``chapters`` (game -> (its chapter's address from play/, clause id -> {href, number, title}))."""
    from engine.doors.web import describe

    out = site / PLAY_DIR
    runtime = out / "runtime"
    runtime.mkdir(parents=True, exist_ok=True)
    with tarfile.open(source, "r:gz") as tar:
        for name in RUNTIME_FILES:
            data = tar.extractfile(f"package/{name}").read()
            target = runtime / name
            if not target.is_file() or target.stat().st_size != len(data):
                target.write_bytes(data)
    (out / "engine.zip").write_bytes(engine_zip())
    for game, (chapter, links) in chapters.items():
        facts = describe(game)
        facts["clauses"] = links
        facts["chapter"] = chapter
        data = json.dumps(facts, ensure_ascii=False).replace("</", "<\\/")
        page = PAGE.format(title=html.escape(facts["title"]), game=game, chapter=html.escape(chapter), data=data)
        (out / f"{game}.html").write_text(page, encoding="utf-8")
    (out / SERVICE_WORKER).write_text(service_worker(site, sorted(chapters)), encoding="utf-8")


SERVICE_WORKER = "sw.js"
# what a play page loads, from play/: kept by the service worker, so that a second visit starts from the
# browser's own copy and a game goes on with no network at the table
STATIC_FILES = ("play.js", "play.css", "solve.js")


def cached_files(games: list[str]) -> list[str]:
    """Every file a play page asks for, as addresses relative to ``play/``."""
    return ([f"runtime/{name}" for name in RUNTIME_FILES] + ["engine.zip"] + [f"{g}.html" for g in games]
            + [f"../_static/play/{name}" for name in STATIC_FILES])


def service_worker(site: Path, games: list[str]) -> str:
    """``play/sw.js``: on install it keeps every file of :func:`cached_files` under a name made from their
    contents (a new build with any file changed is a new cache, and the old one is deleted when it takes over);
    the runtime (fixed by the Pyodide version) is answered from the cache first, everything else from the
    network first, the cache answering when there is none."""
    files = cached_files(games)
    digest = hashlib.sha256()
    for name in files:
        path = (site / PLAY_DIR / name).resolve()
        digest.update(name.encode() + b"\0" + (path.read_bytes() if path.is_file() else b""))
    version = digest.hexdigest()[:16]
    return SW_SCRIPT.replace("@VERSION@", version).replace("@FILES@", json.dumps(files))


SW_SCRIPT = """// The play pages' service worker (book/playpages.py writes it with each build).
const CACHE = "ganjifa-play-@VERSION@";
const FILES = @FILES@;
const RUNTIME = new URL("runtime/", self.location).href;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("ganjifa-play-") && k !== CACHE)
      .map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  const key = request.url.split("#")[0].split("?")[0];
  if (key.startsWith(RUNTIME)) {  // the runtime: the kept copy first
    event.respondWith(caches.open(CACHE).then((cache) => cache.match(key)
      .then((kept) => kept || fetch(request))));
    return;
  }
  event.respondWith(fetch(request).catch(() => caches.open(CACHE)  // the rest: the network, else the kept copy
    .then((cache) => cache.match(key)).then((kept) => kept || Response.error())));
});
"""


def play_page(app, pagename: str) -> str | None:
    """The play page of a game's chapter (``rules/<game>``), when the site has play pages; else None."""
    if getattr(app, "ganjifa_play", None) is None or not pagename.startswith("rules/"):
        return None
    from engine.registry import game_names

    game = pagename.split("/", 1)[1]
    return f"{PLAY_DIR}/{game}.html" if game in game_names() else None
