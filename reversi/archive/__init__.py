"""The archive: every finished game with its moves, kept to be replayed and analysed.

A :class:`~reversi.archive.record.GameRecord` is one shape for every game — a duel
(its id is the table code), a game from a device (owned by its player) or an imported
one (GGF, WTHOR). ``record.py`` builds and checks records with the engine,
``archive_queries.py`` keeps them in the store's ``games`` table, ``files.py`` reads game files.
"""

from reversi.archive.record import ArchiveError, GameRecord, board_of, ggf_of, record_of

__all__ = ["ArchiveError", "GameRecord", "board_of", "ggf_of", "record_of"]
