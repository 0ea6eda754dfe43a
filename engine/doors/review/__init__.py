"""``ganjifa review BASE``: what a change does to the book and to the game, against a git revision.

The working tree (the *head*) is compared with ``BASE`` (a branch, a tag, a commit; ``HEAD`` for uncommitted
edits), which is checked out in a temporary git worktree and read by its own code (:mod:`.sides`). For each
game the change touches, the review gives

1. the rules text (:mod:`.text`): clauses added, removed and reworded (a word diff), options changed;
2. the book's examples (:mod:`.examples`): questions, positions, engine tables, printed figures and worked
   games whose answer, picture, figures or play changed, with file and line on each side;
3. the game (:mod:`.gameplay`): games whose play changed on a few seeded games, then played on the same seeds
   on both sides and compared measure by measure (paired tests, Holm's correction, 95% intervals);
4. the book's verdict first: the head side's book checked as ``ganjifa check`` checks it (every chapter the
   draft touches and every chapter of a game whose behaviour changed); a book that no longer builds is said
   before anything else, each failing example with the chapter's answer and the engine's;
5. a verdict line, and an exit status for it (:data:`STATUS`), so CI can label a pull request.

The report is Markdown (a pull-request comment), and also HTML (changed pictures side by side) or JSON
(:mod:`.writers`). Simulations go through the book's simulation cache, so a second review of the same pair
plays nothing again.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from .examples import Example, deals, example_changes
from .gameplay import BOT_WORDS, SettingDiff, compare_setting, fingerprint_changes, settings_for, worked_settings
from .sides import ReviewError, base_checkout, both, changed_files, relevant, repository, resolve
from .text import BOOK, TextChanges, text_changes

NO_CHANGE, BOOK_CHANGES, GAME_CHANGES, BOOK_FAILS = 0, 3, 4, 5
STATUS = {NO_CHANGE: "no change for players", BOOK_CHANGES: "the book changes", GAME_CHANGES: "the game changes",
          BOOK_FAILS: "the book fails"}
DEFAULT_GAMES = 300  # games a setting (each side, random and careful players) when a game's play changed


@dataclass
class GameReview:
    name: str
    title: str
    text: TextChanges = field(default_factory=TextChanges)
    examples: list[Example] = field(default_factory=list)
    engine_changed: bool = False  # a file the game's code is read from changed
    play_changed: list[str] = field(default_factory=list)  # settings ("4/random") whose moves differ
    # worked games (golden deals) whose moves or ending differ for an engine that changed, though the seeded
    # games play the same: a rule only they reach (several rounds, an option), so the game is played as they are
    worked_changed: list[str] = field(default_factory=list)
    words_changed: list[str] = field(default_factory=list)  # settings whose moves agree but words differ
    moves_changed: list[str] = field(default_factory=list)  # of play_changed, the settings whose moves differ
    outcome_changed: list[str] = field(default_factory=list)  # of play_changed, the same moves, other results
    # clauses whose words did not change though play did: (clause, "file:line", summary, why it may be false now)
    reread: list[tuple[str, str, str, str]] = field(default_factory=list)
    first: dict[str, int] = field(default_factory=dict)  # clause -> seeded games whose first difference cites it
    compared: int = 0  # seeded games compared for ``first``
    defaults: dict[str, str] = field(default_factory=dict)  # clause -> "its option ties is now dealer (was push)"
    settings: list[SettingDiff] = field(default_factory=list)
    status: str = ""  # "added" / "removed" for a game on one side only

    @property
    def touched(self) -> bool:
        return bool(self.text or self.examples or self.play_changed or self.worked_changed or self.words_changed
                    or self.status)


@dataclass
class Review:
    base: str
    commit: str
    changed: list[str]
    games: dict[str, GameReview] = field(default_factory=dict)
    status: int = NO_CHANGE
    verdict: str = STATUS[NO_CHANGE]
    fingerprint_games: int = 0
    # the head side's book as `ganjifa check` reads it: what no longer builds ("rules/komi.md:146: ..."), and
    # the chapters read for it
    book_fails: list[str] = field(default_factory=list)
    book_checked: list[str] = field(default_factory=list)


def engine_games(paths: list[str], folders: dict[str, str]) -> set[str]:
    """The games whose code a change of ``paths`` touches: a game's own folder touches that game, any other
    engine file (shared code) every game."""
    out = set()
    for p in paths:
        if not p.startswith("engine/") or p.startswith("engine/doors/review/"):
            continue
        parts = p.split("/")
        if len(parts) > 3 and parts[1] == "games":
            out |= {g for g, f in folders.items() if f == parts[2]}
        else:
            return set(folders)
    return out


def progress(message: str) -> None:
    print(f"review: {message}", file=sys.stderr, flush=True)


def review(root: Path, base: str = "HEAD", games: int = DEFAULT_GAMES, say=progress,
           measures: tuple[str, ...] = ()) -> Review:
    """The review of the working tree holding ``root`` against ``base``; ``measures``: a designer's own measures
    (``/path/file.py:function``, :mod:`engine.study.measures`), compared base against head on every setting played."""
    from . import snapshot

    top = repository(root)
    commit = resolve(top, base)
    changed = changed_files(top, commit)
    result = Review(base, commit, changed)
    matters = relevant(changed)
    if not matters:
        say(f"nothing the book or the game is made from differs from {base} ({len(changed)} other files)")
        return result
    say(f"checking out {base} ({commit[:10]}) in a temporary worktree")
    with base_checkout(top, commit) as old_tree:
        trees = {"base": old_tree, "head": top}
        code = any(p.startswith(("engine/", "rules/data/")) for p in matters)  # else the games play as they did
        say("reading both sides' chapters" + (" and playing a few seeded games of every game" if code else "")
            + ", each side by its own engine")
        # with the engine and the book's code as they were, only the chapters and golden deals changed are read
        everything = any(not p.startswith("rules/") or p.startswith("rules/data/") for p in matters)
        import json

        books = both(trees, "book", *(["--fingerprint"] if code else []),
                     *([] if everything else ["--only", json.dumps(matters)]), cache=top / "_build" / "cache" / "review")
        old, new = books["base"], books["head"]
        for side, data in books.items():  # each side read by its own engine, never the one installed
            if not Path(data["engine"]).resolve().is_relative_to(Path(trees[side]).resolve()):
                raise ReviewError(f"the {side} side was read by the engine in {data['engine']}, not its own")
        result.fingerprint_games = snapshot.FINGERPRINT_GAMES if code else 0
        names = sorted(set(old["games"]) | set(new["games"]))
        facts = {g: new["games"].get(g) or old["games"][g] for g in names}
        for g in names:
            result.games[g] = GameReview(g, facts[g]["title"])
        touched = engine_games(matters, {g: f["folder"] for g, f in facts.items()})
        for g, ch in fingerprint_changes(old["games"], new["games"]).items():
            r = result.games[g]
            r.engine_changed = g in touched
            r.status = "added" if ch.get("added") else "removed" if ch.get("removed") else ""
            r.play_changed, r.words_changed = ch["play"], ch["words"]
            r.moves_changed, r.outcome_changed = ch["moves"], ch["outcome"]
            if ch["play"]:
                r.first, r.compared = ch["first"], snapshot.FINGERPRINT_GAMES * len(ch["play"] + ch["words"])
            if g in old["games"] and g in new["games"]:
                before, after = old["games"][g]["options"], new["games"][g]["options"]
                for o, facts_ in after.items():
                    if o in before and facts_.get("clause") and before[o]["default"] != facts_["default"]:
                        r.defaults[facts_["clause"]] = (f"its option {o.replace('_', '-')} is now {facts_['default']} "
                                                        f"by default (was {before[o]['default']})")
        for key, changes in text_changes(old_tree, top, old["games"], new["games"]).items():
            result.games.setdefault(key, GameReview(key, "The rest of the book")).text = changes
        reread_clauses(top, result)
        worked = {}  # game -> the options of its first worked game that plays or ends otherwise
        if code:
            options = {d["file"]: d.get("options", "") for d in new["deals"]}
            for ex in deals(old["deals"], new["deals"]):
                r = result.games.get(ex.game)
                if r and r.engine_changed and not r.play_changed and not r.status and {"play", "ending"} & set(ex.what):
                    r.worked_changed.append(ex.file)
                    worked.setdefault(ex.game, options.get(ex.file, ""))
        changed_play = [g for g, r in result.games.items() if (r.play_changed or r.worked_changed) and not r.status]
        if changed_play:
            settings = settings_for(facts, {g: result.games[g].play_changed for g in changed_play if g not in worked},
                                    games) + worked_settings(worked, games)
            say(f"playing {', '.join(facts[g]['title'] for g in changed_play)} on both sides: {games:,} games each "
                f"with random and with careful players, the same seeds (the simulation cache is used)")

            plays = {}
            for side in ("base", "head"):  # one side after the other: each side's simulations use every core
                job = {"settings": settings, "figures": [f for f in (old if side == "base" else new).get("figures", [])
                                                        if f.get("kind") != "table" and _figure_game(f) in changed_play],
                       "cache": str(top / "_build" / "cache" / "simulations"), "measures": list(measures)}
                plays.update(both({side: trees[side]}, "play", json.dumps(job)))
            for a, b in zip(plays["base"]["settings"], plays["head"]["settings"]):
                result.games[b["game"]].settings.append(compare_setting(a, b))
            worked = {(f["file"], f["text"]): f for f in plays["base"]["figures"]}
            for f in old.get("figures", []):
                f.update(worked.get((f["file"], f["text"]), {}))
            worked = {(f["file"], f["text"]): f for f in plays["head"]["figures"]}
            for f in new.get("figures", []):
                f.update(worked.get((f["file"], f["text"]), {}))
        for ex in example_changes(old, new):
            key = ex.game if ex.game in result.games else BOOK
            result.games.setdefault(key, GameReview(key, "The rest of the book")).examples.append(ex)
    result.book_checked = chapters_to_check(top, matters, result)
    if result.book_checked:
        say(f"checking the head side's book as `ganjifa check` does: {', '.join(result.book_checked)}")
        result.book_fails = book_problems(top, result.book_checked)
    result.status, result.verdict = verdict(result)
    return result


def reread_clauses(root: Path, r: Review) -> None:
    """Keep, of each game's clauses cited where its play first differs, those whose words the draft left as they
    were (a clause the draft rewords, adds or removes is read in its text changes): their words may now be false."""
    from .text import clauses

    head = clauses(root)
    for g in r.games.values():
        if not (g.first or g.defaults) or not (g.play_changed or g.worked_changed):
            continue
        changed = {c.cid for c in g.text.added + g.text.removed} | {b.cid for _, b in g.text.reworded}
        order = list(g.defaults) + [c for c, _ in sorted(g.first.items(), key=lambda p: (-p[1], p[0]))
                                    if c not in g.defaults]
        for cid in order:
            if cid not in head or cid in changed:
                continue
            why = [g.defaults[cid]] if cid in g.defaults else []
            if g.first.get(cid):
                why.append(f"the first step that differs cites it in {g.first[cid]} of {g.compared} seeded games")
            g.reread.append((cid, f"{head[cid].file}:{head[cid].line}", head[cid].summary, "; ".join(why)))


def chapters_to_check(root: Path, matters: list[str], r: Review) -> list[str]:
    """The chapters whose book the draft may have broken: every chapter it touches, and every chapter (and notes
    page) of a game whose code, play or words changed."""
    docs = {p[:-3] for p in matters if p.startswith("rules/") and p.endswith(".md")}
    for g in r.games.values():
        if g.name != BOOK and (g.engine_changed or g.play_changed or g.worked_changed or g.words_changed
                               or g.examples or g.status):
            docs |= {f"rules/{g.name}", f"rules/designers/{g.name}"}
    return sorted(d for d in docs if (root / f"{d}.md").is_file())


def book_problems(root: Path, docnames: list[str]) -> list[str]:
    """What ``ganjifa check`` finds wrong in ``docnames`` of the book at ``root`` (warnings aside), read by that
    tree's own engine (:func:`.sides.both`): each line a file, a line and what fails there (a question's chapter
    answer beside the engine's)."""
    import json

    data = both({"head": root}, "check", json.dumps(docnames), cache=root / "_build" / "cache" / "review")["head"]
    if not Path(data["engine"]).resolve().is_relative_to(Path(root).resolve()):
        raise ReviewError(f"the head side's book was checked by the engine in {data['engine']}, not its own")
    return [line.removesuffix(" [docutils]").replace(": ERROR: ", ": ", 1).replace(": WARNING: ", ": ", 1)
            for line in data["problems"]]


def _figure_game(f: dict) -> str:
    words = f["text"].partition("@")[2].split()
    return words[0] if words else ""


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def verdict(r: Review) -> tuple[int, str]:
    """The exit status and the verdict line: the book's own verdict first (a book that fails is said before what
    the draft changes, and its status wins, so that CI never calls a broken book a plain change)."""
    status, said = change_verdict(r)
    if r.book_fails:
        where = [line.split(": ", 1)[0] for line in r.book_fails]
        shown = ", ".join(where[:4]) + (f" and {len(where) - 4} more" if len(where) > 4 else "")
        return BOOK_FAILS, (f"the book fails: {_count(len(where), 'problem')} ({shown}); `ganjifa check` and "
                            f"`make check` fail until the chapter or the engine is put right"
                            + ("" if status == NO_CHANGE else f"; and {said}"))
    return status, said


def change_verdict(r: Review) -> tuple[int, str]:
    """The exit status and the verdict line for what the draft changes."""
    played = [g for g in r.games.values() if (g.play_changed or g.worked_changed) and not g.status]
    if played or any(g.status for g in r.games.values()):
        effects = []
        for g in played:
            found = sorted(((m, s) for s in g.settings for m in s.significant), key=lambda p: -p[0].effect)
            shown, said = [], set()
            for m, s in found:
                if m.label not in said:
                    said.add(m.label)
                    extra = " ".join(o for o in s.options.split() if not o.startswith("players="))
                    shown.append(f"{m.label} {m.text(m.old, None)} -> {m.text(m.new, None)} "
                                 f"({BOT_WORDS.get(s.bots, s.bots)}, {s.players} players{', ' + extra if extra else ''})")
            quiet = ("its moves differ" if g.moves_changed else "the same moves end otherwise (winners or scores)"
                     if g.play_changed else "a worked game plays or ends otherwise")
            effects.append(f"{g.title}: {'; '.join(shown[:3]) or quiet + ', no measure significantly'}")
        effects += [f"{g.title}: a game {g.status}" for g in r.games.values() if g.status]
        return GAME_CHANGES, f"the game changes ({'; '.join(effects)})"
    examples = [e for g in r.games.values() for e in g.examples]
    if examples or any(g.words_changed for g in r.games.values()):
        worked = sum(1 for e in examples if e.kind == "deal")
        pictures = sum(1 for e in examples if e.kind == "worked-picture" and "not drawn" not in e.what)
        others = sum(1 for e in examples if e.kind not in ("deal", "worked-picture"))
        words = [g.title for g in r.games.values() if g.words_changed]
        return BOOK_CHANGES, (f"the book changes ({_count(others, 'example')}, {_count(worked, 'worked game')}, "
                              f"{_count(pictures, 'picture')} of worked games)"
                              + (f"; the game's words change in {', '.join(words)}" if words else ""))
    return NO_CHANGE, STATUS[NO_CHANGE]


def run_review(base: str = "HEAD", games: int = DEFAULT_GAMES, html: str | None = None, json_file: str | None = None,
               root: str | Path | None = None, out=print, measures: tuple[str, ...] = ()) -> int:
    """The ``review`` command: the Markdown report to ``out``, the files asked for, the exit status."""
    from ..check import book_root
    from ...files import write_text
    from .writers import to_html, to_json, to_markdown

    if games < 2:
        raise ReviewError(f"--games takes 2 or more games, not {games}")
    from ...study.measures import load

    specs = tuple(load(m).spec for m in measures)  # a missing file or function: one line, before anything is read
    r = review(book_root(root), base, games, measures=specs)
    text = to_markdown(r)
    out(text.rstrip("\n"))
    if html:
        write_text(html, to_html(r, text))
        progress(f"wrote {html}")
    if json_file:
        import json

        write_text(json_file, json.dumps(to_json(r), indent=1) + "\n")
        progress(f"wrote {json_file}")
    return r.status


__all__ = ["review", "run_review", "Review", "GameReview", "ReviewError", "NO_CHANGE", "BOOK_CHANGES",
           "GAME_CHANGES", "BOOK_FAILS", "BOT_WORDS"]
