"""Keeping a game played at the terminal or on a play page (a mixin of :class:`engine.doors.terminal.TerminalGame`):
the game so far as a golden transcript (``save FILE``: no folder made, a file replaced only after a yes), and,
after a Ctrl-C, the offer to keep it before leaving. It uses the game's ``state``, ``game``, ``deal``, ``seed``,
``names``, ``humans``, ``kinds``, ``practice``, ``console`` and ``ask``.
"""

from __future__ import annotations

from ..errors import INTERRUPTED
from ..examples.transcript import Transcript, joined, replayed_steps, write


class Saving:
    """``save``, ``transcript`` and ``offer_to_save`` for :class:`engine.doors.terminal.TerminalGame`."""

    def offer_to_save(self) -> int:
        """After a Ctrl-C in a game: ask for a file to save the game so far in (Enter, or Ctrl-C again, leaves
        without saving); the exit status of a command stopped by Ctrl-C, 130, either way."""
        c = self.console
        if self.state.history and self.deal is not None:
            try:
                path = self.ask("Interrupted. Save the game so far? Type a file name, or press Enter to leave "
                                "without saving: ").strip()
            except (KeyboardInterrupt, EOFError):
                path = ""
                c.print()
            if path:
                self.save(path)
            else:
                c.print("not saved: the game is left here", highlight=False)
        else:
            c.print("Interrupted: the game is left here", highlight=False)
        return INTERRUPTED

    def transcript(self) -> Transcript:
        """The game so far as a transcript: every step (a player's steps in a row joined where the game
        allows, as ``ganjifa play`` writes them), replayed from the deal, with ``bots: none``."""
        game = self.game
        moves = joined(game, ((record.player, record.move) for record in self.state.history))
        steps, state = replayed_steps(game, self.deal, moves, self.names)
        result = state.result().narrate(self.names) if state.is_terminal() else None
        played = tuple(f"{name} {'a person' if seat in self.humans else self.kinds[seat]}"
                       for seat, name in enumerate(self.names))
        return Transcript(getattr(game, "spec", game.name), game.option_items(), self.seed, self.names, None,
                          self.deal, tuple(steps), result, played=played, practice=self.practice)

    def save(self, path: str, *, replace: bool = False) -> None:
        """Write the game so far to ``path``. A missing folder is refused (nothing is made); an existing file is
        replaced only after a yes (or ``replace``: the file named with ``play --write``, already allowed there)."""
        import os

        from ..files import special_kind
        from .outputs import describe_existing

        c = self.console
        if not path:
            c.print("save takes a file name: save FILE", highlight=False)
            return
        kind = special_kind(path)
        if kind is not None or os.path.isdir(path):
            c.print(f"cannot save to {path}: it is {kind or 'a folder'}, not a file; nothing was written",
                    highlight=False, markup=False)
            return
        folder = os.path.dirname(path)
        if folder and not os.path.isdir(folder):
            c.print(f"cannot save to {path}: the folder {folder} does not exist (save makes no folders); "
                    "nothing was written", highlight=False, markup=False)
            return
        there = None if replace else describe_existing(path)
        if there is not None:
            answer = self.ask(f"{path} already exists ({there}); replace it? (yes/no) ").strip().lower()
            if answer not in ("y", "yes"):
                c.print(f"not saved: {path} is left as it was", highlight=False, markup=False)
                return
        try:
            write(self.transcript(), path)
        except OSError as err:
            c.print(f"cannot write {path}: {err.strerror or err}", highlight=False, markup=False)
            return
        c.print(f"wrote {path}" + (" (marked as practice)" if self.practice else ""), highlight=False, markup=False)
