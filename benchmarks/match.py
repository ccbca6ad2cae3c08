"""AI matches: level against level, or Schwer against an Othello AI from PyPI.

    .venv/bin/python benchmarks/match.py schwer mittel -n 100 --budget 0.1
    .venv-bench/bin/python benchmarks/match.py schwer cli-othello -n 100 --budget 0.1
    .venv/bin/python benchmarks/match.py schwer schwer-classic -n 200 --cpu-clock

``schwer-classic`` is Schwer as it played before the trained evaluation
(``reversi/ai/classic.py``), kept as an opponent.

Each opening (random moves from the start, reproducible from ``--seed``) is
played twice with colours swapped. ``cli-othello`` is the strongest level (5)
of the ``cli-othello`` package (minimax to depth 4 with positional weights
and mobility, exact from 10 empties); install it only in a benchmark venv,
never as a dependency:

    python3 -m venv .venv-bench && .venv-bench/bin/pip install -e . cli-othello
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from reversi.ai.clock import Clock
from reversi.ai.match import Player, level_player, play_match
from reversi.engine import BLACK, Board, Move


def cli_othello_player(level: int = 5) -> Player:
    """Level ``level`` of the cli-othello package, playing on a copy of our board."""
    from cli_othello import ai as cli_ai  # type: ignore[import-not-found]
    from cli_othello import board as cli_board

    def play(board: Board, seed: int) -> Move:
        random.seed(seed)  # the package breaks ties with the global generator
        theirs: Any = cli_board.Board()
        theirs.cells = [
            cli_board.BLACK if board.black >> sq & 1
            else cli_board.WHITE if board.white >> sq & 1
            else cli_board.EMPTY
            for sq in range(64)
        ]
        colour = cli_board.BLACK if board.turn == BLACK else cli_board.WHITE
        row, col = cli_ai.OthelloAI(colour, level).choose_move(theirs)
        return Move(row * 8 + col, board.flips(row * 8 + col))

    return play


def classic_player(budget: float | None, clock: Clock) -> Player:
    """Schwer as it played before issue 18 (hand-written evaluation)."""
    from reversi.ai.classic import classic_move
    from reversi.ai.levels import DEFAULT_BUDGET

    def play(board: Board, seed: int) -> Move:
        bit = classic_move(board, DEFAULT_BUDGET if budget is None else budget, clock)
        sq = bit.bit_length() - 1
        return Move(sq, board.flips(sq))

    return play


def player(name: str, budget: float | None, cpu_clock: bool) -> Player:
    clock = time.process_time if cpu_clock else time.perf_counter
    if name == "cli-othello":
        return cli_othello_player()
    if name == "schwer-classic":
        return classic_player(budget, clock)
    return level_player(name, budget, clock)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("-n", "--games", type=int, default=100)
    parser.add_argument("--budget", type=float, default=None, help="Schwer's seconds per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=6, help="random opening moves")
    parser.add_argument("--cpu-clock", action="store_true",
                        help="measure budgets in this process's CPU time, not wall time")
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args(argv)
    first = player(args.first, args.budget, args.cpu_clock)
    second = player(args.second, args.budget, args.cpu_clock)
    start = time.perf_counter()
    score = None
    for number, board, first_black, score in play_match(
        first, second, args.games, seed=args.seed, plies=args.plies
    ):
        if not args.quiet:
            outcome = board.outcome()
            assert outcome is not None
            colour = "black" if first_black else "white"
            print(f"game {number + 1:3}: {args.first} ({colour}) "
                  f"{outcome.black}-{outcome.white}  running {score}", flush=True)
    elapsed = time.perf_counter() - start
    budget = "default" if args.budget is None else f"{args.budget} s"
    if args.cpu_clock:
        budget += " of CPU time"
    print(f"{args.first} vs {args.second}, budget {budget}, seed {args.seed}, "
          f"{elapsed:.0f} s: {score}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
