"""The Sphinx extension of the rulebook: directives and nodes only, no game logic.

Each directive reads its options, asks the engine, and returns neutral nodes that
have one visitor per output format.
"""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"


def _add_static(app) -> None:
    if app.builder.format == "html" and str(STATIC) not in app.config.html_static_path:
        app.config.html_static_path.append(str(STATIC))


def setup(app):
    app.setup_extension("book.errors")  # a chapter that is not UTF-8 fails the build at its file and line
    app.setup_extension("book.leads")  # a sentence ending in a colon leads into what it promises
    from .directives.clause import ClauseDirective, RuleRole, link_clauses, cited_before_stated, merge, purge
    from .directives.deal import DealDirective
    from .directives.deck_table import DeckTableDirective
    from .directives import glossary, term_index
    from .directives.game_facts import GameFactsDirective, GamesForRole, QuickReferenceDirective
    from .directives.game_table import GameTableDirective
    from .directives.match_story import MatchStoryDirective
    from .directives.match_table import MatchTableDirective
    from .directives.position import PositionDirective
    from .directives.question import QuestionDirective
    from .directives.sim_figure import SimFigureRole
    from .directives.simulation import SimulationDirective
    from .directives.what_you_need import WhatYouNeedDirective
    from . import rebuild
    from .nodes import setup_nodes
    from .printwords import setup as check_print_words
    from .webfonts import copy_fonts

    setup_nodes(app)
    rebuild.setup(app)  # a page that failed is read again by every build until it is fixed (book/rebuild.py)
    # where computed figures are kept between builds (relative to the source folder): simulations (book/simcache.py)
    app.add_config_value("ganjifa_cache", "_build/cache", "env", types=[str])
    # the print shop's booklets, one per deck: key -> title, deck, file name, games (conf.py; book/booklets.py)
    app.add_config_value("ganjifa_booklets", {}, "html", types=[dict])
    app.add_directive("clause", ClauseDirective)
    app.add_directive("deal", DealDirective)
    app.add_directive("position", PositionDirective)
    app.add_directive("question", QuestionDirective)
    app.add_directive("game-facts", GameFactsDirective)
    app.add_role("games-for", GamesForRole())  # the games a number of players may play, by title
    app.add_directive("what-you-need", WhatYouNeedDirective)
    app.add_directive("quick-reference", QuickReferenceDirective)
    app.add_directive("deck-table", DeckTableDirective)
    app.add_directive("simulation", SimulationDirective)
    app.add_role("sim-figure", SimFigureRole())  # one simulated figure in words, in a sentence
    from .directives import sim_figure

    sim_figure.setup(app)  # ... which says who played, and one quantity counted once
    from .directives import sim_compare

    sim_compare.setup(app)  # a sentence that compares, made from its test; none typed
    app.add_role("define", glossary.DefineRole())
    app.add_role("rule", RuleRole())
    from .directives import variant

    variant.setup(app)  # a choice named by its one name in players' words ({variant}), never typed
    from .directives import ruling

    ruling.setup(app)  # a ruling cited by its title ({ruling}), a number never typed
    from .directives import site_address

    from .directives import promises, table_figure

    table_figure.setup(app)  # a figure of a game's table in a sentence ({table-figure}); none typed

    promises.setup(app)  # a sentence that promises a picture has it
    site_address.setup(app)  # the site's address, set once in conf.py, printed where print sends a reader there
    app.add_directive("glossary-index", glossary.GlossaryDirective)
    app.add_node(glossary.glossary_list)
    app.connect("doctree-read", glossary.collect)
    app.connect("env-purge-doc", glossary.purge)
    app.connect("env-merge-info", glossary.merge)
    app.connect("env-get-outdated", glossary.outdated)
    app.connect("doctree-resolved", glossary.resolve)
    app.add_role("mention", term_index.MentionRole())  # a mention the index of terms lists ({term} is Sphinx's)
    app.add_directive("term-index", term_index.TermIndexDirective)
    app.add_node(term_index.term_index_list)
    app.connect("doctree-read", term_index.collect)  # after glossary.collect: it reads the definitions
    app.connect("env-purge-doc", term_index.purge)
    app.connect("env-merge-info", term_index.merge)
    app.connect("env-get-outdated", term_index.outdated)
    app.connect("doctree-resolved", term_index.resolve)
    app.add_directive("game-table", GameTableDirective)
    app.add_directive("match-table", MatchTableDirective)
    app.add_directive("match-story", MatchStoryDirective)
    app.connect("doctree-resolved", link_clauses, priority=100)  # before every other handler, as a post-transform was
    app.connect("doctree-read", cited_before_stated)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    app.connect("builder-inited", _add_static)
    app.connect("build-finished", copy_fonts)
    check_print_words(app)  # words players never read: the print build warns at file and line
    app.add_css_file("book.css")
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 2}
