"""The book's examples in a review: questions, positions, worked games, pictures and printed figures that changed.

Each side's snapshot holds every example as that side's engine answers it; an example is matched across the
sides by what it asks (its chapter, game, options, position and question), so one that moved within its
chapter is the same example, and one whose position or question was edited reads as removed and added.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Example:
    """One changed example: its kind, where it is on each side, what it said on each side, and what changed."""

    kind: str  # question, position, table, picture (the table as play starts, a deck's sheet), figure, deal,
    # worked-picture (a picture a worked game draws)
    game: str
    file: str
    line: int | None  # on the new side (None: removed)
    old_line: int | None
    title: str
    old: str | None  # what the old side's book showed (None: the example is new)
    new: str | None  # what the new side's shows (None: removed)
    what: list[str] = field(default_factory=list)  # "answer", "clause", "picture", "moves", "stale", ...
    old_svg: str | None = None
    new_svg: str | None = None
    first_difference: dict | None = None  # worked games: {"move", "old", "new"}
    endings: tuple[str | None, str | None] | None = None
    deal: str | None = None  # a worked game's picture: its golden deal, the moment and where it is drawn
    moment: int | str | None = None  # 0 as dealt, N after move N, "hand:NAME"
    forms: list[str] = field(default_factory=list)  # print, site, print-alt (print's stand-in at a page break)

    def as_json(self) -> dict:
        out = {k: v for k, v in self.__dict__.items() if k not in ("old_svg", "new_svg")}
        out["endings"] = list(self.endings) if self.endings else None
        return out


def _key_question(q: dict) -> tuple:
    return (q["file"], q["game"], q["options"], q["position"], q["ask"].lower())


def _key_position(p: dict) -> tuple:
    return (p["file"], p["game"], p["options"], p["setup"], p["move"])


def _key_table(t: dict) -> tuple:
    return (t["file"], t["game"], t["table"], t["options"])


def _pair(old: list[dict], new: list[dict], key) -> list[tuple[dict | None, dict | None]]:
    """Old and new entries matched by ``key`` (in order, for repeated keys), with the unmatched ones alone."""
    pool: dict[tuple, list[dict]] = {}
    for o in old:
        pool.setdefault(key(o), []).append(o)
    out = []
    for n in new:
        found = pool.get(key(n))
        out.append((found.pop(0) if found else None, n))
    out += [(o, None) for entries in pool.values() for o in entries]
    return out


def _said_question(q: dict) -> str:
    e = q["engine"]
    if "error" in e:
        return f"(the book fails here: {e['error']})"
    cited = ", ".join(e["clauses"]) or "no clause"
    return f"{e['verdict']} ({cited}): {e['text']}"


def questions(old: list[dict], new: list[dict]) -> list[Example]:
    out = []
    for a, b in _pair(old, new, _key_question):
        some = b or a
        ex = Example("question", some["game"], some["file"], b and b["line"], a and a["line"], some["title"] or some["ask"],
                     a and _said_question(a), b and _said_question(b))
        if a is None:
            ex.what.append("added")
        elif b is None:
            ex.what.append("removed")
        else:
            ea, eb = a["engine"], b["engine"]
            if ea.get("verdict") != eb.get("verdict") or ea.get("error") != eb.get("error"):
                ex.what.append("answer")
            elif ea.get("text") != eb.get("text") or ea.get("moves") != eb.get("moves"):
                ex.what.append("answer's words")
            if ea.get("clauses") != eb.get("clauses"):
                ex.what.append("clause")
            if (a["answer"], a["clause"]) != (b["answer"], b["clause"]):
                ex.what.append("the chapter's stated answer")
                ex.old = f"{ex.old} [the chapter says: {a['answer']} ({a['clause'] or 'no clause'})]"
                ex.new = f"{ex.new} [the chapter says: {b['answer']} ({b['clause'] or 'no clause'})]"
            if a.get("svg") != b.get("svg"):
                ex.what.append("picture")
        ex.old_svg, ex.new_svg = a and a.get("svg"), b and b.get("svg")
        if ex.what:
            out.append(ex)
    return out


def _said_position(p: dict) -> str:
    e = p["engine"]
    if "error" in e:
        return f"(the book fails here: {e['error']})"
    moves = "; ".join(f"{m}: {said}" for m, said in e["moves"])
    return (f"played {p['move']}: {e['shown']}. " if e.get("shown") else "") + f"{len(e['moves'])} moves allowed: {moves}"


def positions(old: list[dict], new: list[dict]) -> list[Example]:
    out = []
    for a, b in _pair(old, new, _key_position):
        some = b or a
        ex = Example("position", some["game"], some["file"], b and b["line"], a and a["line"],
                     f"position{' (then ' + some['move'] + ')' if some['move'] else ''}",
                     a and _said_position(a), b and _said_position(b))
        if a is None or b is None:
            ex.what.append("added" if a is None else "removed")
        else:
            if a["engine"] != b["engine"]:
                ex.what.append("moves allowed or their words")
            if a.get("svg") != b.get("svg"):
                ex.what.append("picture")
        ex.old_svg, ex.new_svg = a and a.get("svg"), b and b.get("svg")
        if ex.what:
            out.append(ex)
    return out


def _said_table(t: dict) -> str:
    e = t["engine"]
    if "error" in e:
        return f"(the book fails here: {e['error']})"
    return " | ".join(", ".join(r) for r in e["rows"])


def tables(old: list[dict], new: list[dict]) -> list[Example]:
    out = []
    for a, b in _pair(old, new, _key_table):
        some = b or a
        ex = Example("table", some["game"], some["file"], b and b["line"], a and a["line"],
                     f"table {some['table']}" + (f" ({some['options']})" if some["options"] else ""), None, None)
        if a is None or b is None:
            ex.what.append("added" if a is None else "removed")
            ex.old, ex.new = a and _said_table(a), b and _said_table(b)
        elif a["engine"] != b["engine"]:
            ex.what.append("figures")
            ra, rb = a["engine"].get("rows", []), b["engine"].get("rows", [])
            moved = [(x, y) for x, y in zip(ra, rb) if x != y]
            ex.old = " | ".join(", ".join(x) for x, _ in moved) or _said_table(a)
            ex.new = " | ".join(", ".join(y) for _, y in moved) or _said_table(b)
            if len(ra) != len(rb):
                ex.what.append(f"{len(ra)} rows, now {len(rb)}")
        if ex.what:
            out.append(ex)
    return out


def figures(old: list[dict], new: list[dict]) -> list[Example]:
    """The ``{sim-figure}`` sentences whose words moved (both sides worked out: see ``snapshot.play``), and the
    ``{table-figure}`` cells (exact odds, the dealer's edge) that each side's engine now prints otherwise."""
    out = []
    for a, b in _pair(old, new, lambda f: (f["file"], f["text"])):
        if a is None or b is None or a.get("words") == b.get("words"):
            continue
        game = (b["text"].split()[:1] if b.get("kind") == "table" else b["text"].partition("@")[2].split()[:1])
        out.append(Example("figure", game[0] if game else "", b["file"], b["line"], a["line"], b["text"],
                           a.get("words"), b.get("words"), ["figure"]))
    return out


def _step(s) -> str:
    player, move, narration = s
    return f"{player}: {move}" + (f" ({' '.join(narration)})" if narration else "")


def deals(old: list[dict], new: list[dict]) -> list[Example]:
    out = []
    olds = {d["file"]: d for d in old}
    for b in new:
        a = olds.pop(b["file"], None)
        game = b.get("game", "")
        ex = Example("deal", game, b["file"], None, None, b["file"], None, None)
        if a is None:
            ex.what.append("added")
        else:
            sa, sb = a["steps"], b["steps"]
            first = next((i for i, (x, y) in enumerate(zip(sa, sb)) if x != y), None)
            if first is None and len(sa) != len(sb):
                first = min(len(sa), len(sb))
            if first is not None:
                ex.what.append("play" if any(x[:2] != y[:2] for x, y in zip(sa, sb)) or len(sa) != len(sb) else "words")
                ex.first_difference = {"move": first + 1, "old": _step(sa[first]) if first < len(sa) else "(the game is over)",
                                       "new": _step(sb[first]) if first < len(sb) else "(the game is over)"}
            if a.get("result") != b.get("result"):
                ex.what.append("ending")
            ex.endings = (a.get("result"), b.get("result"))
        if not b["replays"] and (a is None or a["replays"]):
            ex.what.append("stale")  # the file on the new side no longer replays: `ganjifa deals --write`
            ex.new = f"the golden file no longer replays: {b['problem']}"
        if ex.what:
            out.append(ex)
    for a in olds.values():
        out.append(Example("deal", a.get("game", ""), a["file"], None, None, a["file"], None, None, ["removed"]))
    return out


def pictures(old: list[dict], new: list[dict]) -> list[Example]:
    """The chapters' other pictures (the table as play starts, a deck's sheets), matched by chapter and title."""
    out = []
    for a, b in _pair(old, new, lambda p: (p["file"], p["title"])):
        some = b or a
        ex = Example("picture", some["game"], some["file"], b and b["line"], a and a["line"], some["title"],
                     a and a.get("problem") and f"(the book fails here: {a['problem']})",
                     b and b.get("problem") and f"(the book fails here: {b['problem']})")
        if a is None or b is None:
            ex.what.append("added" if a is None else "removed")
        elif a.get("problem") != b.get("problem"):
            ex.what.append("not drawn")
        elif a["svg"] != b["svg"]:
            ex.what.append("picture")
        ex.old_svg, ex.new_svg = a and a["svg"], b and b["svg"]
        if ex.what:
            out.append(ex)
    return out


FORM_WORDS = {"print": "print", "site": "site", "print-alt": "print, in place of an earlier picture at a page break"}


def forms_words(forms: list[str]) -> str:
    return " and ".join(FORM_WORDS.get(f, f) for f in forms) or "nowhere"


def _picture_title(deal: str, p: dict) -> str:
    return f"{deal}, {' / '.join(p['captions'])}"


def worked_pictures(old: list[dict], new: list[dict]) -> list[Example]:
    """Every picture a worked game (a ``{deal}`` block) draws, compared one by one: a block is matched across the
    sides by its chapter, golden deal and part (``:from:``/``:to:``), a picture within it by its moment (as
    dealt, after move N, a hand); one Example for each picture whose drawing, caption or forms differ, or
    that one side alone draws, and one for a block whose pictures a side cannot draw (the book fails there)."""
    out = []
    for a, b in _pair(old, new, lambda w: (w["file"], w["deal"], tuple(w["part"]))):
        some = b or a
        where = dict(game=some.get("game", ""), file=some["file"], line=b and b["line"], old_line=a and a["line"],
                     deal=some["deal"])
        if (a and a["problem"]) or (b and b["problem"]):
            pa, pb = a and a["problem"], b and b["problem"]
            if pa != pb:
                said = [None if w is None else f"(the book fails here: {w['problem']})" if w["problem"]
                        else f"{len(w['pictures'])} picture{'s' if len(w['pictures']) != 1 else ''} drawn" for w in (a, b)]
                out.append(Example("worked-picture", title=f"{some['deal']}, its pictures", what=["not drawn"],
                                   old=said[0], new=said[1], **where))
            continue
        olds = {p["moment"]: p for p in (a["pictures"] if a else [])}
        news = {p["moment"]: p for p in (b["pictures"] if b else [])}
        for moment in [*news, *(m for m in olds if m not in news)]:
            x, y = olds.get(moment), news.get(moment)
            p = y or x
            ex = Example("worked-picture", title=_picture_title(some["deal"], p), old=None, new=None, moment=moment,
                         forms=list(p["forms"]), **where)
            if x is None:
                ex.what.append("picture added")
            elif y is None:
                ex.what.append("picture removed")
            else:
                if x["svg"] != y["svg"]:
                    ex.what.append("picture")
                if x["captions"] != y["captions"]:
                    ex.what.append("caption")
                    ex.old, ex.new = " / ".join(x["captions"]), " / ".join(y["captions"])
                if x["forms"] != y["forms"]:
                    ex.what.append("where it is drawn")
                    ex.old = " ".join(filter(None, (ex.old, f"[{forms_words(x['forms'])}]")))
                    ex.new = " ".join(filter(None, (ex.new, f"[{forms_words(y['forms'])}]")))
            ex.old_svg, ex.new_svg = x and x["svg"], y and y["svg"]
            if ex.what:
                out.append(ex)
    return out


def example_changes(old: dict, new: dict) -> list[Example]:
    """Every changed example of the book, questions first, then positions, tables, figures, worked games and
    the pictures of worked games."""
    return (questions(old["questions"], new["questions"]) + positions(old["positions"], new["positions"])
            + tables(old["tables"], new["tables"]) + pictures(old.get("pictures", []), new.get("pictures", []))
            + figures(old.get("figures", []), new.get("figures", []))
            + deals(old["deals"], new["deals"]) + worked_pictures(old.get("worked", []), new.get("worked", [])))
