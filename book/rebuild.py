"""Never fooled by a rebuild: a page that failed is read again by every build until it is fixed.

Sphinx reads again only the pages whose source changed, and keeps the others from its saved environment;
the errors of a page are given when it is read, so a page with a wrong example failed the first build and
passed the next (``make html`` reads everything afresh with ``-E``; a plain ``sphinx-build`` and ``make serve``
did not). Here a page whose doctree holds an error or a warning (a directive's error, e.g. an example whose
answer is not the engine's) is remembered as failed, and every later build reads it again (and fails again,
until it is fixed, when it is forgotten).
"""

from __future__ import annotations

from docutils import nodes
from docutils.transforms import Transform


def _failed(env) -> set:
    if not hasattr(env, "ganjifa_failed"):
        env.ganjifa_failed = set()
    return env.ganjifa_failed


class RememberFailures(Transform):
    """While a page is read, before Sphinx takes the messages out of its doctree (FilterSystemMessages,
    priority 999): a page holding a message of warning level or above (a directive's error, e.g. an example
    whose answer is not the engine's) is failed."""

    default_priority = 990

    def apply(self, **kwargs) -> None:
        env = getattr(self.document.settings, "env", None)
        if env is None:
            return
        if any(msg.get("level", 0) >= 2 for msg in self.document.findall(nodes.system_message)):
            _failed(env).add(env.docname)


def forget(app, env, docname) -> None:
    _failed(env).discard(docname)


def merge(app, env, docnames, other) -> None:
    _failed(env).update(d for d in _failed(other) if d in docnames)


def read_again(app, env, added, changed, removed) -> list[str]:
    return sorted(d for d in _failed(env) if d in env.found_docs and d not in changed and d not in added)


def setup(app) -> None:
    app.add_transform(RememberFailures)
    app.connect("env-purge-doc", forget)
    app.connect("env-merge-info", merge)
    app.connect("env-get-outdated", read_again)
