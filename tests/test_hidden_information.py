"""Nothing a seat is told at the terminal names a card or a holder that seat cannot know at that moment.

For every game and player count, seeded games are played at the terminal (``engine.doors.terminal``) with one
person seated (the others bots); the person types ``table``, ``hint``, ``why`` and an illegal move naming a
card hidden from them before each move. Everything shown to the person, and the narration of every step as
each other seat would be told it, is read against the game's own view of that seat
(``State.view(seat)``, before and after the step):

* a seat knows the cards in its view before or after the step, the cards the step plays out of the
  mover's hand that no view shows afterwards (a card played face up, even one gathered at once with its
  trick; one still shown to its owner only was played face down), and the cards the record says the
  whole table was shown (``record.shown_cards()``: Hamrang's draw for the dealer);
* a sentence must not name a card the seat does not know (by its name, ``the 7 of Taj``, or its notation,
  ``7Ta``) together with where it lies: in the hand of a player the sentence names, or in no hand at all
  (the stock); a card named by its rank alone (``the Mantri``) counts as named when the sentence also names
  its suit.

A card played face down out of a hand and gathered in the same step is counted as known (no view shows
it): the game's own narration for a viewer (``narrate_for``) is what hides it there.
"""

from __future__ import annotations

import io
import re
from functools import lru_cache

import pytest

from engine.players.bots import make_bot
from engine.errors import GanjifaError
from engine.protocol import CHANCE
from engine.registry import available_games, game_class
from engine.cards import cards_in as _cards_in
from engine.doors.terminal import CAST, TerminalGame

SENTENCE = re.compile(r"(?<=[.!?:;])\s+|\n")  # the console is wide enough that no line wraps
TOKEN = re.compile(r"[0-9A-Za-z]+")


def player_counts(name: str) -> list[int]:
    cls = game_class(name)
    return list(range(cls.min_players, cls.max_players + 1))


CASES = [(name, players) for name in available_games() for players in player_counts(name)]


def leaks(text: str, hidden: set, state, names, held: list[set], deck, typed: frozenset = frozenset()) -> list[str]:
    """The sentences of ``text`` that name a card of ``hidden`` with its place (see the module's docstring)."""
    found = []
    if not hidden:
        return found
    known_cards = None
    for sentence in SENTENCE.split(text):
        tokens = set(TOKEN.findall(sentence))
        suits = {suit for suit in _suit_names(deck) if (suit in tokens if " " not in suit else suit in sentence)}
        # only a card whose suit the sentence names, or whose notation it holds, can be named in it
        candidates = [c for c in hidden if c not in typed and (c.suit.name in suits or str(c) in tokens)]
        if not candidates:
            continue
        named = {s for s, n in enumerate(names) if n in tokens}
        for card in candidates:
            full = deck.card_name(card)
            by_name = str(card) in tokens or _name_pattern(deck, card).search(sentence) is not None
            by_rank = False
            if not by_name and _rank_pattern(deck, card.rank).search(sentence):
                # "the Mantri" with the suit named: that suit's Mantri, unless a known card of that rank has its
                # suit named too (then "the 4" is the known one: "plays the only Ghulam card held, the 4")
                if known_cards is None:
                    known_cards = set(state.all_cards()) - hidden
                by_rank = not any(k.rank == card.rank and k.suit.name in suits for k in known_cards)
            if not (by_name or by_rank):
                continue
            holders = {s for s, hand in enumerate(held) if card in hand}
            if holders & named or (by_name and not holders):
                found.append(f"{full} ({card}) held by {[names[s] for s in holders] or 'no hand'}: {sentence!r}")
    return found


@lru_cache(maxsize=None)
def _suit_names(deck) -> frozenset:
    return frozenset(s.name for s in deck.suits)


@lru_cache(maxsize=None)
def _name_pattern(deck, card):
    return re.compile(rf"(?<![\w]){re.escape(deck.card_name(card))}(?![\w])")


@lru_cache(maxsize=None)
def _rank_pattern(deck, rank):
    return re.compile(rf"\bthe {re.escape(deck.rank_name(rank))}\b(?! of| cards?\b)")


class Watched(TerminalGame):
    """A terminal game that reads everything it shows against each seat's view, as it is shown."""

    def __init__(self, *args, out: io.StringIO, **kwargs):
        super().__init__(*args, **kwargs)
        self.out = out
        self.read_to = 0
        self.problems: list[str] = []
        self.steps = 0

    def fresh(self) -> str:
        text = self.out.getvalue()[self.read_to:]
        self.read_to = len(self.out.getvalue())
        return text

    def hands_now(self) -> list[set]:
        return [set(h) for h in self.state.hands]

    def step(self, move) -> None:
        self.fresh()
        state, n = self.state, self.game.players
        held_before = self.hands_now()
        before = [_cards_in(state.view(s)) for s in range(n)]
        mover = state.current_player
        super().step(move)
        self.steps += 1
        record = self.state.history[-1]
        after = [_cards_in(self.state.view(s)) for s in range(n)]
        held_after = self.hands_now()
        held = [a | b for a, b in zip(held_before, held_after)]
        played_out = held_before[mover] - set().union(*held_after) - set().union(*after) if mover != CHANCE else set()
        shown = getattr(record, "shown_cards", None)  # cards the record says the whole table was shown
        if callable(shown):
            played_out |= set(shown())
        everything = set(self.state.all_cards())
        self.hidden_from = [everything - before[s] - after[s] - played_out for s in range(n)]
        (person,) = self.humans
        shown = {person: self.fresh()}
        told = getattr(self, "told", None)  # the terminal's words for any seat, where it has them
        for seat in range(n):
            if seat != person and callable(told):
                shown[seat] = told(record, seat)
        for seat, text in shown.items():
            for leak in leaks(text, self.hidden_from[seat], self.state, self.names, held, self.game.deck):
                self.problems.append(f"step {self.steps} ({record.move}), told to {self.names[seat]}: {leak}")

    def check_command(self, what: str, typed: frozenset = frozenset()) -> None:
        (person,) = self.humans
        text = self.fresh()
        seen = _cards_in(self.state.view(person))
        hidden = set(self.state.all_cards()) - seen
        if self.state.history:
            hidden &= self.hidden_from[person] | seen  # the last step's cards the person saw go by
            hidden -= seen
        for leak in leaks(text, hidden, self.state, self.names, self.hands_now(), self.game.deck, typed):
            self.problems.append(f"after '{what}' at step {self.steps}: {leak}")
        if typed:  # an illegal try naming a card someone else holds: the answer names nobody else
            others = [n for s, n in enumerate(self.names) if s != person and re.search(rf"\b{n}\b", text)]
            if others:
                self.problems.append(f"after '{what}': the answer names {others}: {text!r}")


def illegal_try(state, seat: int, rng) -> tuple[str, frozenset] | None:
    """A legal move's text with one of its cards swapped for a card the seat cannot see, or None."""
    seen = _cards_in(state.view(seat))
    hidden = sorted((c for c in state.all_cards() if c not in seen), key=str)
    if not hidden:
        return None
    for move in state.legal_moves():
        words = str(move).split(" ")
        for i, word in enumerate(words):
            if any(word == str(c) for c in seen):
                card = rng.choice(hidden)
                words[i] = str(card)
                return " ".join(words), frozenset({card})
    return None


def play_watched(name: str, players: int, seed: int, person: int, max_steps: int = 400) -> Watched:
    """A game at the terminal, watched (``max_steps``: the person leaves after that many steps, e.g. a
    Traditional Ganjifa match's first deals)."""
    from rich.console import Console

    from engine.shuffle import Rng, derive

    game = game_class(name).from_text(f"players={players}")
    out = io.StringIO()
    bot = make_bot("random", derive(seed, "person"))
    rng = Rng(derive(seed, "tries"))
    pending: list[tuple[str, frozenset]] = []
    table: Watched | None = None

    def ask(prompt: str) -> str:
        table.check_command(*(pending.pop() if pending else ("(the table and the moves shown)", frozenset())))
        if prompt.startswith("game over") or table.steps > max_steps:
            raise EOFError
        if table.state.current_player != person:
            return ""
        if not pending and not getattr(ask, "asked", False):
            ask.asked = True
            try_ = illegal_try(table.state, person, rng)
            ask.turns = getattr(ask, "turns", 0) + 1
            script = [("hint", frozenset()), ("why", frozenset())]
            if ask.turns % 3 == 1:  # the table again now and then (it is shown at every turn anyway)
                script.insert(0, ("table", frozenset()))
            if try_ is not None:
                script.append(try_)
            ask.script = script
        if ask.script:
            line, typed = ask.script.pop(0)
            pending.append((line, typed))
            return line
        ask.asked = False
        return str(bot.choose(table.state))

    table = Watched(game, seed, {person}, ["random"] * players, CAST[:players],
                    Console(file=out, width=10_000, color_system=None), ask=ask, out=out)
    table.run()
    return table


@pytest.mark.parametrize("name,players", CASES)
def test_nothing_told_names_a_card_or_holder_the_seat_cannot_know(name, players):
    problems = []
    for seed in (1, 2):
        table = play_watched(name, players, seed, seed % players)
        assert table.steps > 0
        problems += [f"seed {seed}, {name} players={players}: {p}" for p in table.problems]
    assert not problems, "\n".join(problems[:20])


@pytest.mark.slow
@pytest.mark.parametrize("name,players", CASES)
def test_nothing_told_leaks_over_more_seeds(name, players):
    problems = []
    for seed in range(3, 3 + 4 * players):
        table = play_watched(name, players, seed, seed % players, max_steps=5000)
        problems += [f"seed {seed}: {p}" for p in table.problems]
    assert not problems, "\n".join(problems[:20])


def test_guru_ganjifa_never_tells_asha_who_holds_the_called_card():
    """Issue 31's case: Dev gives a Deni calling for the Mantri; Asha, who does not hold it, chooses next."""
    table = play_watched("guru-ganjifa", 4, 3, 0)
    text = table.out.getvalue()
    assert "calling for the" in text
    assert not re.search(r"calling for the \w+ \((Bela|Chitra|Dev) holds it\)", text), text
