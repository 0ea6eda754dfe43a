"""``{question}``: a position, a question a player would ask, and the engine's answer, checked.

The chapter states the expected answer (``:answer:``, the short verdict) and the clause it
rests on (``:clause:``); the build asks the engine (:func:`engine.examples.questions.ask`) and fails
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

import re

from docutils import nodes
from docutils.parsers.rst import directives

from engine.examples.claims import answer_problems
from engine.errors import GanjifaError
from engine.protocol import default_names
from engine.examples.questions import ask

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
        "outcome": directives.unchanged,
        # "after": the position the asked moves lead to, for a question whose words are about that moment (Komi's
        # show, asked before any card is dealt: its picture read "No cards are dealt yet", issue 41)
        "picture": lambda a: directives.choice(a, ("yes", "no", "after")),
        "caption": directives.unchanged,
        **GanjifaDirective.POSITION_OPTIONS,
    }

    def run(self):
        self.note_engine()
        for key in ("game", "ask", "answer"):
            if key not in self.options:
                raise self.fail(f"give :{key}:")
        game = self.game(self.options["game"], self.options.get("options", ""))
        state, notation = self.example_position(game, self.options.get("position", ""))
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
        outcome = self.options.get("outcome", "").strip()
        if outcome and not says(answer.text, outcome):
            raise self.fail(f"the chapter says the outcome is {outcome!r}, but the engine's answer does not say so: "
                            f"{answer.text}")
        if not outcome and asks_for_an_outcome(self.arguments[0]) and answer.verdict in ("legal", "illegal"):
            raise self.fail(f"the question asks {last_part(self.arguments[0])!r}, but its answer is only "
                            f"{answer.verdict!r}: state what happens with :outcome: (words the engine's answer must "
                            f"contain, e.g. a count), so that it is checked: {answer.text}")
        if answer.verdict in ("yes", "no") and not asks_yes_or_no(self.arguments[0]):
            raise self.fail(f"the engine's answer is {answer.verdict!r}, so the question must be one a player answers "
                            "yes or no (its last part begins with a word such as May, Must, Can or Does), not "
                            f"{last_part(self.arguments[0])!r}")
        # every card and holder its words name agrees with the position and the moves played (engine.examples.claims)
        words = "\n\n".join([self.arguments[0], self.options.get("caption", ""), "\n".join(self.content)])
        wrong = answer_problems(state, answer, words, names, notation)
        intro = self.introduction()
        if intro:  # the words that lead up to it may tell of earlier play
            wrong += answer_problems(state, answer, intro, names, notation, history=True)
        if wrong:
            raise self.fail("the words contradict the example: " + "; ".join(wrong))
        drawn = self.options.get("picture", "yes") in ("yes", "after")
        pictured = state
        if self.options.get("picture") == "after":
            if not answer.steps:
                raise self.fail(":picture: after draws the position the asked moves lead to, but the question "
                                "plays no move")
            pictured = answer.steps[-1][2]
        # a question without a picture is a few lines: kept whole on one page, the answer with its question
        # its id names the chapter and line (``question-rules-hamrang-143``) and an empty mark ends it
        # (``...-end``): the booklet's check finds the pages it starts and ends on (book/pagerules.py)
        anchor = question_anchor(self.env.docname, self.lineno)
        box = nodes.container(classes=["ganjifa-question"] + ([] if drawn else ["ganjifa-question-short"]),
                              ids=[anchor])
        q = nodes.paragraph(classes=["ganjifa-question-text"])
        title, messages = self.state.inline_text(self.arguments[0], self.lineno)  # *variant* prints in italics
        q += nodes.strong("", "", *title)
        q += messages
        box += q
        if drawn:
            from engine.draw import state_svg

            box += self.figure(state_svg(pictured, names=names), caption=self.options.get("caption"),
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
        box += try_link(self.env.docname, game, state, notation, names)
        box += nodes.inline("", "", ids=[anchor + "-end"])
        return [box]

    def names(self, state) -> tuple[str, ...]:
        players = state.players
        if "names" not in self.options:
            return default_names(players)
        names = tuple(n.strip() for n in self.options["names"].split(","))
        if len(names) != players:
            raise self.fail(f":names: gives {len(names)} names for {players} players")
        return names


def question_anchor(docname: str, line: int) -> str:
    """The id of the question at ``line`` of chapter ``docname``: ``question-rules-hamrang-143``."""
    return "question-" + re.sub(r"[^a-z0-9]+", "-", docname.lower()).strip("-") + f"-{line}"


def try_link(docname: str, game, state, notation: str, names) -> list:
    """"Try this position": the site's play page at this position, the question's player to move (the site only:
    book/site.py drops it where the site has no play pages, and the print build leaves it out)."""
    from urllib.parse import urlencode

    from sphinx import addnodes

    seat = state.current_player
    if seat is None or seat < 0 or not game.HAS_POSITIONS:
        return []
    query = urlencode({"position": notation, "turn": seat + 1, "options": game.options_text(), "names": ",".join(names)})
    href = "../" * docname.count("/") + f"play/{game.name}.html#{query}"
    only = addnodes.only(expr="not print")
    para = nodes.paragraph(classes=["ganjifa-try"])
    para += nodes.reference("", "Try this position", refuri=href, classes=["ganjifa-try-link"])
    only += para
    return [only]


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


# the questions answered by a count, a person or a thing, not by "legal"
OUTCOME_WORDS = ("how many", "how much", "who", "whom", "which", "what does", "what do", "where")
_NUMBER_WORDS = {w: str(i) for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve "
                                                 "thirteen fourteen fifteen sixteen seventeen eighteen nineteen "
                                                 "twenty".split())}


def asks_for_an_outcome(question: str) -> bool:
    """Whether ``question`` asks for a count, a person or a thing ("How many cards leave the game?")."""
    return last_part(question).lower().startswith(OUTCOME_WORDS)


def _plain(text: str) -> str:
    words = re.findall(r"[a-z0-9+-]+", text.lower())
    return " " + " ".join(_NUMBER_WORDS.get(w, w) for w in words) + " "


def says(answer: str, outcome: str) -> bool:
    """Whether the engine's ``answer`` says ``outcome``, as doctest compares output: the same words in the same
    order, case, punctuation and the spelling of numbers aside ("seven cards" is "7 cards")."""
    return _plain(outcome) in _plain(answer)
