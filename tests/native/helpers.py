"""Random positions for the differential tests of the native core against the Python engine."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from reversi.ai.native import Core, core
from reversi.engine.moves import flips, legal_moves

START = (0x0000_0008_1000_0000, 0x0000_0010_0800_0000)


def native() -> Core:
    """The native core, or the test is skipped where the extension was not built."""
    found = core()
    if found is None:
        pytest.skip("reversi._native is not built here")
    return found


def random_positions(
    count: int, seed: int, empties: range = range(0, 61)
) -> Iterator[tuple[int, int]]:
    """``count`` positions of random games, side to move first, at a number of
    empties in ``empties``: passes (the side to move has no move) and finished games
    come as they occur."""
    rng = random.Random(seed)
    found = 0
    while True:
        p, o = START
        target = rng.choice(empties)
        while 64 - (p | o).bit_count() > target:
            moves = legal_moves(p, o)
            if not moves:
                if not legal_moves(o, p):
                    break
                p, o = o, p
                continue
            bits = [1 << sq for sq in range(64) if moves >> sq & 1]
            bit = rng.choice(bits)
            flipped = flips(p, o, bit.bit_length() - 1)
            p, o = o ^ flipped, p | flipped | bit
        yield p, o
        found += 1
        if found == count:
            return


def game_positions(count: int, seed: int) -> list[tuple[int, int]]:
    """``count`` positions along random games, every one of each game: the side to
    move first, positions where it must pass and the finished games included."""
    rng = random.Random(seed)
    found: list[tuple[int, int]] = []
    while len(found) < count:
        p, o = START
        while len(found) < count:
            found.append((p, o))
            moves = legal_moves(p, o)
            if not moves:
                if not legal_moves(o, p):
                    break
                p, o = o, p
                continue
            sq = rng.choice([s for s in range(64) if moves >> s & 1])
            flipped = flips(p, o, sq)
            p, o = o ^ flipped, p | flipped | 1 << sq
    return found
