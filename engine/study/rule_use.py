"""What each rule does in a simulation's first games, cited or not: a rule acts when a step cites it, when it
decides the result or deals the cards, or when it refuses a move a player could try (:func:`rule_use`)."""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from ..protocol import CHANCE, Game
from ..shuffle import deriving
from .simgames import played

RULE_USE_GAMES = 50  # games replayed to see which rules act (cited, deciding, or refusing a move a player could try)
PROBED_DECISIONS = 16  # decisions of a replayed game at which the moves a player could try are tried
PROBED_TRIES = 24  # moves tried at one decision, at most


def rule_use(game: Game, seed: int | str, bots: Sequence[str], games: int = RULE_USE_GAMES) -> tuple[int, Counter]:
    """``(games replayed, clause -> games it acted in)`` over the first ``games`` games of a simulation: a rule
    acts in a game when a step cites it, when it decides the result, when it deals the cards (the game's
    ``DEAL_CLAUSE``: every game is dealt), or when it refuses a move the player to move could try: a word of the
    game's moves (``draw``, ``show``) or a form of move seen in the game (a card played, a bridge) made with a card
    of that player's hand (at up to :data:`PROBED_DECISIONS` decisions of a game and :data:`PROBED_TRIES` moves a decision, evenly spread). So a rule that forbids (a player who can play must; no bridge without a card opposite)
    is counted though no move that is made cites it."""
    import re

    from ..errors import GanjifaError

    kinds = (bots,) if isinstance(bots, str) else tuple(bots)
    acted: Counter = Counter()
    done = 0
    codes_re = None
    deal_clause = getattr(game, "DEAL_CLAUSE", None)
    words = tuple(getattr(game, "MOVES", ()) or ())
    game_seed = deriving(seed, "game")
    for g, final in enumerate(played(game, seed, kinds, 0, games)):
        done += 1
        used = set().union(*(r.clauses for r in final.history))
        used.add(final.result().clause)
        if deal_clause:
            used.add(deal_clause)
        state = game.new_game(game.deal(game_seed(g)))
        if codes_re is None:
            codes = sorted({str(c) for c in state.all_cards()}, key=len, reverse=True)
            codes_re = re.compile("|".join(map(re.escape, codes))) if codes else re.compile(r"(?!)")
        forms: set[str] = set()  # a move's text with its one card as {}; or a move that names no card

        def learn(text: str) -> None:
            found = codes_re.findall(text)
            if not found:
                forms.add(text)
            elif len(found) == 1:
                forms.add(codes_re.sub("{}", text.replace("{", "{{").replace("}", "}}")))

        for record in final.history[len(state.history):]:
            if record.player != CHANCE:
                learn(str(record.move))
        steps = final.history[len(state.history):]
        decisions = sum(1 for r in steps if r.player != CHANCE)
        every = -(-decisions // PROBED_DECISIONS) or 1  # at most PROBED_DECISIONS of a game's decisions, evenly spread
        decision = -1
        for record in steps:
            cp = state.current_player
            if cp != CHANCE:
                decision += 1
            if cp != CHANCE and decision % every == 0:
                legal = {str(m) for m in state.legal_moves()}
                for text in legal:
                    learn(text)
                hand = [str(c) for c in state.hands[cp]] if cp < len(state.hands) else []
                tries = set(words)
                for form in forms:
                    if "{}" not in form:
                        tries.add(form)
                    else:
                        tries.update(form.format(c) for c in hand)
                tries = sorted(tries - legal)
                step = -(-len(tries) // PROBED_TRIES) or 1  # at most PROBED_TRIES of them, evenly spread
                for text in tries[::step]:
                    try:
                        state.check(game.parse_move(text))
                    except GanjifaError as err:
                        clause = getattr(err, "clause", None)
                        if clause:
                            used.add(clause)
                    except Exception:  # noqa: BLE001 - a form this position cannot even read: nothing refused
                        pass
            state.apply(record.move)
        acted.update(used & set(game.CLAUSES))
    return done, acted
