"""Writes ``reversi/web/static/data/puzzles.json``: the endgame puzzles of /aufgaben.

The positions come from games the computer levels play against each other
(seeded, so a run can be repeated). From each game the positions with 4, 6, …, 14
empties are taken, every legal move is solved exactly with :func:`reversi.ai.analyse`,
and a position is kept only when its answer is clear:

* ``win``  – exactly one move wins (every other draws or loses);
* ``best`` – one move holds the best result and every other is at least
  ``--margin`` discs worse; a position lost by more than ``--hopeless`` discs
  even with the best move is left out (nobody enjoys defending it).

Scores are final disc differences for the side to move under perfect play, with
the hall's default counting (empties go to nobody). Run::

    python -m tools.generate_puzzles            # the shipped set
    python -m tools.generate_puzzles --per-step 2 --games 20 --out /tmp/p.json

A test re-solves a sample of the shipped file and checks each answer.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path

from reversi.ai import analyse, choose_move
from reversi.engine import Board, Counting
from reversi.engine.bitboard import SQUARE_NAMES

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "reversi" / "web" / "static" / "data" / "puzzles.json"
#: Empties of the difficulty steps, easiest first.
STEPS = (4, 6, 8, 10, 12, 14)
#: The pairings of the self-play games (Ebenholz first), taken in turn.
PAIRINGS = (
    ("leicht", "mittel"),
    ("mittel", "leicht"),
    ("mittel", "mittel"),
    ("mittel", "schwer"),
    ("schwer", "mittel"),
    ("schwer", "schwer"),
)
#: Schwer's thinking time per move in the self-play games, in seconds.
SELF_PLAY_BUDGET = 0.05
#: Time an exact analysis of one position may take (it never needs it so far).
SOLVE_SECONDS = 600.0


def self_play(black: str, white: str, seed: int) -> Board:
    """One finished game of two levels; Leicht's ties follow ``seed``."""
    board = Board()
    for ply in itertools.count():
        if board.is_game_over():
            return board
        level = black if board.turn else white
        board.push(choose_move(board, level, seed=seed * 100 + ply, budget=SELF_PLAY_BUDGET))
    raise AssertionError("unreachable")


def positions(game: Board) -> dict[int, Board]:
    """The positions of ``game`` at each step's number of empties, side to move with a choice."""
    found: dict[int, Board] = {}
    board = Board()
    for move in game.move_stack:
        if move.is_pass:
            continue  # the board passes by itself
        empties = board.empties.bit_count()
        if empties in STEPS and empties not in found and len(board.legal_moves) >= 2:
            found[empties] = board.copy()
        board.push(move)
    return found


def judge(board: Board, margin: int, hopeless: int) -> dict[str, object] | None:
    """The puzzle of ``board`` when its answer is clear, else None."""
    scores = analyse(board, SOLVE_SECONDS, counting=Counting.NOBODY)
    if not all(score.exact for score in scores.values()):
        raise RuntimeError(f"analysis of {board.obf()!r} did not finish exactly")
    ranked = sorted(((int(s.score), SQUARE_NAMES[sq]) for sq, s in scores.items()), reverse=True)
    (best, answer), (second, _) = ranked[0], ranked[1]
    if best > 0 >= second:
        kind = "win"
    elif best - second >= margin and best >= -hopeless:
        kind = "best"
    else:
        return None
    return {
        "kind": kind,
        "answer": answer,
        "score": best,
        "scores": {square: score for score, square in ranked},
    }


def generate(
    per_step: int, games: int, margin: int, hopeless: int, log: bool = True
) -> dict[str, object]:
    started = time.perf_counter()
    chosen: dict[int, list[dict[str, object]]] = {e: [] for e in STEPS}
    seen: set[str] = set()
    played = 0
    for seed in range(games):
        if all(len(chosen[e]) >= per_step for e in STEPS):
            break
        black, white = PAIRINGS[seed % len(PAIRINGS)]
        game = self_play(black, white, seed)
        played += 1
        for empties, board in sorted(positions(game).items()):
            if len(chosen[empties]) >= per_step or board.obf() in seen:
                continue
            seen.add(board.obf())
            verdict = judge(board, margin, hopeless)
            if verdict is None:
                continue
            chosen[empties].append(
                {
                    "id": f"e{empties:02d}-{seed:03d}",
                    "empties": empties,
                    "step": STEPS.index(empties) + 1,
                    "turn": "black" if board.turn else "white",
                    "moves": board.transcript(),
                    "position": board.obf(),
                    "game": f"{black}-{white}",
                    **verdict,
                }
            )
        if log:
            counts = " ".join(f"{e}:{len(chosen[e])}" for e in STEPS)
            print(f"game {seed} ({black}-{white}): {counts}", file=sys.stderr)
    seconds = time.perf_counter() - started
    puzzles = [p for e in STEPS for p in chosen[e]]
    return {
        "version": 1,
        "generated_by": f"python -m tools.generate_puzzles --per-step {per_step} "
        f"--games {games} --margin {margin} --hopeless {hopeless}",
        "counting": "nobody",
        "steps": list(STEPS),
        "games_played": played,
        "seconds": round(seconds),
        "puzzles": puzzles,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.generate_puzzles",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--per-step", type=int, default=10, help="puzzles per difficulty step")
    parser.add_argument("--games", type=int, default=400, help="at most this many games")
    parser.add_argument(
        "--margin",
        type=int,
        default=6,
        help="discs the best move must be ahead of the second for 'best'",
    )
    parser.add_argument(
        "--hopeless",
        type=int,
        default=10,
        help="leave out 'best' positions lost by more discs than this",
    )
    parser.add_argument("--out", type=Path, default=TARGET)
    args = parser.parse_args(argv)
    document = generate(args.per_step, args.games, args.margin, args.hopeless)
    args.out.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n")
    puzzles: list[dict[str, object]] = document["puzzles"]  # type: ignore[assignment]
    counts = {e: sum(1 for p in puzzles if p["empties"] == e) for e in STEPS}
    print(
        f"{args.out}: {counts} from {document['games_played']} games in {document['seconds']} s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
