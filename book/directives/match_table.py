"""``{match-table}``: a short match from golden transcripts (one per deal), as a table of who dealt,
what each deal paid and the running totals. Each transcript is replayed through the engine; the
payments come from ``Game.settle`` and the build fails when a deal is dealt by the wrong player
(``Game.next_dealer``, else the usual rotation) or the payments do not sum to zero.

    ```{match-table}
    :files: deals/naqsh-match-1.txt deals/naqsh-match-2.txt
    :names: Asha, Bilal, Chitra, Dev, Esha
    ```
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives

from engine.errors import GanjifaError
from engine.examples.transcript import TranscriptError, parse, replay, start

from . import GanjifaDirective, table


def _stake(x: float) -> str:
    """A stake won or paid, signed with a true minus sign, as the table's note prints it: "+2", "\u22121", "0"."""
    return f"{x:+g}".replace("-", "\u2212") if x else "0"


def _total(x: float) -> str:
    """A running total: unsigned when level or ahead ("3"), a true minus sign when behind ("\u22122")."""
    return f"{x:g}".replace("-", "\u2212")


def _round_word(game) -> str:
    """What the game calls one of its rounds, from its rounds option's name ("Rounds" -> "round"; Traditional
    Ganjifa's "Deals" -> "deal"): the Naqsh reader met "Deal" heading a table of rounds."""
    info = next((i for i in game.options() if i.name == "rounds"), None)
    return info.heading.lower().removesuffix("s") if info is not None else "round"


class MatchTableDirective(GanjifaDirective):
    required_arguments = 0
    has_content = False
    option_spec = {"files": directives.unchanged_required, "names": directives.unchanged}

    def run(self):
        self.note_engine()
        files = (self.options.get("files") or "").split()
        if not files:
            raise self.fail("give the deals' transcripts in order with :files:")
        names: tuple[str, ...] | None = None
        totals: dict[str, float] = {}
        rows = []
        expected_dealer = None
        for number, name in enumerate(files, 1):
            path, rel = self.rel_source_file(name)
            if not path.is_file():
                raise self.fail(f"no transcript file {rel}")
            self.env.note_dependency(str(path))
            try:
                t = parse(path.read_text(encoding="utf-8"), rel)
                game, seat_names, state = start(t)
                replay(t, snapshots=False)
                for step in t.steps:
                    state.apply(game.parse_move(step.move))
            except TranscriptError as err:
                raise self.fail(f"transcript {err}") from None
            except GanjifaError as err:
                raise self.engine_fail(err, f"transcript {rel}") from None
            n = game.players
            if names is None:  # the columns: :names: (the players round the table), else the first deal's seats
                given = tuple(n.strip() for n in self.options.get("names", "").split(",") if n.strip())
                if given and set(given) != set(seat_names):
                    raise self.fail(f":names: {', '.join(given)} are not the players of {rel}")
                names = given or tuple(seat_names)
                totals = {p: 0.0 for p in seat_names}
            elif set(seat_names) != set(names):
                raise self.fail(f"{rel}: the players differ from the first deal's")
            dealer = seat_names[game.DEALER_SEAT % n]
            if expected_dealer is not None and dealer != expected_dealer:
                raise self.fail(f"{rel}: {dealer} deals deal {number}, but by the rules {expected_dealer} should")
            pay = game.settle(state)
            if abs(sum(pay)) > 1e-9:
                raise self.fail(f"{rel}: the payments do not sum to zero")
            by_name = dict(zip(seat_names, pay))
            for p in totals:
                totals[p] += by_name[p]
            nxt = game.next_dealer(state)
            if nxt is None:
                nxt = (game.DEALER_SEAT + (1 if game.DEALER_ROTATES else 0)) % n
            expected_dealer = seat_names[nxt]
            rows.append([str(number), dealer] + [f"{_stake(by_name[p])} ({_total(totals[p])})" for p in names])
        order = list(names)
        word = _round_word(game)
        out = [table([word.capitalize(), "Dealer"] + order, rows, classes=["ganjifa-match-table"])]
        note = (f"Each cell: the stakes won (+) or paid (\u2212) in that {word}, and in brackets the running total. "
                "Every row sums to zero.")
        out.append(nodes.paragraph(note, note, classes=["ganjifa-table-note"]))
        return out
