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

from collections import Counter
from itertools import chain
from operator import attrgetter, countOf
from typing import Sequence

from ..errors import GanjifaError
from ..protocol import CHANCE, Game
from .reports import Outcomes, Report, Tally
from .simgames import BLOCK, UNIT, game_print, played, stakes_game
from .workers import worker_processes

# named here too, as before: the report's tables, the tests, the rules' use, the intervals and the cores
from ..stats import two_proportion_p, welch_p, wilson  # noqa: E402,F401
from .rule_use import PROBED_DECISIONS, PROBED_TRIES, RULE_USE_GAMES, rule_use  # noqa: E402,F401
from .simtables import Row, clause_rows, event_words, figure, rows, to_csv, to_json  # noqa: E402,F401
from .workers import cores  # noqa: E402,F401


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
    squares: Counter = Counter()  # clause -> sum over games of (times cited in the game)^2
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
        in_game: Counter = Counter()
        for clauses, times in Counter(game_cited).items():
            for c in clauses:
                in_game[c] += times
        for c, times in in_game.items():
            squares[c] += times * times
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
    tally.clause_sq.update(squares)
    tally.event_counts.update(events)
    tally.event_games.update(event_games)
    return tally


def _play_range_kept(game: Game, seed: int | str, bots: tuple[str, ...], first: int, last: int):
    """:func:`_play_range` with each game's outcome kept (:class:`Outcomes`): the same tally, game by game."""
    from array import array

    from hashlib import blake2b

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


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`simulate`: ``report`` holds the games finished by then (whole chunks of seeded games,
    ``report.games`` of them, not always the first ones when several processes play), or None before any."""

    def __init__(self, report: "Report | None", asked: int):
        super().__init__()
        self.report, self.asked = report, asked


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

    try:
        if scheduler is not None:
            for part in _on_cluster(scheduler, game, seed, kinds, ranges, per_game):
                merge(part)
        elif workers <= 1 or len(ranges) <= 1:
            for a, b in ranges:
                merge(_play_range(game, seed, kinds, a, b, per_game))
        else:
            with worker_processes(workers) as pool:
                for part in pool.imap_unordered(_play_chunk, [(game, seed, kinds, a, b, per_game) for a, b in ranges]):
                    merge(part)
    except KeyboardInterrupt:  # the games finished so far are a report of their own, marked partial by the caller
        raise SimulationInterrupted(Report(game, kinds, seed, tally, _joined(game, kept) if per_game else None)
                                    if tally.games else None, games) from None
    return Report(game, kinds, seed, tally, _joined(game, kept) if per_game else None)


def _joined(game: Game, kept: dict) -> "Outcomes":
    """The chunks' outcomes, game by game, in the order of their first games."""
    outcomes = Outcomes(game.players)
    for first in sorted(kept):
        outcomes.extend(kept[first])
    return outcomes


def _play_chunk(job: tuple) -> Tally:
    return _play_range(*job)


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


