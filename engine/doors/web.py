"""The bridge a play page in the browser talks to (Pyodide): JSON in, JSON out, over the game contract.

The page (``book/static/play/play.js``) calls :func:`handle` with a request such as
``{"op": "new", "game": "komi", "options": "players=4", "seed": 7}`` and gets back what one seat may
know, never the state: the seat's picture (:func:`engine.draw.state_svg` with ``viewer=seat``), its view's
fields in words, its hand, the steps since its last turn told as the terminal tells them (a narration
naming a card hidden from the seat is told by its move only), its legal moves with their notation and
why each is allowed, and at the end the result. The game itself is the terminal's
(:class:`engine.doors.terminal.TerminalGame`): the same careful player in the other seats, the same hint, undo,
why, refusals in one line with their clause, and save as a golden transcript that ``ganjifa deals``
replays. Nothing here imports what Pyodide lacks (the terminal imports ``rich`` only to draw a table).

Operations (``op``): ``describe`` (a game's title, players and options), ``new`` (``game``, ``options``,
``seed``, ``bots``: careful / random / people, ``position`` and ``turn`` to start from a hand-set
position), ``move`` (``move`` in notation), ``card`` (a card of the hand clicked: its move, or the refusal),
``hint``, ``undo``, ``why``, ``save`` (the transcript's text), ``show`` (the table again).

A game with a solver (``Game.solve``: Udvasa) answers "Can this deal be won?" in the page's worker, which has a
Python of its own, so the page stays free while it searches: ``to-solve`` gives the page's game as a request the
worker answers alone, ``solve`` (the game, its options, its seed or starting position and the moves played
since, in notation; never the hidden cards, which the worker deals again from the seed), answered with the
solver's words and ``asked``, the mark of the position asked about (the page compares it with its own).
"""

from __future__ import annotations

import dataclasses
import json
import re
import time
import zlib
from typing import Any

from ..cards import Card, cards_in
from ..draw import card_svg, state_svg, to_string
from ..errors import GanjifaError, IllegalMoveError
from ..examples.choices import words as choice_words
from ..examples.transcript import dumps
from ..protocol import CHANCE
from ..registry import game_class, game_names
from .terminal import CAST, TerminalGame, _card

SOLVE_LIMIT = 100_000  # the solver's positions a pass, at most (the page may ask for fewer, never more)
BOT_KINDS = {"careful": "heuristic", "random": "random", "people": "heuristic"}
NO_SEAT = -2  # a viewer at no seat: every hand drawn face down
MAX_STEPS = 20_000  # the bots' steps between two turns of a person (a game's fault beyond that)


class _Lines:
    """Stands in for the terminal's console: keeps each line it is told."""

    color_system = None

    def __init__(self):
        self.lines: list[str] = []

    def print(self, *args: Any, **_: Any) -> None:
        self.lines.append(" ".join(str(a) for a in args))

    def clear(self) -> None:
        pass

    def take(self) -> list[str]:
        out, self.lines = [l for l in self.lines if l], []
        return out


class WebGame(TerminalGame):
    """A game on a play page: ``humans`` are the seats played at this screen (one, or every seat)."""

    def __init__(self, game, seed, humans, kind: str = "careful", position: str | None = None,
                 turn: int | None = None, names=None):
        names = names or (CAST[:game.players] if game.players <= len(CAST) else None)
        self.page_log: list[str] = []  # every line the page's "The game so far" holds
        self.log_marks: list[int] = []  # its length before each of the person's moves: what an undo goes back to
        super().__init__(game, seed, humans, [BOT_KINDS.get(kind, kind)] * game.players, names, _Lines(),
                         ask=lambda prompt: "")
        self.from_position = position is not None
        self.position_text = position
        if position is not None:
            self.state = game.position(position)
            self.state_at_start = self.state.copy()
            self.deal = None
            if turn is not None and self.state.current_player != turn:
                raise GanjifaError(f"the position has {self._who(self.state.current_player)} to move, "
                                   f"not {self._who(turn)}")
            if self.state.current_player is not None and self.state.current_player >= 0 and len(self.humans) == 1:
                self.humans = {self.state.current_player}  # the question's player sits at this screen
        self.advance()

    def _who(self, seat) -> str:
        return "no one" if seat is None else "chance" if seat == CHANCE else self.names[seat]

    @property
    def seat(self) -> int:
        """The seat the screen shows: the person to move, else the one who moved last (one person: theirs)."""
        now = self.state.current_player
        if now is not None and now in self.humans:
            return now
        return self.last_viewer if self.last_viewer is not None else min(self.humans)

    def advance(self) -> None:
        """Chance and the bots play until a person is to move or the game is over."""
        for _ in range(MAX_STEPS):
            seat = self.state.current_player
            if seat is None or seat in self.humans:
                break
            if seat == CHANCE:
                self.step(self.chance.outcome(self.state))
            else:
                self.step(self.bots[seat].choose(self.state))
        if self.state.current_player in self.humans:
            self.last_viewer = self.state.current_player

    def cited(self, text: str) -> str:
        return text  # the page turns each "[kk.bridge]" into a link "§11" to the chapter (play.js withClauses)

    def tell(self, record) -> None:
        """The terminal's telling of a step (which says a card the seat cannot know as "a card"); a line that
        still names a hidden card is told without its cards, as a last guard."""
        super().tell(record)
        hidden = self._people_hidden(next(iter(self.humans)) if len(self.humans) == 1 else None)
        lines = self.console.lines
        if lines and names_cards(lines[-1], hidden, self.game.deck):
            who = "Chance" if record.player == CHANCE else self.names[record.player]
            lines[-1] = f"{who}: a move with cards hidden from you [{', '.join(record.clauses)}]"

    # --- what the page is sent ---------------------------------------------------------
    def clause_ids(self, text: str) -> list[str]:
        return [c for c in self.game.CLAUSES if f"[{c}]" in text or f"clause {c}" in text]

    def reply(self, message: str | None = None, **extra) -> dict:
        told = self.console.take()
        self.page_log += told
        seat = self.seat
        state = self.state
        view = state.view(seat)
        now = state.current_player
        moves = state.legal_moves() if now == seat else []
        hand = list(getattr(view, "hand", ()) or ())
        playable: dict[str, str] = {}
        for move in moves:
            for word in str(move).split(" "):
                card = _card(word)
                if card is not None and card in hand:
                    playable.setdefault(str(card), str(move))
        out = {
            "game": self.game.name, "title": self.game.title, "options": self.game.options_text(),
            "seed": None if self.from_position else self.seed, "names": list(self.names),
            "seat": seat, "people": sorted(self.humans),
            "to_move": None if now is None else "chance" if now == CHANCE else self.names[now],
            "your_turn": now == seat,
            "picture": self.picture(seat),
            "view": self.view_lines(view),
            "hand": [{"card": str(c), "name": self.game.deck.card_name(c), "move": playable.get(str(c)),
                      "svg": to_string(card_svg(c, size=52, highlight=str(c) in playable))} for c in hand],
            # each move in words as the book would tell it (a card it would bring said as "a card"), and why it is
            # allowed where the game says more than that it is
            "moves": [{"move": str(m), "words": words, "why": _why(state.explain(m), m)}
                      for m, words in zip(moves, _apart([self.describe(m, seat) for m in moves]))],
            "log": told,
            "log_kept": len(self.page_log) - len(told),  # the lines of the page's log that still stand before these
            "over": now is None,
            "result": state.result().narrate(self.names) if now is None else None,
            # the transcript holds every hand as dealt: it is given when the game is over, never before
            "can_undo": bool(self.undo_points), "can_save": self.deal is not None and now is None,
            "message": message,
        }
        if len(moves) == 1:
            cited = self._would_cite(moves[0])
            out["forced"] = (f"Your only move is {moves[0]}" + (f", under {self.clause_words(cited)}" if cited else "")
                             + ".")
        out.update(extra)
        return out

    def unseen_by(self, seat: int) -> set[Card]:
        """The cards ``seat`` may not see now: every card of the game but those in its view or shown to it."""
        state = self.state
        return set(state.all_cards()) - cards_in(state.view(seat)) - set(state.visible_cards(seat))

    def picture(self, seat: int) -> str:
        """The position as ``seat`` sees it; where the game's picture would show a card the seat may not know
        (cards dealt face down that not even their holder looks at), every hand is drawn face down."""
        svg = to_string(state_svg(self.state, viewer=seat, names=self.names))
        if names_cards(svg, self.unseen_by(seat), self.game.deck):
            svg = to_string(state_svg(self.state, viewer=NO_SEAT, names=self.names))
        return svg

    def view_lines(self, view) -> list[list[str]]:
        """The seat's view, field by field, in words (as the terminal's table shows it)."""
        if not dataclasses.is_dataclass(view):
            return [["view", str(view)]]
        lines = []
        for f in dataclasses.fields(view):
            if f.name in ("player", "current_player", "hand"):
                continue
            value = getattr(view, f.name)
            if f.name in ("dealer", "leader", "active") and isinstance(value, int) and 0 <= value < self.game.players:
                value = self.names[value]
            if f.name in self.per_seat and isinstance(value, tuple) and len(value) == self.game.players:
                text = ", ".join(f"{n} {_words(v)}" for n, v in zip(self.names, value))
            elif value and isinstance(value, tuple) and all(
                    isinstance(v, tuple) and len(v) == 2 and type(v[0]) is int and 0 <= v[0] < self.game.players
                    and (v[1] is None or isinstance(v[1], Card)) for v in value):  # a trick: who played what
                text = ", ".join(f"{self.names[p]} {'a card face down' if c is None else c}" for p, c in value)
            else:
                text = _words(value)
            lines.append([f.name.replace("_", " "), text])
        return lines

    # --- what the page asks ---------------------------------------------------------------
    def try_move(self, text: str) -> dict:
        if self.state.current_player != self.seat:
            return self.reply("It is not your turn.")
        moves = self.state.legal_moves()
        chosen = next((m for m in moves if str(m) == text.strip()), None)
        if chosen is None:
            try:
                chosen = self.game.parse_move(text)
                self.state.check(chosen)
            except GanjifaError as err:
                return self.reply(err.described(), refused=True, clauses=self.clause_ids(err.described()))
        self.log_marks.append(len(self.page_log))
        self.play(chosen)
        self.advance()
        return self.reply()

    def try_card(self, text: str) -> dict:
        """A card of the hand clicked: the move that plays it, or, where no move plays it, a refusal in the game's
        words: the rule it would break, found by putting the card in a move's place for a card (its clause
        linked), or what a move is in this game (a card is not played on its own)."""
        card = _card(text)
        if card is None or self.state.current_player != self.seat:
            return self.try_move(text)
        moves = self.state.legal_moves()
        for move in moves:
            if text in str(move).split(" "):
                return self.try_move(str(move))
        name = self.game.deck.card_name(card)
        placed = [m for m in moves if any(w.startswith(text) and w != text for w in str(m).split(" "))]
        if len(placed) == 1:  # the card goes to one place only: that is the move
            return self.try_move(str(placed[0]))
        if placed:  # the card goes to a place to be chosen (Shakti: onto a pile): the page asks where
            ways = _apart([self.describe(m, self.seat) for m in placed])
            spots = [_spot(m) for m in placed]
            how = "Click a pile in the picture, or choose below." if all(spots) else "Choose below."
            return self.reply(f"Where does the {name} go? {how}",
                              placing={"card": text, "places": [{"move": str(m), "spot": spot, "words": w}
                                                                for m, spot, w in zip(placed, spots, ways)]})
        tries = [" ".join(words[:spot] + [text] + words[spot + 1:])  # the same kind of move with this card in
                 for words in (str(m).split(" ") for m in moves)       # a card's place: the rule it breaks
                 for spot in (i for i, w in enumerate(words) if _card(w) is not None)] + [text]  # or played alone
        for tried in tries:
            try:
                self.state.check(self.game.parse_move(tried))
            except IllegalMoveError as err:
                reason = choice_words(err.reason, self.names)
                lower = re.match(r"(The|A|An) ", reason)  # "the 5 of Safed ...", but "Asha holds ..."
                said = f"You cannot play the {name}: {reason[:1].lower() + reason[1:] if lower else reason}"
                said = said.rstrip(".")
                if names_cards(said, self.unseen_by(self.seat), self.game.deck):  # a reason naming a hidden card
                    said = f"You cannot play the {name} now"
                return self.reply(f"{said} [clause {err.clause}].", refused=True, clauses=[err.clause])
            except GanjifaError:
                continue
        if not any(_card(w) is not None for m in moves for w in str(m).split(" ")):
            return self.reply(f"In {self.game.title} a card is not played on its own: choose one of your moves "
                              "below.", refused=True, clauses=[])
        return self.reply(f"You cannot play the {name} now: no move of yours plays it. Your moves are below.",
                          refused=True, clauses=[])

    def hint_text(self) -> dict:
        if self.state.current_player != self.seat:
            return self.reply("It is not your turn.")
        self.hint()
        lines = self.console.take()
        return self.reply(" ".join(lines), clauses=self.clause_ids(" ".join(lines)))

    def why_text(self) -> dict:
        history = self.state.history
        if not history:
            return self.reply("No step has been made yet.")
        record = history[-1]
        self.why()
        line = " ".join(self.console.take())
        return self.reply(line, clauses=list(record.clauses))

    def to_solve(self) -> dict:
        """The position now as a ``solve`` request for the page's worker: how it came about (the seed or the starting
        position, and the moves since, in notation), never the cards; refused for a game without a solver, for a
        hand-set position that hides cards from the seat (their order is the notation's filling, not a deal's), and
        where a move's notation names a card hidden from the seat (the request would then carry it)."""
        if self.game.solve is None:
            return {"error": f"{self.game.title} has no solver."}
        if self.from_position and _filled_in(self.position_text, self.state_at_start):
            # a position written in a chapter may leave out where its hidden cards lie (Udvasa's stock): the notation
            # fills in an order, and an answer would be about that made-up order, not about a deal
            return {"error": "This position was set out without the order of its hidden cards, so whether it can "
                             "be won is not settled: ask in a dealt game."}
        moves = [str(r.move) for r in self.state.history]
        if names_cards(" ".join(moves), self.unseen_by(self.seat), self.game.deck):
            return {"error": "The moves so far name cards hidden from you, so the page cannot ask about them."}
        out = {"op": "solve", "game": self.game.name, "options": self.game.options_text(), "moves": moves,
               "asked": asked_mark(moves, self.seed, self.position_text)}
        if self.from_position:
            out["position"] = self.position_text
        else:
            out["seed"] = self.seed
        return out

    def undo_move(self) -> dict:
        if not self.undo():
            return self.reply(" ".join(self.console.take()))
        del self.page_log[self.log_marks.pop():]  # the lines told since the move taken back
        line = " ".join(self.console.take())
        self.last_viewer = self.state.current_player
        return self.reply(line)


def names_cards(text: str, cards, deck) -> list[Card]:
    """The ``cards`` that ``text`` names, by notation (a word of its own) or by name ("the 2 of Shamsher")."""
    words = set(re.findall(r"[0-9A-Za-z]+", text))
    return [c for c in cards if str(c) in words or f" {deck.card_name(c)}" in text]


def _filled_in(text: str, state) -> bool:
    """Whether the hand-set position ``text`` leaves a part out that the notation filled in (a field that the
    position written back from ``state`` has and ``text`` has not), or cannot be written back at all."""
    from ..errors import OptionError
    from ..protocol import split_notation

    try:
        written = state.position()
    except OptionError:
        return True
    return bool(set(split_notation(written, "")[1]) - set(split_notation(text, "")[1]))


def asked_mark(moves: list[str], seed, position: str | None) -> str:
    """A short mark of a position in play (how it began and the moves since): the page matches an answer with it."""
    text = json.dumps([position if position is not None else seed, moves])
    return f"{len(moves)}-{zlib.crc32(text.encode()):08x}"


def solving_state(request: dict):
    """The position a ``solve`` request is about: the game dealt again from its seed (or set from its starting
    position) and the moves played since."""
    game = game_class(request["game"]).from_text(request.get("options", "") or "")
    position = request.get("position")
    state = game.position(position) if position else game.start(request.get("seed", 1))
    for move in request.get("moves", ()):
        state.apply(game.parse_move(str(move)))
    return game, state


def solve(request: dict) -> dict:
    """The solver's answer about the position ``request`` describes (see :func:`solving_state`): yes, no or not sure
    in words, the positions searched and the seconds taken, and the request's ``asked`` mark."""
    game, state = solving_state(request)
    if game.solve is None:
        return {"error": f"{game.title} has no solver."}
    limit = min(int(request.get("limit") or SOLVE_LIMIT), SOLVE_LIMIT)
    start = time.perf_counter()
    answer = game.solve(state, limit=limit)
    return {"answer": answer.answer, "words": answer.words, "positions": answer.positions,
            "seconds": round(time.perf_counter() - start, 2), "asked": request.get("asked")}


def _spot(move) -> str | None:
    """The place in the picture a move puts its card, as the picture marks it (``data-spot``): a player's pile."""
    pile = getattr(move, "pile", -1)
    return f"pile-{pile + 1}" if isinstance(pile, int) and pile >= 0 else None


def _apart(said: list[str]) -> list[str]:
    """The moves' words without a first sentence they all begin with ("Asha, on the dealer's right, plays first.")."""
    first = re.match(r"[^.]*\. ", said[0]) if len(said) > 1 else None
    if first and all(s.startswith(first.group(0)) and len(s) > len(first.group(0)) for s in said):
        return [s[len(first.group(0)):] for s in said]
    return said


def _why(text: str, move) -> str:
    """Why ``move`` is allowed, in the game's words: where the game says only that it is legal (or forced) and under
    which clauses ("add 8Ku is legal [gg.follow]"), "under" those clauses; "" where it says no more than that."""
    for said in (f"{move} is legal", f"{move} is forced"):
        if text.startswith(said):
            rest = text[len(said):].strip().rstrip(".")
            return f"under {rest}" if rest else ""
    return text


def _words(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (tuple, list)):
        if not value:
            return "none"
        sep = " " if all(isinstance(v, Card) or v is None for v in value) else " | "
        return sep.join(_words(v) for v in value)
    return str(value)


def describe(name: str) -> dict:
    cls = game_class(name)
    return {"game": name, "title": cls.title, "players": [cls.min_players, cls.max_players],
            "positions": bool(cls.HAS_POSITIONS), "solver": cls.solve is not None,
            "clauses": dict(cls.CLAUSES),
            "options": [{"name": o.name.replace("_", "-"), "default": _option_text(o.default),
                         "choices": [_option_text(c) for c in o.choices], "help": o.help}
                        for o in cls.options()]}


def _option_text(value: Any) -> str:
    from ..protocol import option_text

    return option_text(value)


_game: WebGame | None = None  # the one game of the page


def new_game(request: dict) -> WebGame:
    name = request["game"]
    cls = game_class(name)
    game = cls.from_text(request.get("options", "") or "")
    seed = request.get("seed", 1)
    kind = request.get("bots", "careful")
    humans = set(range(game.players)) if kind == "people" else {int(request.get("seat", 0))}
    turn = request.get("turn")
    names = request.get("names") or None
    return WebGame(game, seed, humans, kind, position=request.get("position") or None,
                   turn=None if turn in (None, "") else int(turn),
                   names=[n.strip() for n in names.split(",")] if isinstance(names, str) else names)


def handle(request_text: str) -> str:
    """One request from the page (JSON text) -> the reply (JSON text). Errors come back as ``error``."""
    global _game
    try:
        request = json.loads(request_text)
        op = request.get("op")
        if op == "games":
            return json.dumps({"games": game_names()})
        if op == "describe":
            return json.dumps(describe(request["game"]))
        if op == "new":
            _game = new_game(request)
            return json.dumps(_game.reply())
        if op == "solve":  # the page's worker: everything is in the request, the page's game is not used
            return json.dumps(solve(request))
        if _game is None:
            return json.dumps({"error": "no game yet"})
        if op == "move":
            reply = _game.try_move(str(request["move"]))
        elif op == "card":
            reply = _game.try_card(str(request["card"]))
        elif op == "hint":
            reply = _game.hint_text()
        elif op == "undo":
            reply = _game.undo_move()
        elif op == "why":
            reply = _game.why_text()
        elif op == "save":
            if _game.deal is None:
                reply = _game.reply("A game started from a position has no deal to save.")
            elif not _game.state.is_terminal():
                reply = _game.reply("Save is there when the game is over: the saved game shows every hand as dealt.")
            else:
                reply = _game.reply(None, transcript=dumps(_game.transcript()))
        elif op == "show":
            reply = _game.reply()
        elif op == "to-solve":
            reply = _game.to_solve()
        else:
            return json.dumps({"error": f"unknown request {op!r}"})
        return json.dumps(reply)
    except GanjifaError as err:
        return json.dumps({"error": err.described()})
    except (KeyError, ValueError, TypeError) as err:
        return json.dumps({"error": f"bad request: {err}"})
