"""One measured run: the client processes against the servers, and the servers' costs."""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import multiprocessing
import os
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from benchmarks.load.clients import SETUP_TIMEOUT, Share, client
from benchmarks.load.player import Stats
from benchmarks.load.servers import REDIS_URL, postgres_database, servers


def rss_mib(pid: int) -> float:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User and system CPU time of a process so far."""
    with contextlib.suppress(OSError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        tick = os.sysconf("SC_CLK_TCK")
        return int(fields[11]) / tick, int(fields[12]) / tick
    return 0.0, 0.0


def servers_cpu(pids: list[int]) -> tuple[float, float]:
    times = [cpu_seconds(pid) for pid in pids]
    return sum(t[0] for t in times), sum(t[1] for t in times)


def machine_busy() -> tuple[int, int]:
    """The machine's CPU ticks so far: busy (neither idle nor waiting for I/O) and all."""
    ticks = [int(t) for t in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return sum(ticks) - ticks[3] - ticks[4], sum(ticks)


def services_cpu() -> dict[str, float]:
    """CPU seconds so far of the PostgreSQL and Redis processes (by their names)."""
    seconds = {"postgres": 0.0, "redis-server": 0.0}
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError):
            name = (entry / "comm").read_text().strip() if entry.name.isdigit() else ""
            if name in seconds:
                seconds[name] += sum(cpu_seconds(int(entry.name)))
    return seconds


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def signal_all(pids: list[int], signum: int, profiling: str | None) -> None:
    """Starts or stops the servers' profilers."""
    if profiling:
        for pid in pids:
            os.kill(pid, signum)


def measure(bases: list[str], pids: list[int], args: argparse.Namespace) -> Stats:
    """Runs the client processes against the servers and adds up what they saw."""
    n = args.clients
    context = multiprocessing.get_context("spawn")
    with (
        context.Manager() as manager,
        concurrent.futures.ProcessPoolExecutor(n, mp_context=context) as pool,
    ):
        ready = manager.Barrier(n + 1)
        shares = [args.tables // n + (i < args.tables % n) for i in range(n)]
        futures = [
            pool.submit(
                client,
                Share(
                    bases,
                    tables,
                    args.rate * tables / args.tables,
                    args.seconds,
                    args.seed + i,
                    args.lobby_watchers // n + (i < args.lobby_watchers % n),
                ),
                ready,
            )
            for i, tables in enumerate(shares)
        ]
        ready.wait(SETUP_TIMEOUT)
        spies = (
            [
                subprocess.Popen(
                    [
                        args.py_spy,
                        "record",
                        "--pid",
                        str(pid),
                        "--duration",
                        str(int(args.seconds)),
                        "--format",
                        "raw",
                        "--nonblocking",
                        "--output",
                        f"{args.spy_to}.{i}.txt",
                    ],
                    stdout=subprocess.DEVNULL,
                )
                for i, pid in enumerate(pids)
            ]
            if args.spy_to
            else []
        )
        total = Stats(load_before=load_average())
        user, system = servers_cpu(pids)
        signal_all(pids, signal.SIGUSR1, args.profile)
        time.sleep(args.seconds / 2)
        total.memory = [rss_mib(pid) for pid in pids]
        time.sleep(args.seconds / 2)
        user_after, system_after = servers_cpu(pids)
        total.system_cpu = system_after - system
        total.cpu = user_after - user + total.system_cpu
        signal_all(pids, signal.SIGUSR2, args.profile)
        total.load_after = load_average()
        for future in futures:
            part = future.result()
            total.latencies += part.latencies
            total.sent_at += part.sent_at
            total.errors += part.errors
            total.games += part.games
            total.elapsed = max(total.elapsed, part.elapsed)
            total.client_cpu += part.client_cpu
            total.lobby_messages += part.lobby_messages
        total.memory = [max(a, rss_mib(pid)) for a, pid in zip(total.memory, pids, strict=True)]
        for spy in spies:
            spy.wait(60)
    return total


def run_setup(setup: str, args: argparse.Namespace) -> Stats:
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, REVERSI_DATA_DIR=data, REVERSI_SECRET="bench")
        env.pop("REVERSI_DATABASE_URL", None)
        env.pop("REVERSI_REDIS_URL", None)
        with contextlib.ExitStack() as stack:
            if setup == "two":
                env["REVERSI_DATABASE_URL"] = stack.enter_context(postgres_database())
                env["REVERSI_REDIS_URL"] = REDIS_URL
            profile = f"{args.profile}.{setup}" if args.profile else None
            bases, pids = stack.enter_context(
                servers(
                    1 if setup == "one" else 2, env, args.deflate, args.loop, profile, args.collect
                )
            )
            return measure(bases, pids, args)
