"""An independent model of Traditional Ganjifa's rules of play, written from the source text.

The source is the retelling in ``/work/shared/sources/002_*.txt`` (after von Leyden). Where it is
silent the model follows the chapter's Rulings (``rules/traditional-ganjifa.md``); it does not use
the engine's state or move logic, only its card and move notation (``TGMove``'s ``kind``, ``cards``,
``extra``), so the two can be compared move set for move set.

The model is a small state machine fed with the same moves as the engine (chance's included):
``SourceModel(game, hands)``, then ``turn()`` (a seat, ``CHANCE`` or ``None``), ``legal()`` (the
set of moves, as canonical keys, for the seat to move) and ``apply(move)`` (returns what happened:
a card burned, a finished trick).

Readings of the source the model makes (each quoted where it matters):

* Ranks: Raja, Pradhan, then 10..1 in the strong suits, 1..10 in the weak ones. A burned card "is
  now considered to be the lowest ranked card of the suit".
* "Hukm: the highest unplayed card in a suit" -- at a lead, the highest card of the suit in any hand.
  "Dukkal: the hukm and an uninterrupted succession of cards down from it" (two or more, in one hand).
* A "low card" is a card that is not the hukm of its suit (the source contrasts the two: "when
  someone leads a low card, the current holder of the hukm must play it"). At the opening and at the
  card payments nothing of the deal is played yet, so the low cards there are the cards but the Rajas.
* The hukm duty: "when someone leads a low card, the current holder of the hukm must play it" -- it
  binds only when the card led is not already the highest card of its suit still in play (every card
  of the suit in any hand or already in the trick); a holder who does not play it burns it, and the
  next card down is then the hukm (its holder, if still to play, has the duty). It binds on the single
  low leads: deni, talafa, natavani, tavani and the utari's random card; it never binds the leader.
* Before the tigasta: dukkal (must), then deni (must; "if ... does not have a low card of the suit,
  they must lead the deni"), then talafa (optional) or utari ("all hukm cards in hand simultaneously",
  then "a randomly selected card").
* After the tigasta: dukkal, deni, and a tavani owed stay obligatory; then, optionally, a talafa --
  "no longer required to play a low card of the suit; instead any card may be played face down and the
  desired suit named", so a low card of the suit face up is still allowed --, an utari ("utari do not
  require all hukm to be played at once": all at once, followed by the random card, or one hukm alone,
  a lead of its own), an utaruna-sir, a natavani, a hardu and a sokta.
* A void hardu: "A new card must then be led which cannot be a natavani" -- the natavani is barred
  for that next lead; and, by the chapter's ruling (the source is silent, and the same declaration
  would be void again for ever), a second hardu in the same suit that turn.
* The opening: the Surkhya's holder "plays it out along with any low card of any suit"; "the other
  players ... each contribute any two low cards of any suit".
* Two burned cards: each "is now considered to be the lowest ranked card of the suit" when it burns, so a
  card burned later ranks below one burned earlier (the source says no more).
* "The final trick of a round is called the akheri": whatever was led to it, a player other than its
  leader who wins it has killed it.
* An utaruna-sir: the holder of the second card must play it as one of the two cards added (the source
  says only that it "will be won by the player holding the 2nd rank card").
* Card payments: deficits below 40 are paid to surpluses above 40 (at most 36 cards, the chapter's
  ruling); a payer pays the players owed in turn order starting from the next player after the payer;
  the receiver returns "an equal number of low cards".
"""

from __future__ import annotations

from engine.cards import Card
from engine.decks import DASHAVATARA
from engine.protocol import CHANCE

SUITS = tuple(DASHAVATARA.suits)
RAJAS = frozenset(Card(s, 12) for s in SUITS)
DUTY_LEADS = frozenset({"deni", "talafa", "natavani", "tavani", "random"})
ORDERED = frozenset({"open", "swap", "double", "sir"})  # kinds whose card order carries meaning


def base_power(card: Card) -> int:
    if card.rank >= 11:
        return card.rank
    return card.rank if card.suit.group == "strong" else 11 - card.rank


def key(kind: str, cards=(), extra=None):
    """A move as a comparable key: (kind, cards, extra), cards ordered only where the order means something."""
    cards = tuple(cards)
    return (kind, cards if kind in ORDERED else frozenset(cards), extra)


def engine_key(move):
    return key(move.kind, move.cards, move.extra)


def key_text(k) -> str:
    kind, cards, extra = k
    cs = list(cards) if isinstance(cards, tuple) else sorted(cards, key=lambda c: (c.suit.number, -base_power(c)))
    if kind == "swap":
        return f"swap {cs[0]} for {cs[1]}"
    if kind == "ask":
        return f"ask {cs[0]} for {extra}"
    if kind == "aside":
        return f"aside {extra}"
    text = " ".join([kind] + [str(c) for c in cs])
    return text + (f" as {extra}" if extra else "")


class SourceModel:
    """The rules as the source gives them (see the module's notes), fed the same moves as the engine."""

    def __init__(self, game, hands):
        self.time = game.time
        self.rounds = game.rounds
        self.double_allowed = game.double
        # the chapter's variants of its readings: any cards for "low cards"; a wrong sokta losing every trick won
        # ("he loses all tricks", read literally); a hand left without a Raja by the payments dealt again
        self.low = (lambda c: c not in RAJAS) if game.low_cards else (lambda c: True)
        self.sokta_all = game.sokta == "all"
        self.raja_after_payments = game.raja_check == "play"
        self.planned: list = []
        self.surkhya = Card.parse("RRa" if game.time == "day" else "RKr")
        self.deal_no = 1
        self.scores = [0, 0, 0]
        self.killer = None  # who killed the akheri of the deal just ended
        self.payments: list = []
        self._new_hands([list(h) for h in hands])

    # ----- the deal --------------------------------------------------------------------------
    def _new_hands(self, hands):
        self.hands = hands
        self.burned: dict = {}  # card -> the order in which it was burned
        self.won = [0, 0, 0]
        self.lost: set = set()
        self.tigasta = False
        self.leader = None
        self.tavani: dict = {}
        self.no_natavani = False
        self.trick = None
        self.draw_for = None
        if any(not RAJAS.intersection(h) for h in hands):
            self.stage = "deal"  # "If any player is without a Raja card, the deal is cancelled and redealt."
            return
        self.dealt = [list(h) for h in hands]
        if self.payments:
            self.stage = "aside"
        else:
            self._start_opening()

    def _start_opening(self):
        self.stage = "open"
        self.opener = next(p for p in range(3) if self.surkhya in self.hands[p])
        self.leader = self.opener

    def _plan_payments(self):
        """Who pays whom how many: deficits below 40 to surpluses above 40, nearest owed player first."""
        deficit = [0 if p == self.prev_killer else min(36, max(0, 40 - self.won[p])) for p in range(3)]
        surplus = [max(0, self.won[p] - 40) for p in range(3)]
        plan = []
        for p in range(3):
            for r in ((p + 1) % 3, (p + 2) % 3):
                n = min(deficit[p], surplus[r])
                if n:
                    plan.append((p, r, n))
                    deficit[p] -= n
                    surplus[r] -= n
        self.payments = plan
        self.planned = list(plan)

    # ----- whose turn -------------------------------------------------------------------------
    def turn(self):
        st = self.stage
        if st in ("deal", "draw", "take"):
            return CHANCE
        if st == "over":
            return None
        if st == "open":
            return self.opener
        if st in ("add", "open-add"):
            return self.trick["queue"][0]
        if st == "exchange":
            return self.ex_queue[0]
        if st == "give":
            return self.ask[1]
        if st == "aside":
            return {p for p, _, _ in self.payments}  # the order of payers is not checked
        if st == "apart":
            return self.aside[0]
        if st == "return":
            return self.pay[1]
        return self.leader

    # ----- helpers ----------------------------------------------------------------------------
    def power(self, card):
        """A card's rank in its suit; a burned card "is now considered to be the lowest ranked card of the
        suit": below every other card, and below the cards burned before it."""
        burned = self.burned.get(card)
        return base_power(card) if burned is None else -burned

    def burn(self, card):
        if card not in self.burned:
            self.burned[card] = len(self.burned) + 1

    def holder(self, card):
        for p in range(3):
            if card in self.hands[p]:
                return p
        return None

    def suit_order(self, suit, extra=()):
        """The cards of ``suit`` in hands (and ``extra``), highest first, with who holds them (None: extra)."""
        cards = [(c, p) for p in range(3) for c in self.hands[p] if c.suit is suit]
        cards += [(c, None) for c in extra if c.suit is suit]
        cards.sort(key=lambda cp: -self.power(cp[0]))
        return cards

    def hukms(self, p):
        out = []
        for s in SUITS:
            order = self.suit_order(s)
            if order and order[0][1] == p:
                out.append(order[0][0])
        return out

    # ----- legal moves ------------------------------------------------------------------------
    def legal(self):
        st = self.stage
        if st == "open":
            return {key("open", (self.surkhya, c)) for c in self.hands[self.opener]
                    if c is not self.surkhya and self.low(c)}
        if st == "open-add":
            p = self.trick["queue"][0]
            return {key("add", (c,)) for c in self.hands[p] if self.low(c)}
        if st == "exchange":
            return self._exchange_moves(self.ex_queue[0])
        if st == "give":
            asker, q, suit, _ = self.ask
            return {key("give", (c,)) for c in self.hands[q] if c.suit is suit and c.rank != 12}
        if st == "lead":
            return self._lead_moves(self.leader)
        if st == "add":
            return self._add_moves(self.trick["queue"][0])
        if st == "aside":
            return None  # per payer: see aside_moves
        if st == "return":
            p, r, n = self.pay
            return {key("return", (c,)) for c in self.hands[r] if c is not self.surkhya and self.low(c)}
        return set()

    def aside_moves(self, p):
        """"Before looking at the cards, he must set aside the first, second or last batches": by place alone."""
        return {key("aside", (), which) for which in ("first", "second", "last")}

    def apart_moves(self):
        """"and one more card" of the rest, which the payer has now looked at (the book's ruling)."""
        p, which = self.aside[0], self.aside[1]
        total = sum(n for q, _, n in self.payments if q == p)
        k = -(-total // 4)
        first = {"first": 0, "second": 1, "last": 10 - k}[which]
        batches = set(self.dealt[p][first * 4:(first + k) * 4])
        return {key("apart", (c,)) for c in self.hands[p] if c not in batches}

    def _exchange_moves(self, p):
        hand = self.hands[p]
        out = {key("keep")}
        trick_cards = [c for _, c, _ in self.trick["plays"] if c is not self.surkhya]
        for s in SUITS:
            mine = [c for c in hand if c.suit is s]
            raja = Card(s, 12)
            raja_at = self.holder(raja)
            deni_alone = (len(mine) == 1 and mine[0].rank == 11 and raja_at is not None and raja_at != p
                          and raja not in self.burned)
            in_trick = [c for c in trick_cards if c.suit is s]
            if in_trick and (not mine or deni_alone):
                for t in in_trick:
                    for h in hand:
                        out.add(key("swap", (h, t)))
            if deni_alone and not in_trick and raja is not self.surkhya:
                if any(c.suit is s and c is not raja for c in self.hands[raja_at]):
                    for h in hand:
                        out.add(key("ask", (h,), s.code))
        return out

    def _lead_moves(self, p):
        hand = self.hands[p]
        if len(hand) == 1:
            return {key("akheri", (hand[0],))}
        orders = {s: self.suit_order(s) for s in SUITS}
        out = set()
        for s, order in orders.items():  # dukkal
            run = 0
            while run < len(order) and order[run][1] == p:
                run += 1
            if run >= 2:
                out.add(key("dukkal", [c for c, _ in order[:run - 1]]))
        if out:
            return out
        for s in SUITS:  # deni
            m, r = Card(s, 11), Card(s, 12)
            if m in hand and m not in self.burned and r not in self.burned:
                if self.holder(r) not in (None, p):
                    low = [c for c in hand if c.suit is s and c is not m]
                    out.update(key("deni", (c,)) for c in (low or [m]))
        if out:
            return out
        if self.tigasta and p in self.tavani:
            s = self.tavani[p]
            order = orders[s]
            if order and order[0][1] not in (None, p):
                return {key("tavani", (c,), s.code) for c in hand}
            del self.tavani[p]  # pointless: the hukm is the leader's own, or the suit is gone
        for s, order in orders.items():  # talafa: the card next below another player's hukm
            if len(order) >= 2 and order[1][1] == p and order[0][1] != p:
                low = [c for c in hand if c.suit is s and c is not order[1][0]]
                out.update(key("talafa", (c,)) for c in low)
                if self.tigasta:
                    out.update(key("talafa", (c,), s.code) for c in hand)
        hk = self.hukms(p)
        out.add(key("utari", hk))
        if self.tigasta:
            out.update(key("utari", (h,)) for h in hk)
            for s, order in orders.items():
                mine = [c for c in hand if c.suit is s]
                if not mine:
                    continue
                out.add(key("sokta", mine))
                if len(order) < 3:
                    continue
                (h, hp), (x, xp), (y, yp) = order[:3]
                if hp == p and xp != p and yp == p:  # utaruna-sir: the hukm and the third card
                    out.update(key("sir", (h, c)) for c in mine if c is not h and c is not y)
                if yp == p and hp != p and xp != p:  # the third card without the two above it
                    low = [c for c in mine if c is not y]
                    if not self.no_natavani:
                        out.update(key("natavani", (c,)) for c in low)
                    if s not in getattr(self, "void_suits", ()):
                        out.update(key("hardu", (c,)) for c in low)
        return out

    def _add_moves(self, p):
        t = self.trick
        hand = self.hands[p]
        kind = t["kind"]
        if kind == "sir" and p == t["second_at"] and t["second"] in hand and t["queue"].count(p) == 1:
            return {key("add", (t["second"],))}
        if kind == "hardu" and p == t["pair_at"]:
            pair = [c for c in t["pair"] if c in hand]
            if pair:
                return {key("add", (c,)) for c in pair}
        out = {key("add", (c,)) for c in hand}
        if kind == "deni" and self.double_allowed and not t.get("doubled"):
            duty = self._duty(p)
            if duty is not None and duty.rank == 12:
                led = t["plays"][0][1]
                out.update(key("double", (duty, c)) for c in hand
                           if c.suit is duty.suit and c is not duty and self.power(c) > self.power(led))
        return out

    def _duty(self, p):
        """The card ``p`` must play to the trick in progress, else None."""
        t = self.trick
        if t["kind"] not in DUTY_LEADS or p == t["leader"]:
            return None
        suit = t["suit"]
        in_trick = [c for _, c, counts in t["plays"] if counts and c.suit is suit]
        order = self.suit_order(suit, in_trick)
        if not order:
            return None
        top, at = order[0]
        return top if at == p else None

    # ----- applying moves ---------------------------------------------------------------------
    def apply(self, move, player=None):
        """Apply one move (an engine ``TGMove``) made by ``player`` (needed only for a payer's aside).

        Returns what happened: {'burn': the card burned or None, 'trick': ((winner, cards), ...), next leader)
        or None, 'take': (payer, receiver, cards owed) or None, 'void': a void hardu}."""
        kind, cards, extra = move.kind, tuple(move.cards), move.extra
        self.event = {"burn": None, "trick": None, "take": None}
        st = self.stage
        if kind == "deal":
            n = len(cards) // 3
            self._new_hands([list(cards[i * n:(i + 1) * n]) for i in range(3)])
        elif st == "open":
            self._take_from(self.opener, cards)
            self.trick = {"kind": "open", "leader": self.opener, "suit": None,
                          "plays": [(self.opener, c, True) for c in cards],
                          "queue": [(self.opener + 1) % 3] * 2 + [(self.opener + 2) % 3] * 2}
            self.stage = "open-add"
        elif st == "open-add":
            p = self.trick["queue"].pop(0)
            self._take_from(p, cards)
            self.trick["plays"].append((p, cards[0], True))
            if not self.trick["queue"]:
                self.stage = "exchange"
                self.ex_queue = [self.opener, (self.opener + 1) % 3, (self.opener + 2) % 3]
        elif st == "exchange":
            p = self.ex_queue[0]
            if kind == "swap":
                h, t = cards
                self.hands[p].remove(h)
                self.hands[p].append(t)
                plays = self.trick["plays"]
                i = next(i for i, pl in enumerate(plays) if pl[1] is t)
                plays[i] = (plays[i][0], h, True)
            elif kind == "ask":
                s = next(s for s in SUITS if s.code == extra)
                self.ask = (p, self.holder(Card(s, 12)), s, cards[0])
                self.stage = "give"
                return self.event
            self._next_exchange()
        elif st == "give":
            asker, q, s, h = self.ask
            c = cards[0]
            self.hands[q].remove(c)
            self.hands[asker].append(c)
            self.hands[asker].remove(h)
            self.hands[q].append(h)
            self.stage = "exchange"
            self._next_exchange()
        elif st == "lead":
            self._lead(kind, cards, extra)
        elif st == "add":
            self._add(kind, cards)
        elif st == "draw":
            p = self.draw_for
            self._take_from(p, cards)
            self._begin(p, "random", cards[0].suit, [(p, cards[0], True)], [(p + 1) % 3, (p + 2) % 3])
        elif st == "aside":
            self.aside = (player, extra, None)
            self.stage = "apart"
        elif st == "apart":
            self.aside = (self.aside[0], self.aside[1], cards[0])
            self._next_payment()
        elif st == "take":
            p, r, n = self.pay
            which, extra_card = self.aside[1], self.aside[2]
            taken = list(cards)
            if self.surkhya in taken:  # "it must be returned and the single card set aside is provided"
                taken.remove(self.surkhya)
                taken.append(extra_card)
            self.taken_count = len(taken)
            self.event["take"] = (p, r, n)
            for c in taken:
                self.hands[p].remove(c)
                self.hands[r].append(c)
            self.returned = 0
            self.stage = "return"
        elif st == "return":
            p, r, n = self.pay
            self.hands[r].remove(cards[0])
            self.hands[p].append(cards[0])
            self.returned += 1
            if self.returned == self.taken_count:
                self.payments.remove(self.pay)
                self._next_payment()
        return self.event

    def force_take(self, receiver, n):
        """Follow a payment the model did not expect (``receiver`` took ``n``): the payer's debt is what it was."""
        p = self.pay[0]
        total = sum(k for q, _, k in self.payments if q == p)
        self.payments = [pl for pl in self.payments if pl[0] != p]
        rest = total - n
        self.pay = (p, receiver, n)
        self.payments.append(self.pay)
        other = 3 - p - receiver
        if rest > 0:
            self.payments.append((p, other, rest))

    def _next_payment(self):
        """After an aside: the receivers of that payer in turn, nearest first; then the next payer."""
        payer = self.aside[0] if getattr(self, "aside", None) else None
        mine = [pl for pl in self.payments if pl[0] == payer]
        if mine:
            self.pay = mine[0]
            self.stage = "take"
            return
        self.aside = None
        if self.payments:
            self.stage = "aside"
        elif self.raja_after_payments and any(not RAJAS.intersection(h) for h in self.hands):
            self.payments = list(self.planned)  # dealt again, and paid again from the new hands
            self.stage = "deal"
        else:
            self._start_opening()

    def _next_exchange(self):
        self.ex_queue.pop(0)
        if not self.ex_queue:
            self.won[self.opener] += 6
            self.trick = None
            self.stage = "lead"

    def _take_from(self, p, cards):
        for c in cards:
            self.hands[p].remove(c)

    def _begin(self, leader, kind, suit, plays, queue, **more):
        self.trick = {"kind": kind, "leader": leader, "suit": suit, "plays": plays, "queue": queue, **more}
        self.stage = "add"

    def _lead(self, kind, cards, extra):
        p = self.leader
        others = [(p + 1) % 3, (p + 2) % 3]
        if kind == "hardu":
            s = cards[0].suit
            order = self.suit_order(s)
            (h, hp), (x, xp) = order[0], order[1]
            if hp != xp:  # void: "the lead is declared void and a taken back"
                self.no_natavani = True
                self.void_suits = getattr(self, "void_suits", set()) | {s}
                self.event["void"] = True
                return
        self.no_natavani = False
        self.void_suits = set()
        self._take_from(p, cards)
        k = len(cards)
        if kind == "akheri":
            self._begin(p, kind, cards[0].suit, [(p, cards[0], True)], others)
        elif kind in ("dukkal", "sokta") or (kind == "utari" and cards):
            holders = None
            if kind == "sokta":
                s = cards[0].suit
                holders = [q for q in others if any(c.suit is s for c in self.hands[q])]
            then_draw = kind == "utari" and (not self.tigasta or k >= 2)
            self._begin(p, kind, cards[0].suit, [(p, c, True) for c in cards], [others[0]] * k + [others[1]] * k,
                        holders=holders, then_draw=then_draw)
        elif kind == "utari":  # no hukm: the random card at once
            self.stage = "draw"
            self.draw_for = p
        elif kind in ("deni", "natavani"):
            if kind == "natavani":
                self.tavani[p] = cards[0].suit
            self._begin(p, kind, cards[0].suit, [(p, cards[0], True)], others)
        elif kind in ("talafa", "tavani"):
            if kind == "tavani":
                self.tavani.pop(p, None)
            face_down = extra is not None
            suit = next(s for s in SUITS if s.code == extra) if face_down else cards[0].suit
            self._begin(p, "talafa" if kind == "talafa" else "tavani", suit,
                        [(p, cards[0], not face_down)], others)
        elif kind == "sir":
            s = cards[0].suit
            order = self.suit_order(s)
            x, xp = order[0]  # the hukm is led, so the first card still in hands is the second
            self._begin(p, kind, s, [(p, c, True) for c in cards], [others[0]] * 2 + [others[1]] * 2,
                        second=x, second_at=xp)
        elif kind == "hardu":
            s = cards[0].suit
            order = self.suit_order(s)
            pair = [order[0][0], order[1][0]]
            self._begin(p, kind, s, [(p, cards[0], True)], [others[0]] * 2 + [others[1]] * 2 + [p],
                        pair=pair, pair_at=order[0][1])
        else:
            raise ValueError(f"the model has no lead {kind!r}")

    def _add(self, kind, cards):
        t = self.trick
        p = t["queue"].pop(0)
        if kind == "double":
            raja, second = cards
            self._take_from(p, cards)
            t["plays"] += [(p, raja, True), (p, second, True)]
            t["doubled"] = (p, second, tuple(t["queue"]))
            # every other player adds one more card; those still to play add two
            after = [(p + 1) % 3, (p + 2) % 3]
            not_yet = set(t["queue"])
            t["queue"] = [q for q in after for _ in range(2 if q in not_yet else 1)]
        else:
            c = cards[0]
            duty = self._duty(p)
            if duty is not None and c is not duty:
                self.burn(duty)  # "Anytime the hukm is required but not played, the card is ... burned"
                self.event["burn"] = duty
            self._take_from(p, cards)
            t["plays"].append((p, c, True))
        if not t["queue"]:
            self._finish()

    def _best(self, plays, suit):
        best = None
        for q, c, counts in plays:
            if counts and c.suit is suit and (best is None or self.power(c) > self.power(best[1])):
                best = (q, c)
        return best

    def _finish(self):
        t = self.trick
        kind, p, plays = t["kind"], t["leader"], t["plays"]
        n = len(plays)
        shares = []  # (winner, cards)
        nxt = None
        if kind in ("dukkal", "utari"):
            shares = [(p, n)]
        elif kind == "sokta":
            shares = [(t["holders"][0] if t["holders"] else p, n)]
        elif kind == "sir":
            shares = [(p, n // 2), (t["second_at"], n // 2)]
            nxt = t["second_at"]
        elif kind == "hardu":
            shares = [(t["pair_at"], n)]
        elif kind == "deni" and t.get("doubled"):
            g, second, not_yet = t["doubled"]
            w2 = g
            for q, c, _ in plays:
                if q in not_yet and c.suit is second.suit and self.power(c) > self.power(second):
                    w2 = q
            shares = [(g, n // 2), (w2, n // 2)]
            nxt = g
        else:
            best = self._best(plays, t["suit"])
            shares = [(best[0] if best else p, n)]
            self.event["burned-pair"] = sum(1 for _, c, counts in plays
                                            if counts and c.suit is t["suit"] and c in self.burned) >= 2
        for w, k in shares:
            self.won[w] += k
        if kind == "sokta" and t["holders"] and self.sokta_all:  # every trick the declarer won goes too
            self.won[t["holders"][0]] += self.won[p]
            self.won[p] = 0
        if nxt is None:
            nxt = shares[0][0]
        if nxt != p and not any(self.hands):  # "The final trick of a round is called the akheri"
            self.killer = nxt
        self.lost_now = None
        if nxt != p:
            self.lost_now = p if p not in self.lost else None
            self.lost.add(p)
            if len(self.lost) == 3:
                self.tigasta = True
        self.event["trick"] = (tuple(shares), nxt)
        self.leader = nxt
        self.trick = None
        if not any(self.hands):
            self._end_deal()
        elif kind == "utari" and t.get("then_draw"):
            self.stage = "draw"
            self.draw_for = p
        else:
            self.stage = "lead"

    def _end_deal(self):
        for q in range(3):
            self.scores[q] += self.won[q] - 40
        self.event["scores"] = tuple(self.scores)
        if self.deal_no >= self.rounds:
            self.stage = "over"
            return
        self.prev_killer, self.killer = self.killer, None
        self._plan_payments()
        self.deal_no += 1
        self.stage = "deal"
