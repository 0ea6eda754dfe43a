"""What a family of games shares, written once: the trick family (``tricks/``: Guru Ganjifa, Traditional
Ganjifa, Ekrang, Hamrang), the stakes family (``stakes/``: Komi, Nakash, Sama), a used-up stock's
reshuffle (``reshuffle.py``: Kendra Kari, Shakti) and the legal moves worked out once a position
(``movecache.py``: Udvasa, Shakti). A game folder stands on these; nothing here imports a game."""
