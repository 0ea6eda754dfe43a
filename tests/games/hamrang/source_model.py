"""Hamrang written again from the booklet's text alone, to check the engine against.

This model was written from the source (the Mughal deck maker's booklet, its Hamrang section and its
paragraph on the cards) and from the rulings the chapter states where the booklet is garbled or
silent, without reading the engine's state or move code. It is small and slow on purpose: every
rule is a few plain lines, so that a reader can compare each one with the booklet.

What the booklet says, and what the model does with it:

* "The raja is the most valuable card in each suit, followed by the vizier, and then the number cards
  10 to 1." (the main order, ``ranking="uniform"``). Its "Variation: In the original Mughal ganjifa"
  reverses the numerals of some suits (``ranking="traditional"``: the deck's weak suits run 1 high to
  10 low); "in all cases the face cards ... are higher than the numbered cards".
* "each player draws the top card from deck, the player with the highest card goes first", then the
  cards are dealt. Rulings: rank alone counts in the draw (Raja, Vizier, 10 .. 1), ties draw again,
  and the highest card deals (going first is opening with the leading Raja).
* Round 1: the holder of the Raja of Surya (the book's Surkh) by day, of Chandra (Safed) by night,
  plays it and "the lowest card in her hand from the same suit"; the garbled substitution is ruled to
  apply only when she holds no other card of the suit (``opener_substitute="if-none"``), or whenever
  she likes as the sentence stands (``"any-time"``); she then plays "the lowest card from any other
  suit" (her choice of suit).
* The others play "their highest and lowest cards" of the suit led, in order of play; with no card of
  it they "may substitute the highest or lowest card from a different suit" (ruled: one such card
  for each missing card, so everyone plays two; a player with one card of the suit plays it and one
  such card).
* "The player who played the highest card of the leading suit wins the trick" and leads next: "a suit
  in which she has a face card", "her highest and lowest card of that suit substituting the lowest
  from another suit if needed".
* "If a player has no face cards left she is out of the game" (ruled: checked when a trick ends; a
  winner who is out hands the lead to the next player still in).
* "The game continues until all players have played all of their face cards" (``last_player=
  "plays-on"``, the text); the shorter game that stops when at most one player still holds a face card
  is ``"stops"``. "the player who took the most tricks wins" (ties share).

Seats are 0..3 in order of play (the booklet's counterclockwise). A play is ``(suit, cards)``: the two
cards as a frozenset, and for a lead the suit it leads (two lone court cards of different suits may
be led either way: a Raja of one suit as the lone court card with the lone Vizier of another as its
"lowest card from another suit", or the other way round); ``None`` for a follower's play.
"""

from __future__ import annotations

from engine.cards import Card
from engine.decks import MUGHAL

COURTS = (12, 11)  # Raja, Vizier


def strength(card: Card, ranking: str) -> int:
    """Higher is better within a suit: the Raja 12, the Vizier 11, then the numerals."""
    if card.rank in COURTS:
        return card.rank
    if ranking == "traditional" and card.suit.group == "weak":
        return 11 - card.rank  # 1 best (10) .. 10 worst (1)
    return card.rank  # 10 best .. 1 worst


def draw_rank(card: Card) -> int:
    """The draw for the dealer: rank alone, Raja, Vizier, then 10 down to 1."""
    return card.rank


def dealer_of(shuffler: int, cards: list[Card]) -> tuple[int, int]:
    """Who deals after a draw that starts with ``shuffler``: (dealer, cards used). Tied players draw
    again, in order of play from the shuffler, until one card is highest."""
    drawing = [(shuffler + k) % 4 for k in range(4)]
    used = 0
    while True:
        got = {}
        for seat in drawing:
            got[seat] = cards[used]
            used += 1
        best = max(draw_rank(c) for c in got.values())
        drawing = [s for s in drawing if draw_rank(got[s]) == best]
        if len(drawing) == 1:
            return drawing[0], used


class Model:
    def __init__(self, hands, *, time="day", ranking="uniform", opener_substitute="if-none",
                 last_player="plays-on"):
        self.hands = [set(h) for h in hands]
        self.ranking = ranking
        self.opener_substitute = opener_substitute
        self.last_player = last_player
        self.tricks = [0, 0, 0, 0]
        self.trick: list[tuple[int, frozenset]] = []
        self.lead_suit = None
        self.leading_raja = Card(MUGHAL.suit("Su" if time == "day" else "Sa"), 12)
        self.opening = True
        self.out = [not self.has_court(s) for s in range(4)]
        self.turn = next(s for s in range(4) if self.leading_raja in self.hands[s])
        self.over = False
        self.winners: tuple[int, ...] = ()

    # --- helpers -----------------------------------------------------------------------------
    def has_court(self, seat: int) -> bool:
        return any(c.rank in COURTS for c in self.hands[seat])

    def of_suit(self, seat: int, suit) -> list[Card]:
        return sorted((c for c in self.hands[seat] if c.suit == suit), key=lambda c: strength(c, self.ranking))

    def lowest(self, seat: int, suit) -> Card:
        return self.of_suit(seat, suit)[0]

    def highest(self, seat: int, suit) -> Card:
        return self.of_suit(seat, suit)[-1]

    def other_suits(self, seat: int, suit) -> set:
        return {c.suit for c in self.hands[seat] if c.suit != suit}

    def ends(self, seat: int, suit) -> set[Card]:
        """The highest and the lowest card of every suit held other than ``suit``."""
        out = set()
        for s in self.other_suits(seat, suit):
            out |= {self.lowest(seat, s), self.highest(seat, s)}
        return out

    # --- the rules ---------------------------------------------------------------------------
    def legal(self) -> set[tuple]:
        if self.over:
            return set()
        seat = self.turn
        if not self.trick:
            return self._leads(seat)
        return self._follows(seat, self.lead_suit)

    def _leads(self, seat: int) -> set[tuple]:
        plays = set()
        if self.opening:
            raja = self.leading_raja
            suit = raja.suit
            rest = [c for c in self.of_suit(seat, suit) if c != raja]
            if rest:
                plays.add((suit, frozenset((raja, rest[0]))))
            if not rest or self.opener_substitute == "any-time":
                for s in self.other_suits(seat, suit):
                    plays.add((suit, frozenset((raja, self.lowest(seat, s)))))
            return plays
        for suit in {c.suit for c in self.hands[seat] if c.rank in COURTS}:
            cards = self.of_suit(seat, suit)
            if len(cards) >= 2:
                plays.add((suit, frozenset((cards[-1], cards[0]))))
            else:
                for s in self.other_suits(seat, suit):
                    plays.add((suit, frozenset((cards[0], self.lowest(seat, s)))))
        return plays

    def _follows(self, seat: int, suit) -> set[tuple]:
        cards = self.of_suit(seat, suit)
        if len(cards) >= 2:
            return {(None, frozenset((cards[-1], cards[0])))}
        spare = self.ends(seat, suit)
        if len(cards) == 1:
            return {(None, frozenset((cards[0], c))) for c in spare}
        return {(None, frozenset((a, b))) for a in spare for b in spare if a != b}

    def play(self, play: tuple) -> int | None:
        """Make ``play`` for the seat to move; the trick's winner when the trick ends, else None."""
        assert play in self.legal(), (self.turn, play)
        suit, cards = play
        seat = self.turn
        if not self.trick:
            self.lead_suit = suit
        self.hands[seat] -= cards
        self.trick.append((seat, cards))
        still_in = [s for s in range(4) if not self.out[s]]
        if len(self.trick) < len(still_in):
            nxt = (seat + 1) % 4
            while self.out[nxt]:
                nxt = (nxt + 1) % 4
            self.turn = nxt
            return None
        # the trick is complete: the best card of the suit led takes it
        best = None
        for who, played in self.trick:
            for c in played:
                if c.suit == self.lead_suit and (best is None or strength(c, self.ranking) > best[0]):
                    best = (strength(c, self.ranking), who)
        winner = best[1]
        self.tricks[winner] += 1
        self.trick = []
        self.opening = False
        for s in range(4):
            if not self.out[s] and not self.has_court(s):
                self.out[s] = True
        holders = [s for s in range(4) if not self.out[s]]
        if not holders or (self.last_player == "stops" and len(holders) <= 1):
            self.over = True
            top = max(self.tricks)
            self.winners = tuple(s for s in range(4) if self.tricks[s] == top)
            self.turn = None
            return winner
        nxt = winner
        while self.out[nxt]:
            nxt = (nxt + 1) % 4
        self.turn = nxt
        return winner
