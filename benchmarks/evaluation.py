"""Evaluation benchmark: evaluations per second and Schwer's midgame depth.

    .venv/bin/python benchmarks/evaluation.py [--positions 500] [--depth-positions 30]
        [--fixed-depth 6 7]

Evaluations per second of the trained pattern evaluation (``trained.evaluate``)
and of the hand-written one (``evaluate.evaluate``) over the same fixed midgame
positions (20–40 random plies, seed 2009), best of three, in CPU time; then
the depth that Schwer's midgame search completes in 0.5 s of CPU time
(``time.process_time``, so other load on the machine does not shorten it) with
each, over positions after 10–40 random plies (seed 18); with ``--fixed-depth``
also the CPU time and nodes that each search needs to complete those depths
over the same positions, and how often its move differs from the plain search's.
The searches: Schwer's (trained, ``sharp``), the same with Multi-ProbCut
(``reversi.ai.probcut``), the plain alpha-beta with the trained evaluation, and
the classic Schwer's (hand-written, plain).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial

from reversi.ai.evaluate import evaluate as handwritten
from reversi.ai.probcut import TABLE
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


Searcher = Callable[..., Search]

PLAIN: tuple[str, Searcher] = ("plain alpha-beta (trained)", partial(Search, trained))
SEARCHES: tuple[tuple[str, Searcher], ...] = (
    ("Schwer (trained, sharp)", partial(Search, trained, sharp=True)),
    ("Schwer with ProbCut", partial(Search, trained, sharp=True, probcut=TABLE)),
    PLAIN,
    ("classic Schwer (hand-written)", partial(Search, handwritten)),
)


def depths(boards: list[Board], make: Searcher, budget: float) -> list[int]:
    found = []
    for board in boards:
        start = time.process_time()
        search = make(clock=time.process_time, stop_at=start + budget)
        found.append(search.iterate(board.player, board.opponent, 60).depth)
    return found


def fixed_depth(boards: list[Board], make: Searcher, depth: int) -> tuple[float, int, list[int]]:
    """CPU seconds and nodes to complete ``depth`` on every board, and the moves."""
    seconds, nodes, moves = 0.0, 0, []
    for board in boards:
        search = make()
        start = time.process_time()
        moves.append(search.iterate(board.player, board.opponent, depth).move)
        seconds += time.process_time() - start
        nodes += search.nodes
    return seconds, nodes, moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--depth-positions", type=int, default=30)
    parser.add_argument("--budget", type=float, default=0.5)
    parser.add_argument("--fixed-depth", type=int, nargs="*", default=[], metavar="DEPTH")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, {time.strftime('%Y-%m-%d %H:%M')}")
    pairs = [(b.player, b.opponent) for b in positions(args.positions, 2009, range(20, 41))]
    for name, evaluation in (("trained", trained), ("hand-written", handwritten)):
        print(f"{name}: {rate(evaluation, pairs):,.0f} evaluations per CPU second", flush=True)
    boards = positions(args.depth_positions, 18, range(10, 41))
    for name, make in SEARCHES:
        found = depths(boards, make, args.budget)
        print(
            f"{name}: depth in {args.budget} s CPU: median {statistics.median(found)}, "
            f"mean {statistics.fmean(found):.2f}, min {min(found)}, max {max(found)}",
            flush=True,
        )
    for depth in args.fixed_depth:
        _, _, plain = fixed_depth(boards, PLAIN[1], depth)
        for name, make in SEARCHES:
            seconds, nodes, moves = fixed_depth(boards, make, depth)
            other = sum(a != b for a, b in zip(moves, plain, strict=True))
            print(
                f"{name}: depth {depth} on {len(boards)} positions: {seconds:.2f} s CPU, "
                f"{nodes:,} nodes, another move than plain alpha-beta's in {other}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
