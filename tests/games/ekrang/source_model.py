"""Ekrang written again from the booklet's text alone, to check the engine against.

This model was written from the source (the Mughal deck maker's booklet: its Ekrang section and its
paragraph on the cards) and from the rulings the chapter states where the booklet is garbled or
silent, without reading the engine's state or rules code. It is small and slow on purpose: every
rule is a few plain lines, so that a reader can compare each one with the booklet.

What the booklet says, and what the model does with it:

* "The raja is the most valuable card in each suit, followed by the vizier, and then the number cards
  10 to 1" (``ranking="uniform"``). Its "Variation" reverses the numerals of some suits
  (``ranking="traditional"``: the deck's four weak suits, Surkh, Chang, Qimash and Barat, run 1 high
  to 10 low); "in all cases the face cards ... are higher than the numbered cards".
* "deal an equal number of cards to each player": the model takes the hands as dealt.
* "the first player is the one that has the Raja of Surya" by day, "of Chandra" at night (the book's
  Surkh and Safed).
* The garbled step 3: the first player lays that Raja "along with another card of 8 or higher" (ruled:
  face value 8, 9, 10, Vizier 11, Raja 12, any suit; the Raja alone if there is none); "each other
  player places a card of lower value and any suit" (ruled: one card each, of face value lower than
  the opener's second card; any card if none is lower, or when the Raja was laid alone; option
  ``opening_add="any"``: any card), and the opener "takes these cards as the first trick".
* "Cards are always played one at a time counterclockwise": seats 0, 1, 2, ... in turn.
* Phase 1: "The player who took the most recent trick plays the highest card they have of any suit"
  (ruled: the single highest card in hand, cards of different suits compared by their place in their
  own suit's order, the leader choosing among equally high ones; option ``lead_card="suit"``: the
  highest card of any suit the leader holds). "All other players then play a card of the same suit
  ... A different suit may be played if a player has no cards of the original suit."
* Phase 2: "The player who won the trick in Phase 1 now plays the lowest card of the same suit used in
  phase 1. All other players then play a card from their hand of any suit but only a higher card of
  the original suit will win the trick." "If the winner of phase 1 does not have a card of the same
  suit to use in phase 2, phase 2 is skipped." "Then a new round begins": led, by phase 1's words, by
  whoever took the most recent trick. A trick is won by the highest card of the suit led.
* "When all of the cards have been played, the player who took the most tricks wins the game"
  (ruled: tied players share the win). The opener runs out one trick early (ruled: a player with no
  cards sits out; a trick's winner with no cards passes the lead to the next player holding cards,
  who starts a new round; a trick played by one player alone still counts).

A move is its text, as the project writes it: a card (``9Sh``), or ``open RSu 10Sh`` / ``open RSu``.
"""

from __future__ import annotations

from collections import Counter

from engine.cards import Card
from engine.decks import MUGHAL

WEAK = {MUGHAL.suit(code) for code in ("Su", "Ch", "Qi", "Ba")}  # the four suits the variation reverses


def strength(card: Card, ranking: str) -> int:
    """Higher is better within a suit: Raja 12, Vizier 11, then the numerals (10 for the best)."""
    if card.rank >= 11:
        return card.rank
    if ranking == "traditional" and card.suit in WEAK:
        return 11 - card.rank  # 1 best (10) .. 10 worst (1)
    return card.rank


def face(card: Card) -> int:
    """The opening's "8 or higher" and "lower value": the number of signs, Vizier 11, Raja 12."""
    return card.rank


class Model:
    """One game of Ekrang from dealt ``hands``; ``legal()`` the moves (text), ``play(text)`` one move."""

    def __init__(self, hands, *, time="day", ranking="uniform", opening_add="lower", lead_card="highest"):
        self.n = len(hands)
        self.hands = [set(h) for h in hands]
        self.ranking = ranking
        self.opening_add = opening_add
        self.lead_card = lead_card
        self.raja = Card(MUGHAL.suit("Su" if time == "day" else "Sa"), 12)
        self.tricks = [0] * self.n
        self.opener = next(s for s in range(self.n) if self.raja in self.hands[s])
        self.turn: int | None = self.opener
        self.stage = "opening"  # opening, phase1, phase2, over
        self.trick: list[tuple[int, Card]] = []  # (seat, card) in order of play; the opener's two cards both
        self.players_in: list[int] = []  # who plays in the current trick
        self.second: Card | None = None  # the opener's card of 8 or higher
        self.suit = None  # the suit led in the current trick
        self.round_suit = None  # the suit of phase 1, for phase 2
        self.over = False
        self.winners: tuple[int, ...] = ()
        self.events: Counter = Counter()  # how often each rare case came up, to show the games reach them

    def st(self, card: Card) -> int:
        return strength(card, self.ranking)

    def of_suit(self, seat: int, suit) -> list[Card]:
        return sorted((c for c in self.hands[seat] if c.suit == suit), key=self.st)

    # --- the rules ---------------------------------------------------------------------------
    def legal(self) -> set[str]:
        if self.over:
            return set()
        seat = self.turn
        hand = self.hands[seat]
        if self.stage == "opening":
            if not self.trick:  # the opener: the Raja with another card of 8 or higher
                partners = [c for c in hand if c != self.raja and face(c) >= 8]
                if not partners:
                    self.events["raja alone"] += 1
                    return {f"open {self.raja}"}
                return {f"open {self.raja} {c}" for c in partners}
            if self.opening_add == "any" or self.second is None:
                return {str(c) for c in hand}
            lower = [c for c in hand if face(c) < face(self.second)]
            if not lower:
                self.events["no lower card to add"] += 1
            return {str(c) for c in (lower or hand)}
        if not self.trick:  # a lead
            if self.stage == "phase2":
                return {str(self.of_suit(seat, self.round_suit)[0])}
            if self.lead_card == "suit":
                return {str(self.of_suit(seat, s)[-1]) for s in {c.suit for c in hand}}
            top = max(self.st(c) for c in hand)
            leads = {str(c) for c in hand if self.st(c) == top}
            if len(leads) > 1:
                self.events["phase 1: equally high cards to choose from"] += 1
            return leads
        if self.stage == "phase1":
            follow = [c for c in hand if c.suit == self.suit]
            if not follow:
                self.events["phase 1: no card of the suit led"] += 1
            return {str(c) for c in (follow or hand)}
        return {str(c) for c in hand}  # phase 2: any card

    def play(self, text: str, *, check: bool = True) -> int | None:
        """Make the move ``text`` for the seat to move; the trick's winner when a trick ends, else None."""
        if check:
            assert text in self.legal(), (self.turn, text, sorted(self.legal()))
        seat = self.turn
        words = text.split()
        cards = [Card.parse(w) for w in (words[1:] if words[0] == "open" else words)]
        for c in cards:
            self.hands[seat].remove(c)
            self.trick.append((seat, c))
        if len(self.trick) == len(cards):  # the lead: who plays in this trick
            self.players_in = [(seat + k) % self.n for k in range(self.n)
                               if k == 0 or self.hands[(seat + k) % self.n]]
            self.suit = cards[0].suit
            if self.stage == "opening":
                self.second = cards[1] if len(cards) > 1 else None
        played = len({s for s, _ in self.trick})
        if played < len(self.players_in):
            self.turn = self.players_in[played]
            return None
        return self._end_trick()

    def _end_trick(self) -> int:
        if self.stage == "opening":
            winner = self.opener  # "takes these cards as the first trick"
        else:
            led = [(self.st(c), s) for s, c in self.trick if c.suit == self.suit]
            winner = max(led)[1]  # the highest card of the suit led
            if len(self.players_in) == 1:
                self.events["a trick played by one player alone"] += 1
            if self.stage == "phase2" and winner == self.trick[0][0]:
                self.events["phase 2: the leader's low card wins"] += 1
        self.tricks[winner] += 1
        stage, suit = self.stage, self.suit
        self.trick = []
        if not any(self.hands):
            self.over = True
            self.stage = "over"
            self.turn = None
            top = max(self.tricks)
            self.winners = tuple(s for s in range(self.n) if self.tricks[s] == top)
            if len(self.winners) > 1:
                self.events["a shared win"] += 1
            return winner
        if stage == "phase1" and any(c.suit == suit for c in self.hands[winner]):
            self.stage, self.round_suit, self.turn = "phase2", suit, winner
            return winner
        if stage == "phase1":
            self.events["phase 2 skipped"] += 1
        nxt = winner  # a new round, led by the trick's winner or the next player holding cards
        while not self.hands[nxt]:
            nxt = (nxt + 1) % self.n
        if nxt != winner:
            self.events["the winner has no cards: the lead passes on"] += 1
        self.stage, self.turn = "phase1", nxt
        return winner
