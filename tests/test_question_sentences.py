"""Every answer's words agree with its verdict (issue 19): each {question} in the chapters is asked
again here, and the sentence a player reads first must say what the verdict says."""

from __future__ import annotations

import re

import pytest

from engine import get_game
from engine.protocol import Result
from engine.examples.questions import ask, outcome

from .examples import questions

SUBJECT = re.compile(r"^(?P<who>.+?) (?P<verb>wins|win|share the win)\b")


def chapter_questions():
    """(question, options, the example) for every {question} in the chapters, read as the book reads them."""
    return [pytest.param(e.title, e.opts, e, id=e.where) for e in questions()]


def first_sentence(text: str) -> str:
    m = re.match(r"(.+?[.!?])(?:\s|$)", text, re.S)
    return m.group(1) if m else text


def verdict_sentence(text: str) -> str:
    """The sentence of a "who wins after" answer that gives the verdict: after what the moves did, it begins
    "So" (issue 30: the winners are named after the play that decides it, not before)."""
    m = re.search(r"(?:^|\s)So (.+?[.!?])(?:\s|$)", text, re.S)
    assert m, f"no sentence beginning 'So' gives the verdict: {text!r}"
    said = m.group(1)
    return said[0].upper() + said[1:]


def people(subject: str) -> set[str]:
    return {p.strip() for p in re.split(r",|\band\b", subject) if p.strip()}


def balance(state):
    """Each seat's money so far, for games that keep one (None for the others)."""
    return getattr(state, "balance", None)


def test_the_chapters_have_questions():
    assert len(chapter_questions()) > 10


@pytest.mark.parametrize(("question", "opts", "example"), chapter_questions())
def test_an_answer_says_what_its_verdict_says(question, opts, example):
    game = example.state.game
    state = example.state.copy()
    names = example.names
    answer = ask(state, opts["ask"], names)
    if answer.verdict in ("yes", "no"):
        assert answer.text.startswith(answer.verdict.capitalize()), answer.text
    if not opts["ask"].lower().startswith("who wins after"):
        return
    over, last = _played(state, game, opts["ask"])
    result = over.result()
    # the answer says what the moves did (the last: the showdown, the pot, the payments), then the verdict
    assert last.narrate(names)[:60] in answer.text, answer.text
    lead = verdict_sentence(answer.text)
    assert answer.text.index(last.narrate(names)[:60]) < answer.text.index(" So ")
    if not any(result.scores):  # everyone level, nothing won or lost: nobody comes out ahead
        assert answer.verdict == "nobody", answer.text
    if answer.verdict == "nobody":
        # level in a game of stakes: nobody comes out ahead; no winner at all (a game without stakes too): nobody wins
        assert lead.startswith("Nobody comes out ahead" if any(result.winners) else "Nobody wins"), lead
        return
    m = SUBJECT.match(lead)
    assert m, f"the verdict's sentence names no winner: {lead!r}"
    winners = people(answer.verdict)
    assert people(m.group("who")) == winners, lead
    assert (m.group("verb") == "wins") == (len(winners) == 1), lead
    assert len(winners) > 1 or "share" not in lead, lead
    if "share" in lead:  # a win split between them, or level on the most tricks or points (Ekrang's §16: they
        # share the win), never players each paid on their own (stakes add up to nothing)
        shares = [result.scores[names.index(n)] for n in winners]
        assert sum(shares) == pytest.approx(1.0) or (len(set(shares)) == 1 and sum(result.scores) != 0), lead
    elif len(winners) > 1:  # "win" side by side: each is paid on their own
        assert sum(result.scores) == pytest.approx(0.0), lead
    # nobody is said to win whose money went down in that round
    before = balance(state)
    if before is not None:
        after = balance(over)
        for name in winners:
            seat = names.index(name)
            assert after[seat] >= before[seat], f"{name} is said to win but loses money: {answer.text}"


def _played(state, game, question):
    """The position after the question's moves, and the last move's record."""
    trial, record = state.copy(), None
    for move in filter(None, (m.strip() for m in question[len("who wins after "):].split(";"))):
        record = trial.apply(game.parse_move(move))
    return trial, record


# --- the wording itself ------------------------------------------------------------------------------

def test_one_winner_wins():
    assert outcome(Result((2,), (0.0, 1.0, 3.0), "+3 after 1 round", "x.r"), ["A", "B", "C"]) == \
        ("C", "C wins: +3 after 1 round")


def test_winners_share_only_a_split_win():
    split = Result((1, 2), (0.0, 0.5, 0.5), "a tie for fewest cards", "x.r")
    assert outcome(split, ["A", "B", "C"]) == ("B and C", "B and C share the win: a tie for fewest cards")
    paid = Result((0, 2), (1.0, -2.0, 1.0), "the dealer pays each player still standing", "x.r")
    verdict, sentence = outcome(paid, ["A", "B", "C"])
    assert verdict == "A and C" and sentence.startswith("A and C win:") and "share" not in sentence


def test_level_or_no_winner_is_nobody():
    level = Result((0, 1, 2), (0.0, 0.0, 0.0), "nobody is ahead after 1 round", "x.r")
    assert outcome(level, ["A", "B", "C"]) == \
        ("nobody", "Nobody comes out ahead: every player ends level, with nothing won or lost")
    none = Result((), (0.0, 0.0), "no money changes hands", "x.r")
    assert outcome(none, ["A", "B"]) == ("nobody", "Nobody wins: no money changes hands")


def test_who_wins_says_what_happened_then_the_verdict():
    komi = get_game("komi", players=4, rounds=1).position(  # a game of one round: the show ends it
        "dealer=P1; turn=P1; bets=0 1 3 2; P1=8Sh 2Ta 6Gh; P2=8Sa 3Ba 5Qi; P3=9Su VCh 1Qi; P4=10Ta 7Gh 1Ba")
    a = ask(komi, "who wins after show", ["Asha", "Bela", "Chitra", "Dev"])
    assert a.verdict == "Dev"
    assert a.text.startswith("Asha, the dealer, shows 8, 2 and 6")
    assert a.text.endswith("Totals: Asha +1, Bela 0, Chitra -3, Dev +2 [km.show] [km.value] [km.score] [km.settle]. "
                           "So Dev wins: +2 after 1 round [km.rounds].")
    assert "km.settle" in a.clauses


def test_a_pot_handed_back_is_nobody_ahead():
    nakash = get_game("nakash", players=2).position(
        "dealer=P1; turn=P2; pot=2; balance=-1 -1; P1=9Sa 9Ta; P2=RSa 8Ta")
    a = ask(nakash, "who wins after show; show", ["Asha", "Bela"])
    assert a.verdict == "nobody" and a.agrees("Nobody")
    assert verdict_sentence(a.text).startswith("Nobody comes out ahead") and "share" not in verdict_sentence(a.text)
    assert "goes back to the players" in a.text and "nk.carry" in a.clauses
    over = nakash.copy()
    for move in ("show", "show"):
        over.apply(nakash.game.parse_move(move))
    turn = ask(over, "whose turn", ["Asha", "Bela"])
    assert turn.text == ("Nobody: the game is over. Nobody comes out ahead: every player ends level, "
                         "with nothing won or lost [nk.rounds].")
