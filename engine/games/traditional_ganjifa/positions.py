"""Traditional Ganjifa positions written as text, read back into a game state.

A position is a set-up and the moves made since::

    P1=cards; P2=cards; P3=cards; won=P1:n P2:n P3:n; lead=P1; lost=P1 P2; burned=3Kr;
    face-up=P1:RRa; deal=2; scores=P1:-3 P2:5 P3:-2; moves=add 3Ma, add 4Ku

Three hands of 40 cards and nothing else is a fresh deal (each hand as dealt: its first and last
four cards face up); the opening is shown from such a deal and the moves made since. Otherwise the
set-up is a hand-set position at a lead, as play reaches one: hands of equal size, ``lead`` the
leader; ``lost`` the players who have held the lead and lost it (all three: after the tigasta);
``burned`` burned cards still in hand; cards in no hand have been played and won, the first ``won``
counts of them (deck order) credited to the seats. Every played card has been won by someone, and
every trick gives its winners cards in threes, so the counts are multiples of three adding up to
the cards in no hand; left out, they are shared evenly (the leader taking any extra three).
``moves`` are then played in turn, chance's included.
"""

from __future__ import annotations

from ...cards import Card, check_deck, format_cards, parse_deck_cards
from ...decks import DASHAVATARA
from ...errors import GanjifaError, IllegalMoveError, NotationError
from ...notation import seat as read_seat, whole_number
from ...protocol import split_notation
from .moves import TGMove
from .state import TGState, snapshot
from .table import LEAD, OPENING

KEYS = ("won", "lead", "lost", "burned", "face-up", "deal", "scores", "stage", "moves")


def parse_position(game, text: str) -> TGState:
    hand_texts, fields = split_notation(
        text, "a position is written 'P1=cards; P2=cards; P3=cards; lead=P1; moves=...'", KEYS,
        "unknown part of a position; parts are P1..P3, " + ", ".join(KEYS))
    hands = [list(parse_deck_cards(h, DASHAVATARA, "Traditional Ganjifa")) for h in hand_texts]
    if len(hands) != 3:
        raise NotationError(text[:30], f"the game has 3 players, the position lists {len(hands)} hands")
    cards = [c for h in hands for c in h]
    if len(set(cards)) != len(cards):
        dup = next(c for i, c in enumerate(cards) if c in cards[:i])
        raise NotationError(str(dup), "a card is in two places")

    def seat_of(token: str) -> int:
        seat = read_seat(token, 3)
        if seat is None:
            raise NotationError(token, "a player is P1, P2 or P3")
        return seat

    setup = set(fields) - {"moves"}
    state = TGState(game)
    if not setup and all(len(h) == 40 for h in hands):
        state.set_hands(hands)
        state.begin_deal()
        if state.stage != OPENING:  # a redeal first: the position starts from the deal itself
            state.base = "; ".join(f"P{i + 1}={format_cards(h)}" for i, h in enumerate(hands))
    else:
        _hand_set(game, state, hands, fields, seat_of)
    moves = fields.get("moves", "")
    for item in filter(None, (t.strip() for t in moves.split(","))):
        move = TGMove.parse(item)
        if state.current_player is None:
            raise NotationError(item, "the game is over: no more moves")
        try:
            state.apply(move)
        except IllegalMoveError as err:
            raise NotationError(item, f"illegal in this position: {err.reason} [clause {err.clause}]",
                                err.clause) from None
    return state


def _hand_set(game, state: TGState, hands, fields, seat_of) -> None:
    if len({len(h) for h in hands}) != 1 or not hands[0]:
        raise NotationError("P1", "hands must be of equal size, and not empty [clause tg.trick]", "tg.trick")
    stage = fields.get("stage", LEAD)
    if stage not in (LEAD, OPENING):
        raise NotationError(stage, "a hand-set stage is lead or open")
    state.set_hands(hands, face_up=[frozenset()] * 3)
    parts = []
    deal = whole_number(fields.get("deal", "1"), 2)
    if deal is None or not 1 <= deal <= game.rounds:
        raise NotationError(fields.get("deal", ""), f"the deal is a number from 1 to {game.rounds}")
    state.deal_no = deal
    if "scores" in fields:
        scores = [0, 0, 0]
        seen = set()
        for item in fields["scores"].split():
            who, _, num = item.partition(":")
            value = whole_number(num[1:] if num[:1] == "-" else num, 3)
            seat = seat_of(who)
            if value is None or seat in seen:
                raise NotationError(item, "scores are written 'P1:-3', each player once")
            seen.add(seat)
            scores[seat] = -value if num[:1] == "-" else value
        state.scores = scores
    rest = [c for c in DASHAVATARA.cards if state.owner[c.index] < 0]
    counts = [0, 0, 0]
    seen = set()
    for item in fields.get("won", "").split():
        who, _, num = item.partition(":")
        count = whole_number(num, 3)
        seat = seat_of(who)
        if count is None or seat in seen:
            raise NotationError(item, "won counts are written 'P1:12', each player once")
        seen.add(seat)
        counts[seat] = count
    if "won" not in fields and stage != OPENING:  # shared evenly, in threes, the leader taking any extra three
        lead_seat = seat_of(fields["lead"]) if "lead" in fields else 0
        tricks = len(rest) // 3
        counts = [3 * (tricks // 3)] * 3
        for k in range(tricks % 3):
            counts[(lead_seat + k) % 3] += 3
    if stage != OPENING and (sum(counts) != len(rest) or any(k % 3 for k in counts)):
        raise NotationError(f"won={fields.get('won', '')}", f"{len(rest)} cards are in no hand, so they have been "
                            f"played and won: the won counts must add up to {len(rest)}, each a multiple of three "
                            f"(a trick gives its winners three cards, or six) [clause tg.trick]", "tg.trick")
    i = 0
    for seat, k in enumerate(counts):
        state.won[seat] = rest[i:i + k]
        i += k
    state.out = rest[i:]
    for item in fields.get("burned", "").split():
        card = check_deck(Card.parse(item), DASHAVATARA, "Traditional Ganjifa")
        if state.owner[card.index] < 0 or card in state.burned:
            raise NotationError(item, "a burned card is listed once and is in a hand [clause tg.burn]", "tg.burn")
        state.burned.append(card)
        state.burned_ids.add(card.index)
    state._rebuild_order()
    face_up = [set(), set(), set()]
    for item in fields.get("face-up", "").split():
        who, colon, token = item.partition(":")
        if not colon:
            raise NotationError(item, "a face-up card is written with its player, e.g. 'P2:9Kr'")
        seat, card = seat_of(who), check_deck(Card.parse(token), DASHAVATARA, "Traditional Ganjifa")
        if state.owner[card.index] != seat or card in face_up[seat]:
            raise NotationError(item, "a face-up card is in its player's hand, listed once [clause tg.face-up]",
                                "tg.face-up")
        face_up[seat].add(card)
    state.face_up = [frozenset(f) for f in face_up]
    lost = set()
    for item in fields.get("lost", "").split():
        seat = seat_of(item)
        if seat in lost:
            raise NotationError(item, "a player is listed once in 'lost'")
        lost.add(seat)
    state.lost = lost
    if stage == OPENING:
        if len(hands[0]) != 40:
            raise NotationError("stage=open", "the opening comes straight after the deal, when every hand holds 40 "
                                "cards: write the three hands as dealt, without 'stage' [clause tg.deal]", "tg.deal")
        if "lead" in fields:
            raise NotationError("lead", "the opening is led by the Surkhya's holder: no 'lead'")
        state._to_opening()
        state.moves_text = []
    else:
        if "lead" not in fields:
            raise NotationError("lead", "say who leads: lead=P1")
        state.leader = seat_of(fields["lead"])
        state.stage, state.current_player = LEAD, state.leader
    state.base = snapshot(state)


__all__ = ["parse_position", "GanjifaError"]
