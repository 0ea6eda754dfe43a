"""A position of a stakes game as text: read (:func:`parse_position`, refusing money that does not balance)
and written (:func:`format_position`)."""

from __future__ import annotations

from ...cards import format_cards, parse_cards
from ...errors import NotationError
from ...protocol import CHANCE
from .dealer import deal_order


def parse_position(game, text: str):
    """A position of one of these games from text::

        dealer=P1; turn=P2; round=1; balance=0 0 0; pot=0; P1=5Sh 7Ta VGh; P2=...; P3=...

    ``dealer`` deals this round; ``turn`` is the player to move (``-`` once the game is over);
    ``round`` (default 1) counts the rounds played with this one; ``balance`` the running totals
    (default all 0); ``pot`` the stakes on the table (default 0); the hands in seat order (their
    number sets the number of players); ``out`` cards discarded this round; any key the game adds
    (``POSITION_KEYS``). The cards named nowhere are the pack, in deck order. ``pack=N`` may be
    written as a check. The money must balance: the running totals and the pot sum to zero (a game
    without a pot, such as Komi, has ``pot=0``); else NotationError citing ``CL["money"]``.
    """
    import dataclasses

    from ...notation import seat as read_seat, whole_number
    from ...protocol import split_notation

    state_cls = game.STATE
    hand_texts, fields = split_notation(
        text, "a position is written as 'key=value' parts separated by ';'",
        ("dealer", "turn", "chance", "round", "balance", "pot", "out", "pack", *game.POSITION_KEYS),
        "unknown part; a position has dealer, turn, chance, round, balance, pot, out, pack, P1..Pn"
        + "".join(f", {k}" for k in game.POSITION_KEYS))
    n = len(hand_texts)
    cls = type(game)
    if not cls.min_players <= n <= cls.max_players:
        clause = state_cls.CL["players"]
        raise NotationError(f"P{n}", f"{game.title} needs {cls.min_players} to {cls.max_players} hands "
                            f"[clause {clause}]", clause)
    if n != game.players:
        game = dataclasses.replace(game, players=n)

    def seat(key: str, allow_none: bool = False):
        value = fields.get(key, "")
        if allow_none and value == "-":
            return None
        number = read_seat(value, n)
        if number is not None:
            return number
        raise NotationError(value or key, f"'{key}=' names a player, P1 to P{n}" + (" (or -)" if allow_none else ""))

    for key in ("dealer", "turn"):
        if key not in fields:
            raise NotationError(text, f"a position needs '{key}=' ({'the player to move, or chance' if key == 'turn' else 'the player who deals this round'}, e.g. {key}=P1)")
    seen: set = set()

    def take(text_: str) -> list:
        out = []
        for card in parse_cards(text_):
            if card.suit.deck != game.deck.key:
                raise NotationError(str(card), f"{game.title} is played with the {game.deck.name} deck")
            if card in seen:
                raise NotationError(str(card), "this card appears twice in the position")
            seen.add(card)
            out.append(card)
        return out

    hands = [take(h) for h in hand_texts]
    chance = fields.get("chance") if fields.get("turn") == "chance" else None
    if (fields.get("turn") == "chance") != ("chance" in fields) or \
            (chance is not None and chance not in ("dealer", "deal", *state_cls.CHANCE_STEPS)):
        raise NotationError(fields.get("chance", "turn=chance"), "when chance is to act, write 'turn=chance' and "
                            "what it does: 'chance=dealer' (choose the first dealer) or 'chance=deal' (the next "
                            "round)" + "".join(f" or 'chance={k}'" for k in state_cls.CHANCE_STEPS))
    for i, h in enumerate(hands):
        if len(h) != state_cls.HAND_SIZE and not (chance in state_cls.CHANCE_STEPS and i == state_cls.drawing_seat(fields, n)):
            raise NotationError(hand_texts[i] or "-", f"P{i + 1} must hold {state_cls.HAND_SIZE} cards "
                                f"[clause {state_cls.CL['deal']}]", state_cls.CL["deal"])
    out = take(fields.get("out", "-"))
    pack = [c for c in game.deck.cards if c not in seen][::-1]  # top last
    if "pack" in fields and whole_number(fields["pack"], 3) != len(pack):
        raise NotationError(fields["pack"], f"the pack holds the {len(pack)} cards named nowhere else")
    rounds = whole_number(fields.get("round", "1"), 2)
    if rounds is None or not 1 <= rounds <= game.round_count:
        raise NotationError(fields.get("round", ""), f"round is 1 to {game.round_count} (option rounds)")
    written = fields.get("balance", " ".join("0" * n)).split()
    balance = [whole_number(b[1:] if b[:1] in "+-" else b, 6) for b in written]
    signs = [-1 if b.startswith("-") else 1 for b in written]
    if len(balance) != n or None in balance:
        raise NotationError(fields.get("balance", ""), f"balance gives one whole number per player ({n}), "
                            "e.g. 'balance=-1 2 -1'")
    pot = whole_number(fields.get("pot", "0"), 6)
    if pot is None:
        raise NotationError(fields.get("pot", ""), "pot is a whole number of stakes")
    state = state_cls(game, hands, pack, start=False)
    state._out = out
    state._dealer = seat("dealer")
    state._round = rounds
    state._balance = [s * b for s, b in zip(signs, balance)]
    state._pot = pot
    state._check_money(fields)
    state._order = deal_order(state._dealer, n)
    if chance is not None:
        if chance == "deal" and rounds >= game.round_count:
            raise NotationError("chance=deal", f"round {rounds} is the last (option rounds={game.rounds})")
        state.current_player = CHANCE
        state._pending = chance
        state._set_chance_position(chance, fields)
        return state
    turn = seat("turn", allow_none=True)
    state._set_position(turn, fields)
    return state


def format_position(state) -> str:
    """The position of ``state`` as text that :func:`parse_position` reads back."""
    n = state.game.players
    cp = state.current_player
    parts = [f"dealer=P{state._dealer + 1}",
             f"turn={'-' if cp is None else 'chance' if cp == CHANCE else f'P{cp + 1}'}"]
    if cp == CHANCE:
        parts.append(f"chance={state._pending}")
    if state._round != 1:
        parts.append(f"round={state._round}")
    if any(state._balance):
        parts.append("balance=" + " ".join(str(b) for b in state._balance))
    if state._pot:
        parts.append(f"pot={state._pot}")
    parts += [f"{k}={v}" for k, v in state._position_extra()]
    parts += [f"P{i + 1}={format_cards(c for c in h if c is not None)}" for i, h in enumerate(state._hands)]
    if state._out:
        parts.append(f"out={format_cards(state._out)}")
    parts.append(f"pack={len(state._pack)}")
    del n
    return "; ".join(parts)
