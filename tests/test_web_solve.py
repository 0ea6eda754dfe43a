"""Can this deal be won? The solver hook of the game contract (``Game.solve``), its request on the play page's
bridge (engine/doors/web.py: ``to-solve`` on the page's game, ``solve`` in the page's worker) and the terminal's
``solve``: an answer in players' words about the position as it stands, naming no card of the hidden stock."""

from __future__ import annotations

import io
import json

import pytest

from engine import get_game
from engine.protocol import Solved
from engine.registry import game_class, game_names
from engine.doors.web import WebGame, describe, handle, names_cards


def ask(**request) -> dict:
    return json.loads(handle(json.dumps(request)))


def test_only_a_game_with_a_solver_declares_the_hook():
    have = {name for name in game_names() if game_class(name).solve is not None}
    assert have == {"udvasa"}
    assert describe("udvasa")["solver"] is True and describe("komi")["solver"] is False


def played(seed: int, moves: int) -> WebGame:
    """An Udvasa game at the page, after ``moves`` of the person's moves (by turns the first move listed and the
    last but giving up: a deal whenever one is allowed, so the stock is used and the position is not the deal's)."""
    game = WebGame(get_game("udvasa"), seed, {0})
    for i in range(moves):
        listed = [str(m) for m in game.state.legal_moves() if str(m) != "stop"]
        game.try_move(listed[-1] if i % 2 else listed[0])
    assert not game.state.is_terminal()
    return game


def test_the_hook_answers_in_words_about_the_position():
    ud = get_game("udvasa")
    yes = ud.solve(ud.start(1))
    assert isinstance(yes, Solved) and yes.answer == "yes" and yes.words.startswith("Yes: this deal can be won")
    unsure = ud.solve(ud.start(20), limit=50)
    assert unsure.answer == "unsure" and unsure.words == (f"Not sure: the search stopped after {unsure.positions:,} "
                                                          "positions without deciding.")
    assert unsure.positions <= 4 * 50


# the stock used up; every card a build stack takes next lies at the bottom of a stack, and right under each top card
# is a 10 or a Raja, which nothing goes onto: only the 6 of Surkh and the 5s can move, onto one another, so it is lost
LOST = ("build=3Sa 3Ta 3Sh 3Gh 9Su 1Ch 1Qi 1Ba; stacks=4Sa 6Sa 6Sh 7Su 10Sa 5Sa / 4Ta 7Sa 7Sh 5Su RSa 5Ta / "
        "4Sh 9Sa 9Sh 4Su 10Ta 5Sh / 4Gh VSa VSh 3Su RTa 5Gh / 8Su 6Ta 6Gh 2Su 10Sh 8Sa / 7Ta 7Gh 1Su RSh 8Ta / "
        "9Ta 9Gh 8Gh 10Gh 8Sh / VTa VGh RGh 6Su; stock=-")


def test_a_lost_position_is_a_no_and_a_finished_game_says_so():
    ud = get_game("udvasa")
    state = ud.position(LOST)
    assert not state.is_terminal() and len(state.legal_moves()) > 1
    answer = ud.solve(state)
    assert answer.answer == "no" and answer.words == "No: this deal cannot be won from here, whatever you play."
    state.apply(ud.parse_move("stop"))
    assert ud.solve(state) == Solved("no", "The game is over: the deal was not won.", 0)


@pytest.mark.parametrize("moves", [0, 5, 12])
def test_the_worker_request_rebuilds_the_position_as_it_stands_and_names_no_hidden_card(moves):
    """The page's game asks ``to-solve``: a request the worker answers on its own (``solve``); it is the position
    after the person's moves, and neither the request nor the answer names a card of the stock."""
    import engine.doors.web as web

    web._game = played(2, moves)
    stock = set(web._game.unseen_by(0))
    assert stock, "the stock is hidden from the player"
    request = ask(op="to-solve")
    assert "error" not in request, request
    text = json.dumps(request)
    assert not names_cards(text, stock, web._game.game.deck), text
    _, rebuilt = web.solving_state(request)
    assert rebuilt.position() == web._game.state.position()  # the stock too, in its order
    assert rebuilt.legal_moves() == web._game.state.legal_moves()
    keep = web._game
    web._game = None  # the worker has no game of its own: the request says everything
    answer = ask(**request)
    web._game = keep
    assert answer["answer"] in ("yes", "no", "unsure") and answer["words"], answer
    assert not names_cards(json.dumps(answer), stock, keep.game.deck), answer
    assert set(answer) == {"answer", "words", "positions", "seconds", "asked"}
    assert answer["asked"] == request["asked"]  # the page matches the answer to the position it asked about


def test_a_game_without_a_solver_says_so():
    ask(op="new", game="komi", seed=3)
    reply = ask(op="to-solve")
    assert reply["error"].startswith("Komi has no solver")


def test_an_undo_is_followed():
    import engine.doors.web as web

    web._game = played(4, 6)
    before = ask(op="to-solve")
    web._game.try_move(str(web._game.state.legal_moves()[0]))
    assert ask(op="to-solve") != before
    web._game.undo_move()
    after = ask(op="to-solve")
    assert after["moves"] == before["moves"] and web.solving_state(after)[1].legal_moves() == web._game.state.legal_moves()


def test_the_terminal_solve_command():
    from rich.console import Console

    from engine.doors.terminal import TerminalGame

    out = io.StringIO()
    feed = iter(["help", "solve", "quit"])
    table = TerminalGame(get_game("udvasa"), 1, {0}, ["random"], ["Asha"], Console(file=out, width=100,
                                                                                     color_system=None),
                         ask=lambda prompt: next(feed))
    assert table.run() == 0
    shown = out.getvalue()
    assert "solve" in shown.split("Type 'help'")[1].split("Yes:")[0]  # listed in help
    assert "Yes: this deal can be won from here." in shown
    out2 = io.StringIO()
    feed2 = iter(["help", "quit"])
    komi = TerminalGame(get_game("komi"), 1, {0}, ["random"] * 4, None, Console(file=out2, width=100,
                                                                                  color_system=None),
                        ask=lambda prompt: next(feed2))
    komi.run()
    assert "  solve" not in out2.getvalue()


def test_a_position_from_a_question_is_asked_only_when_it_hides_no_card():
    """A chapter's position gives the stock as a whole, or not at all (its order is then the notation's filling):
    the question is refused there; a position with the stock used up hides nothing and is answered."""
    hidden = ask(op="new", game="udvasa", position="build=1Sa 1Ta 1Sh 1Gh RSu RCh RQi RBa; stacks=7Sh 8Su / 4Sa 7Ba / "
                 "5Sa 9Qi / 6Sa 10Ta / 7Sa 2Ch / 8Sa 2Qi / 9Sa 2Ba / 4Ta 3Ba", turn=0)
    assert hidden["your_turn"]
    refused = ask(op="to-solve")
    assert "not settled" in refused["error"]
    ask(op="new", game="udvasa", position=LOST, turn=0)
    request = ask(op="to-solve")
    assert request["position"] == LOST and "seed" not in request
    assert ask(**request)["words"] == "No: this deal cannot be won from here, whatever you play."
