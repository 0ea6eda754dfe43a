"""A fingerprint of many seeded games, to show that a refactor keeps behaviour.

``python -m tests.fingerprint [games-per-setting]`` plays seeded games of every game at every
player count with random and heuristic bots, and hashes every legal-move list, every move,
every narrated record and every result. Run it before and after a change: the same hash means
the same games.

The hash of 150 games a setting is recorded below (``RECORDED``) and the command says whether it
still holds. It was last recorded when chance became one stream a game (issue 18): a seed now fixes
the deal, each seat's bot (its own stream) and chance's later steps (one stream, each step drawing in
turn), so Nakash's and Sama's games changed, where chance deals later rounds and draws blind.
``python -m tests.fingerprint --pictures`` hashes the pictures instead: every game's table drawn (for the
book and for one seat) at every tenth step of a few seeded games, and each game's narration for each seat
where its records tell one (``narrate_for``); a refactor of the pictures or the narration keeps it.

Then again when three defaults changed (issue 19): Naqsh's failing dealer pays nothing, Sama's face-up
courts count single, a game of Komi is one round for each player; with the old options given
(dealer-fails=pay-standing, court-up=double, rounds=1) the games hash to the old 119170e861c88adc.
"""

from __future__ import annotations

import hashlib
import sys

from engine.players.bots import make_bot
from engine.players.play import Chance
from engine.protocol import CHANCE
from engine.registry import available_games, game_class, get_game
from engine.shuffle import derive

PICTURES_RECORDED = "ffe0d75ca3158ef5"  # issue 41 (the Traditional Ganjifa learner): a payer's set-aside is two steps, "sets aside the last batches (8 cards) unseen" and "looks at the rest of the hand and sets the 1 of Buddha apart", the card told to the payer alone (only traditional-ganjifa changed); before it 7c8b5460496899eb, issue 41: the Naqsh pack's four suits are called suits, not sets ("set" is Shakti's eight cards of a rank): the cards' titles only, only naqsh changed; before it 48847e62ca5c6137, issue 44: Shakti's piles carry data-spot="pile-N", where a play page lets a card be put by a click (an attribute only, drawn the same; only shakti changed); before it bda5342cf60b1ab1, issue 41: a trick's caption says "Trick just played", not "Last trick" while tricks remain (ekrang, guru-ganjifa, hamrang, traditional-ganjifa only), and Traditional Ganjifa's result words; before it de87d992bcd074fb, issue 41: Shakti cites a win's rules after the win's own sentence (narration only, only shakti changed); before it 1b54f1959339defe, issue 41: Naqsh cites who deals next (nq.next-dealer) when a Naqsh ends the hand (narration only, only naqsh changed); before it c5de04296cff800c, issue 41: Traditional Ganjifa's cards are paid "at the start of the next deal", as its rule says (narration only, only traditional-ganjifa changed); before it b6245ab3691ed875, issue 41: Shakti's stock is called the stock, not the deck (the deck is the pack of 96): its label and narration only, only shakti changed; before it 4365e0f77dd5509a, issue 41: Traditional Ganjifa drawn for one seat keeps another's face-up batch card laid face down among the cards it may still hold (only traditional-ganjifa changed); before it c9d334270c015049, issue 41: no hand is drawn before the rules deal it (Komi until the show, its bets coming first; Nakash and Sama while chance chooses the first dealer): only komi, nakash and sama changed; before it 15f4ded0c6cae23d, issue 41: Guru Ganjifa's card shown for a Deni lies on the table under its holder's hand, not in it (only guru-ganjifa changed); before it 9e63bcaab1d5f5fa, issue 41, cards read in print: every card face (a larger sign, labels at 8 pt growing more slowly), a latticed back, a card lying face down shown on it, Hamrang's out players' cards and Traditional Ganjifa's face-down lead drawn as backs; before it ef575a1c92108a43, Hamrang: an out player's name line says "out: cards face down"; before it 45e4a88833abf821, Traditional Ganjifa's words for the table name no hidden card ("whoever holds the suit's Raja"); before it fbddd2714d935ce2, Hamrang: an out player's cards lie face down; before it 9245427e126416fd, Traditional Ganjifa only: its narration (above) and its face-down lead said to be known to its leader alone; before it 6ac027b2fef0d53b, held through issue 34's refactor
RECORDED = {150: "2f4ce5671a7ad02d"}  # issue 41 (the Traditional Ganjifa learner): a payer sets batches aside unseen ("aside last"), then looks at the rest and sets one card apart ("apart 1Bu"), two moves where one showed the payer which cards lay in which batches (its two settings only; every other setting hashes as before; the worked payment's cards are the same); before it e9b6af9f337c1ba9, issue 41 (twelfth reading): Kendra Kari's empty-stock result says "4 cards is the fewest any hand holds", not the garbled "nobody holds fewer cards (4 cards)" (the result's words only; only kendra-kari's eight settings changed, golden deals replay move for move); before it 86ab9c5cbf6f3a26, issue 41: Traditional Ganjifa's result says "cards won less 40" without "over 1 deal" (its two settings only, the result's words); before it e538c44a05194297, issue 41: Traditional Ganjifa's Mantri given as the deni itself "holds no other card of the suit" (a Mantri is itself a low card): its two settings only, narration alone; before it 6089c6acf9035726, issue 41: Shakti cites the ending's rules after the ending's sentence; Hamrang's lead and opening with a lone court card cite their own clause, not the rule for a player short of the suit (narration only, those two games' settings; golden deals replay move for move); before it d50525ebf0a9c44a, issue 41: Naqsh's narration cites nq.next-dealer where a Naqsh keeps or passes the deal (its settings only; golden deals replay move for move); before it bf1fe8efd656c37f, issue 41: Traditional Ganjifa's narration pays the cards "at the start of the next deal", as tg.payment says, not "before" it (its two settings only; its golden deals replay move for move); before it 42eef4db49f948a8, issue 41: Shakti's narration calls the cards left after the deal the stock, not the deck (only its two settings changed; its golden deal replays move for move, only words differ); before it 56b05d8ef4a757f6, issue 41: Kendra Kari's bridger "starts a fresh ring", the chapter's word, not "a new phase" (Ekrang's phase is a trick): narration only, its settings alone; before it 806563811638558c, issue 41: Traditional Ganjifa's narration calls the deni the lead and the gheni the Raja's holder, one meaning each (its two settings only; golden deals replay move for move); before it 4fbee2f2f597265b, issue 41: Kendra Kari's going-out sentence cites kk.out alone, after the play's own clauses (narration only; before it 52f33e3869af1aaa); issue 30, newcomers' reading: Traditional Ganjifa's narration says nobody leads after a deal's last trick, that the exchanges come next, and cites tg.face-up when a debtor's batches come face down (only its two settings changed); before it 1d84f9367d068107, issue 30: Traditional Ganjifa's hukm holder plays "as its holder must", not "as it must" (narration only; every other setting hashes as before); before it 36db4635a06d307e, issue 29 (true to the sources): Traditional Ganjifa, Hamrang and Ekrang play by their sources, and Shakti says "Asha's own pile", not "their own pile" (issue 30), every other setting hashing as before; before it 14706a30af5b6536 (Udvasa added, issue 22)


def settings():
    for name in available_games():
        cls = game_class(name)
        for players in range(cls.min_players, cls.max_players + 1):
            for bot in ("random", "heuristic"):
                yield name, players, bot


def fingerprint(games: int = 100) -> dict[str, str]:
    out = {}
    for name, players, kind in settings():
        game = get_game(name, players=players)
        names = [f"P{i + 1}" for i in range(players)]
        h = hashlib.sha256()
        for seed in range(games):
            state = game.new_game(game.deal(seed))
            bots = [make_bot(kind, derive(seed, "bot", i)) for i in range(players)]
            chance = Chance(seed)
            while not state.is_terminal():
                legal = state.legal_moves()
                h.update(" ".join(map(str, legal)).encode())
                if state.current_player == CHANCE:  # chance's step, as the play loop makes it
                    move = chance.outcome(state)
                else:
                    move = bots[state.current_player].choose(state)
                record = state.apply(move)
                h.update(f"{move}|{record.narrate(names)}".encode())
            h.update(state.result().narrate(names).encode())
        out[f"{name}/{players}/{kind}"] = h.hexdigest()[:16]
    return out


def pictures(games: int = 3) -> dict[str, str]:
    """A hash per game of its pictures and per-seat narration along seeded random games (see the docstring)."""
    from engine.draw import state_svg
    from engine.draw.svg import to_string

    out = {}
    for name in available_games():
        game = get_game(name)
        players = game.players
        names = [f"P{i + 1}" for i in range(players)]
        h = hashlib.sha256()
        for seed in range(games):
            state = game.new_game(game.deal(seed))
            bots = [make_bot("random", derive(seed, "bot", i)) for i in range(players)]
            chance, step = Chance(seed), 0
            while not state.is_terminal():
                if step % 10 == 0:
                    h.update(to_string(state_svg(state, names=names)).encode())
                    h.update(to_string(state_svg(state, viewer=0, names=names)).encode())
                move = chance.outcome(state) if state.current_player == CHANCE else \
                    bots[state.current_player].choose(state)
                record = state.apply(move)
                tell = getattr(record, "narrate_for", None)
                if callable(tell):
                    for seat in (None, *range(players)):
                        h.update(tell(seat, names).encode())
                step += 1
            h.update(to_string(state_svg(state, names=names)).encode())
        out[name] = h.hexdigest()[:16]
    return out


if __name__ == "__main__" and sys.argv[1:2] == ["--pictures"]:
    total = hashlib.sha256()
    for key, value in sorted(pictures().items()):
        print(f"{key:28} {value}")
        total.update(value.encode())
    print(f"{'all pictures':28} {total.hexdigest()[:16]}")
    same = total.hexdigest()[:16] == PICTURES_RECORDED
    print(f"{'recorded':28} {PICTURES_RECORDED} ({'the same pictures' if same else 'DIFFERENT pictures'})")
elif __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    total = hashlib.sha256()
    for key, value in sorted(fingerprint(n).items()):
        print(f"{key:28} {value}")
        total.update(value.encode())
    print(f"{'all':28} {total.hexdigest()[:16]}")
    if n in RECORDED:
        same = total.hexdigest()[:16] == RECORDED[n]
        print(f"{'recorded':28} {RECORDED[n]} ({'the same games' if same else 'DIFFERENT games'})")
