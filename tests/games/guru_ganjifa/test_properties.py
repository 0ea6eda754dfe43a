"""Guru Ganjifa over many seeded random games: conservation, termination, determinism, clause coverage."""

import re

import pytest

from engine import DealError, DASHAVATARA, IllegalMoveError, NotationError, OptionError, Ranking
from engine.players.bots import HeuristicBot, RandomBot
from engine.games.guru_ganjifa import GGMove, GuruGanjifa

DECK = set(DASHAVATARA.cards)
GAMES = 520  # full games per run, half with 3 players and half with 4
CITED: set[str] = set()  # every clause id the engine cited at run time in this module


def variant(i: int) -> GuruGanjifa:
    return GuruGanjifa(players=3 + i % 2, ranking=(Ranking.TRADITIONAL, Ranking.UNIFORM)[i // 2 % 2],
                       time=("day", "night")[i // 4 % 2], direction=("anticlockwise", "clockwise")[i // 8 % 2],
                       face_up_batches=bool(i // 16 % 2))


def bots_for(game, i):
    kind = HeuristicBot if i % 3 == 0 else RandomBot
    return [kind(f"{i}/{seat}") for seat in range(game.players)]


def cards_on_table(state):
    cards = [c for h in state.hands for c in h] + [c for w in state.won for c in w] + state.out
    return cards + [c for _, c in state.trick]


def probe(state, i):
    """An illegal move (a card nobody may play now) must cite a known clause; legal ones must pass check."""
    seat = state.current_player
    for move in state.legal_moves()[:3]:
        state.check(move)
    stranger = next(c for c in DASHAVATARA.cards if c not in state.hands[seat])
    for text in (f"add {stranger}", "pass", f"lead {stranger}", f"double {stranger}"):
        try:
            state.check(GGMove.parse(text))
        except IllegalMoveError as err:
            assert err.clause in GuruGanjifa.CLAUSES
            CITED.add(err.clause)
    try:  # a move of the right kind with a card of the player's own
        own = state.hands[seat][i % len(state.hands[seat])]
        state.check(GGMove.parse(f"lead {own}"))
    except IllegalMoveError as err:
        CITED.add(err.clause)


def test_random_games():
    lengths = []
    for i in range(GAMES):
        game = variant(i)
        state = game.start(i)
        bots = bots_for(game, i)
        assert set(cards_on_table(state)) == DECK
        steps = 0
        while not state.is_terminal():
            moves = state.legal_moves()
            assert moves, state.position()
            if i % 25 == 0 and steps % 7 == 0:
                probe(state, steps)
            move = bots[state.current_player].choose(state)
            record = state.apply(move)
            CITED.update(record.clauses)
            assert record.narrate(["A", "B", "C", "D"])
            table = cards_on_table(state)
            assert len(table) == 120 and set(table) == DECK, (i, steps)
            if not state.trick:  # between tricks every hand is the same size
                assert len({len(h) for h in state.hands}) == 1
            steps += 1
            assert steps < 400, "the game does not end"
        assert {len(h) for h in state.hands} == {0} and state.trick == []
        assert len(state.played) == 120 and set(state.played) == DECK
        result = state.result()
        CITED.add(result.clause)
        assert sum(result.scores) == 120 and result.winners
        assert all(result.scores[w] == max(result.scores) for w in result.winners)
        lengths.append(steps)
    assert min(lengths) > 30


def test_move_text_and_positions_replay_identically():
    for i in range(12):
        game = variant(i)
        state, twin = game.start(i), game.start(i)
        bots = bots_for(game, i)
        while not state.is_terminal():
            move = bots[state.current_player].choose(state)
            assert move in state.legal_moves()
            if len(state.history) % 9 == 0:
                copy = game.position(state.position())
                assert copy.legal_moves() == state.legal_moves()
            state.apply(move)
            twin.apply(GGMove.parse(str(move)))
        assert twin.transcript() == state.transcript()


@pytest.mark.parametrize("seed", [0, 1, "seven"])
def test_determinism_by_seed(seed):
    def run():
        game = GuruGanjifa(players=4)
        state = game.start(seed)
        bots = [RandomBot(f"{seed}/{p}") for p in range(4)]
        while not state.is_terminal():
            state.apply(bots[state.current_player].choose(state))
        return state.transcript(), state.result()

    assert run() == run()


def test_legal_move_sequence_lists_the_same_moves():
    """The lazily built moves RandomBot uses are legal_moves(), in order, and apply() takes each one."""
    lazy_leads = 0
    for i in range(40):
        game = variant(i)
        state = game.start(i)
        bots = bots_for(game, i)
        while not state.is_terminal():
            listed = [str(m) for m in state.legal_moves()]
            seq = state.legal_move_sequence()
            assert len(seq) == len(listed)
            assert [str(seq[k]) for k in range(len(seq))] == listed
            assert str(seq[-1]) == listed[-1] and list(map(str, seq)) == listed
            with pytest.raises(IndexError):
                seq[len(seq)]
            lazy_leads += not isinstance(seq, list)
            pick = len(state.history) % len(seq)
            twin = state.copy()
            record = state.apply(state.legal_move_sequence()[pick])  # a fresh sequence: only this move built
            assert record == twin.apply(twin.legal_moves()[pick])
            CITED.update(record.clauses)
    assert lazy_leads > 100


def test_random_bot_plays_as_from_the_list():
    """RandomBot with legal_move_sequence() picks exactly the move it would pick from legal_moves()."""

    class ListBot(RandomBot):
        def choose(self, state):
            moves = state.legal_moves()
            return moves[self.rng.below(len(moves))]

    for i in range(24):
        game = variant(i)
        histories = []
        for kind in (RandomBot, ListBot):
            state = game.start(i)
            bots = [kind(f"{i}/{seat}") for seat in range(game.players)]
            while not state.is_terminal():
                state.apply(bots[state.current_player].choose(state))
            histories.append(state.history)
        assert histories[0] == histories[1]


def test_error_probes():
    for kwargs in ({"players": 5}, {"ranking": "x"}, {"time": "dawn"}, {"direction": "sideways"},
                   {"face_up_batches": 3}):
        with pytest.raises(OptionError) as err:
            GuruGanjifa(**kwargs)
        CITED.update(re.findall(r"clause (gg\.[a-z-]+)", str(err.value)))
    with pytest.raises(DealError) as err:
        GuruGanjifa(players=4).new_game(GuruGanjifa(players=3).deal(1))
    CITED.update(re.findall(r"clause (gg\.[a-z-]+)", str(err.value)))


def test_clause_coverage():
    """Runs last in this module: the clauses cited above are exactly the game's clauses."""
    assert CITED == set(GuruGanjifa.CLAUSES), (set(GuruGanjifa.CLAUSES) - CITED, CITED - set(GuruGanjifa.CLAUSES))
