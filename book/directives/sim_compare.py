"""``{sim-compare}``: a sentence that compares, made from its test (:mod:`engine.study.verdict`), so that it cannot
say more than the games show.

The role's text is one of:

- ``HIGHER|LOWER|SAME: MEASURE @ GAME OPTIONS ~ OTHER``: MEASURE (as in :class:`engine.study.verdict.Measure`) of the
  set-up GAME OPTIONS (with ``games=``, ``seed=``, ``bots=`` as in ``{sim-figure}``) against OTHER, which is
  either the same set-up with some options or players changed (``~ hand-size=6``, ``~ bots=random``: the same
  seeds, compared game by game) or a fixed figure (``~ 1/2``). The role prints the words the test chose (HIGHER
  when the first is higher at the 5% level, LOWER when lower, SAME when the test shows no difference), then
  both figures and the difference with its 95% interval (OTHER may also be another measure of the same games,
  ``~ dealer-behind / games``, compared game by game): "less often (2.4% against 4.6%; the difference -2.2
  points, 95% interval -3.1 to -1.3)".
- ``seats @ GAME OPTIONS``: every seat's share of the wins against its fair share, Holm's method over the
  seats: "no seat's share of the wins differs from its fair share, a quarter, at the 5% level (four seats
  tested, Holm's method)", or the seats that do, with their shares and intervals.

In a players' chapter the role prints the chosen words only; the notes for designers, from the same games,
print the figures too.

Where the book compares (the notes for designers, each chapter's "How the game plays out", and any paragraph
that states a simulated figure), a sentence
with a comparing word ("more", "fewer", "longer", "than", "favoured" ...: :data:`COMPARING`) holds such a
role, or the build warns at its line (with -W, fails): a comparison typed by hand says what no test showed.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

from engine.errors import GanjifaError
from engine.registry import game_class
from engine.shuffle import parse_seed
from engine.study.verdict import ALPHA, Measure, against, against_figure, seats

from ..simcache import cached_report
from . import ENGINE_DIR
from .sim_figure import note_setup, number_words

logger = logging.getLogger(__name__)

KEYS = ("games", "seed", "bots")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
FAIR_WORDS = {2: "a half", 3: "a third", 4: "a quarter", 5: "a fifth", 6: "a sixth"}
# the words of a comparison: a sentence holding one is made by {sim-compare}, or it says what no test showed
COMPARING = re.compile(
    r"\b(than|(?<!or )more|less|(?<!or )fewer|longer|shorter|rarer|rarely|commoner|oftener|likelier|favou?r(?:s|ed|ing)?"
    r"|gains?|suffers?|twice|thrice|half as|as often|as likely|as long|as many|as much|times as|differs?|differences?|higher|lower"
    r"|larger|smaller|evens out|outweighs?|bears? (?:this )?out|best of it|upper hand|an? (?:real |slight |small )?(?:edge|advantage))\b", re.I)
SCOPE_SECTION = "How the game plays out"  # a chapter's plain-words summary of play


def rounded(value: float, digits: int) -> str:
    """``value`` to ``digits`` decimals, a half rounded up, as a reader rounds (16.5 is 17, where Python's
    format rounds a half to the even digit and printed 16)."""
    from decimal import ROUND_HALF_UP, Decimal

    return str(Decimal(repr(value)).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))


def percent(value: float, low: float, high: float, least: int = 0) -> tuple[str, str, str]:
    """A share and its interval in percent, to as many decimals as keep the interval's two ends apart (so that
    "43% (43-43)" cannot be printed), and at least ``least``; a share short of every game never reads 100%
    (199 games of 200 are 99.5%), nor one above none 0%."""
    width = 100 * (high - low)
    digits = max(least, 0 if width >= 2 else 1 if width >= 0.2 else 2)
    while digits < 4 and ((0 < value and float(rounded(100 * value, digits)) == 0)
                          or (value < 1 and float(rounded(100 * value, digits)) == 100)):
        digits += 1
    return tuple(rounded(100 * v, digits) for v in (value, low, high))  # type: ignore[return-value]


def number(value: float, low: float, high: float, least: int = 0) -> tuple[str, str, str]:
    """A rate and its interval, to as many decimals as keep the ends apart (up to four), and at least ``least``.

    >>> number(0.0903, 0.0862, 0.0944), number(0.0049, 0.0040, 0.0060)
    (('0.090', '0.086', '0.094'), ('0.005', '0.004', '0.006'))
    """
    width = high - low
    digits = max(least, 0 if width >= 20 else 1 if width >= 0.2 else 2)
    # more decimals while the ends would print alike ("0.09 (0.09-0.09)") or a rate above none would read 0
    while digits < 4 and width > 0 and (rounded(low, digits) == rounded(high, digits)
                                        or (value > 0 and float(rounded(value, digits)) == 0)):
        digits += 1
    return tuple(rounded(v, digits) for v in (value, low, high))  # type: ignore[return-value]


def decimals(text: str) -> int:
    """How many decimals a printed figure has ("2.45" -> 2)."""
    return len(text.partition(".")[2])


def handful(x: float, n: int, low: float, high: float) -> str:
    """A handful of events as the count itself with its 95% interval, both ends: "4 of 200 (0.5-5.0%)" (a rate
    would claim more than a handful supports; a bound alone would read as none)."""
    return f"{x:g} of {n:,} ({100 * low:.2g}-{100 * high:.2g}%)".replace(" (", "\u00a0(")


def value_words(measure: Measure, est, least: int = 0) -> str:
    """One estimate as the sentence prints it: "2.4%", "none (under 0.03%)", "49.1 actions a game", "1.74 a game";
    to at least ``least`` decimals (those of the difference printed beside it)."""
    if est.zero:
        bound = f"{100 * est.high:.2g}%" if measure.share else f"{est.high:.2g} a game"
        return f"none (under {bound})"
    if measure.share:
        count = round(est.value * est.total)
        if 0 < count < 10 and abs(count - est.value * est.total) < 1e-6:  # a handful: the count, not a rate
            return f"{count} of {round(est.total):,}"
        return percent(est.value, est.low, est.high, least)[0] + "%"
    text = number(est.value, est.low, est.high, least)[0]
    if measure.bottom == "games":
        return f"{text} actions a game" if measure.top == "moves" else f"{text} a game"
    return f"{text} per {measure.bottom.rstrip('s')}"


def difference_words(measure: Measure, verdict) -> str:
    if measure.share:
        d, lo, hi = percent(verdict.difference, verdict.low, verdict.high, least=1)
        unit = " points"
    else:
        d, lo, hi = number(verdict.difference, verdict.low, verdict.high)
        unit = ""
    sign = lambda t: t.lstrip("-") if float(t) == 0 else t if t.startswith("-") else f"+{t}"  # noqa: E731 ("0.0", never "-0.0")
    if getattr(verdict, "exact", ""):  # a handful: the exact test that decided, and Newcombe's score interval
        return (f"{sign(d)}{unit}, 95% interval {sign(lo)} to {sign(hi)} (Newcombe's score interval, with "
                f"{verdict.exact}: a count here is a handful, under ten games)")
    return f"{sign(d)}{unit}, 95% interval {sign(lo)} to {sign(hi)}"


def measure_words(game, measure: Measure) -> str:
    """What a comparison measures, in the words of the game's events: "games in which the stock runs out"."""
    from engine.study.simtables import event_words

    said = event_words(game)

    def term(t: str) -> str:
        return said.get(t, t)

    top, bottom = measure.top, measure.bottom
    seat = re.fullmatch(r"win-(\d+)", top)
    if seat and measure.share and bottom == "games":
        return f"games Player {seat.group(1)} wins"
    if top == "moves":
        return "actions a game" if bottom == "games" else f"actions per time {term(bottom)}"
    if measure.share and bottom == "games":
        return f"games in which {term(top)}"
    if measure.share:
        return f"times {term(top)}, of the actions" if bottom == "moves" else f"times {term(top)}, of those {term(bottom)}"
    if bottom == "games":
        return f"times a game {term(top)}"
    return f"times {term(top)}, per time {term(bottom)}"


def option_words(info, value) -> str:
    """One option's setting in players' words: "Hand size: 7"; the number of rounds as a game's length, "a game
    of one deal" (the option's title names its round), never "Rounds: 1"."""
    if info.name == "rounds" and isinstance(value, int):
        word = info.heading.lower().removesuffix("s")
        return f"a game of {number_words(value)} {word}{'s' if value != 1 else ''}"
    return f"{info.heading}: {info.label(value)}"


def setup_words(game, bots) -> str:
    """A set-up in players' words: "four careful players, seven cards" (its options away from the rules)."""
    from engine.players.bots import lineup_words

    changed = [option_words(info, getattr(game, info.name)) for info in game.options()
               if info.name != "players" and getattr(game, info.name) != info.default]
    return ", ".join([f"{number_words(game.players)} players, {lineup_words(bots)}", *changed])


def contrast_words(game, other, bots, other_bots) -> str:
    """What two set-ups differ in, in players' words: "hand size 7 against 6" (the rest said once)."""
    from engine.players.bots import lineup_words

    parts = [f"{info.heading}: {info.label(getattr(game, info.name))} against "
             f"{info.label(getattr(other, info.name))}" for info in game.options()
             if getattr(game, info.name) != getattr(other, info.name)]
    if tuple(bots) != tuple(other_bots):
        parts.append(f"{lineup_words(bots)} against {lineup_words(other_bots)}")
    same = [option_words(info, getattr(game, info.name)) for info in game.options()
            if info.name != "players" and getattr(game, info.name) == getattr(other, info.name)
            and getattr(game, info.name) != info.default]
    if tuple(bots) == tuple(other_bots):
        same.insert(0, lineup_words(bots))
    return "; ".join(parts) + (f" ({', '.join(same)})" if same else "")


def constant_words(measure: Measure, c: float) -> str:
    frac = Fraction(c).limit_denominator(12)
    if measure.share and abs(float(frac) - c) < 1e-9 and frac.denominator in FAIR_WORDS and frac.numerator == 1:
        return f"{FAIR_WORDS[frac.denominator]}, {100 * c:.0f}%"
    if measure.share:
        return f"{100 * c:g}%"
    return f"{c:g}"


def parse_constant(text: str) -> float | None:
    try:
        return float(Fraction(text.strip()))
    except (ValueError, ZeroDivisionError):
        return None


class SimCompareRole(SphinxRole):
    """The role: parse, look up the cached reports, run the test, print the words it chose."""

    def run(self):
        # one role object serves every use in the book: a test left from the use before would be worded over this
        # one (a seats sentence, which keeps no test, took the comparison before it, of another game too)
        self.test, self.what = None, ""
        try:
            text = self.sentence()
        except (ValueError, GanjifaError) as err:
            msg = self.inliner.reporter.error(f"{{sim-compare}}: {err}", line=self.lineno)
            return [self.inliner.problematic(self.rawtext, self.rawtext, msg)], [msg]
        node = nodes.inline(text, text, classes=["ganjifa-sim-compare"])
        node["ganjifa_quantity"], node["ganjifa_run"], node["ganjifa_bots"] = self.quantity
        if self.test:
            node["ganjifa_test"] = self.test
        self.set_source_info(node)
        return [node], []

    @property
    def plain(self) -> bool:
        """A players' chapter prints the words the test chose, without its figures (the notes for designers,
        from the same games, print them in full)."""
        return "/designers/" not in f"/{self.env.docname}"

    def setting(self, words: list[str]):
        keys = {k: v for k, _, v in (w.partition("=") for w in words[1:]) if k in KEYS}
        options = " ".join(w for w in words[1:] if w.partition("=")[0] not in KEYS)
        game = game_class(words[0]).from_text(options)
        games = int(keys.get("games", "1000"))
        if not 1 <= games <= 20_000:
            raise ValueError(f"games={games}: from 1 to 20000")
        bots = tuple(keys.get("bots", "random").split(","))
        folder = Path(self.env.srcdir) / self.config.ganjifa_cache / "simulations"
        report = cached_report(folder, game, games, parse_seed(keys.get("seed", "1")), bots, per_game=True)
        note_setup(self.env, self.lineno, game, games, keys.get("seed", "1"), bots)
        return game, keys, bots, report

    def sentence(self) -> str:
        left, at, setting = self.text.partition("@")
        if not at or not setting.split():
            raise ValueError(f"{self.text!r}: write 'HIGHER|LOWER|SAME: MEASURE @ GAME OPTIONS ~ OTHER' or "
                             "'seats @ GAME OPTIONS'")
        for path in sorted(ENGINE_DIR.rglob("*.py")):
            self.env.note_dependency(str(path))
        setting, tilde, other = setting.partition("~")
        words = setting.split()
        game, keys, bots, report = self.setting(words)
        self.quantity = (f"{game.name} {game.describe_options() or 'as the chapter plays it'}, players: "
                         f"{','.join(bots)}: {left.strip()}", f"{report.games} games from seed {keys.get('seed', '1')}",
                         ",".join(bots))
        if left.strip() == "seats":
            if tilde:
                raise ValueError("'seats @ GAME OPTIONS' sets each seat against its fair share: nothing after '~'")
            return self.seats(report, self.plain)
        choices, colon, formula = left.partition(":")
        options = [c.strip() for c in choices.split("|")]
        if not colon or len(options) != 3 or not all(options):
            raise ValueError(f"{left.strip()!r}: begin with the three wordings the test chooses from, "
                             "'HIGHER|LOWER|SAME: ', e.g. 'more often|less often|about as often: '")
        if not tilde or not other.split():
            raise ValueError("compare with something: '~ OPTIONS' (the same set-up with options or players "
                             "changed) or '~ 1/2' (a fixed figure)")
        measure = Measure.parse(formula, game)
        self.key = (f"{game.name}: {measure.top} {'/' if measure.share else 'per'} {measure.bottom} @ "
                    f"{game.options_text()} games={report.games} seed={report.seed} bots={','.join(bots)} ~ "
                    + " ".join(other.split()))
        self.what = f"{measure_words(game, measure)}, {setup_words(game, bots)}"
        constant = parse_constant(other)
        if constant is not None:
            self.what += f", against {constant_words(measure, constant)}"
            verdict = against_figure(report, measure, constant)
            est = verdict.first
            lo, hi = (percent(est.value, est.low, est.high)[1:] if measure.share
                      else number(est.value, est.low, est.high)[1:])
            unit = "%" if measure.share else ""
            said = f"{value_words(measure, est)}, 95% interval {lo}{unit} to {hi}{unit}, against " \
                   f"{constant_words(measure, constant)}"
            return self.tested(options, verdict, f"({said})", f"({said}, within chance of it at the 5% level)")
        if "=" not in other:  # another measure of the same games: "~ dealer-behind / games"
            second_measure = Measure.parse(other, game)
            if second_measure.share != measure.share:
                raise ValueError(f"{measure} and {second_measure} are not alike: compare a share with a share, a rate "
                                 "with a rate")
            self.what = (f"{measure_words(game, measure)} against {measure_words(game, second_measure)}, the same "
                         f"games, {setup_words(game, bots)}")
            verdict = against(report, report, measure, second_measure)
            return self.worded(options, measure, verdict)
        changed = {w.partition("=")[0]: w for w in other.split()}
        if set(changed) & {"games", "seed"}:
            raise ValueError("the set-up compared plays the same games from the same seed: change options or bots only")
        second = [words[0]] + [w for w in words[1:] if w.partition("=")[0] not in changed] + list(changed.values())
        game2, _, bots2, report2 = self.setting(second)
        if game2.options_text() == game.options_text() and bots2 == bots:
            raise ValueError(f"'~ {other.strip()}' changes nothing: name an option or the players that differ")
        self.quantity = (*self.quantity[:2], ",".join(dict.fromkeys(bots + bots2)))
        # one test, however its sentence is written (options in any order, the two sides either way round): one key,
        # so that Holm's method counts it once
        sides = sorted(f"{g.options_text()} bots={','.join(b)}" for g, b in ((game, bots), (game2, bots2)))
        self.key = (f"{game.name}: {measure.top} {'/' if measure.share else 'per'} {measure.bottom} "
                    f"games={report.games} seed={report.seed} " + " ~ ".join(sides))
        self.what = f"{measure_words(game, measure)}; {contrast_words(game, game2, bots, bots2)}"
        return self.worded(options, measure, against(report, report2, measure))

    def worded(self, options, measure, verdict) -> str:
        if verdict.first.zero and verdict.other.zero:  # two zeros: the sentence compares, so its test is listed
            said = f"(it never happened in either: {value_words(measure, verdict.first)} in each)"
            return self.tested(options, verdict, said, said)
        difference = difference_words(measure, verdict)
        digits = decimals(difference.split(",")[0].split()[0])  # the figures to the difference's decimals, so
        # that the one taken from the other reads as the difference printed (give or take the last digit's rounding)
        first, second_ = value_words(measure, verdict.first, digits), value_words(measure, verdict.other, digits)
        unit = re.match(r"[-\d.]+( .*)?$", second_)
        if unit and unit.group(1) and first.endswith(unit.group(1)) and not verdict.first.zero:
            first = first[: -len(unit.group(1))]  # "51.1 against 49.1 actions a game"
        return self.tested(options, verdict, f"({first} against {second_}; the difference {difference})",
                           f"({first} against {second_}; the difference, {difference}, is within chance at the 5% "
                           "level)")

    def tested(self, options: list[str], verdict, significant: str, within: str) -> str:
        """The words as the test alone chooses them, and the test kept on the node: when the book is written,
        every comparison the book makes about one game is decided together, Holm's method over them all
        (:func:`decide`), so that the notes and the chapter, and two sentences of one page, never part."""
        sign = 1 if verdict.difference > 0 else -1 if verdict.difference < 0 else 0
        self.test = {"key": self.key, "game": self.key.partition(":")[0], "p": float(verdict.p), "sign": sign,
                     "words": list(options), "significant": significant, "within": within, "plain": self.plain,
                     "what": self.what, "exact": getattr(verdict, "exact", "")}
        return wording(self.test, verdict.p)

    @staticmethod
    def seats(report, plain: bool = False) -> str:
        n = report.game.players
        fair = FAIR_WORDS.get(n, f"one in {n}")
        tested = f"{number_words(n)} seats tested together, Holm's method"
        found = seats(report)
        apart = [s for s in found if s.direction]
        # a seat whose own interval misses the fair share though the seats tested together do not set it apart:
        # said as a lean (the twenty-first statistician: Shakti's Player 1 at 25.4-32.6 beside "no seat differs")
        # judged on the interval as printed, so that "21 to 25" never "leans below" a quarter
        printed = {s.seat: percent(s.share, s.low, s.high) for s in found}
        leans = [s for s in found if not s.direction and (float(printed[s.seat][1]) > 100 / n
                                                          or float(printed[s.seat][2]) < 100 / n)]
        lean = "; ".join(
            (f"Player {s.seat} wins a little {'more' if s.share > 1 / n else 'less'} often, though that may be "
             "chance" if plain else
             f"Player {s.seat}'s share, {printed[s.seat][0]}% (95% interval {printed[s.seat][1]} to "
             f"{printed[s.seat][2]} taken alone), leans {'above' if s.share > 1 / n else 'below'} it, though not "
             "beyond chance with the seats tested together")
            for s in leans)
        if not apart and plain:
            return (f"no seat wins more or less often than its fair share, {fair}, beyond what chance explains"
                    + (f"; {lean}" if lean else ""))
        if not apart:
            return (f"no seat's share of the wins differs from its fair share, {fair}, at the 5% level ({tested})"
                    + (f"; {lean}" if lean else ""))
        parts = []
        for s in apart:
            share, lo, hi = percent(s.share, s.low, s.high)
            if plain:
                parts.append(f"Player {s.seat} wins {'more' if s.direction > 0 else 'less'} than {fair} of the "
                             "games")
                continue
            parts.append(f"Player {s.seat} wins {share}% (95% interval {lo} to {hi}), "
                         f"{'more' if s.direction > 0 else 'less'} than a fair {fair.partition(' ')[2]}")
        rest = (f"no other seat's share differs from {fair}" if len(apart) < n else "")
        said = "; ".join(parts)
        if plain:
            return f"{said}{'; ' + rest if rest else ''}"
        return f"{said}{'; ' + rest if rest else ''} (at the 5% level, {tested})"


def wording(test: dict, p: float, family: int = 1) -> str:
    """A comparison's words once its p-value is decided (adjusted over ``family`` comparisons)."""
    direction = test["sign"] if p < ALPHA else 0
    said = test["words"][{1: 0, -1: 1, 0: 2}[direction]]
    leans = not direction and family > 1 and test["p"] < ALPHA and test["sign"]
    if leans:
        # alone it would pass; with the game's other comparisons it does not: the way the figures lean is said,
        # and that it is not beyond chance (never "about as long" beside an interval that leans one way), in a
        # chapter's plain words as in the notes (the eighteenth statistician: Kendra Kari's seven cards)
        said = test["words"][{1: 0, -1: 1}[test["sign"]]] + ", though not beyond chance"
    if test["plain"]:  # a players' chapter: the same verdict in plain words
        return said.replace(", though not beyond chance", ", though that may be chance")
    if direction:
        return f"{said} {test['significant']}"
    detail = test["within"]
    if leans:  # the interval is the comparison's alone, which the adjusted verdict overrules: said so in order
        # (the twenty-first statistician read "+0.2 to +3.8, is within chance" as a contradiction)
        alone = detail.replace(", is within chance at the 5% level)", " taken alone, is within chance at the 5% level)")
        detail = alone[:-1] + (f" once the {family} comparisons the book makes about this game are taken "
                               "together by Holm's method)")
    return f"{said} {detail}"


def tests_of(env) -> dict[str, list[tuple[str, str, float]]]:
    """docname -> [(game, key, p)]: every comparison a page makes."""
    if not hasattr(env, "ganjifa_compare_tests"):
        env.ganjifa_compare_tests = {}
    return env.ganjifa_compare_tests


def collect_tests(app, doctree: nodes.document) -> None:
    found = tests_of(app.env)[app.env.docname] = []
    for node in doctree.findall(nodes.inline):
        test = node.get("ganjifa_test")
        if test:
            found.append((test["game"], test["key"], test["p"], test.get("what", ""), _where(doctree, node),
                          test.get("exact", "")))


def _where(doctree, node) -> str:
    """The page's title and the section a sentence stands in: "Notes on Kendra Kari: Hand size"."""
    titles = [s.next_node(nodes.title).astext() for s in _ancestors(node) if isinstance(s, nodes.section)]
    titles.reverse()
    return ": ".join(dict.fromkeys(t for t in titles[:1] + titles[-1:]))


class comparisons_list(nodes.General, nodes.Element):
    """Where the list of a game's comparisons goes, filled in once every page is read (:func:`decide`)."""


class ComparisonsDirective(SphinxDirective):
    """``{comparisons} GAME``: every comparison the book makes about GAME (its chapter and its notes), each with
    its p-value alone and after Holm's method over them all, so that "once the 12 comparisons ... are taken
    together" can be checked line by line."""

    required_arguments = 1
    has_content = False

    def run(self):
        name = self.arguments[0]
        try:
            game_class(name)
        except GanjifaError as err:
            raise self.error(f"{{comparisons}}: {err}")
        node = comparisons_list(game=name)
        self.set_source_info(node)
        return [node]


def _p_words(p: float) -> str:
    return "under\u00a00.001" if p < 0.001 else f"{p:.3f}" if p < 0.1 else f"{p:.2f}"


def comparisons_table(app, game: str) -> list[nodes.Node]:
    from engine.study.compare import holm

    from . import table

    seen: dict[str, tuple] = {}
    order = sorted(tests_of(app.env), key=lambda d: ("/designers/" in f"/{d}", d))
    for docname in order:
        for entry in tests_of(app.env)[docname]:
            if entry[0] == game and len(entry) > 3:
                seen.setdefault(entry[1], entry)
    if not seen:
        return [nodes.paragraph("", "This book makes no comparison about this game.")]
    keys = list(seen)
    adjusted = dict(zip(keys, holm([seen[k][2] for k in keys])))
    body = [[seen[k][4], seen[k][3] + (f" ({seen[k][5]})" if seen[k][5] else ""), _p_words(seen[k][2]),
             _p_words(adjusted[k]), "differs" if adjusted[k] < ALPHA else "within chance"] for k in keys]
    n = len(keys)
    text = (f"Every comparison this book makes about {game_class(game).title}, in its chapter and in these notes "
            f"({number_words(n)} in all), each test once however often its sentence is printed: the test's p-value "
            f"alone, and after Holm's method over all {number_words(n)} (Holm's p); a sentence says a difference "
            "only where Holm's p is under 0.05.")
    return [table(["Where", "What is compared", "p", "Holm's\u00a0p", "Verdict"], body,
                  classes=["ganjifa-simulation", "ganjifa-comparisons"], widths=[28, 44, 9, 9, 10]),
            nodes.paragraph(text, text, classes=["ganjifa-caption"])]


def decide(app, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: every comparison the book makes about a game (its chapter and its notes, each test
    once) is decided together by Holm's method, and each sentence worded by its adjusted p-value."""
    from engine.study.compare import holm

    families: dict[str, dict[str, float]] = {}
    for found in tests_of(app.env).values():
        for game, key, p, *_ in found:
            families.setdefault(game, {})[key] = p
    for node in list(doctree.findall(comparisons_list)):
        node.replace_self(comparisons_table(app, node["game"]))
    adjusted: dict[str, tuple[float, int]] = {}
    for game, family in families.items():
        keys = sorted(family)
        for key, p in zip(keys, holm([family[k] for k in keys])):
            adjusted[key] = (p, len(keys))
    for node in list(doctree.findall(nodes.inline)):
        test = node.get("ganjifa_test")
        if not test:
            continue
        p, size = adjusted.get(test["key"], (test["p"], 1))
        text = wording(test, p, size)
        node.children = []
        node += nodes.Text(text)


def purge_tests(app, env, docname: str) -> None:
    tests_of(env).pop(docname, None)


def merge_tests(app, env, docnames, other) -> None:
    for name in docnames:
        if name in tests_of(other):
            tests_of(env)[name] = tests_of(other)[name]


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z(\"'])", text) if s.strip()]


def _in_scope(docname: str, para) -> bool:
    if docname.endswith("designers/index"):
        return False  # the notes' opening page tells how the figures are made; it states none
    if "/designers/" in f"/{docname}":
        return True
    if any("ganjifa-sim-figure" in n.get("classes", ()) for n in para.findall(nodes.inline)):
        return True  # a simulated figure anywhere: "in one game in 40 rather than one game in 40" compared none
    node = para
    while node is not None:
        if isinstance(node, nodes.section):
            title = node.next_node(nodes.title)
            if title is not None and title.astext().strip() == SCOPE_SECTION:
                return True
        node = node.parent
    return False


def check(app, doctree: nodes.document) -> None:
    """``doctree-read``: in the notes for designers and each chapter's "How the game plays out", a sentence
    with a comparing word holds a {sim-compare} (whose own words are left out of the search)."""
    docname = app.env.docname
    if not docname.startswith("rules/"):
        return
    for para in doctree.findall(nodes.paragraph):
        if "ganjifa-caption" in para.get("classes", ()) or not _in_scope(docname, para):
            continue
        if any(isinstance(a, (nodes.table, nodes.container, nodes.admonition)) for a in _ancestors(para)):
            continue
        pieces = []
        for child in para.children:
            if isinstance(child, nodes.inline) and "ganjifa-sim-compare" in child.get("classes", ()):
                pieces.append(" \u2983TESTED\u2984 ")
            elif isinstance(child, nodes.inline) and "ganjifa-sim-figure" in child.get("classes", ()):
                pieces.append(" \u2983FIGURE\u2984 ")  # a figure's own words ("fewer than one in 660") compare nothing
            else:
                pieces.append(child.astext())
        for sentence in _sentences(" ".join("".join(pieces).split())):
            word = COMPARING.search(sentence)
            if word and "\u2983TESTED\u2984" not in sentence:
                logger.warning(f"{{sim-compare}}: {sentence[:90]!r} compares ({word.group(0)!r}) with no test "
                               "behind it: make the comparison with {sim-compare} (or say it without comparing)",
                               location=para, type="ganjifa", subtype="comparison")


def _ancestors(node):
    node = node.parent
    while node is not None:
        yield node
        node = node.parent


def setup(app) -> None:
    app.add_role("sim-compare", SimCompareRole())
    app.add_node(comparisons_list)
    app.add_directive("comparisons", ComparisonsDirective)
    app.connect("doctree-read", check)
    app.connect("doctree-read", collect_tests)
    app.connect("doctree-resolved", decide)
    app.connect("env-purge-doc", purge_tests)
    app.connect("env-merge-info", merge_tests)
