"""AI matches: level against level, or Schwer against an Othello AI from PyPI.

    .venv/bin/python benchmarks/match.py schwer mittel -n 100 --budget 0.1
    .venv-bench/bin/python benchmarks/match.py schwer cli-othello -n 100 --budget 0.1
    .venv/bin/python benchmarks/match.py schwer schwer-classic -n 200 --cpu-clock \
        --results benchmarks/runs/schwer-vs-classic.jsonl   # resumable

With ``--results FILE`` every finished game is appended to FILE as one JSON
line (after a first line with the match's settings), and a run with the same
settings and file continues after the last game written there: a long match
can be stopped and resumed across sessions, or extended with a larger ``-n``
(the openings of the first games do not depend on ``-n``). The settings include
a digest of ``reversi/ai`` (its modules and weights): a file of another match,
or of another version of the players, is refused.

``schwer-classic`` is Schwer as it played before the trained evaluation
(``reversi/ai/classic.py``), kept as an opponent; ``schwer-python`` is Schwer
searching in Python without the opening book (as before the native core),
``schwer`` on the core where it is built with the book, ``schwer-nobook`` the
same without the book, ``schwer-no-mpc`` on the core without Multi-ProbCut
(``levels.NATIVE_PROBCUT`` off for its moves).

Each opening (random moves from the start, reproducible from ``--seed``) is
played twice with colours swapped. ``cli-othello`` is the strongest level (5)
of the ``cli-othello`` package (minimax to depth 4 with positional weights
and mobility, exact from 10 empties); install it only in a benchmark venv,
never as a dependency:

    python3 -m venv .venv-bench && .venv-bench/bin/pip install -e . cli-othello
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from reversi.ai.clock import Clock
from reversi.ai.match import MatchScore, Player, level_player, openings, play_game
from reversi.engine import BLACK, Board, Move


def cli_othello_player(level: int = 5) -> Player:
    """Level ``level`` of the cli-othello package, playing on a copy of our board."""
    from cli_othello import ai as cli_ai  # type: ignore[import-not-found]
    from cli_othello import board as cli_board

    def play(board: Board, seed: int) -> Move:
        random.seed(seed)  # the package breaks ties with the global generator
        theirs: Any = cli_board.Board()
        theirs.cells = [
            cli_board.BLACK
            if board.black >> sq & 1
            else cli_board.WHITE
            if board.white >> sq & 1
            else cli_board.EMPTY
            for sq in range(64)
        ]
        colour = cli_board.BLACK if board.turn == BLACK else cli_board.WHITE
        row, col = cli_ai.OthelloAI(colour, level).choose_move(theirs)
        return Move(row * 8 + col, board.flips(row * 8 + col))

    return play


def classic_player(budget: float | None, clock: Clock) -> Player:
    """Schwer as it played with the hand-written evaluation, before the trained one."""
    from reversi.ai.classic import classic_move
    from reversi.ai.levels import DEFAULT_BUDGET

    def play(board: Board, seed: int) -> Move:
        bit = classic_move(board, DEFAULT_BUDGET if budget is None else budget, clock)
        sq = bit.bit_length() - 1
        return Move(sq, board.flips(sq))

    return play


def no_probcut_player(budget: float | None, clock: Clock) -> Player:
    """Schwer on the native core without Multi-ProbCut."""
    from reversi.ai import levels

    def play(board: Board, seed: int) -> Move:
        saved = levels.NATIVE_PROBCUT
        levels.NATIVE_PROBCUT = False
        try:
            return levels.think(board, "schwer", budget=budget, clock=clock).move
        finally:
            levels.NATIVE_PROBCUT = saved

    return play


def player(name: str, budget: float | None, cpu_clock: bool) -> Player:
    clock = time.process_time if cpu_clock else time.perf_counter
    if name == "cli-othello":
        return cli_othello_player()
    if name == "schwer-classic":
        return classic_player(budget, clock)
    if name == "schwer-no-mpc":
        return no_probcut_player(budget, clock)
    if name == "schwer-python":
        return level_player("schwer", budget, clock, python_backend=True, book=False)
    if name == "schwer-nobook":
        return level_player("schwer", budget, clock, book=False)
    return level_player(name, budget, clock)


def engine_digest() -> str:
    """A digest of the players' code (the native core's too) and weights: a match
    continues only with the same. The Legenden's modules play no part in a match."""
    folder = Path(__file__).resolve().parents[1] / "reversi" / "ai"
    digest = hashlib.sha256()
    native = folder.parent / "native"
    players = [p for p in folder.glob("*.py") if not p.name.startswith("legenden")]
    for path in sorted([*players, *folder.glob("*.bin"), *native.glob("*.[ch]")]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def resume(path: Path, settings: dict[str, Any], start: int = 0) -> tuple[MatchScore, int]:
    """The score and the number of the next game in ``path``, whose games begin at
    ``start`` (created with the settings line when missing); a file of other
    settings is an error."""
    score = MatchScore()
    if not path.exists() or not path.read_text().strip():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"settings": settings}) + "\n")
        return score, start
    lines = path.read_text().splitlines()
    found = json.loads(lines[0]).get("settings")
    if found != settings:
        raise SystemExit(f"{path} holds another match: {found} (this one: {settings})")
    played = start
    for line in lines[1:]:
        if not line.strip():
            continue
        game = json.loads(line)
        if game["game"] != played:
            raise SystemExit(f"{path}: game {game['game']} where game {played} was expected")
        score.add(game["margin"])
        played += 1
    return score, played


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("-n", "--games", type=int, default=100)
    parser.add_argument("--budget", type=float, default=None, help="Schwer's seconds per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=6, help="random opening moves")
    parser.add_argument(
        "--cpu-clock",
        action="store_true",
        help="measure budgets in this process's CPU time, not wall time",
    )
    parser.add_argument(
        "--results",
        type=Path,
        default=None,
        help="append each game to this file and continue after its last game",
    )
    parser.add_argument(
        "--start",
        type=int,
        default=0,
        help="play from this game on (two processes can play the two halves of a match "
        "into two results files; their games, joined in order, are the whole match's)",
    )
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args(argv)
    try:
        book = openings((args.games + 1) // 2, args.plies, args.seed)
    except ValueError as error:
        parser.error(str(error))
    first = player(args.first, args.budget, args.cpu_clock)
    second = player(args.second, args.budget, args.cpu_clock)
    settings = {
        "first": args.first,
        "second": args.second,
        "budget": args.budget,
        "seed": args.seed,
        "plies": args.plies,
        "cpu_clock": args.cpu_clock,
        "engine": engine_digest(),
    }
    score, played = (
        resume(args.results, settings, args.start) if args.results else (MatchScore(), args.start)
    )
    if played > args.start:
        print(f"{played - args.start} games in {args.results}: {score}", flush=True)
    start = time.perf_counter()
    for number in range(played, args.games):
        first_black = number % 2 == 0
        black, white = (first, second) if first_black else (second, first)
        board = play_game(black, white, book[number // 2], args.seed * 1000 + number)
        outcome = board.outcome()
        assert outcome is not None
        margin = outcome.margin if first_black else -outcome.margin
        score.add(margin)
        if args.results:
            game = {
                "game": number,
                "first_black": first_black,
                "black": outcome.black,
                "white": outcome.white,
                "margin": margin,
                "moves": board.transcript(),
            }
            with args.results.open("a") as results:
                results.write(json.dumps(game) + "\n")
        if not args.quiet:
            colour = "black" if first_black else "white"
            print(
                f"game {number + 1:3}: {args.first} ({colour}) "
                f"{outcome.black}-{outcome.white}  running {score}",
                flush=True,
            )
    elapsed = time.perf_counter() - start
    budget = "default" if args.budget is None else f"{args.budget} s"
    if args.cpu_clock:
        budget += " of CPU time"
    print(
        f"{args.first} vs {args.second}, budget {budget}, seed {args.seed}, "
        f"{elapsed:.0f} s: {score}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
