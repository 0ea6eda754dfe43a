"""The state of a Guru Ganjifa game: hands, tricks, the lead, Denis, and the rules of a turn.

:class:`GGState` puts together the cards and who holds them (:mod:`.hands`, on the constants of
:mod:`.table`), the rules of play (:mod:`.tricks`) and the refusals (:mod:`.checks`). Here: the
moves legal now [gg.opening, gg.compulsory, gg.deni, gg.double, gg.pass-lead, gg.no-unbeatable], the
result [gg.winner], a player's view and the cards hidden from them dealt afresh, copies, and the
position as text. :mod:`.positions` and :mod:`.game` stand on this module; it imports neither.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...cards import Card, format_cards
from ...errors import GameNotOverError
from ...families.tricks import SEAT_CHAR
from ...protocol import Result
from ...shuffle import shuffled
from .checks import Checks
from .moves import (ADD, ADD_BY_INDEX as _ADD_BY_INDEX, DOUBLE, LEAD, GGMove, LeadMoves as _LeadMoves,
                    make_move as _move)
from .records import OPENING
from .strategy import move_priority as _move_priority
from .table import CALLED, FREE
from .tricks import TrickRules


@dataclass(frozen=True)
class GGView:
    """What one player may see: own hand, face-up batch cards of others, shown Deni cards, played cards."""

    player: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    face_up: tuple[tuple[Card, ...], ...]  # others' face-up batch cards still in hand (own: ())
    exposed: tuple[tuple[Card, ...], ...]  # cards shown for a Deni, per seat
    played: tuple[Card, ...]  # every card played so far, in order
    trick: tuple[tuple[int, Card], ...]
    won: tuple[int, ...]
    leader: int
    current_player: int | None


# GGState fields that are immutable values (or never mutated in place), shared by a copy
_SHARED = ("game", "n", "current_player", "leader", "stage", "face_up", "last_trick", "_trick_start", "_trick_prefix",
           "_trick_stage", "_kind", "_called", "_deni", "_doubled", "_cache_runs", "_others")


class GGState(TrickRules, Checks):
    """A game in progress. ``hands``, ``won``, ``exposed``, ``trick`` and ``leader`` describe the table."""

    __slots__ = ()

    # --- the protocol --------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player is None

    def legal_moves(self) -> list[GGMove]:
        seat = self.current_player
        if seat is None:
            return []
        if self._queue:
            _, _, rule = self._queue[0]
            hand = self._hands[seat]
            if rule == FREE:
                return list(hand.values())
            if rule == CALLED:
                moves = [_ADD_BY_INDEX[self._called.index]]
                if self._deni and self._deni[4] == seat and self._deni[5] is not None and self._deni[5].index in hand \
                        and self.game.double:
                    moves.append(_move(DOUBLE, (self._deni[5],)))
            else:
                suit = self._deni[2].suit
                moves = [m for m in hand.values() if m[1][0].suit is suit]
            self._cache = moves  # for apply(): these moves are legal
            return list(moves)  # a copy: a caller's edits must not reach the cache
        if self.stage == OPENING:
            self._cache = moves = [_move(LEAD, (self.game.leading_raja,))]
            return list(moves)
        leads = _LeadMoves(self, seat)
        self._cache, self._cache_runs = leads.all(), leads.runs  # for apply(): these moves are legal
        return list(self._cache)

    def legal_move_sequence(self) -> Sequence[GGMove]:
        """``legal_moves()`` as a read-only sequence that builds a leader's moves only when looked at.

        For :class:`~engine.players.bots.RandomBot`: a leader may have hundreds of combined leads. Valid
        until the next ``apply``.
        """
        queue = self._queue
        if queue and queue[0][2] == FREE:  # the common case first: a free add
            return list(self._hands[self.current_player].values())
        if queue or self.stage == OPENING or self.current_player is None:
            return self.legal_moves()
        leads = _LeadMoves(self, self.current_player)
        self._cache, self._cache_runs = leads.given, leads.runs  # for apply(): the moves given out are legal
        return leads

    def copy(self) -> "GGState":
        """An independent copy (history included), e.g. to try a move without playing it.

        Field by field: cards, moves, records and the definition are immutable and shared.
        """
        other = GGState.__new__(GGState)
        for name in _SHARED:
            setattr(other, name, getattr(self, name))
        other.history = list(self.history)
        other.won = [list(w) for w in self.won]
        other.out = list(self.out)
        other.exposed = [list(e) for e in self.exposed]
        other.trick = list(self.trick)
        t = other._t = self._t.copy()
        other._strength, other._owner, other._unplayed, other._own = t.strength, t.owner, t.unplayed, t.own
        other._unplayed_index = t.unplayed_index
        other._hands = [dict(h) for h in self._hands]
        other._played_before = list(self._played_before)
        other._queue = [list(q) for q in self._queue]
        other._cache = list(self._cache) if self._cache else ()
        return other

    def __repr__(self) -> str:
        return f"{self.game!r}.position({self.position()!r})"

    def result(self) -> Result:
        if self._current is not None:
            raise GameNotOverError("the game is not over yet", "gg.winner")
        scores = tuple(float(len(w)) for w in self.won)
        best = max(scores)
        winners = tuple(i for i, s in enumerate(scores) if s == best)
        reason = f"most cards won ({int(best)})"
        return Result(winners, scores, reason, "gg.winner")

    def view(self, player: int) -> GGView:
        if self.game.face_up_batches:
            face_up = tuple(() if p == player else tuple(c for c in h if c in self.face_up[p])
                            for p, h in enumerate(self.hands))
        else:
            face_up = tuple(() for _ in range(self.n))
        return GGView(player, tuple(self.hands[player]), tuple(len(h) for h in self._hands), face_up,
                      tuple(tuple(e) for e in self.exposed), tuple(self.played), tuple(self.trick),
                      tuple(len(w) for w in self.won), self.leader, self._current)

    def visible_cards(self, player: int) -> frozenset:
        """Others' face-up batch cards still in hand, and cards shown for a Deni."""
        out = set()
        for p, hand in enumerate(self.hands):
            if p != player:
                out.update(c for c in hand if c in self.face_up[p] or c in self.exposed[p])
        return frozenset(out)

    def sample_hidden(self, player: int, seed: int | str) -> "GGState":
        """A copy in which the cards hidden from ``player`` are dealt afresh among the other hands.

        Kept in place: ``player``'s hand, every hand's size, the cards ``player`` sees (face-up
        batch cards, cards shown for a Deni) and a called card its holder still owes the trick
        (the table was told who holds it). The others are pooled in deck order, shuffled with
        ``seed`` and dealt back, so the copy depends only on what ``player`` knows. Whether the
        called card's holder can double is worked out again for the new hands.
        """
        other = self.copy()
        pinned = {c.index for c in self.visible_cards(player)}
        queue = self._queue
        if self._called is not None and any(rule == CALLED for _, _, rule in queue):
            pinned.add(self._called.index)
        hands = self._hands
        seats = [p for p in range(self.n) if p != player]
        pool = sorted(i for p in seats for i in hands[p] if i not in pinned)
        dealt = shuffled(pool, seed)
        owner = other._owner
        at = 0
        for p in seats:
            k = sum(1 for i in hands[p] if i not in pinned)
            for i in dealt[at:at + k]:
                owner[i] = p
            at += k
        own = other._own
        new_hands = other._hands
        for p in seats:
            new_hands[p] = {}
        for s, indices in enumerate(other._unplayed_index):
            own[s] = "".join([SEAT_CHAR[owner[i]] for i in indices])
            for i in indices:
                p = owner[i]
                if p != player:
                    new_hands[p][i] = _ADD_BY_INDEX[i]
        if other._deni is not None and not other._doubled:
            giver, led, shown, called, holder, _ = other._deni
            below = other._t.below(shown)
            doubler = below if below is not None and owner[below.index] == holder else None
            other._deni = (giver, led, shown, called, holder, doubler)
        other._cache, other._cache_runs = (), None
        return other

    # --- helpers for people -------------------------------------------------------
    def is_forced(self, move: GGMove | str) -> bool:
        """True when ``move`` is the only choice; an add of several cards is forced when they are all the cards allowed."""
        if isinstance(move, str):
            move = GGMove.parse(move)
        legal = self.legal_moves()
        if move.kind == ADD and len(move.cards) > 1:
            return all(m.kind == ADD for m in legal) and {m.cards[0] for m in legal} == set(move.cards)
        return legal == [move]

    move_priority = _move_priority  # the heuristic player's taste: strategy.py

    @property
    def played(self) -> list[Card]:
        """Every card played so far, in order."""
        out = list(self._played_before)
        for record in self.history:
            move = record[1]
            if move[0] == DOUBLE:
                out.append(record[3][1])  # the called card, played with the doubling card
            out.extend(move[1])
        return out

    def trick_moves(self) -> list[tuple[int, GGMove]]:
        """``(seat, move)`` for each move of the trick in progress."""
        if not self.trick:
            return []
        return list(self._trick_prefix) + [(r[0], r[1]) for r in self.history[self._trick_start:]]

    def position(self) -> str:
        """The position as text; ``GuruGanjifa.position(text)`` reads it back.

        ``P1=cards; ...; won=P1:n P2:n ...; exposed=P2:9Kr; face-up=P1:RRa; lead=P1; stage=start; trick=P1:lead RRa, P2:add 3Ma``
        Hands are listed as they are now; ``face-up`` lists the cards of the face-up packets still
        in hand (option ``face_up_batches``); ``trick`` lists the moves of the trick in progress
        (``stage`` is the leader's stage before it). Cards in no hand and no trick are played:
        the first ``won`` counts of them (deck order) are credited to the seats, the rest to nobody.
        """
        trick = self.trick_moves()
        parts = [f"P{i + 1}={format_cards(self._sorted(h))}" for i, h in enumerate(self.hands)]
        parts.append("won=" + " ".join(f"P{i + 1}:{len(w)}" for i, w in enumerate(self.won)))
        shown_now = trick[0][1].shown if trick else None  # the Deni trick in progress shows it already
        exposed = [[c for c in e if c is not shown_now] for e in self.exposed]
        face_up = [[c for c in self._sorted(h) if c in f] for h, f in zip(self.hands, self.face_up)]
        for key, per_seat in (("exposed", exposed), ("face-up", face_up)):
            if any(per_seat):
                parts.append(f"{key}=" + " ".join(f"P{i + 1}:{c}" for i, cards in enumerate(per_seat) for c in cards))
        if self._current is not None:
            parts.append(f"lead=P{self.leader + 1}")
            parts.append(f"stage={self._trick_stage}")
        if trick:
            parts.append("trick=" + ", ".join(f"P{p + 1}:{m}" for p, m in trick))
            if self._doubled:
                parts.append(f"called={self._deni[3]}")
        return "; ".join(parts)

    def __str__(self) -> str:
        lines = [f"Guru Ganjifa, {self.n} players; lead: Player {self.leader + 1} ({self.stage})"]
        for i, h in enumerate(self.hands):
            shown = f" shown: {format_cards(self.exposed[i])}" if self.exposed[i] else ""
            lines.append(f"P{i + 1} won {len(self.won[i]):3}  {format_cards(self._sorted(h))}{shown}")
        if self.trick:
            lines.append("trick: " + ", ".join(f"P{p + 1} {c}" for p, c in self.trick))
        return "\n".join(lines)
