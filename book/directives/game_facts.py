"""``{game-facts} kendra-kari``: the choices players agree on before play (the number of players and every
option, its choices, the default in bold); the deck and the deal are said once, in the What you need box."""

from __future__ import annotations

import re

from docutils import nodes
from sphinx.util.docutils import SphinxRole

from engine.protocol import option_text

from ..nodes import clause_ref
from . import GanjifaDirective, table


def deals(cls) -> dict:
    """A deal of the game (seed 0) at every player count: players -> Deal."""
    return {n: cls.from_options({"players": n}).deal(0) for n in range(cls.min_players, cls.max_players + 1)}


def players_words(cls) -> str:
    """How many play, as a player says it: "3 to 6 players", "Four players", "One player"."""
    from .sim_figure import number_words

    if cls.min_players != cls.max_players:
        return f"{cls.min_players} to {cls.max_players} players" + bracket(also_allowed(cls, str))
    n = cls.min_players
    return f"{number_words(n).capitalize()} player{'s' if n != 1 else ''}" + bracket(also_allowed(cls, str))


def also_allowed(cls, number) -> str:
    """The tables a game's rulings allow beyond the source's ("two to four can play too": Naqsh's source gives
    five to seven, the book allows two to seven), so that no box or table of the book says less than its
    chapter; "" when there are none. ``number`` writes a player count."""
    usual = set(range(cls.min_players, cls.max_players + 1))
    extra = sorted(set(seats_allowed(cls)) - usual)
    if not extra:
        return ""
    said = number(extra[0]) if len(extra) == 1 else f"{number(extra[0])} to {number(extra[-1])}"
    return f"{said} can play too"


def bracket(words: str) -> str:
    return f" ({words})" if words else ""


def hands_dealt(deals_by_players: dict, number=str) -> str:
    """How many cards each player is dealt ("six cards to each player", "one card to each player": a bare "1" read
    as the card 1 in Naqsh), by table size when it differs ("40 cards each with three players, 30 cards each with
    four players"); ``number`` writes a count (e.g. in words).

    >>> from types import SimpleNamespace as N
    >>> hands_dealt({4: N(hands=[[0]] * 4)}), hands_dealt({3: N(hands=[[0] * 40] * 3), 4: N(hands=[[0] * 30] * 4)})
    ('1 card to each player', '40 cards each with 3 players, 30 cards each with 4 players')
    """
    hand = {len(h) for d in deals_by_players.values() for h in d.hands}
    if len(hand) == 1:
        n = hand.pop()
        return f"{number(n)} card{'s' if n != 1 else ''} to each player"
    return ", ".join(f"{number(len(d.hands[0]))} cards each with {number(n)} players" for n, d in deals_by_players.items())


class GameFactsDirective(GanjifaDirective):
    required_arguments = 1
    has_content = False
    option_spec = {}

    def run(self):
        self.note_engine()
        game = self.game(self.arguments[0])
        cls = type(game)
        # the choices to agree on before play: the deck and the deal are the What you need box's, not repeated
        rows = [["Players", players_words(cls)]]
        for info in cls.options():
            default = info.default
            choices = ", ".join(("**" if c == default else "") + info.label(c) + ("**" if c == default else "")
                                for c in info.choices)
            help_text = info.help.rstrip(".")
            for c in info.choices:  # a choice the help names in brackets, by its one name: "(no doubling)", not "(no)"
                if option_text(c).isdigit():
                    continue
                help_text = re.sub(r"\(" + re.escape(option_text(c)) + r"(?=[),:])", "(" + info.label(c), help_text)
            help_text = help_text[:1].upper() + help_text[1:]
            text = f"{help_text}. Choices: {choices}." if help_text else f"Choices: {choices}."
            if info.name == "players":  # one row for the players: the option's words say the range and the default
                if len(info.choices) > 1:  # a fixed number is said once, not offered as a choice (issue 30)
                    rows[0][1] = self.rich(text)
                continue
            rows.append([info.heading, self.rich(text)])
        note = nodes.paragraph("", "Defaults are in bold.", classes=["ganjifa-caption"])
        return [table(["", game.title], rows, classes=["ganjifa-facts"], widths=[1, 3]), note]

    def rich(self, text: str) -> list[nodes.Node]:
        out = []
        for k, part in enumerate(text.split("**")):
            if part:
                out.append(nodes.strong(part, part) if k % 2 else nodes.Text(part))
        return out


def quick_reference_id(game) -> str:
    """The anchor of a game's quick reference, which its What you need box links to."""
    return f"at-a-glance-{game.name}"


SET_UP, THE_END = "Set-up", "The end"  # the first and the last part of every quick reference
# a quick reference longer than a page is printed across two facing pages: its length in lines of the
# printed box (about 78 characters a line at 8.1 pt; a part's heading and its space count two, the title
# and the facts three). Guru Ganjifa's 48 spilled two lines over its page at 8.1 pt, 1.2 lines to the point size,
# and fit at 7.7 pt and 1.1 (issue 41); Naqsh's 43 fit (issue 30); Traditional Ganjifa's are two pages
ONE_PAGE, LINE = 50, 78


def _number_words(n: int) -> str:
    return ("one", "two", "three", "four", "five", "six", "seven", "eight")[n - 1] if 1 <= n <= 8 else str(n)


def players_in_words(cls) -> str:
    """"One player", "Four players", "Two to four players": the table the game is for, in words."""
    low, high = _number_words(cls.min_players), _number_words(cls.max_players)
    if cls.min_players == cls.max_players:
        return f"{low.capitalize()} player" + ("" if cls.min_players == 1 else "s") + bracket(also_allowed(cls, _number_words))
    return f"{low.capitalize()} to {high} players" + bracket(also_allowed(cls, _number_words))


def outline(lines: list[str]) -> list[tuple[str, list[str], int]]:
    """The directive's body, one part a line: ``Heading: clause clause ...`` -> (heading, clauses, line)."""
    out = []
    for k, text in enumerate(lines):
        if not text.strip():
            continue
        heading, colon, cids = text.partition(":")
        if not colon or not heading.strip() or not cids.split():
            raise ValueError(f"line {k + 1} of the outline, {text.strip()!r}: write a part as `Heading: clause clause ...`")
        out.append((heading.strip(), cids.split(), k))
    return out


class QuickReferenceDirective(GameFactsDirective):
    """``{quick-reference} kendra-kari``: the chapter's rules on one page, to photocopy and keep at the table.

    Its body is the outline, one part a line, each a heading and the clauses it lists::

        Set-up: kk.players kk.deal
        Your turn: kk.match kk.next kk.must-play kk.draw
        The end: kk.out kk.stock-out

    The first part is "Set-up", the last "The end" (or "The end of a round"), and at least one part between says how play goes.
    Every clause the chapter states is listed once (a player at the table needs each), as the chapter's
    one-line ``:summary:`` with its §N, in bold when the chapter marks it ``:remember:`` (a rule players
    forget). Above the outline: the players, the deck, and what else is needed. It stands after the
    chapter's clauses: a clause it lists and the chapter has not stated, a stated clause it leaves out, a
    clause listed twice or a missing part is an error naming the clause or the part.
    """

    has_content = True

    def run(self):
        self.note_engine()
        game = self.game(self.arguments[0])
        cls = type(game)
        from .clause import clauses_of

        store = {cid: c for cid, c in clauses_of(self.env).items()
                 if cid in cls.CLAUSES and c.docname == self.env.docname}
        try:
            parts = outline(list(self.content))
        except ValueError as err:
            raise self.fail(f"the quick reference of {game.title}: {err}") from None
        heads = [h for h, _, _ in parts]
        if len(parts) < 3 or heads[0] != SET_UP or not heads[-1].startswith(THE_END):
            raise self.fail(f"the quick reference of {game.title} has the parts {heads or 'none'}: write its "
                            f"outline as the directive's body, one part a line (`Heading: clause ...`), "
                            f"starting with {SET_UP!r}, ending with {THE_END!r} (or 'The end of a deal'), the play between")
        listed = [cid for _, cids, _ in parts for cid in cids]
        unknown = [cid for cid in listed if cid not in cls.CLAUSES]
        if unknown:
            raise self.fail(f"the quick reference of {game.title} lists {', '.join(unknown)}, which "
                            f"{game.title} does not have")
        missing = [cid for cid in listed if cid not in store]
        if missing:
            raise self.fail(f"the quick reference of {game.title} lists {', '.join(missing)}, which this "
                            f"chapter does not state before it: state the clause first")
        twice = sorted({cid for cid in listed if listed.count(cid) > 1})
        if twice:
            raise self.fail(f"the quick reference of {game.title} lists {', '.join(twice)} twice")
        left_out = [cid for _, cid in sorted((c.number, cid) for cid, c in store.items()) if cid not in listed]
        if left_out:
            raise self.fail(f"the quick reference of {game.title} leaves out {', '.join(left_out)}: a player at "
                            f"the table needs every rule, so list each in the part where it is used")
        lines = 3 + 2 * len(parts) + sum(-(-(len(store[cid].summary) + 7) // LINE) for cid in listed)
        spread = ["ganjifa-quick-spread"] if lines > ONE_PAGE else []  # in print: two pages, its title says so
        box = nodes.container(classes=["ganjifa-quick-reference", *spread], ids=[quick_reference_id(game)])
        title = nodes.paragraph(classes=["ganjifa-quick-title"])
        title += nodes.strong(text=f"{game.title} at a glance")
        if spread:  # the front matter promises a page, or two where the title says so (print.css shows it)
            title += nodes.inline(text=" (two pages)", classes=["ganjifa-quick-pages"])
        box += title
        facts = nodes.paragraph(classes=["ganjifa-quick-facts"])
        # which way play goes, as the "What you need" box says it: a table keeping only this page needs it too
        # (the twelfth reading: Hamrang's and Sama's glance pages never said it)
        way = f" · play goes {game.direction_of_play()}" if cls.max_players > 1 else ""
        facts += nodes.Text(f"{players_in_words(cls)} · the {cls.deck.name} {'pack' if cls.deck.name == 'Naqsh' else 'deck'} "
                            f"of {len(cls.deck.cards)} cards{way}.")
        box += facts
        if cls.EQUIPMENT and not cls.EQUIPMENT.startswith("nothing"):
            need = nodes.paragraph(classes=["ganjifa-quick-facts"])
            need += nodes.Text(f"Also: {cls.EQUIPMENT}.")
            box += need
        if any(store[cid].remember for cid in listed):
            box += nodes.paragraph("", "In bold: the rules players most often forget.", classes=["ganjifa-quick-facts"])
        for heading, cids, _ in parts:
            box += self.heading(heading)
            lines = nodes.enumerated_list(classes=["ganjifa-quick-glance"], enumtype="arabic")
            for cid in cids:
                lines += self.line(cid, store[cid].summary, bold=store[cid].remember)
            box += lines
        box += nodes.inline("", "", ids=[quick_reference_id(game) + "-end"])  # its end: book/pagerules.py
        return [box]

    @staticmethod
    def heading(text: str) -> nodes.paragraph:
        para = nodes.paragraph(classes=["ganjifa-quick-heading"])
        para += nodes.strong(text=text)
        return para

    @staticmethod
    def line(cid: str, text: str, bold: bool = False) -> nodes.list_item:
        """One rule as a line: ``Summary (§5).``, in bold when it is one players forget."""
        item = nodes.list_item()
        para = nodes.paragraph()
        ref = clause_ref(f"[{cid}]", f"[{cid}]", clause_id=cid)
        words = text.rstrip(".")
        para += [nodes.strong(words, words) if bold else nodes.Text(words), nodes.Text(" ("), ref, nodes.Text(").")]
        item += para
        return item


class GameChooserDirective(GanjifaDirective):
    """``{game-chooser}``: one table to pick a game by, a game a line in the body::

        ekrang | trick-taking | easy to learn | a game | games=2000 bots=heuristic

    the game, its kind and how hard it is (stated), the stretch of play its length is counted over ("a
    game", "a round", "a deal"), and the simulation the length is taken from (the options, ``games=`` and
    ``bots=`` of ``{sim-figure}``, whose cached reports it shares). The players and the deck come from the
    game's declaration; the length is the simulation's moves for each player in that stretch, in words; with
    ``turns=EVENT`` (Shakti's ``round``), the whole turns each player takes, counted by that event, where a turn
    is several steps; with ``deal=FILE`` instead of the simulation, one golden deal's moves (a won game).
    """

    has_content = True
    option_spec = {}

    def run(self):
        from pathlib import Path

        from engine.shuffle import parse_seed

        from ..simcache import cached_report
        from .sim_figure import rate_words

        self.note_engine()
        rows = []
        for k, line in enumerate(self.content):
            if not line.strip():
                continue
            cells = [c.strip() for c in line.split("|")]
            if len(cells) != 5 or not all(cells[:4]):
                raise self.fail(f"line {k + 1} of the body, {line.strip()!r}: write "
                                f"`game | kind | how hard | a game, a round or a deal | simulation options`")
            name, kind, hard, stretch, setting = cells
            if setting.startswith("deal="):  # the length of one golden deal, a won game say, counted move by move
                rows.append(self.deal_row(k, name, kind, hard, stretch, setting[len("deal="):].strip()))
                continue
            words = setting.split()
            keys = {a: v for a, _, v in (w.partition("=") for w in words) if a in ("games", "seed", "bots", "turns")}
            options = " ".join(w for w in words if w.partition("=")[0] not in keys)
            game = self.game(name, options)
            cls = type(game)
            folder = Path(self.env.srcdir) / self.config.ganjifa_cache / "simulations"
            try:
                report = cached_report(folder, game, int(keys.get("games", "1000")), parse_seed(keys.get("seed", "1")),
                                       tuple(keys.get("bots", "random").split(",")))
            except Exception as err:  # a bad option or count: the line's fault
                raise self.fail(f"line {k + 1} of the body: {err}") from None
            if "turns" in keys:  # a turn of several steps (Shakti's draw, then four cards put away): count turns,
                # one a player each time the game's event TURNS comes (a round), not the steps
                from .sim_figure import count

                try:
                    each = rate_words(count(report, keys["turns"]), report.games) + " turns"
                except ValueError as err:
                    raise self.fail(f"line {k + 1} of the body: turns={keys['turns']}: {err}") from None
            else:
                each = rate_words(report.tally.moves, report.games * game.players)
            # the numbers the book lets play, as {games-for} says on the same page (Naqsh's source gives five to
            # seven, its ruling two to seven: the table said "5 to 7" beside "two can play", the thirteenth reading)
            allowed = sorted(seats_allowed(cls))
            players = (f"{allowed[0]}" if len(allowed) == 1 else f"{allowed[0]} to {allowed[-1]}"
                       if allowed == list(range(allowed[0], allowed[-1] + 1)) else ", ".join(map(str, allowed)))
            rows.append([self._link(name, game.title), players, f"{cls.deck.name} {len(cls.deck.cards)}", kind,
                         f"{each[:1].upper()}{each[1:]} in {stretch} of {_number_words(game.players)}", hard])
        if not rows:
            raise self.fail("name the games, one a line")
        return [table(["Game", "Players", "Deck", "Kind", "Actions each", "How hard"], rows,
                      classes=["ganjifa-chooser"], widths=[4, 2, 4, 3, 5, 2])]

    def deal_row(self, k: int, name: str, kind: str, hard: str, stretch: str, file: str) -> list:
        """A row whose length is one golden deal's moves (a player's, not chance's): for a game whose computer
        players end most games early, where a simulated average would count their give-ups, not a game."""
        from pathlib import Path

        from engine.errors import GanjifaError
        from engine.examples.transcript_text import read

        path = Path(self.env.doc2path(self.env.docname)).parent / file
        self.env.note_dependency(str(path))
        try:
            t = read(path)
        except (OSError, GanjifaError) as err:
            raise self.fail(f"line {k + 1} of the body: {err}") from None
        if t.game != name:
            raise self.fail(f"line {k + 1} of the body: {file} is a deal of {t.game}, not of {name}")
        game = self.game(name, " ".join(f"{key}={value}" for key, value in t.options))
        cls = type(game)
        moves = sum(1 for step in t.steps if step.player in t.names)
        players = (f"{cls.min_players}" if cls.min_players == cls.max_players
                   else f"{cls.min_players} to {cls.max_players}")
        each = round(moves / game.players)
        return [self._link(name, game.title), players, f"{cls.deck.name} {len(cls.deck.cards)}", kind,
                f"{each:,} in {stretch}", hard]

    def _link(self, name: str, title: str) -> list[nodes.Node]:
        """The game's name, a link to its chapter (``rules/<name>``) through a pending cross-reference."""
        from sphinx.addnodes import pending_xref

        ref = pending_xref("", refdomain="std", reftype="doc", reftarget=f"/rules/{name}", refexplicit=True,
                           refdoc=self.env.docname)
        ref += nodes.inline(title, title)
        return [ref]


def seats_allowed(cls) -> tuple[int, ...]:
    """The numbers of players a game may be played by: its ``players`` option's choices (Naqsh's source gives
    five to seven, the book's ruling allows two to seven), else its class's range."""
    import dataclasses

    for f in dataclasses.fields(cls):
        if f.name == "players" and "choices" in f.metadata:
            return tuple(f.metadata["choices"])
    return tuple(range(cls.min_players, cls.max_players + 1))


def games_for(text: str) -> str:
    """``players=N`` -> the games of the book that N may play, by title in alphabetical order ("Ekrang,
    Komi, Nakash and Naqsh"), so that a sentence naming them cannot leave one out."""
    from engine.registry import game_class, game_names

    key, eq, value = text.strip().partition("=")
    if key.strip() != "players" or not eq or not value.strip().isdigit():
        raise ValueError(f"{text!r}: write 'players=N', e.g. 'players=2'")
    n = int(value)
    titles = [game_class(name).title for name in game_names() if n in seats_allowed(game_class(name))]
    if not titles:
        raise ValueError(f"no game of the book is played by {n}")
    return titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]


class GamesForRole(SphinxRole):
    """``{games-for}`players=2```: the games that many players may play, by title, computed from the games."""

    def run(self):
        try:
            text = games_for(self.text)
        except ValueError as err:
            msg = self.inliner.reporter.error(f"{{games-for}}: {err}", line=self.lineno)
            return [self.inliner.problematic(self.rawtext, self.rawtext, msg)], [msg]
        node = nodes.inline(text, text, classes=["ganjifa-games-for"])
        self.set_source_info(node)
        return [node], []
