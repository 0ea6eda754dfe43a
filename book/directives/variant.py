"""``{variant}``: a game's choice named in prose by its one name in players' words, never typed.

An option and each of its choices have one name (``title`` and ``labels`` of
:func:`engine.options.option`; :meth:`engine.options.OptionInfo.label`), which the facts table, the
variants list and every sentence print. A chapter names a choice by its option text::

    In the variant {variant}`court-up=double`, a face-up Raja counts 24.      -> *double courts*
    {variant}`sama court-up=double`                                          (another chapter's game)

and the role prints the name in italics. As the first words of a paragraph or of a variants list's
term it is capitalised, and a term opens with the facts table's row: "Face-up courts: *double courts*". A choice's name typed by hand in italics, or its option text in prose (the
variant *pay-standing*), fails the build at its file and line (:func:`typed_names`): two wordings of one
choice cannot drift apart if only one is ever written.
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

from engine.errors import GanjifaError
from engine.options import option_text
from engine.registry import available_games, game_class
from ..nodes import ancestors as _ancestors

logger = logging.getLogger(__name__)


def game_of(docname: str) -> str | None:
    """The game a page is about: ``rules/sama`` and ``rules/designers/sama`` are Sama's; other pages none."""
    name = docname.rsplit("/", 1)[-1]
    return name if name in available_games() else None


def variant_name(game: str, text: str) -> tuple[str, str]:
    """``court-up=double`` of a game -> (the choice's name, the option's name), or GanjifaError saying why not."""
    key, eq, value = text.strip().partition("=")
    if not eq or not key or not value:
        raise GanjifaError(f"write the choice as its option text, key=value, e.g. court-up=double; not {text!r}")
    cls = game_class(game)
    infos = {info.name.replace("_", "-"): info for info in cls.options()}
    if key not in infos:
        raise GanjifaError(f"{cls.title} has no option {key!r}; its options are {', '.join(infos)}")
    info = infos[key]
    for choice in info.choices:
        if option_text(choice) == value:
            return info.label(choice), info.heading
    raise GanjifaError(f"{cls.title}: option {key} has no choice {value!r}; its choices are "
                       + ", ".join(option_text(c) for c in info.choices))


def option_name(game: str, key: str) -> str:
    """``hand-size`` of a game -> the option's one name ("Hand size"), or GanjifaError saying why not."""
    cls = game_class(game)
    infos = {info.name.replace("_", "-"): info for info in cls.options()}
    if key.strip() not in infos:
        raise GanjifaError(f"{cls.title} has no option {key.strip()!r}; its options are {', '.join(infos)}")
    return infos[key.strip()].heading


class VariantRole(SphinxRole):
    """``{variant}`court-up=double``` or ``{variant}`sama court-up=double```; as ``{option-name}`hand-size```, the
    option's own name ("hand size"), for a sentence or a variants list's term about the option as a whole."""

    def run(self):
        text = self.text.strip()
        game = game_of(self.env.docname)
        first, _, rest = text.partition(" ")
        if rest and first in available_games():
            game, text = first, rest
        try:
            if game is None:
                raise GanjifaError(f"this page is about no one game: name it first, as in {{{self.name}}}`sama ...`")
            if self.name == "option-name":
                heading = option_name(game, text)
                label = heading[:1].lower() + heading[1:]
            else:
                label, heading = variant_name(game, text)
        except GanjifaError as err:
            msg = self.inliner.reporter.error(f"{{{self.name}}}: {err}", line=self.lineno)
            return [self.inliner.problematic(self.rawtext, self.rawtext, msg)], [msg]
        node = nodes.emphasis(label, label, classes=["ganjifa-variant"])
        node["ganjifa_variant"] = heading if self.name == "variant" else ""
        self.set_source_info(node)
        return [node], []


SENTENCE_END = re.compile(r"[.!?:]\s*$")


def dress(app, doctree: nodes.document) -> None:
    """``doctree-read``: a variant that opens a paragraph, a sentence or a term is capitalised, and a
    variants list's term gets the option's name and the choice beside it, as the facts table says them."""
    for node in list(doctree.findall(nodes.emphasis)):
        heading = node.get("ganjifa_variant")
        if heading is None:
            continue
        parent = node.parent
        index = parent.index(node)
        before = parent[index - 1].astext() if index else ""
        text = node.astext()
        if heading and isinstance(parent, nodes.term) and len(parent.children) == 1:
            # the facts table's row, then its choice: "Run order: *traditional order*"; a choice named as its
            # row ("Wrap") once (readers took "*Wrap* (Wrap)" and "*Piles only* (An empty stock)" for a misprint)
            if text.lower() != heading.lower():
                parent.insert(0, nodes.Text(f"{heading}: "))
                continue
        if index == 0 or SENTENCE_END.search(before):
            node.children[:] = [nodes.Text(text[:1].upper() + text[1:])]


def _names(game: str) -> dict[str, str]:
    """Every way a choice of ``game`` may be typed by hand -> its option text: its name, and its own
    text where that cannot be an ordinary word (it has a hyphen)."""
    out = {}
    for info in game_class(game).options():
        key = info.name.replace("_", "-")
        if info.name != "players":  # the option itself: {option}`hand-size`
            for said in (info.heading.lower(), key.replace("-", " ")):
                out[said] = key
                out[re.sub(r"^(the|a|an) ", "", said)] = key
        for choice in info.choices:
            if choice == info.default:
                continue
            text = f"{key}={option_text(choice)}"
            label = info.label(choice).lower()
            if not label.isdigit():
                out[label] = text
                out[re.sub(r"^(the|a|an) ", "", label)] = text
            if not option_text(choice).isdigit():  # its own text: "*night*", "pay-standing"
                out[option_text(choice).lower()] = text
                out[option_text(choice).lower().replace("-", " ")] = text
    return out


def typed_names(app, doctree: nodes.document) -> None:
    """``doctree-read``: a choice's name typed in italics, or its hyphenated option text anywhere in the
    prose, warns at its file and line (with -W, fails the build), naming the role to write instead."""
    game = game_of(app.env.docname)
    if game is None:
        return
    names = _names(game)
    if not names:
        return
    codes = {option_text(c).lower() for info in game_class(game).options() for c in info.choices
             if c != info.default and "-" in option_text(c)}  # "pay-standing": option text, never a player's word
    bare = re.compile(r"\b(" + "|".join(re.escape(n) for n in sorted(codes, key=len, reverse=True)) + r")\b",
                      re.I) if codes else None
    for node in doctree.findall(nodes.emphasis):
        if node.get("ganjifa_variant") is not None:
            continue
        said = " ".join(node.astext().lower().replace("\u2019", "'").split())  # (smart quotes undone)
        said = re.sub(r"^(the|a|an) ", "", said)
        if said in names:
            _warn(node, node.astext(), names[said])
    if bare is None:
        return
    skip = (nodes.literal, nodes.literal_block, nodes.comment, nodes.raw, nodes.doctest_block)
    for text in doctree.findall(nodes.Text):
        parent = text.parent
        if isinstance(parent, (*skip, nodes.emphasis)):  # (typed in italics: told above)
            continue
        if any(isinstance(a, skip) for a in _ancestors(parent)):
            continue
        for found in bare.finditer(str(text)):
            _warn(parent, found.group(0), names[found.group(0).lower()])


def _warn(node: nodes.Node, said: str, text: str) -> None:
    where = node
    while where is not None and not where.line:
        where = where.parent
    role = "variant" if "=" in text else "option-name"
    logger.warning(f"a variant's or option's name typed by hand: {said!r}; write {{{role}}}`{text}`, which prints the "
                   f"one name the facts table uses", location=where or node, type="ganjifa", subtype="variant")


def setup(app) -> None:
    app.add_role("variant", VariantRole())
    app.add_role("option-name", VariantRole())  # ({option} is Sphinx's own)
    app.connect("doctree-read", typed_names)
    app.connect("doctree-read", dress)
