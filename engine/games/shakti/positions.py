"""Shakti positions written as text, read back into a game state.

``turn=P2; round=3; P1=...; P2=...; P3=...; P4=...; piles=7Sh 2Ta / 5Gh / 1Ba RSa / 9Ch; deck=52``

* ``turn``: whose turn it is (``P1``...), or ``-`` when the game is over.
* ``round``: the round being played, 1 for the first (default 1).
* ``P1``... ``P4``: the hands, eight cards each between turns.
* ``piles``: the four discard piles, Player 1's first, separated by ``/``, each written bottom card
  first and top card last (``-`` for an empty pile).
* ``deck``: a count, or the cards top first (``-``: empty). A count stands for every card not named
  elsewhere, taken in deck order, so it must be exactly how many are left; left out, it is that many.
* mid-turn, ``drew``: the draw made (``deck``, ``tops``, ``bottoms``, ``top 2``, ``bottom 2``) and
  ``owed``: the piles still owed a discard, a pile once for each card (``owed=2 2 2`` after ``top 2``).
"""

from __future__ import annotations

from ...cards import Card, check_deck
from ...decks import MUGHAL
from ...errors import NotationError
from ...notation import seat as read_seat, whole_number
from ...protocol import split_notation
from .moves import BOTTOMS, DECK, DISCARD, TOPS, ShMove
from .state import HAND_SIZE, PLAYERS, ShState
from .table import INDEX, N_CARDS, winning_target


def parse_position(game, text: str) -> ShState:
    """The state that position ``text`` describes, for ``game`` (a ``Shakti``)."""
    hand_texts, fields = split_notation(
        text, "a position is written as 'key=value' parts separated by ';'",
        ("turn", "round", "piles", "deck", "drew", "owed"),
        "unknown part; a position has turn, round, P1..P4, piles, deck, and mid-turn drew and owed")
    if len(hand_texts) != PLAYERS:
        raise NotationError(f"P{len(hand_texts)}", "Shakti needs four hands [clause sk.players]", "sk.players")
    if "turn" not in fields:
        raise NotationError(text, "a position needs 'turn='")
    seen: set[int] = set()

    def take(token: str) -> int:
        card = INDEX[check_deck(Card.parse(token), MUGHAL, "Shakti")]
        if card in seen:
            raise NotationError(token, "this card appears twice in the position")
        seen.add(card)
        return card

    def cards(part: str) -> list[int]:
        part = part.strip()
        return [] if part in ("-", "") else [take(t) for t in part.split()]

    hands = [cards(h) for h in hand_texts]
    pile_texts = fields.get("piles", "- / - / - / -").split("/")
    if len(pile_texts) != PLAYERS:
        raise NotationError(fields.get("piles", ""), "write the four piles separated by '/', Player 1's first")
    piles = [cards(p) for p in pile_texts]
    deck_text = fields.get("deck")
    count = whole_number(deck_text, 2) if deck_text is not None else None
    if deck_text is not None and count is None:
        deck = cards(deck_text)
    else:
        deck = []
    hidden = [c for c in range(N_CARDS) if c not in seen]
    if count is None and deck_text is None:
        count = len(hidden)
    if count is not None:
        if count != len(hidden):
            raise NotationError(f"deck={deck_text}", f"{len(hidden)} cards are not named, so the deck holds "
                                f"{len(hidden)}, not {count}")
        deck, hidden = hidden, []
    elif hidden:
        raise NotationError(f"deck={deck_text}", f"{len(hidden)} cards are named nowhere; every card is in a hand, "
                            "a pile or the deck")
    rounds = game.limit
    round_text = fields.get("round", "1")
    rnd = whole_number(round_text, 3)
    if rnd is None or not 1 <= rnd <= rounds:
        raise NotationError(f"round={round_text}", f"'round' is a number from 1 to {rounds} [clause sk.limit]",
                            "sk.limit")
    turn_text = fields["turn"]
    draw, owed = None, []
    if turn_text == "-":
        seat = None
        winners = [i for i, h in enumerate(hands) if winning_target(h, game.ranks) >= 0]
        winner = winners[0] if winners else -1
        target = winning_target(hands[winner], game.ranks) if winners else -1
        turns = (rnd - 1) * PLAYERS + (winner if winners else PLAYERS)
    else:
        seat = read_seat(turn_text, PLAYERS)
        if seat is None:
            raise NotationError(f"turn={turn_text}", "'turn' is P1..P4, or '-' when the game is over")
        turns, target, winner = (rnd - 1) * PLAYERS + seat, -1, -1
        if "drew" in fields:
            draw = ShMove.parse(fields["drew"])
            if draw._k == DISCARD:
                raise NotationError(f"drew={fields['drew']}", "'drew' is a draw: deck, tops, bottoms, top N or bottom N")
            owed = []
            for token in fields.get("owed", "").split():
                if token not in ("1", "2", "3", "4"):
                    raise NotationError(token, "'owed' lists pile numbers, 1 to 4")
                owed.append(int(token) - 1)
            if not owed:
                raise NotationError(f"drew={fields['drew']}", "mid-turn, 'owed' lists the piles still owed a discard")
            k = draw._k
            if k in (TOPS, BOTTOMS):
                ok = len(set(owed)) == len(owed)
            else:
                ok = set(owed) == {seat if k == DECK else draw.pile} and len(owed) <= 4
            if not ok:
                raise NotationError(f"owed={fields.get('owed')}", "the discards go where the cards came from "
                                    "[clause sk.discard]", "sk.discard")
        elif "owed" in fields:
            raise NotationError(f"owed={fields['owed']}", "'owed' goes with 'drew', mid-turn")
    # what play can reach: every pile keeps at least the card dealt to start it (a draw from the piles puts back
    # as many cards as it took, and a reshuffle leaves every top card), counting the discards it is still owed
    for i, pile in enumerate(piles):
        if not pile and i not in owed:
            raise NotationError(f"piles={fields.get('piles', '')}", f"pile {i + 1} is empty, but every pile keeps at "
                                "least the card dealt to start it [clause sk.deal]", "sk.deal")
    # every pile starts with one card and changes four at a time (a draw from the deck adds four to the drawer's
    # own pile; every other draw puts back on each pile as many cards as it took), so, counting the discards still
    # owed, a pile holds 1, 5, 9... cards; and the deck, 60 after the deal, holds a multiple of four
    if deck_text is not None and len(deck) % 4:
        raise NotationError(f"deck={deck_text}", f"the deck cannot hold {len(deck)} cards: it starts at 60 after the "
                            "deal and every draw from it takes four [clause sk.deck]", "sk.deck")
    for i, pile in enumerate(piles):
        size = len(pile) + owed.count(i)
        if size % 4 != 1:
            after = " once the discards owed are made" if i in owed else ""
            raise NotationError(f"piles={fields.get('piles', '')}", f"pile {i + 1} would hold {size} cards{after}, "
                                "but a pile starts with one card and grows or shrinks four at a time, so it holds "
                                "1, 5, 9... cards [clause sk.discard]", "sk.discard")
    for i, h in enumerate(hands):
        want = HAND_SIZE + (len(owed) if i == seat else 0)
        if len(h) != want:
            raise NotationError(f"P{i + 1}", f"this hand holds {len(h)} cards, not {want} [clause sk.deal]", "sk.deal")
    deck.reverse()  # top first -> top last
    return ShState(game, hands, piles, deck, turns, seat, draw, owed, target, winner)
