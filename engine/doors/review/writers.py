"""A review's report: Markdown for a pull-request comment, an HTML page with the changed pictures side by
side, and JSON (numbers as numbers)."""

from __future__ import annotations

import html as _html

from .examples import forms_words
from .gameplay import BOT_WORDS, Measure, SettingDiff
from .text import BOOK, changed_lines, word_diff


def _where(file: str, line: int | None, old_line: int | None) -> str:
    if line is None and old_line is None:
        return file
    if line is None:
        return f"{file}:{old_line} (removed)"
    return f"{file}:{line}" + (f", was line {old_line}" if old_line not in (None, line) else "")


def _p(p: float | None) -> str:
    if p is None:
        return "-"
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def _measure_line(m: Measure) -> str:
    return (f"{m.label}: {m.text(m.old, m.old_interval)} -> {m.text(m.new, m.new_interval)} "
            f"(p {_p(m.p)}, Holm {_p(m.adjusted)})" + (f", {m.note}" if m.note else ""))


def _table(rows: list[Measure]) -> list[str]:
    out = ["| measure | base | head | p | p (Holm) |", "|---|---:|---:|---:|---:|"]
    for m in rows:
        star = " **\\***" if m.significant else ""
        out.append(f"| {m.label}{' (' + m.note + ')' if m.note else ''} | {m.text(m.old, m.old_interval)} | "
                   f"{m.text(m.new, m.new_interval)}{star} | {_p(m.p)} | {_p(m.adjusted)} |")
    return out


def _setting(s: SettingDiff) -> list[str]:
    extra = " ".join(o for o in s.options.split() if not o.startswith("players="))
    head = (f"*{BOT_WORDS.get(s.bots, s.bots).capitalize()}, {s.players} players{', ' + extra if extra else ''}, "
            f"{s.games:,} games a side, the same seeds*")
    if s.error:
        return [head + f": not compared ({s.error})", ""]
    out = [head + ":"]
    sig = s.significant
    if sig:
        out += [f"- {_measure_line(m)}" for m in sig]
    else:
        out.append("- no difference is significant at the 5% level (Holm's correction over every test below)")
    if s.never:
        out.append(f"- rules that no longer come into play: {', '.join(s.never)}")
    if s.first_time:
        out.append(f"- rules that come into play for the first time: {', '.join(s.first_time)}")
    out += ["", "<details><summary>Full tables</summary>", "", *_table(s.measures), "",
            "How often each rule comes into play (share of games citing it):", "", *_table(s.clauses), "",
            "Paired z-tests game by game for wins, length, money and events; two-proportion z-tests for rule use; "
            "Holm's correction over every test of this setting; \\* significant at 5%.", "", "</details>", ""]
    return out


def to_markdown(r) -> str:
    head = f"## Review of the working tree against {r.base}" + (
        f" ({r.commit[:10]})" if r.commit and not r.commit.startswith(r.base) else "")
    out = [head, "", f"**Verdict: {r.verdict}**", ""]
    if getattr(r, "book_fails", None):
        out += ["### The book fails", "",
                f"Read as `ganjifa check` reads it ({', '.join(f'{d}.md' for d in r.book_checked)}), the head "
                "side's book no longer builds:", ""]
        out += [f"- {line}" for line in r.book_fails] + [""]
    if not r.changed:
        out.append(f"Nothing differs from {r.base}.")
        return "\n".join(out) + "\n"
    shown = ", ".join(r.changed[:8]) + (f" and {len(r.changed) - 8} more" if len(r.changed) > 8 else "")
    out += [f"Files changed: {len(r.changed)} ({shown}).", ""]
    if not r.games:
        out.append("None of them is a chapter, a golden deal or the engine's code.")
        return "\n".join(out) + "\n"
    if r.fingerprint_games:
        games = [g for g in r.games.values() if g.name != BOOK and not g.status]
        moved = sorted(g.title for g in games if g.moves_changed)
        ended = sorted(g.title for g in games if g.play_changed and not g.moves_changed)
        worded = sorted(g.title for g in games if g.words_changed and not g.play_changed and not g.worked_changed)
        worked = sorted(f"{g.title} ({', '.join(g.worked_changed)})" for g in games if g.worked_changed)
        same = sorted(g.title for g in games if not g.play_changed and not g.words_changed and not g.worked_changed)
        parts = ([f"the moves differ in {', '.join(moved)}"] if moved else []) + \
                ([f"the same moves end otherwise (other winners or scores) in {', '.join(ended)}"] if ended else []) + \
                ([f"only the words of play differ in {', '.join(worded)}"] if worded else []) + \
                ([f"they play the same, but a worked game plays or ends otherwise in {', '.join(worked)}"]
                 if worked else []) + \
                ([f"{'the rest play' if moved or ended or worded or worked else 'every game plays'} the same, word for word: "
                  f"{', '.join(same)}"] if same else [])
        out += [f"**Play** (the first {r.fingerprint_games} seeded games at every number of players, with random and "
                f"with careful players, each side on its own engine): {'; '.join(parts)}.", ""]
    for name in sorted(r.games, key=lambda n: (n == BOOK, n)):
        g = r.games[name]
        if not g.touched:
            continue
        out += [f"### {g.title}" + (f" (a game {g.status})" if g.status else ""), ""]
        if g.text:
            out += ["**Rules text**", ""]
            for c in g.text.added:
                out.append(f"- clause {c.cid} added ({c.file}:{c.line}): {c.text}")
            for c in g.text.removed:
                out.append(f"- clause {c.cid} removed (was {c.file}:{c.line})")
            for a, b in g.text.reworded:
                out.append(f"- clause {b.cid} reworded ({b.file}:{b.line}): {word_diff(a.text, b.text)}")
                if a.summary != b.summary:
                    out.append(f"  - its summary: {word_diff(a.summary, b.summary)}")
            out += [f"- {o}" for o in g.text.options]
            for file, hunks in g.text.prose.items():
                n = changed_lines(hunks)
                out.append(f"- {file}: {n} other line{'s' if n != 1 else ''} changed (prose, examples, headings):")
                out += [f"  - {line}" for line in hunk_lines(hunks)]
            out.append("")
        if g.examples:
            out += ["**The book's examples**", ""]
            pictures = [e for e in g.examples if e.what == ["picture"] and e.kind != "worked-picture"]
            if pictures:
                files: dict[str, dict[int, int]] = {}
                for e in pictures:  # a line drawing several pictures (a deck's sheets) is named once, with their count
                    lines = files.setdefault(e.file, {})
                    lines[e.line] = lines.get(e.line, 0) + 1
                out.append(f"- {len(pictures)} picture{'s' if len(pictures) > 1 else ''} changed, nothing else in "
                           f"{'them' if len(pictures) > 1 else 'it'}: " + "; ".join(
                               f"{f} line{'s' if len(n) > 1 else ''} " + ", ".join(
                                   f"{line}" + (f" ({k} pictures)" if k > 1 else "") for line, k in sorted(n.items()))
                               for f, n in files.items()))
            for e in g.examples:
                if e.what == ["picture"] or e.kind == "worked-picture":
                    continue
                if e.kind == "deal":
                    line = f"- worked game {e.file}: {', '.join(e.what)}"
                    if e.first_difference:
                        f = e.first_difference
                        line += f"; the first move that differs is move {f['move']}: was {f['old']}, now {f['new']}"
                    out.append(line)
                    if e.endings and e.endings[0] != e.endings[1]:
                        out.append(f"  - ends, base: {e.endings[0]}")
                        out.append(f"  - ends, head: {e.endings[1]}")
                    if e.new and "stale" in e.what:
                        out.append(f"  - {e.new} (`ganjifa deals --write` rewrites it)")
                    continue
                out.append(f"- {e.kind} \u201c{e.title}\u201d ({_where(e.file, e.line, e.old_line)}): {', '.join(e.what)}")
                if e.old is not None:
                    out.append(f"  - base: {e.old}")
                if e.new is not None:
                    out.append(f"  - head: {e.new}")
                if e.old is not None and e.new is not None and e.old != e.new and not any(
                        str(s).startswith(("(the book fails", "(error")) for s in (e.old, e.new)):
                    out.append(f"  - the words that differ: {word_diff(e.old, e.new)}")
            out += _worked_pictures([e for e in g.examples if e.kind == "worked-picture"])
            out.append("")
        if g.play_changed or g.words_changed or g.worked_changed:
            out += ["**The game**", ""]
            if g.worked_changed:
                out.append(f"The first {r.fingerprint_games} seeded games play the same, but the worked game"
                           f"{'s' if len(g.worked_changed) > 1 else ''} {', '.join(g.worked_changed)} "
                           f"{'play' if len(g.worked_changed) > 1 else 'plays'} or "
                           f"{'end' if len(g.worked_changed) > 1 else 'ends'} otherwise: the game is played with "
                           f"{'its' if len(g.worked_changed) == 1 else 'the first one' + chr(39) + 's'} options.")
            if g.moves_changed:
                out.append(f"The moves differ on the first {r.fingerprint_games} seeded games at: "
                           f"{', '.join(_setting_words(k) for k in g.moves_changed)}.")
            if g.outcome_changed:
                out.append(f"The moves are the same on the first {r.fingerprint_games} seeded games, but they end "
                           f"otherwise (other winners or scores, the payments of a stakes game) at: "
                           f"{', '.join(_setting_words(k) for k in g.outcome_changed)}.")
            if g.words_changed:
                out.append(f"The moves are the same but the words of play differ at: "
                           f"{', '.join(_setting_words(k) for k in g.words_changed)}.")
            out.append("")
            if g.reread:
                out += ["**Words to reread**: these clauses read as before, but the play they govern changed, so "
                        "their words may no longer be true (first those whose option's default changed, then by how "
                        "often the first step that differs in a seeded game cites them on both sides: the rule "
                        "applied with another outcome):", ""]
                out += [f"- {cid} ({where}: {summary}): {why}" for cid, where, summary, why in g.reread]
                out.append("")
            for s in g.settings:
                out += _setting(s)
    return "\n".join(out).rstrip("\n") + "\n"


def _picture_label(e) -> str:
    """A worked game's picture by its moment ("After move 12", "Asha's hand as dealt") and where it is drawn."""
    return f"{e.title.removeprefix(f'{e.deal}, ')} ({forms_words(e.forms)})"


def _worked_pictures(pictures: list) -> list[str]:
    """The pictures of worked games that changed, a line for each ``{deal}`` block naming each picture."""
    blocks: dict[tuple, list] = {}
    for e in pictures:
        blocks.setdefault((e.deal, e.file, e.line, e.old_line), []).append(e)
    out = []
    for (deal, file, line, old_line), found in blocks.items():
        drawn = [e for e in found if "not drawn" not in e.what]
        head = f"- worked game {deal} ({_where(file, line, old_line)})"
        if drawn:
            named = "; ".join(_picture_label(e) + ("" if e.what == ["picture"] else f": {', '.join(e.what)}")
                              for e in drawn)
            out.append(f"{head}: {len(drawn)} picture{'s' if len(drawn) != 1 else ''} changed: {named}")
        for e in found:
            if "not drawn" in e.what:
                out.append(f"{head}: its pictures, base: {e.old or '(no such block)'}; head: {e.new or '(no such block)'}")
            elif e.old is not None or e.new is not None:
                out.append(f"  - {_picture_label(e)}, base: {e.old or '(none)'}; head: {e.new or '(none)'}")
    return out


SHOWN_HUNKS = 40  # runs of changed lines shown a file; the rest counted


def hunk_lines(hunks) -> list[str]:
    """Each run of changed lines with its line numbers (the head's, or the base's for lines removed) and its
    words marked: "line 12: The ~~red~~ **blue** card.", "lines 20-21 added: ...", "line 30 removed (base): ..."."""
    out = []
    for old_at, new_at, a, b in hunks[:SHOWN_HUNKS]:
        def span(at: int, lines) -> str:
            return f"line {at}" if len(lines) == 1 else f"lines {at}-{at + len(lines) - 1}"
        if a and b:
            out.append(f"{span(new_at, b)}: {word_diff(' '.join(a), ' '.join(b))}")
        elif b:
            out.append(f"{span(new_at, b)} added: {' '.join(' '.join(b).split())}")
        else:
            out.append(f"{span(old_at, a)} removed (base): {' '.join(' '.join(a).split())}")
    if len(hunks) > SHOWN_HUNKS:
        out.append(f"and {len(hunks) - SHOWN_HUNKS} more runs of changed lines")
    return out


def _setting_words(key: str) -> str:
    players, _, kind = key.partition("/")
    return f"{players} players with {BOT_WORDS.get(kind, kind)}"


def to_json(r) -> dict:
    games = {}
    for name, g in r.games.items():
        if not g.touched and not g.engine_changed:
            continue
        games[name or "book"] = {
            "title": g.title, "status": g.status or None, "engine_changed": g.engine_changed,
            "rules_text": {
                "added": [c.__dict__ for c in g.text.added], "removed": [c.__dict__ for c in g.text.removed],
                "reworded": [{"clause": b.cid, "file": b.file, "line": b.line, "old": a.text, "new": b.text,
                              "old_summary": a.summary, "new_summary": b.summary} for a, b in g.text.reworded],
                "options": g.text.options,
                "other_lines": {f: [{"old_line": a_at, "new_line": b_at, "old": list(a), "new": list(b)}
                                    for a_at, b_at, a, b in hunks] for f, hunks in g.text.prose.items()}},
            "examples": [e.as_json() for e in g.examples],
            "play_changed": g.play_changed, "words_changed": g.words_changed, "worked_changed": g.worked_changed,
            "moves_changed": g.moves_changed, "outcome_changed": g.outcome_changed,
            "reread": [{"clause": c, "where": w, "summary": s, "why": why} for c, w, s, why in g.reread],
            "settings": [s.as_json() for s in g.settings]}
    return {"base": r.base, "commit": r.commit, "verdict": r.verdict, "exit_status": r.status,
            "book_fails": list(r.book_fails), "book_checked": list(r.book_checked),
            "changed_files": r.changed, "fingerprint_games": r.fingerprint_games, "games": games}


STYLE = """body{font-family:system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;line-height:1.45}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.2rem .5rem}
del,s{background:#fdd}ins,strong{background:#dfd;text-decoration:none}.words td{vertical-align:top;max-width:32rem}.pair{display:flex;gap:1rem;align-items:flex-start;margin:1rem 0}
.pair figure{flex:1;margin:0;border:1px solid #ddd;padding:.5rem}.pair svg{max-width:100%;height:auto}
figcaption{font-weight:bold;margin-bottom:.3rem}"""


def marked(old: str, new: str) -> tuple[str, str]:
    """``old`` and ``new`` as HTML, the words only one side has marked: struck on the base side, inserted on the
    head side.

    >>> marked("a tie keeps its bet", "a tie goes to the dealer")
    ('a tie <del>keeps its bet</del>', 'a tie <ins>goes to the dealer</ins>')
    """
    import difflib

    a, b = old.split(), new.split()
    left, right = [], []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            left.append(_html.escape(" ".join(a[i1:i2])))
            right.append(_html.escape(" ".join(b[j1:j2])))
            continue
        if i2 > i1:
            left.append(f"<del>{_html.escape(' '.join(a[i1:i2]))}</del>")
        if j2 > j1:
            right.append(f"<ins>{_html.escape(' '.join(b[j1:j2]))}</ins>")
    return " ".join(left), " ".join(right)


def side_by_side_rows(r) -> list[tuple[str, str, str]]:
    """Every changed text of the review, base and head side by side with the changed words marked: reworded
    clauses, examples' answers and narrations, and each run of changed lines outside the clauses with its line
    numbers."""
    rows = []
    for g in r.games.values():
        for a, b in g.text.reworded:
            rows.append((f"{b.file}:{b.line} clause {b.cid}", *marked(a.text, b.text)))
        for file, hunks in g.text.prose.items():
            for old_at, new_at, a, b in hunks:
                where = f"{file}: base line {old_at}, head line {new_at}" if a and b else \
                    f"{file}: head line {new_at} (added)" if b else f"{file}: base line {old_at} (removed)"
                rows.append((where, *marked(" ".join(a), " ".join(b))))
        for e in g.examples:
            if e.old is not None and e.new is not None and e.old != e.new and e.kind != "worked-picture":
                rows.append((f"{e.kind} “{e.title}” ({_where(e.file, e.line, e.old_line)})",
                             *marked(str(e.old), str(e.new))))
    return rows


def to_html(r, markdown: str) -> str:
    """The Markdown report as a page, then every changed picture: base and head side by side."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": True}).enable("table").enable("strikethrough")
    body = md.render(markdown)
    pictures = []
    for g in r.games.values():
        for e in g.examples:
            if e.old_svg == e.new_svg or not (e.old_svg or e.new_svg):
                continue
            what = (f"worked game {e.deal}: {_picture_label(e)}" if e.kind == "worked-picture"
                    else f"{e.kind} \u201c{e.title}\u201d")
            pictures.append(f"<h3>{_html.escape(g.title)}: {_html.escape(what)} "
                            f"({_html.escape(_where(e.file, e.line, e.old_line))})</h3><div class='pair'>"
                            f"<figure><figcaption>base</figcaption>{e.old_svg or '<p>(none)</p>'}</figure>"
                            f"<figure><figcaption>head</figcaption>{e.new_svg or '<p>(none)</p>'}</figure></div>")
    extra = ("<h2>Pictures that changed, base and head side by side</h2>" + "".join(pictures)) if pictures else ""
    words = side_by_side_rows(r)
    if words:
        extra = ("<h2>Words that changed, base and head side by side</h2><table class='words'><tr><th>where</th>"
                 "<th>base</th><th>head</th></tr>" + "".join(
                     f"<tr><td>{_html.escape(where)}</td><td>{a}</td><td>{b}</td></tr>" for where, a, b in words)
                 + "</table>") + extra
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>Review against {_html.escape(r.base)}"
            f"</title><style>{STYLE}</style></head><body>{body}{extra}</body></html>\n")
