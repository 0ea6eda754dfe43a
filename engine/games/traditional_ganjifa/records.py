"""What a Traditional Ganjifa move did: :class:`TGRecord`, and the book's narration of it.

``trick`` is set on the step that completes a trick: (winner, cards, split, tigasta reached,
akheri, kind of trick), and on the last trick of a deal also (points, scores, payments, match over).
``split`` is (winner of the first half, its cards, winner of the second half, its cards) for a double trick.
"""

from __future__ import annotations

from typing import Sequence

from ...cards import Card
from ...decks import DASHAVATARA
from ...draw.tricks import count_words
from ...families.tricks.records import TrickRecord
from ...protocol import CHANCE, default_names


class TGRecord(TrickRecord):
    """What one move did (frozen): ``player``, ``move``, ``clauses``, ``note`` and ``trick``."""

    __slots__ = ()

    @property
    def game_over(self) -> bool:
        return bool(self[4]) and len(self[4]) > 6 and self[4][9]

    @property
    def trick_takers(self) -> tuple[int, ...]:
        """A double trick split between two players is taken by both (each wins a half)."""
        if self[4] and self[4][2] is not None and self[4][2][0] != self[4][2][2]:
            return (self[4][2][0], self[4][2][2])
        return super().trick_takers

    @property
    def round_over(self) -> tuple | None:
        """The points of the deal this step ended (cards won less 40, per seat), else None."""
        return self[4][6] if self[4] and len(self[4]) > 6 else None

    def narrate(self, names: Sequence[str] | None = None) -> str:
        return narrate(self, names)

    def narrate_for(self, viewer: int | None, names: Sequence[str] | None = None) -> str:
        """The step as ``viewer`` (a seat; None for what everyone at the table may know) is told it: the
        book's narration for the seats that know everything it names; for the others, the same step without
        the cards and holders hidden from them (who holds the hukm a lead calls for, a card burned in a
        hand, the cards passed between two hands)."""
        return narrate(self, names, public=viewer is None or viewer not in _knowing(self))

    def narrate_choice(self, names: Sequence[str] | None = None) -> str | None:
        """The step told as a choice its player may make, before it is made, where what it does turns on cards
        the player cannot see (issue 41, the terminal learner: the list told a hardu "void" before it was
        declared, so where the two top cards lay); None where :meth:`narrate_for` may tell it."""
        return choice_words(self, names)


def card_name(card: Card) -> str:
    return DASHAVATARA.card_name(card)


def choice_words(record: TGRecord, names: Sequence[str] | None) -> str | None:
    """A hardu (right or void) and a request for a low card, told as the choice: what the player does and what
    the rule then asks of whoever holds the cards, the same words however the hidden cards lie."""
    names = names or default_names(3)
    who = names[record.player] if record.player != CHANCE else "Chance"
    what, cards = record.note[0], record.move.cards
    if what in ("hardu", "void"):
        top, second = record.note[1], record.note[2]
        return (f"{who} declares a hardu with the {card_name(cards[0])}: whoever holds both the {card_name(top)} and "
                f"the {card_name(second)} must play them; if they lie in two hands, the lead is void and taken back.")
    if what == "ask":
        suit = DASHAVATARA.suit(record.move.extra).name
        return (f"{who} holds the Mantri of {suit} alone and asks whoever holds its Raja for a low card of {suit}, "
                f"offering the {card_name(cards[0])}.")
    return None


def card_names(cards) -> str:
    names = ["the " + card_name(c) for c in cards]
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _knowing(record: TGRecord) -> tuple[int, ...]:
    """The seats that may hear every card and holder this step's narration names."""
    what, note, player = record.note[0], record.note, record.player
    # who holds the hukm a lead calls for is known to its holder only: the leader knows it lies in another
    # hand, not in which (a hardu's declarer may be wrong: the lead is then void)
    if what in ("deni", "talafa", "tavani", "natavani", "sir"):
        return (note[2],)
    if what == "hardu":
        return (note[3],)
    if what == "void":  # the table learns that the two top cards lie apart, not which they are
        return ()
    if what == "ask":  # the card offered stays in the asker's hand until the gheni gives a card for it
        return (player,)
    if what in ("give", "return"):
        return (player, note[1])
    if what == "take":
        return (note[2],)
    if what in ("burn", "apart"):
        return (player,)
    return (0, 1, 2)


def narrate(record: TGRecord, names: Sequence[str] | None, public: bool = False) -> str:
    """The book's narration of ``record``; ``public``: only what every player at the table may know."""
    names = names or default_names(3)
    who = names[record.player] if record.player != CHANCE else "Chance"
    move, note = record.move, record.note
    what = note[0]
    cards = move.cards
    if what in ("deal", "redeal"):
        text = (f"The cards are shuffled, cut (a Raja cut to is cut again) and dealt for deal {note[1]}"
                if what == "deal" else "A hand held no Raja, so the cards are shuffled, cut and dealt again")
        if note[2]:
            text += ("; " + " and ".join(names[p] for p in note[2]) + (" owe" if len(note[2]) > 1 else " owes") +
                     " cards, so all " + ("their" if len(note[2]) > 1 else "that player's") +
                     " batches come face down")
        if note[3]:
            text += "; a player holds no Raja, so the cards are dealt again"
        text += "."
    elif what == "open":
        text = (f"{who} opens with the Surkhya, the {card_name(cards[0])} (the leading Raja by {note[1]}), "
                f"and the {card_name(cards[1])}.")
    elif what == "add-open":
        text = f"{who} adds {card_names(cards)} to the opening trick."
        if "tg.exchange" in record.clauses:  # the last card added: the exchanges come next
            text += " Before the opening trick is gathered, each player in turn may exchange a card with it."
    elif what == "swap":
        text = f"{who} exchanges the {card_name(cards[0])} for the {card_name(cards[1])} from the opening trick."
    elif what == "keep":
        text = f"{who} makes no exchange."
    elif what == "ask":
        suit = DASHAVATARA.suit(move.extra).name
        text = (f"{who} holds the Mantri of {suit} alone and asks {names[note[1]]}, who holds its Raja, for a low "
                f"card of {suit}, offering "
                + ("a card from hand." if public else f"the {card_name(cards[0])}."))
    elif what == "give":
        text = (f"{who} gives a low card of {cards[0].suit.name} and takes the card offered in exchange." if public
                else f"{who} gives the {card_name(cards[0])} and takes the {card_name(note[2])} in exchange.")
    elif what == "dukkal":
        text = f"{who} must lead a dukkal: {card_names(cards)}."
    elif what == "deni":
        raja, holder, lost = note[1], note[2], note[3]
        if lost:
            text = (f"{who} must give a deni but holds no other card of the suit, so gives it with the "
                    f"{card_name(cards[0])} itself, and loses it; "
                    + (f"the {card_name(raja)} must come out." if public else
                       f"{names[holder]} must play the {card_name(raja)}."))
        else:
            text = (f"{who} gives a deni: leads the {card_name(cards[0])}, and " +
                    ("whoever holds the suit's Raja, the gheni, must play it." if public else
                     f"{names[holder]}, the gheni, must play the {card_name(raja)}."))
    elif what in ("talafa", "tavani"):
        h, holder, down = note[1], note[2], note[3]
        label = "a talafa" if what == "talafa" else "the tavani owed"
        must = ("whoever holds the suit's hukm must play it" if public else
                f"{names[holder]} must play the hukm, the {card_name(h)}")
        if down:
            text = f"{who} leads {label}: a card face down, naming {DASHAVATARA.suit(move.extra).name}; {must}."
        else:
            text = f"{who} leads a talafa with the {card_name(cards[0])}; {must}."
    elif what == "natavani":
        must = ("whoever holds the suit's hukm must play it" if public else
                f"{names[note[2]]} must play the hukm, the {card_name(note[1])}")
        text = f"{who} leads a natavani with the {card_name(cards[0])}; {must}, and {who} owes a tavani at the next lead."
    elif what == "hardu":
        text = (f"{who} declares a hardu with the {card_name(cards[0])}: "
                + ("one player" if public else names[note[3]])
                + f" holds both the {card_name(note[1])} and the {card_name(note[2])} and must play them.")
    elif what == "void":  # told to the table without the two cards' names: a seat that cannot see them would
        # hear "a card and a card" (issue 41, the learner at the terminal)
        text = (f"{who} declares a hardu with the {card_name(cards[0])}, but "
                + (f"the two best cards of {cards[0].suit.name} still held" if public else
                   f"the {card_name(note[1])} and the {card_name(note[2])}")
                + " are in different hands: the lead is void and taken back, and the next may not be a natavani.")
    elif what == "utari":
        if len(cards) == 1:
            text = f"{who} leads the hukm, the {card_name(cards[0])}, as an utari."
        else:
            text = f"{who} leads an utari: every hukm held, {card_names(cards)}."
    elif what == "utari-draw":
        text = f"{who} has no hukm and leads an utari: the card is drawn at random from {who}'s hand."
    elif what == "draw":
        text = f"Chance draws the {card_name(cards[0])} from {names[note[1]]}'s hand, and it is led."
    elif what == "sir":
        text = (f"{who} leads an utaruna-sir: the hukm, the {card_name(cards[0])}, and the {card_name(cards[1])}; "
                + ("whoever holds the suit's second card must play it." if public else
                   f"{names[note[2]]} must play the {card_name(note[1])}."))
    elif what == "sokta":
        text = f"{who} declares a sokta, leading every {cards[0].suit.name} card held: {card_names(cards)}."
    elif what == "akheri":
        text = f"{who} leads the last card, the {card_name(cards[0])}: the akheri."
    elif what == "double":
        text = (f"{who} plays the {card_name(note[1])} and the {card_name(note[2])}, making the deni a double "
                f"trick: everyone else adds one more card.")
    elif what == "hukm":
        text = f"{who} plays the hukm, the {card_name(cards[0])}, as its holder must."
    elif what == "burn" and public:
        text = f"{who} adds the {card_name(cards[0])}."
    elif what == "burn":
        text = (f"{who} holds the hukm, the {card_name(note[1])}, but plays the {card_name(cards[0])}: the "
                f"{card_name(note[1])} is burned and ranks lowest of its suit from now on.")
    elif what == "aside":
        text = (f"{who} owes {count_words(note[1], 'card')} and sets aside the {move.extra} batch"
                f"{'es' if note[2] > 4 else ''} ({count_words(note[2], 'card')}) unseen.")
    elif what == "apart":
        text = f"{who} looks at the rest of the hand and sets " + (
            "one card apart." if public else f"the {card_name(cards[0])} apart.")
    elif what == "take":
        payer, receiver, taken, back = note[1], note[2], note[3], note[4]
        text = f"{names[receiver]} takes {count_words(len(taken), 'card')} blind from {names[payer]}'s set-aside batches"
        if back is not None:
            text += ("; one was the Surkhya, which goes back, and the card set apart is paid instead" if public else
                     f"; one was the Surkhya, which goes back, and the {card_name(back)} set apart is paid instead")
        text += "."
    elif what == "return":
        text = (f"{who} gives a card back to {names[note[1]]}." if public else
                f"{who} gives the {card_name(cards[0])} back to {names[note[1]]}.")
        if len(note) > 3:
            text += (" The payments have left a hand without a Raja, so the cards are dealt again and the payments "
                     "made again from the new hands.")
    else:
        text = f"{who} adds the {card_name(cards[0])}."
    info = record.trick
    if info:
        if "tg.sokta-wrong" in record.clauses:
            text = text.rstrip(".") + (f". The sokta was wrong: {names[info[0]]} still held a card of the suit "
                                       f"and wins the whole trick, whatever its rank"
                                       + (", with every card its declarer had won in the deal." if record.note[-1:] == ("all",)
                                          else "."))
        text = text.rstrip(".") + ". " + _trick_text(info, names)
    return text.rstrip(".") + " " + " ".join(f"[{c}]" for c in record.clauses) + "."


def _trick_text(info, names) -> str:
    winner, count, split, tigasta, akheri, kind = info[:6]
    last = len(info) > 6  # the deal's last trick: nobody leads after it
    leads = "" if last else " and leads"
    if split is not None:
        wa, na, wb, nb = split
        if wa == wb:
            text = f"{names[wa]} wins both halves, {count} cards{',' if leads else ''}{leads}."
        else:
            text = (f"A double trick: {names[wa]} wins {na} cards, {names[wb]} the other {nb}"
                    + ("." if last else f"; {names[winner]} leads."))
    elif kind == "sokta" and info[0] is not None:
        text = f"{names[winner]} wins all {count} cards{leads}."
    else:
        text = f"{names[winner]} wins the {count} cards{leads}."
    if tigasta:
        text = text[:-1] + "; every player has now had the lead and lost it: the tigasta."
    if akheri and akheri[0] >= 0:
        text += f" {names[akheri[0]]} kills the akheri" + (" (a rangeri: both others beat it)." if akheri[1] else ".")
    if len(info) > 6:
        points, scores, payments, finished = info[6:10]
        text += " The deal is over: " + ", ".join(f"{names[p]} {points[p] + 40}" for p in range(3)) + " cards won."
        if not finished and akheri and akheri[0] >= 0 and points[akheri[0]] < 0:
            text += f" {names[akheri[0]]} killed the akheri, so pays nothing."
        if payments:
            text += " At the start of the next deal, " + "; ".join(
                f"{names[payer]} pays " + " and ".join(f"{count_words(k, 'card')} to {names[r]}" for r, k in dues)
                for payer, dues in payments) + "."
        if finished:
            text += " Final scores: " + ", ".join(f"{names[p]} {scores[p]:+d}" for p in range(3)) + "."
        else:
            text += " Scores: " + ", ".join(f"{names[p]} {scores[p]:+d}" for p in range(3)) + "."
    return text
