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
"""

from __future__ import annotations

import dataclasses

from ...cards import Card
from ...errors import NotationError
from ...protocol import split_notation
from .ring import INDEX, N_CARDS
from .state import KKState


def parse_position(game, text: str) -> KKState:
    """The state that position ``text`` describes, for ``game`` (a ``KendraKari``; its player count follows the hands)."""
    hand_texts, fields = split_notation(
        text, "a position is written as 'key=value' parts separated by ';'", ("ring", "last", "turn", "stock"),
        "unknown part; a position has ring, last, turn, P1..Pn and stock")
    n = len(hand_texts)
    if not 3 <= n <= 6:
        raise NotationError(f"P{n}", "Kendra Kari needs 3 to 6 hands (clause kk.players)")
    game = game if n == game.players else dataclasses.replace(game, players=n)
    for key in ("last", "turn"):
        if key not in fields:
            raise NotationError(text, f"a position needs '{key}='")
    seen: set[int] = set()

    def take(token: str) -> int:
        card = INDEX.get(Card.parse(token))
        if card is None:
            raise NotationError(token, "Kendra Kari is played with the Mughal deck")
        if card in seen:
            raise NotationError(token, "this card appears twice in the position")
        seen.add(card)
        return card

    hands = [[take(t) for t in h.split()] if h != "-" else [] for h in hand_texts]
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
        if card != "-":
            tops[i] = take(card)
        if plus:
            if not count.isdigit() or card == "-":
                raise NotationError(token, "write the cards under a top card as '+count', e.g. '3:7Sh+2'")
            under[i] = int(count)
    stock_text = fields.get("stock", "0")
    stock_count = None
    if stock_text.isdigit():
        stock_count = int(stock_text)
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
        if not (turn_text[:1] == "P" and turn_text[1:].isdigit() and 1 <= int(turn_text[1:]) <= n):
            raise NotationError(f"turn={turn_text}", f"'turn' is P1..P{n}, or '-' when the game is over")
        turn = int(turn_text[1:]) - 1
        winners = ()
        if out:
            raise NotationError(f"P{out[0] + 1}", "this player has no cards, so has won: write 'turn=-'")
        if last == -1 and not hands[turn]:
            raise NotationError(f"turn={turn_text}", "the player to open a new phase holds no cards")
    stock.reverse()  # top first -> top last
    return KKState(game, hands, piles, last, stock, hidden, turn, winners)
