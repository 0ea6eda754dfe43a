"""The play pages (book/playpages.py, book/static/play/play.js, engine/doors/web.py): games played in a real browser.

The bridge's own tests run in CPython (fast). The browser tests open the real site's ``play/<game>.html``
(tests/book_build.py; or the site in ``GANJIFA_PLAY_SITE``) in headless Chromium, driven over the DevTools
protocol on a pipe, from a server on 127.0.0.1: a whole game of Kendra Kari, Guru Ganjifa and Komi played by
clicking ``[data-move]`` elements, with a hint, an undo and a refused move; "Try this position" from a
question; no card hidden from the seat in the page's text or data; the saved game replayed by ``ganjifa
deals``; no request leaving the machine. They print the time until the first move and the size of ``play/``.
They are skipped, saying why, where Chromium or the Pyodide runtime is missing.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

import pytest

from engine import get_game
from engine.registry import game_class, game_names as game_names_all
from engine.cards import cards_in as _cards_in
from engine.doors.terminal import CAST
from engine.doors.web import WebGame, handle, names_cards

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


# -- the bridge, in CPython ------------------------------------------------------------------------

def ask(**request) -> dict:
    reply = json.loads(handle(json.dumps(request)))
    assert "error" not in reply, reply
    return reply


class Watched(WebGame):
    """A game that keeps every card seat 0 has seen at any step (in its view before or after the step)."""

    def __init__(self, *args, **kwargs):
        self.seen: set = set()
        super().__init__(*args, **kwargs)

    def step(self, move) -> None:
        self.seen |= _cards_in(self.state.view(0))
        super().step(move)
        self.seen |= _cards_in(self.state.view(0)) | set(self.state.visible_cards(0))
        # and what the step showed the table, though no view keeps it (a bridge card cleared with the ring at
        # once): the terminal's own account of what seat 0 cannot know now (tests/test_hidden_information.py
        # holds that account to the game's views)
        self.seen |= set(self.state.all_cards()) - self.hidden_from[0] - set().union(*self.state.hands[1:])


def never_seen(game: Watched) -> set:
    return set(game.state.all_cards()) - game.seen - _cards_in(game.state.view(0))


def names_a_card(text: str, cards, deck) -> list[str]:
    return [str(c) for c in names_cards(text, cards, deck)]


def test_the_bridge_imports_nothing_pyodide_lacks():
    """engine.doors.web and what it imports load without rich, matplotlib or a process pool."""
    code = ("import sys\n"
            "for name in ('rich', 'matplotlib', 'multiprocessing', 'concurrent.futures'): sys.modules[name] = None\n"
            "import engine.doors.web, json\n"
            "print(json.loads(engine.doors.web.handle(json.dumps({'op': 'new', 'game': 'kendra-kari', 'seed': 3})))['seat'])\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0 and run.stdout.strip() == "0", run.stderr[-2000:]


@pytest.mark.parametrize("name", ["kendra-kari", "guru-ganjifa", "komi"])
def test_the_bridge_tells_a_seat_only_what_it_may_know(name):
    """At every turn of a whole game, the reply names no card seat 0 has never seen, and its picture none it
    may not see now."""
    game = Watched(get_game(name), 11, {0})
    deck = game.game.deck
    reply = game.reply()
    turns = 0
    while not reply["over"]:
        text = json.dumps({k: v for k, v in reply.items() if k != "picture"})
        assert not names_a_card(text, never_seen(game), deck), (turns, names_a_card(text, never_seen(game), deck))
        assert not names_a_card(reply["picture"], game.unseen_by(0), deck), turns
        reply = game.try_move(reply["moves"][-1]["move"])
        turns += 1
    assert turns > 0 and reply["result"]


def test_the_bridge_refuses_in_one_line_with_the_clause_and_undoes():
    reply = ask(op="new", game="kendra-kari", seed=4)
    legal = {c["card"] for c in reply["hand"] if c["move"]}
    wrong = next((c["card"] for c in reply["hand"] if not c["move"]), None)
    if wrong is None:
        pytest.skip("every card of this hand is playable")
    refused = ask(op="card", card=wrong)
    assert refused["refused"] and "\n" not in refused["message"] and refused["clauses"], refused["message"]
    assert refused["moves"] == reply["moves"]
    played = ask(op="card", card=sorted(legal)[0])
    assert played["can_undo"] and played["log"]
    back = ask(op="undo")
    assert back["moves"] == reply["moves"] and [c["card"] for c in back["hand"]] == [c["card"] for c in reply["hand"]]


@pytest.mark.parametrize("name", [n for n in game_names_all() if n != "nakash"])
def test_a_take_back_is_true_the_same_move_brings_the_same_answers_and_the_log_forgets_it(name):
    """Undo says the move is made again "knowing what had followed it (the same deal, the same draws and the same
    bots' answers)": so it is (the bots' and chance's streams were shared by the copies kept to go back to, and
    Kendra Kari's seed 12302 answered 4Sh otherwise the second time); and "The game so far" loses the lines of
    the moves taken back (the page kept them: ``log_kept`` says how many of its lines still stand)."""
    first = ask(op="new", game=name, seed=12302)
    log = list(first["log"])
    assert first["log_kept"] == 0 and first["moves"], name
    move = first["moves"][0]["move"]
    played = ask(op="move", move=move)
    assert played["log_kept"] == len(log)
    after = log + played["log"]
    back = ask(op="undo")
    assert back["log_kept"] == len(log) and back["log"] == [], back["log"]  # the page cuts its log back to these
    assert back["moves"] == first["moves"]
    again = ask(op="move", move=move)
    assert log + again["log"] == after, (name, again["log"], played["log"])
    assert again["moves"] == played["moves"] and again["picture"] == played["picture"]


@pytest.mark.parametrize("name", game_names_all())
def test_a_card_clicked_that_no_move_plays_is_refused_in_the_games_words(name):
    """Clicking a card no move plays answers in words, with the rule it would break where there is one (linked),
    never in notation ("bad notation '7Sa': unknown move; a Hamrang move is 'play' and two cards ...")."""
    for seed in range(1, 40):
        reply = ask(op="new", game=name, seed=seed)
        wrong = next((c for c in reply["hand"] if not c["move"]), None)
        if reply["your_turn"] and wrong:
            break
    else:
        pytest.skip(f"{name}: every card dealt in 39 deals is playable at the first turn")
    refused = ask(op="card", card=wrong["card"])
    message = refused["message"]
    assert refused["refused"] and "\n" not in message, message
    assert "notation" not in message and "illegal move" not in message and f"'{wrong['card']}'" not in message
    assert re.match(rf"(You cannot play the {re.escape(wrong['name'])}\b|In .+ a card is not played on its own)",
                    message), message
    if refused["clauses"]:
        assert all(f"[clause {c}]" in message for c in refused["clauses"]), message
    assert refused["moves"] == reply["moves"]  # nothing changed


def test_a_card_clicked_when_only_a_draw_is_allowed_is_refused_with_its_rule():
    """Kendra Kari, seed 1: when the player can only draw, a card of the hand clicked is refused with the rule
    it breaks (the fresh clone's browser test found it said cards are not played on their own)."""
    reply = ask(op="new", game="kendra-kari", seed=1)
    for _ in range(40):
        if [m["move"] for m in reply["moves"]] == ["draw"] and reply["hand"]:
            break
        reply = ask(op="move", move=reply["moves"][-1]["move"])
    else:
        pytest.skip("no turn with only a draw in 40 moves")
    refused = ask(op="card", card=reply["hand"][0]["card"])
    assert refused["refused"] and refused["clauses"] and refused["message"].startswith("You cannot play the "), \
        refused["message"]


def test_a_shakti_card_clicked_asks_where_it_goes_and_a_single_place_plays_it():
    """Shakti (issue 44): after a draw from the piles' tops a card of the hand may go onto any of four piles, so
    clicking it asks where, naming each place in words and marking it in the picture (``data-spot``), and changes
    nothing; after a draw from the deck it has one place, and the click plays it."""
    reply = ask(op="new", game="shakti", seed=3)
    reply = ask(op="move", move="tops")
    card = reply["hand"][0]
    asked = ask(op="card", card=card["card"])
    assert asked["message"] == f"Where does the {card['name']} go? Click a pile in the picture, or choose below."
    places = asked["placing"]["places"]
    assert asked["placing"]["card"] == card["card"] and len(places) == 4
    assert [p["move"] for p in places] == [f"{card['card']}>{n}" for n in range(1, 5)]
    assert [p["spot"] for p in places] == [f"pile-{n}" for n in range(1, 5)]
    assert all(f'data-spot="{p["spot"]}"' in asked["picture"] for p in places)
    assert "Bela's pile" in places[1]["words"] and not asked.get("refused")
    assert asked["moves"] == reply["moves"] and asked["hand"] == reply["hand"]  # nothing played yet
    put = ask(op="move", move=places[1]["move"])
    assert len(put["hand"]) == len(reply["hand"]) - 1
    ask(op="new", game="shakti", seed=3)
    reply = ask(op="move", move="deck")
    card = reply["hand"][0]
    played = ask(op="card", card=card["card"])
    assert "placing" not in played and len(played["hand"]) == len(reply["hand"]) - 1
    assert any(card["name"] in line for line in played["log"]), played["log"]


def test_people_at_one_screen_each_see_only_their_own_hand():
    reply = ask(op="new", game="kendra-kari", seed=5, bots="people")
    game = sys.modules["engine.doors.web"]._game
    seats = []
    for _ in range(8):
        seat = reply["seat"]
        seats.append(seat)
        assert [c["card"] for c in reply["hand"]] == [str(c) for c in game.state.view(seat).hand]
        reply = ask(op="move", move=reply["moves"][0]["move"])
    assert seats == [0, 1, 2, 3, 0, 1, 2, 3]


def test_save_waits_for_the_end_and_replays(tmp_path):
    reply = ask(op="new", game="komi", seed=9)
    early = ask(op="save")
    assert "transcript" not in early and "over" in early["message"]
    while not reply["over"]:
        reply = ask(op="move", move=reply["moves"][0]["move"])
    text = ask(op="save")["transcript"]
    path = tmp_path / "komi-saved.txt"
    path.write_text(text, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "engine.doors.cli", "deals", str(path)], capture_output=True, text=True,
                         cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr


# -- the build's part -------------------------------------------------------------------------------

def test_no_network_no_play_pages_and_one_line(tmp_path, monkeypatch, capsys):
    """Without the runtime the site is built without play pages, saying so in one line; the build goes on."""
    from types import SimpleNamespace

    from book import playpages

    def refuse(*args, **kwargs):
        raise OSError("no network")

    monkeypatch.setattr(playpages.shutil, "which", lambda name: None)
    monkeypatch.setattr(playpages.urllib.request, "urlopen", refuse)
    assert playpages.tarball(tmp_path / "cache") is None
    app = SimpleNamespace(builder=SimpleNamespace(name="html"), outdir=str(tmp_path / "site"), ganjifa_play=None)
    playpages.write_pages(app, None)
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 2 and "no play pages" in said[0] and "without play pages" in said[1], said
    assert not (tmp_path / "site").exists()
    assert playpages.play_page(app, "rules/komi") is None


def test_a_site_without_play_pages_has_no_try_links():
    from types import SimpleNamespace

    from docutils import nodes
    from docutils.utils import new_document
    from docutils.frontend import get_default_settings
    from docutils.parsers.rst import Parser

    from book.site import _try_links

    doc = new_document("x", get_default_settings(Parser))
    box = nodes.container()
    box += nodes.paragraph(text="An answer.")
    try_para = nodes.paragraph(classes=["ganjifa-try"])
    try_para += nodes.reference("", "Try this position", refuri="../play/komi.html#position=x")
    box += try_para
    doc += box
    _try_links(SimpleNamespace(ganjifa_play=Path("runtime.tgz")), doc, "rules/komi")
    assert "Try this position" in doc.astext()
    _try_links(SimpleNamespace(ganjifa_play=None), doc, "rules/komi")
    assert "Try this position" not in doc.astext() and "An answer." in doc.astext()


def test_a_tarball_with_another_checksum_is_refused(tmp_path, monkeypatch, capsys):
    from book import playpages

    class Answer:
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def read(self):
            return b"not the pinned release"

    monkeypatch.setattr(playpages.shutil, "which", lambda name: None)
    monkeypatch.setattr(playpages.urllib.request, "urlopen", lambda *a, **k: Answer())
    assert playpages.tarball(tmp_path) is None
    assert "sha256" in capsys.readouterr().err
    assert not list(tmp_path.glob("*.tgz"))


def test_the_engine_goes_in_as_its_python_files():
    import io
    import zipfile

    from book.playpages import engine_zip

    names = zipfile.ZipFile(io.BytesIO(engine_zip())).namelist()
    assert "engine/doors/web.py" in names and "engine/games/komi/__init__.py" in names
    assert all(n.startswith("engine/") and n.endswith(".py") and "__pycache__" not in n for n in names)
    assert engine_zip() == engine_zip()  # the same bytes every build


# -- in a browser ------------------------------------------------------------------------------------

class Chromium:
    """Headless Chromium driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``)."""

    def __init__(self, width: int, height: int, downloads: Path):
        self.tmp = tempfile.TemporaryDirectory()
        to_chrome_r, self._w = os.pipe()
        self._r, from_chrome_w = os.pipe()

        def fds():
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self.proc = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
             "--disable-default-apps", f"--user-data-dir={self.tmp.name}/profile", f"--window-size={width},{height}",
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=fds)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.next_id = 0
        self.replies: dict[int, dict] = {}
        self.events: list[dict] = []
        self.cv = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.send("Browser.setDownloadBehavior", behavior="allow", downloadPath=str(downloads))
        for domain in ("Page", "Runtime", "Network"):
            self.page(f"{domain}.enable")
        self.resize(width, height)

    def resize(self, width: int, height: int) -> None:
        """The page as a screen of ``width`` x ``height`` CSS pixels shows it (under 600 wide, a phone's)."""
        self.page("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                  mobile=width < 600)

    def _read(self):
        buffer = b""
        while True:
            chunk = os.read(self._r, 1 << 16)
            if not chunk:
                return
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                message = json.loads(raw)
                with self.cv:
                    if "id" in message:
                        self.replies[message["id"]] = message
                    else:
                        self.events.append(message)
                    self.cv.notify_all()

    def send(self, method: str, session: str | None = None, **params) -> dict:
        self.next_id += 1
        number = self.next_id
        message = {"id": number, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._w, json.dumps(message).encode() + b"\0")
        with self.cv:
            if not self.cv.wait_for(lambda: number in self.replies, timeout=120):
                raise TimeoutError(method)
            reply = self.replies.pop(number)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    def page(self, method: str, **params) -> dict:
        return self.send(method, self.session, **params)

    def js(self, expression: str):
        result = self.page("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait(self, expression: str, seconds: float = 120):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            value = self.js(expression)
            if value:
                return value
            time.sleep(0.05)
        raise TimeoutError(expression)

    def click(self, selector: str) -> None:
        """A real mouse click (press and release) in the middle of the first element ``selector`` finds."""
        box = self.js(f"(function(){{var e=document.querySelector({json.dumps(selector)}); if(!e) return null;"
                      "e.scrollIntoView({block:'center'}); var b=e.getBoundingClientRect();"
                      "return [b.left+b.width/2, b.top+b.height/2];})()")
        assert box, f"nothing to click at {selector}"
        for kind in ("mousePressed", "mouseReleased"):
            self.page("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left", clickCount=1)
        self.wait("document.body.dataset.busy === 'no'")

    def screenshot(self, path: Path) -> None:
        import base64

        path.write_bytes(base64.b64decode(self.page("Page.captureScreenshot", format="png",
                                                    captureBeyondViewport=False)["data"]))

    def requests(self) -> list[str]:
        return [e["params"]["request"]["url"] for e in self.events if e.get("method") == "Network.requestWillBeSent"]

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:  # noqa: BLE001 - it may be gone already
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        os.close(self._w)
        self.tmp.cleanup()


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".js": "text/javascript"}

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def play_site(request):
    """The site with play pages, served on 127.0.0.1: (address, folder)."""
    if CHROMIUM is None:
        pytest.skip("no chromium on this machine (apt-get install -y chromium)")
    given = os.environ.get("GANJIFA_PLAY_SITE")
    folder = Path(given) if given else None
    if folder is None:
        built = request.getfixturevalue("real_site")
        assert built.html.returncode == 0, built.html.stderr
        folder = built.html_dir
    if not (folder / "play" / "runtime" / "pyodide.asm.wasm").is_file():
        pytest.skip("the site has no play pages: the Pyodide runtime could not be fetched when it was built")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", folder
    server.shutdown()


def site_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in (folder / "play").rglob("*") if p.is_file()) + \
        sum(p.stat().st_size for p in (folder / "_static" / "play").rglob("*") if p.is_file())


def open_page(browser: Chromium, url: str) -> float:
    """Open a play page; the seconds until its first move can be made (the page's own measure)."""
    browser.page("Page.navigate", url=url)
    end = time.monotonic() + 180
    while not browser.js("!!(window.ganjifaPlay && (window.ganjifaPlay.ready || window.ganjifaPlay.error))"):
        thrown = [e["params"]["exceptionDetails"] for e in browser.events if e.get("method") == "Runtime.exceptionThrown"]
        assert not thrown, f"the page failed: {json.dumps(thrown[0])[:1000]}"
        assert time.monotonic() < end, "the page did not get ready in 180 s"
        time.sleep(0.1)
    error = browser.js("window.ganjifaPlay.error")
    assert not error, error
    return browser.js("window.ganjifaPlay.firstMoveMs") / 1000


MOVES = "[].map.call(document.querySelectorAll('#moves [data-move]'), e => e.dataset.move)"


def check_refusal(browser: Chromium, moves: list[str]) -> bool:
    """The move just tried was refused in one line citing its clause (a link), and nothing changed."""
    message = browser.js("document.getElementById('message').textContent")
    assert browser.js("document.getElementById('message').classList.contains('play-refused')"), message
    assert "\n" not in message and browser.js("document.querySelectorAll('#message a').length") > 0, message
    assert browser.js(MOVES) == moves
    return True


SECRET = ("(function(){return document.documentElement.outerHTML + JSON.stringify(window.ganjifaPlay) + "
          "[].map.call(document.querySelectorAll('[data-move],[data-card]'), function(e){return e.outerHTML}).join('')"
          "})()")


def shadow(name: str, seed: int) -> WebGame:
    """The page's game, played in CPython alongside it (the same seed and bots: the same game)."""
    return Watched(get_game(name), seed, {0}, "careful")


@pytest.mark.slow
@pytest.mark.book
@pytest.mark.parametrize("name", ["kendra-kari", "guru-ganjifa", "komi"])
def test_a_whole_game_by_clicking(play_site, name, tmp_path):
    address, folder = play_site
    seed = 21
    browser = Chromium(1280, 900, tmp_path)
    try:
        first = open_page(browser, f"{address}/play/{name}.html#seed={seed}&bots=careful")
        print(f"\n{name}: the first move can be made {first:.1f} s after the page opens; play/ and its script "
              f"add {site_size(folder) / 1e6:.1f} MB to the site")
        mirror = shadow(name, seed)
        deck = mirror.game.deck
        assert browser.js("document.querySelectorAll('[data-move]').length") > 0
        before = browser.js(MOVES)
        refused = False
        if not browser.js("document.querySelectorAll('.play-card').length"):  # Komi: no hand to look at before the show
            typed = next(f"bet {n}" for n in range(5, 0, -1) if f"bet {n}" not in before)  # a bet too high
            browser.js(f"document.getElementById('typed-move').value = {json.dumps(typed)}")
            browser.click("#typed button")
            refused = check_refusal(browser, before)
        # a hint, in words
        browser.click("#hint")
        assert "careful player" in browser.js("document.getElementById('message').textContent").lower() or \
            "only" in browser.js("document.getElementById('message').textContent").lower()
        # a move, then undo: back to the same moves
        first_move = browser.js("document.querySelector('#moves [data-move]').dataset.move")
        logged = "[].map.call(document.querySelectorAll('#log li'), e => e.textContent)"
        log_before = browser.js(logged)
        browser.click("#moves [data-move]")
        browser.click("#undo")
        mirror.try_move(first_move)
        mirror.undo_move()
        assert browser.js(MOVES) == before
        assert browser.js(logged) == log_before  # the lines of the move taken back are gone from the log
        assert first_move in before
        # to the end, clicking the last listed move each time; the page checked against the mirror at every turn
        turns = 0
        while not browser.js("document.getElementById('turn').textContent.indexOf('over') >= 0"):
            leaked = names_a_card(browser.js(SECRET), never_seen(mirror), deck)
            wrong = browser.js("(function(){var e=document.querySelector('.play-card:not(.play-legal)');"
                               "return e ? e.dataset.card : null})()")
            if not refused and wrong and browser.js(MOVES):  # a card of the hand that no move plays: refused
                moves = browser.js(MOVES)
                browser.click(f'.play-card[data-card="{wrong}"]')
                refused = check_refusal(browser, moves)
            assert not leaked, f"turn {turns}: the page names cards hidden from the seat: {leaked[:5]}"
            move = browser.js("(function(){var m=document.querySelectorAll('#moves [data-move]');"
                              "return m[m.length-1].dataset.move})()")
            browser.click(f'#moves [data-move="{move}"]')
            mirror.try_move(move)
            turns += 1
            assert turns < 400, "the game does not end"
        assert browser.js("document.querySelector('.play-result') !== null")
        assert refused, "no move was refused"
        # saved, downloaded and replayed by `ganjifa deals`
        browser.click("#save")
        saved = tmp_path / f"{name}-seed{seed}.txt"
        end = time.monotonic() + 30
        while not saved.is_file() and time.monotonic() < end:
            time.sleep(0.1)
        assert saved.is_file(), list(tmp_path.iterdir())
        run = subprocess.run([sys.executable, "-m", "engine.doors.cli", "deals", str(saved)], capture_output=True,
                             text=True, cwd=ROOT, timeout=300)
        assert run.returncode == 0, run.stdout + run.stderr
        outside = [u for u in browser.requests() if not u.startswith((address, "data:", "blob:", "about:"))]
        assert not outside, f"the page asked beyond the site: {outside[:3]}"
    finally:
        browser.close()


def try_links(folder: Path, name: str) -> list[str]:
    page = (folder / "rules" / f"{name}.html").read_text(encoding="utf-8")
    return [l.replace("&amp;", "&") for l in re.findall(r'href="([^"]*play/[^"]*#position=[^"]*)"', page)]


@pytest.mark.slow
@pytest.mark.book
def test_every_try_this_position_opens_with_its_player_to_move(play_site):
    """Every question's link opens its position with the question's player to move (the bridge, in CPython)."""
    _, folder = play_site
    count = 0
    for chapter in sorted((folder / "rules").glob("*.html")):
        for href in try_links(folder, chapter.stem):
            query = {k: v[0] for k, v in urllib.parse.parse_qs(href.split("#", 1)[1]).items()}
            reply = ask(op="new", game=chapter.stem, options=query["options"], position=query["position"],
                        turn=int(query["turn"]) - 1, names=query["names"])
            assert reply["your_turn"] and reply["seat"] == int(query["turn"]) - 1, (chapter.stem, href)
            count += 1
    assert count >= 11, count


@pytest.mark.slow
@pytest.mark.book
@pytest.mark.parametrize("name", ["kendra-kari", "guru-ganjifa", "komi"])
def test_try_this_position_opens_the_question(play_site, name, tmp_path):
    address, folder = play_site
    links = try_links(folder, name)
    if not links:
        pytest.skip(f"the {name} chapter has no question to try (a site without play pages drops them)")
    href = links[0]
    query = urllib.parse.parse_qs(href.split("#", 1)[1])
    turn = int(query["turn"][0]) - 1
    game = game_class(name).from_text(query["options"][0])
    names = query["names"][0].split(",") if "names" in query else list(CAST[:game.players])
    state = game.position(query["position"][0])
    legal = sorted(str(m) for m in state.legal_moves())
    browser = Chromium(390, 844, tmp_path)
    try:
        open_page(browser, f"{address}/play/{href.split('play/', 1)[1]}")
        assert "from a position" in browser.js("document.getElementById('status').textContent")
        shown = browser.js(MOVES)
        assert sorted(shown) == legal
        assert browser.js("document.getElementById('turn').textContent").startswith(f"{names[turn]}, your turn")
        assert browser.js("document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1")
        # a legal move reached with Tab and played with Enter
        for _ in range(80):
            browser.page("Input.dispatchKeyEvent", type="keyDown", key="Tab", code="Tab", windowsVirtualKeyCode=9)
            browser.page("Input.dispatchKeyEvent", type="keyUp", key="Tab", code="Tab", windowsVirtualKeyCode=9)
            if browser.js("!!(document.activeElement && document.activeElement.dataset.move)"):
                break
        focused = browser.js("document.activeElement.dataset.move")
        assert focused in legal, focused
        for kind in ("keyDown", "keyUp"):
            browser.page("Input.dispatchKeyEvent", type=kind, key="Enter", code="Enter", windowsVirtualKeyCode=13,
                         **({"text": "\r"} if kind == "keyDown" else {}))
        browser.wait("document.body.dataset.busy === 'no' && document.querySelectorAll('#log li').length > 0")
        assert browser.js("document.getElementById('undo').disabled") is False
    finally:
        browser.close()


@pytest.mark.slow
@pytest.mark.book
def test_can_this_deal_be_won_runs_beside_the_page(play_site, tmp_path):
    """Udvasa's "Can this deal be won?": the search runs in the page's worker; while it searches, its clock goes on
    and a hint is answered; the answer is in words about the position as it stands (the solver's in CPython after
    the same moves), a move made meanwhile makes the answer one about a position gone by, and the page names no
    card of the stock throughout. Prints what the worker costs."""
    address, folder = play_site
    seed = 20  # a deal whose search takes a while (about 140,000 positions)
    browser = Chromium(390, 844, tmp_path)
    try:
        open_page(browser, f"{address}/play/udvasa.html#seed={seed}")
        assert browser.js("!document.getElementById('solver').hidden")
        assert browser.js("getComputedStyle(document.getElementById('bots').parentNode).display") == "none"  # alone
        mirror = shadow("udvasa", seed)
        deck = mirror.game.deck
        stock = mirror.unseen_by(0)
        assert stock
        # a move first: the question is about the position after it
        move = browser.js("document.querySelector('#moves [data-move]').dataset.move")
        browser.click(f'#moves [data-move="{move}"]')
        mirror.try_move(move)
        expected = mirror.game.solve(mirror.state, limit=100_000)
        assert expected.positions > 20_000, "the deal is searched too fast to watch the page meanwhile"
        browser.click("#solve")
        assert browser.js("window.ganjifaPlay.solve.state") == "thinking"
        assert browser.js("document.getElementById('solve').textContent") == "Stop the search"
        browser.wait("window.ganjifaPlay.solve.phase === 'searching' || window.ganjifaPlay.solve.state === 'done'", 180)
        ticks = browser.js("window.ganjifaPlay.solve.ticks")
        browser.click("#hint")  # the page answers while the worker searches
        hinted = browser.js("document.getElementById('message').textContent")
        still = browser.js("window.ganjifaPlay.solve.state")
        browser.wait(f"window.ganjifaPlay.solve.ticks > {ticks} || window.ganjifaPlay.solve.state === 'done'")
        assert hinted and still == "thinking", (hinted, still)
        browser.wait("window.ganjifaPlay.solve.state === 'done'", 300)
        said = browser.js("document.getElementById('solve-state').textContent")
        assert said.startswith(expected.words), (said, expected)
        assert browser.js("window.ganjifaPlay.solve.answer") == expected.answer
        costs = browser.js("JSON.stringify(window.ganjifaPlay.solve)")
        leaked = names_a_card(browser.js(SECRET), stock, deck)
        assert not leaked, f"the page names cards of the stock: {leaked[:5]}"
        # the answer goes once the position changes
        browser.click("#moves [data-move]")
        assert browser.js("document.getElementById('solve-state').textContent") == ""
        # asked, and a move made in the same instant: the answer that comes is about a position gone by
        browser.js("document.getElementById('solve').click(); document.querySelector('#moves [data-move]').click()")
        assert browser.js("window.ganjifaPlay.solve.state") == "thinking"
        browser.wait("window.ganjifaPlay.solve.state === 'done'", 300)
        assert browser.js("window.ganjifaPlay.solve.answer") == "stale"
        assert "ask again" in browser.js("document.getElementById('solve-state').textContent")
        # the button stops a search it started
        browser.js("document.getElementById('solve').click(); document.getElementById('solve').click()")
        assert browser.js("window.ganjifaPlay.solve.state") == "done"
        assert browser.js("document.getElementById('solve-state').textContent") == "Search stopped."
        costs = json.loads(costs)
        print(f"\nudvasa: the worker's Python starts in {costs['loadMs'] / 1000:.1f} s at the first question; the "
              f"answer came {costs['answerMs'] / 1000:.1f} s after the click ({costs['searchMs'] / 1000:.1f} s "
              f"searching {expected.positions:,} positions; "
              f"CPython takes {mirror_seconds(mirror):.1f} s)")
        outside = [u for u in browser.requests() if not u.startswith((address, "data:", "blob:", "about:"))]
        assert not outside, f"the page asked beyond the site: {outside[:3]}"
    finally:
        browser.close()


def mirror_seconds(game: WebGame) -> float:
    start = time.perf_counter()
    game.game.solve(game.state, limit=100_000)
    return time.perf_counter() - start


@pytest.mark.slow
@pytest.mark.book
def test_a_game_without_a_solver_has_no_solve_button(play_site, tmp_path):
    address, _ = play_site
    browser = Chromium(1280, 900, tmp_path)
    try:
        open_page(browser, f"{address}/play/komi.html#seed=3")
        assert browser.js("document.getElementById('solver').hidden")
    finally:
        browser.close()


# -- at a phone's width and a desktop's --------------------------------------------------------------

FIRST_MOVE = ("(function(){var e=document.querySelector('[data-move]'); if(!e) return null;"
              "var b=e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, height: innerHeight,"
              "move: e.dataset.move, scrolled: scrollY}})()")
PICTURES = ("[].map.call(document.querySelectorAll('.play-picture:not([hidden]) svg'), function(s){"
            "var v=s.viewBox.baseVal, b=s.getBBox(), p=s.parentNode;"
            "return {box: [v.x, v.y, v.x+v.width, v.y+v.height], drawn: [b.x, b.y, b.x+b.width, b.y+b.height],"
            "scroll: p.scrollWidth, client: p.clientWidth, width: s.getBoundingClientRect().width}})")
SAID = ("[].map.call(document.querySelectorAll('[data-move]'), function(e){"
        "return [e.dataset.move, e.title || '', e.getAttribute('aria-label') || '']})")


def picture_faults(browser: Chromium, name: str, width: int) -> list[str]:
    """A picture wider than its frame (something to scroll sideways), or one that cuts off what it draws (a label
    at its edge)."""
    faults = []
    pictures = browser.js(PICTURES)
    if not pictures:
        faults.append(f"{name} at {width} px: no picture")
    for p in pictures:
        if p["scroll"] > p["client"] or p["width"] > p["client"] + 0.5:
            faults.append(f"{name} at {width} px: a picture wider than its frame: {p}")
        (x0, y0, x1, y1), (a0, b0, a1, b1) = p["box"], p["drawn"]
        if a0 < x0 - 0.5 or b0 < y0 - 0.5 or a1 > x1 + 0.5 or b1 > y1 + 0.5:
            faults.append(f"{name} at {width} px: a picture cuts off what it draws: {p}")
    if not browser.js("document.documentElement.scrollWidth <= document.documentElement.clientWidth"):
        faults.append(f"{name} at {width} px: the page scrolls sideways")
    return faults


def unsaid_moves(browser: Chromium, name: str) -> list[str]:
    """The elements that play a move without saying in words what it does (in their title and their text
    alternative): only its notation, or only that it is legal."""
    faults = []
    for move, title, label in browser.js(SAID):
        if not title or title == move or " is legal" in title or move not in label or len(label) <= len(move) + 3:
            faults.append(f"{name}: {move} is not said in words (title {title!r}, label {label!r})")
    return faults


@pytest.mark.slow
@pytest.mark.book
def test_at_a_phones_width_the_hand_and_moves_come_first(play_site, tmp_path):
    """At 390 x 844, every game's page shows the player's first legal move (a card of their hand, or a move
    button) within the first screen, without scrolling past the other seats' hands; no picture is wider than
    the page or cuts off a label (Shakti's "pile: 1 card" was cut); every move is said in words."""
    address, _ = play_site
    from engine.registry import game_names

    browser = Chromium(390, 844, tmp_path)
    faults = []
    try:
        for name in game_names():
            open_page(browser, f"{address}/play/{name}.html#seed=7")
            first = browser.js(FIRST_MOVE)
            assert first and first["scrolled"] == 0, (name, first)
            if first["bottom"] > first["height"]:
                faults.append(f"{name}: the first legal move is below the first screen: {first}")
            faults += picture_faults(browser, name, 390) + unsaid_moves(browser, name)[:2]
            # the other seats' hands, where the picture draws them each on its own, come after the player's moves
            if browser.js("document.querySelector('#picture svg [data-seat], #others svg [data-seat]') !== null"):
                if not browser.js("document.querySelector('#picture svg [data-seat]') === null && "
                                  "document.getElementById('others').getBoundingClientRect().top > "
                                  "document.getElementById('moves').getBoundingClientRect().top"):
                    faults.append(f"{name}: the seats' hands come before the player's moves")
    finally:
        browser.close()
    assert not faults, "\n".join(faults)


@pytest.mark.slow
@pytest.mark.book
def test_at_a_desktops_width_the_whole_table_is_one_picture(play_site, tmp_path):
    """At 1280 px the table keeps its one whole picture (every seat's hand in it), holding all it draws."""
    address, _ = play_site
    from engine.registry import game_names

    browser = Chromium(1280, 900, tmp_path)
    try:
        for name in game_names():
            open_page(browser, f"{address}/play/{name}.html#seed=7")
            assert not picture_faults(browser, name, 1280) + unsaid_moves(browser, name)
            assert browser.js("document.getElementById('others').hidden"), name
            seats = WebGame(get_game(name), 7, {0}).picture(0).count("data-seat=")
            assert browser.js("document.querySelectorAll('#picture svg [data-seat]').length") == seats, name
    finally:
        browser.close()


@pytest.mark.slow
@pytest.mark.book
@pytest.mark.parametrize("name", ["nakash", "naqsh"])
def test_a_game_the_others_finish_after_one_decision_says_what_happened(play_site, name, tmp_path):
    """Nakash (no decision at all: the show is forced) and Naqsh with seed 7 (one: Asha takes a card and is out)
    are over after one click, the other seats playing out the deal: the page says so up front, tells every step
    since the click as the book narrates it, and the result with its reason."""
    address, _ = play_site
    browser = Chromium(390, 844, tmp_path)
    try:
        open_page(browser, f"{address}/play/{name}.html#seed=7&bots=careful")
        mirror = shadow(name, 7)
        mirror.reply()  # the steps before the person's first turn, told at the start
        move = browser.js("document.querySelector('#moves [data-move]').dataset.move")
        browser.click(f'#moves [data-move="{move}"]')
        reply = mirror.try_move(move)
        assert reply["over"], f"{name} seed 7 is not over after one move"
        assert browser.js("document.getElementById('turn').textContent") == "The game is over."
        assert browser.js("!document.getElementById('news').hidden")
        news = browser.js("document.getElementById('news').getBoundingClientRect().top")
        assert 0 <= news < browser.js("innerHeight"), news  # in sight, not only in the log at the foot of the page
        told = browser.js("[].map.call(document.querySelectorAll('#news-list li'), e => e.textContent)")
        expected = [re.sub(r"\s*\[[a-z]+\.[a-z0-9-]+\]", "", line) for line in reply["log"]]
        assert [re.sub(r"\s*§\d+(\.\d+)*,?", "", t).replace(" .", ".") for t in told] == \
            [e.replace(" .", ".") for e in expected], (told, expected)
        assert len(told) >= 2  # the person's step and the others' after it
        outcome = browser.js("document.getElementById('outcome').textContent")
        assert outcome.startswith(reply["result"]), (outcome, reply["result"])
        assert browser.js("document.getElementById('news-head').textContent") == "Since your last move, to the end:"
        assert not browser.js("document.getElementById('again').hidden")
    finally:
        browser.close()


COVERED = ("(function(){var board=document.getElementById('board'), cover=document.getElementById('cover');"
           "var shown=[].filter.call(board.querySelectorAll('*'), function(e){return !cover.contains(e) && "
           "e.getClientRects().length > 0}).map(function(e){return e.id || e.tagName});"
           "return {shown: shown, text: board.innerText.trim(), cover: cover.innerText.trim()};})()")


@pytest.mark.slow
@pytest.mark.book
def test_a_screen_handed_on_shows_nothing_of_the_last_players_view_at_either_width(play_site, tmp_path):
    """People at one screen: once a player moves, the cover asks for the screen to be handed on, and nothing of
    that player's view shows under it (their hand, moves, picture, turn line, news, hint, log), on a desktop's
    width as on a phone's (a wide screen's grid once showed the whole hand under the cover), in every game
    with more than one player."""
    address, _ = play_site
    from engine.registry import game_names

    browser = Chromium(1280, 900, tmp_path)
    faults, covered = [], 0
    try:
        for name in game_names():
            if game_class(name).max_players < 2:
                continue
            open_page(browser, f"{address}/play/{name}.html#seed=5&bots=people")
            browser.click("#hint")  # a hint for the first player, which must not outlive the hand-over
            for _ in range(12):
                if not browser.js("document.getElementById('cover').hidden") or \
                        not browser.js("document.querySelectorAll('#moves [data-move]').length"):
                    break
                browser.click("#moves [data-move]")
            if browser.js("document.getElementById('cover').hidden"):
                continue  # the game ended, or one player moves throughout (Naqsh's dealer may)
            covered += 1
            for width, height in ((1280, 900), (390, 844)):
                browser.resize(width, height)
                seen = browser.js(COVERED)
                if seen["shown"] or seen["text"] != seen["cover"] or "Hand the screen to" not in seen["cover"]:
                    faults.append(f"{name} at {width} px: under the cover shows {seen['shown'][:6]} "
                                  f"({len(seen['shown'])} elements), reading {seen['text'][:160]!r}")
            browser.resize(1280, 900)
            who = browser.js("document.getElementById('cover-text').textContent").removeprefix(
                "Hand the screen to ").rstrip(".")
            browser.click("#cover-go")
            if who not in browser.js("document.getElementById('turn').textContent"):
                faults.append(f"{name}: after the hand-over the turn line does not name {who}")
    finally:
        browser.close()
    assert covered >= 8, f"the cover came up in only {covered} games"
    assert not faults, "\n".join(faults)


@pytest.mark.slow
@pytest.mark.book
def test_a_shakti_discard_is_a_card_clicked_then_a_pile_clicked_in_the_picture(play_site, tmp_path):
    """Issue 44: in Shakti a card of the hand clicked, then a pile clicked in the picture, makes the discard, at
    a desktop's width and a phone's; between the two clicks the card stands out and only its moves are listed."""
    address, _ = play_site
    browser = Chromium(1280, 900, tmp_path)
    try:
        for width, height in ((1280, 900), (390, 844)):
            browser.resize(width, height)
            open_page(browser, f"{address}/play/shakti.html#seed=3&bots=careful")
            browser.click('#moves [data-move="tops"]')
            card = browser.js("document.querySelector('#hand [data-card]').dataset.card")
            before = browser.js("document.querySelectorAll('#hand [data-card]').length")
            browser.click(f'#hand [data-card="{card}"]')
            assert browser.js("document.getElementById('message').textContent").startswith("Where does the ")
            assert browser.js(f"document.querySelector('#hand [data-card=\"{card}\"]')"
                              ".classList.contains('play-chosen')")
            assert browser.js(MOVES) == [f"{card}>{n}" for n in range(1, 5)]
            assert browser.js("document.querySelectorAll('#picture .play-spot').length") == 4
            browser.click('#picture [data-spot="pile-2"]')
            assert browser.js("document.querySelectorAll('#hand [data-card]').length") == before - 1
            log = browser.js("document.getElementById('log').textContent")
            assert "on top of Bela's pile" in log, log[-300:]
            assert not browser.js("document.querySelectorAll('#picture .play-spot').length")
    finally:
        browser.close()


@pytest.mark.slow
@pytest.mark.book
def test_an_address_changed_by_hand_deals_its_game_without_a_reload(play_site, tmp_path):
    """Issue 44: typing #seed=4 into the address of an open page deals seed 4 at once (it needed a reload)."""
    address, _ = play_site
    browser = Chromium(1280, 900, tmp_path)
    try:
        open_page(browser, f"{address}/play/kendra-kari.html#seed=5&bots=careful")
        browser.js("location.hash = '#seed=4&bots=random'")
        browser.wait("document.getElementById('seed').value === '4'", 30)
        browser.wait("document.body.dataset.busy === 'no'", 30)
        expected = WebGame(get_game("kendra-kari"), 4, {0}, "random").reply()
        shown = browser.js("[].map.call(document.querySelectorAll('#hand [data-card]'), e => e.dataset.card)")
        assert shown == [c["card"] for c in expected["hand"]]
        assert browser.js("document.getElementById('bots').value") == "random"
    finally:
        browser.close()


def test_the_service_worker_keeps_every_file_a_page_loads_and_a_new_build_is_a_new_cache(tmp_path):
    """Issue 44: play/sw.js keeps the runtime, the engine, the pages and their script; its cache's name is made
    from their contents, so a build that changes any of them replaces the kept copy."""
    from book.playpages import PLAY_DIR, STATIC_FILES, cached_files, service_worker

    site = tmp_path
    for name in cached_files(["komi"]):
        path = (site / PLAY_DIR / name).resolve()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(name.encode())
    script = service_worker(site, ["komi"])
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", script).group(1))
    assert "runtime/pyodide.asm.wasm" in files and "engine.zip" in files and "komi.html" in files
    assert all(f"../_static/play/{n}" in files for n in STATIC_FILES)
    # the page's own script asks for nothing the worker does not keep
    page_asks = re.findall(r'(?:fetch|Worker)\("([^"]+)"', (ROOT / "book" / "static" / "play" / "play.js").read_text())
    assert page_asks and all(a in files for a in page_asks), page_asks
    version = re.search(r'ganjifa-play-([0-9a-f]+)', script).group(1)
    (site / PLAY_DIR / "engine.zip").write_bytes(b"another engine")
    assert re.search(r'ganjifa-play-([0-9a-f]+)', service_worker(site, ["komi"])).group(1) != version
    assert service_worker(site, ["komi"]) == service_worker(site, ["komi"])  # the same files, the same script


@pytest.mark.slow
@pytest.mark.book
def test_a_second_visit_starts_from_the_kept_copy_and_plays_with_no_network(play_site, tmp_path):
    """Issue 44: the first visit installs the service worker; the second is answered by it; with the site gone
    (its server shut down) the page still opens and deals. The seconds to the first move are printed for both."""
    _, folder = play_site
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/play/komi.html"
    browser = Chromium(1280, 900, tmp_path)
    try:
        first = open_page(browser, f"{url}#seed=3")
        browser.wait("navigator.serviceWorker.ready.then(function (r) { return !!r.active; })", 120)
        browser.page("Page.navigate", url="about:blank")
        second = open_page(browser, f"{url}#seed=4")
        assert browser.js("!!navigator.serviceWorker.controller"), "the second visit is not answered by the worker"
        server.shutdown()
        server.server_close()
        browser.page("Network.setCacheDisabled", cacheDisabled=True)  # not the browser's HTTP cache: the worker's
        browser.page("Page.navigate", url="about:blank")
        offline = open_page(browser, f"{url}#seed=5")
        assert browser.js("document.querySelectorAll('[data-move]').length") > 0
        print(f"\nkomi: the first move {first:.1f} s after opening the page on a first visit, {second:.1f} s on a "
              f"second (the service worker's copy), {offline:.1f} s with the site gone")
    finally:
        browser.close()
