"""What the book asks of the engine: its examples computed and checked.

Golden transcripts, a worked game as a text file replayed and checked (``transcript.py``; the file format,
``transcript_text.py``), questions a player asks about a position (``questions.py``), a move told as a
choice before it is made (``choices.py``), what an example's sentences say about its cards (``claims.py``),
positions an example takes from play (``moments.py``), and a game's rules as its chapter numbers them
(``clause_numbers.py``).

May import: the contract (``engine/*.py``) and the players (``engine/players/``); no game by name, nothing
of ``engine/study/`` or ``engine/doors/``. ``tests/test_house.py`` holds the floors.
"""
