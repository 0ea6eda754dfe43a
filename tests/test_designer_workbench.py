"""The designer's and the rules editor's workbench (issue 31): no variant silently does nothing, labels follow the
options, fairness and events tested, rule use counted, output checked before the run, `check` green."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.doors.cli import main
from tests.test_workbench import book_copy

ROOT = Path(__file__).resolve().parent.parent
VARIANT = ROOT / "tests" / "variants" / "two_card_komi.py"
SPEC = f"{VARIANT}:TwoCards"

THREE_CARD_NAKASH = '''\
from dataclasses import dataclass

from engine.games.nakash.game import Nakash
from engine.games.nakash.state import NakashState


class ThreeCardState(NakashState):
    HAND_SIZE = 3  # dealt three cards; but Nakash scores a hand of two


@dataclass(frozen=True)
class ThreeCards(Nakash):
    """Nakash with three cards."""

    title = "Nakash, three cards"
    STATE = ThreeCardState
'''


def one_line(err: str) -> str:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


# --- a change that changes nothing -------------------------------------------------------------------------
@pytest.fixture
def three_cards(tmp_path) -> str:
    path = tmp_path / "three_card_nakash.py"
    path.write_text(THREE_CARD_NAKASH, encoding="utf-8")
    return f"{path}:ThreeCards"


def test_a_variant_file_that_plays_like_its_game_is_refused(three_cards, capsys, monkeypatch):
    import engine.study.simulate

    monkeypatch.setattr(engine.study.simulate, "simulate", lambda *a, **k: pytest.fail("the run started"))
    assert main(["compare", "nakash", "--games", "300", "--workers", "1",
                 "--variant", "", "--variant", f"game={three_cards}"]) == 2
    line = one_line(capsys.readouterr().err)
    assert "plays exactly like Nakash" in line and "changes nothing" in line
    assert main(["simulate", three_cards, "--games", "50"]) == 2
    assert "plays exactly like Nakash" in one_line(capsys.readouterr().err)
    assert main(["play", three_cards, "--seed", "3"]) == 2
    assert "plays exactly like Nakash" in one_line(capsys.readouterr().err)


def test_an_option_the_variant_file_overrides_is_refused(tmp_path, capsys):
    """TwoCards sets the hand size itself: hand-size=4 would be recorded but two cards dealt."""
    out = tmp_path / "t.txt"
    assert main(["play", SPEC, "players=3", "hand-size=4", "--write", str(out)]) == 2
    line = one_line(capsys.readouterr().err)
    assert "hand-size=4 changes nothing" in line and not out.exists()
    assert main(["play", SPEC, "players=3", "--seed", "2"]) == 0  # the variant itself changes the game
    assert main(["play", "komi", "players=3", "hand-size=4", "--seed", "2"]) == 0  # the book's game reads it


def test_compare_flags_a_variant_that_plays_every_game_alike(capsys):
    assert main(["compare", "kendra-kari", "--games", "200", "--workers", "1",
                 "--variant", "", "--variant", "direction=anticlockwise"]) == 0
    err = capsys.readouterr().err
    assert "'direction=anticlockwise' plays exactly like" in one_line(err) and "every one of the 200 games" in err


def test_the_game_print_tells_games_apart():
    from engine import get_game
    from engine.study.simulate import simulate

    a = simulate(get_game("komi", players=3), 200, 1, "random", per_game=True)
    b = simulate(get_game("komi", players=3, hand_size=4), 200, 1, "random", per_game=True)
    same = simulate(get_game("komi", players=3), 200, 1, "random", per_game=True)
    assert len(a.outcomes.prints) == 200 and a.outcomes.prints == same.outcomes.prints
    assert a.outcomes.prints != b.outcomes.prints


# --- labels from the options in force ------------------------------------------------------------------------
@pytest.mark.parametrize("game, options, said, not_said", [
    ("naqsh", "stand-from=12", "a player stands on 12, 13, 14, 15 or 16", "a player stands on 14, 15 or 16"),
    ("nakash", "limit=15", "over 15 (16, 17, 20 or 22, not a pair)", "over 17 (20 or 22"),
    ("komi", "hand-size=4", "four with four cards a hand", "three with three cards a hand"),
])
def test_event_labels_follow_the_options(capsys, monkeypatch, game, options, said, not_said):
    monkeypatch.setenv("COLUMNS", "400")  # a wide table: each label on one line
    assert main(["simulate", game, options, "--games", "100", "--workers", "1"]) == 0
    text = " ".join(capsys.readouterr().out.replace("│", " ").split())
    assert said in text and not_said not in text


def test_a_naqsh_move_refused_names_the_totals_in_force():
    from engine import get_game
    from engine.errors import NotationError

    with pytest.raises(NotationError, match=r"stand \(on 12, 13, 14, 15 or 16\)"):
        get_game("naqsh", stand_from=12).parse_move("foo")


# --- fairness and events tested ------------------------------------------------------------------------------
def test_every_seat_is_tested_against_its_fair_share_and_events_per_game(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")  # a wide table: each label on one line
    table, report = tmp_path / "c.csv", tmp_path / "c.json"
    assert main(["compare", "kendra-kari", "--games", "1500", "--workers", "1", "--csv", str(table),
                 "--json", str(report), "--variant", "bots=heuristic,random,random,random",
                 "--variant", "bots=random"]) == 0
    text = capsys.readouterr().out
    fair = [line for line in text.splitlines() if "over the fair" in line and line.startswith("│")]
    assert len(fair) == 4 and fair[0].split("│")[2].rstrip().endswith("*")  # seat 1's heuristic player: marked
    assert "Per game: a player cannot play and draws" in " ".join(text.replace("│", " ").split())
    rows = list(csv.DictReader(io.StringIO(table.read_text())))
    over = [r for r in rows if r["quantity"] == "win share over fair"]
    assert len(over) == 8 and all(r["p_value"] and r["p_adjusted"] and r["low"] and r["high"] for r in over)
    draws = [r for r in rows if r["quantity"] == "event per game draw"]
    assert len(draws) == 2 and draws[1]["p_value"] and draws[1]["difference_low"]
    for r in rows:
        if r["p_adjusted"]:
            assert float(r["p_adjusted"]) > 0 or float(r["p_value"]) == 0, r  # in full: a tiny p is not 0
    data = json.loads(report.read_text())
    for row in data["comparison"]:
        assert all(v is None or isinstance(v, float) for v in row["values"])  # numbers, not text
    seat1 = next(row for row in data["comparison"] if row["measure"] == "win share" and row["seat"] == 1)
    assert seat1["p_adjusted"][1] < 1e-6 and seat1["low"][0] < seat1["values"][0] < seat1["high"][0]


def test_holm_keeps_a_tiny_p_value():
    from engine.study.compare import holm

    assert holm([1e-20, 0.5]) == [2e-20, 0.5]


def test_simulate_tests_each_seat_against_its_fair_share(capsys):
    assert main(["simulate", "kendra-kari", "--games", "1000", "--workers", "1",
                 "--bots", "heuristic,random,random,random"]) == 0
    text = capsys.readouterr().out
    line = next(line for line in text.splitlines() if "Player 1 wins" in line)
    assert line.rstrip(" │").endswith("*") and "fair share" in text


# --- rule use ----------------------------------------------------------------------------------------------
def test_a_rule_that_forbids_is_counted_though_no_move_cites_it(capsys):
    from engine import get_game
    from engine.study.simulate import rule_use

    tried, acted = rule_use(get_game("kendra-kari"), 1, "random", 30)
    assert tried == 30 and acted["kk.must-play"] == 30 and acted["kk.deal"] == 30 and acted["kk.opposite"] > 0
    assert main(["simulate", "kendra-kari", "--games", "100", "--workers", "1"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "kk.must-play" in line)
    assert "100%" in row


# --- which bots played --------------------------------------------------------------------------------------
def test_every_report_says_which_bots_played(tmp_path, capsys):
    out = tmp_path / "s.csv"
    assert main(["simulate", "komi", "--games", "100", "--workers", "1", "--csv", str(out)]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "bots: random (each move chosen at random" in text
    assert {r["bots"] for r in csv.DictReader(io.StringIO(out.read_text()))} == {"random"}
    assert main(["compare", "komi", "--games", "100", "--workers", "1", "--variant", "",
                 "--variant", "bots=heuristic"]) == 0
    assert "Bots: heuristic (the careful player" in " ".join(capsys.readouterr().out.split())


# --- output checked before the run -------------------------------------------------------------------------
@pytest.mark.parametrize("argv, words", [
    (["--plot", "x.txt"], "--plot x.txt: end the file's name with the picture's format"),
    (["--plot", "plotnoext"], "--plot plotnoext: end the file's name"),
    (["--workers", "0"], "--workers takes 1 to"),
])
def test_bad_output_and_workers_are_refused_before_the_run(capsys, monkeypatch, argv, words):
    import engine.study.simulate

    monkeypatch.setattr(engine.study.simulate, "simulate", lambda *a, **k: pytest.fail("the run started"))
    assert main(["simulate", "komi", "--games", "50", *argv]) == 2
    assert words in one_line(capsys.readouterr().err)


def test_a_reader_that_stops_early_still_gets_the_csv(tmp_path):
    run = subprocess.run(f"{sys.executable} -m engine.doors.cli compare komi --games 100 --workers 1 --variant players=3 "
                         "--variant players=4 --csv c.csv | head -3", shell=True, cwd=tmp_path, capture_output=True,
                         text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert run.stderr == "" and run.stdout.count("\n") == 3
    rows = list(csv.DictReader(io.StringIO((tmp_path / "c.csv").read_text())))
    assert rows and rows[0]["quantity"] == "win share"


# --- ganjifa check ------------------------------------------------------------------------------------------
def test_check_of_an_untouched_chapter_is_green_and_warns(capsys):
    assert main(["check", "komi"]) == 0
    out = capsys.readouterr().out
    assert "nothing wrong" in out.splitlines()[-1] and "warning" in out
    assert "km.rotate" not in out  # the match the chapter shows cites it
    assert main(["check", "komi", "--strict"]) == 1


@pytest.mark.slow
def test_a_chapter_checked_alone_may_mention_words_another_chapter_defines(tmp_path, capsys):
    """Nakash mentions "stake" and "dealer", which Komi's chapter defines: checked alone it is green; a word that
    no chapter defines is still an error."""
    assert main(["check", "nakash"]) == 0
    assert "defined nowhere" not in capsys.readouterr().out
    book = book_copy(tmp_path)
    chapter = book / "rules" / "nakash.md"
    chapter.write_text(chapter.read_text(encoding="utf-8").replace("{mention}`stake`", "{mention}`stakeholder`", 1),
                       encoding="utf-8")
    assert main(["check", "nakash", "--root", str(book)]) == 1
    assert "'stakeholder' is defined nowhere in the book" in capsys.readouterr().out


@pytest.mark.slow  # the fast tier (make check) leaves it to make test
def test_a_clause_that_alone_differs_is_said_so(tmp_path, capsys):
    book = book_copy(tmp_path)
    chapter = book / "rules" / "komi.md"
    text = chapter.read_text(encoding="utf-8")
    chapter.write_text(text.replace(":answer: bet 1, bet 2, bet 3\n:clause: km.bet",
                                    ":answer: bet 1, bet 2, bet 3\n:clause: km.deal", 1), encoding="utf-8")
    assert main(["check", "komi", "--root", str(book)]) == 1
    out = capsys.readouterr().out
    assert "the answers agree ('bet 1, bet 2, bet 3'); the clause differs" in out and "but the chapter says" not in out


# --- positions --------------------------------------------------------------------------------------------
def test_info_lists_the_position_keys_with_an_example(capsys):
    assert main(["info", "komi"]) == 0
    out = capsys.readouterr().out
    keys = next(line for line in out.splitlines() if line.strip().startswith("keys:"))
    assert all(k in keys for k in ("dealer", "turn", "P1..Pn", "bets", "balance"))
    example = next(line for line in out.splitlines() if line.strip().startswith("example:"))
    from engine import get_game

    get_game("komi").position(example.split("example:", 1)[1].strip())  # the example reads


def test_a_position_without_turn_is_quoted_whole():
    from engine import get_game
    from engine.errors import NotationError

    text = "dealer=P1; chance=deal; round=1; balance=0 0 0 0; P1=8Sh 2Ta 6Gh; P2=8Sa 3Ba 5Qi"
    with pytest.raises(NotationError) as err:
        get_game("komi").position(text)
    assert repr(text) in str(err.value) and "'turn='" in str(err.value)


# --- make check --------------------------------------------------------------------------------------------
SPY = '''\
def pytest_configure(config):
    import tests.book_build as book_build

    def start(folder):
        print("the book's build started", flush=True)
        return False

    book_build.start = start
'''


def test_make_check_builds_no_book(tmp_path):
    """`make check` (-m "not slow") deselects every test that reads the real book: it must not build one in the
    background (a whole site and PDF, competing for the cores with the tests for the whole run)."""
    (tmp_path / "ganjifa_spy.py").write_text(SPY, encoding="utf-8")
    env = {"PYTHONPATH": f"{ROOT}:{tmp_path}", "PATH": "/usr/bin:/bin", "GANJIFA_TEST_RUN": "spy-" + tmp_path.name}

    def run(*args):
        return subprocess.run([sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", "-p", "ganjifa_spy",
                               "-n", "0", *args], cwd=ROOT, capture_output=True, text=True, env=env).stdout

    assert "the book's build started" not in run("-m", "not slow", "tests/test_site.py", "tests/test_chapters_read.py",
                                                  "--co")
    assert "the book's build started" in run("--co", "tests/test_site.py")  # a run with the book's tests builds it


def test_make_check_for_one_game_checks_its_chapter_and_runs_the_tests_that_name_it():
    """`make check GAME=kendra-kari`: the chapter (`ganjifa check`), then the fast tier's tests whose names or
    folders name the game (hyphens or underscores); plain `make check` runs the whole fast tier."""
    one = subprocess.run(["make", "-n", "check", "GAME=kendra-kari"], cwd=ROOT, capture_output=True, text=True).stdout
    assert "ganjifa check kendra-kari" in one
    assert '-m "not slow" -k "kendra-kari or kendra_kari"' in one
    every = subprocess.run(["make", "-n", "check"], cwd=ROOT, capture_output=True, text=True).stdout
    assert "ganjifa check" not in every and '-m "not slow"' in every and " -k " not in every


KOMI_EDGE = '''"""The dealer's edge in Komi: what the dealers won, for every stake bet against them, over a game."""


def dealer_edge(state):
    won = staked = 0
    for record in state.history:
        data = record[3]
        if data and data[0] == "show":
            _, scores, pay, bets, dealer, *_ = data
            won += pay[dealer]
            staked += sum(bets)
    return won / staked if staked else None
'''


def test_a_designers_own_measure_is_compared_like_the_others(tmp_path, capsys):
    """Issue 43: --measure FILE.py:FUNCTION (a function of a finished game) is a row of the comparison: its mean a
    game with its interval, each variant tested against the first game by game (the paired difference), in Holm's
    correction with the table's other tests; a bad file or function is one line."""
    import json

    from engine.study.compare import compare_rows
    from engine.study.measures import load, measure_games
    from engine.registry import get_game
    from engine.study.simulate import simulate

    path = tmp_path / "komi_measures.py"
    path.write_text(KOMI_EDGE, encoding="utf-8")
    out = tmp_path / "c.json"
    assert main(["compare", "komi", "--games", "200", "--workers", "1", "--json", str(out),
                 "--variant", "ties=push", "--variant", "ties=dealer", "--measure", f"{path}:dealer_edge"]) == 0
    printed = capsys.readouterr().out
    assert "dealer_edge" in printed and "komi_measures.py" in printed
    row = next(r for r in json.loads(out.read_text())["comparison"] if r["label"].startswith("dealer_edge"))
    push, dealer = row["values"]
    # the same games and bets: ties now pay the dealer, so the edge rises by the ties' share of the stakes
    assert dealer > push and row["p_values"][1] < 0.05 and row["p_adjusted"][1] >= row["p_values"][1]
    # the row's numbers are the measure's own, game by game
    m = load(f"{path}:dealer_edge")
    game = get_game("komi", ties="dealer")
    values = [v for v in measure_games(m, game, 1, ("random",), 200) if v is not None]
    assert abs(dealer - sum(values) / len(values)) < 1e-12
    reports = [simulate(get_game("komi", ties=t), 50, 1, ("random",), per_game=True) for t in ("push", "dealer")]
    rows = compare_rows(reports, measures=[("edge", [measure_games(m, r.game, 1, ("random",), 50) for r in reports])])
    assert rows[-1].label == "edge, per game" and rows[-1].differences[1][0] > 0
    for spec, said in ((f"{tmp_path}/none.py:dealer_edge", "is not found"), (f"{path}:edge", "has no function 'edge'"),
                       ("komi_measures:dealer_edge", "write FILE.py:FUNCTION")):
        assert main(["compare", "komi", "--games", "20", "--variant", "ties=push", "--variant", "ties=dealer",
                     "--measure", spec]) == 2
        assert said in one_line(capsys.readouterr().err)
