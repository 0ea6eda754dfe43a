"""Questions a player asks about a position, answered by the engine in players' words.

Game-agnostic: only the game contract is used (``legal_moves``, ``check``, ``apply`` and its
record's narration, ``result``, ``current_player``, ``parse_move``). A chapter states a
question, the expected short answer (the *verdict*) and the clause it rests on; the book
computes the answer with :func:`ask` and fails the build when they differ.

The questions (``NAME`` is a player's name, ``MOVE`` a move in the game's notation):

* ``whose turn`` -> the name of the player to move;
* ``may NAME MOVE`` -> ``yes`` (the answer says what the move does) or ``no`` (and why);
* ``must NAME MOVE`` -> ``yes`` when it is NAME's only legal move, else ``no``;
* ``what may NAME play`` -> the legal moves, in notation, separated by commas;
* ``what happens if NAME MOVE`` -> ``legal`` (with what happens) or ``illegal`` (and why);
* ``who wins after MOVE; MOVE; ...`` -> the winners' names (``and`` between them), or ``nobody``
  when nobody comes out ahead; the answer tells what the moves did, in order, then the verdict in a
  sentence of its own that begins "So".

>>> from engine import get_game
>>> kk = get_game("kendra-kari", players=4)
>>> p = kk.position("ring=1:9Sh 2:4Sh 3:4Gh 4:- 5:- 6:- 7:9Ta; last=3; turn=P4; P1=3Ta 5Ba RGh 2Ch VSu; "
...                 "P2=2Sa 6Ch 10Qi 5Sh; P3=1Ba 7Su 3Qi 9Ch; P4=7Gh 4Ba 1Su 8Ch 3Sa; stock=60")
>>> a = ask(p, "may Dev draw", ["Asha", "Bela", "Chitra", "Dev"])
>>> a.verdict, a.clauses
('no', ('kk.must-play',))
>>> print(a.text)
No: Dev can play the 7 of Ghulam, so may not draw [kk.must-play].
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Sequence

from ..errors import GanjifaError, IllegalMoveError, NotationError
from ..protocol import CHANCE, Result, State
from .choices import as_choice as _chosen
from .choices import words as _words

QUESTIONS = ("whose turn", "may NAME MOVE", "must NAME MOVE", "what may NAME play", "what happens if NAME MOVE",
             "who wins after MOVE; MOVE; ...")
_CITED = re.compile(r"\s*\[(?:clause )?([a-z][a-z0-9]*\.[a-z0-9][a-z0-9.-]*)\]")


@dataclass(frozen=True)
class Answer:
    """The engine's answer: the short ``verdict`` a chapter states, the ``text`` a player reads
    (ending in its clause citations ``[xx.id]``), and the ``clauses`` it rests on."""

    question: str
    verdict: str
    text: str
    clauses: tuple[str, ...]
    moves: tuple[tuple[str, str], ...] = ()  # for "what may NAME play": (notation, narration) per move
    # the moves the answer plays from the position, each as (seat, move, the position after it), so that the
    # example's sentences can be checked against every position it passes through (engine.examples.claims)
    steps: tuple = field(default=(), compare=False, repr=False)

    def agrees(self, expected: str) -> bool:
        """Whether the chapter's expected verdict is this one (case, spacing and list order aside)."""
        return _norm(expected) == _norm(self.verdict)

    def disagreement(self, expected: str, clause: str = "") -> str | None:
        """What a chapter's example gets wrong, in one sentence (None when it agrees): the answer, or only the
        clause it rests on ("the answers agree; the clause differs"), each beside the engine's.

        >>> a = Answer("may Dev draw", "no", "No: Dev can play [kk.must-play].", ("kk.must-play",))
        >>> a.disagreement("no", "kk.draw")
        "the answers agree ('no'); the clause differs: the engine's answer rests on kk.must-play, the chapter names kk.draw: No: Dev can play [kk.must-play]."
        >>> a.disagreement("yes", "kk.must-play")
        "the engine answers 'no' (kk.must-play), but the chapter says 'yes' (clause kk.must-play): No: Dev can play [kk.must-play]."
        """
        cited = ", ".join(self.clauses) or "no clause"
        said = f"{self.text} {self.verdict}" if self.text.endswith(":") else self.text  # a list's header: the list
        if not self.agrees(expected):
            return (f"the engine answers {self.verdict!r} ({cited}), but the chapter says {expected!r}"
                    + (f" (clause {clause})" if clause else "") + f": {said}")
        if clause and clause not in self.clauses:
            return (f"the answers agree ({self.verdict!r}); the clause differs: the engine's answer rests on {cited}, "
                    f"the chapter names {clause}: {said}")
        return None


def _norm(text: str) -> tuple[str, ...]:
    parts = [" ".join(p.split()).lower() for p in re.split(r",|\band\b", text)]
    return tuple(sorted(p for p in parts if p))


def _cite(clauses: Sequence[str]) -> str:
    return " ".join(f"[{c}]" for c in dict.fromkeys(clauses))


def _seat_of(name: str, names: Sequence[str]) -> int:
    for i, n in enumerate(names):
        if n.lower() == name.lower():
            return i
    raise NotationError(name, f"not a player here; the players are {', '.join(names)}")


def _split_name(rest: str, names: Sequence[str]) -> tuple[int, str]:
    """``NAME MOVE`` -> (seat, move text); the longest name that starts ``rest`` wins."""
    for i, n in sorted(enumerate(names), key=lambda p: -len(p[1])):
        if rest.lower().startswith(n.lower()) and (len(rest) == len(n) or rest[len(n)] == " "):
            return i, rest[len(n):].strip()
    raise NotationError(rest.split()[0] if rest.split() else rest,
                        f"not a player here; the players are {', '.join(names)}")


def _refusal(err: IllegalMoveError, names) -> tuple[str, tuple[str, ...]]:
    reason = _words(err.reason, names)
    return reason[:1].upper() + reason[1:], (err.clause,)


def _narrated(record, names) -> tuple[str, tuple[str, ...]]:
    return _words(record.narrate(names), names), tuple(record.clauses)


def _listed(people: Sequence[str]) -> str:
    return (", ".join(people[:-1]) + " and " + people[-1]) if len(people) > 1 else people[0]


def _verdict_dropped(happened: str, core: str) -> str:
    """The moves' words without a last sentence that already gives the verdict the "So" sentence gives ("Asha has
    no cards left and wins", "..., so the game ends without a winner"): a reader is told who wins once.

    >>> _verdict_dropped("Asha plays the 2 [kk.match]. Asha has no cards left and wins [kk.out].", "Asha wins")
    'Asha plays the 2 [kk.match].'
    >>> _verdict_dropped("Dev puts four away [sh.put]. That ends the last round, so the game ends without a winner.",
    ...                  "Nobody wins")
    'Dev puts four away [sh.put].'
    >>> _verdict_dropped("Bela leads [x.y]. Asha's Raja wins [x.z].", "Asha wins")
    "Bela leads [x.y]. Asha's Raja wins [x.z]."
    """
    head, dot, last = happened.rstrip().rstrip(".").rpartition(". ")
    said = re.sub(r"(?: \[[^\]]+\])+$", "", last).strip()
    subject = core.rsplit(" win", 1)[0]
    told = (said.endswith("without a winner") if subject == "Nobody"
            else said.startswith(f"{subject} ") and re.search(r"\bwins?$", said) and not said.startswith(f"{subject}'"))
    return f"{head}{dot}".rstrip() if told and head else happened


def outcome(result: Result, names: Sequence[str]) -> tuple[str, str]:
    """A finished game's verdict and its sentence (without citation or full stop), worded so that
    subject and verb agree with the verdict.

    One winner "wins"; several "share the win" only when they split one win between them (each
    holds a share of a whole win), else they "win" side by side (e.g. each is paid by the dealer).
    When nobody won, or every player ends level with nothing won or lost, the verdict is
    ``nobody``, though the result counts a level finish as a win shared by all (as simulations do).

    >>> from engine.protocol import Result
    >>> outcome(Result((0, 1), (0.0, 0.0), "nobody is ahead after 1 round", "nk.rounds"), ["Asha", "Bela"])
    ('nobody', 'Nobody comes out ahead: every player ends level, with nothing won or lost')
    >>> outcome(Result((1, 2), (-2.0, 1.0, 1.0), "the dealer pays", "x.y"), ["Asha", "Bela", "Chitra"])
    ('Bela and Chitra', 'Bela and Chitra win: the dealer pays')
    >>> outcome(Result((1, 2), (0.0, 0.5, 0.5), "a tie", "x.y"), ["Asha", "Bela", "Chitra"])
    ('Bela and Chitra', 'Bela and Chitra share the win: a tie')
    """
    winners, scores = result.winners, result.scores
    if not winners:
        return "nobody", f"Nobody wins: {_words(result.reason, names)}"  # (no stakes: nobody is "ahead")
    if len(winners) == len(scores) > 1 and not any(scores):
        return "nobody", "Nobody comes out ahead: every player ends level, with nothing won or lost"
    people = [names[w] for w in winners]
    if len(people) == 1:
        verb = "wins"
    else:
        shares = [scores[w] for w in winners]
        # paid side by side (stakes: the scores add to nothing) they "win"; level on the most tricks or points,
        # they "share the win"
        verb = "win" if abs(sum(scores)) < 1e-9 and not all(0 < s < 1 for s in shares) else "share the win"
    return " and ".join(people), f"{_listed(people)} {verb}: {_words(result.reason, names)}"


# what a player is told while chance is to act: what happens at the table, never chance as a player (issue 30)
CHANCE_NEXT = "nobody plays yet: first comes a step no player chooses"


def _chance_next(state: State) -> tuple[str, tuple[str, ...]]:
    """What a player is told while chance is to act, and the rule that says what it does: the clauses of the
    step it takes (tried on a copy with a fixed stream; the rule is the same whatever the cards)."""
    from ..shuffle import Rng

    try:
        trial = state.copy()
        clauses = tuple(trial.apply(trial.chance_outcome(Rng(0))).clauses)
    except GanjifaError:
        clauses = ()
    return CHANCE_NEXT + (f" {_cite(clauses)}" if clauses else ""), clauses


def ask(state: State, question: str, names: Sequence[str]) -> Answer:
    """Answer ``question`` (one of :data:`QUESTIONS`) about ``state``, which is left unchanged."""
    q = " ".join(question.strip().rstrip("?").split())
    low = q.lower()
    game = state.game
    if low == "whose turn":
        seat = state.current_player
        if seat is None:
            result = state.result()
            return Answer(q, "nobody", f"Nobody: the game is over. {outcome(result, names)[1]} {_cite((result.clause,))}.",
                          (result.clause,))
        if seat == CHANCE:
            said, clauses = _chance_next(state)
            return Answer(q, "chance", said[0].upper() + said[1:] + ".", clauses)
        return Answer(q, names[seat], f"{names[seat]} is to play.", ())
    for word in ("may", "must"):
        if low.startswith(word + " "):
            seat, move_text = _split_name(q[len(word) + 1:], names)
            move = game.parse_move(move_text)
            if state.current_player != seat:
                if state.current_player is not None and state.current_player < 0:
                    said, clauses = _chance_next(state)
                    return Answer(q, "no", f"No: {said}.", clauses)
                turn = "nobody's (the game is over)" if state.current_player is None else \
                    f"{names[state.current_player]}'s"
                return Answer(q, "no", f"No: it is {turn} turn.", ())
            try:
                state.check(move)
            except IllegalMoveError as err:
                reason, clauses = _refusal(err, names)
                return Answer(q, "no", f"No: {reason} {_cite(clauses)}.", clauses)
            after = state.copy()
            after.apply(move)
            text, clauses = _chosen(state, move, names)
            steps = ((seat, move, after),)
            if word == "must":
                only = state.is_forced(move)
                if only:
                    return Answer(q, "yes", "Yes, it is the only move allowed: " + text, clauses, steps=steps)
                others = [m for m in state.legal_moves() if m != move]
                if len(others) <= 2:  # name them: what else the player may do
                    told = [_chosen(state, m, names)[0] for m in others]
                    alt = "; or ".join(t.split(" [")[0].rstrip(".") for t in told)
                    return Answer(q, "no", f"No: it is allowed, not required {_cite(clauses)}. Also allowed: {alt}.",
                                  clauses, steps=steps)
                return Answer(q, "no", f"No: it is allowed, not required {_cite(clauses)}; {len(others)} other moves "
                              "are allowed too.", clauses, steps=steps)
            return Answer(q, "yes", f"Yes. {text}", clauses, steps=steps)
    if low.startswith("what may ") and low.endswith(" play"):
        seat = _seat_of(q[len("what may "):-len(" play")].strip(), names)
        if state.current_player != seat:
            return Answer(q, "nothing", f"Nothing: it is not {names[seat]}'s turn.", ())
        listed, clauses = [], []
        for move in state.legal_moves():
            text, cited = _chosen(state, move, names)
            listed.append((str(move), text))
            clauses += cited
        verdict = ", ".join(m for m, _ in listed)
        summary = f"{names[seat]} may do any of these:" if len(listed) != 1 else \
            f"{names[seat]} has only one move."
        return Answer(q, verdict, summary, tuple(dict.fromkeys(clauses)), tuple(listed))
    if low.startswith("what happens if "):
        seat, move_text = _split_name(q[len("what happens if "):], names)
        move = game.parse_move(move_text)
        if state.current_player != seat:
            return Answer(q, "illegal", f"It is not {names[seat]}'s turn.", ())
        try:
            state.check(move)
        except IllegalMoveError as err:
            reason, clauses = _refusal(err, names)
            return Answer(q, "illegal", f"That move is not allowed: {reason} {_cite(clauses)}.", clauses)
        after = state.copy()
        text, clauses = _narrated(after.apply(move), names)
        return Answer(q, "legal", text, clauses, steps=((seat, move, after),))
    if low.startswith("who wins after "):
        trial = state.copy()
        played, steps = [], []
        for move_text in filter(None, (m.strip() for m in q[len("who wins after "):].split(";"))):
            try:
                seat, move = trial.current_player, game.parse_move(move_text)
                record = trial.apply(move)
                steps.append((seat, move, trial.copy()))
            except IllegalMoveError as err:
                raise GanjifaError(f"{move_text!r} cannot be played there: {_words(err.reason, names)}",
                                   err.clause) from None
            played.append(record)
        if not trial.is_terminal():
            last = played[-1] if played else None
            return Answer(q, "nobody yet", "Nobody yet: the game goes on."
                          + (f" {_words(last.narrate(names), names)}" if last else ""),
                          tuple(last.clauses) if last else (), steps=tuple(steps))
        result = trial.result()
        verdict, sentence = outcome(result, names)
        # what the moves did, in the order they are played (the trick that decides it, the showdown, the pot),
        # then the verdict they lead to, in a sentence of its own that begins "So" (issue 30)
        told = [_narrated(record, names) for record in played]
        happened = " ".join(text for text, _ in told)
        # said once: a last move whose words already end in the verdict ("...: Asha wins") leaves it to the
        # "So" sentence, and that sentence does not repeat a reason the moves have just given
        core, _, reason = sentence.partition(": ")
        if reason and reason in happened:
            sentence = core
        happened = re.sub(rf"(?::|\.) {re.escape(core)}(?= \[|\.)", "", happened, count=1)
        happened = _verdict_dropped(happened, core)
        if happened.endswith(f" [{result.clause}]."):  # cited by the "So" sentence
            happened = happened[:-len(f" [{result.clause}].")] + "."
        cited = [c for _, cs in told for c in cs]
        clauses = tuple(dict.fromkeys([*cited, result.clause]))
        verdict_sentence = f"{sentence[0].lower() if sentence[:6] == 'Nobody' else sentence[0]}{sentence[1:]}"
        text = (f"{happened} So " if happened else "") + \
            (verdict_sentence if happened else sentence) + f" {_cite((result.clause,))}."
        return Answer(q, verdict, text, clauses, steps=tuple(steps))
    raise NotationError(q, "ask one of: " + "; ".join(QUESTIONS))
