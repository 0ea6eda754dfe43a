"""The Sphinx extension of the rulebook: directives and nodes only, no game logic.

Each directive reads its options, asks the engine, and returns neutral nodes that
have one visitor per output format.
"""

from __future__ import annotations


def setup(app):
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
