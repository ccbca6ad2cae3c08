"""WTHOR databases: the French Othello federation's game files.

A database is three kinds of little-endian binary files, each behind a 16-byte header:

* ``WTH_<year>.wtb`` — games, 68 bytes each: the tournament's and both players' numbers
  (2 bytes each), black's discs at the end with the empties given to the winner
  (1 byte), black's *theoretical* score, perfect play from ``depth`` empties (1 byte),
  and 60 moves of one byte, ``10 × row + column`` counted from 1 (``a1`` is 11, ``h8``
  88), ``0`` after the last one. Passes are not written: they follow from the rules.
* ``WTHOR.JOU`` — player names, 20 bytes each; ``WTHOR.TRN`` — tournament names, 26
  bytes each; NUL-padded ISO 8859-1.

The header: the date the file was made (century, year in it, month, day: 1 byte each),
the number of games (4 bytes), the number of names (2 bytes), the year of the games
(2 bytes), then for games the board size (0 or 8), the kind of games (0) and the
depth of the theoretical scores (1 byte each), and a spare byte.

>>> base = WthorBase(year=2026, games=[game_of(Board(moves="f5d6c3d3c4f4"), black=1, white=2)])
>>> data = write_wtb(base, made=(2026, 12, 1))
>>> len(data), read_wtb(data).games[0].transcript()
(84, 'f5d6c3d3c4f4')
>>> read_names(write_names(["Ada", "Bo"], JOU_WIDTH), JOU_WIDTH)
['Ada', 'Bo']
"""

from __future__ import annotations

import struct
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from reversi.engine.bitboard import Square
from reversi.engine.board import Board
from reversi.engine.color import BLACK
from reversi.engine.errors import NotationError, ReversiError
from reversi.engine.notation import write_transcript
from reversi.engine.outcome import Counting

HEADER = struct.Struct("<4BIHH4B")
GAME = struct.Struct("<3H2B60s")
JOU_WIDTH, TRN_WIDTH = 20, 26
NAME_ENCODING = "latin-1"


@dataclass(frozen=True)
class WthorGame:
    """One game of a ``.wtb`` file; ``black_score`` counts the empties to the winner."""

    tournament: int
    black: int
    white: int
    black_score: int
    theoretical: int
    moves: tuple[Square, ...]

    def transcript(self) -> str:
        return write_transcript(self.moves)

    def board(self) -> Board:
        """The game replayed, passes included; an illegal move raises NotationError."""
        board = Board()
        for number, sq in enumerate(self.moves, 1):
            try:
                board.push(sq)
            except ReversiError as error:
                raise NotationError(f"WTHOR game, move {number}: {error}") from None
        return board


#: a calendar day, (year, month, day): the day a file was made
Day = tuple[int, int, int]


@dataclass
class WthorBase:
    """The games of one ``.wtb`` file and what its header says of them."""

    year: int
    games: list[WthorGame] = field(default_factory=list)
    depth: int = 0
    made: Day | None = None


def _today() -> Day:
    now = time.localtime()
    return now.tm_year, now.tm_mon, now.tm_mday


def game_of(
    board: Board,
    *,
    black: int = 0,
    white: int = 0,
    tournament: int = 0,
    theoretical: int | None = None,
) -> WthorGame:
    """The WTHOR record of ``board``'s game (from the start position, finished or not:
    an unfinished game's score is black's discs now)."""
    if board.root().obf() != Board().obf():
        raise NotationError("WTHOR holds games from the start position only")
    moves = tuple(move.square for move in board.move_stack if move.square is not None)
    outcome = board.outcome(Counting.WINNER)
    score = outcome.score()[0] if outcome else board.count(BLACK)
    return WthorGame(
        tournament, black, white, score, score if theoretical is None else theoretical, moves
    )


def _square_byte(sq: Square) -> int:
    return 10 * (sq // 8 + 1) + sq % 8 + 1


def _byte_square(byte: int, number: int) -> Square:
    row, column = divmod(byte, 10)
    if not (1 <= row <= 8 and 1 <= column <= 8):
        raise NotationError(f"WTHOR move {number}: byte {byte} is no square (11…88)")
    return (row - 1) * 8 + column - 1


def _header(data: bytes, what: str) -> tuple[int, ...]:
    if len(data) < HEADER.size:
        raise NotationError(f"{what}: {len(data)} bytes, shorter than the 16-byte header")
    return HEADER.unpack_from(data)


def read_wtb(data: bytes) -> WthorBase:
    """The games of a ``.wtb`` file; a wrong size or a bad move byte raises NotationError
    (the moves' legality is checked by :meth:`WthorGame.board`)."""
    century, year, month, day, count, _, games_year, size, _, depth, _ = _header(data, "WTHOR")
    if size not in (0, 8):
        raise NotationError(f"WTHOR file of a {size}×{size} board: only 8×8 is Reversi here")
    if len(data) != HEADER.size + count * GAME.size:
        raise NotationError(
            f"WTHOR file of {len(data)} bytes: the header announces {count} "
            f"games, {HEADER.size + count * GAME.size} bytes"
        )
    made: Day | None = (
        (century * 100 + year, month, day) if 1 <= month <= 12 and 1 <= day <= 31 else None
    )
    games = []
    for index in range(count):
        tournament, black, white, score, theoretical, raw = GAME.unpack_from(
            data, HEADER.size + index * GAME.size
        )
        length = raw.find(0) if 0 in raw else 60
        if any(raw[length:]):
            raise NotationError(f"WTHOR game {index + 1}: a move after the end of the moves")
        moves = tuple(_byte_square(b, n) for n, b in enumerate(raw[:length], 1))
        if score > 64 or theoretical > 64:
            raise NotationError(f"WTHOR game {index + 1}: score {score}/{theoretical} over 64")
        games.append(WthorGame(tournament, black, white, score, theoretical, moves))
    return WthorBase(games_year, games, depth, made)


def write_wtb(base: WthorBase, made: Day | None = None) -> bytes:
    year, month, day = made or base.made or _today()
    head = HEADER.pack(
        year // 100, year % 100, month, day, len(base.games), 0, base.year, 8, 0, base.depth, 0
    )
    body = []
    for game in base.games:
        if len(game.moves) > 60:
            raise NotationError(f"a WTHOR game has at most 60 moves, not {len(game.moves)}")
        moves = bytes(_square_byte(sq) for sq in game.moves).ljust(60, b"\0")
        body.append(
            GAME.pack(
                game.tournament, game.black, game.white, game.black_score, game.theoretical, moves
            )
        )
    return head + b"".join(body)


def read_names(data: bytes, width: int) -> list[str]:
    """The names of a ``.jou`` (width 20) or ``.trn`` (width 26) file."""
    _, _, _, _, _, count, _, _, _, _, _ = _header(data, "WTHOR names")
    if len(data) != HEADER.size + count * width:
        raise NotationError(
            f"WTHOR names file of {len(data)} bytes: the header announces "
            f"{count} names of {width} bytes"
        )
    names = []
    for index in range(count):
        start = HEADER.size + index * width
        names.append(data[start : start + width].split(b"\0")[0].decode(NAME_ENCODING))
    return names


def write_names(names: Sequence[str], width: int, made: Day | None = None) -> bytes:
    year, month, day = made or _today()
    head = HEADER.pack(year // 100, year % 100, month, day, 0, len(names), 0, 0, 0, 0, 0)
    body = []
    for name in names:
        raw = name.encode(NAME_ENCODING, errors="replace")[: width - 1]  # NUL-terminated
        body.append(raw.ljust(width, b"\0"))
    return head + b"".join(body)


def players_of(games: Iterable[WthorGame], names: Sequence[str]) -> list[tuple[str, str]]:
    """Black's and white's names of each game (``?`` for a number not in ``names``)."""

    def name(number: int) -> str:
        return names[number] if 0 <= number < len(names) else "?"

    return [(name(g.black), name(g.white)) for g in games]


__all__ = [
    "JOU_WIDTH",
    "TRN_WIDTH",
    "WthorBase",
    "WthorGame",
    "game_of",
    "players_of",
    "read_names",
    "read_wtb",
    "write_names",
    "write_wtb",
]
