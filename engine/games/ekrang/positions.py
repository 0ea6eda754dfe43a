"""Ekrang positions written as text, read back into a game state.

``P1=cards; P2=...; tricks=P1:3 P2:1; lead=P1; stage=phase1; trick=P1:RTa, P2:9Ta``
(:meth:`EKState.position` writes it). The hands are the cards held now; ``trick`` lists the cards
on the table in the order played, each with its player (the opener's first move is written
``P1:open RSu 10Sh``); ``lead`` is the player who leads that trick; ``stage`` is ``opening``,
``phase1`` or ``phase2``; ``suit`` (a suit code) names phase 1's suit when a phase 2 is about to be
led. Tricks won are counts: their cards lie face down and nobody looks at them again. Every
Mughal card not held or on the table counts as taken in earlier tricks.

Read exactly, and only as play reaches it: Mughal cards, each in one place; the opening from the hands
as dealt (ek.deal); after it the opener one card short of everyone else, who all hold the same number
(ek.opening-add), and the tricks won adding up to the tricks played (ek.trick); a trick that could not
have been played from the position before it is refused with the clause it breaks.

>>> from engine import get_game
>>> ek = get_game("ekrang", players=3)
>>> text = "P1=3Ta 9Sh; P2=4Ba; P3=6Ba 7Ba; tricks=P1:20 P3:10; lead=P3; stage=phase2; suit=Ba"
>>> ek.position(text).position() == text
True
>>> ek.position("P1=3Ta 9Sh; P2=4Ba; P3=6Ba; tricks=P1:20 P3:10; lead=P3; stage=phase2; suit=Ba; trick=P3:7Ba")
Traceback (most recent call last):
...
engine.errors.NotationError: bad notation 'P3:7Ba': illegal in this position: in phase 2 the leader leads the lowest Barat card held, the 6 of Barat [clause ek.phase2]
"""

from __future__ import annotations

from ...cards import Card, parse_deck_cards
from ...decks import MUGHAL
from ...errors import IllegalMoveError, NotationError
from ...notation import seat as read_seat, whole_number
from ...protocol import split_notation
from .moves import EKMove
from .records import card_name
from .state import EKState, STAGES, OPENING, PHASE2


def parse_position(game, text: str, *, reachable: bool = True) -> EKState:
    """The state a position text describes; see the module's description for the text. A position play cannot
    reach is refused (``reachable=False`` lets a clause's unit test set only the cards the clause is about)."""
    hand_texts, fields = split_notation(
        text, "a position is written 'P1=cards; ...; tricks=P1:n ...; lead=P1; stage=phase1; trick=P1:9Sh, ...'",
        ("tricks", "lead", "stage", "suit", "trick"),
        "unknown part of a position; parts are P1.., tricks, lead, stage, suit, trick")
    hands: list[list[Card]] = [list(parse_deck_cards(h, MUGHAL, "Ekrang")) for h in hand_texts]
    n = game.players
    if len(hands) != n:
        raise NotationError(text[:30], f"this game has {n} players, the position lists {len(hands)} hands")

    def seat_of(token: str) -> int:
        seat = read_seat(token.strip(), n)
        if seat is None:
            raise NotationError(token, f"a player is P1..P{n}")
        return seat

    trick: list[tuple[int, EKMove]] = []
    for item in filter(None, (t.strip() for t in fields.get("trick", "").split(","))):
        who, colon, move = item.partition(":")
        if not colon:
            raise NotationError(item, "a card on the table is written with its player: 'P2:9Sh'")
        trick.append((seat_of(who), EKMove.parse(move.strip())))
    for seat, move in trick:  # before the trick, its cards were in hand
        hands[seat].extend(move.cards)
    every = [c for h in hands for c in h]
    if len(set(every)) != len(every):
        dup = next(c for i, c in enumerate(every) if c in every[:i])
        raise NotationError(str(dup), "a card is in two places")
    stage_text = fields.get("stage", "phase1")
    if stage_text not in STAGES:
        raise NotationError(stage_text, "a stage is opening, phase1 or phase2")
    stage = STAGES.index(stage_text)
    if "lead" in fields:
        leader = seat_of(fields["lead"])
    elif stage == OPENING and game.leading_raja in every:
        leader = next(i for i, h in enumerate(hands) if game.leading_raja in h)
    else:
        raise NotationError(text[:30], "say who leads the trick: lead=P1")
    if every and not hands[leader]:
        raise NotationError(fields.get("lead", ""), "the leader holds no cards [clause ek.empty-hand]",
                            "ek.empty-hand")
    if stage == OPENING and every and game.leading_raja not in hands[leader]:
        raise NotationError(fields.get("lead", ""), f"the opening is led by the holder of the "
                            f"{card_name(game.leading_raja)} [clause ek.leading-raja]", "ek.leading-raja")
    suit = -1
    if stage == PHASE2:
        if "suit" in fields:
            try:
                s = MUGHAL.suit(fields["suit"].strip())
            except Exception:
                raise NotationError(fields["suit"], "a suit is written by its code, e.g. 'Sh'") from None
            suit = s.number
        elif trick:
            suit = trick[0][1].cards[0].suit.number
        else:
            raise NotationError(text[:30], "before phase 2 is led, say its suit: suit=Sh")
        if not any(c.suit.number == suit for c in hands[leader]):
            raise NotationError(fields.get("suit", text[:30]), "the leader holds no card of phase 1's suit, so "
                                "there is no phase 2 [clause ek.skip]", "ek.skip")
    elif "suit" in fields:
        raise NotationError(fields["suit"], "'suit' is given only before phase 2 is led")
    counts = [0] * n
    counted: set[int] = set()
    for item in fields.get("tricks", "").split():
        who, _, num = item.partition(":")
        count = whole_number(num, 2)
        if count is None or count == 0:
            raise NotationError(item, "tricks won are written 'P1:3' (players with none are left out)")
        seat = seat_of(who)
        if seat in counted:
            raise NotationError(item, f"P{seat + 1}'s tricks are given twice")
        counted.add(seat)
        counts[seat] = count
    if reachable:
        _reachable(game, hands, stage, counts, fields)
    held = set(every)
    taken = [c for c in MUGHAL.cards if c not in held]
    if sum(counts) > len(taken):
        raise NotationError(fields["tricks"], f"only {len(taken)} cards have been played")
    state = EKState(game, hands, leader, stage=stage, suit=suit, tricks=counts, taken=taken)
    if trick and trick[0][0] != leader:
        raise NotationError(f"P{trick[0][0] + 1}:{trick[0][1]}", f"the trick is led by P{leader + 1}")
    for seat, move in trick:
        if state.current_player != seat:
            who = "nobody" if state.current_player is None else f"P{state.current_player + 1}"
            raise NotationError(f"P{seat + 1}:{move}", f"it is {who}'s turn here")
        if state._left == 1:
            raise NotationError(f"P{seat + 1}:{move}", "the trick would be complete: list only the cards of a "
                                "trick in progress")
        try:
            state.apply(move)
        except IllegalMoveError as err:
            raise NotationError(f"P{seat + 1}:{move}",
                                f"illegal in this position: {err.reason} [clause {err.clause}]", err.clause) from None
    state.history = []
    return state


def _reachable(game, hands, stage: int, counts: list[int], fields) -> None:
    """Refuse hands and trick counts that play cannot produce (the hands as they were before the trick on the
    table). Everyone is dealt the same number of cards (ek.deal) and the opening is played from those hands; the
    opener lays two cards in the opening trick and everyone else one, and every later trick takes one card from
    each player who still holds any (ek.trick): so the opener holds one card fewer than the others, who all
    hold the same number, and the tricks won so far are the cards each of them has played."""
    dealt = game.hand_size
    sizes = [len(h) for h in hands]
    if stage == OPENING:
        if sizes != [dealt] * len(sizes):
            raise NotationError(f"P1={len(hands[0])} cards", f"the opening is played from the hands as dealt, "
                                f"{dealt} cards each with {game.players} players [clause ek.deal]", "ek.deal")
        return
    high = max(sizes)
    fewer = [i for i, k in enumerate(sizes) if k == high - 1]
    if high and (len(fewer) != 1 or any(k not in (high, high - 1) for k in sizes)):
        raise NotationError(" ".join(f"P{i + 1}:{k}" for i, k in enumerate(sizes)),
                            "after the opening the opener holds one card fewer than everyone else, who all hold "
                            f"the same number (hands of {', '.join(map(str, sizes))} cards) [clause ek.opening-add]",
                            "ek.opening-add")
    tricks = dealt - high
    if sum(counts) != tricks:
        raise NotationError(f"tricks={fields.get('tricks', '')}", f"{tricks} tricks have been played (the others "
                            f"hold {high} of their {dealt} cards), but the tricks won add up to {sum(counts)} "
                            "[clause ek.trick]", "ek.trick")
