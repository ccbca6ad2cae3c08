"""Reading the files in tests/data."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"


def perft_counts() -> dict[int, int]:
    counts = {}
    for line in (DATA / "perft.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            depth, leaves = line.split()
            counts[int(depth)] = int(leaves)
    return counts


def ffo_lines() -> list[str]:
    """FFO #40–#79: ``BOARD SIDE SCORE MOVES`` (see tests/data/README.md)."""
    return (DATA / "ffo.txt").read_text().splitlines()
