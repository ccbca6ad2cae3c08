"""The archive: how fast ``reversi import`` takes a GGF file of many games, and how long
``reversi analyse`` takes for a fixed 60-move game.

    .venv/bin/python benchmarks/archive.py [--games 1000] [--postgres URL] [--budget 0.2]

Writes a GGF file of ``--games`` random legal games (seed 15, every game played to the
end) into a temporary folder, imports it with the command into a fresh SQLite file (and
a fresh PostgreSQL database if ``--postgres`` names a server), then imports it again
(every game known: the cost of reading and replaying alone), and times ``reversi
analyse`` on the game of ``tests/archive/test_api.py``. Prints the figures.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reversi.archive.files import games_in
from reversi.engine import Board
from reversi.engine.ggf import write_ggf_games

#: the fixed game of the analyse test: 60 moves, one pass, 42:22
GAME = (
    "d3c3c4e3f4c5e2e1b4f5c6a4f2f3b2a1d2c1g4g2h1b5b3c2f1g3d1g1b1b7h2h3c7d7a8e6h5h4a6b6"
    "a5a7d6h6g5f6a2a3d8e7h7e8f7g6g7f8h8b8c8g8"
)


def random_games(count: int, seed: int = 15) -> list[Board]:
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        board = Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
        games.append(board)
    return games


def run(args: list[str], env: dict[str, str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "reversi", *args],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return time.perf_counter() - start, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--postgres", default=None, help="a PostgreSQL server's URL")
    parser.add_argument("--budget", type=float, default=0.2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.ggf"
        path.write_text(
            write_ggf_games(
                (board, {"PB": f"Schwarz {i}", "PW": f"Weiß {i}"})
                for i, board in enumerate(random_games(args.games))
            )
        )
        print(f"{args.games} games, {path.stat().st_size / 1e6:.2f} MB of GGF")
        start = time.perf_counter()
        read = sum(1 for _ in games_in(path))
        seconds = time.perf_counter() - start
        print(
            f"reading and replaying alone, in process: {seconds:.2f} s, "
            f"{read / seconds:,.0f} games/s"
        )
        urls = [("SQLite", f"sqlite:///{Path(folder) / 'archive.sqlite3'}")]
        if args.postgres:
            sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
            from tests.server.scratch_db import scratch_database

            context = scratch_database(args.postgres, "reversi_bench")
            urls.append(("PostgreSQL", context.__enter__()))
        for label, url in urls:
            env = {**os.environ, "REVERSI_DATABASE_URL": url}
            for attempt in ("new", "known"):
                seconds, out = run(["import", str(path)], env)
                print(
                    f"import {label:<10} ({attempt:>5}): {seconds:6.2f} s with the "
                    f"process start, {args.games / seconds:,.0f} games/s; says: "
                    f"{out.strip()}"
                )
        if args.postgres:
            context.__exit__(None, None, None)
    env = dict(os.environ)
    seconds, out = run(["analyse", GAME, "--budget", str(args.budget)], env)
    print(
        f"analyse of the fixed game, --budget {args.budget}: {seconds:.2f} s with the "
        f"process start; says: {out.strip().splitlines()[-1]}"
    )


if __name__ == "__main__":
    main()
