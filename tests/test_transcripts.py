"""Golden transcripts: every file in rules/deals replays through the current engine, line by line."""

from pathlib import Path

import pytest

from engine.examples import transcript as T
from engine.examples.transcript import TranscriptError

DEALS = sorted((Path(__file__).resolve().parent.parent / "rules" / "deals").glob("*.txt"))


def test_there_are_golden_deals():
    games = {T.read(p).game for p in DEALS}
    assert "kendra-kari" in games
    assert len([p for p in DEALS if T.read(p).game == "kendra-kari"]) >= 2


@pytest.mark.parametrize("path", DEALS, ids=lambda p: p.name)
def test_golden_deal_replays(path):
    t = T.read(path)
    steps = T.replay(t, snapshots=False)
    assert len(steps) == len(t.steps) > 0
    assert t.result is not None  # golden games are played to the end
    assert [r.step.narration for r in steps] == [s.narration for s in t.steps]


@pytest.mark.parametrize("path", DEALS, ids=lambda p: p.name)
def test_golden_deal_is_up_to_date(path):
    assert T.regenerate([path], out=lambda line: None) == 0


@pytest.mark.parametrize("path", DEALS, ids=lambda p: p.name)
def test_text_round_trips(path):
    text = path.read_text(encoding="utf-8")
    t = T.parse(text, path)
    assert T.dumps(t) == text
    assert T.parse(T.dumps(t)) == t


def _kk_file():
    return next(p for p in DEALS if T.read(p).game == "kendra-kari")


def test_regenerate_detects_a_change(tmp_path):
    src = _kk_file()
    copy = tmp_path / src.name
    lines = src.read_text(encoding="utf-8").splitlines(keepends=True)
    n = lines.index("---\n") + 2  # the first narration line
    lines[n] = "  Somebody does something else.\n"
    copy.write_text("".join(lines), encoding="utf-8")
    said = []
    assert T.regenerate([copy], out=said.append) == 1
    assert any("differs" in s for s in said)
    assert any("Somebody does something else." in s for s in said)
    # writing puts it right again, and the file then equals the golden one
    assert T.regenerate([copy], write=True, out=said.append) == 0
    assert copy.read_text(encoding="utf-8") == src.read_text(encoding="utf-8")
    assert T.regenerate([copy], out=said.append) == 0


def test_replay_reports_a_changed_narration_with_its_line(tmp_path):
    src = _kk_file()
    lines = src.read_text(encoding="utf-8").splitlines(keepends=True)
    n = next(i for i, line in enumerate(lines) if line.startswith("  ") and "[" in line and i > 12)
    lines[n] = lines[n].replace("[", "(", 1)
    bad = tmp_path / "narration.txt"
    bad.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(TranscriptError) as info:
        T.replay(T.read(bad))
    assert info.value.line == n + 1
    assert str(info.value).startswith(f"{bad}:{n + 1}: ")
    assert "narration differs" in str(info.value)


def _illegal_copy(tmp_path):
    """A copy of a golden file whose first played card is replaced by a draw (or an unheld card)."""
    src = _kk_file()
    t = T.read(src)
    game, names, state = T.start(t)
    for step in t.steps:
        for wrong in ("draw", "1Sa", "1Ta", "2Sh"):
            try:
                state.check(game.parse_move(wrong))
            except ValueError as err:
                lines = src.read_text(encoding="utf-8").splitlines(keepends=True)
                lines[step.line - 1] = f"{step.number} {step.player}: {wrong}\n"
                bad = tmp_path / "illegal.txt"
                bad.write_text("".join(lines), encoding="utf-8")
                return bad, step, err.clause
        state.apply(game.parse_move(step.move))
    raise AssertionError("no illegal move found to plant")


def test_illegal_move_names_file_line_and_clause(tmp_path):
    bad, step, clause = _illegal_copy(tmp_path)
    with pytest.raises(TranscriptError) as info:
        T.replay(T.read(bad))
    err = info.value
    assert (err.path, err.line, err.clause) == (str(bad), step.line, clause)
    assert f"{bad}:{step.line}:" in str(err) and clause in str(err)
    assert T.regenerate([bad], out=lambda s: None) == 1


@pytest.mark.parametrize("change, line, words", [
    (lambda s: s.replace("ganjifa-transcript 1", "ganjifa-transcript 9"), 1, "version 9"),
    (lambda s: s.replace("game: kendra-kari", "game: snap"), 2, "unknown game 'snap'"),
    (lambda s: s.replace("options: players=", "options: colour=red players="), 3, "no option 'colour'"),
    (lambda s: s.replace("options: players=4", "options: players=9"), 3, "players=9"),
    (lambda s: s.replace("seed: ", "sed: "), 4, "bad header line"),
])
def test_bad_header_names_file_and_line(tmp_path, change, line, words):
    src = next(p for p in DEALS if T.read(p).game == "kendra-kari" and "players=4" in p.read_text())
    bad = tmp_path / "bad.txt"
    bad.write_text(change(src.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(TranscriptError) as info:
        T.replay(T.read(bad))
    assert info.value.line == line
    assert str(info.value).startswith(f"{bad}:{line}: ")
    assert words in str(info.value)


def test_stored_deal_must_be_the_seeds_deal(tmp_path):
    src = _kk_file()
    text = src.read_text(encoding="utf-8")
    t = T.read(src)
    seed_line = f"seed: {t.seed}\n"
    bad = tmp_path / "seed.txt"
    bad.write_text(text.replace(seed_line, f"seed: {t.seed}1\n"), encoding="utf-8")
    with pytest.raises(TranscriptError) as info:
        T.replay(T.read(bad))
    assert info.value.line == t.line_of("deal")
    assert "not the deal of seed" in str(info.value)


def test_play_is_deterministic_and_round_trips():
    a = T.play("kendra-kari", 7, "heuristic", ["A", "B", "C", "D"])
    b = T.play("kendra-kari", 7, "heuristic", ["A", "B", "C", "D"])
    assert a == b
    assert T.parse(T.dumps(a)) == a
    assert len(T.replay(a, snapshots=False)) == len(a.steps)


def test_hand_made_transcript_is_renarrated(tmp_path):
    played = T.play("kendra-kari", 11, "random")
    bare = T.Transcript(played.game, played.options, None, (), None, played.deal,
                        tuple(T.Step(s.number, s.player, s.move, ()) for s in played.steps[:5]), None)
    path = tmp_path / "hand.txt"
    T.write(bare, path)
    assert T.regenerate([path], out=lambda s: None) == 1
    assert T.regenerate([path], write=True, out=lambda s: None) == 0
    again = T.read(path)
    assert [s.narration for s in again.steps] == [s.narration for s in played.steps[:5]]
    assert again.result is None and again.bots is None
    assert len(T.replay(again)) == 5


def test_cli_deals_check(capsys):
    from engine.doors.cli import main

    assert main(["deals", *map(str, DEALS)]) == 0
    assert "same" in capsys.readouterr().out


@pytest.mark.parametrize("path", [p for p in DEALS if p.name.startswith("kendra-kari")], ids=lambda p: p.name)
def test_kendra_kari_examples_stay_instructive(path):
    """40-90 moves with a bridge, a two-card turn and a drawn card played at once (else pick another seed)."""
    steps = T.replay(T.read(path), snapshots=False)
    cited = [set(r.record.clauses) for r in steps]
    assert 40 <= len(steps) <= 90
    assert any("kk.bridge" in c for c in cited)
    assert any("kk.two-card" in c for c in cited)
    assert any(str(r.record.move) == "draw" and r.record.positions for r in steps)
    assert any("kk.out" in c for c in cited)


def test_guru_ganjifa_transcripts_join_adds_and_mark_forced_moves():
    path = next(p for p in DEALS if p.name == "guru-ganjifa-4p.txt")
    t = T.read(path)
    steps = T.replay(t, snapshots=False)
    assert any(r.step.move.startswith("add ") and len(r.step.move.split()) > 2 for r in steps)
    for a, b in zip(t.steps, t.steps[1:]):  # a player's adds in a row are one line
        assert not (a.player == b.player and a.move.startswith("add") and b.move.startswith("add")), a
    called = [r for r in steps if "as called" in r.step.narration[0] and "not to double" not in r.step.narration[0]]
    assert called and all(r.forced for r in called)
    assert not any(r.forced for r in steps if r.step.move.startswith("deni"))  # a Deni is always a choice
    assert T.dumps(T.rebuild(t)) == path.read_text(encoding="utf-8")


def test_joining_adds_keeps_the_game():
    from engine.games.guru_ganjifa import GuruGanjifa

    gg = GuruGanjifa(players=3)
    t = T.play(gg, 11, "random")
    assert t.result and T.replay(t, snapshots=False)  # the joined moves replay to the stated result
    one_by_one = gg.start(11)
    joined = T.initial_state(t)
    for step in t.steps:
        record = joined.apply(gg.parse_move(step.move))
        for card in record.move.cards if record.move.kind == "add" else ():
            one_by_one.apply(f"add {card}")
        if record.move.kind != "add":
            one_by_one.apply(record.move)
        assert (str(one_by_one), one_by_one.current_player) == (str(joined), joined.current_player)
    assert one_by_one.result() == joined.result()


def test_cli_play_writes_the_golden_deal(tmp_path, capsys):
    from engine.doors.cli import main

    out = tmp_path / "x.txt"
    args = ["play", "guru-ganjifa", "--seed", "270", "players=4", "--names", "Asha,Bela,Chitra,Dev", "--write", str(out)]
    assert main(args) == 0
    golden = next(p for p in DEALS if p.name == "guru-ganjifa-4p.txt")
    assert out.read_text(encoding="utf-8") == golden.read_text(encoding="utf-8")
    assert main(["play", "guru-ganjifa", "--names", "Asha,Bela", "players=4"]) == 2
    assert "2 names for 4 players" in capsys.readouterr().err


def test_a_kendra_kari_game_that_reshuffled_shows_chance_and_replays(tmp_path):
    """Chance is a player: the reshuffle is a move line by 'chance' in the transcript, and replays exactly."""
    from engine import CHANCE, get_game

    game = get_game("kendra-kari", players=3, stock_out="reshuffle")
    t = T.play(game, 4, "heuristic", ["Asha", "Bela", "Chitra"])
    text = T.dumps(t)
    assert "options: players=3 stock-out=reshuffle" in text
    chance = [s for s in t.steps if s.player == "chance"]
    assert len(chance) >= 1 and chance[0].move.startswith("shuffle ")
    assert chance[0].narration[0].startswith("The stock is empty and the next player must draw, so the ")
    path = tmp_path / "reshuffled.txt"
    T.write(t, path)
    again = T.read(path)
    assert again == t
    replayed = T.replay(again)
    assert [r.record.player for r in replayed].count(CHANCE) == len(chance)
    assert not replayed[chance[0].number - 1].forced  # chance's steps are never "forced" moves
    # the stored chance step is what is replayed: change the new stock's order and the game changes
    line = f"{chance[0].number} chance: {chance[0].move}"
    first, second = chance[0].move.split()[1:3]
    tampered = text.replace(line, line.replace(f"shuffle {first} {second}", f"shuffle {second} {first}", 1))
    with pytest.raises(T.TranscriptError) as err:
        T.replay(T.parse(tampered, "tampered.txt"))
    assert "tampered.txt:" in str(err.value)
