"""The cards of a Guru Ganjifa game and who holds them: the base the rules of play and the refusals stand on.

:class:`GGHands` holds the table: each hand (as its one-card adds, suit by suit, strongest first),
the cards won, the cards shown for a Deni [gg.deni], the face-up batch cards [gg.face-up], the trick
in progress, and who holds every unplayed card (a :class:`~engine.families.tricks.SuitTracker`, in
each suit's own order [gg.ranking]), which tells a player's unbeatable cards [gg.unbeatable]. The
leading Raja's holder leads first [gg.opening].

The rules of play (:mod:`.tricks`) and the refusals (:mod:`.checks`) are its subclasses, put
together in :mod:`.state`.
"""

from __future__ import annotations


from ...cards import Card
from ...decks import DASHAVATARA
from ...families.tricks import SuitTracker
from ...protocol import Game, State
from .moves import ADD_BY_INDEX as _ADD_BY_INDEX
from .records import OPENING, GGRecord
from .table import others as _others



class GGHands(State):
    """The cards of a game in progress and who holds them (see the module's docstring)."""

    # slots make the attribute reads of the hot paths cheaper (instances still have a __dict__)
    __slots__ = ("game", "history", "n", "current_player", "leader", "stage", "won", "out", "exposed",
                 "face_up", "trick", "last_trick", "_t", "_strength", "_owner", "_unplayed", "_unplayed_index",
                 "_own", "_hands", "_played_before", "_trick_start", "_trick_prefix", "_trick_stage", "_queue", "_kind", "_called",
                 "_deni", "_doubled", "_cache", "_cache_runs", "_others")

    def __init__(self, game: Game, hands: list[list[Card]], leader: int | None = None,
                 stage: str = OPENING):
        self.game = game
        self.history: list[GGRecord] = []
        n = self.n = game.players
        # who holds every unplayed card, suit by suit; the aliases keep the hot paths short
        t = self._t = SuitTracker(DASHAVATARA, game.ranking, hands)
        self._strength, self._owner, self._unplayed, self._own = t.strength, t.owner, t.unplayed, t.own
        self._unplayed_index = t.unplayed_index
        # per seat: card.index -> the move adding that card, suit by suit, strongest first
        hands_now = self._hands = [{} for _ in range(n)]
        owner = t.owner
        for indices in t.unplayed_index:
            for i in indices:
                hands_now[owner[i]][i] = _ADD_BY_INDEX[i]
        self.won: list[list[Card]] = [[] for _ in range(n)]
        self.out: list[Card] = []  # played before a hand-set position, won by nobody named
        self.exposed: list[list[Card]] = [[] for _ in range(n)]
        self.face_up: tuple[frozenset, ...] = (frozenset(),) * n
        self._played_before: list[Card] = []  # cards played before a hand-set position
        self.trick: list[tuple[int, Card]] = []
        self.last_trick: tuple[list[tuple[int, Card]], int] | None = None  # the last trick completed, and its winner
        self._trick_start = 0  # history index of the current trick's first move
        self._trick_prefix: tuple = ()  # (seat, move) of a hand-set position's trick so far
        self._queue: list[list] = []  # [seat, count, rule] still owed to the trick
        self._kind = None
        self._called: Card | None = None
        self._deni = None  # (giver, led, shown, called, holder, doubler card or None)
        self._doubled = False
        self._cache = ()  # the lead moves last listed for the current position
        self._cache_runs = None  # and the leader's unbeatable cards then
        self._others = _others(n)
        if leader is None:
            leader = self._owner[game.leading_raja.index]
        self.leader = leader
        self.stage = stage  # "opening", "start" (nothing led yet this turn) or "after"
        self._trick_stage = stage
        self.current_player: int | None = leader  # None when the game is over
        if not hands[leader]:
            self.current_player = None

    def _sort_key(self, card: Card):
        return (card.suit.number, -self._strength[card.index])

    # --- the table -------------------------------------------------------------------
    @property
    def _current(self) -> int | None:
        """The older name of ``current_player``."""
        return self.current_player

    @_current.setter
    def _current(self, seat: int | None) -> None:
        self.current_player = seat

    @property
    def hands(self) -> list[list[Card]]:
        return [[m.cards[0] for m in h.values()] for h in self._hands]

    @property
    def players(self) -> int:
        return self.n

    def all_cards(self) -> list[Card]:
        """Every card in hands, won piles, the trick and the cards won by nobody (120 in every position)."""
        return [c for h in self.hands for c in h] + [c for w in self.won for c in w] + \
            [c for _, c in self.trick] + self.out

    def unbeatable(self, player: int) -> list[Card]:
        """``player``'s unbeatable cards, suit by suit, strongest first."""
        return [c for r in self._t.runs(player) for c in r]

    def _sorted(self, cards) -> list[Card]:
        return sorted(cards, key=self._sort_key)
