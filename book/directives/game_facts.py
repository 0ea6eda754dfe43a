"""``{game-facts} kendra-kari``: players, deck, cards dealt, and the options with defaults and choices."""

from __future__ import annotations

from docutils import nodes

from engine.protocol import option_text

from ..nodes import clause_ref
from . import GanjifaDirective, table


def deals(cls) -> dict:
    """A deal of the game (seed 0) at every player count: players -> Deal."""
    return {n: cls.from_options({"players": n}).deal(0) for n in range(cls.min_players, cls.max_players + 1)}


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
        rows = [
            ["Players", f"{cls.min_players} to {cls.max_players}" if cls.min_players != cls.max_players
             else str(cls.min_players)],
            ["Deck", f"{cls.deck.name}, {len(cls.deck.cards)} cards"],
            ["Cards dealt", self.dealt(cls)],
        ]
        for info in cls.options():
            default = info.default
            choices = ", ".join(("**" if c == default else "") + option_text(c).replace("-", " ") + ("**" if c == default else "")
                                for c in info.choices)
            help_text = info.help.rstrip(".")
            help_text = help_text[:1].upper() + help_text[1:]
            text = f"{help_text}. Choices: {choices}." if help_text else f"Choices: {choices}."
            if info.name == "players":  # one row for the players: the option's words say the range and the default
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
        parts = [hands_dealt(sizes)]
        for name, _ in first.piles:
            counts = [len(d.pile(name)) for d in sizes.values()]
            if len(set(counts)) == 1:
                parts.append(f"{name}: {counts[0]}")
            else:
                parts.append(f"{name}: {counts[0]} ({cls.min_players} players) to {counts[-1]} ({cls.max_players} players)")
        return "; ".join(parts)


def quick_reference_id(game) -> str:
    """The anchor of a game's quick reference, which its What you need box links to."""
    return f"at-a-glance-{game.name}"


class QuickReferenceDirective(GameFactsDirective):
    """``{quick-reference} kendra-kari``: a one-page summary from the game's facts and its rules' titles.

    Players, deck and deal; then the game's ``AT_A_GLANCE`` sections (the turn in five lines,
    scoring), each line a rule's title with its §N; then every rule of the chapter in order, so a
    player can check a rule at the table and look it up.
    """

    def run(self):
        self.note_engine()
        game = self.game(self.arguments[0])
        cls = type(game)
        box = nodes.container(classes=["ganjifa-quick-reference"], ids=[quick_reference_id(game)])
        title = nodes.paragraph(classes=["ganjifa-quick-title"])
        title += nodes.strong(text=f"{game.title} at a glance")
        box += title
        players = (f"{cls.min_players} to {cls.max_players}" if cls.min_players != cls.max_players
                   else str(cls.min_players))
        facts = nodes.paragraph(classes=["ganjifa-quick-facts"])
        facts += nodes.Text(f"{players} players · {cls.deck.name} deck, {len(cls.deck.cards)} cards · "
                            f"deal: {self.dealt(cls)}.")
        box += facts
        from .clause import clauses_of

        store = clauses_of(self.env)  # the chapter's clauses read so far: id -> (doc, number, title, line)
        for heading, cids in cls.AT_A_GLANCE:
            box += self.heading(heading)
            lines = nodes.enumerated_list(classes=["ganjifa-quick-glance"], enumtype="arabic")
            for cid in cids:
                lines += self.line(cls, cid)
            box += lines
        order = sorted(cls.CLAUSES, key=lambda c: (store[c][1] if c in store else 10_000, list(cls.CLAUSES).index(c)))
        box += self.heading("Every rule")
        rules = nodes.bullet_list(classes=["ganjifa-quick-rules"])
        for cid in order:
            rules += self.line(cls, cid, cite_first=True)
        box += rules
        return [box]

    @staticmethod
    def heading(text: str) -> nodes.paragraph:
        para = nodes.paragraph(classes=["ganjifa-quick-heading"])
        para += nodes.strong(text=text)
        return para

    @staticmethod
    def line(cls, cid: str, cite_first: bool = False) -> nodes.list_item:
        """One rule as a line: ``§5 Title`` (the list of every rule) or ``Title (§5)``."""
        item = nodes.list_item()
        para = nodes.paragraph()
        ref = clause_ref(f"[{cid}]", f"[{cid}]", clause_id=cid)
        if cite_first:
            para += [ref, nodes.Text(" " + cls.CLAUSES[cid])]
        else:
            para += [nodes.Text(cls.CLAUSES[cid] + " ("), ref, nodes.Text(")")]
        item += para
        return item
