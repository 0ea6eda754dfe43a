"""The state of a Sama game: the exchanges in turn (with chance's blind draws), the shows, the winner."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card
from ...errors import IllegalMoveError, NotationError
from ...families.stakes import CHANCE, Draw, Say, StakesState, split_pot
from ...notation import seat as read_seat, whole_number
from ...protocol import Result
from ...shuffle import Rng
from .records import SamaRecord
from .strategy import move_priority as _move_priority

UP = 2  # a hand is [face down, face down, face up]


def card_value(card: Card) -> int:
    """A card's value: its pips; a Vizier 11, a Raja 12."""
    return card.rank


TIMES = {"double": 2, "single": 1, "triple": 3}  # option face_up: what a face-up pip card's value is multiplied by


def up_value(card: Card, court_up: str = "single", times: int = 2) -> int:
    """What the face-up card counts: double its value (``times``), but a court card single (with
    ``court_up="double"``, a court card multiplied too)."""
    if court_up == "single" and card.rank > 10:
        return card.rank
    return times * card.rank


def hand_total(hand, court_up: str = "single", times: int = 2) -> int:
    """A Sama hand's total: the two face-down cards plus the face-up card (the last), a pip card counted
    double (``times``), a court card single (both multiplied with ``court_up="double"``).

    >>> from engine.cards import parse_cards
    >>> hand_total(parse_cards("7Sh 10Ta 3Gh")), hand_total(parse_cards("7Sh 10Ta RGh")), hand_total(parse_cards("7Sh 10Ta RGh"), "double")
    (23, 29, 41)
    >>> hand_total(parse_cards("7Sh 10Ta 3Gh"), times=1), hand_total(parse_cards("7Sh 10Ta 3Gh"), times=3)
    (20, 26)
    """
    up = hand[2].rank  # up_value(hand[2], court_up, times), written out: the shows call this often
    return hand[0].rank + hand[1].rank + (up if court_up == "single" and up > 10 else times * up)


@dataclass(frozen=True)
class SamaView:
    """What one player may see: their own cards, every face-up card, the hands already shown, the totals."""

    player: int
    dealer: int
    round: int
    hand: tuple[Card, ...]
    face_up: tuple[Card | None, ...]
    shown: tuple[tuple[Card, ...], ...]
    balance: tuple[int, ...]
    won: tuple[int, ...]
    current_player: int | None


class SamaState(StakesState):
    """A Sama game in progress: make one with ``Sama.new_game`` or ``Sama.position``."""

    HAND_SIZE = 3
    CL = {"players": "sa.players", "dealer": "sa.dealer", "deal": "sa.deal", "rotate": "sa.rotate",
          "rounds": "sa.rounds", "money": "sa.stakes"}
    RECORD = SamaRecord
    __slots__ = ("_phase", "_drawing", "_won", "_draw_at")

    def __init__(self, game, hands, pack, *, start: bool = True):
        self._won = [0] * game.players
        self._phase = 0
        self._drawing = None
        self._draw_at = None  # where the cards of the draw at hand lie in the pack (see _places)
        super().__init__(game, hands, pack, start=start)

    def _begin_round(self) -> None:
        self._phase = 0  # 0: exchanges, 1: shows
        self._drawing = None
        if self.game.scoring == "stakes":
            bal = self._balance
            for s in range(len(bal)):
                bal[s] -= 1
            self._pot += len(bal)
        self._start_turns()
        self._legal = None

    def _moves(self):
        return _SHOW if self._phase else _EXCHANGES

    def _next(self) -> None:
        self._turn += 1
        if self._turn == len(self._order):
            self._turn = 0
            self._phase = 1
        self.current_player = self._order[self._turn]

    def _play(self, move) -> SamaRecord:
        cp = self.current_player
        if self._phase:
            return self._show(cp, move)
        kind = move._text
        hand = self._hands[cp]
        if kind == "keep":
            self._next()
            return SamaRecord((cp, move, _CL_KEEP, ("exchange", "keep", ()), None, False))
        if kind == "exchange up":
            gone = (hand[UP],)
            hand[UP] = None
            self._out.append(gone[0])
            self._drawing = (cp, (UP,))
            self._pending = "draw"
            self.current_player = CHANCE
            return SamaRecord((cp, move, _CL_EXCHANGE, ("exchange", "up", gone), None, False))
        gone = (hand[0], hand[1])  # exchange down
        hand[0] = hand[1] = None
        self._out += gone
        self._drawing = (cp, (0, 1))
        self._pending = "draw"
        self.current_player = CHANCE
        return SamaRecord((cp, move, _CL_EXCHANGE, ("exchange", "down", gone), None, False))

    def _chance_draw(self, rng: Rng) -> Draw:
        """Chance's blind draw from the pack: one card, or two different cards, each place equally likely."""
        pack = self._pack
        n = len(pack)
        i = rng.below(n)
        if len(self._drawing[1]) == 1:
            self._draw_at = (i,)
            return Draw((pack[i],))
        j = rng.below(n - 1)
        if j >= i:
            j += 1
        self._draw_at = (i, j)
        return Draw((pack[i], pack[j]))

    def _places(self, cards) -> tuple[int, ...] | None:
        """Where ``cards`` lie in the pack, or None if one of them is not there.

        The draw chance offered last (``_chance_draw``) is found at once: the places it took its cards
        from are kept (``_draw_at``) and checked card by card. Any other draw is looked for, a card at a
        time (``Card`` defines ``__lt__``, so ``card in pack`` runs a Python ``==`` for every card it passes).
        """
        pack = self._pack
        offered = self._draw_at
        if offered is not None and _lie_at(pack, offered, cards):
            return offered
        places = []
        for card in cards:
            if type(card) is not Card or card not in pack:
                return None
            places.append(pack.index(card))
        return tuple(places)

    def _check_draw(self, move) -> None:
        seat, slots = self._drawing
        if not isinstance(move, Draw):
            raise IllegalMoveError(move, "sa.replace", "the new cards are drawn blind from the pack first")
        cards = move.cards
        places = self._places(cards)
        if len(cards) != len(slots) or (len(cards) == 2 and cards[0] is cards[1]) or places is None:
            raise IllegalMoveError(move, "sa.replace", f"the draw is {len(slots)} different card"
                                   f"{'s' if len(slots) > 1 else ''} of the pack")
        self._draw_at = places  # what _drawn takes out of the pack (apply checks, then applies)

    def _drawn(self, move: Draw) -> SamaRecord:
        seat, slots = self._drawing
        hand, pack, places = self._hands[seat], self._pack, self._draw_at  # where the check found the cards
        if slots == (UP,):
            hand[UP] = move.cards[0]
            del pack[places[0]]
            where = "up"
        else:
            hand[0], hand[1] = move.cards
            del pack[max(places)], pack[min(places)]  # the later place first: the other stays put
            where = "down"
        self._draw_at = self._drawing = self._pending = None
        self._next()
        return SamaRecord((CHANCE, move, _CL_REPLACE, ("drawn", seat, where), None, False))

    def _show(self, cp: int, move) -> SamaRecord:
        hand = self._hands[cp]
        total = hand_total(hand, self.game.court_up, self.game.times)
        self._turn += 1
        if self._turn < len(self._order):
            self.current_player = self._order[self._turn]
            return SamaRecord((cp, move, _CL_SHOW, ("show", tuple(hand), total, None), None, False))
        return self._settle(cp, move, hand, total)

    def _settle(self, cp: int, move, hand, total: int) -> SamaRecord:
        """The last show: the highest total wins the round (ties share it)."""
        n = len(self._hands)
        totals = list(map(hand_total, self._hands, (self.game.court_up,) * n, (self.game.times,) * n))
        best = max(totals)
        if totals.count(best) == 1:
            winners = (totals.index(best),)
        else:  # a tie: the winners in the order of play
            winners = tuple([s for s in self._order if totals[s] == best])
        pay = [0] * n
        if self.game.scoring == "stakes":
            pot = self._pot
            for s, amount in split_pot(pot, winners).items():
                pay[s] = amount
            self._pot = 0
            net = [p - 1 for p in pay]
            bal = self._balance
            for s in range(n):
                bal[s] += pay[s]
        else:  # the round's result is the round won: 1 for each winner (the record's round_over)
            pot = 0
            net = [0] * n
            for s in winners:
                self._won[s] += 1
                net[s] = 1
        self._last_pay = net = tuple(net)
        if self._round < self.game.rounds:
            self.current_player = CHANCE
            self._pending = "deal"
            ended = False
        else:
            self.current_player = None
            ended = True
        clauses = _CL_WIN_STAKES if self.game.scoring == "stakes" else _CL_WIN
        settled = (winners, best, pot, tuple(pay), tuple(self._balance), tuple(self._won), self.game.scoring)
        return SamaRecord((cp, move, clauses, ("show", tuple(hand), total, settled), net, ended))

    def _refuse(self, move) -> None:
        if self._phase:
            raise IllegalMoveError(move, "sa.show", "every player has had the chance to exchange; now each shows "
                                   "in turn")
        raise IllegalMoveError(move, "sa.exchange", "first each player in turn keeps the cards or makes one "
                               "exchange")

    # --- results ------------------------------------------------------------------------------
    @property
    def won(self) -> tuple[int, ...]:
        """Rounds won by each seat so far."""
        return tuple(self._won)

    def _result(self):
        if self.game.scoring == "stakes":
            return super()._result()
        won = self._won
        best = max(won)
        winners = tuple(s for s, w in enumerate(won) if w == best)
        rounds = self.game.rounds
        reason = f"{best} round{'s' if best != 1 else ''} won of {rounds}"
        return Result(winners, tuple(map(float, won)), reason, "sa.rounds")

    # --- cards, views, positions ----------------------------------------------------------------
    @property
    def hands(self) -> list[list[Card]]:
        return [[c for c in h if c is not None] for h in self._hands]

    def all_cards(self) -> list[Card]:
        return [c for h in self._hands for c in h if c is not None] + self._pack + self._out

    def _shown(self) -> tuple[int, ...]:
        if self.current_player is None:
            return tuple(range(self.game.players))
        if self._phase == 1:
            return self._order[:self._turn]
        if self.current_player == CHANCE and self._pending == "deal":
            return tuple(range(self.game.players))
        return ()

    def view(self, player: int) -> SamaView:
        shown = tuple(tuple(c for c in self._hands[s] if c is not None) for s in self._shown())
        return SamaView(player, self._dealer, self._round, tuple(c for c in self._hands[player] if c is not None),
                        tuple(h[UP] for h in self._hands), shown, tuple(self._balance), tuple(self._won),
                        self.current_player)

    def visible_cards(self, player: int) -> frozenset:
        out = {h[UP] for h in self._hands if h[UP] is not None}
        for s in self._shown():
            out.update(c for c in self._hands[s] if c is not None)
        return frozenset(out)

    def _known_out(self, player: int) -> set:
        """Of the cards exchanged this round: the face-up ones (everyone saw them go) and ``player``'s own."""
        out = set(self._out)
        known = set()
        for record in self.history:
            note = record[3]
            if note and note[0] == "exchange" and (note[1] == "up" or record[0] == player):
                known.update(c for c in note[2] if c in out)
        return known

    CHANCE_STEPS = ("draw",)

    @staticmethod
    def drawing_seat(fields, players):
        seat, _, _ = fields.get("drawing", "").partition(" ")
        return read_seat(seat, players)

    def _position_extra(self):
        out = []
        if self._drawing is not None:
            seat, slots = self._drawing
            out.append(("drawing", f"P{seat + 1} {'up' if slots == (UP,) else 'down'}"))
        if self._phase:
            out.append(("phase", "show"))
        if any(self._won):
            out.append(("won", " ".join(map(str, self._won))))
        return tuple(out)

    def _set_chance_position(self, pending, fields) -> None:
        super()._set_chance_position(pending, fields)
        self._read_won(fields)
        self._phase = 1 if fields.get("phase") == "show" else 0  # (between rounds the last round's shows are done)
        if pending != "draw":
            if "drawing" in fields:
                raise NotationError("drawing", "only a blind draw has a 'drawing=' part", "sa.replace")
            return
        n = self.game.players
        seat = self.drawing_seat(fields, n)
        where = fields.get("drawing", "").partition(" ")[2]
        if seat is None or where not in ("up", "down"):
            raise NotationError(fields.get("drawing", "drawing"), "a blind draw says for whom and which cards: "
                                "'drawing=P2 up' or 'drawing=P2 down'", "sa.replace")
        hand = self._hands[seat]
        slots = (UP,) if where == "up" else (0, 1)
        if len(hand) != 3 - len(slots) or not self._out:
            raise NotationError(fields.get("P%d" % (seat + 1), "-"), f"P{seat + 1}, waiting for "
                                f"{'a new face-up card' if where == 'up' else 'two new face-down cards'}, holds "
                                f"{3 - len(slots)} card{'s' if len(slots) == 1 else ''}, and the discards are 'out'",
                                "sa.replace")
        self._hands[seat] = [hand[0], hand[1], None] if where == "up" else [None, None, hand[0]]
        self._drawing = (seat, slots)
        self._turn = self._order.index(seat)

    def _read_won(self, fields) -> None:
        n = self.game.players
        won = [whole_number(w, 3) for w in fields.get("won", " ".join("0" * n)).split()]
        if len(won) != n or None in won:
            raise NotationError(fields.get("won", ""), f"won gives the rounds won by each player ({n} numbers)",
                                "sa.rounds")
        self._won = won

    NO_POT = "playing for rounds won (option scoring=rounds), nobody pays into a pot"

    def _has_pot(self) -> bool:
        return self.game.scoring == "stakes"

    def _check_money(self, fields) -> None:
        super()._check_money(fields)
        if not self._has_pot() and any(self._balance):
            raise NotationError(f"balance={fields.get('balance', '')}", "playing for rounds won (option "
                                "scoring=rounds), no stakes change hands: every total is 0 [clause sa.stakes]",
                                "sa.stakes")

    def _set_position(self, turn, fields) -> None:
        if "drawing" in fields:
            raise NotationError("drawing", "only a blind draw has a 'drawing=' part (turn=chance; chance=draw)",
                                "sa.replace")
        phase = fields.get("phase", "exchange")
        if phase not in ("exchange", "show"):
            raise NotationError(phase, "phase is 'exchange' or 'show'", "sa.show")
        self._phase = 1 if phase == "show" else 0
        n = self.game.players
        self._read_won(fields)
        self._drawing = None
        self._turn_at(turn)
        if turn is None:  # the game is over
            if self._pot:
                raise NotationError(str(self._pot), "once the game is over the pot is empty", "sa.stakes")
            return
        if self.game.scoring == "stakes" and self._pot < n:
            raise NotationError(str(self._pot), "playing for stakes, the pot holds every player's stake",
                                "sa.stakes")

    move_priority = _move_priority

    def __str__(self) -> str:
        return f"Sama, {self.game.players} players, round {self._round}: {self.position()}"


def _lie_at(pack, places, cards) -> bool:
    """Whether each of ``cards`` lies in ``pack`` at its place in ``places`` (a draw is one card or two)."""
    return len(places) == len(cards) and max(places) < len(pack) \
        and pack[places[0]] is cards[0] and pack[places[-1]] is cards[-1]


_EXCHANGES = (Say.of("sama", "keep"), Say.of("sama", "exchange up"), Say.of("sama", "exchange down"))
_SHOW = (Say.of("sama", "show"),)
_CL_KEEP = ("sa.exchange",)
_CL_EXCHANGE = ("sa.exchange", "sa.replace")
_CL_REPLACE = ("sa.replace",)
_CL_SHOW = ("sa.show", "sa.value", "sa.double")
_CL_WIN = ("sa.show", "sa.value", "sa.double", "sa.win", "sa.stakes")
_CL_WIN_STAKES = _CL_WIN
