"""The XOT starts: balanced random 8-move openings (``xot.bin``, written by ``tools/xot``).

The file holds a header (the search depth, the number of openings and a CRC-32
of the rest), then per opening its eight squares (0 = a1 … 63 = h8; eight moves
from the start without a pass, so Black moves next) and its value for Black in
hundredths of a disc from a search of ``depth`` plies. No two openings reach the
same position under the eight symmetries.
"""

from __future__ import annotations

import random
import struct
import zlib
from dataclasses import dataclass
from functools import cache

from reversi.ai.packaged import packaged
from reversi.engine import BLACK, SQUARE_NAMES, Board, ReversiError
from reversi.engine.notation import parse_transcript

FILE_NAME = "xot.bin"
MAGIC = b"REVERSI-XOT\x00\x00\x00\x00\x01"
HEADER = struct.Struct("<BHI")  # depth, openings, CRC-32 of the openings
OPENING = struct.Struct("<8sh")  # squares, value
#: Moves of every opening.
PLIES = 8
#: The largest value an opening may have either way (hundredths of a disc).
BALANCE = 200


class XotError(ValueError):
    """The list is missing, damaged or holds an opening that is not one."""


@dataclass(frozen=True)
class Opening:
    """An opening: its eight moves (``f5d6…``) and its value for Black."""

    moves: str
    value: int


@dataclass(frozen=True)
class Openings:
    """The list and the search depth its values come from."""

    depth: int
    openings: tuple[Opening, ...]

    def __len__(self) -> int:
        return len(self.openings)

    def index(self, moves: str) -> int | None:
        """The position of an opening in the list, None for none of them."""
        return _indices(self).get(moves)

    def choose(self, rng: random.Random | None = None) -> Opening:
        return (rng or random).choice(self.openings)


@cache
def _indices(openings: Openings) -> dict[str, int]:
    return {o.moves: i for i, o in enumerate(openings.openings)}


def board_after(moves: str) -> Board:
    """The board after an opening's moves; :class:`XotError` unless they are eight
    legal moves without a pass, Black to move after them."""
    if len(moves) != 2 * PLIES:
        raise XotError(f"{moves!r}: not {PLIES} moves")
    try:
        board = Board(moves=moves)
    except ReversiError as error:
        raise XotError(f"{moves!r}: {error}") from None
    if len(board.move_stack) != PLIES or board.turn != BLACK or not board.legal_moves:
        raise XotError(f"{moves!r}: a pass in the opening")
    return board


def dump(openings: Openings) -> bytes:
    rest = b"".join(
        OPENING.pack(bytes(parse_transcript(o.moves)), o.value) for o in openings.openings
    )
    return MAGIC + HEADER.pack(openings.depth, len(openings), zlib.crc32(rest)) + rest


def parse(data: bytes, source: str = FILE_NAME) -> Openings:
    """The list of a file; :class:`XotError` when it is not one or damaged."""
    start = len(MAGIC) + HEADER.size
    if not data.startswith(MAGIC) or len(data) < start:
        raise XotError(f"{source}: not an XOT list")
    depth, count, crc = HEADER.unpack_from(data, len(MAGIC))
    rest = data[start:]
    if len(rest) != count * OPENING.size or zlib.crc32(rest) != crc:
        raise XotError(f"{source}: damaged (length or checksum wrong)")
    openings = []
    for squares, value in OPENING.iter_unpack(rest):
        if max(squares) > 63:
            raise XotError(f"{source}: a square beyond h8")
        openings.append(Opening("".join(SQUARE_NAMES[sq] for sq in squares), value))
    return Openings(depth, tuple(openings))


@cache
def load() -> Openings:
    """The package's list (also inside the browser's zip), read once and checked by its
    CRC; the tests check every opening."""
    return parse(packaged(FILE_NAME, XotError))
