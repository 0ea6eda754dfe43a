"""The study of many games: seeded simulations and what they measure.

Simulations (``simgames.py``: a simulation's games; ``simulate.py``: many games with statistics streamed;
``reports.py``: what a simulation measured; ``workers.py``: worker processes), their tables
(``simtables.py``), comparing variants on the same seeds (``compare.py``, ``verdict.py``), what each rule
does in play (``rule_use.py``), a change that changes nothing (``alike.py``), a designer's own measure
(``measures.py``), and instructions per game (``instructions.py``, against ``instructions_baseline.json``).

May import: the contract (``engine/*.py``) and the players (``engine/players/``); no game by name, nothing
of ``engine/examples/`` or ``engine/doors/``. A new statistic goes here (a column of ``simtables.py``, a
test in ``engine/stats.py``). ``tests/test_house.py`` holds the floors.
"""
