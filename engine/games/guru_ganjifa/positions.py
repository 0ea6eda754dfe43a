"""Guru Ganjifa positions written as text, read back into a game state.

``P1=cards; ...; won=P1:n ...; exposed=P2:9Kr; face-up=P1:RRa; lead=P1; stage=start; trick=P1:lead RRa, P2:add 3Ma``
(:meth:`GGState.position` writes it; :meth:`GuruGanjifa.position` reads it with :func:`parse_position`).

Read exactly: every card is a Dashavatara card and in one place; seats are ``P1``..``Pn``; counts
are ASCII digits. Contradictions are refused with the clause they break: a seat's ``won`` given
twice, a card ``exposed`` (gg.deni) or ``face-up`` (gg.face-up) listed twice or not in its
player's hand, ``called=`` without a doubled Deni in the trick or naming another card than the
one the Deni calls (gg.double), a trick move that is illegal from the position before it.
"""

from __future__ import annotations

from ...cards import Card, check_deck, parse_deck_cards
from ...decks import DASHAVATARA
from ...errors import IllegalMoveError, NotationError
from ...notation import seat as read_seat, whole_number
from ...protocol import split_notation
from .moves import DOUBLE, GGMove
from .records import OPENING, card_name
from .state import GGState


def parse_position(game, text: str, *, reachable: bool = True) -> GGState:
    """The state a position text describes; see :meth:`GGState.position` for the text. Only a position play
    reaches is read: the opening from the hands as dealt (gg.deal), and later every card in no hand won, in
    tricks of one card a player (gg.trick; ``won`` left out shares them evenly, trick by trick from the
    leader). ``reachable=False`` lets a clause's unit test set only the cards the clause is about."""
    hand_texts, fields = split_notation(
        text, "a position is written 'P1=cards; ...; won=P1:n ...; lead=P1; stage=start'",
        ("won", "exposed", "face-up", "lead", "stage", "trick", "called"),
        "unknown part of a position; parts are P1.., won, exposed, face-up, lead, stage, trick, called")
    def card(token: str) -> Card:
        return check_deck(Card.parse(token), DASHAVATARA, "Guru Ganjifa")

    hands: list[list[Card]] = [list(parse_deck_cards(h, DASHAVATARA, "Guru Ganjifa")) for h in hand_texts]
    if len(hands) != game.players:
        raise NotationError(text[:30], f"this game has {game.players} players, the position lists {len(hands)} hands")

    def seat_of(token: str) -> int:
        seat = read_seat(token, game.players)
        if seat is None:
            raise NotationError(token, f"a player is P1..P{game.players}")
        return seat

    trick: list[tuple[int, GGMove]] = []
    for item in filter(None, (t.strip() for t in fields.get("trick", "").split(","))):
        who, colon, move = item.partition(":")
        if not colon:
            raise NotationError(item, "a trick move is written 'P2:add 3Ma'")
        trick.append((seat_of(who.strip()), GGMove.parse(move)))
    doubled = [(seat, move) for seat, move in trick if move.kind == DOUBLE]
    if "called" in fields and not doubled:
        raise NotationError(f"called={fields['called']}", "'called' names the card a doubled Deni took with it, "
                            "but the trick in progress has no 'double' [clause gg.double]", "gg.double")
    called = card(fields["called"]) if doubled and "called" in fields else None
    for seat, move in trick:  # before the trick, its cards were in hand
        hands[seat].extend(move.cards)
        if move.kind == DOUBLE:  # the called card went with the doubling card
            if called is None:
                raise NotationError(f"P{seat + 1}:{move}", "a position with a doubled Deni says 'called=<card>'")
            hands[seat].append(called)
    all_cards = [c for h in hands for c in h]
    if len(set(all_cards)) != len(all_cards):
        dup = next(c for i, c in enumerate(all_cards) if c in all_cards[:i])
        raise NotationError(str(dup), "a card is in two places")
    if len({len(h) for h in hands}) != 1:
        raise NotationError(text[:30], "hands must be of equal size before the trick in progress [clause gg.deal]",
                            "gg.deal")
    leader = seat_of(fields["lead"]) if "lead" in fields else None
    # (every hand empty: the game is over, no opening to come, and its won counts are checked as play's)
    stage = fields.get("stage", "start" if leader is not None or not any(hands) else OPENING)
    if stage not in (OPENING, "start", "after"):
        raise NotationError(stage, "a stage is opening, start or after")
    if leader is None and game.leading_raja not in all_cards:
        if all_cards:
            raise NotationError(text[:30], "say who leads: lead=P1")
        leader = 0
    if stage == OPENING and "lead" in fields and game.leading_raja not in hands[leader]:
        raise NotationError(fields["lead"], f"the opening is led by the holder of the {card_name(game.leading_raja)}")
    state = GGState(game, hands, leader=leader, stage=stage)
    rest = [c for c in DASHAVATARA.cards if state._owner[c.index] < 0]
    counts = [0] * game.players
    counted: set[int] = set()
    for item in fields.get("won", "").split():
        who, _, num = item.partition(":")
        count = whole_number(num, 3)
        if count is None:
            raise NotationError(item, "won counts are written 'P1:12'")
        seat = seat_of(who)
        if seat in counted:
            raise NotationError(item, f"P{seat + 1}'s cards won are given twice")
        counted.add(seat)
        counts[seat] = count
    if sum(counts) > len(rest):
        raise NotationError(fields["won"], f"only {len(rest)} cards have been played")
    n = game.players
    if reachable and stage == OPENING and all_cards and len(hands[0]) != len(DASHAVATARA.cards) // n:
        raise NotationError(f"P1={len(hands[0])} cards", f"the opening is played from the hands as dealt, "
                            f"{len(DASHAVATARA.cards) // n} cards each with {n} players [clause gg.deal]", "gg.deal")
    if reachable and stage != OPENING and "won" not in fields:  # shared evenly, trick by trick from the leader
        tricks = len(rest) // n
        counts = [n * (tricks // n)] * n
        for k in range(tricks % n):
            counts[((leader or 0) + k) % n] += n
    if reachable and stage != OPENING and (sum(counts) != len(rest) or any(k % n for k in counts)):
        raise NotationError(f"won={fields.get('won', '')}", f"{len(rest)} cards are in no hand, so they have been "
                            f"played and won: the won counts must add up to {len(rest)}, each a multiple of {n} (a "
                            f"trick gives its winner one card from each player) [clause gg.trick]", "gg.trick")
    i = 0
    for seat, k in enumerate(counts):
        state.won[seat] = rest[i:i + k]
        i += k
    state.out = rest[i:]
    state._played_before = list(rest)
    def seat_cards(key: str, what: str, clause_id: str) -> list[list[Card]]:
        """A part written 'P2:9Kr P3:4Ma': per seat, the cards listed, each in that seat's hand."""
        clause = f" [clause {clause_id}]"
        out: list[list[Card]] = [[] for _ in range(game.players)]
        listed: set[Card] = set()
        for item in fields.get(key, "").split():
            who, colon, text = item.partition(":")
            if not colon:
                raise NotationError(item, f"{what} is written with its player, e.g. 'P2:9Kr'")
            seat, c = seat_of(who), card(text)
            if state._owner[c.index] != seat:
                raise NotationError(item, f"{what} must be in its player's hand{clause}", clause_id)
            if c in listed:
                raise NotationError(item, f"{what} is listed twice{clause}", clause_id)
            listed.add(c)
            out[seat].append(c)
        return out

    state.exposed = seat_cards("exposed", "an exposed card", "gg.deni")
    shown = trick[0][1].shown if trick and trick[0][1].kind == "deni" else None
    if shown is not None and shown in state.exposed[trick[0][0]]:
        raise NotationError(f"P{trick[0][0] + 1}:{shown}", "the Deni in the trick shows this card; 'exposed' "
                            "lists only cards shown in earlier tricks [clause gg.deni]", "gg.deni")
    if fields.get("face-up", "").strip() and not game.face_up_batches:
        raise NotationError(fields["face-up"], "face-up cards need the option face-up-batches=yes [clause gg.face-up]",
                            "gg.face-up")
    state.face_up = tuple(map(frozenset, seat_cards("face-up", "a face-up card", "gg.face-up")))
    if not all_cards:
        state._current = None
    for seat, move in trick:
        if state.current_player != seat:
            raise NotationError(f"P{seat + 1}:{move}", f"it is P{(state.current_player or 0) + 1}'s turn here")
        try:
            state.apply(move)
        except IllegalMoveError as err:
            raise NotationError(f"P{seat + 1}:{move}",
                                f"illegal in this position: {err.reason} [clause {err.clause}]", err.clause) from None
    if called is not None and called is not state._deni[3]:
        raise NotationError(f"called={called}", f"the Deni in the trick calls the {card_name(state._deni[3])}, "
                            "which the doubling player took with the doubling card [clause gg.double]", "gg.double")
    state._trick_prefix = tuple((r.player, r.move) for r in state.history)
    state._played_before += [c for _, c in state.trick]
    state.history = []
    state._trick_start = 0
    return state
