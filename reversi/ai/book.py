"""The opening book: values of the first moves from deep searches, beside the code.

The file ``opening_book.bin`` (written by ``tools/book``) holds positions of the
first plies of the game, each once for its eight symmetric images (normalised: the
image whose bitboards are smallest), with the value of every legal move for the side
to move (hundredths of a disc, a search of ``depth`` plies) and that depth. A header
names the format, the number of positions, the margin the book was grown with and
the CRC-32 of the uncompressed entries, which are compressed with zlib; a truncated
or altered file is refused with :class:`BookError`.

:meth:`Book.choose` picks among the near-best moves (within the book's margin of the
best, the moves the generator followed), seeded, so games differ but replay.
"""

from __future__ import annotations

import functools
import random
import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass

from reversi.ai.packaged import packaged
from reversi.engine.bitboard import Bitboard, Square, symmetries

MAGIC = b"REVERSI-BOOK\x00\x00\x00\x01"
HEADER = struct.Struct("<IHBBI")  # positions, margin, plies, width, CRC-32 of the entries
POSITION = struct.Struct("<QQBB")  # player, opponent, depth, number of moves
MOVE = struct.Struct("<Bh")  # square, value
FILE_NAME = "opening_book.bin"

#: Where each symmetry (in the order of :func:`symmetries`) sends each square.
SQUARE_IMAGES = tuple(
    tuple(symmetries(1 << sq)[k].bit_length() - 1 for sq in range(64)) for k in range(8)
)


class BookError(ValueError):
    """The book file is missing, damaged or of another format."""


@dataclass(frozen=True)
class BookMove:
    """A move of a book position and its value for the side to move (hundredths of a disc)."""

    square: Square
    value: int


@dataclass(frozen=True)
class BookEntry:
    """A book position: every legal move with its value, best first, from ``depth`` plies."""

    depth: int
    moves: tuple[BookMove, ...]

    def near_best(self, margin: int, width: int) -> tuple[BookMove, ...]:
        """The (at most ``width``) best moves within ``margin`` of the best."""
        return tuple(m for m in self.moves if m.value >= self.moves[0].value - margin)[:width]


Key = tuple[Bitboard, Bitboard]


def normalised(p: Bitboard, o: Bitboard) -> tuple[Key, int]:
    """The position's normal image and the symmetry that gives it."""
    images = zip(symmetries(p), symmetries(o), strict=True)
    key, k = min((image, k) for k, image in enumerate(images))
    return key, k


class Book:
    """Positions (normalised) with their entries, grown to ``plies`` plies along the
    (at most ``width``) moves within ``margin`` of the best."""

    def __init__(self, entries: dict[Key, BookEntry], margin: int, plies: int, width: int) -> None:
        self.entries = entries
        self.margin = margin
        self.plies = plies
        self.width = width

    def __len__(self) -> int:
        return len(self.entries)

    def add(self, p: Bitboard, o: Bitboard, entry: BookEntry) -> None:
        """Store the entry of a position given in any of its images."""
        key, k = normalised(p, o)
        image = SQUARE_IMAGES[k]
        moves = tuple(BookMove(image[m.square], m.value) for m in entry.moves)
        self.entries[key] = BookEntry(entry.depth, moves)

    def lookup(self, p: Bitboard, o: Bitboard) -> BookEntry | None:
        """The entry of the position (player ``p`` to move), its squares as on this
        board, or None when it is not in the book."""
        key, k = normalised(p, o)
        entry = self.entries.get(key)
        if entry is None:
            return None
        back = {image: sq for sq, image in enumerate(SQUARE_IMAGES[k])}
        moves = tuple(BookMove(back[m.square], m.value) for m in entry.moves)
        return BookEntry(entry.depth, moves)

    def choose(self, entry: BookEntry, seed: int | None = None) -> BookMove:
        """One of the entry's moves that the book follows (near the best), at random;
        the same for the same seed."""
        near = sorted(entry.near_best(self.margin, self.width), key=lambda m: m.square)
        return random.Random(seed).choice(near)


def dump(book: Book) -> bytes:
    """The file's bytes for a book (keys normalised)."""
    raw = b"".join(_packed(key, book.entries[key]) for key in sorted(book.entries))
    header = HEADER.pack(len(book), book.margin, book.plies, book.width, zlib.crc32(raw))
    return MAGIC + header + zlib.compress(raw, 9)


def _packed(key: Key, entry: BookEntry) -> bytes:
    parts = [POSITION.pack(*key, entry.depth, len(entry.moves))]
    parts += [MOVE.pack(m.square, m.value) for m in entry.moves]
    return b"".join(parts)


def parse(data: bytes, source: str = FILE_NAME) -> Book:
    """The book in a file's bytes; :class:`BookError` if it is not a sound one."""
    if not data.startswith(MAGIC):
        raise BookError(f"{source}: not an opening book of this version (wrong header)")
    try:
        count, margin, plies, width, crc = HEADER.unpack_from(data, len(MAGIC))
    except struct.error:
        raise BookError(f"{source}: truncated header") from None
    try:
        raw = zlib.decompress(data[len(MAGIC) + HEADER.size :])
    except zlib.error as error:
        raise BookError(f"{source}: damaged book ({error})") from None
    if zlib.crc32(raw) != crc:
        raise BookError(f"{source}: damaged book (checksum differs)")
    try:
        entries = dict(_entries(raw))
    except (struct.error, ValueError) as error:
        raise BookError(f"{source}: damaged book ({error})") from None
    if len(entries) != count:
        raise BookError(f"{source}: {len(entries)} positions where the header says {count}")
    return Book(entries, margin, plies, width)


def _entries(raw: bytes) -> Iterator[tuple[Key, BookEntry]]:
    at = 0
    while at < len(raw):
        p, o, depth, count = POSITION.unpack_from(raw, at)
        at += POSITION.size
        moves = [BookMove(sq, value) for sq, value in MOVE.iter_unpack(raw[at : at + count * 3])]
        at += count * MOVE.size
        if not moves or len(moves) != count or any(not 0 <= m.square < 64 for m in moves):
            raise ValueError(f"entry at byte {at} has no moves, is cut short or names no square")
        yield (p, o), BookEntry(depth, tuple(moves))


@functools.cache
def load() -> Book:
    """The book shipped with the package (also inside the browser's zip), read once."""
    return parse(packaged(FILE_NAME, BookError), FILE_NAME)
