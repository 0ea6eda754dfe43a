"""``{question}``: a position, a question a player would ask, and the engine's answer, checked.

The chapter states the expected answer (``:answer:``, the short verdict) and the clause it
rests on (``:clause:``); the build asks the engine (:func:`engine.questions.ask`) and fails
with the file, line and clause when they differ, so a wrong example is never published.

    :::{question} May Dev draw instead of playing?
    :game: kendra-kari
    :options: players=4
    :names: Asha, Bilal, Chitra, Dev
    :position: ring=1:9Sh 2:4Sh 3:4Gh 4:- 5:- 6:- 7:9Ta; last=3; turn=P4; P1=...; stock=60
    :ask: may Dev draw
    :answer: no
    :clause: kk.must-play
    Optional prose, shown after the answer.
    :::
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives

from engine.errors import GanjifaError
from engine.protocol import default_names
from engine.questions import ask

from . import GanjifaDirective


class QuestionDirective(GanjifaDirective):
    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = {
        "game": directives.unchanged_required,
        "options": directives.unchanged,
        "names": directives.unchanged,
        "position": directives.unchanged_required,
        "ask": directives.unchanged_required,
        "answer": directives.unchanged_required,
        "clause": directives.unchanged,
        "picture": lambda a: directives.choice(a, ("yes", "no")),
        "caption": directives.unchanged,
    }

    def run(self):
        self.note_engine()
        for key in ("game", "position", "ask", "answer"):
            if key not in self.options:
                raise self.fail(f"give :{key}:")
        game = self.game(self.options["game"], self.options.get("options", ""))
        try:
            state = game.position(" ".join(self.options["position"].split()))
        except GanjifaError as err:
            raise self.engine_fail(err, ":position:") from None
        names = self.names(state)
        try:
            answer = ask(state, self.options["ask"], names)
        except GanjifaError as err:
            raise self.engine_fail(err, ":ask:") from None
        expected = self.options["answer"].strip()
        clause = self.options.get("clause", "").strip()
        wrong = answer.disagreement(expected, clause)  # the answer, or only the clause it rests on
        if wrong is not None:
            raise self.fail(wrong)
        if answer.verdict in ("yes", "no") and not asks_yes_or_no(self.arguments[0]):
            raise self.fail(f"the engine's answer is {answer.verdict!r}, so the question must be one a player answers "
                            "yes or no (its last part begins with a word such as May, Must, Can or Does), not "
                            f"{last_part(self.arguments[0])!r}")
        box = nodes.container(classes=["ganjifa-question"])
        q = nodes.paragraph(classes=["ganjifa-question-text"])
        q += nodes.strong(text=self.arguments[0])
        box += q
        if self.options.get("picture", "yes") == "yes":
            from engine.draw import state_svg

            box += self.figure(state_svg(state, names=names), caption=self.options.get("caption"),
                               classes=["ganjifa-state"])
        box += self.narration(answer.text, classes=["ganjifa-answer"])
        if answer.moves:
            items = nodes.bullet_list(classes=["ganjifa-legal"])
            for _, text in answer.moves:
                item = nodes.list_item()
                item += self.narration(text)
                items += item
            box += items
        if self.content:
            self.state.nested_parse(self.content, self.content_offset, box)
        return [box]

    def names(self, state) -> tuple[str, ...]:
        players = state.players
        if "names" not in self.options:
            return default_names(players)
        names = tuple(n.strip() for n in self.options["names"].split(","))
        if len(names) != players:
            raise self.fail(f":names: gives {len(names)} names for {players} players")
        return names


# the words that open a question answered yes or no
YES_NO = frozenset("may must can could does do did is are was were will would should shall has have".split())


def last_part(question: str) -> str:
    """The question proper: the text after the last sentence break or colon before its end."""
    text = question.strip()
    cut = max(text.rfind(mark, 0, len(text) - 1) for mark in (". ", ": ", "; ", "? ", "! "))
    return text[cut + 2:] if cut >= 0 else text


def asks_yes_or_no(question: str) -> bool:
    """Whether ``question`` is one a player answers yes or no ("May Dev draw?"), not "Where does it go?"."""
    words = last_part(question).split()
    return bool(words) and words[0].lower().strip(",") in YES_NO
