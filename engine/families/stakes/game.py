"""The definition of a stakes game (:class:`StakesGame`, a mixin before ``Game``): the deal, the check of a
deal, moves and positions as text, and the match layer's settlement."""

from __future__ import annotations

from ...errors import NotationError
from ...protocol import Deal
from ...shuffle import Rng
from .dealer import EACH_DEALS_ONCE
from .moves import Draw, NewDeal, parse_say
from .positions import parse_position


class StakesGame:
    """Mixin for the definitions of these games (put before ``Game`` in the bases): the deal, the
    check of a deal, moves as text, positions as text, and the match layer's settlement.

    A game sets ``STATE`` (its :class:`StakesState` subclass), ``MOVES`` (every player's move as
    written), ``MOVE_USAGE`` and ``POSITION_KEYS`` (its own keys in a position, besides the common ones).
    """

    DEALER_SEAT = 0  # Player 1 deals the first round (engine.players.match seats each deal's dealer here)
    DEALER_ROTATES = True
    HAS_POSITIONS = True
    MOVES: tuple[str, ...] = ()
    MOVE_USAGE = ""
    POSITION_KEYS: tuple[str, ...] = ()
    DRAW_CLAUSE: str | None = None  # the clause of chance's blind draws, if not the deal's (DEAL_CLAUSE)
    FIRST_DEALER = "a player the table agrees on"  # the `first_dealer=player-1` words

    def won_by_money(self) -> bool:
        """Whether a game is won by the player furthest ahead in money at its end (every one of these games but
        Sama counted in rounds won), a game where nobody is ahead being shared by all."""
        return getattr(self, "scoring", "stakes") == "stakes"

    @property
    def round_count(self) -> int:
        """The rounds in a game: the ``rounds`` option, or one for each player with ``rounds=each-deals-once``.

        >>> from engine import get_game
        >>> get_game("komi", players=5).round_count, get_game("komi", players=5, rounds=2).round_count
        (5, 2)
        """
        return self.players if self.rounds == EACH_DEALS_ONCE else self.rounds

    def first_dealer_words(self) -> str:
        """How the first dealer is chosen, by the ``first_dealer`` option, in players' words."""
        return "chosen by chance, for instance by cutting the pack" if self.first_dealer == "chance" else self.FIRST_DEALER

    def deal(self, seed):
        """Shuffle with ``seed``; Player 1 deals one card at a time round the table, starting with
        the player after them, until each has a hand; the rest is the pack (``pack``, top first)."""
        size = self.STATE.HAND_SIZE
        n = self.players
        k = n * size
        dealt, rest = Rng(seed).shuffled_tail(self.deck.cards, k)
        top = tuple(dealt[::-1])  # the top of the pack first: Player 2 gets the first card, Player 1 the n-th
        rest.reverse()  # the pack, top first
        deal = Deal(tuple([top[(s - 1) % n::n] for s in range(n)]), (("pack", tuple(rest)),))
        _MADE[0] = deal  # a deal made here fits: new_game need not check it card by card
        return deal

    def new_game(self, deal):
        """The game at its first step from ``deal`` (DealError citing the deal clause if it does not fit)."""
        if deal is _MADE[0] and len(deal.hands) == self.players:
            return self.STATE(self, deal.hands, deal.piles[0][1][::-1])
        clause = self.DEAL_CLAUSE
        if not isinstance(deal, Deal):
            raise self.deal_error(f"a deal is dealt cards, not {type(deal).__name__}", clause)
        size = self.STATE.HAND_SIZE
        if len(deal.hands) != self.players:
            raise self.deal_error(f"it has {len(deal.hands)} hands for {self.players} players", clause)
        if len(deal.piles) != 1 or deal.piles[0][0] != "pack":
            raise self.deal_error("the cards not dealt form one pile, 'pack'", clause)
        for seat, hand in enumerate(deal.hands):
            if len(hand) != size:
                raise self.deal_error(f"P{seat + 1} holds {len(hand)} cards, not {size}", clause)
        pack = deal.piles[0][1]
        cards = [c for h in deal.hands for c in h]
        cards += pack
        if len(cards) != len(self.deck.cards) or set(map(id, cards)) != _card_ids(self.deck):
            raise self.deal_error(f"it must hold each of the {len(self.deck.cards)} cards of the "
                                  f"{self.deck.name} deck exactly once", clause)
        return self.STATE(self, deal.hands, pack[::-1])

    def parse_move(self, text):
        move = parse_say(self.name, text, self.MOVES, self.MOVE_USAGE)
        if isinstance(move, (NewDeal, Draw)):
            key = self.deck.key
            cards = move.cards if isinstance(move, Draw) else [c for h in move.hands for c in h]
            for card in cards:
                if card.suit.deck != key:
                    clause = (isinstance(move, Draw) and self.DRAW_CLAUSE) or self.DEAL_CLAUSE
                    raise NotationError(str(card), f"{self.title} is played with the {self.deck.name} deck "
                                        f"[clause {clause}]", clause)
        return move

    def deal_points(self, state) -> tuple[float, ...]:
        """A deal's points in a match: the stakes each seat won or lost."""
        return tuple(float(b) for b in state.balance)

    def settle(self, state) -> tuple[float, ...]:
        """What each seat won (+) or paid (-) over the game; sums to zero."""
        return tuple(float(b) for b in state.balance)

    def position(self, text: str):
        """A hand-set position (see :func:`parse_position`)."""
        return parse_position(self, text)


_IDS: dict = {}
_MADE: list = [None]  # the last deal StakesGame.deal made (immutable, so it stays valid)


def _card_ids(deck) -> frozenset:
    """The ids of a deck's cards (cards are interned: one object per card), to check a deal at C speed."""
    ids = _IDS.get(deck.key)
    if ids is None:
        ids = _IDS[deck.key] = frozenset(map(id, deck.cards))
    return ids
