"""An arena under load: ``--players`` bots on two server processes (PostgreSQL + Redis).

Starts two real uvicorn processes on loopback (``benchmarks.load.servers``), makes an
arena (3+2) that begins a few seconds later, and lets ``--clients`` client processes
(``benchmarks.tournament_bots``) name their share of the bots, join them over HTTP
(alternating between the two processes) and play over one socket each: a bot watches
the table it is paired to (the ``paired`` message), places a random legal disc up to
``--think`` seconds after its turn began (0: at once), and waits for the next pairing
when the game ends. Once every bot has joined it measures ``--minutes`` and prints:

* the pairing delay: from the bot seeing its game end to its ``paired`` message
  (p50, p99; a bot whose only waiting partner is its last opponent waits for someone
  new, as the arena's rule says — that is in the figures);
* moves per second and the move round trip (send → ack) p50/p99;
* games finished, errors (error replies, ack timeouts);
* the servers' CPU per move and the clients' CPU (both over the measured window), the
  time the final standings took and the load average before and after.

    .venv/bin/python -m benchmarks.tournament --players 500 --minutes 10

``--profile PATH`` writes each server's cProfile (main thread's CPU time, the measured
window) to ``PATH.0`` and ``PATH.1``; ``--stalls PATH`` each server's event-loop stalls
over the window (``benchmarks.load.stalls``: ``python -m benchmarks.load.stalls PATH.0
PATH.1`` sums them up).
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import datetime
import multiprocessing
import os
import secrets
import signal
import time
from dataclasses import dataclass, field

import httpx
from sqlalchemy import insert

from benchmarks.load.measure import (
    load_average,
    machine_busy,
    servers_cpu,
    services_cpu,
    signal_all,
)
from benchmarks.load.report import percentile
from benchmarks.load.servers import REDIS_URL, postgres_database, servers
from benchmarks.load.vacuum import vacuuming
from benchmarks.tournament_bots import SETUP_TIMEOUT, Figures, Share, client
from reversi.storage import Rows, open_store
from reversi.storage.schema import RATINGS


async def make_arena(base: str, db_url: str) -> str:
    """An arena (3+2, two hours) made by a player with rated games; its id."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as maker:
        me = await maker.post("/api/me", json={"nickname": "Veranstalter"})
        me.raise_for_status()
        store = await open_store(db_url)

        def write(rows: Rows) -> None:
            player_id = rows.conn.exec_driver_sql(
                "SELECT id FROM players WHERE nickname = 'Veranstalter'"
            ).scalar_one()
            rows.conn.execute(
                insert(RATINGS).values(
                    player_id=player_id,
                    time_class="blitz",
                    value=1500.0,
                    deviation=80.0,
                    volatility=0.06,
                    games=5,
                    updated_at=0.0,
                )
            )

        try:
            await store.write(write)
        finally:
            await store.close()
        made = await maker.post(
            "/api/tournaments",
            json={
                "name": "Lastarena",
                "kind": "arena",
                "starts_at": time.time() + 5,
                "minutes": 120,
                "clock": "3+2",
                "xot": False,
                "rated": True,
                "private": False,
            },
        )
        assert made.status_code == 201, made.text
        return str(made.json()["id"])


@dataclass
class Window:
    """What the machine did over the measured window besides the bots' figures."""

    server_cpu: float = 0.0
    #: CPU seconds of PostgreSQL's and Redis's processes
    services: dict[str, float] = field(default_factory=dict)
    #: the machine's busy share of all its cores
    busy: float = 0.0
    load: tuple[str, str] = ("", "")


def measure(
    args: argparse.Namespace, bases: list[str], pids: list[int], tid: str
) -> tuple[Figures, Window]:
    """Runs the client processes; their figures and what the machine did meanwhile."""
    n = args.clients
    context = multiprocessing.get_context("spawn")
    figures = Figures()
    with (
        context.Manager() as manager,
        concurrent.futures.ProcessPoolExecutor(n, mp_context=context) as pool,
    ):
        ready = manager.Barrier(n + 1)
        counts = [args.players // n + (i < args.players % n) for i in range(n)]
        futures = [
            pool.submit(
                client,
                Share(
                    bases, tid, 1 + sum(counts[:i]), count, 60 * args.minutes, args.think, args.seed
                ),
                ready,
            )
            for i, count in enumerate(counts)
        ]
        ready.wait(SETUP_TIMEOUT)
        load_before = load_average()
        user, system = servers_cpu(pids)
        services, (busy, ticks) = services_cpu(), machine_busy()
        signal_all(pids, signal.SIGUSR1, args.profile or args.stalls)
        time.sleep(60 * args.minutes)
        user_after, system_after = servers_cpu(pids)
        services_after, (busy_after, ticks_after) = services_cpu(), machine_busy()
        signal_all(pids, signal.SIGUSR2, args.profile or args.stalls)
        window = Window(
            server_cpu=user_after - user + system_after - system,
            services={name: services_after[name] - services[name] for name in services},
            busy=(busy_after - busy) / max(ticks_after - ticks, 1),
            load=(load_before, load_average()),
        )
        for future in futures:
            figures.add(future.result())
    return figures, window


async def standings_seconds(base: str, tid: str) -> float:
    """How long the tournament's page (its standings with performances) takes."""
    async with httpx.AsyncClient(base_url=base, timeout=120) as c:
        began = time.perf_counter()
        (await c.get(f"/api/tournaments/{tid}")).raise_for_status()
        return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.tournament", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--think", type=float, default=0.0, help="seconds, at most, per move")
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--profile", help="write the servers' profiles to PROFILE.0, .1")
    parser.add_argument("--stalls", help="write the servers' loop stalls to STALLS.0, .1")
    parser.add_argument(
        "--vacuum",
        type=float,
        default=60.0,
        help="seconds between two VACUUM (ANALYZE) of the database where PostgreSQL runs "
        "without autovacuum (0: never; benchmarks/load/vacuum.py)",
    )
    args = parser.parse_args()
    started = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    load_start = load_average()
    with postgres_database() as db_url:
        env = dict(
            os.environ,
            REVERSI_DATABASE_URL=db_url,
            REVERSI_REDIS_URL=REDIS_URL,
            REVERSI_SECRET="tournament-benchmark",
            REVERSI_BROKER_PREFIX=f"bench-{secrets.token_hex(4)}:",
        )
        with (
            vacuuming(db_url, args.vacuum) as vacuumed,
            servers(
                2, env, deflate=False, loop="auto", profile=args.profile, stalls=args.stalls
            ) as (bases, pids),
        ):
            tid = asyncio.run(make_arena(bases[0], db_url))
            figures, window = measure(args, bases, pids, tid)
            try:
                ranking = f"{asyncio.run(standings_seconds(bases[1], tid)):.2f} s"
            except httpx.HTTPError as error:
                ranking = f"failed ({type(error).__name__})"
    delays, lat = figures.delays, figures.latencies
    moves = max(figures.moves, 1)
    print(f"started {started}, load at the start {load_start}")
    print(
        f"players {args.players}, {args.minutes:g} min measured, think ≤ {args.think:g} s, "
        f"two server processes, {args.clients} client processes"
    )
    print(f"games finished {figures.games}, pairings measured {len(delays)}")
    if delays:
        print(
            f"pairing delay p50 {percentile(delays, 0.5):.3f} s, "
            f"p99 {percentile(delays, 0.99):.3f} s, max {max(delays):.3f} s"
        )
    print(f"moves/s {figures.moves / max(figures.elapsed, 1e-9):.1f}")
    if lat:
        print(
            f"move round trip p50 {1000 * percentile(lat, 0.5):.1f} ms, "
            f"p99 {1000 * percentile(lat, 0.99):.1f} ms"
        )
    if figures.ending:
        end = figures.ending
        print(
            f"  of them the {len(end)} moves that ended a game: p50 "
            f"{1000 * percentile(end, 0.5):.1f} ms, p99 {1000 * percentile(end, 0.99):.1f} ms"
        )
    print(f"errors {len(figures.errors)} {sorted(set(figures.errors))[:5]}")
    print(f"moves turned down as out of date (a bot's race, not errors): {figures.refused}")
    server_cpu = window.server_cpu
    print(
        f"servers' CPU {server_cpu:.1f} s ({1000 * server_cpu / moves:.2f} ms per move), "
        f"clients' CPU {figures.cpu:.1f} s ({1000 * figures.cpu / moves:.2f} ms per move), "
        f"PostgreSQL {window.services['postgres']:.1f} s, "
        f"Redis {window.services['redis-server']:.1f} s"
    )
    print(f"the machine busy {100 * window.busy:.0f} % of its {os.cpu_count()} cores")
    if vacuumed:
        print(f"PostgreSQL runs without autovacuum: VACUUM (ANALYZE) every {args.vacuum:g} s")
    print(f"final standings (the page) took {ranking}")
    print(f"load average: measured window {window.load[0]} → {window.load[1]}")


if __name__ == "__main__":
    main()
