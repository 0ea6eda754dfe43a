"""Worker processes for a simulation: the cores this process may use, and a pool of workers that leave Ctrl-C
to the command and are ended at once when it is interrupted."""

from __future__ import annotations

from contextlib import contextmanager


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one), at least one."""
    import os

    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@contextmanager
def worker_processes(workers: int):
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
        pool = multiprocessing.Pool(workers, initializer=worker_ignores_ctrl_c)
        if blocked:
            blocked = False
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # a Ctrl-C meanwhile arrives now
        yield pool
    except BaseException:  # Ctrl-C (or an error in a worker): stop every worker now
        if pool is not None:
            end_workers(pool)
        raise
    finally:
        if blocked:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    pool.close()
    pool.join()


STOP_SECONDS = 5.0  # how long the pool may take to end its workers before they are killed


def end_workers(pool, seconds: float = STOP_SECONDS) -> None:
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


def worker_ignores_ctrl_c() -> None:
    """A worker process ignores Ctrl-C (also where workers are not forked but started afresh)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
