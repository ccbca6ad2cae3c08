"""The Legenden's ladder: each opponent against the one before it on the path.

    .venv/bin/python benchmarks/legenden.py -n 20               # every neighbouring pair
    .venv/bin/python benchmarks/legenden.py -n 8 --first 20 --last 30

Each pair plays ``-n`` games from random openings (``reversi.ai.match``: each
opening twice, colours swapped), the opponents thinking on the process's CPU clock,
so that a loaded machine changes the time they take but not their strength. For
each pair it prints the later opponent's score with its 95 % interval and whether
it reaches ``STEP`` (60 %); at the end whether the ladder is monotone in that sense,
and where Leicht, Mittel and Schwer sit (the opponents that are those levels).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from reversi.ai.legenden import LEGENDEN, Legende, choose
from reversi.ai.match import MatchScore, Player, play_match
from reversi.engine import Board, Move

#: the score each opponent must reach against the one before it
STEP = 0.6


def legende_player(legende: Legende) -> Player:
    def play(board: Board, seed: int) -> Move:
        return choose(board, legende, seed=seed, clock=time.process_time)

    return play


def pair(index: int, games: int, seed: int) -> MatchScore:
    """Opponent ``index`` (1-based) against ``index - 1``: the later one's score."""
    later, earlier = LEGENDEN[index - 1], LEGENDEN[index - 2]
    played = play_match(legende_player(later), legende_player(earlier), games, seed=seed + index)
    return [score for *_, score in played][-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--games", type=int, default=20, help="games per pair")
    parser.add_argument("--first", type=int, default=2, help="first opponent (1-based, ≥ 2)")
    parser.add_argument("--last", type=int, default=len(LEGENDEN))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{args.games} games per pair, load average {os.getloadavg()[0]:.2f}", flush=True)
    steps: list[tuple[int, float, float]] = []
    for index in range(max(args.first, 2), args.last + 1):
        started = time.perf_counter()
        score = pair(index, args.games, args.seed)
        mean, low, _ = score.interval()
        steps.append((index, mean, low))
        mark = "ok" if mean >= STEP else "BELOW 60%"
        print(
            f"{index:2d} {LEGENDEN[index - 1].key:>13} vs {index - 1:2d} "
            f"{LEGENDEN[index - 2].key:<13} {score}  {mark}  "
            f"({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    below = [index for index, mean, _ in steps if mean < STEP]
    print(
        "monotone (each step >= 60 %): "
        + ("yes" if not below else f"no, below at {', '.join(map(str, below))}")
    )
    print(
        "each step >= 60 % at the interval's lower end: "
        + ("yes" if all(low >= STEP for _, _, low in steps) else "no")
    )
    seen = set()
    for number, legende in enumerate(LEGENDEN, 1):
        if legende.level is not None and legende.level not in seen:
            seen.add(legende.level)
            print(f"{legende.level.value} itself: number {number} ({legende.key})")
    print(f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
