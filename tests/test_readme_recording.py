"""The README's terminal recording of a whole Traditional Ganjifa deal (issue 31) is what the terminal shows
today: the person in seat 1 types what the careful player would, the other seats are careful players too.
Regenerate it with ``python -m tests.test_readme_recording`` after a change to the terminal or the game."""

import io
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
START, END = "<!-- recording: traditional-ganjifa seed 3 -->", "<!-- /recording -->"
COMMAND = "ganjifa play traditional-ganjifa --human 1 --bots heuristic --seed 3 rounds=1"


def recording() -> str:
    """Everything the terminal shows for one whole deal, with the lines the person types."""
    from rich.console import Console

    from engine.registry import game_class
    from engine.doors.terminal import CAST, TerminalGame, parse_humans

    out = io.StringIO()
    game = game_class("traditional-ganjifa").from_text("rounds=1")
    table = None

    def ask(prompt: str) -> str:
        out.write(prompt)
        state = table.state
        line = "quit" if state.current_player is None else str(table.bots[state.current_player].choose(state.copy()))
        out.write(line + "\n")
        return line

    table = TerminalGame(game, 3, parse_humans("1", 3), ["heuristic"] * 3, CAST[:3],
                         Console(file=out, width=100, color_system=None), ask=ask)
    assert table.run() == 0
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines())


def block(text: str) -> str:
    return f"{START}\n```console\n$ {COMMAND}\n{text}\n```\n{END}"


def test_the_readme_recording_is_what_the_terminal_shows():
    readme = README.read_text(encoding="utf-8")
    m = re.search(re.escape(START) + r".*?" + re.escape(END), readme, re.S)
    assert m, f"README.md has no recording between {START} and {END}"
    assert m.group(0) == block(recording()), "the terminal has changed: python -m tests.test_readme_recording"


def test_the_recording_is_one_whole_deal():
    text = recording()
    assert text.count("Asha (you)> ") > 30  # every one of the person's moves, typed
    assert "The deal is over" in text and text.rstrip().endswith("> quit")


if __name__ == "__main__":
    readme = README.read_text(encoding="utf-8")
    new = block(recording())
    if START in readme:
        readme = re.sub(re.escape(START) + r".*?" + re.escape(END), lambda _: new, readme, flags=re.S)
        README.write_text(readme, encoding="utf-8")
        print("README.md: recording updated")
    else:
        print(new)
