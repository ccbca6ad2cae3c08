"""The opening book: sound entries, the values of its searches, symmetric lookup,
seeded variety, a damaged file refused, and Schwer and the analysis using it."""

from __future__ import annotations

import random
import struct
import zlib

import pytest

from reversi.ai import analyse, think
from reversi.ai.book import (
    HEADER,
    MAGIC,
    POSITION,
    SQUARE_IMAGES,
    Book,
    BookEntry,
    BookError,
    BookMove,
    Key,
    dump,
    load,
    normalised,
    parse,
)
from reversi.ai.native import Core
from reversi.engine import Board
from reversi.engine.bitboard import symmetries
from reversi.engine.moves import flips, legal_moves
from tests.native.helpers import native


def _squares(bits: int) -> set[int]:
    return {sq for sq in range(64) if bits >> sq & 1}


def _walk(book: Book) -> dict[Key, int]:
    """The positions reached from the start along the moves the book follows, with
    their ply."""
    start = Board()
    frontier = {normalised(start.player, start.opponent)[0]}
    reached: dict[Key, int] = {}
    for ply in range(book.plies):
        following = set()
        for key in frontier:
            reached.setdefault(key, ply)
            entry = book.entries.get(key)
            for move in entry.near_best(book.margin, book.width) if entry else ():
                np_, no = _child(*key, move.square)
                if not legal_moves(np_, no):
                    np_, no = no, np_
                following.add(normalised(np_, no)[0])
        frontier = following
    return reached


def _child(p: int, o: int, square: int) -> tuple[int, int]:
    """The position after the move, the opponent to move."""
    flipped = flips(p, o, square)
    return o ^ flipped, p | flipped | 1 << square


def test_the_shipped_book_is_sound() -> None:
    book = load()
    assert book.plies >= 10 and book.margin > 0 and book.width >= 2
    assert len(book) >= 80
    reached = _walk(book)
    for (p, o), entry in book.entries.items():
        assert normalised(p, o)[0] == (p, o)
        assert (p, o) in reached  # grown from the start
        assert {m.square for m in entry.moves} == _squares(legal_moves(p, o))
        values = [m.value for m in entry.moves]
        assert values == sorted(values, reverse=True)
        assert entry.depth >= 12
        assert 64 - (p | o).bit_count() == 60 - reached[(p, o)]


def test_every_stored_value_is_its_search_again() -> None:
    """A sample of positions: each move's child searched afresh at the stored depth
    minus one gives the stored value (the values of the moves followed lie within
    the margin of the best by construction)."""
    core = native()
    book = load()
    rng = random.Random(27)
    early = sorted(key for key in book.entries if (key[0] | key[1]).bit_count() <= 9)
    for p, o in rng.sample(early, 3):
        entry = book.entries[(p, o)]
        again = _values(core, p, o, entry.depth)
        assert again == {m.square: m.value for m in entry.moves}
        best = entry.moves[0].value
        assert all(best - book.margin <= m.value <= best for m in entry.near_best(book.margin, 9))


def _values(core: Core, p: int, o: int, depth: int) -> dict[int, int]:
    return {
        sq: -core.search(*_child(p, o, sq), depth - 1).score for sq in _squares(legal_moves(p, o))
    }


def test_a_position_is_found_in_each_of_its_images() -> None:
    book = load()
    board = Board(moves="f5d6c3")
    entry = book.lookup(board.player, board.opponent)
    assert entry is not None
    images = zip(symmetries(board.player), symmetries(board.opponent), strict=True)
    for k, (p, o) in enumerate(images):
        image = book.lookup(p, o)
        assert image is not None and image.depth == entry.depth
        assert {(SQUARE_IMAGES[k][m.square], m.value) for m in entry.moves} == {
            (m.square, m.value) for m in image.moves
        }
        assert {m.square for m in image.moves} == _squares(legal_moves(p, o))
    assert book.lookup(*_far_position()) is None


def _far_position() -> tuple[int, int]:
    board = Board()  # more plies than the book holds
    while len(board.move_stack) < 16:
        board.push(next(iter(board.legal_moves)))
    return board.player, board.opponent


def test_choose_varies_with_the_seed_and_repeats_for_one() -> None:
    book = load()
    entry = next(e for e in book.entries.values() if len(e.near_best(book.margin, book.width)) >= 2)
    near = {m.square for m in entry.near_best(book.margin, book.width)}
    chosen = {book.choose(entry, seed).square for seed in range(30)}
    assert chosen == near
    assert all(book.choose(entry, 5) == book.choose(entry, 5) for _ in range(3))


def _book_game(seed: int) -> str:
    """Schwer against itself while both play from the book."""
    board = Board()
    while True:
        decision = think(board, "schwer", seed=seed + len(board.move_stack), budget=0.01)
        if not decision.book:
            return board.transcript()
        board.push(decision.move)


def test_seeds_give_different_book_games_and_one_seed_the_same() -> None:
    games = {_book_game(seed) for seed in range(0, 600, 100)}
    assert len(games) >= 3
    assert _book_game(100) == _book_game(100)
    assert all(len(game) >= 2 * 10 for game in games)  # the book's plies, two letters a move


def test_schwer_plays_a_book_move_at_the_start() -> None:
    book = load()
    board = Board()
    for seed in range(8):
        decision = think(board, "schwer", seed=seed)
        entry = book.lookup(board.player, board.opponent)
        assert entry is not None and decision.book and decision.nodes == 0
        near = {m.square: m.value for m in entry.near_best(book.margin, book.width)}
        assert decision.move.square in near and decision.score == near[decision.move.square]
        assert decision.depth == entry.depth
    assert not think(board, "schwer", budget=0.05, book=False).book
    python = think(board, "schwer", budget=0.05, python_backend=True, book=False)
    assert not python.book and python.nodes > 0


def test_the_analysis_gives_the_book_values_in_the_book() -> None:
    board = Board(moves="f5d6")
    entry = load().lookup(board.player, board.opponent)
    assert entry is not None
    scores = analyse(board, 0.05)
    assert {sq: (s.score, s.depth, s.book) for sq, s in scores.items()} == {
        m.square: (m.value / 100, entry.depth, True) for m in entry.moves
    }
    searched = analyse(board, 0.05, book=False)
    assert set(searched) == set(scores) and not any(s.book for s in searched.values())


def _small_book() -> Book:
    board = Board()
    book = Book({}, 100, 2, 3)
    book.add(
        board.player,
        board.opponent,
        BookEntry(4, tuple(BookMove(sq, 0) for sq in (19, 26, 37, 44))),
    )
    return book


def test_a_book_is_read_back_as_written() -> None:
    book = _small_book()
    again = parse(dump(book))
    assert again.entries == book.entries
    assert (again.margin, again.plies, again.width) == (100, 2, 3)


def test_a_damaged_or_foreign_file_is_refused() -> None:
    data = dump(_small_book())
    at = len(MAGIC) + HEADER.size
    cases = {
        "wrong header": b"REVERSI-WEIGHTS\x01" + data[16:],
        "truncated header": data[: len(MAGIC) + 3],
        "damaged book": data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1 :],
    }
    raw = zlib.decompress(data[at:])
    count, margin, plies, width, crc = HEADER.unpack_from(data, len(MAGIC))
    header = HEADER.pack(count, margin, plies, width, crc ^ 1)
    cases["checksum differs"] = MAGIC + header + data[at:]
    cut = raw[:-3]
    header = HEADER.pack(count, margin, plies, width, zlib.crc32(cut))
    cases["damaged book (entry"] = MAGIC + header + zlib.compress(cut)
    empty = raw + POSITION.pack(1, 2, 12, 0)
    header = HEADER.pack(count + 1, margin, plies, width, zlib.crc32(empty))
    cases["has no moves"] = MAGIC + header + zlib.compress(empty)
    header = HEADER.pack(count + 1, margin, plies, width, zlib.crc32(raw))
    cases["where the header says"] = MAGIC + header + zlib.compress(raw)
    for message, damaged in cases.items():
        with pytest.raises(BookError, match=message.split(" (")[0]):
            parse(damaged, "test.bin")
    assert struct.calcsize("<IHBBI") == HEADER.size
