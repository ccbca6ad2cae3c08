"""Duel server load: scripted clients play many concurrent duels over loopback WebSockets.

Starts a uvicorn process on 127.0.0.1 (SQLite in a temporary directory unless
``--database-url``/``--redis-url`` are given), opens ``--tables`` tables, and lets both
players of each table play whole games (first legal move) until every game ends or
``--seconds`` pass. Prints moves/s, the move round trip (send → ack) p50/p95/p99,
errors, and the server's memory. Bounded in count and time; stops by itself.

    .venv/bin/python -m benchmarks.server_load --tables 50 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.games = 0


async def player(base: str, cookie: str, code: str, stats: Stats, deadline: float) -> None:
    url = base.replace("http://", "ws://") + "/ws"
    async with connect(url, additional_headers={"Cookie": cookie}, max_size=2**20) as ws:
        await ws.send(json.dumps({"type": "watch", "code": code}))
        me: int | None = None
        sent: dict[str, float] = {}
        table: dict[str, Any] | None = None
        n = 0
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                return
            message = json.loads(raw)
            kind = message["type"]
            if kind == "state":
                me, table = message["you"]["seat"], message["table"]
            elif kind == "events":
                table = message["table"]
            elif kind == "ack" and message.get("cid") in sent:
                stats.latencies.append(time.perf_counter() - sent.pop(message["cid"]))
            elif kind == "error":
                stats.errors.append(message["code"])
                continue
            else:
                continue
            if table is None or table["status"] != "playing":
                if table is not None and table["status"] in ("finished", "aborted"):
                    if me == 0:
                        stats.games += 1
                    return
                continue
            clock = table["clock"]
            if clock and clock["seat"] == me and not sent:
                game = table["game"]
                square = sorted(game["legal"])[0]
                n += 1
                cid = f"{code}-{me}-{n}"
                sent[cid] = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "code": code, "square": square,
                                          "cid": cid, "ply": game["ply"]}))


async def run(base: str, tables: int, seconds: float) -> Stats:
    stats = Stats()
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        pairs = []
        for _ in range(tables):
            a = httpx.AsyncClient(base_url=base, timeout=30)
            b = httpx.AsyncClient(base_url=base, timeout=30)
            code = (await a.post("/api/tables")).json()["code"]
            await b.post(f"/api/tables/{code}/join")
            cookies = ["; ".join(f"{k}={v}" for k, v in c.cookies.items()) for c in (a, b)]
            await a.aclose()
            await b.aclose()
            pairs.append((code, cookies))
        del http
    deadline = time.monotonic() + seconds
    start = time.perf_counter()
    await asyncio.gather(*(player(base, cookie, code, stats, deadline)
                           for code, cookies in pairs for cookie in cookies))
    stats.elapsed = time.perf_counter() - start  # type: ignore[attr-defined]
    return stats


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--database-url")
    parser.add_argument("--redis-url")
    args = parser.parse_args()
    limits = {"REVERSI_SECRET": "bench"}
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, REVERSI_DATA_DIR=data, **limits)
        if args.database_url:
            env["REVERSI_DATABASE_URL"] = args.database_url
        if args.redis_url:
            env["REVERSI_REDIS_URL"] = args.redis_url
        port = free_port()
        # rate limits are for people; the benchmark's clients share one address
        code = ("from reversi.server.duels import create_duel_app\n"
                "from reversi.server.settings import Settings\n"
                "app = create_duel_app(Settings.from_env(create_limit='100000/minute', "
                "join_limit='100000/minute', message_limit='100000/second'))\n")
        server_dir = Path(data) / "app"
        server_dir.mkdir()
        (server_dir / "bench_app.py").write_text(code)
        proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "bench_app:app", "--app-dir", str(server_dir),
             "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning",
             "--timeout-graceful-shutdown", "2"], env=env)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(200):
                try:
                    httpx.get(base + "/api/me", timeout=1)
                    break
                except httpx.TransportError:
                    time.sleep(0.05)
            stats = asyncio.run(run(base, args.tables, args.seconds))
            memory = rss_mib(proc.pid)
        finally:
            proc.terminate()
            proc.wait(15)
    moves = len(stats.latencies)
    elapsed = stats.elapsed  # type: ignore[attr-defined]
    backend = "PostgreSQL" if args.database_url else "SQLite"
    broker = "Redis" if args.redis_url else "in-process"
    print(f"duel server load: {args.tables} tables, {backend} + {broker} broker, one process")
    print(f"  games finished   {stats.games}")
    print(f"  moves            {moves} in {elapsed:.1f} s = {moves / elapsed:.0f} moves/s")
    for q in (0.5, 0.95, 0.99):
        print(f"  round trip p{int(q * 100):<3}  {percentile(stats.latencies, q) * 1000:.1f} ms")
    print(f"  errors           {len(stats.errors)} {sorted(set(stats.errors))}")
    print(f"  server memory    {memory:.0f} MiB")


if __name__ == "__main__":
    main()
