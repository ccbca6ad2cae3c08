"""Fit Multi-ProbCut's statistics: deep search values against shallow ones.

    nice -n 10 .venv/bin/python -m tools.train.probcut --positions 120 --seed 77

For self-play positions (as in ``heldout.py``) at 20–50 empties, Schwer's
midgame search (trained evaluation, no ProbCut) is run with a full window to
depth ``d`` and to the shallow depth of the same parity (``shallow_depth``); a least-squares line
``deep ≈ slope · shallow + intercept`` and the standard deviation of its
residuals are printed per depth, as the table for ``reversi/ai/probcut.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys

from reversi.ai.search import INFINITY, Search
from reversi.ai.trained import evaluate
from tools.train.heldout import position


def shallow_depth(depth: int) -> int:
    """About half the depth and of the same parity: a search's values at odd and
    at even depths differ by several discs (who moved last), so a shallow search
    of the other parity predicts the deep one worse (3→1, 4→2, 5→3, 6→4, 7→3, 8→4)."""
    return depth - 2 * ((depth + 1) // 4)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--max-depth", type=int, default=7)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    pairs: dict[int, list[tuple[int, int]]] = {d: [] for d in range(3, args.max_depth + 1)}
    found = 0
    while found < args.positions:
        board = position(rng, rng.randint(20, 50), 16, 0.05)
        if board is None:
            continue
        p, o = board
        found += 1
        values = {}
        for depth in range(1, args.max_depth + 1):
            search = Search(evaluate, sharp=True)
            values[depth] = search.search(p, o, depth, -INFINITY, INFINITY)
        for depth in pairs:
            pairs[depth].append((values[shallow_depth(depth)], values[depth]))
        if found % 20 == 0:
            print(f"{found} positions", file=sys.stderr, flush=True)
    print("# depth: (shallow depth, slope, intercept, sigma), in hundredths of a disc")
    for depth, data in pairs.items():
        data = [(s, d) for s, d in data if abs(s) < 50_000 and abs(d) < 50_000]
        xs, ys = [s for s, _ in data], [d for _, d in data]
        slope, intercept = statistics.linear_regression(xs, ys)
        sigma = statistics.pstdev([y - (slope * x + intercept) for x, y in data])
        print(
            f"{depth}: ({shallow_depth(depth)}, {slope:.3f}, {intercept:.1f}, {sigma:.1f}),"
            f"  # {len(data)} positions"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
