"""Kendra Kari positions written as text, read back into a game state.

A hand-set position, e.g. for a worked example.

``ring=1:7Sh 2:7Ta 3:- 4:- 5:- 6:- 7:9Ta; last=2; turn=P3; P1=RSh 4Gh; P2=...; P3=...; stock=12``

* ``ring``: the top card of each position 1..7 (``-`` for empty); ``7Sh+3`` means three
  cards lie under the 7Sh. Positions left out are empty.
* ``last``: where the last card was played (1..7), or ``-`` just after a bridge (the ring is
  then empty and the player to move must open a new phase).
* ``turn``: whose move it is (``P1``...), or ``-`` when the game is over.
* ``P1``... one hand per player (``-`` for empty); their number sets the number of players.
* ``stock``: a count, or the cards top first. Cards written as counts (stock, cards under
  ring tops) are the cards not named anywhere, taken in deck order; the rest have been
  captured by bridges. So every position holds all 96 cards.

Only rings that can occur in play are read (:func:`check_ring`). Within a phase the first card
lies on Position 7 (the centre card, clause kk.first, or the opening card of a new phase,
kk.new-phase) and nothing more ever goes there; every later card goes on the position after the
last one, 1, 2, ... 6, then 1 again (kk.next). So after ``k`` cards on Positions 1-6 with the
last on Position ``L``: Positions 1..L hold ``m + 1`` cards and Positions L+1..6 hold ``m``,
where ``m`` is how many times play has gone round the ring (``m = 0``: Positions after ``L``
are empty). ``last=7`` means no card has gone to Positions 1-6 yet.
"""

from __future__ import annotations

import dataclasses

from ...cards import Card, check_deck
from ...decks import MUGHAL
from ...errors import NotationError
from ...notation import seat as read_seat, whole_number
from ...protocol import split_notation
from .ring import CARDS, INDEX, N_CARDS
from .state import KKState


def parse_position(game, text: str) -> KKState:
    """The state that position ``text`` describes, for ``game`` (a ``KendraKari``; its player count follows the hands)."""
    hand_texts, fields = split_notation(
        text, "a position is written as 'key=value' parts separated by ';'", ("ring", "last", "turn", "stock"),
        "unknown part; a position has ring, last, turn, P1..Pn and stock")
    n = len(hand_texts)
    if not 3 <= n <= 6:
        raise NotationError(f"P{n}", "Kendra Kari needs 3 to 6 hands [clause kk.players]", "kk.players")
    game = game if n == game.players else dataclasses.replace(game, players=n)
    for key in ("last", "turn"):
        if key not in fields:
            raise NotationError(text, f"a position needs '{key}='")
    seen: set[int] = set()

    def take(token: str) -> int:
        card = INDEX[check_deck(Card.parse(token), MUGHAL, "Kendra Kari")]
        if card in seen:
            raise NotationError(token, "this card appears twice in the position")
        seen.add(card)
        return card

    hands = [[take(t) for t in h.split()] if h not in ("-", "") else [] for h in hand_texts]
    tops: list[int] = [-1] * 7
    under = [0] * 7
    for token in fields.get("ring", "").split():
        pos, colon, card = token.partition(":")
        if not colon or pos not in ("1", "2", "3", "4", "5", "6", "7"):
            raise NotationError(token, "a ring entry is 'position:card' with a position 1..7, e.g. '3:7Sh'")
        i = int(pos) - 1
        if tops[i] != -1 or under[i]:
            raise NotationError(token, f"Position {pos} is given twice")
        card, plus, count = card.partition("+")
        if plus:
            under[i] = whole_number(count, 2) or 0
            if card == "-" or not under[i]:
                raise NotationError(token, "write the cards under a top card as '+count', e.g. '3:7Sh+2'")
        if card != "-":
            tops[i] = take(card)
    stock_text = fields.get("stock", "0")
    stock_count = whole_number(stock_text, 2)
    if stock_count is not None:
        stock: list[int] = []
    else:
        stock = [take(t) for t in stock_text.split()] if stock_text != "-" else []
    hidden = [c for c in range(N_CARDS) if c not in seen]
    need = (stock_count or 0) + sum(under)
    if need > len(hidden):
        raise NotationError(stock_text, f"only {len(hidden)} cards are left unnamed, but {need} are counted")
    if stock_count is not None:
        stock, hidden = hidden[:stock_count], hidden[stock_count:]
    piles = []
    for i in range(7):
        piles.append(hidden[:under[i]] + ([tops[i]] if tops[i] >= 0 else []))
        hidden = hidden[under[i]:]
    last_text, turn_text = fields["last"], fields["turn"]
    if last_text == "-":
        last = -1
        if any(piles):
            raise NotationError("last=-", "'last=-' means a bridge has just cleared the ring, but it holds cards")
    elif last_text in ("1", "2", "3", "4", "5", "6", "7"):
        last = int(last_text) - 1
        if tops[last] < 0:
            raise NotationError(f"last={last_text}", f"Position {last_text} is empty")
    else:
        raise NotationError(f"last={last_text}", "'last' is a position 1..7, or '-' just after a bridge")
    out = [i for i, h in enumerate(hands) if not h]
    if turn_text == "-":
        turn = None
        if len(out) > 1:
            raise NotationError(f"P{out[1] + 1}", "only one player can go out")
        if out:
            winners = tuple(out)
        else:
            fewest = min(map(len, hands))
            winners = tuple(i for i, h in enumerate(hands) if len(h) == fewest)
    else:
        turn = read_seat(turn_text, n)
        if turn is None:
            raise NotationError(f"turn={turn_text}", f"'turn' is P1..P{n}, or '-' when the game is over")
        winners = ()
        if out:
            raise NotationError(f"P{out[0] + 1}", "this player has no cards, so has won: write 'turn=-'")
        if last == -1 and not hands[turn]:
            raise NotationError(f"turn={turn_text}", "the player to open a new phase holds no cards")
    check_ring(piles, last)
    stock.reverse()  # top first -> top last
    return KKState(game, hands, piles, last, stock, hidden, turn, winners)


def check_ring(piles: list[list[int]], last: int) -> None:
    """Refuse a ring that cannot occur in play (see the module's text), naming the clause it breaks.

    ``piles``: the cards (indexes) on Positions 1..7, top last; ``last``: the index of the last
    position played (0..6), or -1 just after a bridge (then the ring is empty, checked by the caller).
    """
    if last < 0:
        return
    sizes = [len(p) for p in piles]

    def written(i: int) -> str:
        if not piles[i]:
            return f"{i + 1}:-"
        return f"{i + 1}:{CARDS[piles[i][-1]]}" + (f"+{sizes[i] - 1}" if sizes[i] > 1 else "")

    if sizes[6] != 1:
        raise NotationError(written(6),
                            "Position 7 holds exactly one card in a phase, the centre card (or the opening card "
                            "of a new phase); nothing else goes there [clause kk.next]", "kk.next")
    if last == 6:
        for i in range(6):
            if sizes[i]:
                raise NotationError(written(i), f"the last card is on Position 7, so no card has gone to Position "
                                    "1 yet; the next card goes there [clause kk.first]", "kk.first")
        return
    m = sizes[last] - 1
    for i in range(6):
        want = m + 1 if i <= last else m
        if sizes[i] != want:
            why = (f"Positions 1 to {last + 1} are filled in order before the last card" if i < last and not sizes[i]
                   else f"Position {i + 1} comes after the last card (Position {last + 1}): it holds cards only once "
                        "play has gone round the ring, as many as every position after the last" if i > last
                   else f"cards go round the ring in order, so Positions 1 to {last + 1} hold one card more "
                        f"than Positions {last + 2} to 6" if last < 5 else "cards go round the ring in order, so "
                        "Positions 1 to 6 hold equally many cards when the last is on Position 6")
            raise NotationError(written(i), f"this ring cannot occur in play: {why} "
                                f"(Position {i + 1} should hold {want}) [clause kk.next]", "kk.next")
