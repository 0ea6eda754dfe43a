"""Players' questions about a position (engine.examples.questions) and the {question} / {quick-reference} directives."""

from __future__ import annotations

import re

import pytest

from engine import get_game
from engine.errors import NotationError
from engine.examples.questions import ask

from .test_directive_errors import build, line_of

KK = get_game("kendra-kari", players=4)
NAMES = ["Asha", "Bilal", "Chitra", "Dev"]
DEV = ("ring=1:9Sh 2:4Sh 3:4Gh 4:- 5:- 6:- 7:9Ta; last=3; turn=P4; P1=3Ta 5Ba RGh 2Ch VSu; "
       "P2=2Sa 6Ch 10Qi 5Sh; P3=1Ba 7Su 3Qi 9Ch; P4=7Gh 4Ba 1Su 8Ch 3Sa; stock=60")


def test_each_question_in_players_words():
    p = KK.position(DEV)
    before = p.position()
    assert ask(p, "whose turn", NAMES).verdict == "Dev"
    no = ask(p, "May Dev draw?", NAMES)
    assert (no.verdict, no.clauses) == ("no", ("kk.must-play",)) and "Player" not in no.text
    yes = ask(p, "may Dev 4Ba", NAMES)
    assert yes.verdict == "yes" and yes.text.startswith("Yes. Dev plays the 4 of Barat to Position 4")
    listed = ask(p, "what may Dev play", NAMES)
    assert listed.verdict == "7Gh, 4Ba" and len(listed.moves) == 2 and listed.agrees("4Ba and 7Gh")
    assert ask(p, "must Dev 4Ba", NAMES).verdict == "no"
    assert ask(p, "may Asha 3Ta", NAMES).text == "No: it is Dev's turn."
    assert ask(p, "what happens if Dev draw", NAMES).verdict == "illegal"
    assert p.position() == before  # asking never changes the position
    end = KK.position(DEV.replace("P4=7Gh 4Ba 1Su 8Ch 3Sa", "P4=4Ba"))
    won = ask(end, "who wins after 4Ba", NAMES)
    assert won.verdict == "Dev" and "kk.out" in won.clauses


def test_bad_questions_are_notation_errors():
    p = KK.position(DEV)
    for bad in ("may Zed draw", "why is the sky blue", "may Dev fly"):
        with pytest.raises(NotationError):
            ask(p, bad, NAMES)


QUESTION = """```{{question}} May Dev draw instead of playing?
:game: kendra-kari
:options: players=4
:names: Asha, Bilal, Chitra, Dev
:position: {position}
:ask: may Dev draw
:answer: {answer}
:clause: {clause}
```
"""


GLANCE = {"kk.match": "Play a card that matches the top card.", "kk.next": "Then the next player plays.",
          "kk.draw": "Draw one card when you cannot play.", "kk.bridge": "A bridge lets you play across the ring.",
          "kk.out": "The first player out of cards wins.", "kk.stock-out": "An empty stock ends the game."}


def clause(cid: str, summary: str, remember: bool = False) -> str:
    return f"```{{clause}} {cid}\n:summary: {summary}\n" + (":remember:\n" if remember else "") + "The rule.\n```\n\n"


def test_a_question_is_answered_with_its_rule_number(tmp_path):
    page = ("# Q\n\n" + clause("kk.must-play", "If you can play, you must.", remember=True)
            + QUESTION.format(position=DEV, answer="no", clause="kk.must-play")
            + "".join(clause(cid, text) for cid, text in GLANCE.items())
            + "\n```{quick-reference} kendra-kari\nSet-up: kk.out\n"
              "Your turn: kk.match kk.next kk.must-play kk.draw kk.bridge\nThe end: kk.stock-out\n```\n")
    code, out = build(tmp_path, page)
    assert code == 0, out
    html = (tmp_path / "out" / "index.html").read_text()
    text = re.sub(r"<[^>]+>", "", html).replace("\u00a0", " ").replace("&#160;", " ")  # (a citation's no-break space)
    assert "May Dev draw instead of playing?" in text
    assert "No: Dev can play the 7 of Ghulam, so may not draw §1." in text  # the clause cited as §N, in words
    assert "kk.must-play" not in text.split("May Dev draw")[1].split("at a glance")[0]
    assert "Kendra Kari at a glance" in text
    # each part's lines, each the chapter's one-line summary with its number, in the outline's order
    turn = text.split("Your turn")[1].split("The end")[0]
    assert re.findall(r"([A-Z][^()]+?) \(§(\d+)\)\.", turn) == [
        ("Play a card that matches the top card", "2"), ("Then the next player plays", "3"),
        ("If you can play, you must", "1"), ("Draw one card when you cannot play", "4"),
        ("A bridge lets you play across the ring", "5")]
    # the rule players forget is in bold where the outline has it, and said to be
    assert "In bold: the rules players most often forget." in text
    assert re.search(r"<strong>If you can play, you must</strong>", html)
    assert "Easy to forget" not in text  # every rule is in the outline
    assert text.index("Set-up") < text.index("Your turn") < text.index("The end")


def test_a_quick_reference_needs_its_clauses_stated_and_summed_up(tmp_path):
    page = ("# Q\n\n" + clause("kk.match", "Match it.")
            + "```{quick-reference} kendra-kari\nSet-up: kk.match\nYour turn: kk.next\nThe end: kk.out\n```\n")
    code, out = build(tmp_path, page)
    errors = [line for line in out.splitlines() if "ERROR" in line]
    assert code != 0 and len(errors) == 1 and f"index.md:{line_of(page, '{quick-reference}')}:" in errors[0]
    assert "kk.next" in errors[0] and "state the clause first" in errors[0], out
    (tmp_path / "b").mkdir()
    page = "# Q\n\n```{clause} kk.match\nMatch it.\n```\n"
    code, out = build(tmp_path / "b", page)
    errors = [line for line in out.splitlines() if "ERROR" in line]
    assert code != 0 and len(errors) == 1 and "index.md:3:" in errors[0] and "needs :summary:" in errors[0], out
    (tmp_path / "c").mkdir()
    code, out = build(tmp_path / "c", "# Q\n\n" + clause("kk.match", "Match it " * 20))
    assert code != 0 and "179 characters; a summary is one line of at most 110" in out, out


@pytest.mark.parametrize("answer, clause, says", [
    ("yes", "kk.must-play", "the engine answers 'no' (kk.must-play), but the chapter says 'yes'"),
    ("no", "kk.draw", "the answers agree ('no'); the clause differs: the engine's answer rests on kk.must-play, "
                      "the chapter names kk.draw")])  # only the clause differs: said so
def test_a_wrong_expected_answer_fails_the_build_naming_file_line_and_clause(tmp_path, answer, clause, says):
    page = "# Q\n\nSome text.\n\n" + QUESTION.format(position=DEV, answer=answer, clause=clause)
    code, out = build(tmp_path, page)
    assert code != 0
    line = line_of(page, "{question}")
    errors = [l for l in out.splitlines() if "ERROR" in l or "WARNING" in l]
    assert len(errors) == 1 and f"index.md:{line}:" in errors[0], out
    assert says in errors[0]


def test_a_bad_position_or_question_is_one_line(tmp_path):
    page = "# Q\n\n" + QUESTION.format(position=DEV.replace("9Ch", "²Ch"), answer="no", clause="kk.must-play")
    code, out = build(tmp_path, page)
    assert code != 0 and re.search(r"index\.md:\d+: .*:position:.*²Ch", out), out
    page = "# Q\n\n" + QUESTION.format(position=DEV, answer="no", clause="").replace("may Dev draw", "may Zed draw")
    (tmp_path / "b").mkdir()
    code, out = build(tmp_path / "b", page)
    assert code != 0 and re.search(r"index\.md:\d+: .*:ask:.*Zed", out), out


def test_a_yes_or_no_answer_needs_a_question_a_player_answers_yes_or_no(tmp_path):
    """"Where does it go?" answered "Yes." reads as nonsense in print: the build fails, naming file and line."""
    page = "# Q\n\n" + QUESTION.format(position=DEV, answer="no", clause="kk.must-play").replace(
        "May Dev draw instead of playing?", "Dev would rather keep his cards: what does he do?")
    code, out = build(tmp_path, page)
    assert code != 0
    errors = [l for l in out.splitlines() if "ERROR" in l or "WARNING" in l]
    assert len(errors) == 1 and f"index.md:{line_of(page, '{question}')}:" in errors[0], out
    assert "'what does he do?'" in errors[0] and "yes or no" in errors[0]


def test_a_must_question_answered_no_says_what_else_the_player_may_do():
    """Issue 30: 'No, it is one of several moves allowed: Chitra adds the 10 ...' read as if she played it."""
    from engine import get_game
    from engine.examples.questions import ask

    state = get_game("traditional-ganjifa", rounds=1).position(
        "P1=MKr 9Ma; P2=RKr 4Ma; P3=10Kr 5Ma; lead=P1; moves=deni MKr, add RKr")
    answer = ask(state, "must Chitra add 10Kr", ["Asha", "Bela", "Chitra"])
    assert answer.verdict == "no"
    assert answer.text.startswith("No: it is allowed, not required") and \
        ". Also allowed: Chitra adds the 5 of Matsya" in answer.text  # issue 41: "it is allowed but not required; another move
    # is allowed too: Chitra adds the 5" read as if she must add the 5
    assert "10 of Krishna" not in answer.text


# --- a choice is told as the player knows it: the cards it would bring are not named before it is made ---

def _choices_naming_unseen(name: str, seeds=range(4), decisions: int = 40) -> list[str]:
    """Every listed choice ("what may NAME play") that names, by its name or notation, a card the player to
    move cannot see yet (not in their view, nor shown to them) and that the move would bring into their view."""
    import random

    from engine.cards import cards_in
    from engine.players.play import Chance
    from engine.protocol import default_names
    from engine.registry import game_class

    game = game_class(name)()
    names = default_names(game.players)
    deck = game.deck
    found, total = [], 0
    for seed in seeds:
        state, rng, chance, asked = game.start(seed), random.Random(seed), Chance(seed), 0
        while state.current_player is not None and asked < decisions:
            seat = state.current_player
            if seat >= 0:
                moves = state.legal_moves()
                asked += 1
                seen = cards_in(state.view(seat)) | set(state.visible_cards(seat))
                for move, text in ask(state, f"what may {names[seat]} play", names).moves:
                    after = state.copy()
                    after.apply(game.parse_move(move))
                    for card in cards_in(after.view(seat)) - seen:
                        if re.search(rf"(?<![\w-])({re.escape(deck.card_name(card))}|{re.escape(str(card))})(?![\w-])", text):
                            found.append(f"{name} seed {seed}: {text}")
                move = rng.choice(moves)
            else:
                move = chance.outcome(state)
            state.apply(move)
        assert asked == decisions or state.current_player is None, (name, seed, asked)
        total += asked
    assert total >= 10, (name, total)  # the games were played, and choices asked about
    return found


@pytest.mark.parametrize("name", ["shakti", "kendra-kari", "udvasa", "naqsh", "komi"])
def test_a_choice_never_names_the_cards_it_would_bring(name):
    assert _choices_naming_unseen(name) == []


def test_a_question_title_may_name_a_variant_in_italics(tmp_path):
    """A title's *variant* prints in italics, not with its asterisks (Udvasa's "Playing the variant *dealing*")."""
    from tests.test_directive_errors import build

    page = ("# T\n\n```{clause} kk.must-play\n:summary: The rule in a line.\nThe rule.\n```\n\n"
            ":::{question} In the *stock* variant, may Dev draw?\n:game: kendra-kari\n:options: players=4\n"
            ":position: ring=1:9Sh 2:4Sh 3:4Gh 4:- 5:- 6:- 7:9Ta; last=3; turn=P4; P1=3Ta 5Ba RGh 2Ch VSu; "
            "P2=2Sa 6Ch 10Qi 5Sh; P3=1Ba 7Su 3Qi 9Ch; P4=7Gh 4Ba 1Su 8Ch 3Sa; stock=60\n"
            ":names: Asha, Bela, Chitra, Dev\n:ask: may Dev draw\n:answer: no\n:clause: kk.must-play\n:picture: no\n:::\n")
    code, out = build(tmp_path, page)
    assert code == 0, out
    html = (tmp_path / "out" / "index.html").read_text()
    assert "<em>stock</em>" in html and "*stock*" not in html


def test_a_position_s_list_of_choices_names_no_card_a_move_would_bring(tmp_path):
    """A {position}'s "What Asha may do:" tells each move as a choice (the deck's four cards unnamed); the move
    played is then told in full, once made, with the cards it brought."""
    from engine import get_game
    from tests.test_directive_errors import build

    table = ("turn=P1; round=3; P1=2Ta 3Ta 4Ta 5Ta 6Ta 7Ta 9Ta RGh; P2=1Sa 1Sh 1Gh 1Su 1Ch 1Qi 9Ba VSh; "
             "P3=3Sa 5Sa 6Sa 2Gh 8Gh 10Ch VCh 4Su; P4=5Ch 6Ch 7Ch 2Qi RSh 3Ba 7Ba 10Gh; "
             "piles=1Ba 4Sh 7Sh 2Ch 9Su / 6Gh / 8Ta / 1Ta 10Ba 3Gh VBa 2Su")
    clauses = "".join(f"```{{clause}} {c}\n:summary: The rule in a line.\nThe rule.\n```\n\n"
                      for c in ("sk.deck", "sk.tops", "sk.bottoms", "sk.one-pile"))
    page = (f"# P\n\n{clauses}```{{position}}\n:game: shakti\n:names: Asha, Bela, Chitra, Dev\n:move: deck\n"
            f"{table}\n```\n")
    code, out = build(tmp_path, page)
    assert code == 0, out
    html = (tmp_path / "out" / "index.html").read_text()
    listed = html.split('<ul class="simple ganjifa-legal')[1].split("</ul>")[0] if '<ul class="simple ganjifa-legal' \
        in html else html.split("ganjifa-legal-intro")[1].split("</ul>")[0]
    drawn = get_game("shakti").position(table).deck[:4]
    deck = get_game("shakti").deck
    assert "draws the top four cards of the stock" in listed
    assert not any(deck.card_name(c) in listed for c in drawn), listed
    after = html.split("</ul>", 1)[1]
    assert all(deck.card_name(c) in after for c in drawn)  # told once played
