"""One side of a review: what a checkout's book and engine say, as plain JSON.

``ganjifa review`` runs this file once in each checkout (the working tree, and a temporary worktree of the
base revision), in a process of its own whose ``engine`` and ``book`` are that checkout's
(``PYTHONPATH``), so the old side is read by the old code. It is run by path, not imported from the
package, because the old checkout may have no ``engine/review``: it uses only the engine's long-standing
calls (``registry``, ``questions.ask``, ``transcript``, ``simulate``, ``draw``) and the standard library.

``python snapshot.py book [--fingerprint] [--only JSON] OUT`` writes the book's side: every game's options, clauses and a fingerprint of a
few seeded games; every question, position, golden deal and engine table of the chapters, as that side's
engine answers them. ``python snapshot.py play JSON OUT`` plays the settings in JSON (game, options, bots,
games, seed) and writes each game's outcome, with any ``{sim-figure}`` of the chapters worked out again.
The chapters are read as text (:func:`directives`), not built: a review reads every chapter in seconds.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import sys
from pathlib import Path

FINGERPRINT_GAMES = 20  # seeded games per player count and bot kind whose moves and words are hashed
BOTS = ("random", "heuristic")
DIRECTIVES = ("clause", "question", "position", "deal", "game-table", "what-you-need", "deck-table")
_OPEN = re.compile(r"^(?P<fence>`{3,}|:{3,})\{(?P<name>[a-z-]+)\}\s*(?P<arg>.*?)\s*$")
_OPTION = re.compile(r"^:(?P<key>[a-z-]+):(?:\s+(?P<value>.*?))?\s*$")
SIM_FIGURE = re.compile(r"\{sim-figure\}`([^`]*)`")
TABLE_FIGURE = re.compile(r"\{table-figure\}`([^`]*)`")


def floor(module: str, *names: str):
    """``names`` from engine ``module`` (``"study.simulate"``), at engine/'s top on a side from before the floors."""
    try:
        found = importlib.import_module(f"engine.{module}")
    except ModuleNotFoundError:  # a checkout from before engine/ had floors (issue 48): engine.simulate
        found = importlib.import_module(f"engine.{module.rpartition('.')[2]}")
    return getattr(found, names[0]) if len(names) == 1 else tuple(getattr(found, n) for n in names)

def chapters(root: Path) -> list[Path]:
    """The book's Markdown chapters under ``rules/`` (the golden deals' folder left out)."""
    return sorted(p for p in (root / "rules").rglob("*.md") if "deals" not in p.relative_to(root).parts)


def directives(text: str, names=DIRECTIVES) -> list[dict]:
    """The fenced directives ``names`` of a MyST chapter, in order: ``{"name", "arg", "line" (1-based, the
    opening fence), "options" {key: value}, "body" (the text after the options)}``. Containers around them
    (``::::{only}``) are looked through; an option's indented continuation lines join its value."""
    lines = text.splitlines()
    out = []
    i = 0
    while i < len(lines):
        m = _OPEN.match(lines[i])
        if not m or m["name"] not in names:
            i += 1
            continue
        fence = m["fence"]
        j = i + 1
        options: dict[str, str] = {}
        last = None
        while j < len(lines):
            line = lines[j]
            om = _OPTION.match(line)
            if om:
                last = om["key"]
                options[last] = om["value"] or ""
            elif last is not None and line[:1] in (" ", "\t") and line.strip():
                options[last] += " " + line.strip()
            else:
                break
            j += 1
        body = []
        while j < len(lines) and not (lines[j].strip() and set(lines[j].strip()) == {fence[0]}
                                      and len(lines[j].strip()) >= len(fence)):
            body.append(lines[j])
            j += 1
        out.append({"name": m["name"], "arg": m["arg"], "line": i + 1, "options": options,
                    "body": "\n".join(body).strip()})
        i = j + 1
    return out


def _flat(text: str) -> str:
    return " ".join(text.split())


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _names(game, given: str) -> tuple[str, ...]:
    from engine.protocol import default_names

    return tuple(n.strip() for n in given.split(",")) if given.strip() else default_names(game.players)


def _svg(state, names) -> str | None:
    try:
        from engine.draw import state_svg, to_string

        return to_string(state_svg(state, names=names))
    except Exception:  # noqa: BLE001 - a game without pictures, or an older engine: no picture
        return None


def _error(err: Exception) -> str:
    return " ".join(str(err).split()) or type(err).__name__


def games_facts(fingerprints: bool = True) -> dict:
    """Every game's title, players, options (default and choices), clauses and (with ``fingerprints``) the
    fingerprint of its play."""
    from engine.registry import available_games, game_class

    out = {}
    for name in available_games():
        cls = game_class(name)
        folder = cls.__module__.split(".")[2] if cls.__module__.startswith("engine.games.") else ""
        options = {o.name: {"default": _plain(o.default), "choices": [_plain(c) for c in o.choices],
                            "clause": o.clause} for o in cls.options()}
        out[name] = {"title": cls.title, "folder": folder, "players": [cls.min_players, cls.max_players],
                     "default_players": cls.from_text("").players, "options": options,
                     "clauses": dict(cls.CLAUSES), "events": dict(getattr(cls, "EVENTS", {}) or {}),
                     "fingerprint": fingerprint(cls) if fingerprints else {}}
    return out


def _plain(value):
    return value if isinstance(value, (bool, int, float, str)) or value is None else str(value)


def fingerprint(cls, games: int = FINGERPRINT_GAMES) -> dict:
    """Per player count and bot kind, over the first ``games`` games of a simulation (seed 1): a hash of their
    moves and results (``play``), of the moves, of the results (``outcome``: winners, scores, payments), of their
    words; and each game's ``steps`` (a short hash and the clauses cited; the result last, marked ``=``)."""
    played = floor("study.simulate", "played")
    out = {}
    for players in range(cls.min_players, cls.max_players + 1):
        try:
            game = cls.from_text(f"players={players}") if cls.min_players != cls.max_players else cls.from_text("")
        except Exception:  # noqa: BLE001 - a count the options refuse
            continue
        names = [f"P{i + 1}" for i in range(game.players)]
        for kind in BOTS:
            play, moves, outcome, words = (hashlib.sha256() for _ in range(4))
            steps = []
            try:
                for state in played(game, 1, (kind,) * game.players, 0, games):
                    trail = []
                    for r in state.history:
                        play.update(f"{r.player}:{r.move};".encode())
                        moves.update(f"{r.player}:{r.move};".encode())
                        said = r.narrate(names)
                        words.update(f"{said}\n".encode())
                        trail.append(" ".join((_hash(f"{r.player}:{r.move}|{said}")[:8], *getattr(r, "clauses", ()))))
                    result = state.result()
                    play.update(f"={result.winners}{result.scores}|".encode())
                    outcome.update(f"={result.winners}{result.scores}|".encode())
                    said = result.narrate(names)
                    words.update(said.encode())
                    trail.append(" ".join(("=" + _hash(f"{result.winners}{result.scores}|{said}")[:8],
                                           *([result.clause] if getattr(result, "clause", "") else []))))
                    steps.append(trail)
                out[f"{game.players}/{kind}"] = {"play": play.hexdigest()[:16], "moves": moves.hexdigest()[:16],
                                                 "outcome": outcome.hexdigest()[:16], "words": words.hexdigest()[:16],
                                                 "steps": steps}
            except Exception as err:  # noqa: BLE001 - a game that fails: its message is the fingerprint
                out[f"{game.players}/{kind}"] = {"play": f"error: {_error(err)}", "words": ""}
    return out


def _resolver(chapter: Path):
    """The chapter's example positions read in page order (``moments``), or None for a side whose engine predates
    examples that take their position from play."""
    try:
        Positions = floor("examples.moments", "Positions")
    except ImportError:
        return None
    return Positions(chapter.parent)


def _example_state(game, written: str, o: dict, positions, names):
    if positions is None:
        return game.position(written)
    return positions.read(game, written, moment_text=o.get("from", "").strip(), continues=o.get("continues", "").strip(),
                          moves=o.get("moves", "").strip(), label=o.get("label", "").strip(), names=names)


def _from_play(o: dict) -> str:
    """How an example takes its position from play, as text a reviewer reads (empty when written by hand)."""
    return " ".join(f":{k}: {_flat(o[k])}" for k in ("from", "continues", "moves") if o.get(k))


def question(d: dict, path: str, positions=None) -> dict:
    from engine.registry import game_class
    ask = floor("examples.questions", "ask")

    o = d["options"]
    entry = {"file": path, "line": d["line"], "title": d["arg"], "game": o.get("game", "").strip(),
             "options": _flat(o.get("options", "")),
             "position": " ".join(filter(None, (_flat(o.get("position", "")), _from_play(o)))),
             "ask": _flat(o.get("ask", "")), "answer": o.get("answer", "").strip(), "clause": o.get("clause", "").strip(),
             "picture": o.get("picture", "yes") == "yes"}
    try:
        game = game_class(entry["game"]).from_text(entry["options"])
        names = _names(game, o.get("names", ""))
        state = _example_state(game, _flat(o.get("position", "")), o, positions, names)
        entry["svg"] = _svg(state, names) if entry["picture"] else None
        a = ask(state, entry["ask"], names)
        entry["engine"] = {"verdict": a.verdict, "text": a.text, "clauses": list(a.clauses),
                           "moves": [list(m) for m in a.moves]}
    except Exception as err:  # noqa: BLE001 - the book would fail here: say what
        entry["engine"] = {"error": _error(err)}
        entry.setdefault("svg", None)
    return entry


def position(d: dict, path: str, positions=None) -> dict:
    from engine.registry import game_class

    o = d["options"]
    setup = _flat(o.get("setup") or d["body"])
    entry = {"file": path, "line": d["line"], "game": o.get("game", "").strip(), "options": _flat(o.get("options", "")),
             "setup": " ".join(filter(None, (setup, _from_play(o)))), "move": o.get("move", "").strip()}
    try:
        game = game_class(entry["game"]).from_text(entry["options"])
        names = _names(game, o.get("names", ""))
        state = _example_state(game, setup, o, positions, names)
        entry["svg"] = _svg(state, names)
        moves = []
        if state.current_player is not None and state.current_player >= 0:
            for m in state.legal_moves():
                moves.append([str(m), state.copy().apply(m).narrate(names)])
        shown = None
        if entry["move"]:
            shown = state.copy().apply(game.parse_move(entry["move"])).narrate(names)
        entry["engine"] = {"moves": moves, "shown": shown}
    except Exception as err:  # noqa: BLE001
        entry["engine"] = {"error": _error(err)}
        entry.setdefault("svg", None)
    return entry


def deal(path: Path, rel: str) -> dict:
    """A golden deal: whether the file replays as written, and the game as this engine plays it now
    (its bots again from its seed, or its moves narrated again), step by step, and its result."""
    read, rebuild, replay = floor("examples.transcript", "read", "rebuild", "replay")
    entry = {"file": rel, "replays": True, "problem": None, "steps": [], "result": None}
    try:
        t = read(path)
    except Exception as err:  # noqa: BLE001
        entry.update(replays=False, problem=_error(err).replace(str(path), rel))
        return entry
    entry["game"] = t.game
    entry["options"] = t.options_text()
    try:
        replay(t, snapshots=False)
    except Exception as err:  # noqa: BLE001
        entry.update(replays=False, problem=_error(err))
    try:
        now = rebuild(t)
        entry["steps"] = [[s.player, s.move, list(s.narration)] for s in now.steps]
        entry["result"] = now.result
    except Exception as err:  # noqa: BLE001
        entry["steps"] = [[s.player, s.move, list(s.narration)] for s in t.steps]
        entry["result"] = t.result
        entry["problem"] = entry["problem"] or _error(err)
    if entry["problem"]:  # the file by its path in the book, not on this machine
        entry["problem"] = entry["problem"].replace(str(path), rel)
    return entry


def _deal_layout():
    """The ``{deal}`` directive's own numbers and its reading of a body's marks, from this side's book (the
    numbers as they long were, for a side whose book has no such module)."""
    try:
        from book.directives.deal import ALT_SPAN, FOLD_AT
    except Exception:  # noqa: BLE001
        ALT_SPAN, FOLD_AT = 12, 3
    try:
        from book.directives.worked import parse_marks
    except Exception:  # noqa: BLE001
        parse_marks = None
    return ALT_SPAN, FOLD_AT, parse_marks


def _number(text, default: int) -> int:
    text = (text or "").strip()
    return int(text) if text.isdigit() else default


def worked_pictures(d: dict, path: str, folder: Path, root: Path) -> dict:
    """Every picture a ``{deal}`` block draws, as the directive (``book/directives/deal.py``) chooses them and
    with the engine's calls it makes (``transcript.replay``, ``key_pictures``, ``draw.state_svg``): the
    hands as dealt, the position it starts from, the moments ``:pictures:`` asks for, in the part told for
    print and in the site's list of every move, and the positions print may put in place of a picture when a
    page would be left half blank. One entry a position (``moment``: 0 as dealt, N after move N; ``hand:NAME``),
    with its captions and the forms it is drawn in (``print``, ``site``, ``print-alt``)."""
    from engine.draw import hand_svg, state_svg, to_string
    initial_state, key_pictures, parse, replay = floor("examples.transcript", "initial_state", "key_pictures", "parse", "replay")

    o = d["options"]
    given = o.get("file", "").strip()
    target = (folder / given).resolve()
    rel = target.relative_to(root.resolve()).as_posix() if target.is_relative_to(root.resolve()) else given
    entry = {"file": path, "line": d["line"], "deal": rel, "part": [o.get("from", "").strip(), o.get("to", "").strip()],
             "game": "", "pictures": [], "problem": None}
    alt_span, fold_at, parse_marks = _deal_layout()
    try:
        t = parse(target.read_text(encoding="utf-8"), rel)
        entry["game"] = t.game
        game = t.definition()
        steps = replay(t, snapshots=True)
        start = initial_state(t)
        first, last = _number(o.get("from"), 1), _number(o.get("to"), len(steps))
        if not 1 <= first <= last <= len(steps):
            raise ValueError(f":from: {first} / :to: {last} must be within the {len(steps)} moves of {rel}")
        mode = o.get("pictures", "bridges").strip() or "bridges"
        if mode == "none":
            before, after = set(), set()
        elif mode == "all":
            before, after = set(), {r.step.number for r in steps}
        elif mode in ("bridges", "key"):
            before, after = key_pictures(t, steps, game)
        else:
            before, after = set(), {int(n) for n in mode.split(",")}
        names = t.names or tuple(f"Player {i + 1}" for i in range(game.players))
        body = d["body"].splitlines() if d["body"] else []
        marks = parse_marks(body, 0, first, last, len(steps)) if parse_marks and body else []
        shown = o.get("print", "").strip() or ("fold" if body else "full")
    except Exception as err:  # noqa: BLE001 - the book fails here (a stale file, a bad option): no pictures
        entry["problem"] = _error(err)
        return entry
    drawn: dict = {}  # moment -> {"captions", "forms", "state" or "hand"}

    def draw(moment, caption, forms, state=None, hand=None):
        if not forms:
            return
        p = drawn.setdefault(moment, {"moment": moment, "captions": [], "forms": [], "state": state, "hand": hand})
        if caption not in p["captions"]:
            p["captions"].append(caption)
        p["forms"] += [f for f in forms if f not in p["forms"]]

    box = ["site"] if shown == "no" else ["print", "site"]  # what the box shows outside the site-only list
    pictured = None
    if first == 1:
        if o.get("hands", "no").strip() == "yes":
            for name, hand in zip(names, t.deal.hands):
                draw(f"hand:{name}", f"{name}'s hand as dealt", box, hand=hand)
        if o.get("start-picture", "yes").strip() == "yes" or 1 in before:
            draw(0, "At the start", box, state=start)
            pictured = 0
    elif first in before or o.get("start-picture", "yes").strip() == "yes":
        draw(first - 1, f"Before move {first}", box, state=steps[first - 2].state)
        pictured = first - 1
    if shown == "fold":
        keys = {mk.first for mk in marks if mk.key}
        for n in sorted(k for k in keys if first <= k <= last):
            if n in before and n > first:
                draw(n - 1, f"Before move {n}", box, state=steps[n - 2].state)
            if n in after or (n + 1 in before and n < last and n + 1 not in keys):
                draw(n, f"After move {n}", box, state=steps[n - 1].state)
    whole = ["print", "site"] if shown == "full" else ["site"]  # the list of every move
    fold = o.get("fold", "forced").strip() != "none"
    for r in steps[first - 1:last]:
        n = r.step.number
        captions = [f"After move {n}"] if n in after else [f"Before move {n + 1}"] if n + 1 in before and n < last else []
        if fold and r.forced and not captions:
            continue  # folded with the forced moves around it (a run too short to fold draws nothing either)
        if captions:
            draw(n, captions[0], whole, state=r.state)
            pictured = n
        elif pictured is not None and n - pictured <= alt_span and shown == "full":
            draw(n, f"After move {n}", ["print-alt"], state=r.state)
    for p in drawn.values():
        try:
            svg = to_string(hand_svg(p["hand"], label=p["moment"][5:]) if p["hand"] is not None
                            else state_svg(p["state"], names=names))
        except Exception as err:  # noqa: BLE001
            svg = None
            entry["problem"] = entry["problem"] or _error(err)
        entry["pictures"].append({"moment": p["moment"], "captions": p["captions"], "forms": p["forms"], "svg": svg})
    return entry


def book_pictures(d: dict, path: str) -> list[dict]:
    """The pictures a chapter draws outside its examples and worked games, with the directives' engine calls: the
    table as play starts (``{what-you-need}``: ``draw.table_svg``, or a patience's first layout) and a deck's
    sheets (``{deck-table}`` with ``:pictures:``: ``draw.deck_sheet_svg``). One entry a picture: file, line,
    game, title, svg (None, with ``problem``, where the book fails)."""
    out = []
    name = d["arg"].strip()
    try:
        if d["name"] == "what-you-need":
            from book.printwords import CAST
            from engine.draw import state_svg, table_svg, to_string
            from engine.registry import game_class

            game = game_class(name).from_text("")
            picture = table_svg(game, CAST) if type(game).max_players > 1 else state_svg(game.start(0), names=CAST[:1])
            out.append({"file": path, "line": d["line"], "game": name, "title": f"the table as play starts ({game.title})",
                        "svg": to_string(picture)})
        elif d["name"] == "deck-table" and "pictures" in d["options"]:
            from engine.decks import Ranking, deck
            from engine.draw import deck_sheet_svg, to_string

            pack = deck(name)
            ranking = Ranking(d["options"].get("ranking", "").strip() or "traditional")
            for s in pack.suits:
                out.append({"file": path, "line": d["line"], "game": "", "title": f"the {name} deck's sheet: {s.name} ({s.code})",
                            "svg": to_string(deck_sheet_svg(pack, s, ranking=ranking))})
    except Exception as err:  # noqa: BLE001 - the book fails here
        out.append({"file": path, "line": d["line"], "game": name if d["name"] == "what-you-need" else "",
                    "title": f"{{{d['name']}}} {name}", "svg": None, "problem": _error(err)})
    return out


def table_figure(text: str) -> str | None:
    """A ``{table-figure}`` as this side's book prints it (its table's cell, or words made from it); None on a
    side whose book has no such role; the problem, when the cell cannot be found."""
    try:
        from book.directives.table_figure import cell
    except ImportError:
        return None
    try:
        return cell(text)
    except Exception as err:  # noqa: BLE001 - the book fails here
        return f"(fails: {_error(err)})"


def table(d: dict, path: str) -> dict:
    from engine.registry import game_class

    o = d["options"]
    args = d["arg"].split()
    name = (args[1] if len(args) > 1 else o.get("table", "")).strip()
    entry = {"file": path, "line": d["line"], "game": args[0] if args else "", "table": name,
             "options": _flat(o.get("options", ""))}
    try:
        made = game_class(entry["game"]).from_text(entry["options"]).table(name)
        entry["engine"] = {"title": made.title, "header": [str(h) for h in made.header],
                           "rows": [[str(c) for c in r] for r in made.rows], "note": made.note}
    except Exception as err:  # noqa: BLE001
        entry["engine"] = {"error": _error(err)}
    return entry


def book(root: Path, fingerprints: bool = True, only: set[str] | None = None) -> dict:
    """The book's side; with ``only`` (paths from the checkout's top), only those chapters and golden deals are
    read (a change to the chapters alone leaves every other example as it was)."""
    import engine

    out = {"engine": str(Path(engine.__file__).resolve().parent), "games": games_facts(fingerprints), "questions": [],
           "positions": [], "tables": [], "deals": [], "figures": [], "worked": [], "pictures": []}
    seen_deals = set()
    for chapter in chapters(root):
        rel = chapter.relative_to(root).as_posix()
        text = chapter.read_text(encoding="utf-8")
        if only is not None and rel not in only:  # its worked games' pictures, when their golden deal changed
            for d in directives(text, ("deal",)):
                given = (chapter.parent / d["options"].get("file", "").strip()).resolve()
                if d["options"].get("file") and given.is_relative_to(root.resolve()) \
                        and given.relative_to(root.resolve()).as_posix() in only:
                    out["worked"].append(worked_pictures(d, rel, chapter.parent, root))
            continue
        positions = _resolver(chapter)
        for d in directives(text):
            if d["name"] == "question":
                out["questions"].append(question(d, rel, positions))
            elif d["name"] == "position":
                out["positions"].append(position(d, rel, positions))
            elif d["name"] == "game-table":
                out["tables"].append(table(d, rel))
            elif d["name"] in ("what-you-need", "deck-table"):
                out["pictures"] += book_pictures(d, rel)
            elif d["name"] == "deal" and d["options"].get("file"):
                seen_deals.add((chapter.parent / d["options"]["file"].strip()).resolve())
                out["worked"].append(worked_pictures(d, rel, chapter.parent, root))
        for n, line in enumerate(text.splitlines(), 1):
            for m in SIM_FIGURE.finditer(line):
                out["figures"].append({"file": rel, "line": n, "text": _flat(m.group(1))})
            for m in TABLE_FIGURE.finditer(line):
                out["figures"].append({"file": rel, "line": n, "text": _flat(m.group(1)), "kind": "table",
                                       "words": table_figure(_flat(m.group(1)))})
    deals_dir = root / "rules" / "deals"
    for path in sorted(set(deals_dir.glob("*.txt")) | seen_deals):
        if only is not None and path.relative_to(root).as_posix() not in only:
            continue
        if path.is_file():
            out["deals"].append(deal(path, path.relative_to(root).as_posix()))
    return out


def play(root: Path, job: dict) -> dict:
    """Each setting's games, game by game (seat wins in sixtieths, moves, events, money), and its tallies;
    each ``{sim-figure}`` of ``job["figures"]`` in words."""
    from engine.registry import game_class

    simulate = floor("study.simulate", "simulate")
    folder = Path(job.get("cache") or root / "_build" / "cache" / "simulations")
    try:
        from book.simcache import cached_report
    except Exception:  # noqa: BLE001 - an older book: no cache
        cached_report = None
    out = {"settings": [], "figures": []}

    def report(game, games, seed, bots):
        if cached_report is not None:
            try:
                return cached_report(folder, game, games, seed, tuple(bots), per_game=True)
            except TypeError:
                pass
        return simulate(game, games, seed, tuple(bots), per_game=True)

    for s in job.get("settings", []):
        cls = game_class(s["game"])
        try:
            game = cls.from_text(s.get("options", ""))
        except Exception as err:  # noqa: BLE001 - a setting this side does not have
            out["settings"].append({**s, "error": _error(err)})
            continue
        r = report(game, s["games"], s.get("seed", 1), (s["bots"],))
        o, t = r.outcomes, r.tally
        out["settings"].append({
            **s, "players": game.players, "events": list(game.EVENTS), "event_words": dict(game.EVENTS),
            "clauses": dict(game.CLAUSES), "wins": list(o.wins), "moves": list(o.moves), "masks": list(o.events),
            "money": None if o.money is None else list(o.money), "clause_games": dict(t.clause_games),
            "clause_counts": dict(t.clause_counts), "event_counts": dict(t.event_counts),
            "measured": {spec: _measured(spec, game, s) for spec in job.get("measures", [])}})
    for f in job.get("figures", []):
        out["figures"].append({**f, "words": sim_figure(f["text"], report)})
    return out


def _measured(spec: str, game, s: dict) -> list | dict:
    """The designer's measure ``spec`` (``/path/file.py:function``, loaded in this side's process) of each game of
    the setting ``s`` (the games its simulation played, in order), or ``{"error": ...}`` when it fails here."""
    played = floor("study.simulate", "played")
    path, _, name = spec.rpartition(":")
    try:
        found = importlib.util.spec_from_file_location(f"ganjifa_review_measure_{abs(hash(spec))}", path)
        module = importlib.util.module_from_spec(found)
        found.loader.exec_module(module)
        return [None if v is None else float(v) for v in (getattr(module, name)(state) for state in played(
            game, s.get("seed", 1), (s["bots"],) * game.players, 0, s["games"]))]
    except Exception as err:  # noqa: BLE001 - the measure, or this side's engine, fails: said, not raised
        return {"error": f"{name}: {_error(err)}"}


def sim_figure(text: str, report) -> str:
    """A ``{sim-figure}`` role's words, as the book prints them (or what is wrong with it)."""
    try:
        from book.directives.sim_figure import count, rate_words, share_words
        from engine.registry import game_class
        from engine.shuffle import parse_seed

        formula, _, setting = text.partition("@")
        words = setting.split()
        keys = {k: v for k, _, v in (w.partition("=") for w in words[1:]) if k in ("games", "seed", "bots")}
        options = " ".join(w for w in words[1:] if w.partition("=")[0] not in keys)
        game = game_class(words[0]).from_text(options)
        r = report(game, int(keys.get("games", "1000")), parse_seed(keys.get("seed", "1")),
                   tuple(keys.get("bots", "random").split(",")))
        noun, _, formula = formula.rpartition(":")
        share = "/" in formula
        top, _, bottom = (t.strip() for t in formula.partition("/" if share else " per "))
        x, n = count(r, top), count(r, bottom)
        return share_words(x, n, noun.strip()) if share else rate_words(x, n)
    except Exception as err:  # noqa: BLE001
        return f"(error: {_error(err)})"


def main(argv: list[str]) -> int:
    """``book [--fingerprint] [--only JSON] OUT``, ``play JSON OUT`` or ``check JSON OUT``: the side's JSON to OUT."""
    root = Path.cwd()
    if len(argv) >= 2 and argv[0] == "book":
        flags = argv[1:-1]
        only = set(json.loads(flags[flags.index("--only") + 1])) if "--only" in flags else None
        data = book(root, fingerprints="--fingerprint" in flags, only=only)
    elif len(argv) == 3 and argv[0] == "play":
        data = play(root, json.loads(argv[1]))
    elif len(argv) == 3 and argv[0] == "check":  # the side's book as `ganjifa check` reads it, by its own engine
        KINDS, check = floor("doors.check", "KINDS", "check")

        import engine

        problems = check(json.loads(argv[1]), root)
        data = {"engine": str(Path(engine.__file__).resolve().parent),
                "problems": [line for kind, _ in KINDS for line in problems[kind]]}
    else:
        print("usage: snapshot.py book [--fingerprint] OUT | play JSON OUT", file=sys.stderr)
        return 2
    Path(argv[-1]).write_text(json.dumps(data), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
