"""``{game-facts} kendra-kari``: the choices players agree on before play (the number of players and every
option, its choices, the default in bold); the deck and the deal are said once, in the What you need box."""

from __future__ import annotations

from docutils import nodes

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
        return f"{cls.min_players} to {cls.max_players} players"
    n = cls.min_players
    return f"{number_words(n).capitalize()} player{'s' if n != 1 else ''}"


def hands_dealt(deals_by_players: dict, number=str) -> str:
    """How many cards each player is dealt ("6 to each player"), by table size when it differs ("40 each with
    3 players, 30 each with 4 players"); ``number`` writes a player count (e.g. in words)."""
    hand = {len(h) for d in deals_by_players.values() for h in d.hands}
    if len(hand) == 1:
        return f"{hand.pop()} to each player"
    return ", ".join(f"{len(d.hands[0])} each with {number(n)} players" for n, d in deals_by_players.items())


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
            choices = ", ".join(("**" if c == default else "") + option_text(c).replace("-", " ") + ("**" if c == default else "")
                                for c in info.choices)
            help_text = info.help.rstrip(".")
            for c in info.choices:  # a choice the help names, as the list below prints it: "(if none)", not "(if-none)"
                if isinstance(c, str) and "-" in c:
                    help_text = help_text.replace(f"({c})", f"({c.replace('-', ' ')})").replace(
                        f"({c}:", f"({c.replace('-', ' ')}:")
            help_text = help_text[:1].upper() + help_text[1:]
            text = f"{help_text}. Choices: {choices}." if help_text else f"Choices: {choices}."
            if info.name == "players":  # one row for the players: the option's words say the range and the default
                if len(info.choices) > 1:  # a fixed number is said once, not offered as a choice (issue 30)
                    rows[0][1] = self.rich(text)
                continue
            rows.append([info.name.replace("_", " ").capitalize(), self.rich(text)])
        note = nodes.paragraph("", "Defaults are in bold.", classes=["ganjifa-caption"])
        return [table(["", game.title], rows, classes=["ganjifa-facts"], widths=[1, 3]), note]

    def rich(self, text: str) -> list[nodes.Node]:
        out = []
        for k, part in enumerate(text.split("**")):
            if part:
                out.append(nodes.strong(part, part) if k % 2 else nodes.Text(part))
        return out

    def dealt(self, cls) -> str:
        sizes = deals(cls)
        first = sizes[cls.min_players]
        parts = [hands_dealt(sizes)] if any(len(h) for d in sizes.values() for h in d.hands) else []  # a patience deals no hand
        for name, _ in first.piles:
            counts = [len(d.pile(name)) for d in sizes.values()]
            if len(set(counts)) == 1:
                parts.append(f"{counts[0]} in the {name}")
            else:
                parts.append(f"{counts[0]} ({cls.min_players} players) to {counts[-1]} ({cls.max_players} players) "
                             f"in the {name}")
        return "; ".join(parts)


def quick_reference_id(game) -> str:
    """The anchor of a game's quick reference, which its What you need box links to."""
    return f"at-a-glance-{game.name}"


class QuickReferenceDirective(GameFactsDirective):
    """``{quick-reference} kendra-kari``: the chapter's rules on one page, to photocopy and keep at the table.

    Players, deck, deal and what else is needed; then the game's ``AT_A_GLANCE`` outline (a turn or a
    round in five steps, scoring), each step the chapter's one-line ``:summary:`` of a clause with its §N,
    in bold when the chapter marks it ``:remember:`` (a rule players forget); then "Easy to forget", the
    marked clauses the outline leaves out. It fits one page. It stands after the chapter's clauses: a
    clause it lists and the chapter has not stated is an error naming the clause.
    """

    def run(self):
        self.note_engine()
        game = self.game(self.arguments[0])
        cls = type(game)
        from .clause import clauses_of

        store = {cid: c for cid, c in clauses_of(self.env).items()
                 if cid in cls.CLAUSES and c.docname == self.env.docname}
        missing = [cid for _, cids in cls.AT_A_GLANCE for cid in cids if cid not in store]
        if missing:
            raise self.fail(f"the quick reference of {game.title} lists {', '.join(missing)}, which this "
                            f"chapter does not state before it: state the clause first")
        box = nodes.container(classes=["ganjifa-quick-reference"], ids=[quick_reference_id(game)])
        title = nodes.paragraph(classes=["ganjifa-quick-title"])
        title += nodes.strong(text=f"{game.title} at a glance")
        box += title
        facts = nodes.paragraph(classes=["ganjifa-quick-facts"])
        facts += nodes.Text(f"{players_words(cls)} · {cls.deck.name} deck, {len(cls.deck.cards)} cards · "
                            f"deal: {self.dealt(cls)}.")
        box += facts
        if cls.EQUIPMENT and not cls.EQUIPMENT.startswith("nothing"):
            need = nodes.paragraph(classes=["ganjifa-quick-facts"])
            need += nodes.Text(f"Also: {cls.EQUIPMENT}.")
            box += need
        outlined = {cid for _, cids in cls.AT_A_GLANCE for cid in cids}
        if any(store[cid].remember for cid in outlined):
            box += nodes.paragraph("", "In bold: the rules players most often forget.", classes=["ganjifa-quick-facts"])
        for heading, cids in cls.AT_A_GLANCE:
            box += self.heading(heading)
            lines = nodes.enumerated_list(classes=["ganjifa-quick-glance"], enumtype="arabic")
            for cid in cids:
                lines += self.line(cid, store[cid].summary, bold=store[cid].remember)
            box += lines
        others = sorted((c.number, cid) for cid, c in store.items() if c.remember and cid not in outlined)
        if others:
            box += self.heading("Easy to forget")
            lines = nodes.bullet_list(classes=["ganjifa-quick-glance", "ganjifa-quick-remember"])
            for _, cid in others:
                lines += self.line(cid, store[cid].summary)
            box += lines
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
