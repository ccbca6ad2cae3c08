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


def random_game(rng: random.Random) -> Iterator[tuple[int, int]]:
    """Every position of one random game, side to move first: positions where it must
    pass come as they occur, and the last is the finished game."""
    p, o = START
    while True:
        yield p, o
        moves = legal_moves(p, o)
        if not moves:
            if not legal_moves(o, p):
                return
            p, o = o, p
            continue
        sq = rng.choice([s for s in range(64) if moves >> s & 1])
        flipped = flips(p, o, sq)
        p, o = o ^ flipped, p | flipped | 1 << sq


def empties_of(position: tuple[int, int]) -> int:
    return 64 - (position[0] | position[1]).bit_count()


def random_positions(
    count: int, seed: int, empties: range = range(0, 61)
) -> Iterator[tuple[int, int]]:
    """``count`` positions of random games, side to move first, at a number of
    empties in ``empties``: passes (the side to move has no move) and finished games
    come as they occur."""
    rng = random.Random(seed)
    for _ in range(count):
        target = rng.choice(empties)
        for position in random_game(rng):
            if empties_of(position) <= target:
                break
        yield position


def game_positions(count: int, seed: int) -> list[tuple[int, int]]:
    """``count`` positions along random games, every one of each game: the side to
    move first, positions where it must pass and the finished games included."""
    rng = random.Random(seed)
    found: list[tuple[int, int]] = []
    while len(found) < count:
        found.extend(random_game(rng))
    return found[:count]
