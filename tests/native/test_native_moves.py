"""The native core's moves, flips and perft against the Python engine's."""

from __future__ import annotations

import pytest

from reversi.engine.moves import flips, legal_moves
from reversi.engine.perft import perft_position
from tests.native.helpers import START, game_positions, native, random_positions


def test_legal_moves_and_flips_on_ten_thousand_positions() -> None:
    core = native()
    positions = game_positions(10_000, seed=11)
    passes = [(p, o) for p, o in positions if not legal_moves(p, o) and legal_moves(o, p)]
    ended = [(p, o) for p, o in positions if not legal_moves(p, o) and not legal_moves(o, p)]
    assert passes and ended
    for p, o in positions:
        assert core.moves(p, o) == legal_moves(p, o), f"{p:x} {o:x}"
        for sq in range(64):
            if not (p | o) >> sq & 1:
                assert core.flips(p, o, sq) == flips(p, o, sq), f"{p:x} {o:x} {sq}"


def test_flips_on_a_taken_square_or_off_the_board_are_none() -> None:
    core = native()
    p, o = 0x0000_0008_1000_0000, 0x0000_0010_0800_0000
    assert core.flips(p, o, 27) == 0
    assert core.flips(p, o, 64) == 0 and core.flips(p, o, -1) == 0


def test_perft_to_depth_four_from_200_positions() -> None:
    core = native()
    for p, o in random_positions(200, seed=12):
        for depth in range(5):
            assert core.perft(p, o, depth) == perft_position(p, o, depth), f"{p:x} {o:x} {depth}"


def test_perft_of_the_start_is_the_known_count() -> None:
    # Aart Bik, "Perft for Reversi" (2009): 8 plies from the start
    assert native().perft(0x0000_0008_1000_0000, 0x0000_0010_0800_0000, 8) == 390_216


@pytest.mark.slow
def test_perft_to_depth_six_from_200_positions() -> None:
    core = native()
    for p, o in random_positions(200, seed=13):
        assert core.perft(p, o, 6) == perft_position(p, o, 6), f"{p:x} {o:x}"


def test_perft_with_a_table_counts_as_plain_perft() -> None:
    # the table of counted positions (up to symmetry) changes the time, never the count;
    # passes and finished games among the positions
    core = native()
    for p, o in game_positions(300, seed=14)[::3]:
        for depth in (1, 4, 6):
            assert core.perft(p, o, depth, table=True) == core.perft(p, o, depth), f"{p:x} {o:x}"
    p, o = START
    for depth in range(10):
        assert core.perft(p, o, depth, table=True) == core.perft(p, o, depth)
