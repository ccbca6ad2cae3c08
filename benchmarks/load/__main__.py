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
import asyncio
import concurrent.futures
import contextlib
import datetime
import gc
import multiprocessing
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import uvloop
from websockets.asyncio.client import ClientConnection, connect

from reversi.server.collector import collect_forever
from reversi.server.settings import Settings
from tests.server.scratch_db import scratch_database

HOST = "127.0.0.1"
POSTGRES_URL = os.environ.get(
    "REVERSI_BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test"
)
REDIS_URL = os.environ.get("REVERSI_BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")
#: how long a move may wait for its ack before it counts as an error
ACK_TIMEOUT = 10.0
SETUP_TIMEOUT = 600.0

# rate limits are for people; the benchmark's clients share one address
SERVER = """
import signal, sys
import uvicorn
from reversi.server.duels import create_duel_app
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
uvicorn.Server(settings_config(app, settings, "{host}", {port}, timeout_graceful_shutdown=2,
                               ws_per_message_deflate={deflate}, loop="{loop}")).run()
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


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


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    #: when each measured move was sent (seconds since the epoch), beside its round trip
    sent_at: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    games: int = 0
    #: what the lobby watchers received (``--lobby-watchers``)
    lobby_messages: int = 0
    elapsed: float = 0.0
    memory: list[float] = field(default_factory=list)
    cpu: float = 0.0
    system_cpu: float = 0.0
    client_cpu: float = 0.0
    load_before: str = ""
    load_after: str = ""

    def error(self, what: str) -> None:
        self.errors.append(what)


class Player:
    """One seat over one socket: thinks, moves, waits for the ack, plays on.

    Driven by what arrives (no task per player waiting in a loop): the clients share
    the machine with the server, and every cycle they spend is one the server waits for.
    """

    def __init__(
        self,
        ws: ClientConnection,
        code: str,
        think: float,
        stats: Stats,
        rng: random.Random,
        stop: asyncio.Event,
    ) -> None:
        self.ws = ws
        self.code = code
        self.think = think
        self.stats = stats
        self.rng = rng
        self.stop = stop
        self.loop = asyncio.get_running_loop()
        self.seat: int | None = None
        self.table: dict[str, Any] | None = None
        self.watched = asyncio.Event()
        #: request id → what it asked for
        self.pending: dict[str, str] = {}
        #: a move is scheduled or awaits its ack, or a rematch its answer
        self.busy = False
        #: the version the last ack named: decide again once the table is there
        self.awaited = 0
        self.sent = 0.0
        self.sent_wall = 0.0
        self.playing = False
        self.moves = 0
        self.requests = 0
        self.sends: set[asyncio.Task[None]] = set()

    async def receive(self) -> None:
        async for raw in self.ws:
            message = orjson.loads(raw)
            kind = message["type"]
            if kind == "state":
                if message["code"] == self.code:
                    self.seat, self.table = message["you"]["seat"], message["table"]
                    self.watched.set()
            elif kind == "events":
                if message["code"] == self.code:
                    self.table = message["table"]
            elif kind in ("ack", "error") and message.get("id") in self.pending:
                self._answered(self.pending.pop(message["id"]), message)
            elif kind == "error":
                self.stats.error(f"unsolicited {message.get('code')}")
            self._decide()

    def _send(self, message: dict[str, Any]) -> None:
        task = self.loop.create_task(self.ws.send(orjson.dumps(message).decode()))
        self.sends.add(task)
        task.add_done_callback(self.sends.discard)

    def _request(self, what: str, message: dict[str, Any]) -> None:
        self.requests += 1
        request_id = f"{self.requests}"
        self.pending[request_id] = what
        self._send({**message, "id": request_id})
        self.loop.call_later(ACK_TIMEOUT, self._timeout, request_id)

    def _timeout(self, request_id: str) -> None:
        if self.pending.pop(request_id, None) is not None:
            self.stats.error("ack timeout")
            self.busy = False
            self._decide()

    def _answered(self, what: str, reply: dict[str, Any]) -> None:
        if what == "move":
            if reply["type"] == "ack":
                self.stats.latencies.append(time.perf_counter() - self.sent)
                self.stats.sent_at.append(self.sent_wall)
                # wait for the position after this move before deciding again
                self.awaited = reply["version"]
            else:
                self.stats.error(f"move {reply['code']}")
        elif reply["type"] == "error" and reply["code"] not in ("pending", "rematch_exists"):
            self.stats.error(f"rematch {reply['code']}")
        self.busy = False

    def watch(self) -> None:
        self._send({"type": "watch", "code": self.code})

    def idle(self) -> bool:
        return not self.pending

    def play(self) -> None:
        self.playing = True
        self._decide()

    def _decide(self) -> None:
        table = self.table
        if (
            not self.playing
            or self.busy
            or self.stop.is_set()
            or table is None
            or table["version"] < self.awaited
        ):
            return
        if table["status"] in ("finished", "aborted"):
            self._rematch(table)
            return
        clock = table["clock"]
        if table["status"] != "playing" or not clock or clock["seat"] != self.seat:
            return
        self.busy = True
        self.loop.call_later(self.think * (0.5 + self.rng.random()), self._move, table["game"])

    def _move(self, game: dict[str, Any]) -> None:
        if self.stop.is_set():
            return
        self.moves += 1
        square = self.rng.choice(sorted(game["legal"]))
        cid = f"{self.code}-{self.seat}-{self.moves}"
        self.sent, self.sent_wall = time.perf_counter(), time.time()
        self._request(
            "move",
            {"type": "move", "code": self.code, "square": square, "cid": cid, "ply": game["ply"]},
        )

    def _rematch(self, table: dict[str, Any]) -> None:
        if table.get("rematch"):
            if self.seat == 0:
                self.stats.games += 1
            self.code, self.table, self.awaited = table["rematch"], None, 0
            self.watch()
            return
        if self.seat not in table["offers"]["rematch"]:
            self.busy = True
            self._request("rematch", {"type": "rematch", "code": self.code})
            offers = table["offers"]["rematch"]
            table["offers"]["rematch"] = [*offers, self.seat]


async def open_tables(bases: list[str], n: int) -> list[tuple[str, list[tuple[str, str]]]]:
    """``n`` running tables: each code with the (server, cookie) of its two players."""
    gate = asyncio.Semaphore(16)

    async def one(i: int) -> tuple[str, list[tuple[str, str]]]:
        first, second = bases[i % len(bases)], bases[(i + 1) % len(bases)]
        async with (
            gate,
            httpx.AsyncClient(base_url=first, timeout=60) as a,
            httpx.AsyncClient(base_url=second, timeout=60) as b,
        ):
            created = await a.post("/api/tables")
            created.raise_for_status()
            code = created.json()["code"]
            (await b.post(f"/api/tables/{code}/join")).raise_for_status()
            cookies = ["; ".join(f"{k}={v}" for k, v in c.cookies.items()) for c in (a, b)]
        return code, [(first, cookies[0]), (second, cookies[1])]

    return await asyncio.gather(*(one(i) for i in range(n)))


async def lobby_watcher(base: str, stack: contextlib.AsyncExitStack, stats: Stats) -> None:
    """A socket that follows the Halle's lobby and reads everything it gets."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as c:
        (await c.get("/api/me")).raise_for_status()
        cookie = "; ".join(f"{k}={v}" for k, v in c.cookies.items())
    ws = await stack.enter_async_context(
        connect(
            base.replace("http://", "ws://") + "/ws",
            additional_headers={"Cookie": cookie},
            max_size=2**22,
            open_timeout=60,
            ping_interval=None,
        )
    )
    await ws.send('{"type": "lobby"}')

    async def drain() -> None:
        async for _ in ws:
            stats.lobby_messages += 1

    task = asyncio.create_task(drain())
    stack.callback(task.cancel)


async def drive(
    bases: list[str],
    tables: int,
    rate: float,
    seconds: float,
    seed: int,
    ready: Any,
    watchers: int = 0,
) -> Stats:
    """One client process: sets up its tables (and ``watchers`` lobby sockets), waits for
    the others, plays ``seconds``."""
    stats = Stats()
    pairs = await open_tables(bases, tables)
    think = tables / rate if rate > 0 else 0.0  # a table moves every `think` seconds
    stop = asyncio.Event()
    rng = random.Random(seed)
    async with contextlib.AsyncExitStack() as stack:
        gate = asyncio.Semaphore(64)

        async def join(base: str, cookie: str, code: str) -> Player:
            url = base.replace("http://", "ws://") + "/ws"
            async with gate:
                ws = await stack.enter_async_context(
                    connect(
                        url,
                        additional_headers={"Cookie": cookie},
                        max_size=2**20,
                        open_timeout=60,
                        ping_interval=None,
                    )
                )
            return Player(ws, code, think, stats, random.Random(rng.random()), stop)

        players = await asyncio.gather(
            *(join(base, cookie, code) for code, seats in pairs for base, cookie in seats)
        )
        for i in range(watchers):
            await lobby_watcher(bases[i % len(bases)], stack, stats)
        receivers = [asyncio.create_task(p.receive()) for p in players]
        for p in players:
            p.watch()
        await asyncio.gather(*(p.watched.wait() for p in players))
        await asyncio.to_thread(ready.wait, SETUP_TIMEOUT)
        # what the setup left lives to the end: the collector need not walk it again
        gc.collect()
        gc.freeze()
        collector = asyncio.create_task(collect_forever(0.25, 0))
        cpu = time.process_time()
        start = time.perf_counter()
        for p in players:
            p.play()
        await asyncio.sleep(seconds)
        stop.set()
        stats.elapsed = time.perf_counter() - start
        stats.client_cpu = time.process_time() - cpu
        # the moves sent before the end still count: wait for their acks
        waited = 0.0
        while not all(p.idle() for p in players) and waited < ACK_TIMEOUT + 5:
            await asyncio.sleep(0.1)
            waited += 0.1
        stats.errors += ["player stuck"] * sum(not p.idle() for p in players)
        for task in receivers:
            if task.done() and task.exception() is not None:
                stats.error(f"player failed: {task.exception()!r}")
        for task in (*receivers, collector):
            task.cancel()
    return stats


def client(
    bases: list[str],
    tables: int,
    rate: float,
    seconds: float,
    seed: int,
    ready: Any,
    watchers: int = 0,
) -> Stats:
    # the clients share the machine with the servers: the cheaper they are, the less
    # of the round trip is theirs
    try:
        return uvloop.run(drive(bases, tables, rate, seconds, seed, ready, watchers))
    except BaseException:
        # said at once: the other clients would wait for this one at the barrier
        traceback.print_exc()
        ready.abort()
        raise


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
                bases,
                share,
                args.rate * share / args.tables,
                args.seconds,
                args.seed + i,
                ready,
                args.lobby_watchers // n + (i < args.lobby_watchers % n),
            )
            for i, share in enumerate(shares)
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


@contextlib.contextmanager
def servers(
    n: int,
    env: dict[str, str],
    deflate: bool,
    loop: str,
    profile: str | None = None,
    collect: float | None = None,
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


def collector_name(collect: float | None) -> str:
    interval = Settings().collect_interval if collect is None else collect
    return f"every {interval:g} s" if interval else "Python's own"


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(args: argparse.Namespace, results: dict[str, Stats]) -> str:
    names = {"one": "1 process, SQLite + in-process", "two": "2 processes, PostgreSQL + Redis"}
    rows: list[tuple[str, ...]] = [("", *(names[s] for s in results))]

    def row(label: str, fn: Any) -> None:
        rows.append((label, *(fn(s) for s in results.values())))

    row("moves", lambda s: f"{len(s.latencies)} in {s.elapsed:.0f} s")
    row("moves/s", lambda s: f"{len(s.latencies) / s.elapsed:.0f}")
    row("round trip p50", lambda s: f"{percentile(s.latencies, 0.5) * 1000:.1f} ms")
    row("round trip p99", lambda s: f"{percentile(s.latencies, 0.99) * 1000:.1f} ms")
    row("round trip max", lambda s: f"{max(s.latencies, default=0) * 1000:.0f} ms")
    row("errors", lambda s: f"{len(s.errors)} {sorted(set(s.errors))}" if s.errors else "0")
    row("games finished", lambda s: str(s.games))
    row("lobby watchers", lambda s: f"{args.lobby_watchers} ({s.lobby_messages} messages read)")
    row(
        "server CPU / move",
        lambda s: (
            f"{s.cpu / max(1, len(s.latencies)) * 1000:.2f} ms "
            f"({s.cpu / s.elapsed * 100:.0f}% of a core, "
            f"{s.system_cpu / max(s.cpu, 1e-9) * 100:.0f}% in the kernel)"
        ),
    )
    row("client CPU", lambda s: f"{s.client_cpu / s.elapsed * 100:.0f}% of a core")
    row("server RSS", lambda s: " + ".join(f"{m:.0f}" for m in s.memory) + " MiB")
    row("load avg before", lambda s: s.load_before)
    row("load avg after", lambda s: s.load_after)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [
        f"duel server load: {args.tables} tables, offered "
        f"{'max' if not args.rate else f'{args.rate:g} moves/s'}, {args.seconds:g} s, "
        f"permessage-deflate {'on' if args.deflate else 'off'}, loop {args.loop}, "
        f"collector {collector_name(args.collect)}, "
        f"{os.cpu_count()} cores, {datetime.date.today()}"
    ]
    lines += ["  " + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
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
