"""Reading a move a person types at the terminal (``TerminalGame.read_move``): its number in the list, the
move as listed in any case, or notation, in the case the notation asks where that is unambiguous (``4su`` is
``4Su``); a card the person cannot see is refused naming the person only, a move the rules forbid naming
its clause, and a word that is no move at all with this game's suits and an example.

A mixin of :class:`engine.doors.terminal.TerminalGame`: it uses the game's ``state``, ``game``, ``names`` and
``console``.
"""

from __future__ import annotations

import re

from ..cards import Card, cards_in
from ..errors import GanjifaError, NotationError


def _card(word: str) -> Card | None:
    """The card ``word`` writes (``7Sa``), or None."""
    if not word or not word[0].isalnum():
        return None
    try:
        return Card.parse(word)
    except GanjifaError:
        return None


class MoveReader:
    """What a person types, read as a move of the game in play (see the module's docstring)."""

    def fix_case(self, text: str, moves: list) -> str:
        """``text`` with each word written in the case the notation asks where that is unambiguous: ``4su`` is
        ``4Su``; a word of a listed move (``Draw``) as it is listed."""
        codes: dict[str, set[str]] = {}
        for card in self.state.all_cards():
            codes.setdefault(str(card).lower(), set()).add(str(card))
        for move in moves:
            for word in str(move).split(" "):
                codes.setdefault(word.lower(), set()).add(word)
        out = []
        for word in text.split():
            found = codes.get(word.lower(), set())
            out.append(next(iter(found)) if len(found) == 1 and word not in found else word)
        return " ".join(out)

    def with_verb(self, typed: str, moves: list) -> str:
        """``typed`` with the one word every listed move begins with, where it was left out: "RSu 1Su" is
        "play RSu 1Su" when every move here is a "play" (a learner typed the cards alone, as the chapter names them).
        """
        verbs = {str(m).split(" ")[0] for m in moves if " " in str(m)}
        if len(verbs) != 1 or len({str(m).split(" ")[0] for m in moves}) != 1:
            return typed
        verb = verbs.pop()
        if typed.split(" ")[0].lower() == verb.lower() or _card(typed.split(" ")[0]) is None:
            return typed
        return f"{verb} {typed}"

    def notation_help(self, text: str, moves: list) -> str:
        """What to type, when ``text`` is no move at all: this game's suits only."""
        deck = self.game.deck
        example = next((c for m in moves for c in map(_card, str(m).split(" ")) if c is not None), None)
        how = (f"; a card is its rank then its suit: {example} is the {deck.card_name(example)}"
               if example is not None else "")
        suits = ", ".join(f"{s.code} {s.name}" for s in deck.suits)
        number = "1 (the only move)" if len(moves) == 1 else f"a number from the list (1 to {len(moves)})"
        return (f"{text!r} is not a move here: type {number} or a move as "
                f"listed, e.g. {moves[0]}{how}. The suits of {self.game.title}: {suits}.")

    def with_names(self, text: str) -> str:
        """An engine message with "Player 2" said as the name at the table."""
        def name(m):
            n = int(m.group(1))
            return self.names[n - 1] if 1 <= n <= len(self.names) else m.group(0)
        return re.sub(r"\bPlayer (\d+)\b", name, text)

    def read_move(self, text: str, moves: list):
        from ..notation import whole_number

        n = whole_number(text, 4)
        if n is not None:
            if 1 <= n <= len(moves):
                return moves[n - 1]
            choose = "1 (the only move)" if len(moves) == 1 else f"1 to {len(moves)}"
            self.console.print(f"there is no move {n}: choose {choose}, or type a move", highlight=False)
            return None
        listed = [m for m in moves if str(m).lower() == " ".join(text.split()).lower()]
        if len(listed) == 1:
            return listed[0]
        typed = self.fix_case(text, moves)
        seat = self.state.current_player
        card = _card(typed) if len(typed.split()) == 1 else None
        if card is not None:  # a card typed alone: the move that plays it, in any game (as the README promises)
            playing = [m for m in moves if typed in str(m).split(" ") and str(m) != typed]
            if len(playing) == 1:
                return playing[0]
            if len(playing) > 1:
                shown = ", ".join(str(m) for m in playing[:6]) + (" ..." if len(playing) > 6 else "")
                self.console.print(f"the {self.game.deck.card_name(card)} is played in {len(playing)} moves: type "
                                   f"the whole move or its number ({shown})", highlight=False, markup=False)
                return None
        try:
            move = self.game.parse_move(self.with_verb(typed, moves))
        except NotationError:
            self.console.print(self.notation_help(text, moves), highlight=False, markup=False)
            return None
        except GanjifaError as err:
            self.console.print(self.with_names(self.cited(err.described())), highlight=False, markup=False)
            return None
        swapped = getattr(move, "swapped", None)
        if swapped is not None and move not in moves and swapped() in moves:  # two cards in the other order: one move
            return swapped()
        seen = cards_in(self.state.view(seat))
        unseen = [c for c in map(_card, typed.split()) if c is not None and c not in seen]
        if unseen:  # a card the person cannot see: not theirs to play, whoever has it (no rule of the game at stake)
            self.console.print(f"{self.names[seat]} does not hold the {self.game.deck.card_name(unseen[0])}: a move "
                               "plays cards from your hand (or from the table where the rules say so)",
                               highlight=False, markup=False)
            return None
        try:
            self.state.check(move)
        except GanjifaError as err:
            self.console.print(self.with_names(self.cited(err.described())), highlight=False, markup=False)
            return None
        return move

