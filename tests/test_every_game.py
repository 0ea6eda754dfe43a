"""One suite for every registered game and player count (tests/every_game.py says what it checks).

A new game gets these tests by being a folder under engine/games/; nothing here names a game.
"""

from __future__ import annotations

import pytest

from engine.errors import IllegalMoveError
from engine.registry import game_names
from engine.games.kendra_kari import KendraKari
from engine.games.kendra_kari.state import KKState

from .every_game import Checker, GameFault, option_combinations, settings, variants

# Each game's budget: steps (players' moves and chance's) over all its player counts, shared equally;
# a player count plays seeds 0, 1, 2... (every option's choices in turn) until its share is spent and
# every combination of the other options has been played at least twice. A game's share of the run
# so stays the same as games are added, and a failure is replayed from the seed it names.
STEPS = 60_000
MIN_GAMES = 200
# Positions written and read back, every step of whole games (the opening, chance's steps and the end too),
# for each player count, at least (a position that replays its hand's history costs milliseconds to read)
READ_STEPS = 2_000


def budget(name: str) -> tuple[int, int]:
    """(steps, games): what each player count of ``name`` plays at least."""
    counts = sum(1 for game, _ in settings() if game == name)
    return STEPS // counts, max(MIN_GAMES, 2 * option_combinations(name))


@pytest.mark.slow
@pytest.mark.parametrize("name, players", settings(), ids=lambda v: str(v))
def test_every_game(name, players):
    steps, games = budget(name)
    checker = None
    for seed, game in variants(name, players):
        checker = checker or Checker(game, read_steps=READ_STEPS)
        checker.check_seed(seed, bots="heuristic" if seed % 4 == 3 else "random", twin=seed % 50 == 0, game=game)
        if checker.steps >= steps and checker.games >= games:
            break
    # every game takes steps and is probed; where some move is ever illegal, illegal moves were offered
    # and refused (a game whose every move is always legal, e.g. Nakash's show, offers none)
    assert checker.steps >= steps and checker.probes >= checker.steps // (4 * checker.probe_every), \
        (checker.steps, checker.probes)
    assert checker.offered == 0 or sum(checker.refused.values()) > checker.games // 10, \
        (checker.offered, checker.refused)
    assert not checker.game.HAS_POSITIONS or checker.read >= READ_STEPS, checker.read


def test_a_game_that_loses_a_card_is_caught_with_game_seed_and_step(monkeypatch):
    """A deliberately broken copy of a game (a card lost in apply) fails the suite, naming game, seed and step."""
    apply = KKState.apply

    def leaky(self, move):
        record = apply(self, move)
        if len(self.history) == 9 and self._hands[record.player if record.player >= 0 else 0]:
            self._hands[record.player].pop()  # the bug: a card vanishes from the hand
        return record

    monkeypatch.setattr(KKState, "apply", leaky)
    checker = Checker(KendraKari(players=4))
    with pytest.raises(GameFault) as err:
        for seed in range(20):
            checker.check_seed(seed)
    message = str(err.value)
    assert message.startswith("kendra-kari (players=4) seed 0 step 9: cards not conserved: lost ")
    assert "extra none" in message


def test_a_game_that_accepts_an_illegal_move_is_caught(monkeypatch):
    check = KKState.check

    def lax(self, move):  # the bug: check forgets the duty to play and lets anyone draw
        try:
            check(self, move)
        except IllegalMoveError as err:
            if err.clause != "kk.must-play":
                raise

    monkeypatch.setattr(KKState, "check", lax)
    checker = Checker(KendraKari(players=3), probe_every=1)
    with pytest.raises(GameFault, match=r"^kendra-kari \(players=3\) seed \d+ step \d+: illegal move 'draw' was accepted by check"):
        for seed in range(50):
            checker.check_seed(seed)


def test_a_view_that_leaks_a_hand_is_caught(monkeypatch):
    from engine.games.kendra_kari.state import KKView

    def leaky_view(self, player):
        return KKView(player, tuple(self.hands[(player + 1) % self.players]), (), (), None, 0, 0, None)

    monkeypatch.setattr(KKState, "view", leaky_view)
    with pytest.raises(GameFault, match=r"Player 1's view shows Player 2's hidden"):
        Checker(KendraKari(players=3)).check_seed(0)


@pytest.mark.parametrize("name", game_names())
def test_a_game_can_be_copied_and_viewed_before_its_first_step(name):
    """Every option choice: a new game (e.g. waiting for chance to choose the first dealer) copies and shows
    each seat its view, and the copy offers the same moves."""
    from engine.registry import game_class

    cls = game_class(name)
    for info in cls.options():
        for choice in info.choices:
            game = cls.from_options({info.name: choice})
            state = game.new_game(game.deal(5))
            twin = state.copy()
            assert twin.current_player == state.current_player
            if state.current_player is not None and state.current_player >= 0:
                assert list(map(str, twin.legal_moves())) == list(map(str, state.legal_moves()))
            for seat in range(game.players):
                assert state.view(seat) == twin.view(seat)


def test_a_game_whose_opening_position_does_not_read_back_is_caught(monkeypatch):
    """Issue 32: as Hamrang once wrote ``turn=P0`` while chance drew for the dealer, and could not read it back.
    The suite reads back the position at every step, the opening and chance's steps too, and names the step."""
    from engine.games.hamrang.state import HRState
    from engine.protocol import CHANCE
    from engine.registry import get_game

    position = HRState.position

    def written(self):
        text = position(self)
        return text.replace("turn=chance", "turn=P0") if self.current_player == CHANCE else text

    monkeypatch.setattr(HRState, "position", written)
    checker = Checker(get_game("hamrang"))
    with pytest.raises(GameFault, match=r"^hamrang \(.*\) seed 0 step 0: the position it writes is refused: .*turn=P0"):
        checker.check_seed(0)
