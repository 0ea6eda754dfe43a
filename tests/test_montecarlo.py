"""The Monte-Carlo player (engine.players.montecarlo) and the hidden-card sampling it rests on (State.sample_hidden).

The sampling must keep everything a player knows and deal the rest afresh, depending only on what
the player knows: two games that differ only in cards hidden from the player give the same worlds,
so the player makes the same choice in both (it never peeks).
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine import get_game
from engine.players.bots import make_bot
from engine.errors import OptionError
from engine.players.montecarlo import MonteCarloBot
from engine.players.play import Chance, play_seeded, run, seat_bots
from engine.protocol import CHANCE
from engine.registry import game_names
from engine.shuffle import derive
from engine.study.simulate import simulate

SETTINGS = [("guru-ganjifa", 3), ("guru-ganjifa", 4), ("kendra-kari", 3), ("kendra-kari", 4),
            ("guru-ganjifa", "face-up"), ("kendra-kari", "reshuffle")]


def make(name, setting):
    if setting == "face-up":
        return get_game(name, players=3, face_up_batches=True)
    if setting == "reshuffle":
        return get_game(name, players=3, stock_out="reshuffle")
    return get_game(name, players=setting)


def positions(game, seeds=range(6), every=7):
    """Positions met in seeded heuristic games: every ``every``-th step with a seated player to move."""
    for seed in seeds:
        state = game.start(seed)
        bots = seat_bots(game, "heuristic", seed)
        chance = Chance(seed)
        step = 0
        while not state.is_terminal():
            seat = state.current_player
            if seat != CHANCE and step % every == 3 % every:
                yield seed, step, state.copy()
            move = chance.outcome(state) if seat == CHANCE else bots[seat].choose(state)
            state.apply(move)
            step += 1


def hidden_layout(state, player):
    """Where the cards are, as far as the sample may change them: every hand, and a stock if the game has one."""
    stock = getattr(state, "stock", None)
    return [sorted(map(str, h)) for h in state.hands], stock and list(map(str, stock))


def known_to(state, player):
    """What ``player`` knows about the cards: own hand, sizes, seen cards and where, the cards on the table."""
    hands = state.hands
    seen = state.visible_cards(player)
    in_hands = {c for h in hands for c in h} | set(getattr(state, "stock", ()))  # hidden places
    return (sorted(map(str, hands[player])), [len(h) for h in hands],
            [sorted(str(c) for c in h if c in seen) for h in hands],
            sorted(str(c) for c in state.all_cards() if c not in in_hands),
            len(getattr(state, "stock", ())), str(state.view(player).__class__))


@pytest.mark.parametrize("name, setting", SETTINGS, ids=str)
def test_a_sample_keeps_what_the_player_knows_and_deals_the_rest_afresh(name, setting):
    game = make(name, setting)
    changed = checked = 0
    for seed, step, state in positions(game):
        player = state.current_player
        world = state.sample_hidden(player, derive(seed, step))
        assert known_to(world, player) == known_to(state, player), (seed, step)
        assert Counter(world.all_cards()) == Counter(state.all_cards())
        assert world.legal_moves() == state.legal_moves()
        assert world.view(player) == state.view(player) or name == "guru-ganjifa" and game.face_up_batches is False
        changed += hidden_layout(world, player) != hidden_layout(state, player)
        checked += 1
        # the sample is a game that goes on under the rules
        run(world, seat_bots(game, "heuristic", seed), seed)
        assert world.is_terminal()
    assert checked > 20 and changed > checked * 0.8, (checked, changed)


@pytest.mark.parametrize("name, setting", SETTINGS, ids=str)
def test_a_sample_depends_only_on_what_the_player_knows(name, setting):
    """``other`` differs from ``state`` only in cards hidden from the player: both give the same sample."""
    game = make(name, setting)
    differ = checked = 0
    for seed, step, state in positions(game, seeds=range(3)):
        player = state.current_player
        other = state.sample_hidden(player, derive("other", seed, step))
        differ += hidden_layout(other, player) != hidden_layout(state, player)  # (late, one hidden hand: no choice)
        checked += 1
        for k in range(3):
            a = state.sample_hidden(player, k)
            b = other.sample_hidden(player, k)
            assert hidden_layout(a, player) == hidden_layout(b, player), (seed, step, k)
            assert a.legal_moves() == b.legal_moves()
    assert checked > 10 and differ > checked * 0.8, (checked, differ)


def test_a_pending_called_card_stays_with_its_holder_and_doubling_follows_the_new_hands():
    """P1's Deni calls the 10Kr, which P4 holds and will play last; P2, to add now, is the sampling player."""
    game = get_game("guru-ganjifa", players=4)
    p = game.position("P1=9Kr 7Kr 1Ma; P2=3Ku 2Ma 6Ma; P3=4Ma 5Ma 3Ma; P4=10Kr 8Kr 4Ku; lead=P1; stage=start")
    p.apply("deni 7Kr > 9Kr")
    assert p.current_player == 1
    doubles = Counter()
    for k in range(40):
        world = p.sample_hidden(1, k)
        hands = [set(map(str, h)) for h in world.hands]
        assert "10Kr" in hands[3] and "9Kr" in hands[0]  # the called card, and the card shown for the Deni
        while world.current_player != 3:
            world.apply(world.legal_moves()[0])
        can_double = any(m.kind == "double" for m in world.legal_moves())
        assert can_double == ("8Kr" in hands[3])
        doubles[can_double] += 1
    assert doubles[True] and doubles[False]


def choices_in_twin_games(name, players, seeds, every, twin=None):
    """The MC player's choice in positions of seeded games and in their twins (hidden cards dealt afresh)."""
    game = get_game(name, players=players)
    out = []
    for seed, step, state in positions(game, seeds=seeds, every=every):
        if len(state.legal_moves()) < 2:
            continue
        player = state.current_player
        other = (twin or type(state).sample_hidden)(state, player, derive("other", seed, step))
        if hidden_layout(other, player) == hidden_layout(state, player):
            continue
        a = MonteCarloBot(seed, samples=3, candidates=4).choose(state)
        b = MonteCarloBot(seed, samples=3, candidates=4).choose(other)
        out.append((seed, step, a, b))
    return out


TWINS = [("guru-ganjifa", 3, range(2), 11), ("guru-ganjifa", 4, range(2), 11), ("kendra-kari", 4, range(6), 2)]


@pytest.mark.parametrize("name, players, seeds, every", TWINS, ids=lambda v: str(v))
def test_the_monte_carlo_player_chooses_the_same_in_games_that_differ_only_in_hidden_cards(name, players, seeds, every):
    choices = choices_in_twin_games(name, players, seeds, every)
    assert len(choices) >= 5, choices
    for seed, step, a, b in choices:
        assert a == b, (name, seed, step)


def test_the_twin_test_catches_a_player_that_peeks(monkeypatch):
    """A broken player that plays out the real hidden cards instead of sampled ones is caught."""
    from engine.games.guru_ganjifa.state import GGState

    real = GGState.sample_hidden
    monkeypatch.setattr(GGState, "sample_hidden", lambda self, player, seed: self.copy())
    choices = choices_in_twin_games("guru-ganjifa", 4, range(2), 11, twin=real)
    assert len(choices) >= 5
    assert any(a != b for _, _, a, b in choices)


def test_the_monte_carlo_player_is_seeded_and_plays_whole_games():
    game = get_game("guru-ganjifa", players=4)
    a = play_seeded(game, 3, ["mc:2", "heuristic", "mc:2", "random"])
    b = play_seeded(game, 3, ["mc:2", "heuristic", "mc:2", "random"])
    assert a.is_terminal() and [r.move for r in a.history] == [r.move for r in b.history]
    report = simulate(get_game("kendra-kari", players=3), games=6, seed=2, bots=("mc:2", "heuristic", "heuristic"),
                      workers=1)
    assert report.games == 6 and abs(sum(report.win_share) - 1) < 1e-9


def test_the_monte_carlo_player_tries_the_heuristics_favourites_and_picks_by_playing_out():
    game = get_game("guru-ganjifa", players=3)
    state = next(s for _, _, s in positions(game, every=5) if len(s.legal_moves()) > 10)
    bot = MonteCarloBot(1, samples=2, candidates=3)
    short = bot.shortlist(state, state.legal_moves())
    rates = sorted((state.move_priority(m) for m in state.legal_moves()), reverse=True)
    assert len(short) == 3 and [state.move_priority(m) for m in short] == rates[:3]
    assert bot.choose(state) in short


def test_bot_names():
    assert isinstance(make_bot("mc", 1), MonteCarloBot) and make_bot("mc:12", 1).samples == 12
    for bad in ("mc:0", "mc:x", "mc:", "heuristic:3", "montecarlo"):
        with pytest.raises(OptionError):
            make_bot(bad, 1)


def test_every_registered_game_can_be_sampled_or_says_it_cannot():
    for name in game_names():
        game = get_game(name)
        state = game.start(1)
        try:
            state.sample_hidden(state.current_player if state.current_player >= 0 else 0, 1)
        except OptionError as err:
            assert "Monte-Carlo" in str(err)
    assert {"guru-ganjifa", "kendra-kari"} <= set(game_names())


def test_the_favourite_is_kept_unless_another_move_is_clearly_better():
    bot = MonteCarloBot(1, samples=4)
    clear = [[0.0, 0.5, 0.2], [0.1, 0.6, 0.0], [0.2, 0.7, 0.3], [0.0, 0.4, 0.1]]
    assert bot.pick(clear) == 1  # gains 0.5 in every world
    noisy = [[0.0, 1.0, 0.0], [0.5, -0.5, 0.5], [0.0, 1.0, 0.0], [0.5, -0.4, 0.5]]
    assert bot.pick(noisy) == 0  # a higher average, but within the noise
    assert bot.pick([[0.3, 0.3, 0.3]] * 4) == 0  # equals: the favourite
