"""The C endgame solver of ``fastsolve.c``, built on first use and driven through a pipe.

    with FastSolver() as solver:
        score, nodes = solver.solve(p, o)
    solver.seconds  # the CPU time of all its solves

It gives the same scores as ``EndgameSolver(winner=True).score`` (tested) about
twenty times faster, which makes exact labels at 14–20 empties affordable for
tens of thousands of training positions. Training only: the game never uses it.
The binary is kept under ``data/`` by the hash of its source, so an edited
source is built again.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path
from types import TracebackType

from tools.train.generate import DATA

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
