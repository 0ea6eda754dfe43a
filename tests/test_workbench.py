"""The designer's workbench (issue 20): a variant file outside the package, a fair comparison, and the command
line as people expect it."""

from __future__ import annotations

import csv
import io
import json
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from engine.examples import transcript as T
from engine.doors.cli import main
from engine.registry import game_class

ROOT = Path(__file__).resolve().parent.parent
VARIANT = ROOT / "tests" / "variants" / "two_card_komi.py"
SPEC = f"{VARIANT}:TwoCards"


def one_line(err: str) -> str:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


# --- a variant file outside the package ------------------------------------------------------------
def test_a_variant_file_is_a_game_by_its_path():
    cls = game_class(SPEC)
    assert cls.title == "Komi, two cards" and cls.spec == SPEC
    game = cls.from_text("players=3")
    assert all(len(h) == 2 for h in game.deal(1).hands)
    assert game_class(str(VARIANT)) is cls  # the file's one game class
    again = pickle.loads(pickle.dumps(game))  # as worker processes and clusters receive it
    assert type(again) is cls and again == game


@pytest.mark.parametrize("spec, words", [
    (f"{VARIANT}:Nothing", "no class 'Nothing'"),
    ("/nonexistent/my_kk.py:SevenCards", "not found"),
])
def test_a_bad_variant_is_one_line(capsys, spec, words):
    assert main(["simulate", spec, "--games", "10"]) == 2
    assert words in one_line(capsys.readouterr().err)


def test_a_broken_variant_file_names_its_line(tmp_path, capsys):
    bad = tmp_path / "broken.py"
    bad.write_text("from engine.games.komi.game import Komi\n\nclass Broken(Komi):\n    x = 1 / 0\n")
    assert main(["play", f"{bad}:Broken"]) == 2
    line = one_line(capsys.readouterr().err)
    assert f"{bad}:4:" in line and "ZeroDivisionError" in line


def test_a_variant_file_runs_through_play_simulate_and_compare(tmp_path, capsys):
    out = tmp_path / "two-card.txt"
    assert main(["play", SPEC, "--seed", "3", "players=3", "--write", str(out)]) == 0
    saved = T.read(out)
    assert saved.game == SPEC and all(len(h) == 2 for h in saved.deal.hands)
    assert main(["deals", str(out)]) == 0  # replays with the variant's rules
    capsys.readouterr()
    assert main(["simulate", SPEC, "players=3", "--games", "600", "--workers", "2"]) == 0
    text = capsys.readouterr().out
    assert "Komi, two cards" in text and "Player 1 money per game" in text
    report = tmp_path / "r.json"
    assert main(["compare", "komi", "players=3", "--games", "400", "--workers", "1", "--json", str(report),
                 "--variant", "", "--variant", f"game={SPEC}"]) == 0
    data = json.loads(report.read_text())
    assert [r["game"] for r in data["reports"]] == ["komi", SPEC]
    assert all("p_adjusted" in row for row in data["comparison"])


def test_an_installed_variant_is_found_by_its_entry_point(monkeypatch):
    import engine.variants as variants

    class Point:
        name, value = "two-card-komi", "two_card_komi:TwoCards"

        def load(self):
            return game_class(SPEC)

    monkeypatch.setattr(variants, "entry_points", lambda: {"two-card-komi": Point()})
    assert game_class("two-card-komi").title == "Komi, two cards"


def test_a_person_plays_a_variant_at_the_terminal_and_saves_it(tmp_path):
    from rich.console import Console

    from engine.doors.terminal import TerminalGame

    lines = iter(["", "1", f"save {tmp_path / 'v.txt'}", ""])
    game = game_class(SPEC).from_text("players=2 rounds=2")
    shown = io.StringIO()
    TerminalGame(game, 2, {0}, ["random", "random"], ["Asha", "Bela"], Console(file=shown, width=100),
                 ask=lambda prompt: next(lines)).run()
    saved = T.read(tmp_path / "v.txt")
    assert saved.game == SPEC and saved.result
    T.replay(saved)


# --- compare fairly ---------------------------------------------------------------------------------
def test_three_against_five_players_is_not_a_difference_of_fair_shares(capsys, tmp_path):
    """One third against one fifth is no difference: each seat's share is set against its fair share."""
    table = tmp_path / "t.csv"
    assert main(["compare", "kendra-kari", "--games", "1500", "--workers", "1", "--csv", str(table),
                 "--variant", "players=3", "--variant", "players=5"]) == 0
    text = capsys.readouterr().out
    win_lines = [line for line in text.splitlines() if "Player" in line and "wins" in line]
    assert len(win_lines) == 5 and not any("*" in line for line in win_lines)  # every seat shown, none starred
    assert "fair share" in text and "Holm" in text
    rows = list(csv.DictReader(io.StringIO(table.read_text())))
    assert list(rows[0]) == ["quantity", "variant", "seat", "value", "low", "high", "p_value", "p_adjusted",
                             "difference", "difference_low", "difference_high", "bots"]
    for row in rows:  # tidy: one number per cell
        for key in ("value", "low", "high", "p_value", "p_adjusted", "difference", "difference_low", "difference_high"):
            if row[key]:
                float(row[key])
    shares = [r for r in rows if r["quantity"] == "win share"]
    assert len(shares) == 8 and {r["seat"] for r in shares} == {"1", "2", "3", "4", "5"}


def test_the_comparison_is_paired_and_corrected():
    from engine import get_game
    from engine.study.compare import compare_rows, holm, paired_p
    from engine.study.simulate import simulate

    assert holm([0.01, 0.04, 0.03]) == [0.03, 0.06, 0.06]
    assert paired_p([1, 1, 1, 1]) == 0.0 and paired_p([0, 0, 0]) == 1.0
    a = simulate(get_game("kendra-kari", players=3), 300, 4, "random", per_game=True)
    same = simulate(get_game("kendra-kari", players=3, direction="anticlockwise"), 300, 4, "random", per_game=True)
    rows = compare_rows([a, same])  # only the wording differs: the same games, so no difference at all
    # every game alike in both columns: nothing to test, and no test counted in Holm's correction (issue 42)
    assert all(p is None for row in rows if row.measure != "win share over fair" for p in row.p_values[1:])
    other = simulate(get_game("kendra-kari", players=3), 300, 4, "heuristic", per_game=True)
    assert all(p is not None for row in compare_rows([a, other]) if row.measure == "moves per game"
               for p in row.p_values[1:])


def test_stakes_games_show_money_per_seat(capsys):
    assert main(["compare", "nakash", "players=3", "--games", "300", "--workers", "1",
                 "--variant", "ante=1", "--variant", "ante=3"]) == 0
    text = capsys.readouterr().out
    assert all(f"Player {s} money per game" in text for s in (1, 2, 3))
    assert "How often each rule comes into play, per variant" in text


def test_the_plot_is_drawn(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    svg = tmp_path / "p.svg"
    assert main(["compare", "komi", "--games", "200", "--workers", "1", "--plot", str(svg),
                 "--variant", "players=3", "--variant", "players=4"]) == 0
    assert svg.read_text().lstrip().startswith("<?xml") and "Game length" in svg.read_text()


def test_simulate_refuses_bots_that_do_not_fit(capsys):
    assert main(["simulate", "kendra-kari", "--games", "10", "--bots", "heuristic,random"]) == 2
    assert "2 bots (heuristic,random) for 4 players" in one_line(capsys.readouterr().err)


# --- the command line -------------------------------------------------------------------------------
def test_output_paths_are_checked_before_the_run(capsys, monkeypatch):
    import engine.study.simulate

    monkeypatch.setattr(engine.study.simulate, "simulate", lambda *a, **k: pytest.fail("the run started"))
    for flag in ("--json", "--csv", "--plot"):
        assert main(["simulate", "komi", "--games", "50", flag, "/nonexistent/r.out"]) == 2
        assert "does not exist" in one_line(capsys.readouterr().err)


@pytest.mark.parametrize("argv, words", [
    (["simulate", "kendra-kari", "--workers", "-3"], "--workers"),
    (["simulate", "kendra-kari", "--workers", "100000"], "--workers takes 1 to"),
    (["play", "kendra-kari", "--seed"], "--seed"),
    (["simulat", "komi"], "did you mean simulate?"),
    (["play", "kendra-karri"], "did you mean kendra-kari?"),
    (["info", "komy"], "did you mean komi?"),
])
def test_one_error_style_everywhere(capsys, argv, words):
    try:
        code = main(argv)
    except SystemExit as stop:
        code = stop.code
    assert code == 2
    line = one_line(capsys.readouterr().err)
    assert line.startswith("ganjifa: ") and words in line


def test_version_games_and_info(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0 and capsys.readouterr().out.startswith("ganjifa ")
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "kendra-kari" in out and "Kendra Kari" in out and "3-6 players" in out and "Mughal deck" in out
    assert main(["info", "kendra-kari"]) == 0
    out = capsys.readouterr().out
    assert "stock-out=end" in out and "choices: end, reshuffle" in out and "[kk.stock-out" in out


def test_every_command_and_option_has_help():
    import argparse

    from engine.doors import cli

    seen = {}

    class Spy(cli._Parser):
        def parse_known_args(self, args=None, namespace=None):
            seen["parser"] = self
            raise SystemExit(0)

    real = cli._Parser
    cli._Parser = Spy
    try:
        with pytest.raises(SystemExit):
            cli.main(["games"])
    finally:
        cli._Parser = real
    parser = seen["parser"]
    subs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in subs.choices.items():
        assert sub.description, name
        for action in sub._actions:
            if not isinstance(action, argparse._HelpAction):
                assert action.help, f"{name} {action.option_strings or action.dest}"


def test_play_takes_players_as_simulate_does(capsys):
    assert main(["play", "kendra-kari", "--players", "3", "--seed", "2"]) == 0
    assert "options: players=3" in capsys.readouterr().out


def test_a_closed_pipe_ends_quietly():
    run = subprocess.run(f"{sys.executable} -m engine.doors.cli games | head -1", shell=True, cwd=ROOT,
                         capture_output=True, text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert run.stderr == "" and run.stdout.count("\n") == 1


# --- ganjifa check ----------------------------------------------------------------------------------
def book_copy(tmp_path: Path) -> Path:
    """A copy of the book's sources (conf.py, index.md, rules/) in ``tmp_path / "book"``, to plant errors in."""
    import shutil

    book = tmp_path / "book"
    book.mkdir()
    shutil.copy(ROOT / "conf.py", book / "conf.py")
    shutil.copy(ROOT / "index.md", book / "index.md")
    shutil.copytree(ROOT / "rules", book / "rules", ignore=shutil.ignore_patterns("_*"))
    return book


def planted_book(tmp_path: Path) -> Path:
    """A copy of the book's sources with one error of each kind planted in the Komi chapter."""
    book = book_copy(tmp_path)
    chapter = book / "rules" / "komi.md"
    text = chapter.read_text(encoding="utf-8")
    text = text.replace(":answer: bet 1, bet 2, bet 3", ":answer: bet 1, bet 2", 1)  # a wrong answer
    text = text.replace("```{clause} km.bet\n", "This depends on {rule}`km.rounds` and on the [odds](#no-such-place).\n\n"
                        "```{clause} km.nonsense\nA rule the engine does not know.\n```\n\n```{clause} km.bet\n", 1)
    chapter.write_text(text, encoding="utf-8")
    deal = book / "rules" / "deals" / "komi-4p.txt"
    lines = deal.read_text(encoding="utf-8").split("\n")
    first = lines.index("---") + 2  # the first move's narration
    lines[first] += " (as the chapter once said)"
    deal.write_text("\n".join(lines), encoding="utf-8")
    return book


@pytest.mark.slow  # the fast tier (make check) leaves it to make test
def test_check_reports_a_planted_error_of_each_kind(tmp_path, capsys):
    book = planted_book(tmp_path)
    code = main(["check", "komi", "--root", str(book)])
    out = capsys.readouterr().out
    assert code == 1, out
    sections = {}
    current = None
    for line in out.splitlines():
        if line.startswith("  "):
            sections[current].append(line.strip())
        elif line.endswith(":") or "):" in line:
            current = line
            sections[current] = []
    text = "\n".join(f"{k}\n" + "\n".join(v) for k, v in sections.items())
    assert "Failing examples" in text and "the engine answers 'bet 1, bet 2, bet 3'" in text, out
    assert "Stale or broken golden deals" in text and "komi-4p.txt" in text, out
    assert "clauses without an example" in text and "km.players" in text, out
    assert "Clauses the engine does not know" in text and "km.nonsense" in text, out
    assert "Clauses cited before they are stated" in text and "km.rounds" in text, out
    assert "Broken references" in text and "no-such-place" in text, out
    assert "5 problems; 2 warnings" in out.splitlines()[-1]


def test_check_of_a_good_chapter_and_a_mistyped_one(capsys):
    assert main(["check", "komy"]) == 2
    assert "did you mean komi?" in one_line(capsys.readouterr().err)
