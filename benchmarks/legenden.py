"""The Legenden's ladder: each opponent against the one before it on the path.

    nice -n 10 .venv/bin/python benchmarks/legenden.py -n 20 --jobs 2     # every pair
    nice -n 10 .venv/bin/python benchmarks/legenden.py -n 8 --first 40 --last 50
    nice -n 10 .venv/bin/python benchmarks/legenden.py -n 40 --steps 3,4,10-14

Each pair plays ``-n`` games from random openings (``reversi.ai.match``: each
opening twice, colours swapped), the opponents thinking on the process's CPU clock,
so that a loaded machine changes the time they take but not their strength. The
games of all pairs are split into chunks of ``--chunk`` games (an even number: both
colours of each opening) and played by ``--jobs`` processes. For each pair it
prints the later opponent's score with its 95 % interval, whether it reaches
``STEP`` (60 %), the CPU seconds of its games; at the end a summary: how many steps
reach 60 %, which do not, and where Leicht, Mittel and Schwer sit (the opponents
that are those levels).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor

from reversi.ai.legenden import ANCHORS, LEGENDEN, Legende, choose
from reversi.ai.match import MatchScore, Player, play_match
from reversi.engine import Board, Move

#: the score each opponent must reach against the one before it
STEP = 0.6


def legende_player(legende: Legende) -> Player:
    def play(board: Board, seed: int) -> Move:
        return choose(board, legende, seed=seed, clock=time.process_time)

    return play


#: one chunk of a pair's games: the two opponents, the games and the chunk's seed
Chunk = tuple[Legende, Legende, int, int]


def play_chunk(chunk: Chunk) -> tuple[list[int], float]:
    """The first opponent's disc margins in the chunk's games, and their CPU seconds."""
    first, second, games, seed = chunk
    started = time.process_time()
    margins, before = [], 0
    for *_, score in play_match(legende_player(first), legende_player(second), games, seed=seed):
        margins.append(score.margin - before)
        before = score.margin
    return margins, time.process_time() - started


def play_pairs(
    pairs: list[tuple[Legende, Legende]], games: int, *, jobs: int, seed: int, chunk: int = 4
) -> Iterable[tuple[int, MatchScore, float]]:
    """Each pair's games (the first opponent's score), in chunks over ``jobs`` processes;
    yields each pair's index, score and CPU seconds as soon as all its chunks are in."""
    chunk += chunk % 2
    tasks: list[tuple[int, Chunk]] = []
    for index, (first, second) in enumerate(pairs):
        for start in range(0, games, chunk):
            size = min(chunk, games - start)
            tasks.append((index, (first, second, size, seed * 1009 + index * 101 + start)))
    left = [sum(1 for i, _ in tasks if i == index) for index in range(len(pairs))]
    scores = [MatchScore() for _ in pairs]
    seconds = [0.0 for _ in pairs]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [(index, pool.submit(play_chunk, task)) for index, task in tasks]
        for index, future in futures:
            margins, cpu = future.result()
            for margin in margins:
                scores[index].add(margin)
            seconds[index] += cpu
            left[index] -= 1
            if not left[index]:
                yield index, scores[index], seconds[index]


def steps(text: str) -> list[int]:
    """The step numbers of ``--steps``: numbers and ranges, comma-separated.

    >>> steps("3,4,10-12")
    [3, 4, 10, 11, 12]
    """
    found: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        found.extend(range(int(low), int(high or low) + 1))
    if not found or min(found) < 2 or max(found) > len(LEGENDEN):
        raise argparse.ArgumentTypeError(f"steps are 2–{len(LEGENDEN)}: {text!r}")
    return sorted(set(found))


def label(numbers: list[int]) -> str:
    """The steps as ranges: ``2–5, 9``."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and runs[-1][-1] == number - 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 1 else f"{run[0]}" for run in runs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--games", type=int, default=20, help="games per pair")
    parser.add_argument("--first", type=int, default=2, help="first opponent (1-based, ≥ 2)")
    parser.add_argument("--last", type=int, default=len(LEGENDEN))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--chunk", type=int, default=4, help="games per task (even)")
    parser.add_argument(
        "--steps", type=steps, help="only these steps, e.g. 3,4,10-14 (instead of --first/--last)"
    )
    args = parser.parse_args(argv)
    numbers = args.steps or list(range(max(args.first, 2), args.last + 1))
    pairs = [(LEGENDEN[n - 1], LEGENDEN[n - 2]) for n in numbers]
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(
        f"{args.games} games per pair, {args.jobs} processes, "
        f"load average {os.getloadavg()[0]:.2f}, {started}",
        flush=True,
    )
    done: dict[int, tuple[float, float]] = {}
    for index, score, cpu in play_pairs(
        pairs, args.games, jobs=args.jobs, seed=args.seed, chunk=args.chunk
    ):
        number = numbers[index]
        mean, low, _ = score.interval()
        done[number] = (mean, low)
        mark = "ok" if mean >= STEP else "BELOW 60%"
        print(
            f"{number:2d} {LEGENDEN[number - 1].key:>13} vs {number - 1:2d} "
            f"{LEGENDEN[number - 2].key:<13} {score}  {mark}  ({cpu:.0f} CPU s)",
            flush=True,
        )
    below = sorted(n for n, (mean, _) in done.items() if mean < STEP)
    sure = sum(1 for mean, low in done.values() if low >= STEP)
    print(
        f"steps {label(numbers)}: {len(done) - len(below)} of {len(done)} reach 60 %"
        + (f"; below: {', '.join(map(str, below))}" if below else " (monotone)")
        + f"; {sure} of them with the interval's lower end at 60 % or more"
    )
    for index in ANCHORS:
        legende = LEGENDEN[index]
        assert legende.level is not None
        print(f"{legende.level.value} itself: number {index + 1} ({legende.key})")
    ended = time.strftime("%H:%M UTC", time.gmtime())
    print(f"load average {os.getloadavg()[0]:.2f}, {ended}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
