"""The lock file: `make book` and `make test` install every package at the version and with the hashes
``requirements.lock`` names, so that a fresh clone next year builds the same book; pyproject.toml keeps its
ranges for people who install the package. `make lock` makes the lock again (pip-tools' pip-compile)."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements.lock"


def pins(text: str) -> dict[str, tuple[Requirement, list[str]]]:
    """name -> (its requirement line, its hashes), from a pip-compile lock file."""
    out: dict[str, tuple[Requirement, list[str]]] = {}
    current = None
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            current = Requirement(line.rstrip(" \\"))
            out[canonicalize_name(current.name)] = (current, [])
        elif current is not None and "--hash=" in line:
            out[canonicalize_name(current.name)][1].append(line.split("--hash=", 1)[1].rstrip(" \\"))
    return out


def wanted() -> list[Requirement]:
    """What pyproject.toml asks for: the dependencies and the dev extra that `make` installs."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [Requirement(r) for r in [*project["dependencies"], *project["optional-dependencies"]["dev"]]]


def test_pins_read_a_lock_file():
    text = "# made by\nsphinx==9.0.4 \\\n    --hash=sha256:ab \\\n    --hash=sha256:cd\n    # via x\nrich==15.0.0 \\\n    --hash=sha256:ef\n"
    got = pins(text)
    assert [str(r) for r, _ in got.values()] == ["sphinx==9.0.4", "rich==15.0.0"]
    assert got["sphinx"][1] == ["sha256:ab", "sha256:cd"]


def test_every_package_is_pinned_with_its_hashes():
    locked = pins(LOCK.read_text(encoding="utf-8"))
    assert len(locked) > 20
    for name, (req, hashes) in locked.items():
        spec = list(req.specifier)
        assert len(spec) == 1 and spec[0].operator == "==", f"{LOCK.name}: {req} is not pinned to one version"
        assert hashes and all(re.fullmatch(r"sha256:[0-9a-f]{64}", h) for h in hashes), \
            f"{LOCK.name}: {name} has no sha256 hash (pip --require-hashes refuses it)"


def test_the_lock_holds_what_pyproject_asks_within_its_ranges():
    locked = pins(LOCK.read_text(encoding="utf-8"))
    for req in wanted():
        name = canonicalize_name(req.name)
        assert name in locked, f"{LOCK.name} has no pin for {req.name} (pyproject.toml asks for it): run `make lock`"
        version = next(iter(locked[name][0].specifier)).version
        assert req.specifier.contains(version, prereleases=True), \
            f"{LOCK.name} pins {req.name}=={version}, outside pyproject.toml's {req}: run `make lock`"
        for extra in req.extras:  # dask[distributed]: what the extra brings is pinned too
            for sub in metadata.requires(req.name) or []:
                needed = Requirement(sub)
                if needed.marker is not None and needed.marker.evaluate({"extra": extra}) and \
                        not needed.marker.evaluate({"extra": ""}):
                    assert canonicalize_name(needed.name) in locked, f"{LOCK.name} has no pin for {needed.name}"


def test_the_environment_was_installed_from_the_lock():
    """What runs these tests is what the lock names: a package of another version means the environment was
    installed some other way (by hand, or from the ranges), and the book it builds may differ."""
    mismatched = []
    for name, (req, _) in pins(LOCK.read_text(encoding="utf-8")).items():
        if req.marker is not None and not req.marker.evaluate():
            continue
        version = next(iter(req.specifier)).version
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            mismatched.append(f"{name} not installed (locked {version})")
            continue
        if Version(installed) != Version(version):  # 2.007 is 2.7
            mismatched.append(f"{name} {installed} (locked {version})")
    if mismatched:
        pytest.fail("installed otherwise than requirements.lock says: " + "; ".join(mismatched)
                    + " (`make setup` installs from it)")
