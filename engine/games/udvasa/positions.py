"""Udvasa positions as text, read back exactly, so a chapter can hand-set a tableau.

``build=1Sa 1Ta 4Sh 1Gh RSu RCh VQi RBa; stacks=7Sh 3Ta / 5Gh / - / ...; stock=2Ba 9Su ...``:
the top card of each suit's build stack (every card below it, in order, is on the stack too), the
eight working stacks bottom first (``-`` for an empty one), and the stock, top card first. Without
``stock`` every card not placed yet lies in the stock, in the deck's order. ``end=stopped`` marks a
game given up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import parse_cards
from ...errors import NotationError
from ...protocol import Game, split_notation
from .tables import AT, CARDS, N_CARDS, N_SUITS, STACKS, SUIT, SUITS, VALUE, card_index

if TYPE_CHECKING:
    from .state import UDState

USAGE = "an Udvasa position is 'build=...; stacks=A / B / ... (eight); stock=...'"


def parse_position(game: Game, text: str, *, reachable: bool = True) -> "UDState":
    """The state ``text`` describes. A stock play cannot leave (80 once the layout is dealt, eight cards a deal)
    is refused; ``reachable=False`` lets a rule's unit test set only the cards the rule is about."""
    from .state import FULL, UDState

    hands, fields = split_notation(text, USAGE, keys=("build", "stacks", "stock", "end"))
    if hands:
        raise NotationError("P1", "Udvasa has no hands: " + USAGE)
    for key in ("build", "stacks"):
        if key not in fields:
            raise NotationError(text.strip()[:40] or text, f"the position has no '{key}': " + USAGE)
    up = game.up_flags
    tops = [card_index(c) for c in parse_cards(fields["build"])]
    if len(tops) != N_SUITS or sorted(SUIT[c] for c in tops) != list(range(N_SUITS)):
        raise NotationError(fields["build"], "name the top card of each of the eight build stacks, one a suit")
    built = [0] * N_SUITS
    placed: list[int] = []
    for c in tops:
        s, v = SUIT[c], VALUE[c]
        built[s] = v if up[s] else FULL + 1 - v
        placed += [AT[s][w] for w in (range(1, v + 1) if up[s] else range(FULL, v - 1, -1))]
    parts = [p.strip() for p in fields["stacks"].split("/")]
    if len(parts) != STACKS:
        raise NotationError(fields["stacks"], f"there are eight working stacks, not {len(parts)}: separate them with '/'")
    stacks = [[card_index(c) for c in parse_cards(p)] for p in parts]
    placed += [c for s in stacks for c in s]
    if "stock" in fields:
        stock = [card_index(c) for c in parse_cards(fields["stock"])]
    else:
        have = set(placed)
        stock = [c for c in range(N_CARDS) if c not in have]
    cards = placed + stock
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise NotationError(str(CARDS[c]), "this card is placed twice")
        seen.add(c)
    if len(cards) != N_CARDS:
        missing = [str(CARDS[c]) for c in range(N_CARDS) if c not in seen]
        raise NotationError(" ".join(missing[:6]), "these cards are nowhere: every card is on a build stack, a "
                            "working stack or in the stock")
    end = fields.get("end", "")
    if end not in ("", "stopped"):
        raise NotationError(end, "'end' is only written 'end=stopped' (a game given up)")
    # the stock holds 80 cards once the layout is dealt and gives eight at a time, one to each working stack
    if reachable and (len(stock) % STACKS or len(stock) > N_CARDS - 2 * STACKS):
        raise NotationError(f"stock={len(stock)} cards", f"the stock holds {N_CARDS - 2 * STACKS} cards once the "
                            f"layout is dealt and is dealt {STACKS} at a time, so it holds {N_CARDS - 2 * STACKS}, "
                            f"{N_CARDS - 3 * STACKS}, ... or none, not {len(stock)} [clause ud.deal]", "ud.deal")
    return UDState(game, stacks, built, stock[::-1], end)
