"""The front matter's page for choosing a game: every game, its players and deck from its declaration."""

from __future__ import annotations

import re
from pathlib import Path

from engine.registry import available_games, game_class

from .test_directive_errors import CONF, sphinx_build

ROOT = Path(__file__).resolve().parent.parent
SETUP = ("\ndef setup(app):\n    from book.directives.game_facts import GameChooserDirective\n\n"
         "    app.add_directive('game-chooser', GameChooserDirective)\n")


def _build(tmp_path, body: str) -> tuple[int, str]:
    src = tmp_path / "src"
    (src / "rules").mkdir(parents=True)
    (src / "conf.py").write_text(CONF + SETUP)
    (src / "index.md").write_text("# Book\n\n```{toctree}\nrules/choosing\nrules/ekrang\n```\n")
    (src / "rules" / "ekrang.md").write_text("# Ekrang\n\nThe game.\n")
    (src / "rules" / "choosing.md").write_text(f"# Choosing\n\n```{{game-chooser}}\n{body}```\n")
    return sphinx_build("-E", "-W", "-q", "-b", "html", str(src), str(tmp_path / "out"))


def test_the_chooser_reads_players_and_deck_from_the_game_and_length_from_play(tmp_path):
    code, out = _build(tmp_path, "ekrang | Trick-taking | Easy | a game | players=2 games=20 bots=heuristic\n")
    assert code == 0, out
    html = (tmp_path / "out" / "rules" / "choosing.html").read_text()
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", html, re.S)]
    assert cells[:4] == ["Ekrang", "2 to 4", "Mughal 96", "Trick-taking"], cells
    # two players are dealt 48 cards each and play them all: about 48 plays each in a game (and the opening)
    assert re.fullmatch(r"About (\d+) in a game of two", cells[4]) and 40 <= int(cells[4].split()[1]) <= 60, cells
    assert cells[5] == "Easy"
    assert 'href="ekrang.html"' in html  # the game's name leads to its chapter


def test_a_chooser_line_without_its_parts_fails_at_its_line(tmp_path):
    code, out = _build(tmp_path, "ekrang | Trick-taking\n")
    assert code != 0 and "choosing.md:3" in out and "write `game | kind | how hard" in out, out


def test_the_books_chooser_lists_every_game_with_a_chapter():
    text = (ROOT / "rules" / "choosing.md").read_text(encoding="utf-8")
    body = text.split("```{game-chooser}")[1].split("```")[0]
    named = [line.split("|")[0].strip() for line in body.strip().splitlines()]
    chapters = [g for g in available_games() if (ROOT / "rules" / f"{g}.md").is_file()]
    assert sorted(named) == sorted(chapters), (named, chapters)
    index = (ROOT / "index.md").read_text(encoding="utf-8")
    assert index.index("rules/choosing") < index.index("rules/decks")  # front matter, before the games
    assert all(game_class(g).min_players >= 1 for g in named)


def test_the_games_a_number_of_players_may_play_are_named_from_the_games():
    """``{games-for}`players=2```: the choosing page's "Two players?" left out Naqsh, which the book's ruling
    lets two play (its players option, not its source's five to seven); the list now comes from the games."""
    from book.directives.game_facts import games_for, seats_allowed

    named = games_for("players=2")
    for name in available_games():
        cls = game_class(name)
        assert (cls.title in named) == (2 in seats_allowed(cls)), (name, named)
    assert "Naqsh" in named and named.endswith(" and Naqsh")
    assert games_for("players=7") == "Naqsh"
    import pytest

    for bad in ("players=two", "seats=2", "players=9"):
        with pytest.raises(ValueError):
            games_for(bad)


def test_the_chooser_s_players_agree_with_the_players_the_book_allows(tmp_path):
    """The table gave Naqsh "5 to 7" and the next page said two can play it (the thirteenth reading): the
    numbers the book lets play, its ruling's two to seven (the chapter says five to seven is the source's)."""
    code, out = _build(tmp_path, "naqsh | Banking | Easy | a round | players=6 games=20 bots=heuristic\n")
    assert code == 0, out
    html = (tmp_path / "out" / "rules" / "choosing.html").read_text()
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", html, re.S)]
    assert cells[1] == "2 to 7", cells
