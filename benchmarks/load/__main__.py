"""Duel server load: scripted clients play many concurrent duels over loopback WebSockets.

Starts real uvicorn processes on 127.0.0.1 and lets both players of ``--tables`` tables
play over their own WebSocket (a random legal move after a think time, then a rematch
when a game ends). The think time is set so that all tables together offer ``--rate``
moves per second (0: no thinking, as fast as the server answers). Prints moves/s, the
move round trip (send → ack) p50/p99, errors and the server's memory, for

* ``one``: one process, SQLite in a temporary directory, the in-process broker;
* ``two``: two processes sharing PostgreSQL (a database made for the run and dropped
  after it) and Redis; the two players of a table sit on different processes.

Bounded in tables and seconds, loopback only; it stops its servers by itself.

    .venv/bin/python -m benchmarks.load --tables 1000 --rate 500 --seconds 60
"""

from __future__ import annotations

import argparse
from pathlib import Path

from benchmarks.load.measure import run_setup
from benchmarks.load.report import report


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.load", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument(
        "--rate",
        type=float,
        default=500,
        help="moves per second offered by all tables together (0: max)",
    )
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--setup", choices=("one", "two", "both"), default="both")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument(
        "--lobby-watchers",
        type=int,
        default=0,
        help="sockets that follow the Halle's lobby during the run",
    )
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument(
        "--deflate",
        action=argparse.BooleanOptionalAction,
        default=False,
        help="permessage-deflate on the sockets (off, as `reversi serve` "
        "runs: it costs more CPU than the small frames save)",
    )
    parser.add_argument(
        "--loop",
        choices=("auto", "asyncio", "uvloop"),
        default="auto",
        help="the servers' event loop (uvicorn's default, auto: uvloop if "
        "installed, as `reversi serve` runs)",
    )
    parser.add_argument(
        "--collect",
        type=float,
        help="the servers' periodic collector: its interval in seconds, 0 "
        "for Python's own (default: the server's setting)",
    )
    parser.add_argument(
        "--profile",
        help="profile the servers' main threads (cProfile on "
        "thread CPU time), dump to PATH.<setup>.<n>",
    )
    parser.add_argument(
        "--spy-to",
        help="sample the servers with py-spy during the measured "
        "window (raw stacks to PATH.<n>.txt)",
    )
    parser.add_argument("--py-spy", default="py-spy", help="the py-spy executable")
    parser.add_argument(
        "--timeline",
        help="write every measured move's send time (s since "
        "the epoch) and round trip (ms) to PATH.<setup>.csv",
    )
    args = parser.parse_args()
    if (
        not 1 <= args.tables <= 5000
        or not 1 <= args.seconds <= 900
        or not (1 <= args.clients <= min(8, args.tables))
    ):
        parser.error("1–5000 tables, 1–900 seconds, 1–8 client processes (≤ tables)")
    setups = ["one", "two"] if args.setup == "both" else [args.setup]
    results = {setup: run_setup(setup, args) for setup in setups}
    if args.timeline:
        for setup, stats in results.items():
            moves = sorted(zip(stats.sent_at, stats.latencies, strict=True))
            Path(f"{args.timeline}.{setup}.csv").write_text(
                "".join(f"{at:.4f},{latency * 1000:.2f}\n" for at, latency in moves)
            )
    print(report(args, results))


if __name__ == "__main__":
    main()
