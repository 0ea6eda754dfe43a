"""What a Shakti step did: cheap frozen records, and the book's prose for them."""

from __future__ import annotations

from operator import itemgetter
from typing import Sequence

from ...cards import Card
from ...decks import MUGHAL
from ...protocol import CHANCE, Record, default_names
from .moves import BOTTOM, BOTTOMS, DECK, DISCARD, TOP, TOPS
from .table import CARDS, N_RUNS, TARGETS

# the clauses each kind of record cites (shared tuples: no allocation on the hot path)
CL_DECK = ("sk.deck",)
CL_TOPS = ("sk.tops",)
CL_BOTTOMS = ("sk.bottoms",)
CL_ONE = ("sk.one-pile",)
CL_DISCARD = ("sk.discard",)
# the same clause in a tuple of its own (a literal would be merged with CL_DISCARD's): the discard that ends a turn
CL_TURN = tuple(["sk.discard"])
CL_RUN = ("sk.discard", "sk.run", "sk.win")
CL_SET = ("sk.discard", "sk.set", "sk.win")
CL_LIMIT = ("sk.discard", "sk.limit")
CL_SHUFFLE = ("sk.reshuffle",)
DRAW_CLAUSES = {DECK: CL_DECK, TOPS: CL_TOPS, BOTTOMS: CL_BOTTOMS, TOP: CL_ONE, BOTTOM: CL_ONE}
FIRST_CLAUSES = {k: ("sk.dealer",) + v for k, v in DRAW_CLAUSES.items()}  # the game's first draw: who starts
_new = tuple.__new__


class ShRecord(Record, tuple):
    """What one step did (frozen). Built cheaply on the hot path; the prose comes from :meth:`narrate`.

    Fields: ``player``, ``move``, ``clauses``, ``cards`` (the cards drawn, pile by pile for
    ``tops``/``bottoms``; the card discarded; for chance, the new deck's size as an int), ``end``
    (``top`` or ``bottom``: the end of the piles the turn uses), ``target``
    (the winning hand made, an index into the ranking's targets, else -1), ``ranking``,
    ``ended`` (this step ended the game), ``parts`` (for a whole turn: the records of its steps).
    """

    __slots__ = ()
    _fields = ("player", "move", "clauses", "cards", "end", "target", "ranking", "ended", "parts")

    def __new__(cls, player, move, clauses, cards=(), end="top", target=-1, ranking="uniform", ended=False, parts=()):
        return _new(cls, (player, move, clauses, cards, end, target, ranking, ended, parts))

    @property
    def game_over(self) -> bool:
        return self[7]

    def __repr__(self) -> str:
        return "ShRecord(" + ", ".join(f"{k}={v!r}" for k, v in zip(self._fields, self)) + ")"

    def narrate(self, names: Sequence[str] | None = None) -> str:
        """One sentence (or two) of the book's prose for this step, ending in its clause ids."""
        return _narrate(self, names or default_names(4))

    def narrate_for(self, viewer: int | None, names: Sequence[str] | None = None) -> str:
        """The step as ``viewer`` (a seat; None for what everyone at the table may know) is told it: a draw's
        cards are named only to the player who drew them, except a pile's top card, which lies face up for
        all to see (:func:`_draw_words`). A choice not yet made is told this way too, as nobody has seen the
        cards it brings (the book's list of what a player may do).

        >>> from engine.games.shakti import Shakti
        >>> state = Shakti().position("turn=P1; round=2; P1=2Ta 3Ta 4Ta 5Ta 6Ta 7Ta 9Ta RGh; "
        ...     "P2=1Sa 1Sh 1Gh 1Su 1Ch 1Qi 9Ba VSh; P3=3Sa 5Sa 6Sa 2Gh 8Gh 10Ch VCh 4Su; "
        ...     "P4=5Ch 6Ch 7Ch 2Qi RSh 3Ba 7Ba 10Gh; piles=1Ba 4Sh 7Sh 2Ch 9Su / 6Gh / 8Ta / 1Ta 10Ba 3Gh VBa 2Su")
        >>> names = ["Asha", "Bela", "Chitra", "Dev"]
        >>> record = state.copy().apply("bottoms")
        >>> record.narrate_for(1, names)
        'Asha takes the bottom card of every pile, unseen [sk.bottoms].'
        >>> record.narrate_for(0, names).split(":")[1].split(",")[0]
        " the 1 of Barat from Asha's own pile"
        >>> state.copy().apply("top 4").narrate_for(None, names)
        "Asha takes the four top cards of Dev's pile (the 2 of Surkh, which lies on top, and three cards \
under it) [sk.one-pile]."
        """
        if viewer == self[0] or self[0] == CHANCE:
            return self.narrate(names)
        return _narrate(self, names or default_names(4), public=True)


for _i, _field in enumerate(ShRecord._fields):
    setattr(ShRecord, _field, property(itemgetter(_i), doc=f"The record's {_field.replace('_', ' ')}."))
del _i, _field


def card_name(card: Card) -> str:
    """A card's name in prose: ``Raja of Ghulam``, ``7 of Taj``."""
    return MUGHAL.card_name(card)


def the_cards(cards) -> str:
    """``the 7 of Taj, the 3 of Surkh and the Raja of Ghulam``."""
    return listed([f"the {card_name(c)}" for c in cards])


def listed(parts) -> str:
    """``a, b and c``."""
    parts = list(parts)
    if len(parts) < 2:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def pile_of(names: Sequence[str], who: int, pile: int) -> str:
    """Whose pile: ``Bela's own pile`` (the mover's) or ``Bela's pile``."""
    return f"{names[pile]}'s own pile" if pile == who else f"{names[pile]}'s pile"


def target_words(target: int, ranking: str) -> str:
    """A winning hand in words: ``a run of Taj from the 3 to the Vizier`` or ``a set of eight Rajas``."""
    cards = [CARDS[c] for c in TARGETS[ranking][target]]
    if target < N_RUNS:
        low, high = cards[0], cards[-1]
        return (f"a run of eight {low.suit.name} cards, from the {MUGHAL.rank_name(low.rank)} "
                f"to the {MUGHAL.rank_name(high.rank)}")
    rank = MUGHAL.rank_name(cards[0].rank)
    return f"a set of eight {rank}s" if not rank.isdigit() else f"a set of eight {rank}s, one of every suit"


def _draw_words(r: ShRecord, names: Sequence[str], who: str, public: bool = False) -> str:
    """The draw in words; ``public``: only what the whole table sees (a pile's top card), not the cards the
    drawer alone sees as they come into the hand."""
    if "sk.dealer" in r.clauses:
        rest = ShRecord(*(r[:2] + (r.clauses[1:],) + r[3:]))
        return f"{who}, on the dealer's right, plays first. " + _draw_words(rest, names, who, public)
    move = r.move
    k = move._k
    if k == DECK:
        return f"{who} draws the top four cards of the stock" + ("" if public else f" ({the_cards(r.cards)})")
    if k in (TOPS, BOTTOMS):
        end = "top" if k == TOPS else "bottom"
        if public and k == BOTTOMS:
            return f"{who} takes the bottom card of every pile, unseen"
        taken = listed(f"the {card_name(c)} from {pile_of(names, r.player, p)}" for p, c in enumerate(r.cards))
        return f"{who} takes the {end} card of every pile: {taken}"
    end = "top" if k == TOP else "bottom"
    pile = pile_of(names, r.player, move.pile)
    if not public:
        return f"{who} takes the four {end} cards of {pile} ({the_cards(r.cards)})"
    if k == TOP:  # the first card taken is the pile's top card, face up for all to see
        return f"{who} takes the four top cards of {pile} (the {card_name(r.cards[0])}, which lies on top, " \
               f"and three cards under it)"
    return f"{who} takes the four bottom cards of {pile}, unseen"


def _ending(r: ShRecord, names: Sequence[str], who: str) -> str:
    if r.target >= 0:
        return f". {who}'s hand is {target_words(r.target, r.ranking)}: {who} wins"
    if "sk.limit" in r.clauses:
        return ". That ends the last round, and nobody has won, so the game ends without a winner"
    return ""


def _narrate(r: ShRecord, names: Sequence[str], public: bool = False) -> str:
    if r.player == CHANCE:
        return (f"The stock is used up, so the top card of every pile stays where it is and the other {r.cards} "
                f"cards of the piles are shuffled into a new stock [sk.reshuffle].")
    who = names[r.player]
    move = r.move
    if r.parts:  # a whole turn, joined
        first, discards = r.parts[0], r.parts[1:]
        text = _draw_words(first, names, who, public)
        if discards:
            k = first.move._k
            if k in (TOPS, BOTTOMS):
                end = "on top of" if k == TOPS else "under"
                put = listed(f"the {card_name(d.move.card)} {end} {pile_of(names, r.player, d.move.pile)}"
                             for d in discards)
                text += f", then puts back {put}"
            else:
                end = "on top of" if k in (TOP, DECK) else "under"
                text += (f" and puts {the_cards([d.move.card for d in discards])} {end} "
                         f"{pile_of(names, r.player, discards[0].move.pile)}")
        last = r.parts[-1]
        clauses = dict.fromkeys(c for p in r.parts for c in p.clauses)
        return _cited(text, _ending(last, names, who), clauses)
    if move._k == DISCARD:
        end = "on top of" if r.end == "top" else "under"
        text = f"{who} puts the {card_name(move.card)} {end} {pile_of(names, r.player, move.pile)}"
        return _cited(text, _ending(r, names, who), r.clauses)
    return _cited(_draw_words(r, names, who, public), "", r.clauses)


ENDING_CLAUSES = frozenset({"sk.win", "sk.run", "sk.set", "sk.limit"})


def _cited(text: str, ending: str, clauses) -> str:
    """The turn's words with its rules cited after them, and the ending's (a win, the last round) after its own
    sentence, so that each citation stands beside what it rules."""
    tags = lambda cs: " ".join(f"[{c}]" for c in cs)  # noqa: E731
    play = [c for c in clauses if c not in ENDING_CLAUSES or not ending]
    ended = [c for c in clauses if c in ENDING_CLAUSES and ending]
    return text + (" " + tags(play) if play else "") + ending + (" " + tags(ended) if ended else "") + "."
