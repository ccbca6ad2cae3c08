"""The C endgame solver of ``fastsolve.c``, built on first use and driven through a pipe.

    nice -n 10 .venv/bin/python -m tools.train.fastsolve 14 15 16 17 18

prints its CPU time and nodes per position on a sample of the training positions
at each number of empties given; in code:

    with FastSolver() as solver:
        score, nodes = solver.solve(p, o)
    solver.seconds  # the CPU time of all its solves

It gives the same scores as ``EndgameSolver(winner=True).score`` (tested) about
twenty times faster, which makes exact labels at 14–17 empties affordable for
tens of thousands of training positions. Training only: the game never uses it.
The binary is kept under ``data/`` by the hash of its source, so an edited
source is built again.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import shutil
import subprocess
import sys
from pathlib import Path
from types import TracebackType

from tools.train.generate import DATA, RECORD, chunks

SOURCE = Path(__file__).with_name("fastsolve.c")


class BuildError(RuntimeError):
    """No C compiler, or the source did not compile."""


def binary(folder: Path = DATA) -> Path:
    """The compiled solver, built with the system's C compiler if it is not there yet."""
    digest = hashlib.sha256(SOURCE.read_bytes()).hexdigest()[:12]
    target = folder / f"fastsolve-{digest}"
    if target.exists():
        return target
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        raise BuildError("fastsolve needs a C compiler (cc or gcc) on the PATH")
    folder.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".tmp")
    done = subprocess.run(
        [compiler, "-O2", "-o", str(tmp), str(SOURCE)], capture_output=True, text=True
    )
    if done.returncode:
        raise BuildError(f"{SOURCE.name} did not compile:\n{done.stderr}")
    tmp.replace(target)
    return target


class FastSolver:
    """One solver process; its transposition table carries over from one position to the next."""

    def __init__(self, folder: Path = DATA) -> None:
        self._process = subprocess.Popen(
            [str(binary(folder))],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.seconds = 0.0

    def solve(self, p: int, o: int) -> tuple[int, int]:
        """The exact score for the player to move (empties to the winner) and the nodes."""
        assert self._process.stdin is not None and self._process.stdout is not None
        self._process.stdin.write(f"{p:016x} {o:016x}\n")
        self._process.stdin.flush()
        answer = self._process.stdout.readline().split()
        if len(answer) != 3:
            error = self._process.stderr.read() if self._process.stderr else ""
            raise RuntimeError(f"fastsolve gave no answer for {p:016x} {o:016x}: {error.strip()}")
        self.seconds += float(answer[2])
        return int(answer[0]), int(answer[1])

    def close(self) -> None:
        if self._process.stdin:
            self._process.stdin.close()
        self._process.wait()
        for stream in (self._process.stdout, self._process.stderr):
            if stream:
                stream.close()

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
