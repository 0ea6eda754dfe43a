"""``{position}``: a hand-set position with its picture, whose turn, and every legal move explained."""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives

from engine.examples.choices import as_choice
from engine.examples.claims import problems
from engine.errors import GanjifaError, IllegalMoveError, NotationError
from engine.protocol import default_names
from engine.examples.questions import outcome

from . import GanjifaDirective


class PositionDirective(GanjifaDirective):
    required_arguments = 0
    has_content = True
    option_spec = {
        "game": directives.unchanged_required,
        "options": directives.unchanged,
        "setup": directives.unchanged,
        "move": directives.unchanged_required,
        "names": directives.unchanged,
        "legal": lambda a: directives.choice(a, ("yes", "no")),
        "caption": directives.unchanged,
        # the choice the book goes on with in the next example (":continues:"), marked in the list of choices
        # without being played here (Guru Ganjifa's doubled Deni; the eighteenth reading)
        "chosen": directives.unchanged_required,
        **GanjifaDirective.POSITION_OPTIONS,
    }

    def run(self):
        self.note_engine()
        if "game" not in self.options:
            raise self.fail("name the game with :game: (e.g. kendra-kari)")
        game = self.game(self.options["game"], self.options.get("options", ""))
        text = self.options.get("setup") or "\n".join(self.content).strip()
        if not text and not ({"from", "continues"} & set(self.options)):
            raise self.fail("give the position as the body or with :setup: (or :from: a golden deal, or "
                            ":continues: an earlier example)")
        if not game.HAS_POSITIONS:
            raise self.fail(f"{game.title} has no position notation")
        state, flat = self.example_position(game, text, "position")
        names = self.names(game)
        box = nodes.container(classes=["ganjifa-position"])
        # the position the picture just before this one shows already (the example before ended on it, and
        # nothing was drawn since) is not drawn twice (issue 41: Kendra Kari's fresh ring, the same table on
        # facing pages); the caption goes with the picture after the move instead
        shown = self.env.temp_data.get("ganjifa_last_drawn")
        again = shown == (self.env.temp_data.get("ganjifa_figures", 0), state.position()) and "move" in self.options
        if not again:
            box += self.state_figure(state, self.options.get("caption"), names)
        if state.is_terminal():
            box += self.narration(f"The game is over. {outcome(state.result(), names)[1]}.")  # as a question answers it
        else:
            alone = state.players == 1 and self.options.get("legal", "yes") == "no"
            if not alone:  # a patience's table with no moves listed: whose turn goes without saying (Udvasa's
                # "Asha to play." stood alone under its first picture, the twelfth reading)
                box += nodes.paragraph("", f"{names[state.current_player]} to play.", classes=["ganjifa-turn"])
            chosen = self.options.get("move", "").strip() or self.options.get("chosen", "").strip()
            if "chosen" in self.options:
                if "move" in self.options:
                    raise self.fail(":chosen: marks a choice the next example plays; with :move: the choice "
                                    "played here is the one marked")
                try:
                    state.check(game.parse_move(chosen))
                except (IllegalMoveError, NotationError) as err:
                    raise self.engine_fail(err, f":chosen: {chosen}") from None
            if self.options.get("legal", "yes") == "yes":
                box += self.legal_moves(state, names, state.copy, chosen)
        # the caption's cards and holders, and those of the words leading up to it, agree with the position
        # and the move it shows (engine.examples.claims)
        states, played = [state], []
        if self.options.get("move", "").strip() and not state.is_terminal():
            try:
                after, move = state.copy(), game.parse_move(self.options["move"].strip())
                played.append((state.current_player, move))
                after.apply(move)
                states.append(after)
            except GanjifaError:
                pass  # shown_move names the fault
        wrong = problems(states, self.options.get("caption", ""), names, played, [flat])
        intro = self.introduction()
        if intro:
            wrong += problems(states, intro, names, played, [flat], history=True)
        if wrong:
            raise self.fail("the words contradict the position: " + "; ".join(wrong))
        if "move" in self.options:
            box += self.shown_move(game, state, names, self.options["move"].strip(),
                                   said=self.options.get("legal", "yes") == "yes",
                                   caption=self.options.get("caption") if again else None)
            self.env.temp_data["ganjifa_last_drawn"] = (self.env.temp_data.get("ganjifa_figures", 0), state.position())
        return [box]

    def names(self, game) -> tuple[str, ...]:
        if "names" not in self.options:
            return default_names(game.players)
        names = tuple(n.strip() for n in self.options["names"].split(","))
        if len(names) != game.players:
            raise self.fail(f":names: gives {len(names)} names for {game.players} players")
        return names

    def state_figure(self, state, caption=None, names=None):
        from engine.draw import state_svg

        return self.figure(state_svg(state, names=names), caption=caption, classes=["ganjifa-state"])

    def legal_moves(self, state, names, fresh, chosen: str = "") -> list[nodes.Node]:
        moves = state.legal_moves()
        who = names[state.current_player]
        # in players' words: no count in brackets, no "Played:" (issue 30)
        intro = nodes.paragraph("", f"What {who} may do:" if len(moves) != 1 else f"{who}'s only move:",
                                classes=["ganjifa-legal-intro"])
        items = nodes.bullet_list(classes=["ganjifa-legal"])
        for move in moves:
            # told as a choice, before it is made: never the cards it would bring (engine/examples/choices.py)
            para = self.narration(as_choice(fresh(), move, names)[0])
            item = nodes.list_item()
            if chosen and str(move) == str(state.game.parse_move(chosen)):
                item["classes"].append("ganjifa-chosen")
                if len(moves) != 1:  # the only move needs no mark
                    para.insert(0, nodes.strong(text=f"{who}'s choice: "))
            item += para
            items += item
        return [intro, items]

    def shown_move(self, game, state, names, text, said: bool, caption: str | None = None) -> list[nodes.Node]:
        """The position after ``text``; its sentence only if the list of choices has not said it already."""
        try:
            move = game.parse_move(text)
            state.check(move)
            mover = state.current_player
            as_listed = as_choice(state, move, names)[0]  # the words the list of choices gave it
            record = state.apply(move)
        except (IllegalMoveError, NotationError) as err:
            raise self.engine_fail(err, f":move: {text}") from None
        told = record.narrate(names)
        # said again once played when the list told it only as a choice (the cards it brought unnamed)
        out = [] if said and told == as_listed else [self.narration(told)]
        # a move that leaves its player to go on (Shakti's draw before the four cards put away) is not a turn's end
        caption = caption or (f"After this move: {names[mover]} moves again in the same turn" if state.current_player == mover
                              and mover is not None and mover >= 0 else "After the move played")
        out.append(self.state_figure(state, caption, names))
        return out
