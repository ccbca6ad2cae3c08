"""Evaluation benchmark: evaluations per second and Schwer's midgame depth.

    .venv/bin/python benchmarks/evaluation.py [--positions 500] [--depth-positions 30]

Evaluations per second of the trained pattern evaluation (``trained.evaluate``)
and of the hand-written one (``evaluate.evaluate``) over the same fixed midgame
positions (20–40 random plies, seed 2009), best of three, in CPU time; then
the depth that Schwer's midgame search completes in 0.5 s of CPU time
(``time.process_time``, so other load on the machine does not shorten it) with
each, over positions after 10–40 random plies (seed 18).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from reversi.ai.evaluate import evaluate as handwritten
from reversi.ai.search import Search
from reversi.ai.trained import evaluate as trained
from reversi.engine import Board


def positions(count: int, seed: int, plies: range) -> list[Board]:
    rng = random.Random(seed)
    boards: list[Board] = []
    while len(boards) < count:
        board = Board()
        for _ in range(rng.choice(plies)):
            if board.is_game_over():
                break
            board.push(rng.choice(list(board.legal_moves)))
        if not board.is_game_over():
            boards.append(board)
    return boards


def rate(evaluation: object, pairs: list[tuple[int, int]]) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for _ in range(10):
            for p, o in pairs:
                evaluation(p, o)  # type: ignore[operator]
        best = min(best, time.process_time() - start)
    return 10 * len(pairs) / best


def depths(
    boards: list[Board], sharp: bool, evaluation: Callable[[int, int], int], budget: float
) -> list[int]:
    found = []
    for board in boards:
        start = time.process_time()
        search = Search(evaluation, clock=time.process_time, stop_at=start + budget, sharp=sharp)
        found.append(search.iterate(board.player, board.opponent, 60).depth)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--depth-positions", type=int, default=30)
    parser.add_argument("--budget", type=float, default=0.5)
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, {time.strftime('%Y-%m-%d %H:%M')}")
    pairs = [(b.player, b.opponent) for b in positions(args.positions, 2009, range(20, 41))]
    for name, evaluation in (("trained", trained), ("hand-written", handwritten)):
        print(f"{name}: {rate(evaluation, pairs):,.0f} evaluations per CPU second", flush=True)
    boards = positions(args.depth_positions, 18, range(10, 41))
    for name, sharp, evaluation in (
        ("Schwer (trained, sharp)", True, trained),
        ("Schwer before (hand-written)", False, handwritten),
    ):
        found = depths(boards, sharp, evaluation, args.budget)
        print(
            f"{name}: depth in {args.budget} s CPU: median {statistics.median(found)}, "
            f"mean {statistics.fmean(found):.2f}, min {min(found)}, max {max(found)}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
