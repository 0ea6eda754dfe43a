"""``{what-you-need} sama``: the box that opens a chapter: players, cards, counters or stakes, the first
dealer, the direction of play, and a picture of the table as play starts.

Every fact comes from the game's contract (``engine/protocol.py``): the player range and the
``players`` option's default, the deck and the deal, ``EQUIPMENT``, ``first_dealer_words()``,
``direction_of_play()``, and for the picture ``SEAT_CARDS``, ``TABLE_LAYOUT`` and ``dealer_seat()``.
"""

from __future__ import annotations

from docutils import nodes

from engine.draw import table_svg

from ..printwords import CAST
from . import GanjifaDirective
from .game_facts import _number_words, also_allowed, deals, hands_dealt

DIRECTION_WORDS = {
    "anticlockwise": "anticlockwise: the next player is the one on your right",
    "clockwise": "clockwise: the next player is the one on your left",
}


def facts(game) -> list[tuple[str, str]]:
    """The box's lines, ``(heading, words)``, for a game definition at its defaults."""
    cls = type(game)
    low, high = cls.min_players, cls.max_players
    if low == high:
        players = _number_words(low)
    elif high == low + 1:
        players = f"{_number_words(low)} or {_number_words(high)}"
    else:
        players = f"{_number_words(low)} to {_number_words(high)}"
    also = [also_allowed(cls, _number_words)] if also_allowed(cls, _number_words) else []
    shows = [f"the picture shows {_number_words(game.players)}"] if low != high else []
    players += f" ({'; '.join(also + shows)})" if also or shows else ""
    deck = game.deck
    pack = "pack" if deck.name == "Naqsh" else "deck"  # the Naqsh pack, as its chapter and the decks chapter say
    dealt = deals(cls)
    if any(h for d in dealt.values() for h in d.hands):
        cards = f"the {deck.name} {pack}, {len(deck.cards)} cards; {hands_dealt(dealt, _number_words)}"
        cards += f", {game.DEAL_MORE}" if game.DEAL_MORE else ""
    else:  # nothing in hand: the cards are laid out (a patience), as the chapter's picture shows
        cards = f"the {deck.name} {pack}, {len(deck.cards)} cards, laid out on the table"
    lines = [
        ("Players", players),
        ("Cards", cards),
        ("Besides the cards", game.EQUIPMENT or "nothing"),
    ]
    if high > 1:  # a patience has no dealer to choose and no turn to pass on
        lines += [("First dealer", game.first_dealer_words()),
                  ("Play goes", DIRECTION_WORDS.get(game.direction_of_play(), game.direction_of_play()))]
    return lines


def table_key(game) -> str:
    """What the table picture draws for its sake rather than as it is (issue 41: a reader counted three cards
    in a hand of six, and took Kendra Kari's 2 of Shamsher for a card every game starts with)."""
    from engine.draw.cards import card_name

    words = ""
    for spot in game.TABLE_LAYOUT:
        pile = game.deal(0).pile(spot.pile) if spot.kind == "face-up" and spot.pile else ()
        if pile:  # the same example deal the picture draws (engine.draw.table)
            words += f" The {card_name(pile[0])} on {spot.label} is one deal's card: any card may turn up there."
    if "face-up" in game.SEAT_CARDS:
        words += " The cards face up before the players are one deal's: any cards may turn up there."
    return words


class WhatYouNeedDirective(GanjifaDirective):
    required_arguments = 1
    has_content = False
    option_spec = {}

    def run(self):
        self.note_engine()
        game = self.game(self.arguments[0])
        box = nodes.container(classes=["ganjifa-what-you-need"])
        title = nodes.paragraph(classes=["ganjifa-what-you-need-title"])
        title += nodes.strong(text="What you need")
        box += title
        lines = nodes.bullet_list(classes=["ganjifa-what-you-need-facts"])
        for heading, words in facts(game):
            item = nodes.list_item()
            para = nodes.paragraph()
            para += nodes.strong(text=f"{heading}: ")
            para += nodes.Text(words[:1].upper() + words[1:] + ".")
            item += para
            lines += item
        box += lines
        dealer = CAST[game.dealer_seat()]
        # Komi's bets come before the deal: its picture shows both, so it is not the table as play starts
        start = ("The table once the bets are made and the cards dealt" if "bet" in game.SEAT_CARDS
                 else "The table as play starts")
        # a hand is drawn as three backs whatever its size (a reader counted three in a hand of six)
        backs = "latticed backs (each hand drawn as three backs, whatever its size)" if "hand" in game.SEAT_CARDS else "latticed backs"
        caption = (f"{start}, with {dealer} dealing. Face-down cards show their {backs}; "
                   "the arrow shows which way play goes." if type(game).max_players > 1 else
                   "The table as play starts. Face-down cards show their latticed backs.")
        if type(game).max_players > 1:
            caption += table_key(game)
        if type(game).max_players > 1:
            picture = table_svg(game, CAST)
        else:  # a patience: the table is the layout it starts from, drawn as the game draws its positions
            from engine.draw import state_svg

            picture = state_svg(game.start(0), names=CAST[:1])
        box += self.figure(picture, caption, classes=["ganjifa-table-picture"])
        box += self.glance_link(game)
        return [box]

    @staticmethod
    def glance_link(game) -> nodes.paragraph:
        """A line pointing to the chapter's quick reference (a link on the site; in print the contents lists it)."""
        from .game_facts import quick_reference_id

        para = nodes.paragraph(classes=["ganjifa-glance-link"])
        para += nodes.Text("To keep at the table: ")
        para += nodes.reference("", f"{game.title} at a glance", refuri=f"#{quick_reference_id(game)}",
                                internal=True)
        para += nodes.Text(", near the end of this chapter.")  # a page, or two facing pages
        return para
