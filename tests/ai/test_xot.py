"""The XOT list (reversi/ai/xot.bin): at least 1,000 openings of eight legal moves
without a pass, no two alike under the eight symmetries, each within ±2 discs at the
stated depth (a sample searched again on the core), and a damaged file refused."""

from __future__ import annotations

import random
import zlib

import pytest

from reversi.ai.book import normalised
from reversi.ai.xot import (
    BALANCE,
    HEADER,
    MAGIC,
    PLIES,
    Opening,
    Openings,
    XotError,
    board_after,
    dump,
    load,
    parse,
)
from reversi.engine import BLACK
from tests.native.helpers import native
from tools.book.generate import value
from tools.xot.generate import random_opening


def test_the_list_holds_a_thousand_balanced_openings_of_eight_moves() -> None:
    openings = load()
    assert len(openings) >= 1000
    keys = set()
    for opening in openings.openings:
        board = board_after(opening.moves)
        assert len(board.move_stack) == PLIES and board.turn == BLACK
        assert abs(opening.value) <= BALANCE
        keys.add(normalised(board.player, board.opponent)[0])
    assert len(keys) == len(openings)  # no two alike under the eight symmetries


def test_a_sample_searched_again_gives_the_stored_values() -> None:
    core = native()
    openings = load()
    for opening in random.Random(30).sample(openings.openings, 12):
        board = board_after(opening.moves)
        assert value(core, board.player, board.opponent, openings.depth, keep=False) == (
            opening.value
        ), opening.moves


def test_the_list_survives_a_round_trip_and_finds_its_openings() -> None:
    openings = load()
    assert parse(dump(openings)) == openings
    first = openings.openings[0].moves
    assert openings.index(first) == 0
    assert openings.index("f5") is None
    assert openings.choose(random.Random(1)) in openings.openings


@pytest.mark.parametrize("moves", ["f5d6c3d3", "f5d6c3d3c4f4c5a1", "f5d6c3d3c4f4c5z9", "f5" * 8])
def test_an_opening_that_is_none_is_refused(moves: str) -> None:
    with pytest.raises(XotError):
        board_after(moves)


def test_a_damaged_file_is_refused() -> None:
    data = dump(Openings(10, (Opening("f5d6c3d3c4f4c5b3", 20),)))
    assert parse(data).openings[0].value == 20
    flipped = data[:-1] + bytes([data[-1] ^ 1])
    for bad in (b"", b"REVERSI-BOOK", data[:-1], flipped):
        with pytest.raises(XotError):
            parse(bad)
    beyond = (
        MAGIC
        + HEADER.pack(10, 1, zlib.crc32(b"\x40" * 8 + b"\x00\x00"))
        + b"\x40" * 8
        + b"\x00\x00"
    )
    with pytest.raises(XotError):
        parse(beyond)


def test_random_openings_are_eight_legal_moves_or_none() -> None:
    rng = random.Random(8)
    for _ in range(50):
        board = random_opening(rng)
        if board is not None:
            assert board_after(board.transcript()).obf() == board.obf()
