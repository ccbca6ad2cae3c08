"""Variants of the fit, for the phases of 16–23 empties only, and their held-out error.

    nice -n 5 .venv/bin/python -m tools.train.variants --labels exact --labels depth4-r3 \\
        --labels depth5-odd --labels exact-17 [--extra edge-block] [--fraction 0.5] [--width 2]

Each run fits the phases that hold 16–20 empties (16–19 and 20–23 with the
weight file's ``--width 4``) as ``fit.py`` does, on the positions within
``--overlap`` empties of each, and prints the validation error by number of
empties and the held-out error at 16–20 with its mean signed error. Nothing
is written: it answers what a change to the evaluation or its data would
give before the evaluation is changed (docs/ai.md, "Accuracy"). The extra
features are computed here only:

* ``edge-block``: the edge without its B and G squares, with C2–F2 (Edax's
  pattern that ``patterns.PATTERNS`` lacks), four images;
* ``mobility``: the player's and the opponent's number of moves as two tables
  (up to 24) beside the linear difference;
* ``potential``: empty squares next to the opponent's discs minus those next to
  the player's, linear; ``potential-tables`` both counts as tables (up to 31).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from reversi.ai.patterns import (
    PATTERNS,
    Pattern,
    Slots,
    _block,
    _sq,
    _transposed,
    canonical_positions,
)
from reversi.engine.moves import legal_moves
from tools.train.features import fold, states
from tools.train.fit import read_games, read_heldout, ridge
from tools.train.generate import DATA

EXTRAS = ("edge-block", "mobility", "potential", "potential-tables")


def _edge_block(row: int, inner: int) -> Slots:
    """The edge on ``row`` without its B and G squares, then C–F of ``inner``."""
    row_part = (_sq(0, row), *_block(range(2, 6), (row,)), _sq(7, row))
    return (*row_part, *_block(range(2, 6), (inner,)))


_EDGES = (_edge_block(0, 1), _edge_block(7, 6))
EDGE_BLOCK = Pattern("edge-block", _EDGES + tuple(_transposed(image) for image in _EDGES))

_NOT_A, _NOT_H = np.uint64(0xFEFE_FEFE_FEFE_FEFE), np.uint64(0x7F7F_7F7F_7F7F_7F7F)
_BYTE_COUNTS = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)


def _neighbours(discs: np.ndarray) -> np.ndarray:
    one, eight = np.uint64(1), np.uint64(8)
    row = discs | ((discs << one) & _NOT_A) | ((discs >> one) & _NOT_H)
    return np.asarray(row | (row << eight) | (row >> eight))


def _count(bits: np.ndarray) -> np.ndarray:
    total = np.zeros(len(bits), dtype=np.int64)
    for shift in range(0, 64, 8):
        total += _BYTE_COUNTS[((bits >> np.uint64(shift)) & np.uint64(0xFF)).astype(np.int64)]
    return total


class Features:
    """The design of a set of positions: table columns (patterns and extra tables)
    and the dense scalars, as in ``fit.Design`` plus the extras asked for."""

    def __init__(self, data: np.ndarray, extras: tuple[str, ...]) -> None:
        patterns = [*PATTERNS, *([EDGE_BLOCK] if "edge-block" in extras else [])]
        board = states(data["p"], data["o"])
        columns, offset = [], 0
        for pattern in patterns:
            folded = fold(pattern)
            for image in pattern.images:
                index = np.zeros(len(data), dtype=np.int64)
                for s, j in zip(image, canonical_positions(pattern, image), strict=True):
                    if s is not None and j is not None:
                        index += board[:, s].astype(np.int64) * 3**j
                columns.append(folded[index] + offset)
            offset += pattern.size
        p, o = data["p"].tolist(), data["o"].tolist()
        own = np.array([legal_moves(a, b).bit_count() for a, b in zip(p, o, strict=True)])
        theirs = np.array([legal_moves(b, a).bit_count() for a, b in zip(p, o, strict=True)])
        empty = ~(data["p"] | data["o"])
        near_theirs = _count(_neighbours(data["o"]) & empty)
        near_own = _count(_neighbours(data["p"]) & empty)
        parity = (data["empties"].astype(np.int64) & 1).astype(np.float64)
        scalars = [np.ones(len(data)), (own - theirs).astype(np.float64), parity]
        tables = []
        if "mobility" in extras:
            tables += [(np.minimum(own, 24), 25), (np.minimum(theirs, 24), 25)]
        if "potential" in extras:
            scalars.append((near_theirs - near_own).astype(np.float64))
        if "potential-tables" in extras:
            tables += [(np.minimum(near_theirs, 31), 32), (np.minimum(near_own, 31), 32)]
        for values, size in tables:
            columns.append(values.astype(np.int64) + offset)
            offset += size
        self.columns = np.stack(columns, axis=1)
        self.scalars = np.stack(scalars, axis=1)
        self.labels = data["label"].astype(np.float64)
        self.empties = data["empties"].astype(np.int64)
        self.unknowns = offset

    def values(self, rows: np.ndarray, table: np.ndarray, scalar: np.ndarray) -> np.ndarray:
        return np.asarray(table[self.columns[rows]].sum(axis=1) + self.scalars[rows] @ scalar)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--labels", action="append", default=[], metavar="NAME")
    parser.add_argument("--extra", action="append", default=[], choices=EXTRAS)
    parser.add_argument("--fraction", type=float, default=1.0, help="of the fitting positions")
    parser.add_argument("--width", type=int, default=4, help="empties per phase")
    parser.add_argument("--overlap", type=int, default=4)
    parser.add_argument("--strength", type=float, default=30.0)
    parser.add_argument("--iterations", type=int, default=150)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--heldout", type=Path, default=DATA / "heldout.txt")
    args = parser.parse_args(argv)
    start = time.process_time()
    extras = tuple(args.extra)
    phases = range(16 // args.width, 20 // args.width + 1)
    low = phases[0] * args.width - args.overlap
    high = (phases[-1] + 1) * args.width - 1 + args.overlap
    training, validation = read_games(args.data, 10, tuple(args.labels))
    training = training[(training["empties"] >= low) & (training["empties"] <= high)]
    if args.fraction < 1:
        keep = np.random.default_rng(3).random(len(training)) < args.fraction
        training = training[keep]
    fitting, checking = Features(training, extras), Features(validation, extras)
    heldout = Features(read_heldout(args.heldout), extras)
    print(f"{len(training):,} positions at {low}–{high} empties, extras {list(extras)}", flush=True)
    errors = np.full(len(heldout.labels), np.nan)
    for phase in phases:
        own = range(phase * args.width, (phase + 1) * args.width)
        rows = np.flatnonzero(
            (fitting.empties >= own[0] - args.overlap) & (fitting.empties <= own[-1] + args.overlap)
        )
        table, scalar = ridge(
            fitting.columns[rows],
            fitting.scalars[rows],
            fitting.labels[rows],
            fitting.unknowns,
            args.strength,
            args.iterations,
        )
        for n in own:
            mine = np.flatnonzero(checking.empties == n)
            if len(mine):
                error = np.abs(checking.values(mine, table, scalar) - checking.labels[mine]).mean()
                print(f"  validation at {n} empties ({len(mine):,}): {error:.2f} discs")
            mine = np.flatnonzero(heldout.empties == n)
            errors[mine] = heldout.values(mine, table, scalar) - heldout.labels[mine]
        print(f"phase {phase} fitted, CPU {time.process_time() - start:.0f} s", flush=True)
    by_empties = [
        (n, errors[heldout.empties == n]) for n in range(16, 21) if (heldout.empties == n).any()
    ]
    found = np.concatenate([e for _, e in by_empties])
    print(
        f"held-out at 16–20 empties ({len(found)}): {np.abs(found).mean():.2f} discs ("
        + " / ".join(f"{n}: {np.abs(e).mean():.2f}" for n, e in by_empties)
        + "; mean signed "
        + " / ".join(f"{e.mean():+.2f}" for _, e in by_empties)
        + ")"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
