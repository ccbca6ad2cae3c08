"""The exact solver of the engine's C core (``reversi._native``) for labelling training positions.

    nice -n 10 .venv/bin/python -m tools.train.fastsolve 14 15 16 17 18

prints its CPU time and nodes per position on a sample of the training positions
at each number of empties given; in code:

    with FastSolver() as solver:
        score, nodes = solver.solve(p, o)
    solver.seconds  # the CPU time of all its solves

It gives the same scores as ``EndgameSolver(winner=True).score`` (tested), which
makes exact labels at 14–20 empties affordable for tens of thousands of training
positions. The core's table carries over from one position to the next.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from types import TracebackType

from reversi.ai.native import Core, core
from tools.train.generate import DATA, RECORD, chunks


class BuildError(RuntimeError):
    """The native core is not built (no C compiler when the project was installed)."""


class FastSolver:
    """The native core's exact solver, timed in CPU seconds."""

    def __init__(self, folder: Path = DATA) -> None:
        found = core()
        if found is None:
            raise BuildError(
                "fastsolve needs the native core reversi._native (dev/setup builds it)"
            )
        self._core: Core = found
        self.seconds = 0.0

    def solve(self, p: int, o: int) -> tuple[int, int]:
        """The exact score for the player to move (empties to the winner) and the nodes."""
        if p & o:
            raise ValueError(f"{p:016x} {o:016x} is not a position: the sides overlap")
        began = time.process_time()
        found = self._core.solve(p, o, winner=True, keep=True)
        self.seconds += time.process_time() - began
        return found.score, found.nodes

    def close(self) -> None:
        pass

    def __enter__(self) -> FastSolver:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The C solver's cost on training positions.")
    parser.add_argument("empties", type=int, nargs="+")
    parser.add_argument("--sample", type=int, default=60, help="positions per number of empties")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--data", type=Path, default=DATA)
    args = parser.parse_args(argv)
    found: dict[int, list[tuple[int, int]]] = {n: [] for n in args.empties}
    for path in chunks(args.data):
        for p, o, _, empties in RECORD.iter_unpack(path.read_bytes()):
            if empties in found:
                found[empties].append((p, o))
    rng = random.Random(args.seed)
    with FastSolver(args.data) as solver:
        for empties, positions in found.items():
            if not positions:
                print(f"{empties} empties: no positions in {args.data}")
                continue
            sample = rng.sample(positions, min(args.sample, len(positions)))
            before, nodes = solver.seconds, 0
            for p, o in sample:
                nodes += solver.solve(p, o)[1]
            print(
                f"{empties} empties ({len(sample)} of {len(positions):,} positions): "
                f"{(solver.seconds - before) / len(sample):.3f} CPU s, "
                f"{nodes / len(sample) / 1e6:.2f} M nodes a position",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
