"""Many seeded games, with statistics streamed as they are played (memory stays flat).

Game ``g`` of a simulation with seed ``s`` is dealt from the seed ``derive(s, "game", g)``, which
also seeds chance's stream for its later steps; the seats' bots are seated once for each block
of :data:`BLOCK` games (each bot's stream seeded once, from ``derive(s, "bots", g // BLOCK)`` and
its seat) and play the block's games in turn, as a table of players would (:func:`played`). So
the totals are the same whatever the number of worker processes, any game of a report can be
replayed from its block, and no game pays for seeding its bots' streams: a short game's
simulation costs little more than the bare game.

>>> from engine import get_game
>>> report = simulate(get_game("kendra-kari", players=3), games=20, seed=1, bots="random")
>>> report.games, round(sum(report.win_share), 6)
(20, 1.0)
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import chain
from operator import attrgetter, countOf
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator, Sequence

from .play import run, seat_bots
from .errors import GanjifaError
from .protocol import CHANCE, Game, State
from .shuffle import derive, deriving

UNIT = 60  # a shared win is counted in sixtieths (1/2 .. 1/6 are whole), so sums are exact in any order
BLOCK = 100  # games a seating of bots plays: a range of games a worker plays starts at a multiple of it


def played(game: Game, seed: int | str, bots: Sequence[str], first: int, last: int) -> Iterator[State]:
    """Games ``first .. last - 1`` of a simulation with ``seed``, played to their end, in order.

    Game ``g`` is ``game.deal(derive(seed, "game", g))``, chance's stream seeded from the same seed;
    the bots (one kind per seat) are seated at each multiple of :data:`BLOCK`, from the seed
    ``derive(seed, "bots", g // BLOCK)`` (:func:`engine.play.seat_bots`), so ``first`` is one.
    """
    if first % BLOCK:
        raise ValueError(f"a simulation's games are played from a multiple of {BLOCK}, not from game {first}")
    game_seed = deriving(seed, "game")  # derive(seed, "game", g)
    deal, new_game = game.deal, game.new_game
    seated = None
    for g in range(first, last):
        if g % BLOCK == 0:
            seated = seat_bots(game, bots, derive(seed, "bots", g // BLOCK))
        s = game_seed(g)
        yield run(new_game(deal(s)), seated, s)


@dataclass
class Tally:
    """Running totals (integers only, so merging partial tallies in any order gives the same numbers)."""

    players: int
    games: int = 0
    wins: list[int] = field(default_factory=list)  # per seat, in 1/UNIT of a game
    moves: int = 0
    moves_sq: int = 0
    event_counts: Counter = field(default_factory=Counter)  # event -> times
    event_games: Counter = field(default_factory=Counter)  # event -> games where it happened
    clause_counts: Counter = field(default_factory=Counter)  # clause -> times cited
    clause_games: Counter = field(default_factory=Counter)  # clause -> games citing it

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * self.players

    def add_game(self, game: Game, state) -> None:
        history = state.history
        n = sum(1 for r in history if r.player != CHANCE)
        self.games += 1
        self.moves += n
        self.moves_sq += n * n
        result = state.result()
        winners = result.winners
        for w in winners:
            self.wins[w] += UNIT // len(winners)
        # records share their clause tuples: count the tuples, then what each tuple holds
        by_tuple = Counter(r.clauses for r in history)
        if not any(result.clause in cited for cited in by_tuple):  # the rule that decided the result
            by_tuple[(result.clause,)] += 1
        clauses: Counter = Counter()
        for cited, times in by_tuple.items():
            for c in cited:
                clauses[c] += times
        events: Counter = Counter()
        events_of = game.events_of
        for record in history:
            found = events_of(record)
            if found:
                events.update(found)
        self.event_counts.update(events)
        self.event_games.update(events.keys())
        self.clause_counts.update(clauses)
        self.clause_games.update(clauses.keys())

    def merge(self, other: "Tally") -> None:
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        self.moves += other.moves
        self.moves_sq += other.moves_sq
        for mine, theirs in ((self.event_counts, other.event_counts), (self.event_games, other.event_games),
                             (self.clause_counts, other.clause_counts), (self.clause_games, other.clause_games)):
            mine.update(theirs)


@dataclass(frozen=True)
class Report:
    """What a simulation measured, with 95% confidence intervals where they apply."""

    game: Game
    bots: tuple[str, ...]
    seed: int | str
    tally: Tally
    # game by game (simulate(..., per_game=True)): what ``engine.compare`` pairs across variants played on the same seeds
    outcomes: "Outcomes | None" = field(default=None, compare=False, repr=False)

    @property
    def games(self) -> int:
        return self.tally.games

    @property
    def win_share(self) -> tuple[float, ...]:
        """Each seat's share of the wins (shared wins as fractions)."""
        return tuple(w / UNIT / self.games for w in self.tally.wins)

    def win_interval(self, seat: int) -> tuple[float, float]:
        """A 95% Wilson interval for ``seat``'s win share."""
        return wilson(self.tally.wins[seat] / UNIT, self.games)

    @property
    def mean_moves(self) -> float:
        return self.tally.moves / self.games

    @property
    def moves_interval(self) -> tuple[float, float]:
        n, mean = self.games, self.mean_moves
        var = max(self.tally.moves_sq / n - mean * mean, 0.0) * n / max(n - 1, 1)
        half = 1.96 * math.sqrt(var / n)
        return mean - half, mean + half

    def event_rate(self, event: str) -> float:
        """How often ``event`` happens per game, on average."""
        return self.tally.event_counts[event] / self.games

    def clause_share(self, clause: str) -> float:
        """The share of games in which the engine cited ``clause``."""
        return self.tally.clause_games[clause] / self.games


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Outcomes:
    """Each game's outcome, game by game (in game order), for paired comparisons (:mod:`engine.compare`):
    each seat's share of the win in 1/UNIT (``wins[g * players + seat]``), the moves, the events seen (a bit
    per event of ``EVENTS``, in order) and, for a game played for stakes (``Game.settle``), what each seat won or
    paid; the game's print, hashed (:func:`engine.variants.game_print`: two variants that play every game alike
    are told); and how many times each event happened. About 16 + 9 * players + 2 * events bytes a game."""

    players: int
    first: int = 0
    wins: "array" = None  # type: ignore[assignment]
    moves: "array" = None  # type: ignore[assignment]
    events: "array" = None  # type: ignore[assignment]
    money: "array | None" = None
    prints: "array" = None  # type: ignore[assignment]  # each game's print (engine.variants.game_print), hashed
    event_counts: "array" = None  # type: ignore[assignment]  # times each event happened: [g * len(EVENTS) + e]

    def __post_init__(self) -> None:
        from array import array

        if self.wins is None:
            self.wins, self.moves, self.events = array("b"), array("l"), array("Q")
        if self.prints is None:
            self.prints = array("Q")
        if self.event_counts is None:
            self.event_counts = array("H")  # (a count above 65,535 in one game is kept as 65,535)

    @property
    def games(self) -> int:
        return len(self.moves)

    def extend(self, other: "Outcomes") -> None:
        self.wins.extend(other.wins)
        self.moves.extend(other.moves)
        self.events.extend(other.events)
        self.prints.extend(other.prints)
        self.event_counts.extend(other.event_counts)
        if other.money is not None:
            if self.money is None:
                from array import array

                self.money = array("d")
            self.money.extend(other.money)


def stakes_game(game: Game) -> bool:
    """Whether money changes hands in ``game`` (it overrides :meth:`Game.settle`)."""
    return type(game).settle is not Game.settle


def _play_range(game: Game, seed: int | str, bots: tuple[str, ...], first: int, last: int,
                per_game: bool = False):
    """Play games ``first .. last - 1`` and tally them (what :meth:`Tally.add_game` does for each game,
    with the counting done in bulk for the whole range: a few C-level steps per game, the counters
    filled once at the end). With ``per_game``, ``(tally, outcomes)``: also each game's :class:`Outcomes`."""
    if per_game:
        return _play_range_kept(game, seed, bots, first, last)
    tally = Tally(game.players)
    wins = tally.wins
    events_of = game.events_of
    player_of, clauses_of = attrgetter("player"), attrgetter("clauses")
    cited: list[tuple[str, ...]] = []  # every record's clause tuple in the range (records share their tuples)
    used: list[str] = []  # the clauses each game used, game after game
    events: list[str] = []  # every event of every game in the range
    event_games: list[str] = []  # the events each game showed, game after game
    moves = moves_sq = 0
    for state in played(game, seed, bots, first, last):
        history = state.history
        n = len(history) - countOf(map(player_of, history), CHANCE)
        moves += n
        moves_sq += n * n
        result = state.result()
        winners = result.winners
        if winners:  # a deal can end with nobody ahead (a banking round where every stake is returned)
            share = UNIT // len(winners)
            for w in winners:
                wins[w] += share
        game_cited = list(map(clauses_of, history))
        game_used = set().union(*game_cited)
        if result.clause not in game_used:  # the rule that decided the result comes into play, cited by no step
            game_used.add(result.clause)
            game_cited.append((result.clause,))
        cited += game_cited
        used += game_used
        found = list(chain.from_iterable(map(events_of, history)))
        if found:
            events += found
            event_games += set(found)
    tally.games = last - first if last > first else 0
    tally.moves, tally.moves_sq = moves, moves_sq
    clause_counts = tally.clause_counts
    for clauses, times in Counter(cited).items():
        for c in clauses:
            clause_counts[c] += times
    tally.clause_games.update(used)
    tally.event_counts.update(events)
    tally.event_games.update(event_games)
    return tally


def _play_range_kept(game: Game, seed: int | str, bots: tuple[str, ...], first: int, last: int):
    """:func:`_play_range` with each game's outcome kept (:class:`Outcomes`): the same tally, game by game."""
    from array import array

    from hashlib import blake2b

    from .variants import game_print

    n = game.players
    kept = Outcomes(n, first)
    money = array("d") if stakes_game(game) else None
    bit = {e: 1 << i for i, e in enumerate(game.EVENTS)}
    index = {e: i for i, e in enumerate(game.EVENTS)}
    events_of = game.events_of
    tally = Tally(n)
    for state in played(game, seed, bots, first, last):
        tally.add_game(game, state)
        history = state.history
        kept.moves.append(sum(1 for r in history if r.player != CHANCE))
        winners = state.result().winners
        row = [0] * n
        for w in winners:
            row[w] = UNIT // len(winners)
        kept.wins.extend(row)
        mask = 0
        counts = [0] * len(bit)
        for record in history:
            for e in events_of(record):
                mask |= bit.get(e, 0)
                if e in index:
                    counts[index[e]] += 1
        kept.events.append(mask)
        kept.event_counts.extend(min(c, 65535) for c in counts)
        kept.prints.append(int.from_bytes(blake2b(repr(game_print(game, state)).encode(), digest_size=8).digest(), "big"))
        if money is not None:
            money.extend(float(v) for v in game.settle(state))
    kept.money = money
    return tally, kept


class ClusterError(GanjifaError, RuntimeError):
    """A distributed simulation that cannot run: Dask is not installed, or its scheduler cannot be reached."""


def simulate(game: Game, games: int, seed: int | str = 1, bots: str | Sequence[str] = "random",
             workers: int = 1, chunk: int = 500, progress=None, scheduler: str | None = None,
             per_game: bool = False) -> Report:
    """Play ``games`` seeded games (in ``workers`` processes) and report the statistics.

    Games are played in chunks whose tallies are merged as they finish, so memory stays flat;
    ``progress(done)`` is called with the number of games finished after each chunk. With
    ``scheduler`` (the address of a Dask distributed scheduler, e.g. ``tcp://10.0.0.5:8786``) the
    same chunks run on that cluster's workers instead (``workers`` is then unused); the numbers are
    the same either way. With ``per_game`` the report also keeps each game's outcome (``Report.outcomes``).
    """
    kinds = (bots,) if isinstance(bots, str) else tuple(bots)
    if len(kinds) not in (1, game.players):
        kinds = tuple(kinds[i % len(kinds)] for i in range(game.players))
    tally = Tally(game.players)
    chunk = max(BLOCK, chunk - chunk % BLOCK)  # a range starts where a seating of bots does
    ranges = [(a, min(a + chunk, games)) for a in range(0, games, chunk)]
    kept: dict[int, Outcomes] = {}

    def merge(part) -> None:
        if per_game:
            part, outcomes = part
            kept[outcomes.first] = outcomes
        tally.merge(part)  # integer tallies: the order of merging does not matter
        if progress:
            progress(tally.games)

    if scheduler is not None:
        for part in _on_cluster(scheduler, game, seed, kinds, ranges, per_game):
            merge(part)
    elif workers <= 1 or len(ranges) <= 1:
        for a, b in ranges:
            merge(_play_range(game, seed, kinds, a, b, per_game))
    else:
        with _worker_processes(workers) as pool:
            for part in pool.imap_unordered(_play_chunk, [(game, seed, kinds, a, b, per_game) for a, b in ranges]):
                merge(part)
    outcomes = None
    if per_game:
        outcomes = Outcomes(game.players)
        for first in sorted(kept):
            outcomes.extend(kept[first])
    return Report(game, kinds, seed, tally, outcomes)


def _play_chunk(job: tuple) -> Tally:
    return _play_range(*job)


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one), at least one."""
    import os

    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@contextmanager
def _worker_processes(workers: int):
    """A pool of ``workers`` processes that leave Ctrl-C to this one.

    A terminal sends Ctrl-C (SIGINT) to every process of the command: the workers ignore it (so none
    prints a traceback), and this process, interrupted, ends them at once (not after their chunks) and
    lets the KeyboardInterrupt go on to the command, which says so in one line. While the workers are
    started SIGINT is blocked, not ignored: they are born blocking it, and a Ctrl-C that comes meanwhile
    reaches this process as soon as they are running.
    """
    import multiprocessing
    import signal

    blocked = hasattr(signal, "pthread_sigmask")  # POSIX
    if blocked:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    pool = None
    try:
        pool = multiprocessing.Pool(workers, initializer=_worker_ignores_ctrl_c)
        if blocked:
            blocked = False
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # a Ctrl-C meanwhile arrives now
        yield pool
    except BaseException:  # Ctrl-C (or an error in a worker): stop every worker now
        if pool is not None:
            _end_workers(pool)
        raise
    finally:
        if blocked:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    pool.close()
    pool.join()


STOP_SECONDS = 5.0  # how long the pool may take to end its workers before they are killed


def _end_workers(pool, seconds: float = STOP_SECONDS) -> None:
    """End ``pool``'s workers now. ``Pool.terminate()`` can wait for ever: it first takes the lock of the
    queue of tasks, which an idle worker holds while it waits for a task that will never come (the make
    test suite, with the machine busy, saw a Ctrl-C hang so twice in a row). So it runs in a thread of its
    own, and any worker still alive after ``seconds`` is killed; the thread, if stuck, is left to die
    with the process."""
    import multiprocessing
    import threading

    ender = threading.Thread(target=pool.terminate, name="end-workers", daemon=True)
    ender.start()
    ender.join(seconds)
    if ender.is_alive():
        for child in multiprocessing.active_children():
            child.kill()
            child.join(seconds)


def _worker_ignores_ctrl_c() -> None:
    """A worker process ignores Ctrl-C (also where workers are not forked but started afresh)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


CONNECT_TIMEOUT = 10  # seconds to reach a scheduler before giving up


def check_scheduler(address: str) -> tuple[str, str, int | None]:
    """``(scheme, host, port)`` of a Dask scheduler's address (``tcp://HOST:PORT``, or ``HOST:PORT``); a
    ClusterError in one line, before any game is played, if Dask is missing or the address has not that form."""
    try:
        from distributed.comm import registry
        from distributed.comm.addressing import parse_host_port
    except ImportError:
        raise ClusterError("--scheduler needs Dask's distributed scheduler, which is not installed: "
                           "pip install 'ganjifa-rules[cluster]' (or 'dask[distributed]')") from None

    def bad(why: str) -> ClusterError:
        return ClusterError(f"--scheduler {address!r} is not the address of a Dask scheduler ({why}); "
                            "write tcp://HOST:PORT, e.g. tcp://10.0.0.5:8786")

    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address
    known = sorted(registry.backends)
    if scheme not in known:
        raise bad(f"unknown scheme {scheme!r}; the schemes are {', '.join(known)}")
    if scheme == "inproc":  # a scheduler in this very process (a LocalCluster without processes)
        if not rest:
            raise bad("no address after inproc://")
        return scheme, rest, None
    try:
        host, port = parse_host_port(rest)
    except (ValueError, TypeError):
        host, port = "", None
    if not host or not host.strip() or host != host.strip() or type(port) is not int or not 0 < port < 65536:
        raise bad("it needs a host and a port from 1 to 65535")
    return scheme, host, port


def _hello(scheduler: str, host: str, port: int) -> None:
    """ClusterError in one line unless a Dask scheduler answers at ``host:port`` within CONNECT_TIMEOUT: nobody
    listening or no such host is said at once (Dask would retry until its timeout), and a server that does not
    speak Dask's protocol is given up after the timeout (Dask's handshake would wait for ever)."""
    import asyncio
    import socket

    from distributed.comm import connect

    try:
        socket.create_connection((host, port), timeout=CONNECT_TIMEOUT).close()
    except OSError as err:
        raise ClusterError(f"cannot reach the Dask scheduler at {scheduler!r}: "
                           f"{err.strerror or err or 'no answer'}") from None

    async def hello() -> None:
        comm = await connect(scheduler, timeout=CONNECT_TIMEOUT)
        await comm.close()

    try:
        asyncio.run(asyncio.wait_for(hello(), CONNECT_TIMEOUT))
    except (asyncio.TimeoutError, TimeoutError):
        raise ClusterError(f"cannot reach the Dask scheduler at {scheduler!r}: no Dask scheduler answered there "
                           f"within {CONNECT_TIMEOUT} s") from None
    except Exception as err:  # noqa: BLE001 - Dask's refusal, whatever its type, is one line
        raise ClusterError(f"cannot reach the Dask scheduler at {scheduler!r}: {err or type(err).__name__}") from None


def _on_cluster(scheduler: str, game: Game, seed: int | str, kinds: tuple[str, ...],
                ranges: list[tuple[int, int]], per_game: bool = False):
    """Each range's tally, computed on a Dask distributed cluster (``Client(scheduler).map``), as it finishes.

    The cluster's workers need this engine installed (the same version: a game's numbers depend on it).
    """
    scheme, host, port = check_scheduler(scheduler)
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise ClusterError("--scheduler needs Dask's distributed scheduler, which is not installed: "
                           "pip install 'ganjifa-rules[cluster]' (or 'dask[distributed]')") from None
    if port is not None:
        _hello(scheduler, host, port)
    client = Client.__new__(Client)  # kept, so that a client that failed to connect is closed now, not at exit
    try:
        client.__init__(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except Exception as err:  # noqa: BLE001 - Dask's refusal, whatever its type, is one line
        try:
            client.close(timeout=2)  # left to the interpreter's exit, the close waits 40 s and prints a traceback
        except Exception:  # noqa: BLE001
            pass
        raise ClusterError(f"cannot reach the Dask scheduler at {scheduler!r}: {err or type(err).__name__}") from None
    with client:
        k = len(ranges)
        futures = client.map(_play_range, [game] * k, [seed] * k, [kinds] * k,
                             [a for a, _ in ranges], [b for _, b in ranges], [per_game] * k, pure=False)
        for future in as_completed(futures, loop=client.loop):  # integer tallies: any order of merging will do
            yield future.result()
            future.release()


# --- comparing two reports ------------------------------------------------------------------

def two_proportion_p(x1: float, n1: int, x2: float, n2: int) -> float:
    """Two-sided p-value of the two-proportion z-test (pooled)."""
    if n1 == 0 or n2 == 0:
        return 1.0
    p = (x1 + x2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0 if x1 / n1 == x2 / n2 else 0.0
    z = (x1 / n1 - x2 / n2) / se
    return math.erfc(abs(z) / math.sqrt(2))


def welch_p(mean1: float, var1: float, n1: int, mean2: float, var2: float, n2: int) -> float:
    """Two-sided p-value of Welch's test for two means (normal approximation, fine for hundreds of games)."""
    se = math.sqrt(var1 / max(n1, 1) + var2 / max(n2, 1))
    if se == 0:
        return 1.0 if mean1 == mean2 else 0.0
    return math.erfc(abs(mean1 - mean2) / se / math.sqrt(2))


@dataclass(frozen=True)
class Row:
    """One measured quantity across reports: its values and, against the first report, the p-values."""

    label: str
    values: tuple[str, ...]
    p_values: tuple[float | None, ...]  # None for the first report
    test: str


def figure(value: float, digits: int, unit: str = "") -> str:
    """``value`` to ``digits`` decimals; one above 0 that would round to 0 reads "<1%" or "<0.01", so that 0
    is kept for what never happened (a rule that came up at all is not shown as never used)."""
    text = f"{value:.{digits}f}"
    if value > 0 and float(text) == 0:
        return f"<{10 ** -digits:.{digits}f}{unit}"
    return text + unit


def rows(reports: Sequence[Report], alpha: float = 0.05, events: bool = True) -> list[Row]:
    """The rows of a report (one report) or a comparison (several): win share by seat with 95% intervals,
    game length, and (unless ``events`` is false) the game's events (share of games where they happen,
    times per game)."""
    first = reports[0]
    game = first.game
    out: list[Row] = []

    def add(label, fmt, p_of, test):
        values = tuple(fmt(r) for r in reports)
        ps = (None,) + tuple(p_of(first, r) for r in reports[1:])
        out.append(Row(label, values, ps, test))

    for seat in range(game.players):
        def fmt(r, seat=seat):
            lo, hi = r.win_interval(seat)
            return f"{100 * r.win_share[seat]:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"
        add(f"Player {seat + 1} wins", fmt,
            lambda a, b, seat=seat: two_proportion_p(a.tally.wins[seat] / UNIT, a.games, b.tally.wins[seat] / UNIT, b.games),
            "two-proportion z-test")

    def moves_var(r):
        n, mean = r.games, r.mean_moves
        return max(r.tally.moves_sq / n - mean * mean, 0.0) * n / max(n - 1, 1)

    add("Moves per game", lambda r: f"{r.mean_moves:.1f} ({r.moves_interval[0]:.1f}-{r.moves_interval[1]:.1f})",
        lambda a, b: welch_p(a.mean_moves, moves_var(a), a.games, b.mean_moves, moves_var(b), b.games), "Welch's t-test")
    for event, what in (event_words(game).items() if events else ()):
        add(f"Games with: {what}", lambda r, e=event: f"{figure(100 * r.tally.event_games[e] / r.games, 1, '%')} "
            f"({figure(r.event_rate(e), 2)} per game)",
            lambda a, b, e=event: two_proportion_p(a.tally.event_games[e], a.games, b.tally.event_games[e], b.games),
            "two-proportion z-test")
    return out


def event_words(game: Game) -> dict[str, str]:
    """The game's events (``EVENTS``: id -> what happens) in words for the options in force: a game whose
    events' words depend on its options (Naqsh's totals a player stands on) words them in ``events_in_words()``."""
    words = getattr(game, "events_in_words", None)
    return dict(words()) if callable(words) else dict(game.EVENTS)


def clause_rows(report: Report) -> list[tuple[str, str, float, float]]:
    """``(clause id, title, share of games citing it, citations per game)``, most used first."""
    game = report.game
    out = [(cid, title, report.clause_share(cid), report.tally.clause_counts[cid] / report.games)
           for cid, title in game.CLAUSES.items()]
    return sorted(out, key=lambda r: (-r[2], -r[3], list(game.CLAUSES).index(r[0])))


def to_json(reports: Sequence[Report], labels: Sequence[str]) -> dict:
    """The reports as plain data (for ``--json``)."""
    out = []
    for label, r in zip(labels, reports):
        out.append({
            "label": label, "game": r.game.name, "options": r.game.options_text(), "bots": list(r.bots),
            "seed": r.seed, "games": r.games,
            "win_share": list(r.win_share), "win_interval": [list(r.win_interval(s)) for s in range(r.game.players)],
            "mean_moves": r.mean_moves, "moves_interval": list(r.moves_interval),
            "events": {e: {"games": r.tally.event_games[e], "times": r.tally.event_counts[e]} for e in r.game.EVENTS},
            "clauses": {c: {"games": r.tally.clause_games[c], "times": r.tally.clause_counts[c]}
                        for c in r.game.CLAUSES},
        })
    return {"reports": out, "comparison": [
        {"label": row.label, "values": list(row.values), "p_values": list(row.p_values), "test": row.test}
        for row in rows(reports)] if len(reports) > 1 else []}


def to_csv(reports: Sequence[Report], labels: Sequence[str]) -> str:
    """The rows as CSV: one line per quantity, one column per report, then p-values against the first."""
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["quantity", *labels, *(f"p ({lab} vs {labels[0]})" for lab in labels[1:]), "test"])
    for row in rows(reports):
        w.writerow([row.label, *row.values, *(f"{p:.4g}" for p in row.p_values[1:]), row.test])
    for cid, title, share, per_game in clause_rows(reports[0]):
        w.writerow([f"clause {cid} ({title}): share of games", f"{share:.4f}", *([""] * (len(labels) - 1)),
                    *([""] * (len(labels) - 1)), "per game %.3f" % per_game])
    return buf.getvalue()


# --- what each rule does, cited or not ------------------------------------------------------------------------

RULE_USE_GAMES = 50  # games replayed to see which rules act (cited, deciding, or refusing a move a player could try)
PROBED_DECISIONS = 16  # decisions of a replayed game at which the moves a player could try are tried
PROBED_TRIES = 24  # moves tried at one decision, at most


def rule_use(game: Game, seed: int | str, bots: Sequence[str], games: int = RULE_USE_GAMES) -> tuple[int, Counter]:
    """``(games replayed, clause -> games it acted in)`` over the first ``games`` games of a simulation: a rule
    acts in a game when a step cites it, when it decides the result, when it deals the cards (the game's
    ``DEAL_CLAUSE``: every game is dealt), or when it refuses a move the player to move could try: a word of the
    game's moves (``draw``, ``show``) or a form of move seen in the game (a card played, a bridge) made with a card
    of that player's hand (at up to :data:`PROBED_DECISIONS` decisions of a game and :data:`PROBED_TRIES` moves a decision, evenly spread). So a rule that forbids (a player who can play must; no bridge without a card opposite)
    is counted though no move that is made cites it."""
    import re

    from .errors import GanjifaError

    kinds = (bots,) if isinstance(bots, str) else tuple(bots)
    acted: Counter = Counter()
    done = 0
    codes_re = None
    deal_clause = getattr(game, "DEAL_CLAUSE", None)
    words = tuple(getattr(game, "MOVES", ()) or ())
    game_seed = deriving(seed, "game")
    for g, final in enumerate(played(game, seed, kinds, 0, games)):
        done += 1
        used = set().union(*(r.clauses for r in final.history))
        used.add(final.result().clause)
        if deal_clause:
            used.add(deal_clause)
        state = game.new_game(game.deal(game_seed(g)))
        if codes_re is None:
            codes = sorted({str(c) for c in state.all_cards()}, key=len, reverse=True)
            codes_re = re.compile("|".join(map(re.escape, codes))) if codes else re.compile(r"(?!)")
        forms: set[str] = set()  # a move's text with its one card as {}; or a move that names no card

        def learn(text: str) -> None:
            found = codes_re.findall(text)
            if not found:
                forms.add(text)
            elif len(found) == 1:
                forms.add(codes_re.sub("{}", text.replace("{", "{{").replace("}", "}}")))

        for record in final.history[len(state.history):]:
            if record.player != CHANCE:
                learn(str(record.move))
        steps = final.history[len(state.history):]
        decisions = sum(1 for r in steps if r.player != CHANCE)
        every = -(-decisions // PROBED_DECISIONS) or 1  # at most PROBED_DECISIONS of a game's decisions, evenly spread
        decision = -1
        for record in steps:
            cp = state.current_player
            if cp != CHANCE:
                decision += 1
            if cp != CHANCE and decision % every == 0:
                legal = {str(m) for m in state.legal_moves()}
                for text in legal:
                    learn(text)
                hand = [str(c) for c in state.hands[cp]] if cp < len(state.hands) else []
                tries = set(words)
                for form in forms:
                    if "{}" not in form:
                        tries.add(form)
                    else:
                        tries.update(form.format(c) for c in hand)
                tries = sorted(tries - legal)
                step = -(-len(tries) // PROBED_TRIES) or 1  # at most PROBED_TRIES of them, evenly spread
                for text in tries[::step]:
                    try:
                        state.check(game.parse_move(text))
                    except GanjifaError as err:
                        clause = getattr(err, "clause", None)
                        if clause:
                            used.add(clause)
                    except Exception:  # noqa: BLE001 - a form this position cannot even read: nothing refused
                        pass
            state.apply(record.move)
        acted.update(used & set(game.CLAUSES))
    return done, acted
