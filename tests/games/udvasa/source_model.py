"""Udvasa written again from the booklet's text alone, to check the engine against.

This model was written from the source (the Mughal deck maker's booklet, its Udvasa section and its
paragraph on the cards), from the chapter's Rulings where the booklet is silent, and from the options
the game declares, without reading the engine's state or rules code. It is small and slow on purpose:
every rule is a few plain lines, so that a reader can compare each one with the booklet.

What the booklet says, and what the model does with it:

* "8 build stacks, one for each suit, and 8 working stacks." "Four of the build stacks will build down
  starting with the Raja and completing at the number 1 and the remaining four build stacks will build
  up from the number 1 to complete with the Raja." Which four is not said; ruling 1: the strong suits
  (Safed, Taj, Shamsher, Ghulam) build up, the weak suits down (``up="strong"``); ``up="weak"`` turns it
  round.
* "you start with 4 Rajas and four number 1 cards face-up, one card in each of the 8 build stacks";
  "deals out one card each face up onto each of 8 working" stacks; ruling 4: the other 80 are the stock,
  dealt eight at a time, with no second pass.
* "placing one card on top of another that is either 1 more or less than the current card no matter what
  the suit is. Only one card at a time". The cards count their number, the Vizier 11 and the Raja 12
  ("the raja ... followed by the vizier, and then the number cards 10 to 1"); ruling 2: no wrap from the
  Raja to the 1 (``wrap=True``: they count as one apart).
* "placing the next card in sequence from a working stack onto the build stack". Wrap plays no part
  here: an up stack completes with the Raja, a down stack with the 1.
* "When you have no more moves, you then deal out 8 more cards, one to the top of each working stack."
  Ruling 3: the book lets you deal whenever you like (``dealing="any-time"``); the booklet's words read
  as a rule (``dealing="no-moves"``) let you deal only when no card can move at all (home, onto another
  stack or into an empty one), and you may give up whenever a card can still move (when none can, you deal).
* "Any working stacks that are empty ... must be filled by any card at the top of another working stack
  if possible." Ruling 5: at once, before any other move (``fill="at-once"``), with the top card of a
  stack of two or more (a lone card moved into an empty stack changes nothing); ``fill="before-deal"``
  lets the empty stack wait, but not past the next deal.
* "The game is won when all cards in the deck have been moved to the build stacks". Ruling 6: with the
  stock used up and no card able to move the game is lost; once the stock is used up the player may
  also give up (``stop``).

Where the booklet and the rulings leave a corner open, the model takes the plain reading and says so:

* a forced fill (``fill="at-once"``) comes "before any other move": the model allows nothing else, not
  even giving up;
* the deal puts a card on every working stack, an empty one too ("one to the top of each working
  stack"), stack 1 first;
* after the deal that empties the stock, a table with no move left is lost at once;
* under ``dealing="no-moves"`` the player may give up "at any time" (the chapter's words), so also when
  no card can move and the deal is open.

Moves are written as the engine's notation: ``3-5`` (the top card of stack 3 onto stack 5), ``3-build``,
``deal``, ``stop``; stacks are numbered 1 to 8.
"""

from __future__ import annotations

from engine.cards import Card
from engine.decks import MUGHAL

RAJA = 12  # the Vizier counts 11
SUITS = tuple(MUGHAL.suits)


class Model:
    """One game of Udvasa from a deal: ``build`` (the eight starters), ``stacks`` (one card for each working
    stack, stack 1 first) and ``stock`` (top card first), all as card text or cards."""

    def __init__(self, build, stacks, stock, *, up="strong", wrap=False, fill="at-once", dealing="any-time"):
        self.up = {s: (s.group == "strong") == (up == "strong") for s in SUITS}
        self.wrap, self.fill, self.dealing = wrap, fill, dealing
        card = lambda c: c if isinstance(c, Card) else Card.parse(str(c))  # noqa: E731
        build, stacks, stock = [card(c) for c in build], [card(c) for c in stacks], [card(c) for c in stock]
        # the starters: the 1 of each suit building up, the Raja of each suit building down
        starters = {Card(s, 1 if self.up[s] else RAJA) for s in SUITS}
        if set(build) != starters or len(build) != 8:
            raise ValueError(f"the build stacks start with {sorted(map(str, starters))}, not {list(map(str, build))}")
        every = build + stacks + stock
        if len(every) != 96 or len(set(every)) != 96 or len(stacks) != 8:
            raise ValueError("a deal is 8 starters, 8 cards for the working stacks and 80 in the stock, each card once")
        self.top = {c.suit: c.rank for c in build}  # each build stack's top value
        self.built = 8
        self.stacks = [[c] for c in stacks]
        self.stock = list(stock)  # top card first
        self.stopped = False

    # -- the rules ---------------------------------------------------------------------------------

    def next_up(self, card: Card) -> bool:
        """Is ``card`` the next card on its suit's build stack?"""
        top = self.top[card.suit]
        return card.rank == top + 1 if self.up[card.suit] else card.rank == top - 1

    def one_apart(self, a: Card, b: Card) -> bool:
        """One more or one less, whatever the suits (the Raja and the 1 only with ``wrap``)."""
        return abs(a.rank - b.rank) == 1 or (self.wrap and {a.rank, b.rank} == {1, RAJA})

    def fills(self) -> set[str]:
        """An empty stack filled with the top card of a stack of two or more."""
        empty = [j for j, s in enumerate(self.stacks) if not s]
        return {f"{i + 1}-{j + 1}" for i, s in enumerate(self.stacks) if len(s) >= 2 for j in empty}

    def card_moves(self) -> set[str]:
        """Every move of a card: home, onto a card one apart, into an empty stack."""
        out = self.fills()
        for i, s in enumerate(self.stacks):
            if not s:
                continue
            if self.next_up(s[-1]):
                out.add(f"{i + 1}-build")
            for j, t in enumerate(self.stacks):
                if j != i and t and self.one_apart(s[-1], t[-1]):
                    out.add(f"{i + 1}-{j + 1}")
        return out

    @property
    def won(self) -> bool:
        return self.built == 96

    @property
    def over(self) -> bool:
        return self.won or self.stopped or (not self.stock and not self.card_moves())

    def legal(self) -> set[str]:
        """The moves open now, as text (empty when the game is over)."""
        if self.over:
            return set()
        fills = self.fills()
        if fills and self.fill == "at-once":
            return fills  # before any other move
        moves = self.card_moves()
        can_move = bool(moves)
        if self.stock:
            if self.dealing == "any-time" and not fills:
                moves.add("deal")
            elif self.dealing == "no-moves" and not moves:
                moves.add("deal")
        if not self.stock or (self.dealing == "no-moves" and can_move):  # give up while a card can still move
            moves.add("stop")
        return moves

    def apply(self, move: str) -> None:
        if move not in self.legal():
            raise ValueError(f"{move!r} is not a move here: {sorted(self.legal())}")
        self.force(move)

    def force(self, move: str) -> None:
        """Make ``move`` without asking whether it is open (to follow the engine past a disagreement)."""
        if move == "stop":
            self.stopped = True
        elif move == "deal":
            for s in self.stacks:
                s.append(self.stock.pop(0))
        else:
            a, b = move.split("-")
            card = self.stacks[int(a) - 1].pop()
            if b == "build":
                self.top[card.suit] = card.rank
                self.built += 1
            else:
                self.stacks[int(b) - 1].append(card)

    # -- for comparing -------------------------------------------------------------------------------

    def position(self) -> str:
        """The table in the position notation of the chapter: build tops, stacks bottom first, stock top first."""
        build = " ".join(str(Card(s, self.top[s])) for s in SUITS)
        stacks = " / ".join(" ".join(map(str, s)) or "-" for s in self.stacks)
        return f"build={build}; stacks={stacks}; stock={' '.join(map(str, self.stock)) or '-'}"
