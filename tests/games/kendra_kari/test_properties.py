"""Kendra Kari under random play: many seeded games, invariants checked after every move."""

import re
from collections import Counter

import pytest

from engine import CHANCE, Deal, DealError, IllegalMoveError, OptionError, RandomBot, get_game
from engine.players.play import Chance
from engine.shuffle import derive
from engine.games.kendra_kari import KendraKari, KKMove
from engine.games.kendra_kari.ring import CARDS

GAMES = 400  # spread over 3..6 players and both stock-out rules (every clause comes up by about game 250; the every-game suite plays many more in make test)
MAX_MOVES = 5000


def _candidates(state):
    """Moves worth probing: every card as a play, a bridge, an opening; a few pairs; a draw."""
    hand = state.hands[state.current_player]
    out = [KKMove.draw()]
    for c in hand:
        out += [KKMove.play(c), KKMove.bridge(c), KKMove.open(c)]
    for a in hand[:3]:
        for b in hand[:3]:
            if a is not b:
                out += [KKMove.two_card(a, b), KKMove.open(a, b)]
    out.append(KKMove.play(next(c for c in CARDS if c not in hand)))
    return out


def _play(game, seed, probe=False, cited=None, errors=None):
    state = game.start(seed)
    bots = [RandomBot(f"{seed}/{i}") for i in range(game.players)]
    chance = Chance(seed)
    full = Counter(CARDS)
    for _ in range(MAX_MOVES):
        assert Counter(state.all_cards()) == full
        if state.is_terminal():
            break
        if state.current_player == CHANCE:  # the stock is refilled: chance's step, as the play loop makes it
            record = state.apply(chance.outcome(state))
            if cited is not None:
                cited.update(record.clauses)
            continue
        moves = state.legal_moves()
        assert moves, state.position()
        assert len(set(moves)) == len(moves)
        if probe:
            for move in moves:
                state.check(move)
            for move in _candidates(state):
                if move in moves:
                    continue
                with pytest.raises(IllegalMoveError) as err:
                    state.check(move)
                errors[err.value.clause] += 1
        record = state.apply(bots[state.current_player].choose(state))
        if cited is not None:
            cited.update(record.clauses)
    else:
        pytest.fail(f"seed {seed}: no end after {MAX_MOVES} moves")
    result = state.result()
    assert result.winners and sum(result.scores) == pytest.approx(1.0)
    if result.clause == "kk.out":
        assert [len(h) for h in state.hands].count(0) == 1 and not state.hands[result.winners[0]]
        assert state.history[-1].went_out
    else:
        fewest = min(len(h) for h in state.hands)
        assert all(len(state.hands[w]) == fewest for w in result.winners)
    return state


def test_random_games_keep_every_invariant_and_cite_every_clause():
    cited, errors = Counter(), Counter()
    endings = Counter()
    for i in range(GAMES):
        players = 3 + i % 4
        stock_out = "reshuffle" if i % 3 == 0 else "end"
        game = KendraKari(players=players, stock_out=stock_out)
        state = _play(game, i, probe=i % 6 == 0, cited=cited, errors=errors)
        endings[state.result().clause] += 1
        if i % 50 == 0:
            assert all(line.endswith("].") for line in state.transcript())
    assert endings["kk.out"] > GAMES // 2

    # options and deals that the rules forbid name their clause too
    for bad in (dict(players=2), dict(players=7), dict(direction="sideways"), dict(stock_out="pass")):
        with pytest.raises(OptionError) as err:
            KendraKari(**bad)
        errors[re.search(r"clause (kk\.[\w-]+)", str(err.value)).group(1)] += 1
    deal = KendraKari(players=4).deal(1)
    with pytest.raises(DealError) as err:
        KendraKari(players=4).new_game(Deal(deal.hands[:3] + (deal.hands[3][:5],), deal.piles))
    errors[err.value.clause] += 1

    assert set(cited) | set(errors) == set(KendraKari.CLAUSES)
    assert set(cited) <= set(KendraKari.CLAUSES) and set(errors) <= set(KendraKari.CLAUSES)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_same_seed_same_game(players):
    game = get_game("kendra-kari", players=str(players), stock_out="reshuffle")
    a, b = (_play(game, f"same/{players}") for _ in range(2))
    assert a.transcript() == b.transcript() and a.result() == b.result()
    other = _play(game, f"other/{players}")
    assert other.transcript() != a.transcript()


def test_explicit_deal_plays_like_its_seed():
    game = KendraKari(players=5)
    a, b = game.start(11), game.new_game(game.deal(11))
    bots_a = [RandomBot(i) for i in range(5)]
    bots_b = [RandomBot(i) for i in range(5)]
    while not a.is_terminal():
        ra = a.apply(bots_a[a.current_player].choose(a))
        rb = b.apply(bots_b[b.current_player].choose(b))
        assert ra == rb
    assert b.is_terminal() and a.result() == b.result()


def test_positions_of_real_games_round_trip():
    game = KendraKari(players=4, stock_out="reshuffle")
    state = game.start(3)
    bots = [RandomBot(i) for i in range(4)]
    while not state.is_terminal():
        text = state.position()
        again = game.position(text)
        assert again.position() == text
        assert again.legal_moves() == state.legal_moves()
        assert again.ring_tops() == state.ring_tops() and again.hands == state.hands
        state.apply(bots[state.current_player].choose(state))
    assert game.position(state.position()).is_terminal()
