"""Examples that take their position from play (issue 30): a moment of a golden deal, or an earlier
example continued by moves; a position written beside one must be the same position."""

import pytest

from engine import NotationError, get_game
from engine.examples import transcript as T
from engine.examples.moments import difference, moment, play_on

from .test_directive_errors import GOLDEN, ROOT, build

DEALS = ROOT / "rules"
EKRANG = ("P1=VTa 3Ta 7Ta 10Su 6Ba; P2=9Ta 2Sh VBa 9Sa 9Su 3Gh; P3=1Ta 4Ta 8Ba 6Sh 2Su 4Gh; "
          "P4=2Ch 2Ba 5Qi 5Su 7Sh RSh; tricks=P1:4 P2:6 P3:5 P4:3; lead=P1; stage=phase1")
NAMES = ("Asha", "Bela", "Chitra", "Dev")


def test_a_moment_of_a_golden_deal_is_the_replayed_position():
    name = GOLDEN[0].relative_to(DEALS).as_posix()
    t = T.read(GOLDEN[0])
    replayed = T.replay(t)
    assert moment(f"{name}, move 5", DEALS).position() == replayed[4].state.position()
    assert moment(f"{name}, after move 1", DEALS).position() == replayed[0].state.position()
    assert moment(f"{name}, move 0", DEALS).position() == T.initial_state(t).position()
    with pytest.raises(NotationError, match=f"has {len(t.steps)} moves, not 9999"):
        moment(f"{name}, move 9999", DEALS)
    with pytest.raises(NotationError, match="no golden deal"):
        moment("deals/none.txt, move 3", DEALS)
    with pytest.raises(NotationError, match="'deals/FILE.txt, move N'"):
        moment(f"{name} 3", DEALS)


def test_play_on_plays_moves_and_names_an_illegal_one_with_its_clause():
    state = get_game("ekrang", players=4).position(EKRANG)
    after, played = play_on(state, "VTa; 9Ta; 1Ta")
    assert [seat for seat, _ in played] == [0, 1, 2] and after.current_player == 3
    assert state.current_player == 0  # left as it was
    with pytest.raises(NotationError) as err:
        play_on(state, "VTa; 2Sh")
    assert err.value.clause == "ek.follow"


def test_difference_names_the_first_thing_that_differs():
    ek = get_game("ekrang", players=4)
    state = ek.position(EKRANG)
    after, _ = play_on(state, "VTa; 9Ta; 1Ta")
    written = ek.position(EKRANG.replace("P1=VTa ", "P1=").replace("P2=9Ta ", "P2=").replace("P3=1Ta ", "P3=")
                          + "; trick=P1:VTa, P2:9Ta, P3:1Ta")
    assert difference(written, after, NAMES) is None
    swapped = ek.position(EKRANG.replace("P1=VTa ", "P1=").replace("P2=9Ta ", "P2=").replace("P3=1Ta 4Ta", "P3=1Ta")
                          + "; trick=P1:VTa, P2:9Ta, P3:4Ta")
    assert difference(swapped, after, NAMES) == "Chitra's hand differs: has 1Ta written, holds 4Ta in play"
    assert difference(state, after, NAMES) == "written, Asha is to play; in play, Dev"


QUESTION = ("```{{question}} {title}\n:game: ekrang\n:options: players=4\n:names: Asha, Bela, Chitra, Dev\n{extra}"
            ":ask: whose turn\n:answer: {answer}\n:picture: no\n```\n\n")


def test_examples_continue_one_another_and_a_wrong_sequence_fails_with_file_and_line(tmp_path):
    first = QUESTION.format(title="Whose lead?", extra=f":label: start\n:position: {EKRANG}\n", answer="Asha")
    later = QUESTION.format(title="And after three cards?", extra=":continues: start\n:moves: VTa; 9Ta; 1Ta\n",
                            answer="Dev")
    (tmp_path / "good").mkdir()
    code, out = build(tmp_path / "good", "# Ekrang\n\n" + first + later)
    assert code == 0, out
    (tmp_path / "bad").mkdir()  # Chitra's card changes between the two examples of one deal
    written = ":position: " + (EKRANG.replace("P1=VTa ", "P1=").replace("P2=9Ta ", "P2=")
                               .replace("P3=1Ta 4Ta", "P3=1Ta") + "; trick=P1:VTa, P2:9Ta, P3:4Ta") + "\n"
    page = "# Ekrang\n\n" + first + later.replace(":moves:", written + ":moves:")
    code, out = build(tmp_path / "bad", page)
    line = page.splitlines().index("```{question} And after three cards?") + 1
    assert code != 0 and f"index.md:{line}: ERROR: {{question}}" in out, out
    assert "the position written is not the one play reaches (Chitra's hand differs: has 1Ta written, holds 4Ta in " \
           "play)" in out, out
    (tmp_path / "unknown").mkdir()
    code, out = build(tmp_path / "unknown", "# Ekrang\n\n" + later)
    assert code != 0 and "'start': no earlier example of this page has this label (labels so far: none)" in out, out


def test_a_position_from_a_golden_deal(tmp_path):
    page = ("# KK\n\n```{position}\n:game: kendra-kari\n:options: players=3\n:from: deals/x.txt, move 6\n"
            ":legal: no\n```\n")
    t = T.read(GOLDEN[0])
    if dict(t.options).get("players") != "3":
        page = page.replace("players=3", f"players={dict(t.options).get('players', 3)}")
    (tmp_path / "a").mkdir()
    code, out = build(tmp_path / "a", page, {"deals/x.txt": GOLDEN[0].read_text()})
    assert code == 0, out
    (tmp_path / "b").mkdir()  # a deal of another game (here: other options) is refused
    players = dict(t.options).get("players", "3")
    other = page.replace(f"players={players}", f"players={4 if players == '3' else 3}")
    code, out = build(tmp_path / "b", other, {"deals/x.txt": GOLDEN[0].read_text()})
    assert code != 0 and "a deal of Kendra Kari (players=" in out and "not of Kendra Kari (players=" in out, out
