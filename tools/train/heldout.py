"""The held-out set: positions at 16–20 empties with their exact scores, never trained on.

    nice -n 10 .venv/bin/python -m tools.train.heldout --seed 9001 --count 100 --fast

The positions come from self-play games like the training games (see
``generate.py``) but with their own seed; each is solved exactly by the
project's solver (empties to the winner), or with ``--fast`` by the native core's solver
(``fastsolve.py``: the same scores). One line per position is appended
to ``--out`` (``p o empties score`` in hexadecimal and decimal), so a stopped
run continues where it left off.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from contextlib import ExitStack
from pathlib import Path

from reversi.ai.endgame import EndgameSolver
from reversi.ai.evaluate import evaluate
from reversi.ai.search import Search
from reversi.engine.moves import legal_moves
from tools.train.fastsolve import FastSolver
from tools.train.generate import DATA, play, random_move
from tools.train.progress import progress


def position(
    rng: random.Random, empties: int, random_plies: int, epsilon: float
) -> tuple[int, int] | None:
    """A position with ``empties`` empties and a legal move, or None if the game missed it."""
    p, o = 0x0000_0008_1000_0000, 0x0000_0010_0800_0000
    plies = rng.randint(0, random_plies)
    ply = 0
    while True:
        moves = legal_moves(p, o)
        if not moves:
            if not legal_moves(o, p):
                return None
            p, o = o, p
            continue
        n = 64 - (p | o).bit_count()
        if n == empties:
            return p, o
        if n < empties:
            return None
        if ply < plies or rng.random() < epsilon:
            bit = random_move(moves, rng)
        else:
            bit = Search(evaluate).iterate(p, o, 2).move
        p, o = play(p, o, bit)
        ply += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=9001)
    parser.add_argument("--count", type=int, default=40, help="positions per number of empties")
    parser.add_argument("--empties", type=int, nargs="*", default=[16, 17, 18, 19, 20])
    parser.add_argument("--out", type=Path, default=DATA / "heldout.txt")
    parser.add_argument(
        "--fast", action="store_true", help="solve with the native core (same scores)"
    )
    args = parser.parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    done = args.out.read_text().splitlines() if args.out.exists() else []
    start = time.process_time()
    index = 0
    with ExitStack() as stack:
        out = stack.enter_context(args.out.open("a"))
        fast = stack.enter_context(FastSolver()) if args.fast else None
        for _ in range(args.count):
            for empties in args.empties:
                index += 1
                if index <= len(done):
                    continue
                rng = random.Random(args.seed * 1_000_003 + index)
                found = None
                while found is None:
                    found = position(rng, empties, 16, 0.05)
                p, o = found
                score = fast.solve(p, o)[0] if fast else EndgameSolver(winner=True).score(p, o)
                out.write(f"{p:016x} {o:016x} {empties} {score}\n")
                out.flush()
                solved = f", solver CPU {fast.seconds:.0f} s" if fast else ""
                progress(f"{index}: {empties} empties, {score:+d}{solved}", start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
