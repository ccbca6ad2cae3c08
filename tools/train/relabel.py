"""Better labels for the generated positions: exact scores, or deeper searches.

    nice -n 10 .venv/bin/python -m tools.train.relabel exact --empties 18 22 --seed 21
    nice -n 10 .venv/bin/python -m tools.train.relabel depth10 --empties 23 30 --seed 21

A generated position is labelled with the result of the game it came from,
which below ``--exact`` empties is its exact score and above is the result of
3-ply play down to there: at 16–19 empties that is several discs from the
truth (docs/ai.md, "Training"). This second pass gives the positions of a range
of empties a label of their own, by the project's exact solver (``exact``) or,
further from the end, by Schwer's midgame search to a depth with the weights
fitted so far (``depthN``, N up to 30; the classical back-propagation, phase by
phase: the search's leaves lie in phases already fitted on better labels; a won
or lost game found by the search is labelled with its margin). A seed's
positions from its ``--exact`` empties on are exact already: give each seed a
range above that (``--seed``). Labels come from the native core where it is
built (its solver, ``fastsolve.py``, and its full-width midgame search: the same
scores as the Python ones, tested, far faster; ``--fast`` insists on it) and
from the Python solver and search with ``--python`` or without the core.

For each chunk ``games-S-K.bin`` it writes ``games-S-K.NAME.bin``: one signed
byte per record of the chunk, in order, the new label inside the range and
``generate.KEEP`` outside it. A file that exists is skipped, so a stopped run
continues; ``--every N`` takes every N-th chunk of each seed (``--every 2:1``
the odd ones: two processes share a seed). ``fit --labels NAME`` fits on them,
and passes over different ranges stack (``fit --labels exact --labels
depth4``). ``--pack`` keeps a name's label files in the repository
(``corpus/labels-NAME.bin.xz``: a line of JSON naming the chunks and their
sizes, then their bytes), and ``--unpack`` writes them back beside the chunks
that ``transcripts unpack`` restored.
"""

from __future__ import annotations

import argparse
import json
import lzma
import re
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

from reversi.ai.endgame import EndgameSolver
from reversi.ai.evaluate import WIN
from reversi.ai.native import core
from reversi.ai.search import Search
from reversi.ai.trained import evaluate
from tools.train.fastsolve import FastSolver
from tools.train.fit import read_heldout
from tools.train.generate import DATA, KEEP, RECORD, chunks, sidecar
from tools.train.progress import progress
from tools.train.transcripts import CORPUS, HELDOUT

#: ``exact`` or ``depthN``, and a suffix for another round with the same labeller
LABELLER = re.compile(r"(?:exact|depth([1-9]|[12][0-9]|30))(?:-[a-z0-9]+)?")


def labeller(name: str) -> tuple[str, int]:
    """``("exact", 0)`` or ``("depth", N)`` for a labeller's name (``depth4-r2``)."""
    found = LABELLER.fullmatch(name)
    if found is None:
        raise argparse.ArgumentTypeError(f"{name!r}: expected exact or depth1 … depth30")
    return ("depth", int(found[1])) if found[1] else ("exact", 0)


def every(text: str) -> tuple[int, int]:
    """``(N, K)`` for ``--every N`` or ``N:K``."""
    found = re.fullmatch(r"([1-9][0-9]*)(?::([0-9]+))?", text)
    if found is None or int(found[2] or 0) >= int(found[1]):
        raise argparse.ArgumentTypeError(f"{text!r}: expected N or N:K with K below N")
    return int(found[1]), int(found[2] or 0)


def discs(score: int) -> int:
    """A search's score in discs: a finished game's ±(WIN + 100 · margin) is its margin."""
    if abs(score) >= WIN // 2:
        margin = (abs(score) - WIN) // 100
        return margin if score > 0 else -margin
    return max(-64, min(64, round(score / 100)))


def label(p: int, o: int, kind: str, depth: int) -> int:
    """The position's value for the player to move, in discs (empties to the winner),
    by the Python solver or search."""
    if kind == "exact":
        return EndgameSolver(winner=True).score(p, o)
    return discs(Search(evaluate, sharp=True).iterate(p, o, depth).score)


def scorer(kind: str, depth: int, solver: FastSolver | None) -> Callable[[int, int], int]:
    """The labeller: on the core when ``solver`` (its exact solver) is given, else in Python.
    The core's search is full width (no Multi-ProbCut) with a fresh table for each position,
    as the Python search: the same values."""
    native = core() if solver is not None else None
    if native is None or solver is None:
        return lambda p, o: label(p, o, kind, depth)
    if kind == "exact":
        return lambda p, o: solver.solve(p, o)[0]
    return lambda p, o: discs(native.search(p, o, depth).score)


def relabel(chunk: bytes, wanted: set[int], score: Callable[[int, int], int]) -> bytes:
    """The labels of the chunk's positions with ``wanted`` empties, KEEP for the rest."""
    labels = bytearray()
    for p, o, _, empties in RECORD.iter_unpack(chunk):
        new = score(p, o) if empties in wanted else KEEP
        labels += new.to_bytes(1, "little", signed=True)
    return bytes(labels)


def check(heldout: Path, score: Callable[[int, int], int]) -> None:
    """Print the mean absolute error of the labeller against the exact scores."""
    errors: dict[int, list[int]] = {}
    start = time.process_time()
    for p, o, exact, n in read_heldout(heldout).tolist():
        errors.setdefault(n, []).append(abs(score(p, o) - exact))
    every = [error for found in errors.values() for error in found]
    for empties, found in sorted(errors.items()):
        print(f"{empties} empties ({len(found)}): {sum(found) / len(found):.2f} discs")
    progress(f"all {len(every)}: {sum(every) / len(every):.2f} discs", start)


def pack(data: Path, corpus: Path, name: str) -> Path:
    files = [sidecar(path, name) for path in chunks(data)]
    present = [path for path in files if path.exists()]
    index = [[path.name, path.stat().st_size] for path in present]
    blob = json.dumps(index).encode() + b"\n" + b"".join(path.read_bytes() for path in present)
    out = corpus / f"labels-{name}.bin.xz"
    out.write_bytes(lzma.compress(blob, preset=9))
    return out


def unpack(corpus: Path, data: Path, name: str) -> int:
    """Write a packed name's label files into ``data``; how many."""
    blob = lzma.decompress((corpus / f"labels-{name}.bin.xz").read_bytes())
    head, _, body = blob.partition(b"\n")
    offset = 0
    for file_name, size in json.loads(head):
        (data / file_name).write_bytes(body[offset : offset + size])
        offset += size
    return len(json.loads(head))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "name", help="exact, or depthN for a search of N plies; -SUFFIX names another round"
    )
    parser.add_argument("--empties", type=int, nargs=2, metavar=("LOW", "HIGH"))
    parser.add_argument(
        "--parity",
        choices=("odd", "even"),
        help="only the odd or even numbers of empties of the range (an odd-depth search "
        "from odd empties has its leaves at even ones)",
    )
    parser.add_argument("--pack", action="store_true", help="into corpus/, and stop")
    parser.add_argument("--unpack", action="store_true", help="from corpus/, and stop")
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument(
        "--check", action="store_true", help="the labeller's error on the held-out set, and stop"
    )
    parser.add_argument(
        "--every",
        type=every,
        default=(1, 0),
        metavar="N[:K]",
        help="the chunks numbered K modulo N of each seed (K 0 unless given)",
    )
    parser.add_argument("--seed", default="*", help="only the chunks of this seed")
    backend = parser.add_mutually_exclusive_group()
    backend.add_argument(
        "--fast", action="store_true", help="the native core, which must be built (the default)"
    )
    backend.add_argument("--python", action="store_true", help="the Python solver and search")
    parser.add_argument("--data", type=Path, default=DATA)
    args = parser.parse_args(argv)
    kind, depth = labeller(args.name)
    if args.pack:
        print(f"wrote {pack(args.data, args.corpus, args.name)}")
        return 0
    if args.unpack:
        print(f"{unpack(args.corpus, args.data, args.name)} label files written to {args.data}")
        return 0
    if args.empties is None and not args.check:
        parser.error("--empties LOW HIGH is needed to label")
    with ExitStack() as stack:
        on_core = args.fast or (not args.python and core() is not None)
        solver = stack.enter_context(FastSolver(args.data)) if on_core else None
        score = scorer(kind, depth, solver)

        if args.check:
            check(args.data / HELDOUT, score)
            return 0
        low, high = args.empties
        wanted = {n for n in range(low, high + 1) if args.parity in (None, ("even", "odd")[n % 2])}
        start = time.process_time()
        for path in chunks(args.data, args.seed):
            if int(path.stem.rsplit("-", 1)[1]) % args.every[0] != args.every[1]:
                continue
            out = sidecar(path, args.name)
            if out.exists():
                continue
            labels = relabel(path.read_bytes(), wanted, score)
            tmp = out.with_suffix(".tmp")
            tmp.write_bytes(labels)
            tmp.replace(out)
            solved = f", solver CPU {solver.seconds:.0f} s" if solver and kind == "exact" else ""
            progress(f"{out.name}: {len(labels)} labels{solved}", start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
