"""``{deal}``: a worked example rendered from a golden transcript, replayed through the engine."""

from __future__ import annotations

import re

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes

from engine.errors import GanjifaError
from engine.notation import whole_number
from engine.protocol import CHANCE, option_text
from engine.examples.transcript import TranscriptError, initial_state, key_pictures, parse, replay

from . import GanjifaDirective, positive_number
from .worked import MarkError, parse_marks, stretch_facts

FOLD_AT = 3  # this many forced moves in a row (with no picture among them) are shown as one line
# for print, the position after each of this many moves after a picture is drawn too, hidden: when the picture
# would leave a page half blank, the booklet shows, after the moves that fill the gap, the position it has
# reached there ("After move 38") in place of the one before them (book/floats.py), so a picture never
# comes after the moves it precedes
ALT_SPAN = 12


def pictures_option(argument: str) -> str:
    text = (argument or "").strip()
    if text in ("bridges", "key", "all", "none"):
        return text
    parts = [p.strip() for p in text.split(",")]
    if parts and all(whole_number(p) for p in parts):
        return ",".join(parts)
    raise ValueError(f"{text!r}: use key (or bridges), all, none, or move numbers like 12,30")


class DealDirective(GanjifaDirective):
    """The body, if any, marks the key moves and the stretches between them (book/directives/worked.py):
    the game is then told folded, key moves in full and each other stretch in one counted line, and on
    the site the whole list of moves is one click away. ``:print: no`` keeps the part to the site."""

    required_arguments = 0
    has_content = True
    option_spec = {
        "file": directives.unchanged_required,
        "pictures": pictures_option,
        "from": positive_number,
        "to": positive_number,
        "hands": lambda a: directives.choice(a, ("yes", "no")),
        "start-picture": lambda a: directives.choice(a, ("yes", "no")),
        "fold": lambda a: directives.choice(a, ("forced", "none")),
        "print": lambda a: directives.choice(a, ("fold", "full", "no")),
    }

    def run(self):
        self.note_engine()
        if "file" not in self.options:
            raise self.fail("give the transcript with :file: deals/<name>.txt")
        path, rel = self.rel_source_file(self.options["file"])
        if not path.is_file():
            raise self.fail(f"no transcript file {rel}")
        self.env.note_dependency(str(path))
        try:
            t = parse(path.read_text(encoding="utf-8"), rel)
            game = t.definition()
            steps = replay(t, snapshots=True)
            start = initial_state(t)
        except TranscriptError as err:
            clause = f" [clause {err.clause}]" if err.clause and f"clause {err.clause}" not in err.message else ""
            raise self.fail(f"transcript {err}{clause}") from None
        except GanjifaError as err:
            raise self.engine_fail(err, f"transcript {rel}") from None
        first = self.options.get("from", 1)
        last = self.options.get("to", len(steps))
        if not 1 <= first <= last <= len(steps):
            raise self.fail(f":from: {first} / :to: {last} must satisfy 1 <= from <= to <= {len(steps)} (moves in {rel})")
        before, after = self.picture_steps(t, steps, game)
        dealt = getattr(start, "cards_dealt", lambda: True)()
        if not dealt and (self.options.get("start-picture", "yes") == "yes" or 1 in before):
            # no card is dealt at the start (chance chooses the first dealer, or bets come first): the first
            # picture is the table once the cards are dealt, after the move that deals them (issue 41)
            first_dealt = next((r.step.number for r in steps if getattr(r.state, "cards_dealt", lambda: True)()), None)
            if first_dealt is not None and self.options.get("from", 1) <= first_dealt <= self.options.get("to", len(steps)):
                after = set(after) | {first_dealt}
        names = t.names or tuple(f"Player {i + 1}" for i in range(game.players))
        try:
            # MyST counts the body's offset from the directive's first line
            marks = parse_marks(self.content, self.lineno + self.content_offset + 1, first, last, len(steps))
        except MarkError as err:
            return [self.reporter.error(f"{{{self.name}}}: {err}", line=err.line)]
        # a rule the words leading into the part cite is one its moves rest on (Kendra Kari's going out cited the
        # rule of the play; issue 41): the engine's clauses for the moves shown
        lead, at = self.paragraph_before()
        used = {c for r in steps[first - 1:last] for c in getattr(r.record, "clauses", ())}
        for cited in re.findall(r"\{rule\}`([^`]+)`", lead):
            if cited.strip() not in used:
                raise self.error(f"{{{self.name}}}: the paragraph before it (line {at}) cites {{rule}}`{cited}`, "
                                 f"a rule none of moves {first} to {last} rests on (they rest on "
                                 f"{', '.join(sorted(used))}): cite the rule the moves use")
        wrong = self.marks_contradict(game, start, steps, marks, names)
        if wrong:
            return [self.reporter.error(f"{{{self.name}}}: the words contradict the game: {wrong[1]}", line=wrong[0])]
        shown = self.options.get("print", "fold" if self.content else "full")
        if marks and shown != "fold":
            raise self.fail(f"key moves are marked, so the part is told folded: leave out :print: {shown}")

        box = nodes.container(classes=["ganjifa-deal"] + (["ganjifa-deal-told"] if shown == "fold" else []),
                              ids=[self.anchor(rel, first)])
        pictured = None  # the last move after which a picture stands (0: the start)
        if first == 1:  # a later part of the same deal continues without repeating the header
            box += self.header(t, game, names, rel)
            if self.options.get("hands", "no") == "yes":  # the start picture shows every hand already
                box += self.hands(t, names)
            if dealt and (self.options.get("start-picture", "yes") == "yes" or 1 in before):
                box += self.state_figure(start, "At the start", names)
                pictured = 0
        elif first in before or self.options.get("start-picture", "yes") == "yes":
            box += self.state_figure(steps[first - 2].state, f"Before move {first}", names)
            pictured = first - 1
        whole = self.full_list(t, steps, first, last, before, after, names, pictured)
        end = [self.narration(f"Result: {t.result}" if t.result else "The example stops here; the game goes on.",
                              classes=["ganjifa-result"])] if last == len(steps) else []
        if shown == "full":
            box += whole
            box += end
        elif shown == "fold":
            box += self.reading_key(rel)
            box += self.folded_game(t, game, steps, first, last, marks, before, after, names)
            box += end
            site = addnodes.only(expr="not print")
            count = last - first + 1
            site += nodes.raw("", f'<details class="ganjifa-whole"><summary>Every move, {first} to {last} '
                                  f"({count} move{'s' if count != 1 else ''})</summary>",
                              format="html")
            site += whole
            site += nodes.raw("", "</details>", format="html")
            box += site
        else:  # the site only
            site = addnodes.only(expr="not print")
            site += box.children
            site += whole
            site += end
            box.children = []
            box += site
            if first == 1:
                note = addnodes.only(expr="print")
                from .site_address import site_words

                text = site_words(self.config, f"The whole game, {len(steps)} moves, is told move by move at {{site}}.")
                if text:  # (no address set: the sentence goes, rather than send the reader nowhere)
                    note += nodes.paragraph(text, text, classes=["ganjifa-site-only"])
                    box += note
        box += nodes.inline("", "", ids=[self.anchor(rel, first) + "-end"])
        return [box]

    @staticmethod
    def anchor(rel: str, first: int) -> str:
        """The id of a part of a worked game (``worked-ekrang-4p-13``; its end: ``...-end``): tests find
        its pages in the booklet by it."""
        stem = rel.rsplit("/", 1)[-1].removesuffix(".txt")
        return nodes.make_id(f"worked-{stem}-{first}")

    def full_list(self, t, steps, first, last, before, after, names, pictured) -> nodes.bullet_list:
        """Every move of the part, as the site shows it (forced moves in a row folded into one line)."""
        # numbered by hand, not by the list: a part starting at move 29 reads "29." in every output
        moves = nodes.bullet_list(classes=["ganjifa-moves"])
        fold = self.options.get("fold", "forced") == "forced"
        run: list = []  # forced moves in a row with no picture, shown as one compact line

        def flush():
            if len(run) >= FOLD_AT:
                moves.append(self.folded(run))
            else:
                for r in run:
                    item = nodes.list_item(ids=[], classes=["ganjifa-move"])
                    item += self.move_line(r)
                    moves.append(item)
            run.clear()

        for r in steps[first - 1:last]:
            n = r.step.number
            # after move n is before move n + 1: one picture, named by the move it follows when both are asked
            captions = [f"After move {n}"] if n in after else \
                       [f"Before move {n + 1}"] if n + 1 in before and n < last else []
            if fold and r.forced and not captions:
                run.append(r)
                continue
            flush()
            item = nodes.list_item(ids=[], classes=["ganjifa-move"])
            item += self.move_line(r)
            if captions:
                item += self.state_figure(r.state, ", ".join(captions), names)
                pictured = n
            elif pictured is not None and n - pictured <= ALT_SPAN:
                alternative = addnodes.only(expr="print")
                alternative += self.state_figure(r.state, f"After move {n}", names,
                                                 classes=["ganjifa-state-alt", "pdf-float-alt"])
                item += alternative
            moves += item
        flush()
        return moves

    def marks_contradict(self, game, start, steps, marks, names) -> tuple[int, str] | None:
        """The first sentence of the marks that the game contradicts (engine.examples.claims): a card it names that is on no
        table of its moves, or a holder or a card count the positions do not bear out; as (line, message)."""
        from engine.examples.claims import card_name, card_phrases, problems

        for mk in marks:
            a, b = mk.first, mk.last
            states = [start if a == 1 else steps[a - 2].state] + [r.state for r in steps[a - 1:b]]
            played = []
            for r in steps[a - 1:b]:
                try:
                    played.append((r.record.player, game.parse_move(r.step.move)))
                except GanjifaError:
                    continue
            found = problems(states, mk.text, names, played)
            if found:
                return mk.line, "; ".join(found)
            if not mk.key:  # a stretch tells what its moves did: each card it names is one they play or name
                told = {c for r in steps[a - 1:b] for _, _, cs in card_phrases(" ".join(r.step.narration), game.deck)
                        for c in cs}
                for _, _, cards in card_phrases(mk.text, game.deck):
                    for c in cards:
                        if c not in told:
                            return mk.line, (f"{mk.text.strip()!r} names {card_name(game.deck, c)}, which no move of "
                                             f"{a} to {b} plays or names")
        return None

    def reading_key(self, rel: str) -> list[nodes.Node]:
        """How a told game reads, once per worked game on a page (its first told part): a reader who opens the
        chapter at its worked game learns there what a line numbered from move to move is, not only in How to use."""
        told = self.env.temp_data.setdefault("ganjifa-told-games", set())
        if rel in told:
            return []
        told.add(rel)
        words = ("How this game is told: key moves in full, and the moves between a stretch to a line, numbered from its "
                 "first move to its last.")
        out = []
        from .site_address import site_words

        for expr, where in (("print", site_words(self.config, " All the moves are at {site}.")),
                            ("not print", " Every move is under “Every move” below.")):
            only = addnodes.only(expr=expr)
            only += nodes.paragraph(words + where, words + where, classes=["ganjifa-reading-key"])
            out.append(only)
        return out

    def folded_game(self, t, game, steps, first, last, marks, before, after, names) -> nodes.bullet_list:
        """The part told: each key move in full with its sentence (and its picture when ``:pictures:`` draws
        one there), each stretch between them as one line of counts read from the game."""
        moves = nodes.bullet_list(classes=["ganjifa-moves", "ganjifa-told"])
        keys = {mk.first: mk for mk in marks if mk.key}
        said = {mk.first: mk for mk in marks if not mk.key}
        n = first
        while n <= last:
            if n in keys:
                r = steps[n - 1]
                item = nodes.list_item(ids=[], classes=["ganjifa-move", "ganjifa-key-move"])
                if n in before and n > first:
                    item += self.state_figure(steps[n - 2].state, f"Before move {n}", names)
                item += self.move_line(r)
                item += nodes.paragraph(keys[n].text, keys[n].text, classes=["ganjifa-why"])
                if n in after or (n + 1 in before and n < last and n + 1 not in keys):
                    item += self.state_figure(r.state, f"After move {n}", names)
                moves += item
                n += 1
                continue
            # a stretch: up to the next key move, or as the chapter says it
            if n in said:
                end = said[n].last
            else:
                end = min([k - 1 for k in keys if k > n] + [mk.first - 1 for mk in said.values() if mk.first > n]
                          + [last])
            moves += self.stretch(steps[n - 1:end], names, game, said.get(n))
            n = end + 1
        return moves

    def stretch(self, run, names, game, mark) -> list[nodes.list_item]:
        a, b = run[0].step.number, run[-1].step.number
        if len(run) < FOLD_AT and not mark:  # a move or two are no shorter folded
            out = []
            for r in run:
                item = nodes.list_item(ids=[], classes=["ganjifa-move"])
                item += self.move_line(r)
                out.append(item)
            return out
        who, facts = stretch_facts(run, names, game.players)
        text = f"{mark.text[0].upper()}{mark.text[1:].rstrip('.')}: " if mark else ""
        said = [part for part in (who, *facts) if part]
        text = (text + "; ".join(said)) if said else text.rstrip(": ")
        text += "."
        item = nodes.list_item(ids=[], classes=["ganjifa-move", "ganjifa-stretch"])
        para = self.narration(text)
        number = f"{a}\u2013{b}." if b > a else f"{a}."
        para.insert(0, nodes.Text(" "))
        para.insert(0, nodes.inline(number, number, classes=["ganjifa-move-number"]))
        item += para
        return [item]

    def picture_steps(self, t, steps, game) -> tuple[set[int], set[int]]:
        mode = self.options.get("pictures", "bridges")
        if mode == "none":
            return set(), set()
        if mode == "all":
            return set(), {r.step.number for r in steps}
        if mode in ("bridges", "key"):
            return key_pictures(t, steps, game)
        wanted = {int(n) for n in mode.split(",")}
        bad = [n for n in wanted if not 1 <= n <= len(steps)]
        if bad:
            raise self.fail(f":pictures: move {bad[0]} is not in {t.path} (it has {len(steps)} moves)")
        return set(), wanted

    def header(self, t, game, names, rel) -> nodes.Node:
        dl = nodes.field_list(classes=["ganjifa-deal-header"])

        def field(name, text):
            f = nodes.field()
            f += nodes.field_name(name, name)
            body = nodes.field_body()
            body += nodes.paragraph(text, text)
            f += body
            dl.append(f)

        field("Game", f"{game.title}, {game.players} player{'s' if game.players != 1 else ''}")
        field("Players", ", ".join(names) + (" (in the order of play)" if len(names) > 1 else ""))
        for info in game.options():  # each option not at its default, named as the game's facts table names it
            value = getattr(game, info.name)
            if info.name != "players" and value != info.default:  # the players are said under Game
                field(info.heading, info.label(value))
        return dl

    def hands(self, t, names) -> list[nodes.Node]:
        from engine.draw import hand_svg

        out = []
        for name, hand in zip(names, t.deal.hands):
            out.append(self.figure(hand_svg(hand, label=name), classes=["ganjifa-hand"]))
        return out

    def state_figure(self, state, caption: str, names=None, classes=("ganjifa-state",)):
        from engine.draw import state_svg

        return self.figure(state_svg(state, names=names), caption=caption, classes=list(classes))

    def folded(self, run) -> nodes.list_item:
        """Forced moves in a row as one compact line: "16-39. Forced moves: 16 Bilal draw, 17 Chitra
        draw, 18 Dev 10Gh ...". The full sentences follow, in the HTML only (print.css hides them)."""
        first, last = run[0].step.number, run[-1].step.number
        item = nodes.list_item(ids=[], classes=["ganjifa-move", "ganjifa-folded"])
        para = nodes.paragraph(classes=["ganjifa-narration"])
        number = f"{first}\u2013{last}."
        para += nodes.inline(number, number, classes=["ganjifa-move-number"])
        para += nodes.Text(" Forced moves, each the only one allowed: ")
        for i, r in enumerate(run):
            if i:
                para += nodes.Text(", ")
            para += nodes.Text(f"{r.step.number}\u00a0{r.step.player}")
            para += self.notation(r.step.move, before="\u00a0")
        para += nodes.Text(".")
        item += para
        detail = nodes.container(classes=["ganjifa-folded-detail"])
        detail += self.narration(" ".join(" ".join(r.step.narration) for r in run))
        item += detail
        return item

    @staticmethod
    def notation(move: str, before: str = "") -> nodes.Node:
        """A move in the book's notation: for the site and the terminal; print tells every move in words only
        (issue 30: 'tavani 3Pa as Kr' is no player's word)."""
        site = addnodes.only(expr="not print")
        if before:
            site += nodes.Text(before)
        site += nodes.literal(move, move, classes=["ganjifa-move-text"])
        return site

    def move_line(self, r) -> nodes.paragraph:
        para = self.narration(" ".join(r.step.narration))
        para.insert(0, nodes.Text(" "))
        if r.forced:  # the player had no other choice
            para.insert(0, nodes.inline("only move", "only move", classes=["ganjifa-forced"]))
            para.insert(0, nodes.Text(" "))
        if r.record.player != CHANCE:  # chance's moves are told in words only: its notation is a file's, not a player's
            para.insert(0, self.notation(r.step.move))
        else:
            para.insert(0, nodes.inline("by chance", "by chance", classes=["ganjifa-chance"]))
            para.insert(0, nodes.Text(" "))
        number = f"{r.step.number}."
        para.insert(0, nodes.inline(number, number, classes=["ganjifa-move-number"]))
        return para
