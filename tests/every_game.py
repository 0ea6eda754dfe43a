"""The checks every registered game must pass, game-agnostic (as OpenSpiel runs one suite over all games).

:func:`check_games` plays seeded random games through the one play loop and, after every
step, checks what any game must keep; a fault raises :class:`GameFault` naming the game, its
options, the seed and the step, so a broken game is found and can be replayed. A new game gets
all of this by being registered (a folder under ``engine/games/``).

Checked: the deck is conserved after every step; games end; the same seed gives the same game;
every legal move passes ``check``, a move notation reads back as written, and illegal moves
(moves legal elsewhere, offered where they are not) are refused with a clause of the game
while the state stays unchanged; a copy is independent of its original; a player's view shows
no card of another hand that the game does not make visible; every position the game writes, at every
step (the opening, chance's steps and the end too), reads back with the same player to move and legal
moves; every clause cited is one of the game's clauses; a finished game's payments (``Game.settle``) sum
to zero.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections import Counter
from typing import Iterator

from engine.errors import GanjifaError, IllegalMoveError
from engine.cards import Card
from engine.protocol import CHANCE, Game
from engine.registry import available_games, game_class


class GameFault(AssertionError):
    """A game broke a rule every game keeps; the message names game, options, seed and step."""


def variants(name: str, players: int, count: int | None = None) -> Iterator[tuple[int, Game]]:
    """``count`` (None: without end) seeded definitions of a game at a player count, cycling through every
    other option's choices."""
    cls = game_class(name)
    others = [o for o in cls.options() if o.name != "players" and o.choices]
    for i in range(count) if count is not None else itertools.count():
        values, k = {"players": players}, i
        for o in others:
            values[o.name] = o.choices[k % len(o.choices)]
            k //= len(o.choices)
        yield i, cls.from_options(values)


def cards_in(value, out: list) -> list:
    """Every Card inside a (nested) view value: dataclass fields, tuples, lists, sets, dicts."""
    kind = type(value)
    if kind is Card:
        out.append(value)
    elif kind in (int, str, float, bool) or value is None:
        pass
    elif kind in (tuple, list) and all(type(v) is Card for v in value):
        out.extend(value)
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            cards_in(getattr(value, f.name), out)
    elif isinstance(value, dict):
        for v in value.values():
            cards_in(v, out)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            cards_in(v, out)
    return out


def snapshot(state) -> tuple:
    """What must not change when an illegal move is refused: whose turn, the history, where every card is."""
    return state.current_player, len(state.history), tuple(tuple(h) for h in state.hands), tuple(state.all_cards())


class Checker:
    """Checks one game definition over seeded games; counts what it checked."""

    def __init__(self, game: Game, probe_every: int = 8, read_steps: int | None = None):
        self.game = game
        # positions read back: every step of every game, or of whole games until ``read_steps`` are read
        self.read_steps = read_steps
        self.deck = sorted(c.index for c in game.deck.cards)
        self.probe_every = probe_every
        self.pool: dict[str, object] = {}  # move notation -> move, seen legal somewhere: candidates to offer illegally
        self.pool_list: list[tuple[str, object]] = []
        self.cited: Counter = Counter()
        self.refused: Counter = Counter()
        self.steps = 0
        self.games = 0
        self.probes = 0  # positions probed (legal, illegal and copied moves; views; positions)
        self.offered = 0  # moves legal elsewhere offered where they were not (each must be refused)
        self.read = 0  # positions written and read back (every step of every game, the opening too)

    def fault(self, seed, step: int, what: str) -> GameFault:
        g = self.game
        return GameFault(f"{g.name} ({g.options_text()}) seed {seed} step {step}: {what}")

    def check_seed(self, seed: int, bots: str = "random", twin: bool = False, game: Game | None = None) -> None:
        """Play the game of ``seed`` (with ``game``, a variant of this checker's game, if given) and check it."""
        if game is not None:
            if game.deck.cards is not self.game.deck.cards:  # an option may choose another pack
                self.deck = sorted(c.index for c in game.deck.cards)
            self.game = game
        game = self.game
        state = game.new_game(game.deal(seed))
        self.conserved(state, seed, 0)
        reading = game.HAS_POSITIONS and (self.read_steps is None or self.read < self.read_steps)
        if reading:
            self.read_back(state, seed, 0)  # the opening (for some games, chance choosing the dealer)

        def after(state, record) -> None:
            step = len(state.history)
            self.steps += 1
            self.conserved(state, seed, step)
            if reading:
                self.read_back(state, seed, step)  # every step: players' moves, chance's and the last
            for clause in record.clauses:
                if clause not in game.CLAUSES:
                    raise self.fault(seed, step, f"cites {clause!r}, not a clause of the game")
            self.cited.update(record.clauses)
            if state.current_player not in (None, CHANCE):
                if not state.legal_moves():
                    raise self.fault(seed, step, "the game is not over but the player to move has no legal move")
                if self.steps % self.probe_every == 0:  # over all games: short games are probed too
                    self.probe(state, seed, step)

        try:
            final = _run(game, seed, bots, state, after)
        except GameFault:
            raise
        except GanjifaError as err:
            raise self.fault(seed, len(state.history), f"{type(err).__name__}: {err}") from err
        if not final.is_terminal():
            raise self.fault(seed, len(final.history), "the game did not end")
        result = final.result()
        # nobody may win only where nobody scored (a banking hand in which no money moved)
        if (not result.winners and len(set(result.scores)) > 1) or result.clause not in game.CLAUSES:
            raise self.fault(seed, len(final.history), f"a result without winners or clause: {result}")
        pay = game.settle(final)  # money is conserved: what some win, others pay (zero for games without stakes)
        if len(pay) != game.players or abs(sum(pay)) > 1e-9:
            raise self.fault(seed, len(final.history), f"the payments {pay} do not sum to zero")
        self.games += 1
        if twin:  # the same seed, the same game
            again = _run(game, seed, bots, game.new_game(game.deal(seed)), None)
            if [(r.player, str(r.move), r.clauses) for r in again.history] != \
                    [(r.player, str(r.move), r.clauses) for r in final.history]:
                raise self.fault(seed, 0, "the same seed played twice gave two different games")

    def read_back(self, state, seed, step: int) -> None:
        """The position the game writes reads back (issue 32): the same text, player to move and legal moves."""
        game = self.game
        if not game.HAS_POSITIONS:
            return
        text = state.position()
        try:
            again = game.position(text)
        except GanjifaError as err:
            raise self.fault(seed, step, f"the position it writes is refused: {err.described()}: {text}") from None
        if again.position() != text:
            raise self.fault(seed, step, f"position {text!r} reads back as {again.position()!r}")
        if again.current_player != state.current_player or again.is_terminal() != state.is_terminal():
            raise self.fault(seed, step, f"position {text!r} reads back with another player to move")
        if state.current_player is not None and not state.is_terminal() \
                and [str(m) for m in again.legal_moves()] != [str(m) for m in state.legal_moves()]:
            raise self.fault(seed, step, f"position {text!r} reads back with other legal moves")
        self.read += 1

    def conserved(self, state, seed, step: int) -> None:
        cards = sorted(c.index for c in state.all_cards())
        if cards != self.deck:
            have, want = Counter(cards), Counter(self.deck)
            lost = [c for c in self.game.deck.cards if have[c.index] < want[c.index]]
            extra = [c for c in self.game.deck.cards if have[c.index] > want[c.index]]
            raise self.fault(seed, step, "cards not conserved: "
                             f"lost {' '.join(map(str, lost)) or 'none'}, extra {' '.join(map(str, extra)) or 'none'}")

    def probe(self, state, seed, step: int) -> None:
        game = self.game
        self.probes += 1
        legal = state.legal_moves()
        texts = set()
        for move in legal[:12]:
            text = str(move)
            texts.add(text)
            if text not in self.pool:
                self.pool[text] = move
                self.pool_list.append((text, move))
            try:
                state.check(move)
            except IllegalMoveError as err:
                raise self.fault(seed, step, f"legal move {text!r} refused by check: {err}") from None
            if game.parse_move(text) != move:
                raise self.fault(seed, step, f"move {text!r} does not read back as written")
        # a copy is independent: a move on the copy leaves the original alone
        before = snapshot(state)
        twin = state.copy()
        if snapshot(twin) != before or [str(m) for m in twin.legal_moves()] != [str(m) for m in legal]:
            raise self.fault(seed, step, "a copy differs from its original")
        twin.apply(legal[0])
        if snapshot(state) != before:
            raise self.fault(seed, step, f"applying {legal[0]} to a copy changed the original")
        # illegal moves (legal somewhere else) are refused with a clause, the state unchanged
        legal_texts = {str(m) for m in legal}
        pool = self.pool_list
        picks = [pool[(step * 7919 + k * 104729 + seed) % len(pool)] for k in range(4)]  # spread over the pool
        for text, move in picks:
            if text in legal_texts:
                continue
            try:  # another spelling of a legal move (a game may take a pair in either order) is no illegal move
                spelled = str(state.copy().apply(move).move)
            except Exception:  # noqa: BLE001 - refused (or a fault, which the check below reports)
                spelled = None
            if spelled in legal_texts:
                continue
            self.offered += 1
            for label, attempt in (("check", state.check), ("apply", state.apply)):
                try:
                    attempt(move)
                except IllegalMoveError as err:
                    if err.clause not in game.CLAUSES:
                        raise self.fault(seed, step, f"illegal {text!r} refused with unknown clause {err.clause!r}") \
                            from None
                    self.refused[err.clause] += 1
                except Exception as err:
                    raise self.fault(seed, step, f"illegal move {text!r}: {label} raised "
                                     f"{type(err).__name__}: {err}") from None
                else:
                    raise self.fault(seed, step, f"illegal move {text!r} was accepted by {label}")
            if snapshot(state) != before:
                raise self.fault(seed, step, f"refusing {text!r} changed the state")
        # views hide what they must (every third probe: walking a view is slow)
        if self.probes % 3:
            return
        hands = state.hands
        for player in range(game.players):
            seen = set(cards_in(state.view(player), []))
            visible = state.visible_cards(player)
            for other, hand in enumerate(hands):
                if other != player:
                    leaked = [c for c in hand if c in seen and c not in visible]
                    if leaked:
                        raise self.fault(seed, step, f"Player {player + 1}'s view shows Player {other + 1}'s "
                                         f"hidden {' '.join(map(str, leaked))}")


def _run(game, seed, bots, state, on_step):
    from engine.players.play import run, seat_bots

    return run(state, seat_bots(game, bots, seed), seed, on_step=on_step)


def option_combinations(name: str) -> int:
    """How many combinations of choices a game's options other than ``players`` have (:func:`variants` cycles them)."""
    return math.prod(len(o.choices) for o in game_class(name).options() if o.name != "players" and o.choices)


def settings() -> list[tuple[str, int]]:
    """(game, players) for every registered game and player count."""
    out = []
    for name in available_games():
        cls = game_class(name)
        out += [(name, n) for n in range(cls.min_players, cls.max_players + 1)]
    return out


__all__ = ["Checker", "GameFault", "variants", "settings", "option_combinations"]
