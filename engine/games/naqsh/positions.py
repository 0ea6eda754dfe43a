"""Naqsh positions as text, read back into a game state (the state writes itself:
:func:`.state.format_position`): every hand (the face-down card first), whose hand is in play, the stock.

``P1=10N1 5N2 stood; P2=3N1 9N3 threw; P3=4N2 9N1; P4=MN3; turn=P3; stock=3N4 7N1``

* a hand before the one in play is over: ``stood`` (on 14 to 16), ``threw`` (thrown in), or gone
  over 17 (bust: nothing is written, the total says it);
* the hand in play (``turn``) holds one card (the dealer deals it a face-up card next) or more;
* every hand after it holds its one card face down; the last player is the dealer;
* ``turn=-``: the hand is over, ended by the first hand that made Naqsh (the hands after it hold
  their one card), or, when nobody made it, by the dealer's own hand (every hand has stood, thrown
  in or gone over 17);
* ``stock`` lists the top cards of the stock, top first; the rest of the pack follows in pack
  order (a position's text, as written back, lists the whole stock).

>>> from engine.games.naqsh import Naqsh
>>> p = Naqsh(players=4).position("P1=10N1 5N2 stood; P2=3N1 9N3; P3=MN3; P4=2N2; turn=P2; stock=3N4")
>>> p.current_player, p.status(0), p.total(1), [str(c) for c in p.stock[:2]]
(1, 'stood', 12, ['3N4', '1N1'])
>>> over = Naqsh(players=4).position("P1=10N1 5N2 stood; P2=3N1 9N3 5N4; P3=MN3; P4=2N2; turn=-")
>>> over.current_player, over.result().clause
(None, 'nq.player-naqsh')
"""

from __future__ import annotations

from ...cards import parse_cards
from ...errors import NotationError
from ...notation import seat as read_seat
from ...protocol import split_notation
from .bank import BUST, NAQSH, PLAYING, STAND_TO, STOOD, THREW, WAITING, is_bust, is_naqsh, stand_words
from .state import NQState

USAGE = "a Naqsh position is 'P1=cards [stood|threw]; ...; turn=P2 (or turn=-); stock=cards'"
WORDS = {"stood": STOOD, "threw": THREW}


def parse_position(game, text: str):
    hands_text, fields = split_notation(text, USAGE, keys=("turn", "stock"))
    n = game.players
    if len(hands_text) != n:
        raise NotationError(text[:40], f"{len(hands_text)} hands for {n} players: write P1 to P{n} (P{n} deals)")
    turn = fields.get("turn")
    over = turn == "-"
    active = None if over else read_seat(turn or "", n)
    if not over and active is None:
        raise NotationError(turn or "turn", f"say whose hand is in play: turn=P1 to turn=P{n} "
                            "(or turn=- once the round is over)")
    hands, words, seen = [], [], set()
    for seat, part in enumerate(hands_text):
        tokens = part.split()
        word = tokens[-1] if tokens and tokens[-1] in WORDS else None
        cards = list(parse_cards(" ".join(tokens[:-1] if word else tokens)))
        for c in cards:
            _check_card(game, c)
            if c in seen:
                raise NotationError(str(c), "this card is given twice")
            seen.add(c)
        if not cards:
            raise NotationError(f"P{seat + 1}", "every player holds at least the card dealt face down")
        hands.append(cards)
        words.append(word)
    end = None
    if over:  # the hand ended with the first Naqsh made, or else with the dealer's own hand
        active = next((s for s, h in enumerate(hands) if is_naqsh(sum(c.rank for c in h), len(h), game.two_card)), n - 1)
        naqsh = is_naqsh(sum(c.rank for c in hands[active]), len(hands[active]), game.two_card)
        kind = ("dealer-naqsh" if active == n - 1 else "player-naqsh") if naqsh else "dealer-fails"
        end = (kind, active)
    status = []
    for seat, (cards, word) in enumerate(zip(hands, words)):
        total = sum(c.rank for c in cards)
        label = f"P{seat + 1}"
        finished = seat < active or (end is not None and end[0] == "dealer-fails")
        if finished:
            before = "played before the hand in play" if seat < active else "is the dealer and the round is over"
            if len(cards) < 2:
                raise NotationError(label, f"{label} {before}, so holds a face-up card too")
            if is_naqsh(total, len(cards), game.two_card):
                raise NotationError(label, f"{label} has Naqsh, which would have ended the hand")
            if word is None and not is_bust(total, len(cards), game.two_card):
                raise NotationError(label, f"{label} {before}: write 'stood' or 'threw' after the cards "
                                           "(or give a total over 17)")
            if word == "stood" and not game.stand_from <= total <= STAND_TO:
                raise NotationError(label, f"{label} has {total}: a player stands only on {stand_words(game.stand_from)}")
            if word is not None and is_bust(total, len(cards), game.two_card):
                raise NotationError(label, f"{label} is over 17: leave out '{word}'")
            status.append(WORDS[word] if word else BUST)
        elif seat == active and end is not None:  # the Naqsh that ended the hand
            if word is not None:
                raise NotationError(word, f"{label} made Naqsh, which ended the hand: leave out '{word}'")
            status.append(NAQSH)
        else:
            if word is not None:
                raise NotationError(word, f"{label} has not finished playing"
                                    + (" (write turn=- once the round is over)" if seat == active else ""))
            if seat > active and len(cards) != 1:
                raise NotationError(label, f"{label} has not played yet, so holds only the card dealt face down")
            if seat == active and (is_naqsh(total, len(cards), game.two_card)
                                   or is_bust(total, len(cards), game.two_card)):
                raise NotationError(label, f"{label}'s hand ({total} in {len(cards)} cards) would be over "
                                    "already" + (" (write turn=- once the round is over)"
                                                 if is_naqsh(total, len(cards), game.two_card) or seat == n - 1 else ""))
            status.append(PLAYING if seat == active else WAITING)
    top = list(parse_cards(fields.get("stock", "-")))
    for c in top:
        _check_card(game, c)
        if c in seen:
            raise NotationError(str(c), "this card is given twice")
        seen.add(c)
    stock = top + [c for c in game.cards if c not in seen]
    state = NQState(game, hands, stock[::-1], active, status)
    if end is not None:
        state._end = end
        state.current_player = None
    return state


def _check_card(game, card) -> None:
    if card not in game.cards:
        raise NotationError(str(card), f"this game is played with {game.pack_text}, which has no such card "
                            "[clause nq.substitutes]", "nq.substitutes")
