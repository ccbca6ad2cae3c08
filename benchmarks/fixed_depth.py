"""Evaluations compared at a fixed depth against Mittel, without time in the game.

    .venv/bin/python benchmarks/fixed_depth.py trained --games 16 --seed 5
    .venv/bin/python benchmarks/fixed_depth.py hand-written --games 16 --seed 5

The chosen evaluation searches ``--depth`` plies (Schwer's search: evaluation
ordering and aspiration), Mittel its four plies; openings and colours as in
``match.py``. Node counts and results do not depend on the machine's load.
"""

from __future__ import annotations

import argparse
import sys

from reversi.ai.evaluate import evaluate as handwritten
from reversi.ai.evaluate import evaluate_basic
from reversi.ai.match import Player, play_match
from reversi.ai.search import Evaluation, Search
from reversi.ai.trained import evaluate as trained
from reversi.engine import Board, Move

EVALUATIONS: dict[str, Evaluation] = {"trained": trained, "hand-written": handwritten}


def fixed(evaluation: Evaluation, depth: int, sharp: bool) -> Player:
    def play(board: Board, seed: int) -> Move:
        result = Search(evaluation, sharp=sharp).iterate(board.player, board.opponent, depth)
        sq = result.move.bit_length() - 1
        return Move(sq, board.flips(sq))

    return play


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("evaluation", choices=sorted(EVALUATIONS))
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--depth", type=int, default=4)
    args = parser.parse_args(argv)
    ours = fixed(EVALUATIONS[args.evaluation], args.depth, True)
    mittel = fixed(evaluate_basic, 4, False)
    *_, (_, _, _, score) = play_match(ours, mittel, args.games, seed=args.seed)
    print(f"{args.evaluation} at depth {args.depth} vs Mittel, seed {args.seed}: {score}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
