"""``{sim-figure}``: one simulated figure in a player's words, inside a sentence of a chapter.

A chapter says what play shows in plain sentences ("the stock runs out in about one game in
40"); the figure comes from the same cached simulation report (:mod:`book.simcache`) that the
designers' notes show in full, so the sentence and the table never disagree and nobody types
the number. The role's text is ``FIGURE @ GAME OPTIONS``:

- FIGURE is ``[NOUN:] TOP / BOTTOM`` (a share, read "about one NOUN in N") or ``TOP per BOTTOM``
  (a rate, read "about 12"), each term one of the game's events, ``games``, ``moves`` or ``win-N``
  (the games player N won, shared wins as fractions);
- GAME OPTIONS is the game's name and its options, with ``games=``, ``seed=`` and ``bots=`` as in
  ``{simulation}`` (defaults 1000, 1, random).

``{sim-figure}`game: stock-out / games @ kendra-kari games=2000 bots=heuristic``` prints
"about one game in 43". The wording is :func:`share_words` / :func:`rate_words`.
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxRole

from engine.errors import GanjifaError
from engine.registry import game_class
from engine.shuffle import parse_seed
from engine.study.verdict import Measure, estimate

from engine.study.simulate import UNIT

from ..simcache import cached_report
from . import ENGINE_DIR

DENOMINATORS = (2, 3, 4, 5, 6, 10)  # "about three in seven" is no help at the table
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_words(n: int) -> str:
    """A whole number as a player reads it: words to ten, figures above (with a thousands comma)."""
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else f"{n:,}"


def _inside(v: float, low: float | None, high: float | None) -> bool:
    return low is None or high is None or low - 1e-12 <= v <= high + 1e-12


def _round_odds(odds: float, low: float | None, high: float | None) -> int:
    """The roundest whole N whose "one in N" lies inside the share's interval (``low``..``high``), nearest the
    figure and within a tenth of it: one significant figure if one fits, else two, else three. Without an
    interval, two significant figures."""
    if low is None or high is None:
        digits = len(str(int(odds))) - 2
        return int(round(odds, -digits) if digits > 0 else round(odds))
    for figures in (1, 2, 3):
        digits = max(len(str(int(odds))) - figures, 0)
        step = 10 ** digits
        candidates = [c for c in (int(odds // step) * step, (int(odds // step) + 1) * step) if c > 0]
        # inside the interval, and near enough the figure that a reader setting it beside the notes' percentage
        # sees the same number (0.7% is "one in 140", not "one in 200", though both lie inside 0.3-1.7%)
        inside = [c for c in candidates if _inside(1 / c, low, high) and abs(math.log(c / odds)) <= math.log(1.1)]
        if inside:
            return min(inside, key=lambda c: abs(math.log(c / odds)))
    return int(round(odds))


def share_words(x: float, n: float, noun: str = "", low: float | None = None, high: float | None = None) -> str:
    """``x`` out of ``n`` in words: "about one game in three", "about two in five", "about one game in 40".

    With the share's 95% interval (``low``, ``high``), the words stay inside it: the simplest fraction that lies
    in the interval (the one nearest the figure among the simplest), "one in N" with N as round as the interval
    allows, and where no fraction a player reads at the table fits, "about N in 100".

    >>> share_words(659, 2000, "game"), share_words(1499, 1836), share_words(47, 2000, "game")
    ('about one game in three', 'about four in five', 'about one game in 43')
    >>> share_words(5579, 12892, "time"), share_words(3170, 11479, "time")
    ('about two times in five', 'about three times in ten')
    >>> share_words(0, 500, "round"), share_words(500, 500, "round"), share_words(1, 1000)
    ('none of 500 rounds (so fewer than one in 160, 95% sure)', 'all 500 rounds', 'about one in 1,000')
    >>> share_words(398, 400, "game")
    'nearly every game'
    >>> share_words(880, 2000, "game", 0.418, 0.462), share_words(4, 600, "game", 0.0026, 0.017)
    ('about 44 games in 100', 'four games in 600')
    >>> share_words(30, 2000, "game", 0.0105, 0.0213), share_words(1, 200, "deal", 0.001, 0.028)
    ('about one game in 70', 'one deal in 200')
    """
    one = f"{noun} " if noun else ""
    if n <= 0:
        return f"no {noun or 'one'}".strip()
    if x <= 0:  # what was seen, never a certainty: "none of 20,000 rounds (so fewer than one in 6,600, 95% sure)"
        from engine.stats import zero_bound

        import math

        every = 1 / zero_bound(n)  # rounded down to two figures: "fewer than one in 160" stays true of 1 in 167
        step = 10 ** max(0, math.floor(math.log10(every)) - 1)
        every = math.floor(every / step) * step
        seen = f"none of {n:,} {noun}s" if noun else f"none of {n:,}"
        return f"{seen} (so fewer than one in {every:,}, 95% sure)"
    p = x / n
    if x >= n:
        return f"all {n:,} {noun + 's' if noun else ''}".strip()
    if p >= 0.995:  # not every one: 99.5% is "nearly every game", never "every game" (issue 41)
        return f"nearly every {noun or 'one'}"
    if low is not None and x < 10:  # a handful of events: the count itself, never a rate it cannot support
        return f"{number_words(round(x))} {noun + 's ' if noun and round(x) != 1 else one}in {n:,}".replace(
            f"{number_words(1)} {noun}s", f"one {noun}")
    if p < 0.1:  # one in N, N as round as the interval allows
        return f"about one {one}in {number_words(_round_odds(1 / p, low, high))}"
    fractions = [Fraction(a, b) for b in DENOMINATORS for a in range(1, b)]
    if low is not None and high is not None:
        fitting = [f for f in fractions if _inside(float(f), low, high)]
        if not fitting:
            some = f"{noun}s " if noun else ""
            return f"about {round(100 * p)} {some}in 100"
        best = min(fitting, key=lambda f: (f.denominator, abs(float(f) - p)))
    else:
        best = min(fractions, key=lambda f: (round(abs(float(f) - p), 2), f.denominator))
    some = f"{noun}s " if noun and best.numerator > 1 else one  # "two games in five"
    return f"about {number_words(best.numerator)} {some}in {number_words(best.denominator)}"


def rate_words(x: float, n: float, low: float | None = None, high: float | None = None) -> str:
    """``x`` per ``n``, as a player reads an average: "about 12", "about one and a half"; below one, as a share.
    With the average's 95% interval, the rounded words stay inside it (else one decimal: "about 1.7").

    >>> rate_words(24049, 2000), rate_words(3581, 2000), rate_words(1216, 2000), rate_words(3, 2000)
    ('about 12', 'about two', 'about three in five', 'about one in 670')
    >>> rate_words(3480, 2000, 1.68, 1.80), rate_words(3480, 2000, 1.4, 2.1)
    ('about 1.7', 'about one and a half')
    """
    r = x / n if n else 0.0
    if r < 1:
        return share_words(x, n, "", low, high)
    if r >= 10:
        if _inside(round(r), low, high):
            return f"about {number_words(round(r))}"
        return f"about {r:.1f}"
    halves = round(r * 2)
    if not _inside(halves / 2, low, high):
        return f"about {r:.1f}"
    whole, half = divmod(halves, 2)
    return f"about {number_words(whole)}" + (" and a half" if half else "")


class SimFigureRole(SphinxRole):
    """The role: parse, look up the cached report, print the figure in words (an error names file and line)."""

    def run(self):
        try:
            text = self.figure()
        except ValueError as err:
            msg = self.inliner.reporter.error(f"{{sim-figure}}: {err}", line=self.lineno)
            return [self.inliner.problematic(self.rawtext, self.rawtext, msg)], [msg]
        node = nodes.inline(text, text, classes=["ganjifa-sim-figure"])
        node["ganjifa_quantity"], node["ganjifa_run"], node["ganjifa_bots"] = self.quantity
        self.set_source_info(node)
        return [node], []

    def figure(self) -> str:
        formula, at, setting = self.text.partition("@")
        words = setting.split()
        if not at or not words:
            raise ValueError(f"{self.text!r}: write 'FIGURE @ GAME OPTIONS', e.g. 'game: stock-out / games @ kendra-kari'")
        for path in sorted(ENGINE_DIR.rglob("*.py")):
            self.env.note_dependency(str(path))
        keys = {k: v for k, _, v in (w.partition("=") for w in words[1:]) if k in ("games", "seed", "bots")}
        options = " ".join(w for w in words[1:] if w.partition("=")[0] not in keys)
        try:
            game = game_class(words[0]).from_text(options)
            seed = parse_seed(keys.get("seed", "1"))
        except GanjifaError as err:
            raise ValueError(str(err)) from None
        games = int(keys.get("games", "1000"))
        if not 1 <= games <= 20_000:
            raise ValueError(f"games={games}: from 1 to 20000")
        noun, colon, formula = formula.rpartition(":")
        share = "/" in formula
        top, sep, bottom = (t.strip() for t in formula.partition("/" if share else " per "))
        if not sep:
            raise ValueError(f"{formula.strip()!r}: write 'TOP / BOTTOM' (a share) or 'TOP per BOTTOM' (a rate)")
        folder = Path(self.env.srcdir) / self.config.ganjifa_cache / "simulations"
        try:
            report = cached_report(folder, game, games, seed, tuple(keys.get("bots", "random").split(",")))
        except GanjifaError as err:
            raise ValueError(str(err)) from None
        note_setup(self.env, self.lineno, game, games, keys.get("seed", "1"), tuple(keys.get("bots", "random").split(",")))
        x, n = count(report, top), count(report, bottom)
        if share and bottom.strip() == "games" and top.strip() in report.game.EVENTS:
            x = report.tally.event_games[top.strip()]  # a share of games: the games that show it, once each
        bots = tuple(keys.get("bots", "random").split(","))
        # what is counted, apart from how many games were played to count it (the_same_quantity compares)
        self.quantity = (f"{game.name} {game.describe_options() or 'as the chapter plays it'}, "
                         f"players: {','.join(bots)}: {top.strip()} {'/' if share else 'per'} {bottom.strip()}",
                         f"{games} games from seed {keys.get('seed', '1')}", ",".join(bots))
        if share and x > n:
            raise ValueError(f"{top} ({x}) outnumbers {bottom} ({n}): write '{top} per {bottom}'")
        # the words stay inside the figure's 95% interval, the games as the trials (engine/study/verdict.py)
        est = estimate(report, Measure(top.strip(), bottom.strip(), share)) if bottom.strip() else None
        low, high = (est.low, est.high) if est is not None and report.outcomes is not None else (None, None)
        if not share:
            if 0 < x < n and bottom.strip() == "games":  # "about one in 14 times a game" reads as nothing
                raise ValueError(f"{top.strip()} per games is {x / n:.2f}, under one a game: say it as a share, "
                                 f"'game: {top.strip()} / games' (\"about one game in {round(n / x)}\")")
            return rate_words(x, n, low, high)
        return share_words(x, n, noun.strip(), low, high)


def count(report, term: str) -> float:
    """How many times ``term`` happened in ``report``: an event, ``games``, ``moves`` or ``win-N``."""
    if term == "games":
        return report.games
    if term == "moves":
        return report.tally.moves
    if term.startswith("win-") and term[4:].isdigit() and 1 <= int(term[4:]) <= len(report.tally.wins):
        return report.tally.wins[int(term[4:]) - 1] / UNIT
    if term in report.game.EVENTS:
        return report.tally.event_counts[term]
    raise ValueError(f"{term!r} is not an event of {report.game.title}; use "
                     + ", ".join([*report.game.EVENTS, "games", "moves", "win-N"]))


# the words that say which players a figure counts: each kind of computer player the simulation seats
PLAYERS_WORDS = {"heuristic": "careful", "random": "random", "mc": "search"}


def setups_of(env) -> dict[str, list[tuple[int, str, str]]]:
    """docname -> [(line, set-up, run)]: every simulated set-up the page shows, in a table or a sentence."""
    if not hasattr(env, "ganjifa_setups"):
        env.ganjifa_setups = {}
    return env.ganjifa_setups


def note_setup(env, line: int, game, games: int, seed, bots) -> None:
    """A directive or role of the page shows figures of this set-up: one set-up is played once in the whole book
    (one number of games, one seed), so that a table and a sentence, or the notes and a chapter, agree."""
    who = ",".join(bots)
    setup = f"{game.title}, {game.describe_options() or 'as its chapter plays it'}, players {who}"
    setups_of(env).setdefault(env.docname, []).append((line, setup, f"{games:,} games from seed {seed}"))


def runs_apart(store: dict[str, list[tuple[int, str, str]]]):
    """``(what, run, (docname, line), run0, (docname0, line0))`` for each place that shows ``what`` from another
    run than the first place that shows it (places in the order of the book's files and lines)."""
    runs: dict[str, dict[str, tuple[str, int]]] = {}
    for docname, found in sorted(store.items()):
        for line, what, run in found:
            runs.setdefault(what, {}).setdefault(run, (docname, line))
    for what, where in sorted(runs.items()):
        (run0, first), *rest = sorted(where.items(), key=lambda kv: kv[1])
        for run, place in rest:
            yield what, run, place, run0, first


def one_run_a_setup(app, env) -> None:
    """``env-check-consistency``: two places that show the same set-up from different numbers of games or seeds
    warn, naming both (the figures would differ: Shakti's limit "one game in 150" and "1%")."""
    from sphinx.util import logging

    logger = logging.getLogger(__name__)
    for setup, run, (doc, line), run0, (doc0, line0) in runs_apart(setups_of(env)):
        logger.warning(f"simulation: {setup} is played here from {run} and at {env.doc2path(doc0)}:{line0} "
                       f"from {run0}: play one set-up once in the book, so that its figures agree",
                       location=(doc, line), type="ganjifa", subtype="setup-twice")


def figures_of(env) -> dict[str, list[tuple[int, str, str]]]:
    """docname -> [(line, quantity, run)] for each ``{sim-figure}`` of the page."""
    if not hasattr(env, "ganjifa_figures"):
        env.ganjifa_figures = {}
    return env.ganjifa_figures


def collect(app, doctree: nodes.document) -> None:
    """``doctree-read``: note each figure of the page, and warn where its sentence does not say who played:
    the paragraph (or list item) it stands in, or its section's opening paragraph, names each kind of player."""
    from sphinx.util import logging

    logger = logging.getLogger(__name__)
    found = figures_of(app.env).setdefault(app.env.docname, [])
    found.clear()
    for node in doctree.findall(lambda n: isinstance(n, nodes.inline) and "ganjifa_quantity" in n):
        line = node.line or (node.parent.line if node.parent is not None else 0) or 0
        found.append((line, node["ganjifa_quantity"], node["ganjifa_run"]))
        texts = []
        holder = node.parent
        while holder is not None and not isinstance(holder, (nodes.paragraph, nodes.list_item, nodes.definition)):
            holder = holder.parent
        if holder is not None:
            texts.append(holder.astext())
            if isinstance(holder.parent, (nodes.list_item, nodes.definition)):
                texts.append(holder.parent.astext())
        section = node.parent
        while section is not None and not isinstance(section, nodes.section):
            section = section.parent
        if section is not None:
            first = next(iter(section.findall(nodes.paragraph)), None)
            if first is not None:
                texts.append(first.astext())
        said = " ".join(texts).lower()
        missing = [PLAYERS_WORDS[b] for b in dict.fromkeys(node["ganjifa_bots"].split(","))
                   if b in PLAYERS_WORDS and PLAYERS_WORDS[b] not in said]
        if missing:
            role = "sim-compare" if "ganjifa-sim-compare" in node.get("classes", ()) else "sim-figure"
            logger.warning(f"{{{role}}}: the figure ({node.astext()}) counts games of "
                           f"{node['ganjifa_bots'].replace('heuristic', 'careful')} players, but its sentence, "
                           f"its paragraph and its section's first paragraph never say so (write "
                           f"{' and '.join(repr(m) for m in missing)})",
                           location=node, type="ganjifa", subtype="figure-players")


def the_same_quantity(app, env) -> None:
    """``env-check-consistency``: one quantity is computed once. Two figures of the book that count the same
    thing of the same game with the same players, from different numbers of games or seeds, can disagree in
    print ("one game in 38" and "one game in 43"); each is a warning naming both places."""
    from sphinx.util import logging

    logger = logging.getLogger(__name__)
    for quantity, run, (doc, line), run0, (doc0, line0) in runs_apart(figures_of(env)):
        logger.warning(f"{{sim-figure}}: {quantity} is computed here from {run} and at "
                       f"{env.doc2path(doc0)}:{line0} from {run0}: count one quantity once, so that the book "
                       f"states one figure for it", location=(doc, line), type="ganjifa", subtype="figure-twice")


def purge(app, env, docname: str) -> None:
    figures_of(env).pop(docname, None)
    setups_of(env).pop(docname, None)


def merge(app, env, docnames, other) -> None:
    for name in docnames:
        if name in figures_of(other):
            figures_of(env)[name] = figures_of(other)[name]
        if name in setups_of(other):
            setups_of(env)[name] = setups_of(other)[name]


def setup(app) -> None:
    app.connect("doctree-read", collect)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    app.connect("env-check-consistency", the_same_quantity)
    app.connect("env-check-consistency", one_run_a_setup)
