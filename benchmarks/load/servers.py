"""The duel servers under load: real uvicorn processes on loopback, started and stopped."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx

from tests.processes import free_port
from tests.server.scratch_db import scratch_database

HOST = "127.0.0.1"
POSTGRES_URL = os.environ.get(
    "REVERSI_BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test"
)
REDIS_URL = os.environ.get("REVERSI_BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")

# rate limits are for people; the benchmark's clients share one address
SERVER = """
import signal, sys
import uvicorn
from reversi.server.duel_server import create_duel_app
from reversi.server.serving import settings_config
from reversi.server.settings import Settings
collect = {collect!r}  # None: the server's default
settings = Settings.from_env(
    create_limit="1000000/minute", join_limit="1000000/minute",
    message_limit="1000000/second", chat_limit="1000000/minute",
    view_limit="1000000/minute", guess_limit="1000000/minute",
    new_player_limit="1000000/minute", rename_limit="1000000/minute",
    sit_limit="1000000/minute", pair_limit="1000000/minute",
    # the 2,000 sockets and their HTTP requests all come from 127.0.0.1
    connections_per_address=0, sockets_per_address=0, max_connections=20_000,
    # opening 1,000 tables takes longer than the first move's usual 60 s
    first_move_time=900,
    **({{}} if collect is None else {{"collect_interval": collect}}))
app = create_duel_app(settings)
# uvicorn raises SIGTERM again after its shutdown: exit normally (a profile gets written)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
profile = {profile!r}
if profile:
    # the main thread's CPU time, not wall time (on a busy machine, waiting for a core
    # would be charged to whatever ran last), over the measured window: SIGUSR1 to SIGUSR2
    import cProfile, time
    profiler = cProfile.Profile(time.thread_time)
    signal.signal(signal.SIGUSR1, lambda *_: profiler.enable())
    signal.signal(signal.SIGUSR2, lambda *_: (profiler.disable(), profiler.dump_stats(profile)))
stalls = {stalls!r}
if stalls:  # the event loop's stalls over the same window (benchmarks.load.stalls)
    from benchmarks.load.stalls import Sampler
    sampler = Sampler(stalls)
    for signum, then in ((signal.SIGUSR1, sampler.start), (signal.SIGUSR2, sampler.stop)):
        before = signal.getsignal(signum)
        signal.signal(signum, lambda *a, before=before, then=then: (
            callable(before) and before(*a), then()))
uvicorn.Server(settings_config(app, settings, "{host}", {port}, timeout_graceful_shutdown=2,
                               ws_per_message_deflate={deflate}, loop="{loop}")).run()
"""


@contextlib.contextmanager
def servers(
    n: int,
    env: dict[str, str],
    deflate: bool,
    loop: str,
    profile: str | None = None,
    collect: float | None = None,
    stalls: str | None = None,
) -> Iterator[tuple[list[str], list[int]]]:
    procs, bases = [], []
    try:
        for i in range(n):
            port = free_port()
            code = SERVER.format(
                host=HOST,
                port=port,
                deflate=deflate,
                loop=loop,
                profile=f"{profile}.{i}" if profile else None,
                collect=collect,
                stalls=f"{stalls}.{i}" if stalls else None,
            )
            command = [sys.executable, "-c", code]
            procs.append(subprocess.Popen(command, env=env))
            bases.append(f"http://{HOST}:{port}")
        for base, proc in zip(bases, procs, strict=True):
            for _ in range(600):
                if proc.poll() is not None:
                    raise RuntimeError(f"the server on {base} did not start")
                try:
                    httpx.get(base + "/api/me", timeout=1)
                    break
                except httpx.TransportError:
                    time.sleep(0.05)
        yield bases, [p.pid for p in procs]
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@contextlib.contextmanager
def postgres_database() -> Iterator[str]:
    with scratch_database(POSTGRES_URL, "reversi_bench") as url:
        yield url
