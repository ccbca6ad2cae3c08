"""Move generation speed: perft from the start and kernel calls per second.

    python benchmarks/movegen.py [--depth 9] [--repeat 3]

Times are CPU time of this process (time.process_time), so a busy shared machine
slows the figures little; the perft runs take turns as well. Prints leaves/s for
perft(depth) with and without bulk counting at the last ply, and legal_moves / flips
calls per second on a fixed set of midgame positions. If ``creversi`` (PyPI:
creversi-python) is importable, the same measurements run side by side with its kernels
and its Board API. Install it only in a benchmark environment, never as a dependency of
this project:

    python3 -m venv .venv-bench && .venv-bench/bin/pip install -e . creversi-python
    .venv-bench/bin/python benchmarks/movegen.py
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reversi.engine import Board, flips, legal_moves, perft
from reversi.engine.bitboard import Bitboard

Kernel = Callable[[Bitboard, Bitboard], Bitboard]
FlipKernel = Callable[[Bitboard, Bitboard, int], Bitboard]


def midgame_positions(count: int = 500, seed: int = 2009) -> list[tuple[Bitboard, Bitboard]]:
    """Side-to-move positions after 20–40 random plies, the same on every run."""
    rng = random.Random(seed)
    positions: list[tuple[Bitboard, Bitboard]] = []
    while len(positions) < count:
        board = Board()
        target = rng.randint(20, 40)
        while len(board.move_stack) < target and not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
        if not board.is_game_over():
            positions.append((board.player, board.opponent))
    return positions


def best_of(repeat: int, run: Callable[[], object]) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.process_time()
        result = run()
        times.append(time.process_time() - start)
    return min(times), result


def kernel_rates(
    moves_fn: Kernel, flips_fn: FlipKernel, positions: list[tuple[Bitboard, Bitboard]], repeat: int
) -> tuple[float, float]:
    cases = [(p, o, sq) for p, o in positions for sq in range(64) if legal_moves(p, o) >> sq & 1]
    rounds = 20

    def all_moves() -> None:
        for _ in range(rounds):
            for p, o in positions:
                moves_fn(p, o)

    def all_flips() -> None:
        for _ in range(rounds):
            for p, o, sq in cases:
                flips_fn(p, o, sq)

    moves_time, _ = best_of(repeat, all_moves)
    flips_time, _ = best_of(repeat, all_flips)
    return rounds * len(positions) / moves_time, rounds * len(cases) / flips_time


def perft_with(moves_fn: Kernel, flips_fn: FlipKernel, p: Bitboard, o: Bitboard, depth: int) -> int:
    """Bulk-counting perft written once, run with either library's kernels."""
    moves = moves_fn(p, o)
    if not moves:
        if depth > 1 and moves_fn(o, p):
            return perft_with(moves_fn, flips_fn, o, p, depth - 1)
        return 1
    if depth == 1:
        return moves.bit_count()
    nodes = 0
    while moves:
        bit = moves & -moves
        moves ^= bit
        flipped = flips_fn(p, o, bit.bit_length() - 1)
        nodes += perft_with(moves_fn, flips_fn, o ^ flipped, p | flipped | bit, depth - 1)
    return nodes


def creversi_board_perft(board: object, depth: int) -> int:
    """Bulk-counting perft through creversi's public Board API."""
    import creversi

    moves = list(board.legal_moves)  # type: ignore[attr-defined]
    if moves == [creversi.PASS]:
        if board.is_game_over():  # type: ignore[attr-defined]
            return 1
        if depth == 1:
            return 1
    elif depth == 1:
        return len(moves)
    nodes = 0
    for move in moves:
        child = board.copy()  # type: ignore[attr-defined]
        child.move(move)
        nodes += creversi_board_perft(child, depth - 1)
    return nodes


def report(name: str, seconds: float, leaves: int) -> None:
    rate = leaves / seconds
    print(f"  {name:<44} {leaves:>10,} leaves  {seconds:7.3f} s  {rate:>12,.0f} leaves/s")


def interleaved_best(
    repeat: int, runs: dict[str, Callable[[], int]]
) -> dict[str, tuple[float, int]]:
    """Best CPU time and result of each run; the runs take turns, so a slow spell of a
    shared machine falls on all of them alike."""
    best: dict[str, tuple[float, int]] = {}
    for _ in range(repeat):
        for name, run in runs.items():
            start = time.process_time()
            leaves = run()
            seconds = time.process_time() - start
            if name not in best or seconds < best[name][0]:
                best[name] = (seconds, leaves)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--depth", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    args = parser.parse_args()
    depth, repeat = args.depth, args.repeat

    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.machine()}, best CPU time of {repeat}, load average "
        f"{' '.join(f'{load:.2f}' for load in os.getloadavg())}"
    )
    start = Board()
    p, o = start.player, start.opponent
    runs: dict[str, Callable[[], int]] = {
        "reversi, bulk counting at the last ply": lambda: perft(start, depth),
        "reversi, every leaf played": lambda: perft(start, depth, bulk=False),
        "reversi kernels in the same perft loop": lambda: perft_with(
            legal_moves, flips, p, o, depth
        ),
    }
    try:
        import creversi
        from creversi import _bitboard as cb
    except ImportError:
        creversi = None
    else:
        runs["creversi kernels in the same perft loop"] = lambda: perft_with(
            cb.mobility, cb.flip, p, o, depth
        )
        runs["creversi Board API"] = lambda: creversi_board_perft(creversi.Board(), depth)

    print(f"perft({depth}) from the start position, the runs taking turns")
    best = interleaved_best(repeat, runs)
    for name, (seconds, leaves) in best.items():
        report(name, seconds, leaves)
    if len({leaves for _, leaves in best.values()}) != 1:
        raise SystemExit("the perft runs disagree on the number of leaves")

    positions = midgame_positions()
    ours_rates = kernel_rates(legal_moves, flips, positions, repeat)
    print(f"kernels on {len(positions)} midgame positions (20–40 plies)")
    print(
        f"  reversi   legal_moves {ours_rates[0]:>12,.0f} calls/s   "
        f"flips {ours_rates[1]:>12,.0f} calls/s"
    )
    if creversi is None:
        print("creversi is not installed here: no side-by-side figures (see the docstring)")
        return

    from importlib.metadata import version as installed_version

    print(f"creversi-python {installed_version('creversi-python')}, same machine, same run")
    their_rates = kernel_rates(cb.mobility, cb.flip, positions, repeat)
    print(
        f"  creversi  mobility    {their_rates[0]:>12,.0f} calls/s   "
        f"flip  {their_rates[1]:>12,.0f} calls/s"
    )
    ours_bulk = best["reversi, bulk counting at the last ply"][0]
    ours_loop = best["reversi kernels in the same perft loop"][0]
    their_kernels = best["creversi kernels in the same perft loop"][0]
    their_board = best["creversi Board API"][0]
    print("speed-ups of reversi over creversi")
    print(
        f"  perft({depth}): ours (bulk) vs creversi Board API {their_board / ours_bulk:5.1f}x, "
        f"vs creversi kernels {their_kernels / ours_bulk:5.1f}x; "
        f"kernel for kernel in one loop {their_kernels / ours_loop:5.1f}x"
    )
    print(
        f"  legal moves {ours_rates[0] / their_rates[0]:5.1f}x, "
        f"flips {ours_rates[1] / their_rates[1]:5.1f}x"
    )
    ratio = statistics.fmean([ours_rates[0] / their_rates[0], ours_rates[1] / their_rates[1]])
    print(f"  mean kernel speed-up {ratio:5.1f}x")


if __name__ == "__main__":
    main()
