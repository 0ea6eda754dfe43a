"""The Ganjifa rules engine: cards, decks, notation, chance, and the games.

Pure Python with no Sphinx imports; the book calls into it.
"""

from .bots import HeuristicBot, RandomBot, make_bot
from .cards import Card, Suit, format_cards, parse_cards
from .decks import DASHAVATARA, DECKS, MUGHAL, NAQSH, Deck, Ranking, deck
from .errors import DealError, GameNotOverError, GanjifaError, IllegalMoveError, NotationError, OptionError
from .play import play_seeded, run, seat_bots
from .protocol import CHANCE, Deal, Game, Record, Result, State
from .registry import available_games, game_class, get_game
from .shuffle import Rng, derive, shuffled

__all__ = [
    "Card", "Suit", "format_cards", "parse_cards",
    "Deck", "Ranking", "MUGHAL", "DASHAVATARA", "NAQSH", "DECKS", "deck",
    "GanjifaError", "NotationError", "IllegalMoveError", "OptionError", "DealError", "GameNotOverError",
    "Deal", "Game", "State", "Record", "Result", "CHANCE",
    "get_game", "game_class", "available_games",
    "Rng", "shuffled", "derive",
    "RandomBot", "HeuristicBot", "make_bot", "run", "play_seeded", "seat_bots",
]
