"""A zero the rules give: an event a game's options make impossible (``Game.ruled_out``) never happens in play,
happens under the book's rules where they allow it, and the notes print it as "cannot happen", untested, never as
a bound a chance zero would carry."""

from __future__ import annotations

import dataclasses
import re

import pytest

from engine.registry import game_class, game_names, get_game
from engine.study.simulate import simulate

from .test_directive_errors import build


def _settings():
    """Every game set one option away from its rules as written, where that setting rules an event out."""
    found = []
    for name in game_names():
        cls = game_class(name)
        plain = get_game(name)
        for info in cls.options():
            for choice in info.choices:
                if choice == info.default:
                    continue
                try:
                    game = dataclasses.replace(plain, **{info.name: choice})
                except Exception:  # a choice that needs another option changed too
                    continue
                for event in sorted(game.ruled_out() - plain.ruled_out()):
                    found.append((name, info.name, choice, event))
                for event in sorted(plain.ruled_out() - game.ruled_out()):
                    found.append((name, info.name, info.default, event))
    return found


SETTINGS = _settings()


def test_the_four_games_that_rule_an_event_out_are_found():
    assert {(n, e) for n, _, _, e in SETTINGS} == {
        ("guru-ganjifa", "double"), ("traditional-ganjifa", "double"), ("shakti", "reshuffle"),
        ("hamrang", "opener-substitutes")}


@pytest.mark.parametrize("name,option,choice,event", SETTINGS, ids=[f"{s[0]}-{s[3]}" for s in SETTINGS])
def test_a_ruled_out_event_never_happens_and_the_other_setting_shows_it(name, option, choice, event):
    plain = get_game(name, **({"rounds": 1} if name == "traditional-ganjifa" else {}))
    ruled = dataclasses.replace(plain, **{option: choice})
    other = next(c for c in type(plain).options() if c.name == option)
    allowed = next(dataclasses.replace(plain, **{option: c}) for c in other.choices if event not in
                   dataclasses.replace(plain, **{option: c}).ruled_out())
    assert event in ruled.ruled_out() and event in ruled.EVENTS
    games = 12
    assert simulate(ruled, games, seed=3, bots="heuristic").tally.event_games[event] == 0
    assert simulate(allowed, games, seed=3, bots="heuristic").tally.event_games[event] > 0  # a real event


def test_the_notes_print_a_ruled_out_figure_as_such_and_test_nothing_against_it(tmp_path):
    page = ("# Sim\n\n```{simulation}\n:game: guru-ganjifa\n:games: 40\n:seed: 4\n:bots: heuristic\n"
            ":compare: As written: double=yes; No doubling: double=no\n:show: ratios\n"
            ":ratios: Denis per game = deni per games; Denis doubled, of those open = double / deni-open\n```\n")
    code, out = build(tmp_path, page)
    assert code == 0, out
    html = (tmp_path / "out" / "index.html").read_text()
    row = re.search(r"Denis doubled, of those open</p></td>\s*<td><p>([^<]*)</p></td>\s*<td><p>([^<]*)</p>", html)
    assert row and row.group(2) == "cannot happen" and "none" not in row.group(2), html
    assert "*" not in row.group(1) + row.group(2)
    assert "make impossible: a zero by the rules, not a count, so it is not tested" in html
    assert "corrected for the 1 test of the table" in html  # the Denis a game only: the doubling row is not tested


def test_a_sentence_comparing_a_ruled_out_event_fails_naming_its_line(tmp_path):
    page = ("# Sim\n\nNotes.\n\nWithout doubling a Deni is doubled "
            "{sim-compare}`more often|less often|about as often: double per games @ guru-ganjifa double=no games=40 "
            "bots=heuristic ~ double=yes`.\n")
    code, out = build(tmp_path, page)
    assert code != 0 and re.search(r"index\.md:5: .*cannot happen in Guru Ganjifa.*nothing to compare", out), out


def test_every_comparison_about_a_game_is_listed_with_its_p_alone_and_taken_together(tmp_path):
    """Issue 42 (statistician): "once the 12 comparisons the book makes about this game are taken together" could
    not be checked; the {comparisons} list names each, with its p-value alone and after Holm's method over all."""
    common = "@ kendra-kari games=300 seed=4 bots=heuristic"
    page = ("# Notes on Kendra Kari\n\n## Hand size\n\nAmong careful players, with seven cards a game is "
            f"{{sim-compare}}`longer|shorter|about as long: moves per games {common} hand-size=7 ~ hand-size=6`, and "
            f"the stock runs out {{sim-compare}}`more often|less often|about as often: stock-out / games {common} "
            "hand-size=7 ~ hand-size=6`.\n\nThe same test written another way round is the same test: among careful "
            "players, with six cards a game is {sim-compare}`longer|shorter|about as long: moves per games @ kendra-kari "
            "hand-size=6 seed=4 games=300 bots=heuristic ~ hand-size=7`.\n\n"
            "## Taken together\n\n```{comparisons} kendra-kari\n```\n")
    code, out = build(tmp_path, page)
    assert code == 0, out
    html = (tmp_path / "out" / "index.html").read_text()
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "actions a game; Hand size: 7 against 6 (careful players)" in text, text
    assert "games in which the stock runs out (the game ends, or chance refills it); Hand size: 7 against 6" in text
    assert text.count("Notes on Kendra Kari: Hand size") == 2  # three sentences, two tests: each counted once
    assert "(two in all)" in text and "after Holm's method over all two" in text
    from engine.study.compare import holm
    from engine.registry import get_game
    from engine.study.simulate import simulate  # noqa: F401  (the reports come from the same cache the book reads)
    from engine.study.verdict import Measure, against

    from book.simcache import cached_report

    folder = tmp_path / "src" / "_build" / "cache" / "simulations"
    r6, r7 = (cached_report(folder, get_game("kendra-kari", hand_size=h), 300, 4, ("heuristic",), per_game=True)
              for h in (6, 7))
    ps = [against(r7, r6, Measure(t, "games", s)).p for t, s in (("moves", False), ("stock-out", True))]
    from book.directives.sim_compare import _p_words

    for p, q in zip(ps, holm(ps)):
        assert f"{_p_words(p)} {_p_words(q)}" in text, (p, q, text)


def test_a_difference_that_holds_alone_but_not_with_the_others_says_which_way_it_leans():
    """Issue 42 (fourteenth reading's statistician): "about as long, as far as chance can tell" beside an interval of
    +0.2 to +3.8 claimed the two equal; the sentence now says the way the figures lean, and that it is within chance
    once the game's comparisons are taken together."""
    from book.directives.sim_compare import wording

    test = {"sign": 1, "p": 0.028, "plain": False, "words": ["longer", "shorter", "about as long"],
            "significant": "(+2.0)", "within": "(the difference, +2.0, is within chance at the 5% level)"}
    said = wording(test, 0.22, family=8)
    assert said.startswith("longer, though not beyond chance (") and "once the 8 comparisons" in said
    assert wording(test, 0.01, family=8).startswith("longer (")  # beyond chance with the others too
    assert wording(dict(test, p=0.4), 1.0, family=8).startswith("about as long (")  # not even alone
    # a players' chapter says the same as the notes: the way it leans, not beyond chance (the eighteenth reading)
    assert wording(dict(test, plain=True), 0.22, family=8) == "longer, though that may be chance"
    assert wording(dict(test, plain=True, p=0.4), 1.0, family=8) == "about as long"
