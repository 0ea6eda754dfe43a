"""Playing at the terminal: one or more people against the bots (``ganjifa play GAME --human 1``).

Everything goes through the game contract (:mod:`engine.protocol`), so every registered game, and a
designer's variant (:mod:`engine.variants`), plays here unchanged:

* a seat sees only its own ``view(seat)``: the fields of that view are shown, cards in their suit's
  colour (a game's ``hand_order(card)``, where it has one, sorts the hand); every step is told in words,
  by its narration, and a card the person cannot know at that step (:func:`hidden_at_step`: not in their
  view before or after it, nor played face up, nor shown to the whole table) is said as "a card"; a record
  that has ``narrate_for(viewer, names)`` (``viewer`` a seat, or None for what everyone at the table may
  know) tells it so itself, for what a narration gives away without naming a card (who holds a called
  card, a total that counts a face-down card); chance's steps are shown, never asked;
* the legal moves (``legal_moves()``) are numbered and said in words (as the book would tell each once
  played, unless playing it would show something new); a move may also be typed in notation, in any case
  where that is unambiguous (``game.parse_move``; a move the rules forbid is refused in one line naming
  its clause; a card the person cannot see is refused naming the person only);
* a forced move is said with the clause it plays under (the clauses its record would cite);
* ``undo`` takes back the person's last move (and everything after it) and makes the game practice (said on
  the screen and in a saved transcript): chance is not drawn again, since a deal, a stock's order and the
  other hands are fixed when the cards are dealt, so the move is made again knowing what followed it;
  ``hint`` says what the careful (heuristic) player would do and how it rates the moves (``move_priority``);
  ``why`` gives the clauses behind the last step; ``save FILE`` writes the game so far as a golden
  transcript (``bots: none``, so it replays move by move: a chapter can use it as a worked example;
  ``played:`` says who played each seat, a person or which bot). It makes no folder, and replaces an
  existing file only after a yes;
* hot seat (several people): the screen and its scrollback are cleared before the device passes on
  ("Pass to Bela, press Enter") and again before the next hand is shown.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from typing import Any, Callable, Sequence

from ..cards import Card, cards_in
from ..examples.choices import brought, foreseen, rule_clause, rule_of
from ..examples.clause_numbers import chapter_numbers, cite
from ..errors import GanjifaError, OptionError
from ..players.play import Chance, seat_bots
from ..protocol import CHANCE, Game, default_names
from ..players.seen import hidden_at_step
from ..examples.transcript import CHANCE_NAME, check_name
from .saving import Saving
from .typed_moves import MoveReader, _card  # noqa: F401  (_card: the play pages import it from here)

HUMAN = "human"
CARD_FACE = "#f4efe4"  # the tile a card is shown on at the terminal
CAST = ("Asha", "Bela", "Chitra", "Dev", "Esha", "Farid", "Gopal")  # the book's names, seat 1, 2, 3, ...
COMMANDS = (
    ("NUMBER or MOVE", "play a move: its number in the list, or the move in notation (e.g. as listed)"),
    ("undo", "take back your last move (and every step after it)"),
    ("hint", "what the careful player would do here, and why"),
    ("why", "the rules behind the last step"),
    ("table", "show the table again"),
    ("save FILE", "write the game so far as a transcript a chapter can use as a worked example"),
    ("help", "this list"),
    ("quit", "leave the game"),
)
END_COMMANDS = (
    ("save FILE", "write the game as a transcript (an existing file is replaced only after you say yes)"),
    ("new", "play a new game, with the next seed"),
    ("undo", "take back your last move and play on (the game is then practice)"),
    ("why", "the rules behind the last step"),
    ("table", "show the table again"),
    ("quit", "leave (Enter does too)"),
)
# a game with a solver (Game.solve: Udvasa) also answers this, in words naming no card and no move
SOLVE_COMMAND = ("solve", "can this deal still be won from here? yes, no or not sure (the search knows the cards "
                          "you cannot see, and names none of them)")
MOVES_IN_WORDS = 24  # a longer list of moves (every way to lead) is shown in notation only
PRACTICE = ("a move was taken back with undo, so it was made again knowing what had followed it "
            "(the same deal, the same draws and the same bots' answers)")


def parse_humans(text: str, players: int) -> set[int]:
    """``--human`` text: ``1``, ``1,3`` or ``all`` -> 0-based seats (OptionError otherwise)."""
    from ..notation import whole_number

    text = text.strip()
    if text == "all":
        return set(range(players))
    seats = set()
    for part in text.split(","):
        n = whole_number(part.strip(), 3)
        if n is None or not 1 <= n <= players:
            raise OptionError(f"--human takes seat numbers 1 to {players} (e.g. 1 or 1,3) or 'all', not {part!r}")
        seats.add(n - 1)
    return seats


class TerminalGame(MoveReader, Saving):
    """A game at the terminal. ``ask(prompt) -> str`` reads a line (EOFError ends the game quietly);
    ``console`` is a :class:`rich.console.Console`."""

    def __init__(self, game: Game, seed: int | str, humans: set[int], bots: Sequence[str],
                 names: Sequence[str] | None, console, ask: Callable[[str], str] | None = None,
                 save_to: str | None = None):
        self.game = game
        self.seed = seed
        self.humans = set(humans)
        self.names = tuple(names) if names else default_names(game.players)
        for name in self.names:
            check_name(name)
        if len(self.names) != game.players:
            raise OptionError(f"{len(self.names)} names for {game.players} players")
        self.kinds = tuple(bots)
        self.console = console
        self.ask = ask or console.input
        self.save_to = save_to
        self.start(seed)
        # a view's fields that hold one value a seat: those with one entry a player from the start of the game
        # (a hand's sizes, the totals), not those that grow as the game goes (the hands shown so far, in turn)
        first = self.state.view(0)
        self.per_seat = {f.name for f in dataclasses.fields(first) if f.name != "hand"
                         and isinstance(getattr(first, f.name), tuple)
                         and len(getattr(first, f.name)) == game.players} if dataclasses.is_dataclass(first) else set()

    def start(self, seed: int | str) -> None:
        """A fresh game from ``seed``: its deal, its bots, chance's stream; nothing taken back yet."""
        game = self.game
        self.seed = seed
        kinds = [("heuristic" if seat in self.humans else kind) for seat, kind in enumerate(self.kinds)]
        self.bots = seat_bots(game, kinds, seed)
        self.deal = game.deal(seed)
        self.state = game.new_game(self.deal)
        self.chance = Chance(seed)
        self.undo_points: list[tuple] = []  # (state, bots, chance, lines told) before each person's move
        self.practice: str | None = None  # why the game is practice (an undo), said on screen and when saved
        self.last_viewer: int | None = None
        self.hidden_from: list[set[Card]] = [set() for _ in range(game.players)]  # per seat, at the last step
        self.told_lines: list[str] = []  # every step as told at the table (hot seat: told again after a hand-over)
        self.seen_up_to: dict[int, int] = {}  # hot seat: per seat, how many of them it has seen

    # --- showing -----------------------------------------------------------------------
    def card_text(self, card: Card):
        from rich.text import Text

        # the suit's colour on a card-coloured tile, so that every suit reads on a dark screen as on a light one
        if self.console.color_system is None:  # no colours (a file, a pipe): the notation alone
            return Text(str(card))
        return Text(f" {card} ", style=f"bold {card.suit.colour} on {CARD_FACE}")

    def move_text(self, move):
        """A move as it is typed, its cards on their tiles (``add 5Ma``: the 5 of Matsya in its colour)."""
        from rich.text import Text

        out = Text()
        for i, word in enumerate(str(move).split(" ")):
            if i:
                out.append(" ")
            card = _card(word)
            out.append_text(self.card_text(card) if card is not None else Text(word))
        return out

    def value_text(self, value: Any):
        """A view's value as rich text: cards coloured, per-seat tuples by name, None as '-'."""
        from rich.text import Text

        if value is None:
            return Text("-")
        if isinstance(value, Card):
            return self.card_text(value)
        if isinstance(value, bool):
            return Text("yes" if value else "no")
        if isinstance(value, (tuple, list)):
            if not value:
                return Text("none")
            if all(isinstance(v, tuple) and len(v) == 2 and type(v[0]) is int and (isinstance(v[1], Card) or v[1] is None)
                   and 0 <= v[0] < self.game.players for v in value):  # (seat, card): a trick, None face down
                return Text(", ").join(Text.assemble(f"{self.names[s]} ", self.card_text(c) if c is not None
                                                     else Text("a card face down")) for s, c in value)
            if all(isinstance(v, Card) or v is None for v in value) and any(isinstance(v, Card) for v in value):
                return Text(" ").join(self.value_text(v) for v in value)
            return Text(" | ").join(self.value_text(v) for v in value)
        if isinstance(value, int) and not isinstance(value, bool):
            return Text(str(value))
        return Text(str(value))

    def show_table(self, seat: int) -> None:
        """What ``seat`` may see, field by field from ``view(seat)``, as a small table."""
        from rich.table import Table
        from rich.text import Text

        view = self.state.view(seat)
        table = Table(title=f"{self.game.title}: what {self.names[seat]} sees", show_header=False, box=None,
                      padding=(0, 1))
        table.add_column(style="dim", justify="right")
        table.add_column()
        if dataclasses.is_dataclass(view):
            for f in dataclasses.fields(view):
                if f.name in ("player", "current_player"):
                    continue
                value = getattr(view, f.name)
                label = f.name.replace("_", " ")
                if f.name in ("dealer", "leader", "active") and isinstance(value, int) and 0 <= value < self.game.players:
                    value = self.names[value]
                if f.name == "hand":
                    label = "your hand"
                    order = getattr(self.game, "hand_order", None)
                    if callable(order) and isinstance(value, tuple):
                        value = tuple(sorted(value, key=order))
                if f.name in self.per_seat and isinstance(value, tuple) and len(value) == self.game.players:
                    seats = list(zip(self.names, value))
                    if f.name == "face_up" and not value[seat]:  # your own face-up cards are in your hand above
                        seats = [sv for i, sv in enumerate(seats) if i != seat]
                        label = "others face up"
                    shown = Text(", ").join(Text.assemble(f"{name} ", self.value_text(v)) for name, v in seats)
                else:
                    shown = self.value_text(value) if not isinstance(value, str) else value
                table.add_row(label, shown)
        else:
            table.add_row("view", str(view))
        self.console.print(table)

    def rules_in_play(self) -> str:
        """The options in force in players' words, as the chapter's choices table names them: "3 players; Face-up
        batches: yes"; the rules as written are said to be so."""
        g = self.game
        said = [f"{g.players} player{'s' if g.players != 1 else ''}"]
        said += [f"{info.heading}: {info.label(getattr(g, info.name))}" for info in g.options()
                 if info.name != "players" and getattr(g, info.name) != info.default]
        return "; ".join(said) + ("" if len(said) > 1 else ", the chapter's rules")

    def clause_words(self, clauses: Sequence[str]) -> str:
        """The rules cited, as the book prints them: "§11 A bridge matches the last card ..." (the chapter's
        number, never the clause's id)."""
        titles = self.game.CLAUSES
        return self.cited("; ".join(f"[{c}] {titles.get(c, '(not a clause of this game)')}" for c in clauses))

    def cited(self, text: str) -> str:
        """The rules cited in ``text`` as the book prints them, "[kk.bridge]" as "§11" (a play page keeps the ids,
        which it turns into links to the chapter)."""
        text = re.sub(r"\[clause ([a-z]+\.[\w-]+)\]", r"([\1])", text)  # an error's "[clause kk.bridge]": "(§11)"
        return cite(text, chapter_numbers(self.game))

    def _would_cite(self, move) -> tuple[str, ...]:
        """The clauses ``move`` would be played under, said before it is made (the forced move's line, a hint): for a
        move that brings cards the player cannot see yet, only the rule it is played under, as the others cited
        would tell what it brings (Nakash's show citing "18, 19, 21 and 23 lose at once", Naqsh's take "Over 17
        you are out"); else its record's (on a copy; nothing is shown)."""
        try:
            record, new = brought(self.state, move)
        except GanjifaError:
            return ()
        if new:
            clause = rule_clause(self.state, move)
            return (clause,) if clause else ()
        return tuple(record.clauses)

    # --- telling the steps -------------------------------------------------------------
    def _hidden_from(self, before: list, after: list, held: list[set], mover: int, record=None) -> list[set[Card]]:
        """Per seat, the cards it cannot know at this step (see :func:`hidden_at_step`)."""
        return hidden_at_step(self.state, before, after, held, mover, record)

    def _people_hidden(self, viewer: int | None) -> set[Card]:
        """The cards ``viewer`` (None: every person at the table) cannot know at the last step."""
        if viewer is not None:
            return self.hidden_from[viewer]
        hidden: set[Card] = set()
        for seat in (self.humans or range(self.game.players)):
            hidden |= self.hidden_from[seat]
        return hidden

    def redact(self, text: str, hidden: set[Card]) -> str:
        """``text`` with every card of ``hidden`` it names said as "a card" (its name or its notation)."""
        deck = self.game.deck
        for card in hidden:
            code = str(card)
            if card.suit.name not in text and code not in text:  # its name says its suit
                continue
            name = deck.card_name(card)
            if name in text or code in text:
                text = re.sub(rf"(?<![\w])(the )?{re.escape(name)}(?![\w])", "a card", text)
                text = re.sub(rf"(?<![\w]){re.escape(str(card))}(?![\w])", "a card", text)
        return text

    def told(self, record, viewer: int | None) -> str:
        """The last step (``record``) as ``viewer`` (a seat, or None for every person at the table) is told it:
        the record's own ``narrate_for`` where it has one (it hides the holders a seat cannot know), else its
        narration; either way every card the viewer cannot know is said as "a card"."""
        tell_for = getattr(record, "narrate_for", None)
        text = tell_for(viewer, self.names) if callable(tell_for) else record.narrate(self.names)
        return self.redact(text, self._people_hidden(viewer))

    def tell(self, record) -> None:
        """One step, in words, as the person at the table (or, with several, all of them) may know it."""
        viewer = next(iter(self.humans)) if len(self.humans) == 1 else None
        text = self.cited(self.told(record, viewer))  # "§11", as the book prints it
        self.told_lines.append(text)
        self.console.print(text, highlight=False, markup=False)

    def step(self, move) -> None:
        state = self.state
        n = self.game.players
        before = [state.view(s) for s in range(n)]
        held = [set(h) for h in state.hands]
        mover = state.current_player
        record = state.apply(move)
        after = [state.view(s) for s in range(n)]
        self.hidden_from = self._hidden_from(before, after, held, mover, record)
        self.tell(record)

    # --- the loop --------------------------------------------------------------------------
    def run(self) -> int:
        c = self.console
        c.print(f"{self.game.title}, {self.rules_in_play()}, seed {self.seed}. "
                f"You play {' and '.join(self.names[s] for s in sorted(self.humans)) if len(self.humans) < self.game.players else 'every seat'}"
                f" (seat{'s' if len(self.humans) > 1 else ''} {', '.join(str(s + 1) for s in sorted(self.humans))}). "
                "Type 'help' for the commands.",
                highlight=False)
        try:
            while True:
                seat = self.state.current_player
                if seat is None:
                    c.print(self.state.result().narrate(self.names), style="bold", highlight=False)
                    self.money()
                    if self.save_to:
                        self.save(self.save_to, replace=True)
                    if not self.after_the_end():
                        return 0
                    continue
                if seat == CHANCE:
                    self.step(self.chance.outcome(self.state))
                elif seat not in self.humans:
                    self.step(self.bots[seat].choose(self.state))
                elif not self.turn(seat):
                    return 0
        except EOFError:
            c.print()
            c.print("(end of input: the game is left here)", highlight=False)
            return 0
        except KeyboardInterrupt:  # Ctrl-C: the game so far may be kept before leaving
            c.print()
            return self.offer_to_save()

    def money(self) -> None:
        if type(self.game).settle is Game.settle:
            return
        try:
            paid = self.game.settle(self.state)
        except GanjifaError:
            return
        self.console.print("Money: " + ", ".join(f"{n} {v:+g}" for n, v in zip(self.names, paid)), highlight=False)

    def after_the_end(self) -> bool:
        """At the end: ``undo``, ``why``, ``table``, ``save FILE``, ``new`` (the next seed's game) and ``quit`` (or
        Enter) to leave; any other word is refused with a line, so nobody leaves by a slip before saving."""
        while True:
            line = self.ask("game over (save FILE, new, undo, why, quit)> ").strip()
            word, _, rest = line.partition(" ")
            if word == "undo":
                if self.undo():
                    return True
            elif word == "why":
                self.why()
            elif word == "save":
                self.save(rest.strip())
            elif word == "new":
                seed = self.seed + 1 if isinstance(self.seed, int) else f"{self.seed}+1"
                self.start(seed)
                self.console.print(f"A new game: {self.game.title}, seed {seed}.", highlight=False)
                return True
            elif word in ("table", "moves") and len(self.humans) == 1:
                self.show_table(next(iter(self.humans)))
            elif word in ("help", "?"):
                for name, what in END_COMMANDS:
                    self.console.print(f"  {name:15} {what}", highlight=False)
            elif word in ("quit", "exit", ""):
                return False
            else:
                self.console.print(f"the game is over: {word!r} is not a command here; type save FILE, new, undo, "
                                   "why or quit (help lists them)", highlight=False, markup=False)

    def turn(self, seat: int) -> bool:
        """A person's turn: show, read commands until a move is made. False: the person left."""
        c = self.console
        if len(self.humans) > 1 and self.last_viewer != seat:
            self.hand_over(seat)
        self.last_viewer = seat
        self.show_turn(seat)
        while True:
            moves = self.state.legal_moves()
            line = self.ask(f"{self.names[seat]} (you)> ").strip()
            word, _, rest = line.partition(" ")
            if not line:
                if len(moves) == 1:
                    self.play(moves[0])
                    return True
                continue
            if word in ("quit", "exit"):
                return False
            if word in ("help", "?"):
                for name, what in COMMANDS + ((SOLVE_COMMAND,) if self.game.solve is not None else ()):
                    c.print(f"  {name:15} {what}", highlight=False)
                continue
            if word == "solve" and self.game.solve is not None:
                c.print("Searching...", highlight=False)
                c.print(self.game.solve(self.state).words, highlight=False, markup=False)
                continue
            if word == "undo":
                if self.undo():
                    return True  # the loop comes back to whoever moves now
                continue
            if word == "hint":
                self.hint()
                continue
            if word == "why":
                self.why()
                continue
            if word in ("table", "moves"):
                self.show_turn(seat)
                continue
            if word == "save":
                self.save(rest.strip())
                continue
            move = self.read_move(line, moves)
            if move is not None:
                self.play(move)
                return True

    def clear_screen(self) -> None:
        """Clear the screen and what scrolled off it (at a terminal); elsewhere (a file, a pipe) a line says so."""
        c = self.console
        if c.is_terminal:
            c.clear()
            c.file.write("\x1b[3J")  # the scrollback too: the previous hand cannot be scrolled back to
            c.file.flush()
        else:
            c.print("\n---------------- (the screen is cleared here) ----------------\n", highlight=False)

    def hand_over(self, seat: int) -> None:
        """Hot seat: the previous person's cards leave the screen before the next person sits down; then the
        steps since that person's last turn are told again (they were cleared with the screen)."""
        name = self.names[seat]
        self.clear_screen()
        self.console.print(f"--- {name}'s turn: the others look away ---", style="bold", highlight=False)
        self.ask(f"Pass to {name}, press Enter ")
        self.clear_screen()
        since = self.told_lines[self.seen_up_to.get(seat, 0):]
        if since:
            self.console.print(f"Since your last turn, {name}:", style="bold", highlight=False)
            for line in since:
                self.console.print("  " + line, highlight=False, markup=False)
        self.seen_up_to[seat] = len(self.told_lines)

    def show_turn(self, seat: int) -> None:
        c = self.console
        self.show_table(seat)
        moves = self.state.legal_moves()
        from rich.text import Text

        if len(moves) == 1:
            cited = self._would_cite(moves[0])
            c.print(Text.assemble("Your only move is ", self.move_text(moves[0]),
                                  (f", under {self.clause_words(cited)}" if cited else "") + ". Press Enter to play it."))
            return
        described = [self.describe(m, seat) for m in moves] if len(moves) <= MOVES_IN_WORDS else [""] * len(moves)
        if not any(described):
            c.print(Text.assemble("Your moves: ", Text("  ").join(Text.assemble(f"{i}) ", self.move_text(m))
                                                                     for i, m in enumerate(moves, 1))))
            return
        c.print("Your moves:", highlight=False)
        width = max(len(str(m)) for m in moves)
        for i, (m, words) in enumerate(zip(moves, described), 1):
            c.print(Text.assemble(f"  {i:>2}) ", self.move_text(m), " " * (width - len(str(m)) + 2), Text(words)))

    def describe(self, move, seat: int) -> str:
        """``move`` in words, as the book would tell it once played (``bridges with the Raja of Barat: it matches
        ...``). What a move would bring is never told before it is made: a move that would show the person
        something new (a card drawn from the stock) is told as a choice, by the rule the chapters' questions
        use (:func:`engine.examples.choices.chosen`: the cards it would bring are "a card"), or, where those words
        might still tell something of what it would bring (whether a drawn card fits, the total of a hand
        about to be shown), by the rule it is played under (:func:`engine.examples.choices.rule_of`: "Take another
        card"); any other card the words would name that the person cannot see (the gheni a deni calls for)
        is said as "a card"."""
        state = self.state
        try:
            record, new = brought(state, move, seat)
            # a step whose words turn on cards the seat cannot see says the choice itself (Traditional Ganjifa's
            # hardu, right or void): those words name cards, never where they lie
            choice = getattr(record, "narrate_choice", None)
            as_choice = (choice(self.names) if callable(choice) else None) or ""
            text = as_choice
            if not text and new:
                told = foreseen(state, move, self.names)
                text = told[0] if told is not None else rule_of(state, move, record)
            elif not text:
                tell_for = getattr(record, "narrate_for", None)
                text = tell_for(seat, self.names) if callable(tell_for) else record.narrate(self.names)
            if not as_choice:
                hidden = set(state.all_cards()) - cards_in(state.view(seat)) - set(state.visible_cards(seat))
                text = self.redact(text, hidden)
        except GanjifaError:
            return ""
        text = re.sub(r"\s*\[[a-z]+\.[\w-]+\]", "", text).strip()
        name = self.names[seat]
        if text.startswith(name + " "):
            text = text[len(name) + 1:]
        # "... to Asha" is "... to you"; the name as a subject keeps it ("you draws", "and you owes" would not do)
        return re.sub(rf"\b(to|from|for|with|of|by|than|asks|gives|pays|tells) {re.escape(name)}(?=[ .,;:]|$)",
                      r"\1 you", text).rstrip(".") if text else ""

    def play(self, move) -> None:
        try:
            point = (self.state.copy(), copy.deepcopy(self.bots), copy.deepcopy(self.chance), len(self.told_lines))
        except Exception:  # noqa: BLE001 - a bot that cannot be copied: undo then replays from the deal
            point = (self.state.copy(), None, None, len(self.told_lines))
        self.undo_points.append(point)
        seat = self.state.current_player
        self.step(move)
        self.seen_up_to[seat] = len(self.told_lines)  # the person saw their own move told

    def undo(self) -> bool:
        if not self.undo_points:
            self.console.print("nothing to undo", highlight=False)
            return False
        state, bots, chance, told = self.undo_points.pop()
        self.state = state
        if bots is not None:
            self.bots, self.chance = bots, chance
        del self.told_lines[told:]
        self.seen_up_to = {seat: min(n, told) for seat, n in self.seen_up_to.items()}
        seat = state.current_player
        self.console.print(f"Undone: back to {self.names[seat]}'s turn (step {len(state.history) + 1}).", highlight=False)
        if self.practice is None:
            # chance is not drawn again: a deal, a stock's order and the other hands are fixed when the cards are
            # dealt, and most games cannot deal their hidden cards afresh; so the game is marked, not redrawn
            self.practice = PRACTICE
            self.console.print(f"This game is now practice: {PRACTICE}. A saved transcript says so.", highlight=False)
        self.last_viewer = None if len(self.humans) > 1 else self.last_viewer
        return True

    def hint(self) -> None:
        """What the careful player would do: the moves it rates highest (``move_priority``) and their clauses."""
        moves = self.state.legal_moves()
        rated = sorted(((self.state.move_priority(m), i, m) for i, m in enumerate(moves)), key=lambda t: (-t[0], t[1]))
        best, _, move = rated[0]
        ties = [m for r, _, m in rated if r == best]
        c = self.console
        if len(moves) == 1:
            c.print(f"Only {move} is allowed.", highlight=False, markup=False)
        elif len(ties) == len(moves):
            c.print(f"The careful player sees no difference between the {len(moves)} moves here; it would pick one "
                    f"at random, e.g. {move}.", highlight=False, markup=False)
        else:
            others = ", ".join(f"{m} {r:g}" for r, _, m in rated[len(ties):len(ties) + 3])
            rates = f"{move} {best:g}" if len(ties) == 1 else f"{'each of them' if len(ties) > 2 else 'both'} {best:g}"
            c.print(f"The careful player would choose {' or '.join(map(str, ties))} (it rates {rates}; "
                    f"next: {others}). Its ratings only put the moves in order, the higher the better; "
                    "equal ratings are a free choice.", highlight=False, markup=False)
        cited = self._would_cite(move)
        if cited:
            c.print(f"  {move} is played under {self.clause_words(cited)}.", highlight=False, markup=False)

    def why(self) -> None:
        history = self.state.history
        if not history:
            self.console.print("no step has been made yet", highlight=False)
            return
        record = history[-1]
        if self.told_lines:  # the step in the game's words, as it was told at this table (no hidden card named)
            said = re.sub(r"\s*(\[[a-z]+\.[\w-]+\]|§\d+)", "", self.told_lines[-1]).strip().rstrip(".")
        else:
            said = f"{CHANCE_NAME if record.player == CHANCE else self.names[record.player]} moved"
        rules = self.clause_words(record.clauses)
        self.console.print(f"{said}. " + (f"The rules behind it: {rules}." if rules else "No rule is cited for it."),
                           highlight=False, markup=False)
