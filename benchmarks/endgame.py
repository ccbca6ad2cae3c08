"""Endgame benchmark: exact solves of reproducible random positions and FFO tests.

    .venv/bin/python benchmarks/endgame.py            # 20 × 12 and 20 × 14 empties, FFO #40
    .venv/bin/python benchmarks/endgame.py --ffo 5    # FFO #40–#44 as well
    .venv/bin/python benchmarks/endgame.py --schwer   # Schwer's exact move at 12 empties
    .venv/bin/python benchmarks/endgame.py --order hand-written  # the older ordering

The positions come from random play from the start (``--seed``); a game that
ends before the wanted number of empties is skipped. Scores count the empties
for the winner, as the FFO suite does. The same file runs under Pyodide
(see ``benchmarks/pyodide/run.mjs``).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

from reversi.ai import Level, think
from reversi.ai.endgame import EndgameSolver
from reversi.ai.evaluate import evaluate as handwritten
from reversi.ai.search import Evaluation
from reversi.ai.solver import Solution
from reversi.ai.trained import evaluate as trained
from reversi.engine import Board, Counting, Move, parse_obf
from reversi.engine.moves import FLIPS_BY_BIT

#: ``--order``: the evaluation that orders the solver's moves far from the end.
ORDERINGS: dict[str, Evaluation] = {"trained": trained, "hand-written": handwritten}
ORDER: Evaluation = trained


def solve(board: Board, counting: Counting = Counting.WINNER) -> Solution:
    """``reversi.ai.solve`` with the ordering chosen by ``--order``."""
    start = time.perf_counter()
    solver = EndgameSolver(winner=counting is Counting.WINNER, evaluation=ORDER)
    p, o = board.player, board.opponent
    score, bits = solver.best_moves(p, o)
    moves = tuple(Move(bit.bit_length() - 1, FLIPS_BY_BIT[bit](p, o)) for bit in bits)
    return Solution(score, moves, solver.nodes, time.perf_counter() - start)


FFO = Path(__file__).resolve().parents[1] / "tests" / "data" / "ffo.txt"


def positions(count: int, empties: int, seed: int) -> list[Board]:
    rng = random.Random(seed * 100 + empties)
    boards: list[Board] = []
    while len(boards) < count:
        board = Board()
        while 64 - (board.black | board.white).bit_count() > empties and not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
        if 64 - (board.black | board.white).bit_count() == empties and not board.is_game_over():
            boards.append(board)
    return boards


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def report(label: str, seconds: list[float], cpu: list[float], nodes: list[int]) -> None:
    """Wall-clock figures, then the same for CPU time (robust on a shared machine)."""
    print(
        f"{label}: median {statistics.median(seconds):.3f} s, "
        f"p95 {percentile(seconds, 0.95):.3f} s, max {max(seconds):.3f} s, "
        f"mean {statistics.fmean(seconds):.3f} s; CPU median {statistics.median(cpu):.3f} s, "
        f"p95 {percentile(cpu, 0.95):.3f} s, max {max(cpu):.3f} s; "
        f"median nodes {statistics.median(nodes):,.0f}, all nodes {sum(nodes):,}",
        flush=True,
    )


def bench_solve(count: int, empties: int, seed: int) -> None:
    seconds, cpu, nodes = [], [], []
    for board in positions(count, empties, seed):
        start = time.process_time()
        solution = solve(board, Counting.WINNER)
        cpu.append(time.process_time() - start)
        seconds.append(solution.seconds)
        nodes.append(solution.nodes)
    report(f"{count} positions, {empties} empties, solve", seconds, cpu, nodes)


def bench_schwer(count: int, empties: int, seed: int) -> None:
    """Schwer's move with its time budget on the CPU clock: a busy machine slows the
    wall clock, never what Schwer gets done within its budget (so it always solves)."""
    seconds, cpu, nodes = [], [], []
    for board in positions(count, empties, seed):
        start = time.perf_counter()
        decision = think(board, Level.SCHWER, clock=time.process_time)
        seconds.append(time.perf_counter() - start)
        if not decision.exact:
            raise SystemExit(f"Schwer did not solve {board.obf()} within its CPU budget")
        cpu.append(decision.seconds)
        nodes.append(decision.nodes)
    report(f"{count} positions, {empties} empties, Schwer's exact move", seconds, cpu, nodes)


def bench_ffo(count: int, path: Path) -> None:
    for number, line in enumerate(path.read_text().splitlines()[:count], start=40):
        black, white, turn, annotation = parse_obf(line)
        published, moves = annotation.split()
        board = Board.from_position(black, white, turn)
        empties = 64 - (black | white).bit_count()
        start = time.process_time()
        solution = solve(board, Counting.WINNER)
        cpu = time.process_time() - start
        best = ",".join(sorted(str(m) for m in solution.best_moves))
        ok = solution.score == int(published) and set(best.split(",")) == set(moves.split(","))
        print(
            f"FFO #{number} ({empties} empties): {solution.score:+d} {best} "
            f"(published {published} {moves}) {'ok' if ok else 'WRONG'}, "
            f"{solution.seconds:.1f} s (CPU {cpu:.1f} s), {solution.nodes:,} nodes",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--empties", type=int, nargs="*", default=[12, 14])
    parser.add_argument("--ffo", type=int, default=1, help="FFO positions from #40 (0: none)")
    parser.add_argument("--ffo-file", type=Path, default=FFO)
    parser.add_argument("--schwer", action="store_true", help="time Schwer's exact play too")
    parser.add_argument(
        "--order",
        choices=sorted(ORDERINGS),
        default="trained",
        help="the evaluation that orders moves far from the end",
    )
    args = parser.parse_args(argv)
    global ORDER
    ORDER = ORDERINGS[args.order]
    print(
        f"Python {sys.version.split()[0]} on {sys.platform}, {time.strftime('%Y-%m-%d')}, "
        f"load average {' '.join(f'{load:.2f}' for load in os.getloadavg())}, "
        f"ordering by the {args.order} evaluation"
    )
    for empties in args.empties:
        bench_solve(args.count, empties, args.seed)
    if args.schwer:
        bench_schwer(args.count, 12, args.seed)
    if args.ffo and args.ffo_file.exists():
        bench_ffo(args.ffo, args.ffo_file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
