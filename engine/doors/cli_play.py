"""The commands about one game: ``ganjifa games`` (the list), ``ganjifa info GAME`` (its facts and options)
and ``ganjifa play`` (a game played by bots into a transcript, or by people at the terminal)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .outputs import check_output_path

if TYPE_CHECKING:
    from ..protocol import Game


def run_games() -> int:
    """``ganjifa games``: the games, one a line: name, title, players and deck."""
    from ..registry import available_games, game_class
    from ..variants import entry_points

    rows = []
    for name in available_games():
        cls = game_class(name)
        players = f"{cls.min_players}-{cls.max_players}" if cls.min_players != cls.max_players else f"{cls.min_players}"
        rows.append((name, cls.title, f"{players} player{'' if players == '1' else 's'}", f"{cls.deck.name} deck"))
    for name in sorted(entry_points()):
        rows.append((name, "(installed variant)", "", ""))
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + "  " + row[3])
    return 0


def run_info(name: str) -> int:
    """``ganjifa info GAME``: a game's facts and options, each option's choices, default and clause."""
    from ..protocol import option_text
    from ..registry import game_class

    cls = game_class(name)
    print(f"{cls.title} ({getattr(cls, 'spec', cls.name)}): {cls.min_players} to {cls.max_players} players, "
          f"the {cls.deck.name} deck")
    if cls.__doc__ and getattr(cls, "spec", None):
        print("  " + cls.__doc__.strip().splitlines()[0])
    print("options (write them as key=value):")
    for info in cls.options():
        choices = list(info.choices)
        if len(choices) > 6 and all(type(c) is int for c in choices) and choices == list(range(choices[0], choices[-1] + 1)):
            shown = f"{choices[0]} to {choices[-1]}"
        else:
            shown = ", ".join(map(option_text, choices))
        clause = f" [{info.clause}: {cls.CLAUSES.get(info.clause, '?')}]" if info.clause else ""
        print(f"  {info.name.replace('_', '-')}={option_text(info.default)}  (choices: {shown}){clause}")
        if info.help:
            print(f"      {info.help}")
    print(f"clauses: {len(cls.CLAUSES)}, each with its title (a chapter cites them by id):")
    for cid, title in cls.CLAUSES.items():  # every id, as the README promises, not the first six
        print(f"  {cid}  {title}")
    if cls.EVENTS:
        print(f"events counted in simulations: {', '.join(cls.EVENTS)}")
    keys, example = position_grammar(cls)
    if keys:
        print("positions (a chapter's :position:, 'key=value' parts separated by ';'"
              + ("; the hands P1..Pn in seat order, their number the number of players" if "P1..Pn" in keys else "")
              + "):")
        print(f"  keys: {', '.join(keys)}")
        print(f"  example: {example}")
    return 0


def run_play(args) -> int:
    """``ganjifa play``: one game played by bots, its transcript printed or written, or played at the terminal."""
    from ..errors import OptionError
    from ..protocol import parse_options
    from .terminal import HUMAN
    from ..registry import game_class
    from ..shuffle import parse_seed
    from ..examples.transcript import check_name, dumps, play, write

    options = parse_options(" ".join(args.options))
    if args.players is not None:
        if "players" in options:
            raise OptionError("players given twice: write --players N or players=N, not both")
        options["players"] = str(args.players)
    game = game_class(args.game).from_options(options)
    from ..study.alike import refuse_changes_that_change_nothing

    refuse_changes_that_change_nothing(game, parse_seed(args.seed))  # a variant file's change that changes nothing
    names = [check_name(n.strip()) for n in args.names.split(",")] if args.names.strip() else None
    if args.write:
        check_output_path(args.write, "--write", args.force)  # one rule for every output: its folder must exist
    kinds = [k.strip() for k in args.bots.split(",")]
    if args.human is not None or HUMAN in kinds:
        return _play_at_the_terminal(args, game, kinds, names)
    t = play(game, parse_seed(args.seed), kinds, names)
    if args.write:
        write(t, args.write)
        print(f"wrote {args.write}")
    else:
        print(dumps(t), end="")
    return 0


def _play_at_the_terminal(args, game, kinds, names) -> int:
    """``play --human SEATS`` (or ``--bots human,...``): people at the terminal, bots in the other seats."""
    from rich.console import Console

    from ..errors import OptionError
    from ..shuffle import parse_seed
    from .terminal import HUMAN, TerminalGame, parse_humans

    if len(kinds) not in (1, game.players):
        raise OptionError(f"{len(kinds)} bots for {game.players} players: give one kind, or one per seat")
    if len(kinds) == 1:
        kinds = kinds * game.players
    humans = {seat for seat, kind in enumerate(kinds) if kind == HUMAN}
    if args.human is not None:
        humans |= parse_humans(args.human, game.players)
    kinds = ["heuristic" if seat in humans else kind for seat, kind in enumerate(kinds)]
    from ..players.bots import make_bot

    for kind in kinds:
        make_bot(kind)  # an unknown bot is refused before the game starts
    if names is None:
        from .terminal import CAST

        names = list(CAST[:game.players]) if game.players <= len(CAST) else None
    table = TerminalGame(game, parse_seed(args.seed), humans, kinds, names, Console(highlight=False),
                         save_to=args.write)
    return table.run()


def position_grammar(cls: type[Game], root=None) -> tuple[list[str], str | None]:
    """``(keys, example)`` of game ``cls``'s position notation (a chapter's ``:position:``): the keys a position
    is written with, in the order the engine writes them (``P1..Pn`` for the hands), and an example: the first
    position of the game's chapter, else one the engine writes in the middle of a seeded game. ``([], None)``
    for a game without positions."""
    import re
    from pathlib import Path

    if not getattr(cls, "HAS_POSITIONS", False):
        return [], None
    from ..shuffle import derive
    from ..study.simgames import played

    game = cls.from_options({})
    texts: list[str] = []
    try:  # a seeded game replayed: its position at the start, early, in the middle and at the end
        final = next(played(game, 1, ("random",), 0, 1))
        state = game.new_game(game.deal(derive(1, "game", 0)))
        steps = final.history[len(state.history):]
        marks = {0, 3, len(steps) // 2, len(steps)}
        for k, record in enumerate([*steps, None]):
            if k in marks:
                texts.append(state.position())
            if record is not None:
                state.apply(record.move)
    except Exception:  # noqa: BLE001 - a game whose positions cannot be written mid-game: those written do
        pass
    chapter = Path(root or Path(__file__).resolve().parents[2]) / "rules" / f"{cls.name}.md"
    example = None
    if chapter.is_file():
        found = re.search(r"^:position:\s*(.+)$", chapter.read_text(encoding="utf-8"), re.M)
        if found and f":game: {cls.name}" in chapter.read_text(encoding="utf-8"):
            example = found.group(1).strip()
            texts.append(example)
    keys: list[str] = []
    for text in texts:
        for part in text.split(";"):
            key = part.partition("=")[0].strip()
            key = "P1..Pn" if re.fullmatch(r"P\d+", key) else key
            if key and key not in keys:
                keys.append(key)
    for key in getattr(cls, "POSITION_KEYS", ()) or ():
        if key not in keys:
            keys.append(key)
    return keys, example or (texts[1] if len(texts) > 1 else texts[0] if texts else None)
