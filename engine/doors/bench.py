"""The project's benchmark: full random games per second, for every game and player count, judged as a
ratio to OpenSpiel's nearest game timed in the same run.

Each measurement deals fresh seeded games and lets a seeded :class:`~engine.players.bots.RandomBot` play
every seat through the one play loop (:func:`engine.players.play.run`), deal included, for about ``seconds``.
A game is one game at the game's default options, except that a game of rounds (the games against a
dealer, with an option ``rounds``) plays one round (:func:`engine.registry.unit_game`). Games per second are counted in the process's CPU time
(``time.process_time``), what one core does, in ``SLICES`` slices; the figure is the fastest slice's,
as ``timeit`` reports the best of its repeats: a shared machine's neighbours only ever slow a slice
down, so the fastest is the best estimate of what the code costs, and the median slice is recorded
beside it. Simulations with several worker processes are timed by the wall clock, the time a user waits.

Peers: a game declares the OpenSpiel game nearest it (``Game.PEER``, one of :data:`PEERS`). With the
``peers`` extra installed (``pip install -e '.[peers]'``: OpenSpiel's ``pyspiel``) the bench times
each peer's random play-outs driven from Python in the same run and in the same way (:func:`timed`:
the fastest of the same slices, the median beside it), and prints every game's decisions a second as a
ratio to its peer's, with the target set for it, and the ratio of games a second beside it (a simulation
with two workers is set beside the peer's one process, both by the wall clock). Absolute figures swing
with the machine; a ratio measured in one run on one machine does much less so.

Decisions, not games, are the engine's speed (issue 33): games a second mostly measures how long each game
is (a random game of Shakti is 600 decisions, crazy_eights' 83). A decision is a player's move; chance's
steps (a deal, a draw) are left out on both sides (ours: the steps of :class:`~engine.players.play.Chance`).

A game that its designers' notes simulate with careful players (:data:`CAREFUL`) is timed with them too,
its games a second printed (Shakti: careful players finish in about ten rounds, random ones never do).

>>> ours = {"game": "guru-ganjifa", "players": 4, "games_per_s": 300.0, "median_games_per_s": 250.0, "games": 1500,
...         "decisions_per_s": 30_000.0, "median_decisions_per_s": 25_000.0}
>>> row = ratio_rows([ours], [], {"hearts": {"peer": "hearts", "games_per_s": 100.0, "median_games_per_s": 100.0,
...                                          "decisions_per_s": 6_000.0, "median_decisions_per_s": 6_000.0}},
...                  peer_of=lambda name: PEERS["hearts"])[0]
>>> row["ratio"], row["games_ratio"]
(5.0, 3.0)
"""

from __future__ import annotations

import json
import os
import random
import time
from dataclasses import dataclass
from typing import Any, Callable

from ..players.bots import RandomBot, make_bot
from ..files import write_text
from ..players.play import Chance, run
from ..registry import available_games, game_class, unit_game


SLICES = 5
SIM_REPEATS = 2
SIM_GAMES = 100_000  # the simulation a peer's simulation target speaks of (two workers)
QUICK_SECONDS = 0.05  # ganjifa bench --quick: a smoke run (the figures mean little)
QUICK_SIM_GAMES = 400
# the games the designers' notes simulate with careful players (the heuristic bot), at this many players: the
# bench times them so too (issue 33: Shakti among careful players ends in about ten rounds, among random ones never)
CAREFUL = (("shakti", 4),)
PEERS_HINT = ("OpenSpiel is not installed, so no peers were timed: `.venv/bin/pip install -e '.[peers]'` "
              "adds them, and the bench then prints every game's speed as a ratio to its nearest OpenSpiel game")


@dataclass(frozen=True)
class Peer:
    """An OpenSpiel game our games are compared with; a game names it in ``Game.PEER``.

    ``name`` is OpenSpiel's (``pyspiel.load_game(name, params)``); ``target`` is the least ratio
    (our games a second over its games a second) issue 18 asks of a game with ``at_players`` players
    (None: every player count), ``aim`` what it hopes for; ``sim_target`` the least ratio of our
    simulation with two worker processes to its one process, for a game with ``at_players`` players.
    """

    name: str
    label: str  # (targets: the least ratio of decisions a second; a simulation's, of games a second)
    params: tuple[tuple[str, Any], ...] = ()
    target: float | None = None
    aim: float | None = None
    at_players: int | None = None
    sim_target: float | None = None

    def target_for(self, players: int, workers: int | None = None) -> float | None:
        """The target for our game with ``players`` players (``workers``: a simulation's), or None."""
        if self.at_players is not None and players != self.at_players:
            return None
        if workers is None:
            return self.target
        return self.sim_target if workers == 2 else None


# the peers, keyed by OpenSpiel's names (a game's PEER is one of these keys)
PEERS: dict[str, Peer] = {p.name: p for p in (
    # targets on decisions a second (issue 33: at least the peer's, one core each); the simulation's on games
    Peer("crazy_eights", "crazy_eights 4p", (("players", 4),), target=1.0, at_players=4, sim_target=3.0),
    Peer("hearts", "hearts", target=1.0, at_players=4),
    Peer("blackjack", "blackjack", target=1.0),
    # Klondike, OpenSpiel's one patience, for Udvasa (a patience of the Mughal deck): a random game runs to its
    # 150-move limit; no target is asked of Udvasa (issue 22 asks for its figures, not a ratio)
    Peer("solitaire", "solitaire (Klondike)"),
)}


def target_of(name: str, peer: Peer, players: int, workers: int | None = None) -> float | None:
    """The least ratio of decisions a second asked of game ``name`` with ``players`` players: its own
    (``Game.PEER_TARGET``: Ekrang 1.0x crazy_eights at four players, Traditional Ganjifa 1.0x hearts at
    three), else its peer's (a simulation's, of games a second, always its peer's)."""
    own = game_class(name).PEER_TARGET
    if own is not None:  # the game's own target replaces the peer's (its simulation has none)
        at, ratio = own
        return ratio if players == at and workers is None else None
    return peer.target_for(players, workers)


def peer_of(name: str) -> Peer | None:
    """The peer game ``name`` declares (``Game.PEER``), or None; ValueError for a peer :data:`PEERS` lacks."""
    declared = game_class(name).PEER
    if declared is None:
        return None
    if declared not in PEERS:
        raise ValueError(f"game {name!r} declares PEER = {declared!r}, not one of {', '.join(PEERS)}")
    return PEERS[declared]


def timed(play: Callable[[], int], seconds: float) -> dict:
    """Call ``play()`` (one whole game; it returns the players' decisions made) for about ``seconds`` of CPU
    time in :data:`SLICES` slices; the fastest slice's games a second and decisions a second, the median
    slice's, and the mean decisions a game (``wall_games_per_s``: the fastest slice by the wall clock, to set
    beside simulations, timed so)."""
    clock, wall = time.process_time, time.perf_counter
    games = decisions = 0
    rates = []
    decision_rates = []
    walls = []
    for _ in range(SLICES):
        start, wall_start = clock(), wall()
        deadline = start + seconds / SLICES
        played = made = 0
        while True:
            made += play()
            played += 1
            now = clock()
            if now >= deadline:
                break
        games += played
        decisions += made
        rates.append(played / (now - start))
        decision_rates.append(made / (now - start))
        walls.append(played / (wall() - wall_start))
    rates.sort()
    decision_rates.sort()
    middle = len(rates) // 2
    return {"games_per_s": round(rates[-1], 1), "decisions_per_s": round(decision_rates[-1], 1),
            "mean_decisions": round(decisions / games, 2), "median_games_per_s": round(rates[middle], 1),
            "median_decisions_per_s": round(decision_rates[middle], 1), "games": games,
            "wall_games_per_s": round(max(walls), 1)}


def measure(name: str, players: int, seconds: float = 2.0, first_seed: int = 0, bots: str = "random") -> dict:
    """Play full games of ``name`` (``bots`` in every seat: random, or heuristic, the careful players) for about
    ``seconds`` of CPU time in :data:`SLICES` slices; return the figures (``games_per_s``, ``decisions_per_s``:
    the fastest slice; ``median_...``: the median one). A decision is a player's move: the game's steps less
    chance's (the deal is not a step)."""
    game = unit_game(name, players)
    seated = [RandomBot(f"bench/{name}/{players}/{seat}") if bots == "random" else
              make_bot(bots, f"bench/{name}/{players}/{seat}") for seat in range(players)]
    deal, new_game = game.deal, game.new_game
    seeds = iter(range(first_seed, 1 << 62))

    def play() -> int:
        seed = next(seeds)
        chance = Chance(seed)
        return len(run(new_game(deal(seed)), seated, chance).history) - chance.steps

    return {"game": name, "players": players, "bots": bots, **timed(play, seconds)}


def peers_available() -> bool:
    """Whether OpenSpiel's Python module (the ``peers`` extra) can be imported."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def measure_peer(peer: Peer, seconds: float = 2.0) -> dict:
    """OpenSpiel's random play-outs of ``peer``, driven from Python and timed as :func:`measure` times
    ours: each game from ``new_initial_state()`` to its end, chance's outcome drawn by its probabilities
    and each player's action uniformly from its legal actions, with one seeded ``random.Random``.
    ``mean_decisions`` counts the players' actions (chance's, the deal among them, are not decisions)."""
    import pyspiel

    game = pyspiel.load_game(peer.name, dict(peer.params))
    rng = random.Random(f"bench/{peer.name}")
    choices, choice = rng.choices, rng.choice
    new_state = game.new_initial_state

    def play() -> int:
        state = new_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(choices(actions, probs)[0])
            else:
                state.apply_action(choice(state.legal_actions()))
                moves += 1
        return moves

    return {"peer": peer.name, "label": peer.label, "params": dict(peer.params), **timed(play, seconds)}


def measure_simulation(name: str, players: int, seconds: float, workers: int, games: int | None = None) -> dict:
    """Simulated games per second (engine.study.simulate, statistics streamed) with ``workers`` processes, by
    the wall clock: the faster of :data:`SIM_REPEATS` runs of the same games (see :func:`measure`).

    ``games`` games each run, or (None) as many as take about ``seconds / SIM_REPEATS`` on one worker,
    sized by a first small run.
    """
    from ..study.simulate import simulate

    game = unit_game(name, players)
    clock = time.perf_counter
    if games is None:
        start = clock()
        simulate(game, 200, seed="bench-size", workers=1)
        per_game = (clock() - start) / 200
        games = max(200, int(seconds / SIM_REPEATS / per_game))
    times = []
    for _ in range(SIM_REPEATS):
        start = clock()
        simulate(game, games, seed="bench", workers=workers, chunk=max(100, games // (8 * workers)))
        times.append(clock() - start)
    elapsed = min(times)
    return {"game": name, "players": players, "workers": workers, "simulated_games_per_s": round(games / elapsed, 1),
            "games": games, "seconds": round(elapsed, 3), "slowest_seconds": round(max(times), 3)}


def ratio_rows(records: list[dict], sims: list[dict], peers: dict[str, dict],
               peer_of: Callable[[str], Peer | None] = peer_of) -> list[dict]:
    """Each measurement of ours as a ratio to its game's peer (``peers``: the peers' measurements by name).

    A game's ratio is its decisions a second over its peer's (the fastest slices), ``median_ratio`` the
    medians', ``games_ratio`` the same of games a second (no target: it mostly compares the games' lengths);
    a simulation's ratio is its games a second with two workers over the peer's on one process, both by the
    wall clock (the fastest slice's: a loaded machine slows both alike). ``target`` is the game's or its
    peer's for this player count (or None), ``met`` whether the ratio reaches it.
    """
    out = []
    for r in records + [s for s in sims if s["workers"] > 1]:
        peer = peer_of(r["game"])
        if peer is None or peer.name not in peers:
            continue
        theirs = peers[peer.name]
        sim = "workers" in r
        ours = r["simulated_games_per_s"] if sim else r["decisions_per_s"]
        peer_rate = theirs.get("wall_games_per_s", theirs["games_per_s"]) if sim else theirs["decisions_per_s"]
        ratio = ours / peer_rate
        median = None if sim else r["median_decisions_per_s"] / theirs["median_decisions_per_s"]
        games_ratio = None if sim else r["games_per_s"] / theirs["games_per_s"]
        target = target_of(r["game"], peer, r["players"], r["workers"] if sim else None)
        out.append({"kind": "simulation" if sim else "game", "game": r["game"], "players": r["players"],
                    "workers": r["workers"] if sim else 1, "games": r["games"], "peer": peer.name,
                    "peer_label": peer.label,
                    "ours_games_per_s": ours, "peer_games_per_s": peer_rate,
                    "ratio": round(ratio, 3), "median_ratio": None if median is None else round(median, 3),
                    "games_ratio": None if games_ratio is None else round(games_ratio, 3),
                    "target": target, "aim": peer.aim if target is not None and not sim else None,
                    "met": None if target is None else ratio >= target})
    return out


MAX_SECONDS = 3600.0  # the most CPU time one measurement may take (an hour)


def check_arguments(seconds: float, out: str, sim_games: int) -> None:
    """OptionError, before any game is timed, for a time that is not a positive number of seconds (nan, inf,
    0, negative), games that are not a positive number, or an ``out`` that could not be written at the end
    (a folder, a device, a place with no writable folder); an existing report is replaced, as every run does."""
    import math

    from .outputs import check_output_path
    from ..errors import OptionError

    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds) \
            or not 0 < seconds <= MAX_SECONDS:
        shown = f"{seconds:g}" if isinstance(seconds, float) else repr(seconds)
        raise OptionError(f"--seconds takes a positive number of seconds, at most {MAX_SECONDS:g}, not {shown}")
    if isinstance(sim_games, bool) or not isinstance(sim_games, int) or sim_games < 1:
        raise OptionError(f"--sim-games takes a positive whole number of games, not {sim_games!r}")
    check_output_path(out, "--out", force=True, folder_made=True)


def run_bench(seconds: float = 2.0, out: str = "_build/bench.json", sim_games: int = SIM_GAMES,
              peers: bool | None = None) -> int:
    """Measure every available game at every player count, simulations with 1 and 2 workers, and (with
    OpenSpiel installed, or ``peers``) each game's peer; print tables and the ratios, write JSON to ``out``.

    The simulation a peer's ``sim_target`` speaks of (two workers) plays ``sim_games`` games; the
    others are sized by ``seconds``.
    """
    from rich.console import Console
    from rich.table import Table

    check_arguments(seconds, out, sim_games)
    console = Console()
    names = available_games()
    declared = {name: peer_of(name) for name in names}
    if peers is None:
        peers = peers_available()
    peer_records: dict[str, dict] = {}
    if peers:  # first, in the same run as ours
        for peer in PEERS.values():
            if peer in declared.values():
                peer_records[peer.name] = measure_peer(peer, seconds)
    records = []
    sims = []
    for name in names:
        cls = game_class(name)
        for players in range(cls.min_players, cls.max_players + 1):
            records.append(measure(name, players, seconds))
        players = min(max(4, cls.min_players), cls.max_players)
        peer = declared[name]
        for workers in (1, 2):
            fixed = workers == 2 and peer is not None and target_of(name, peer, players, workers) is not None
            sims.append(measure_simulation(name, players, seconds * 2, workers, sim_games if fixed else None))
    careful = [measure(name, players, seconds, bots="heuristic") for name, players in CAREFUL if name in names]
    table = Table(title=f"Full random games on one core (RandomBot every seat, deal included; ~{seconds:g} s of "
                  f"CPU time each in {SLICES} slices: the fastest slice, and the median; a decision is a player's "
                  "move, chance's steps left out; per game: decisions)")
    for column in ("game", "players", "decisions/s", "games/s", "per game", "median"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for r in records + careful:  # per game: decisions; median: the median slice's decisions a second
        table.add_row(r["game"] + (" (careful)" if r["bots"] == "heuristic" else ""), str(r["players"]),
                      f"{r['decisions_per_s']:,.0f}", f"{r['games_per_s']:,.1f}", f"{r['mean_decisions']:.1f}",
                      f"{r['median_decisions_per_s']:,.0f}")
    console.print(table)
    for r in careful:
        print(f"{r['game']} among careful players ({r['players']}p, as its designers' notes simulate it): "
              f"{r['games_per_s']:,.1f} games a second, {r['decisions_per_s']:,.0f} decisions a second, "
              f"{r['mean_decisions']:.1f} decisions a game")
    sim = Table(title="Simulations (engine.study.simulate: random bots, statistics streamed) by worker processes")
    for column in ("game", "workers", "games", "games/s", "speed-up", "100,000 games"):
        sim.add_column(column, justify="left" if column == "game" else "right")
    for r in sims:
        one = next(o for o in sims if o["game"] == r["game"] and o["workers"] == 1)
        sim.add_row(f"{r['game']} {r['players']}p", str(r["workers"]), f"{r['games']:,}",
                    f"{r['simulated_games_per_s']:,.1f}",
                    f"{r['simulated_games_per_s'] / one['simulated_games_per_s']:.2f}x",
                    f"{100_000 / r['simulated_games_per_s']:,.1f} s")
    console.print(sim)
    solvers = []
    if "udvasa" in names:  # the patience's solver: whole seeded deals decided one after another
        from ..games.udvasa.odds import deals_per_second

        solvers.append(deals_per_second(seconds))
        r = solvers[-1]
        print(f"Udvasa's solver: {r['deals_per_s']:,.1f} deals a second ({r['deals']} deals: {r['won']} won, "
              f"{r['lost']} lost, {r['undecided']} undecided; the slowest {r['worst_s']:.2f} s)")
    ratios = ratio_rows(records, sims, peer_records)
    if peers:
        _print_peers(console, seconds, peer_records, ratios)
    else:
        print(PEERS_HINT)
    folder = os.path.dirname(out)
    if folder:
        os.makedirs(folder, exist_ok=True)
    write_text(out, json.dumps({"seconds": seconds, "slices": SLICES, "games": records, "careful": careful,
                                "simulations": sims,
                                "peers": list(peer_records.values()), "ratios": ratios, "solvers": solvers,
                                "peers_missing": None if peers else PEERS_HINT}, indent=1) + "\n")
    print(f"wrote {out}")
    return 0


def _print_peers(console, seconds: float, peer_records: dict[str, dict], ratios: list[dict]) -> None:
    from rich.table import Table

    table = Table(title=f"Peers: OpenSpiel's random play-outs driven from Python, timed as ours (~{seconds:g} s "
                  f"of CPU time each in {SLICES} slices: the fastest slice, and the median)")
    for column in ("peer", "decisions/s", "games/s", "per game", "median"):
        table.add_column(column, justify="left" if column == "peer" else "right")
    for r in peer_records.values():
        table.add_row(r["label"], f"{r['decisions_per_s']:,.0f}", f"{r['games_per_s']:,.1f}",
                      f"{r['mean_decisions']:.1f}", f"{r['median_decisions_per_s']:,.0f}")
    console.print(table)

    def target(r: dict) -> str:
        if r["target"] is None:
            return ""
        return f">= {r['target']:g}x" + (f", aim {r['aim']:g}x" if r["aim"] else "")

    def met(r: dict) -> str:
        return "" if r["met"] is None else "[green]yes[/]" if r["met"] else "[red]no[/]"

    games = Table(title="Our decisions/s over the nearest OpenSpiel game's (ratio; median: the median slices'), one "
                  "core each, in the same run, and the games/s ratio beside it (a game at its default options: one round of a dealer game, against one "
                  "hand of blackjack; a patience against one game of Klondike)")
    for column in ("game", "peer", "ratio", "median", "target", "met", "games ratio"):
        games.add_column(column, justify="left" if column in ("game", "peer") else "right")
    sims = Table(title="Our simulation with 2 worker processes over the peer on one process (both by the wall clock)")
    for column in ("game", "games", "peer", "ratio", "target", "met"):
        sims.add_column(column, justify="left" if column in ("game", "peer") else "right")
    for r in ratios:
        if r["kind"] == "game":
            games.add_row(f"{r['game']} {r['players']}p", r["peer_label"], f"{r['ratio']:.2f}x",
                          f"{r['median_ratio']:.2f}x", target(r), met(r), f"{r['games_ratio']:.2f}x")
        else:
            sims.add_row(f"{r['game']} {r['players']}p", f"{r['games']:,}", r["peer_label"], f"{r['ratio']:.2f}x",
                         target(r), met(r))
    console.print(games)
    console.print(sims)
