"""A change that changes nothing: a variant file, or an option given to one, that plays exactly like the book's
game on every one of the first seeded games of a simulation is refused in one line
(:func:`refuse_changes_that_change_nothing`); games are compared by their print (:func:`engine.study.simgames.game_print`).
"""

from __future__ import annotations

import dataclasses

from ..errors import OptionError
from ..protocol import Game, option_text
from ..registry import game_names
from .simgames import game_print, played

ALIKE_GAMES = 200  # games tried before a variant or an option is refused as playing exactly like the base game


def first_difference(a: Game, b: Game, seed, bots_a, bots_b, games: int = ALIKE_GAMES) -> int | None:
    """The first game (of ``games`` seeded as a simulation's) that ``a`` and ``b`` play differently, or None when
    they play every one alike (the same moves, the same outcome): a change that changes nothing."""
    def kinds(bots) -> tuple[str, ...]:
        return (bots,) if isinstance(bots, str) else tuple(bots)

    for g, (sa, sb) in enumerate(zip(played(a, seed, kinds(bots_a), 0, games),
                                     played(b, seed, kinds(bots_b), 0, games))):
        if game_print(a, sa) != game_print(b, sb):
            return g
    return None


def base_game_class(cls: type[Game]) -> type[Game] | None:
    """The book's game a variant class is made from (the nearest registered game among its bases), or None
    for a registered game itself."""
    names = set(game_names())
    if getattr(cls, "name", None) in names and "spec" not in vars(cls):
        return None
    for base in cls.__mro__[1:]:
        if isinstance(base, type) and issubclass(base, Game) and "name" in vars(base) and base.name in names \
                and "spec" not in vars(base):
            return base
    return None


def refuse_changes_that_change_nothing(game: Game, seed=1, bots="random", games: int = ALIKE_GAMES) -> None:
    """OptionError, in one line, when ``game`` is a variant file that plays exactly like the book's game it is
    made from, or is given an option that changes the play of the book's game but nothing in the variant's (the
    file sets that rule itself), on every one of ``games`` seeded games (the first of a simulation with
    ``seed``, played by ``bots``). The book's own games are not tried: their options are theirs to read."""
    base = base_game_class(type(game))
    if base is None:
        return
    games = max(1, games)
    tried = f"in each of {games:,} seeded game{'s' if games != 1 else ''} (seed {seed})"
    name = getattr(type(game), "spec", type(game).__name__)

    def as_base(variant: Game):
        try:
            return base(**{f.name: getattr(variant, f.name) for f in dataclasses.fields(base)})
        except (OptionError, TypeError, ValueError):
            return None

    plain = as_base(game)
    if plain is not None and first_difference(game, plain, seed, bots, bots, games) is None:
        raise OptionError(f"{name} plays exactly like {base.title}, the same moves and outcome {tried}: the rule it "
                          "changes is not one the game reads there, so it changes nothing (see 'A variant file' in "
                          "README.md)")
    for info in game.options():
        value = getattr(game, info.name)
        if info.name == "players" or value == info.default:
            continue
        try:
            other = dataclasses.replace(game, **{info.name: info.default})
        except (OptionError, TypeError, ValueError):
            continue
        if first_difference(game, other, seed, bots, bots, games) is not None:
            continue
        in_base, other_base = as_base(game), as_base(other)
        if in_base is None or other_base is None or first_difference(in_base, other_base, seed, bots, bots, games) is None:
            continue  # (it changes no play in the book's game either: a matter of wording, or rare)
        spoken = info.name.replace("_", "-")
        raise OptionError(f"{spoken}={option_text(value)} changes nothing in {name}: it plays exactly as with "
                          f"{spoken}={option_text(info.default)}, the same moves and outcome {tried}, though the "
                          f"option changes {base.title}'s play: the file sets that rule itself")
