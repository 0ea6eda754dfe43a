"""The front doors: the ways a person comes into the engine.

The ``ganjifa`` command (``entry.py``, the console script; ``cli.py``, its arguments; ``cli_play.py`` and
``cli_simulate.py``, its commands), playing at the terminal (``terminal.py``, with ``typed_moves.py`` and
``saving.py``), the bridge a play page in the browser talks to (``web.py``), ``ganjifa check``
(``check.py``), ``ganjifa review`` (``review/``), ``ganjifa bench`` (``bench.py``), and output files
checked before a long run (``outputs.py``).

May import: every floor below (the contract, the games and their families, the pictures, the players, the
study, the examples); nothing below imports a door. A new command goes here: its arguments in ``cli.py``,
its work in a module of its own. ``tests/test_house.py`` holds the floors.
"""
