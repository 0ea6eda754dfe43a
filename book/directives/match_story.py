"""``{match-story}``: a match of several rounds, told round by round from one golden transcript.

    ```{match-story}
    :file: deals/komi-match.txt
    :scores: stakes
    ```

Each round is one paragraph: its number and dealer, then what the players did, as the records tell it
for a story (``Record.story``: the passing of the deal and the running totals are left out, since the
heading and the table say them). A table follows: what each round gave each player and the running
total. The transcript is replayed through the engine, so the story cannot drift from the rules; a game
without rounds (no record says a round is over) is an error.
"""

from __future__ import annotations

from docutils import nodes

from engine.errors import GanjifaError
from engine.protocol import CHANCE
from engine.examples.transcript import TranscriptError, parse, replay

from . import GanjifaDirective, choice, table

CAPTIONS = {
    "stakes": "Each cell: the stakes won (+) or paid (−) in that round, and in brackets the running total.",
    "rounds": "Each cell: 1 for a round won, and in brackets the rounds won so far.",
}


def _cell(x: float, total: float, scores: str) -> str:
    if scores == "rounds":
        return f"{x:g} ({total:g})"
    return (f"{x:+g}" if x else "0") + f" ({total:g})"


class MatchStoryDirective(GanjifaDirective):
    required_arguments = 0
    has_content = False
    option_spec = {"file": lambda a: (a or "").strip(), "scores": choice("stakes", "rounds")}

    def run(self):
        self.note_engine()
        if not self.options.get("file"):
            raise self.fail("give the match's transcript with :file: deals/<name>.txt")
        path, rel = self.rel_source_file(self.options["file"])
        if not path.is_file():
            raise self.fail(f"no transcript file {rel}")
        self.env.note_dependency(str(path))
        try:
            t = parse(path.read_text(encoding="utf-8"), rel)
            game = t.definition()
            steps = replay(t, snapshots=True)
        except TranscriptError as err:
            clause = f" [clause {err.clause}]" if err.clause and f"clause {err.clause}" not in err.message else ""
            raise self.fail(f"transcript {err}{clause}") from None
        except GanjifaError as err:
            raise self.engine_fail(err, f"transcript {rel}") from None
        names = t.names or tuple(f"Player {i + 1}" for i in range(game.players))
        rounds: list[list] = [[]]
        for r in steps:
            rounds[-1].append(r)
            if r.record.round_over is not None:
                rounds.append([])
        if not rounds[-1]:
            rounds.pop()
        if len(rounds) < 2 or rounds[-1][-1].record.round_over is None:
            raise self.fail(f"{rel} is not a match of rounds: tell a single deal with {{deal}}")
        scores = self.options.get("scores", "stakes")
        totals = [0.0] * game.players
        story = nodes.enumerated_list(classes=["ganjifa-match-story"], enumtype="arabic")
        rows = []
        for number, part in enumerate(rounds, 1):
            dealer = self.round_dealer(part)
            said = " ".join(s for s in (r.record.story(names) for r in part) if s)
            item = nodes.list_item(classes=["ganjifa-round"])
            para = self.narration(f" {names[dealer]} deals. " + said if dealer is not None else " " + said)
            para.insert(0, nodes.strong(f"Round {number}.", f"Round {number}."))
            item += para
            story += item
            result = part[-1].record.round_over
            for s, x in enumerate(result):
                totals[s] += x
            rows.append([str(number)] + ([names[dealer]] if dealer is not None else [])
                        + [_cell(result[s], totals[s], scores) for s in range(game.players)])
        head = ["Round"] + (["Dealer"] if len(rows[0]) > game.players + 1 else []) + list(names)
        out = [story, table(head, rows, classes=["ganjifa-match-table"])]
        out.append(nodes.paragraph(CAPTIONS[scores], CAPTIONS[scores], classes=["ganjifa-table-note"]))
        if t.result:
            out.append(self.narration(f"Result: {t.result}", classes=["ganjifa-result"]))
        return out

    @staticmethod
    def round_dealer(part) -> int | None:
        """The round's dealer: the dealer when its first player moves (chance may choose or pass on the deal first)."""
        for r in part:
            if r.record.player != CHANCE and r.state is not None:
                return r.state.dealer
        return None
