"""What a Naqsh move did: cheap frozen records, and the book's prose for them."""

from __future__ import annotations

from operator import itemgetter
from typing import Sequence

from ...cards import Card
from ...protocol import Record, default_names
from .bank import BUST, NAQSH, STOOD, THREW
from .moves import DEAL, STAND, TAKE, THROW

_new = tuple.__new__

# what became of the hand (the record's ``outcome``)
GOES_ON, ENDS_NAQSH, ENDS_BUST, ENDS_STAND, ENDS_THROW = range(5)


class NQRecord(Record, tuple):
    """What one move did (frozen).

    Fields: ``player`` (who moved: the dealer for ``deal``), ``move``, ``clauses``, ``seat`` (whose hand),
    ``card`` (the card dealt or taken, or None), ``total`` and ``count`` (the hand's points and cards
    after the move), ``outcome`` (the hand goes on, or ends in Naqsh, bust, a stand or a throw),
    ``dealer`` (the dealer's seat), ``deck`` (for card names), ``payments`` (per seat, when the move
    ended the round, else None) and ``standing`` (the seats still standing when the round ended).
    """

    __slots__ = ()
    _fields = ("player", "move", "clauses", "seat", "card", "total", "count", "outcome", "dealer", "deck",
               "payments", "standing")

    def __new__(cls, player, move, clauses, seat, card, total, count, outcome, dealer, deck, payments=None,
                standing=()):
        return _new(cls, (player, move, clauses, seat, card, total, count, outcome, dealer, deck, payments,
                          standing))

    @property
    def game_over(self) -> bool:
        return self[10] is not None

    def __repr__(self) -> str:
        return "NQRecord(" + ", ".join(f"{k}={v!r}" for k, v in zip(self._fields, self) if k != "deck") + ")"

    def events(self) -> tuple[str, ...]:
        outcome = self[7]
        # the dealer's own face-up card: nobody made Naqsh, and the dealer's turn begins
        turn = ("dealer-turn",) if self[3] == self[8] and self[1]._k == DEAL else ()
        if outcome == GOES_ON:
            return turn
        if outcome == ENDS_NAQSH:
            kind = "dealer-naqsh" if self[3] == self[8] else "player-naqsh"
            return turn + ((kind, "two-card-21") if self[5] == 21 else (kind,))
        out = ("bust",) if outcome == ENDS_BUST else ("stand",) if outcome == ENDS_STAND else ("throw",)
        return turn + out + ("dealer-fails",) if self[10] is not None else turn + out

    def narrate(self, names: Sequence[str] | None = None) -> str:
        """One or two sentences of the book's prose for this move, ending in its clause ids."""
        return _narrate(self, names)

    def narrate_for(self, viewer: int | None, names: Sequence[str] | None = None) -> str:
        """The move as ``viewer`` (a seat; None for what everyone at the table may know) is told it at the
        terminal: a hand's total counts its card face down, so only its holder hears it, until a Naqsh
        shows the cards. The others hear the face-up cards and what the player did.

        >>> from engine.games.naqsh import Naqsh
        >>> state = Naqsh(players=4).position("P1=10N1 4N2; P2=5N3; P3=MN1; P4=2N2; turn=P1; stock=2N1")
        >>> record = state.apply("take")
        >>> record.narrate_for(0, ["Asha", "Bilal", "Chitra", "Dev"])
        'Asha takes another card, a 2, and has 16 in 3 cards [nq.take].'
        >>> record.narrate_for(1, ["Asha", "Bilal", "Chitra", "Dev"])
        'Asha takes another card, a 2, and now holds 3 cards [nq.take].'
        """
        if viewer == self[3] or self[7] == ENDS_NAQSH:
            return _narrate(self, names)
        return _narrate_public(self, names)


for _i, _field in enumerate(NQRecord._fields):
    setattr(NQRecord, _field, property(itemgetter(_i), doc=f"The record's {_field}."))
del _i, _field


def value_name(deck, card: Card) -> str:
    """A card as a player names it in Naqsh, where suits do not count: ``a 7``, ``a Mir``, ``an 8``,
    ``a Queen (Ghodi)`` with a French pack, ``a Raja (Mir)`` with a Mughal deck."""
    r = card.rank
    name = deck.rank_name(r)
    if deck.key == "french" and r in (11, 12):
        name += " (Ghodi)" if r == 11 else " (Mir)"
    elif deck.key == "mughal" and r in (11, 12):
        name += " (Ghodi)" if r == 11 else " (Mir)"
    article = "an" if name[0] in "8AEIOU" or name in ("11", "18") else "a"
    return f"{article} {name}"


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _narrate(r: NQRecord, names: Sequence[str] | None) -> str:
    player, move, clauses, seat, card, total, count, outcome, dealer, deck, payments, standing = r
    names = names or default_names(dealer + 1)
    who = names[seat]
    dname = names[dealer]
    k = move._k
    own = seat == dealer
    if k == DEAL:
        if own:
            text = (f"Nobody has made Naqsh, so {dname}, the dealer, plays a hand too and turns up {value_name(deck, card)}: "
                    f"with the card face down that makes {total} in 2 cards")
        else:
            text = f"{dname} deals {who} a face-up card, {value_name(deck, card)}: {who} has {total} in 2 cards"
    elif k == TAKE:
        text = f"{who} takes another card, {value_name(deck, card)}, and has {total} in {_cards(count)}"
    elif k == STAND:
        text = f"{who} stands on {total}"
    else:
        text = f"{who} throws in the cards at {total}"
    if outcome == ENDS_NAQSH:
        kind = "a two-card 21" if total == 21 else "17"
        if own:
            text += (f": Naqsh ({kind})! {dname} shows the cards, and every other player pays the dealer one stake; "
                     f"{dname} keeps the deal")
        else:
            text += f": Naqsh! {who} shows the cards; no money changes hands, and {who} deals next"
    elif outcome == ENDS_BUST:
        text += ": over 17" + ((", and 21 counts only in two cards" if count > 2 else ", and 21 in two cards is no "
                                "Naqsh at this table") if total == 21 else "") + f", so {who} is out"
    if payments is not None and outcome != ENDS_NAQSH:
        text += ". " + _fails(names, dealer, payments, standing)
    return text + " " + " ".join(f"[{c}]" for c in clauses) + "."


def _narrate_public(r: NQRecord, names: Sequence[str] | None) -> str:
    """``_narrate`` without the hand's total, which counts the card only its holder has seen."""
    player, move, clauses, seat, card, total, count, outcome, dealer, deck, payments, standing = r
    names = names or default_names(dealer + 1)
    who = names[seat]
    dname = names[dealer]
    k = move._k
    if k == DEAL:
        if seat == dealer:
            text = (f"Nobody has made Naqsh, so {dname}, the dealer, plays a hand too and turns up "
                    f"{value_name(deck, card)}")
        else:
            text = f"{dname} deals {who} a face-up card, {value_name(deck, card)}"
    elif k == TAKE:
        text = f"{who} takes another card, {value_name(deck, card)}"
        if outcome != ENDS_BUST:
            text += f", and now holds {_cards(count)}"
    elif k == STAND:
        text = f"{who} stands"
    else:
        text = f"{who} throws in the cards"
    if outcome == ENDS_BUST:
        text += f": over 17, so {who} is out"
    if payments is not None:
        text += ". " + _fails(names, dealer, payments, standing)
    return text + " " + " ".join(f"[{c}]" for c in clauses) + "."


def _fails(names, dealer, payments, standing) -> str:
    dname = names[dealer]
    paid = [names[s] for s in range(dealer) if payments[s] > 0]
    lead = f"{dname} has not made Naqsh either"
    if paid:
        return lead + f", and pays one stake each to {_and(paid)}; the deal passes to {names[0]}"
    if standing:
        return lead + f"; no money changes hands, and the deal passes to {names[0]}"
    return lead + f"; nobody is standing, so no money changes hands, and the deal passes to {names[0]}"


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


__all__ = ["NQRecord", "value_name", "GOES_ON", "ENDS_NAQSH", "ENDS_BUST", "ENDS_STAND", "ENDS_THROW",
           "STOOD", "THREW", "BUST", "NAQSH", "TAKE", "STAND", "THROW"]
