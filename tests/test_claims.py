"""An example's words are checked against its positions (issue 30): the cards and holders they name.

Each case plants one of the mistakes the issue found in the printed book (a card nobody holds, a
card that changed hands between two examples of one deal, a player said to lack a suit she holds)
and shows the check refusing it, naming the sentence; the words the chapters print pass."""

import re

import pytest

from engine import get_game
from engine.examples.claims import answer_problems, card_phrases, problems
from engine.decks import DASHAVATARA, MUGHAL
from engine.examples.questions import ask

from .examples import chapter_examples
from .test_directive_errors import build, line_of

NAMES = ("Asha", "Bela", "Chitra", "Dev")
EKRANG = ("P1=VTa 3Ta 7Ta 10Su 6Ba; P2=9Ta 2Sh VBa 9Sa 9Su 3Gh; P3=1Ta 4Ta 8Ba 6Sh 2Su 4Gh; "
          "P4=2Ch 2Ba 5Qi 5Su 7Sh RSh; tricks=P1:4 P2:6 P3:5 P4:3; lead=P1; stage=phase1")
HAMRANG = "P1=VTa 3Ta 5Sh 9Sh; P2=RTa 5Ch 9Ch 6Sh; P3=VSh 10Ta 1Ch 6Qi; P4=3Gh 8Gh RCh 4Ch; tricks=4 3 2 1; turn=P1"
TG = "P1=MKr 4Kr 3Ma 5Vr; P2=RKr 7Kr 2Ku 6Vr; P3=10Kr 5Ma 6Ku 3Vr; lead=P1"


def test_card_phrases_read_lists_courts_and_other_suit_names():
    found = [cards for _, _, cards in card_phrases("She holds the 3 and the Vizier of Taj, and the Raja of "
                                                   "Tanka; 10, 9 or 8 of Phul.", MUGHAL)]
    assert [" ".join(map(str, c)) for c in found] == ["3Ta VTa", "RSa", "10Ta 9Ta 8Ta"]
    assert [str(c) for _, _, cs in card_phrases("the Mantri of Kalki", DASHAVATARA) for c in cs] == ["MKa"]
    assert card_phrases("seven in all; the 8 is high", MUGHAL) == []


@pytest.mark.parametrize("words, wrong", [
    # Ekrang p. 93: "She still holds the 3 and the 7 of Taj" after a page where she held the 3 and the Raja
    ("Asha leads. She still holds the 3 and the 9 of Taj.", "Asha does not hold the 9 of Taj"),
    ("Bela's Vizier of Taj wins.", "the Vizier of Taj is not Bela's"),
    ("Asha leads. Her 9 of Safed is safe.", "the 9 of Safed is not Asha's"),  # "her": the last player named
    ("Asha has no Barat.", "Asha holds Barat cards"),
    ("Nobody holds the 1 of Taj.", "the 1 of Taj is in a hand"),
    ("Chitra holds five cards.", "Chitra holds 6 cards here, not 5"),
])
def test_ekrang_words_that_contradict_the_position_are_refused(words, wrong):
    state = get_game("ekrang", players=4).position(EKRANG)
    found = problems([state], words, NAMES)
    assert any(wrong in p for p in found), found


def test_a_card_nobody_holds_is_refused():
    # Hamrang p. 152: a sentence naming the Raja of Safed beside hands in which nobody holds it
    state = get_game("hamrang").position(HAMRANG)
    found = problems([state], "Chitra plays the Raja of Safed.", NAMES)
    assert found == ('"Chitra plays the Raja of Safed.": the Raja of Safed is in no hand or play of this example',)


def test_true_words_pass_and_moves_count_as_the_mover_s_cards():
    state = get_game("ekrang", players=4).position(EKRANG)
    assert problems([state], "Asha still holds the 3 and the 7 of Taj; Dev's Raja of Shamsher is high. "
                             "Bela holds six cards and has no Barat but the Vizier.", NAMES) == ()
    tg = get_game("traditional-ganjifa", rounds=1)
    names = NAMES[:3]
    pos = tg.position(TG)
    answer = ask(pos, "what happens if Asha deni 4Kr", names)
    # after the deni the 4 of Krishna is in no hand, but Asha played it: it is still hers to talk about
    assert answer_problems(pos, answer, "Asha's 4 of Krishna calls for the Raja; she still holds the Mantri "
                           "of Krishna.", names, TG) == ()
    wrong = answer_problems(pos, answer, "Bela's 4 of Krishna is led.", names, TG)
    assert wrong and "is not Bela's" in wrong[0]


def test_a_question_whose_words_contradict_it_fails_the_build_with_file_and_line(tmp_path):
    page = ("# Ekrang\n\n```{question} Whose turn is it?\n:game: ekrang\n:options: players=4\n"
            f":names: Asha, Bela, Chitra, Dev\n:position: {EKRANG}\n:ask: whose turn\n:answer: Asha\n"
            ":picture: no\nShe leads, and keeps the Raja of Taj for later.\n```\n")
    code, out = build(tmp_path, page)
    assert code != 0
    assert re.search(rf"index\.md:{line_of(page, '{question}')}", out), out
    assert "the words contradict the example" in out and "the Raja of Taj is in no hand or play" in out


def test_a_caption_that_contradicts_its_position_fails_the_build(tmp_path):
    page = ("# Ekrang\n\n```{position}\n:game: ekrang\n:options: players=4\n:names: Asha, Bela, Chitra, Dev\n"
            ":caption: Dev holds the Vizier of Barat.\n" + EKRANG + "\n```\n")
    code, out = build(tmp_path, page)
    assert code != 0 and "the words contradict the position" in out and "Dev does not hold" in out, out


# --- every example of the chapters, as the build checks it --------------------------------------------------
def test_the_chapters_have_examples_to_check():
    kinds = [e.kind for e in chapter_examples()]
    assert kinds.count("question") > 100 and kinds.count("position") > 20


@pytest.mark.parametrize("example", chapter_examples(), ids=lambda e: e.where)
def test_every_example_s_words_agree_with_its_positions(example):
    from book.directives.question import asks_for_an_outcome, says

    state, opts, names = example.state, example.opts, example.names
    if example.kind == "position":
        assert problems([state], opts.get("caption", ""), names, notations=[example.notation]) == ()
        return
    answer = ask(state, opts["ask"], names)
    text = "\n\n".join([example.title, opts.get("caption", ""), example.words])
    assert answer_problems(state, answer, text, names, example.notation) == ()
    if "outcome" in opts:
        assert says(answer.text, opts["outcome"]), answer.text
    elif answer.verdict in ("legal", "illegal"):
        assert not asks_for_an_outcome(example.title), f"{example.title!r} is answered only {answer.verdict!r}"


def test_what_happens_compares_the_outcome_as_doctest_compares_output(tmp_path):
    from book.directives.question import asks_for_an_outcome, says

    assert says("The ring is cleared (7 cards leave the game) [kk.clear].", "seven cards leave the game")
    assert not says("The ring is cleared (7 cards leave the game) [kk.clear].", "six cards leave the game")
    assert says("Bela wins all 6 cards and leads", "bela wins all six cards")
    assert not says("Bela wins all 16 cards", "wins all 6 cards")  # whole words only
    assert asks_for_an_outcome("How many cards leave the game when Bela bridges?")
    assert asks_for_an_outcome("Bela holds the Raja. Who wins the trick?")
    assert not asks_for_an_outcome("What happens if Asha draws?")
    kk = ("ring=1:9Sh 2:4Sh 3:4Gh 4:4Ba 5:8Ba 6:- 7:9Ta; last=5; turn=P2; P1=3Ta 5Ch RGh 2Ch VSu; "
          "P2=8Sh 6Ch 10Qi 10Ch; P3=1Ba 7Su 3Qi 9Ch; P4=7Gh 1Su 8Ch 3Sa; stock=20")
    head = ("# KK\n\n```{question} How many cards leave the game when Bela bridges?\n:game: kendra-kari\n"
            f":options: players=4\n:names: Asha, Bela, Chitra, Dev\n:position: {kk}\n:ask: what happens if Bela *8Sh\n"
            ":answer: legal\n:picture: no\n")
    for sub in "abc":
        (tmp_path / sub).mkdir()
    code, out = build(tmp_path / "a", head + "```\n")  # "How many?" answered only "legal": not checked, refused
    assert code != 0 and "state what happens with :outcome:" in out, out
    code, out = build(tmp_path / "b", head.replace(":picture:", ":outcome: six cards leave the game\n:picture:")
                      + "```\n")
    assert code != 0 and "the chapter says the outcome is 'six cards leave the game'" in out, out
    code, out = build(tmp_path / "c", head.replace(":picture:", ":outcome: seven cards leave the game\n:picture:")
                      + "```\n")
    assert code == 0, out


def test_the_words_that_introduce_an_example_are_checked_too(tmp_path):
    fence = ("```{position}\n:game: ekrang\n:options: players=4\n:names: Asha, Bela, Chitra, Dev\n"
             + EKRANG + "\n```\n")
    (tmp_path / "bad").mkdir()
    page = "# Ekrang\n\nIt is Asha's lead, and Dev holds the Vizier of Barat:\n\n" + fence
    code, out = build(tmp_path / "bad", page)
    assert code != 0 and re.search(r"index\.md:5: ERROR: \{position\}: the words contradict", out), out
    assert "Dev does not hold the Vizier of Barat" in out
    (tmp_path / "good").mkdir()  # a paragraph that does not end in a colon introduces nothing
    code, out = build(tmp_path / "good", page.replace("Barat:", "Barat.\n\nAsha still holds the Vizier of Taj:"))
    assert code == 0, out
