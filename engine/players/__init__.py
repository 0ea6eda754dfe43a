"""The players: bots that choose moves from their seat's view, seated at a table, and the one play loop.

The play loop (``loop.py``: seated players and chance take turns from a deal to the end of a game), seating
and seeded play (``play.py``), the random and careful players (``basic_bots.py``), the searching player
(``montecarlo.py``), players by name (``bots.py``), a match of several deals with a rotating dealer
(``match.py``), and what a seat may know at a step of play (``seen.py``).

May import: the contract (``engine/*.py``) and nothing else: no game by name, no floor above
(``engine/study/``, ``engine/examples/``, ``engine/doors/``). A new player goes here and is named in
``bots.py``. ``tests/test_house.py`` holds the floors.
"""
