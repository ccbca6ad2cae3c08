"""The native core against the Python engine, interleaved in one run, in CPU time.

    .venv/bin/python benchmarks/native.py                  # perft 10, 20 × 14 empties, FFO #40
    .venv/bin/python benchmarks/native.py --perft 10 --python-ffo   # Python's FFO #40 too
    .venv/bin/python benchmarks/native.py --values 11      # the analysis board's values
    .venv/bin/python benchmarks/native.py --against OLD.so # this core against another build
    .venv/bin/python benchmarks/native.py --exact-set --against OLD.so  # every move exact, nodes
    .venv/bin/python benchmarks/native.py --lose           # Uroma's LOSE search, native and Python

Prints, side by side: perft from the start (leaves and leaves per CPU second; plain
and with a table of the positions counted before, up to symmetry);
exact solves (empties to the winner) of the 20 fixed positions at 14 empties of
``benchmarks/endgame.py`` and of FFO #40 (Python's only with ``--python-ffo``: a
minute or more); Schwer's midgame depth in its 0.5 s (CPU clock) on 20 positions
of random games (native with and without Multi-ProbCut, and Python; ``--depth-only``:
only these). Each pair runs one after the other, so both see the same load; the
load average is printed first and last.

``--against`` loads another build of the extension (a copy of an older
``reversi/_native*.so``) and solves, one position right after the other with
each, the 20 positions at 14 empties, 10 at 18 empties and FFO #40 (every best
move, empties to the winner); with ``--values`` it runs the values on both.

``--exact-set [N]``: every legal move's exact value as the analysis board finds it (the
midgame depths up to :data:`reversi.ai.deepening.SOLVE_ONLY_AFTER` first, the tables
kept, then the solve) on the 20-empty position of ``benchmarks/analyse_values.py``, 6
positions at 20 empties and 10 at 18 (the first N of them): the solve's nodes (the
same under any load) and CPU time; with ``--against`` both builds side by side, their
values checked equal.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.endgame import FFO, positions
from reversi.ai import Level, levels, solve, think
from reversi.ai.native import Core, core
from reversi.ai.packaged import packaged
from reversi.ai.weights import FILE_NAME, WeightsError
from reversi.engine import Board, Counting, parse_obf
from reversi.engine.perft import perft_position

T = TypeVar("T")


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def cpu(work: Callable[[], T]) -> tuple[T, float]:
    start = time.process_time()
    result = work()
    return result, time.process_time() - start


def bench_perft(depth: int, python: bool) -> None:
    native = core()
    assert native is not None
    p, o = Board().player, Board().opponent
    leaves, seconds = cpu(lambda: native.perft(p, o, depth))
    seconds = max(seconds, 1e-6)
    print(
        f"perft({depth}) native: {leaves:,} leaves, {seconds:.2f} CPU s, "
        f"{int(leaves) / seconds / 1e6:.1f} M leaves/s",
        flush=True,
    )
    counted, fast = cpu(lambda: native.perft(p, o, depth, table=True))
    assert counted == leaves
    fast = max(fast, 1e-6)
    print(
        f"perft({depth}) native with a table of counted positions: {fast:.2f} CPU s, "
        f"{seconds / fast:.1f}× faster than plain",
        flush=True,
    )
    if python:
        theirs, slow = cpu(lambda: perft_position(p, o, depth))
        assert theirs == leaves
        print(
            f"perft({depth}) Python: {slow:.2f} CPU s, "
            f"{int(leaves) / slow / 1e6:.2f} M leaves/s; native {slow / seconds:.0f}× faster",
            flush=True,
        )


def bench_solves(count: int, seed: int) -> None:
    ours_cpu: list[float] = []
    theirs_cpu: list[float] = []
    ours_nodes: list[int] = []
    theirs_nodes: list[int] = []
    for board in positions(count, 14, seed):
        ours, seconds = cpu(partial(solve, board, Counting.WINNER))
        theirs, slow = cpu(partial(solve, board, Counting.WINNER, python_backend=True))
        assert ours.score == theirs.score and set(ours.best_moves) == set(theirs.best_moves)
        ours_cpu.append(seconds)
        theirs_cpu.append(slow)
        ours_nodes.append(ours.nodes)
        theirs_nodes.append(theirs.nodes)
    for name, times, nodes in (
        ("native", ours_cpu, ours_nodes),
        ("Python", theirs_cpu, theirs_nodes),
    ):
        print(
            f"{count} × 14 empties {name}: CPU total {sum(times):.3f} s, median "
            f"{statistics.median(times) * 1000:.1f} ms; nodes total {sum(nodes):,}, "
            f"median {statistics.median(nodes):,.0f}",
            flush=True,
        )
    print(
        f"  native/Python: CPU {sum(ours_cpu) / sum(theirs_cpu):.4f}, "
        f"nodes {sum(ours_nodes) / sum(theirs_nodes):.2f}",
        flush=True,
    )


def bench_ffo(python: bool) -> None:
    line = FFO.read_text().splitlines()[0]
    black, white, turn, annotation = parse_obf(line)
    board = Board.from_position(black, white, turn)
    published = annotation.split()[0]
    backends = [("native", False), ("Python", True)] if python else [("native", False)]
    for name, python_backend in backends:
        found, seconds = cpu(partial(solve, board, Counting.WINNER, python_backend=python_backend))
        best = ",".join(sorted(str(m) for m in found.best_moves))
        print(
            f"FFO #40 {name}: {found.score:+d} {best} (published {published}), "
            f"{seconds:.2f} CPU s, {found.nodes:,} nodes",
            flush=True,
        )


def bench_depth(count: int, seed: int) -> None:
    boards = [b for e in range(24, 44) for b in positions(1, e, seed)][:count]
    variants = (
        ("native", False, True),
        ("native without MPC", False, False),
        ("Python", True, False),
    )
    for name, python_backend, probcut in variants:
        depths, seconds = [], []
        levels.NATIVE_PROBCUT = probcut
        for board in boards:
            decision = think(
                board,
                Level.SCHWER,
                budget=0.5,
                clock=time.process_time,
                python_backend=python_backend,
            )
            depths.append(decision.depth)
            seconds.append(decision.seconds)
        levels.NATIVE_PROBCUT = True
        print(
            f"Schwer {name}, 0.5 CPU s, {count} positions at 24–43 empties: depth median "
            f"{statistics.median(depths)}, min {min(depths)}, max {max(depths)}; "
            f"CPU s a move max {max(seconds):.3f}",
            flush=True,
        )


def bench_lose(count: int, seed: int) -> None:
    """Uroma's moves (LOSE, depth 6, to the end from 10 empties, deepening one ply at a
    time, no deadline) on the core and in Python, one position right after the other:
    CPU time a move, the values checked equal."""
    from reversi.ai import legenden, native
    from reversi.ai.legenden_lose import LOSE_DISCS

    uroma = legenden.LEGENDEN[0]
    boards = [b for e in range(50, 7, -3) for b in positions(1, e, seed)][:count]
    totals = {"native": 0.0, "Python": 0.0}
    nodes = 0
    for board in boards:
        p, o = board.player, board.opponent
        found = {}
        for name, force in (("native", ""), ("Python", "1")):
            os.environ[native.FORCE_PYTHON] = force
            native.reset()
            core()  # the weights loaded before the clock starts
            found[name], seconds = cpu(
                partial(legenden._lose_values, p, o, uroma, math.inf, time.process_time)
            )
            totals[name] += seconds
        assert found["native"] == found["Python"], board
        os.environ.pop(native.FORCE_PYTHON)
        native.reset()
        engine = core()
        assert engine is not None
        empties = 64 - (p | o).bit_count()
        deepest = empties if empties <= uroma.exact else uroma.depth
        _, name, weight = legenden._lose_term(uroma)
        nodes += sum(
            engine.lose_values(p, o, d, name, weight, LOSE_DISCS)[0].nodes
            for d in range(1, deepest + 1)
        )
    n = len(boards)
    print(
        f"Uroma (LOSE, depth 6, exact 10) on {n} positions at 50–8 empties, the same values: "
        f"native {1000 * totals['native'] / n:.1f} CPU ms a move "
        f"({nodes / max(totals['native'], 1e-6) / 1e6:.1f} M nodes/s), "
        f"Python {1000 * totals['Python'] / n:.0f} CPU ms a move, "
        f"{totals['Python'] / max(totals['native'], 1e-6):.0f}x",
        flush=True,
    )


def other_build(path: str) -> Core:
    """The core of another build of ``reversi._native`` (its own tables and weights)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("baseline._native", path)
    assert spec is not None and spec.loader is not None
    module: ModuleType = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return Core(module, packaged(FILE_NAME, WeightsError))


def bench_against(other: Core, seed: int) -> None:
    """Exact solves with every best move, this core and ``other`` in turn."""
    native = core()
    assert native is not None
    line = FFO.read_text().splitlines()[0]
    black, white, turn, _ = parse_obf(line)
    sets = {
        "20 × 14 empties": positions(20, 14, seed),
        "10 × 18 empties": positions(10, 18, seed),
        "FFO #40": [Board.from_position(black, white, turn)],
    }
    for name, boards in sets.items():
        totals = {"this": [0.0, 0], "other": [0.0, 0]}
        for board in boards:
            found = {}
            for label, engine in (("this", native), ("other", other)):
                p, o = board.player, board.opponent
                solved, seconds = cpu(partial(engine.solve, p, o, every=True))
                found[label] = (solved.score, solved.best_moves)
                totals[label][0] += seconds
                totals[label][1] += solved.nodes
            assert found["this"] == found["other"], (board.obf(), found)
        (ours, our_nodes), (theirs, their_nodes) = totals["this"], totals["other"]
        print(
            f"{name}: this build {ours:.3f} CPU s, {int(our_nodes):,} nodes; other build "
            f"{theirs:.3f} CPU s, {int(their_nodes):,} nodes; this/other: CPU "
            f"{ours / theirs:.2f}, nodes {our_nodes / their_nodes:.2f}",
            flush=True,
        )


def bench_values(until: int, native: Core | None = None) -> None:
    """The analysis board's values (reversi.ai.deepening, as the worker deepens them) on
    the positions of benchmarks/analyse_values.py: the CPU time until every legal move
    has its value at each depth up to ``until``, and at 20 empties until every move is
    exact."""
    from benchmarks.analyse_values import POSITIONS
    from reversi.ai.deepening import Deepening

    native = native or core()
    assert native is not None
    for name, moves in POSITIONS.items():
        board = Board(moves=moves)
        values = Deepening(native, board.player, board.opponent)
        start = time.process_time()
        reached = []
        while values.depth < min(until, values.empties - 1):
            values.deepen(math.inf, time.process_time)
            reached.append(f"{values.depth}: {time.process_time() - start:.2f}")
        print(f"values, {name}: CPU s until every move has depth " + ", ".join(reached))
        if values.empties <= 20:
            _, solved = cpu(partial(values.solve, math.inf, time.process_time))
            print(f"values, {name}: every move exact after {solved:.2f} CPU s more", flush=True)


def exact_values(engine: Core, board: Board) -> tuple[dict[int, int], int, float]:
    """Every move's exact value after the midgame depths (as the worker solves them):
    the values, the solve's nodes and CPU seconds."""
    from reversi.ai.deepening import SOLVE_ONLY_AFTER

    p, o = board.player, board.opponent
    for depth in range(1, SOLVE_ONLY_AFTER + 1):
        engine.values(p, o, depth, keep=depth > 1)
    (found, values), seconds = cpu(partial(engine.values, p, o, 64 - (p | o).bit_count()))
    return values, found.nodes, seconds


def bench_exact_set(count: int, seed: int, other: Core | None) -> None:
    """Every move exact on the first ``count`` of a set of positions at 20 and 18
    empties, this core (and ``other``) in turn; per position and in all: nodes, CPU
    seconds, their ratios."""
    from benchmarks.analyse_values import POSITIONS

    engines = [engine for engine in (core(), other) if engine is not None]
    boards = [Board(moves=POSITIONS["20 leer"]), *positions(6, 20, seed), *positions(10, 18, seed)]
    boards = boards[:count]
    totals = [[0, 0.0] for _ in engines]
    ratios: list[float] = []
    for number, board in enumerate(boards):
        found = [exact_values(engine, board) for engine in engines]
        assert all(values == found[0][0] for values, _, _ in found), board.obf()
        for total, (_, nodes, seconds) in zip(totals, found, strict=True):
            total[0] += nodes
            total[1] += seconds
        if other is not None:
            ratios.append(found[0][1] / found[1][1])
        empties = 64 - (board.player | board.opponent).bit_count()
        print(
            f"{number:2d} ({empties} empties, {len(found[0][0])} moves): "
            + "; ".join(f"{nodes:,} nodes, {seconds:.2f} CPU s" for _, nodes, seconds in found),
            flush=True,
        )
    print(
        "every move exact, all: "
        + "; ".join(f"{int(nodes):,} nodes, {seconds:.2f} CPU s" for nodes, seconds in totals)
    )
    if ratios:
        print(
            f"  this/other: nodes {totals[0][0] / totals[1][0]:.3f} (per position geometric "
            f"mean {math.exp(statistics.fmean(map(math.log, ratios))):.3f}, worst "
            f"{max(ratios):.3f}), CPU {totals[0][1] / totals[1][1]:.3f}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--perft", type=int, default=10)
    parser.add_argument("--no-python-perft", action="store_true")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--python-ffo", action="store_true")
    parser.add_argument("--depth-only", action="store_true", help="only Schwer's depth")
    parser.add_argument(
        "--values", type=int, default=0, metavar="DEPTH",
        help="only the analysis board's values, up to DEPTH",
    )  # fmt: skip
    parser.add_argument(
        "--against", metavar="SO", help="another build of reversi._native to solve beside this one"
    )
    parser.add_argument(
        "--exact-set", type=int, nargs="?", const=17, default=0, metavar="N",
        help="only every move's exact value on the first N of 17 positions (with --against: "
        "both builds)",
    )  # fmt: skip
    parser.add_argument(
        "--lose", type=int, nargs="?", const=15, default=0, metavar="N",
        help="only Uroma's LOSE search on N positions, native and Python",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if core() is None:
        print("reversi._native is not built: nothing to compare")
        return 1
    print(f"Python {sys.version.split()[0]}, {time.strftime('%Y-%m-%d %H:%M')}, {load()}")
    if args.lose:
        bench_lose(args.lose, args.seed)
        print(load())
        return 0
    other = other_build(args.against) if args.against else None
    if args.exact_set:
        bench_exact_set(args.exact_set, args.seed, other)
        print(load())
        return 0
    if args.values:
        for label, engine in (("this build", core()), ("other build", other)):
            if engine is not None:
                print(label, flush=True)
                bench_values(args.values, engine)
        print(load())
        return 0
    if other is not None:
        bench_against(other, args.seed)
        print(load())
        return 0
    if not args.depth_only:
        bench_perft(args.perft, not args.no_python_perft)
        bench_solves(args.count, args.seed)
        bench_ffo(args.python_ffo)
    bench_depth(args.count, args.seed)
    print(load())
    return 0


if __name__ == "__main__":
    sys.exit(main())
