"""The two sides of a review: the base revision, checked out in a temporary git worktree, and the working tree.

Nothing of the user's is touched: the base is checked out with ``git worktree add --detach`` into a
temporary folder, which is removed (and pruned from the repository's list of worktrees) when the review
ends, however it ends. Each side's book and engine are read by that side's own code, in a process of its
own (:mod:`engine.doors.review.snapshot`, with the side's checkout first on ``PYTHONPATH``), which answers in JSON.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

from ...errors import OptionError

SNAPSHOT = Path(__file__).resolve().parent / "snapshot.py"
# the paths whose change can change what players read or play (anything else: no change for players)
RELEVANT = ("engine/", "rules/", "book/", "conf.py", "index.md", "pyproject.toml")
NOT_PLAY = ("engine/doors/review/",)  # the review itself: changing it changes neither the book nor the game


class ReviewError(OptionError):
    """What stops a review: an unknown revision, no git repository, a side that cannot be read."""


def git(root: Path, *args: str, check: bool = True) -> str:
    try:
        done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True)
    except FileNotFoundError:
        raise ReviewError("review needs git, which is not installed") from None
    if check and done.returncode != 0:
        raise ReviewError(f"git {' '.join(args)}: {done.stderr.strip().splitlines()[-1] if done.stderr.strip() else 'failed'}")
    return done.stdout


def repository(root: Path) -> Path:
    """The top folder of the git checkout holding ``root``."""
    done = subprocess.run(["git", "-C", str(root), "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    if done.returncode != 0:
        raise ReviewError(f"{root} is not in a git repository: review compares the working tree with a revision of it")
    return Path(done.stdout.strip())


def resolve(root: Path, base: str) -> str:
    """The commit ``base`` names (a branch, tag or commit), or a ReviewError of one line."""
    if not base or base.startswith("-"):
        raise ReviewError(f"{base!r} is not a revision")
    done = subprocess.run(["git", "-C", str(root), "rev-parse", "--verify", "--quiet", f"{base}^{{commit}}"],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise ReviewError(f"unknown revision {base!r}: name a branch, a tag or a commit of this repository")
    return done.stdout.strip()


def changed_files(root: Path, commit: str) -> list[str]:
    """The files of the working tree that differ from ``commit``: tracked files changed (committed since,
    staged or not) and files not yet tracked (those git ignores left out)."""
    tracked = git(root, "diff", "--name-only", "--no-renames", commit, "--").splitlines()
    untracked = git(root, "ls-files", "--others", "--exclude-standard").splitlines()
    return sorted(set(tracked) | set(untracked))


def relevant(paths: list[str]) -> list[str]:
    """The changed paths that can change the book or the game."""
    return [p for p in paths if p.startswith(RELEVANT) and not p.startswith(NOT_PLAY)]


@contextmanager
def base_checkout(root: Path, commit: str):
    """A temporary worktree of ``commit`` (detached), removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="ganjifa-review-"))
    tree = folder / "base"
    try:
        git(root, "worktree", "add", "--detach", "--quiet", str(tree), commit)
        yield tree
    finally:
        git(root, "worktree", "remove", "--force", str(tree), check=False)
        shutil.rmtree(folder, ignore_errors=True)
        git(root, "worktree", "prune", check=False)


def start(tree: Path, *args: str) -> tuple[subprocess.Popen, Path]:
    """Start :mod:`snapshot` in ``tree`` (its engine first on the path); its JSON goes to a temporary file."""
    fd, out = tempfile.mkstemp(prefix="ganjifa-review-", suffix=".json")
    os.close(fd)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(tree), *filter(None, [env.get("PYTHONPATH")])])
    env.pop("PYTHONSAFEPATH", None)
    code = ("import runpy, sys; sys.argv = ['snapshot', *sys.argv[1:]]; "
            f"runpy.run_path({str(SNAPSHOT)!r}, run_name='__main__')")
    proc = subprocess.Popen([sys.executable, "-c", code, *args, str(out)], cwd=str(tree), env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return proc, Path(out)


def finish(job: tuple[subprocess.Popen, Path], side: str) -> dict:
    proc, out = job
    try:
        _, err = proc.communicate()
        if proc.returncode != 0:
            last = [line for line in (err or "").strip().splitlines() if line.strip()][-1:] or ["it stopped"]
            raise ReviewError(f"the {side} side could not be read: {last[0]}")
        data = json.loads(out.read_text(encoding="utf-8"))
    finally:
        out.unlink(missing_ok=True)
    return data


def content_key(tree: Path, *args: str) -> str:
    """A hash of everything a side's reading is made from: the content of every file of ``tree`` that can change
    the book or the game (tracked or not; those git ignores left out), the reader itself, its arguments and the
    Python that runs it. The same key: the same reading."""
    listed = git(tree, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", *RELEVANT).split("\0")
    h = hashlib.sha256()
    for part in (sys.version, SNAPSHOT.read_bytes().decode("utf-8"), *args):
        h.update(part.encode() + b"\0")
    for rel in sorted(set(filter(None, listed))):
        path = tree / rel
        if path.is_file() and not rel.startswith(NOT_PLAY):
            h.update(rel.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()[:32]


def both(trees: dict[str, Path], *args: str, cache: Path | None = None) -> dict[str, dict]:
    """Run the snapshot with ``args`` in each side's tree at once (one process each), and read their JSON. With
    ``cache`` (a folder), a side read before from the same content (:func:`content_key`) is not read again."""
    found, keys = {}, {}
    if cache is not None:
        for side, tree in trees.items():
            keys[side] = content_key(Path(tree), *args)
            kept = cache / f"{keys[side]}.json"
            if kept.is_file():
                try:
                    data = json.loads(kept.read_text(encoding="utf-8"))
                    data["engine"] = str(Path(tree) / data["engine"])  # kept relative to its tree
                    found[side] = data
                except (OSError, ValueError):
                    pass
    jobs = {side: start(tree, *args) for side, tree in trees.items() if side not in found}
    try:
        read = {side: finish(job, side) for side, job in jobs.items()}
    except BaseException:
        for proc, out in jobs.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            out.unlink(missing_ok=True)
        raise
    if cache is not None:
        for side, data in read.items():
            engine = Path(data["engine"]).resolve()
            if engine.is_relative_to(Path(trees[side]).resolve()):  # else the caller refuses it: keep nothing
                try:
                    cache.mkdir(parents=True, exist_ok=True)
                    kept = {**data, "engine": engine.relative_to(Path(trees[side]).resolve()).as_posix()}
                    tmp = cache / f"{keys[side]}.{os.getpid()}.tmp"
                    tmp.write_text(json.dumps(kept), encoding="utf-8")
                    tmp.replace(cache / f"{keys[side]}.json")
                except OSError:
                    pass
    return {side: found[side] if side in found else read[side] for side in trees}
