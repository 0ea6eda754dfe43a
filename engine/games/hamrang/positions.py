"""Hamrang positions written as text, read back into a game state (the state writes itself:
:func:`.state.write_position`).

``P1=RSu 4Su 10Su 2Ta; P2=...; P3=...; P4=...; tricks=0 1 0 2; turn=P2; trick=P2:play RSh 2Sh, P3:play 9Sh 3Sh``

* ``P1``... the four hands as they are now (``-`` for an empty hand), any order within a hand.
* ``tricks``: the tricks each player has won so far (default ``0 0 0 0``).
* ``turn``: whose move it is (``P1``...), ``-`` when the game is over, or ``chance`` before the draw
  for the dealer (the hands then hold the whole deal, 24 cards each, and nothing has been played).
* ``trick``: the moves of the trick in progress, in order, each ``seat:move`` (left out: none).

Cards named nowhere have been played in earlier tricks. A player is still in while holding a
court card, or having played to the trick in progress (a player is put out when a trick ends).
While the leading Raja is in a hand, or leads the trick in progress, the opening trick is being
played. The trick in progress is played again through the rules from the hands before it, so a
position holds only what play can reach: the players still in hold the same number of cards, at
least two and an even number, when the trick starts.
"""

from __future__ import annotations

from ...cards import Card, check_deck
from ...decks import MUGHAL
from ...errors import IllegalMoveError, NotationError
from ...notation import seat as read_seat, whole_number
from ...protocol import split_notation
from .moves import HRMove, parse_move
from .ranks import HAND_SIZE
from .state import HRState

USAGE = "a Hamrang position is 'P1=cards; P2=...; P3=...; P4=...; tricks=0 0 0 0; turn=P1; trick=...'"


def parse_position(game, text: str, *, reachable: bool = True):
    hand_texts, fields = split_notation(text, USAGE, ("tricks", "turn", "trick"),
                                        "unknown part; a position has P1..P4, tricks, turn and trick")
    if len(hand_texts) != 4:
        raise NotationError(f"P{len(hand_texts)}", "Hamrang has four hands [clause hr.players]", "hr.players")
    if "turn" not in fields:
        raise NotationError(text, "a position needs 'turn=' (P1 to P4, or '-' when the game is over)")
    seen: set = set()

    def take(token: str) -> Card:
        card = check_deck(Card.parse(token), MUGHAL, "Hamrang")
        if card in seen:
            raise NotationError(token, "this card appears twice in the position")
        seen.add(card)
        return card

    hands = [[take(t) for t in h.split()] if h not in ("-", "") else [] for h in hand_texts]
    tricks = [0, 0, 0, 0]
    if "tricks" in fields:
        parts = fields["tricks"].split()
        numbers = [whole_number(p, 2) for p in parts]
        if len(parts) != 4 or None in numbers:
            raise NotationError(fields["tricks"], "'tricks' is four whole numbers, one per player: 'tricks=0 1 0 2'")
        tricks = numbers
    plays: list[tuple[int, HRMove]] = []
    trick_text = fields.get("trick", "")
    if trick_text.strip():
        for entry in trick_text.split(","):
            who, colon, move_text = entry.strip().partition(":")
            p = read_seat(who, 4)
            if not colon or p is None:
                raise NotationError(entry.strip(), "a trick entry is 'seat:move', e.g. 'P2:play RSh 2Sh'")
            move = parse_move(move_text.strip())
            if not isinstance(move, HRMove):
                raise NotationError(move_text.strip(), "a trick holds players' moves: 'play' and two cards")
            for c in move.cards:
                take(str(c))
            plays.append((p, move))
    turn_text = fields["turn"]
    if turn_text == "chance":
        return _before_the_draw(game, hands, tricks, plays)
    turn = None if turn_text == "-" else read_seat(turn_text, 4)
    if turn is None and turn_text != "-":
        raise NotationError(f"turn={turn_text}", "'turn' is P1 to P4, '-' when the game is over, or 'chance' "
                            "before the draw for the dealer")
    # the hands before the trick in progress
    before = [list(h) for h in hands]
    for p, move in plays:
        before[p].extend(move.cards)
    state = HRState(game, before)
    raja = game.leading_raja
    opening = raja in seen and (any(raja in h for h in hands) or (plays and plays[0][1].cards[0] is raja))
    state._opening = bool(opening)
    if not opening:
        state._opener = -1
    state._tricks = list(tricks)
    state.out = [c for c in MUGHAL.cards if c not in seen]
    if opening and any(tricks):
        raise NotationError(f"tricks={fields['tricks']}", "the opening trick is the first trick: nobody has won "
                            "a trick yet [clause hr.opening]", "hr.opening")
    active = [bool(state._courts[p]) for p in range(4)]
    for p, _ in plays:
        if not active[p]:
            raise NotationError(f"P{p + 1}", "a player without court cards is out and plays no more [clause hr.out]",
                                "hr.out")
    state._active = active
    left = sum(active)
    stops = game.last_player == "stops"
    if turn is None:
        if plays or (left > 1 if stops else left > 0):
            raise NotationError("turn=-", "the game is over only when at most one player holds court cards "
                                "(no trick in progress) [clause hr.end]", "hr.end")
        if opening:
            raise NotationError("turn=-", "the game cannot end before the opening trick [clause hr.opening]",
                                "hr.opening")
        state.current_player = None
        return state
    if left < (2 if stops else 1):
        raise NotationError(f"turn={turn_text}", "the game is over when at most one player holds court cards: "
                            "write 'turn=-' [clause hr.end]", "hr.end")
    leader = plays[0][0] if plays else turn
    if not active[leader]:
        raise NotationError(f"P{leader + 1}", "the leader must still be in, holding a court card [clause hr.lead]",
                            "hr.lead")
    if opening and raja not in before[leader]:
        raja_holder = next(p for p in range(4) if raja in before[p])
        raise NotationError(f"P{leader + 1}", f"the opening is led by P{raja_holder + 1}, who holds the "
                            f"{MUGHAL.card_name(raja)} [clause hr.opening]", "hr.opening")
    sizes = {len(before[p]) for p in range(4) if active[p]}
    if len(sizes) != 1 or min(sizes) < 2 or min(sizes) % 2:
        raise NotationError(text if len(text) < 60 else "P1", "the players still in hold the same even number of "
                            "cards, at least two, at the start of a trick [clause hr.follow]", "hr.follow")
    if reachable:
        _reachable(before, active, tricks, bool(opening), fields)
    state._leader = leader
    state.current_player = leader
    for p, move in plays:
        if state.current_player != p:
            who = "nobody" if state.current_player is None else f"P{state.current_player + 1}"
            raise NotationError(f"P{p + 1}", f"it is {who}'s turn in the trick here, not P{p + 1}'s [clause hr.follow]",
                                "hr.follow")
        try:
            state.apply(move)
        except IllegalMoveError as err:
            raise NotationError(str(move), f"this move breaks the rules here: {err}", err.clause) from None
    if state.trick and len(state._plays) != len(plays) or (plays and not state.trick):
        raise NotationError(trick_text, "a trick in progress lists fewer moves than a whole trick [clause hr.trick]",
                            "hr.trick")
    state.history = []
    if state.current_player != turn:
        who = "nobody" if state.current_player is None else f"P{state.current_player + 1}"
        raise NotationError(f"turn={turn_text}", f"it is {who}'s turn here")
    return state


def _before_the_draw(game, hands, tricks, plays):
    """The position while chance draws for the dealer: the whole deal in hand, nothing played yet."""
    if plays or any(tricks):
        raise NotationError("turn=chance", "the draw for the dealer comes before any trick [clause hr.draw]",
                            "hr.draw")
    for p, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise NotationError(f"P{p + 1}", f"before the draw for the dealer every hand is the whole deal, "
                                f"{HAND_SIZE} cards, not {len(hand)} [clause hr.deal]", "hr.deal")
    return HRState(game, hands, drawing=True)


def _reachable(before, active, tricks, opening: bool, fields) -> None:
    """Refuse what play cannot produce (the hands as they were before the trick in progress): the opening trick
    is played from the hands as dealt (hr.deal); after it, every trick took two cards from each player still in
    (hr.follow), so the tricks won are half the cards a player still in has played, and a player put out kept an
    even number of cards, no fewer than the players still in hold (hr.out)."""
    sizes = [len(h) for h in before]
    if opening:
        if sizes != [HAND_SIZE] * 4:
            raise NotationError(f"P1={sizes[0]} cards", f"the opening trick is played from the hands as dealt, "
                                f"{HAND_SIZE} cards each [clause hr.deal]", "hr.deal")
        return
    # a player still in has played two cards to every trick so far: the tricks played are half the cards gone
    # from that hand (with nobody in, from the hand that has played the most)
    held_now = min(sizes[p] for p in range(4) if active[p]) if any(active) else min(sizes)
    played, won = HAND_SIZE - held_now, sum(tricks)
    if played // 2 != won:
        raise NotationError(f"tricks={fields.get('tricks', '0 0 0 0')}", f"{played // 2} tricks have been played "
                            f"(every player still in has played {played} of {HAND_SIZE} cards, two a trick), but "
                            f"the tricks won add up to {won} [clause hr.trick]", "hr.trick")
    held = [sizes[p] for p in range(4) if active[p]]
    for p in range(4):
        if not active[p] and (sizes[p] % 2 or (held and sizes[p] < held[0])):
            raise NotationError(f"P{p + 1}", f"a player put out keeps the cards held then, an even number no smaller "
                                f"than the others hold now, not {sizes[p]} [clause hr.out]", "hr.out")
