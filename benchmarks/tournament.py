"""An arena under load: ``--players`` bots on two server processes (PostgreSQL + Redis).

Starts two real uvicorn processes on loopback (``benchmarks.load.servers``), makes an
arena (3+2) that begins a few seconds later, and lets every bot join it over HTTP
(half on each process) and play over its own WebSocket: it watches the table it is
paired to (the ``paired`` message), places a random legal disc ``--think`` seconds
after its turn began (0: at once), and waits for the next pairing when the game ends.
After ``--minutes`` of play it prints:

* the pairing delay: from the bot seeing its game end to its ``paired`` message
  (p50, p99; a bot whose only waiting partner is its last opponent waits for someone
  new, as the arena's rule says — that is in the figures);
* moves per second and the move round trip (send → ack) p50/p99;
* games finished, errors (error replies, ack timeouts) and the load average.

    .venv/bin/python -m benchmarks.tournament --players 500 --minutes 10
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
from sqlalchemy import insert
from websockets.asyncio.client import ClientConnection, connect

from benchmarks.load.report import percentile
from benchmarks.load.servers import REDIS_URL, postgres_database, servers
from reversi.storage import Rows, open_store
from reversi.storage.schema import RATINGS

ACK_TIMEOUT = 10.0


@dataclass
class Figures:
    delays: list[float] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    games: int = 0
    moves: int = 0
    elapsed: float = 0.0


class Bot:
    """One arena player over one socket, driven by what arrives."""

    def __init__(self, ws: ClientConnection, figures: Figures, think: float, seed: int) -> None:
        self.ws = ws
        self.figures = figures
        self.think = think
        self.rng = random.Random(seed)
        self.loop = asyncio.get_running_loop()
        self.code: str | None = None
        self.seat: int | None = None
        self.ended_at: float | None = None
        self.next_code: str | None = None
        self.sent: dict[str, float] = {}
        self.busy = False
        self.requests = 0
        self.measuring = True

    async def run(self) -> None:
        async for raw in self.ws:
            message = orjson.loads(raw)
            kind = message["type"]
            if kind == "paired":
                self._paired(message["code"])
            elif kind == "state" and message["code"] == self.code:
                self.seat = message["you"]["seat"]
                self._table(message["table"])
            elif kind == "events" and message["code"] == self.code:
                self._table(message["table"])
            elif kind in ("ack", "error") and message.get("id") in self.sent:
                started = self.sent.pop(message["id"])
                self.busy = False
                if kind == "ack":
                    if self.measuring:
                        self.figures.latencies.append(time.perf_counter() - started)
                        self.figures.moves += 1
                elif message.get("code") not in ("stale", "game_over", "not_your_turn"):
                    self.figures.errors.append(f"move {message.get('code')}")
            elif kind == "error":
                self.figures.errors.append(f"unsolicited {message.get('code')}")

    def _paired(self, code: str) -> None:
        if code == self.code:
            return
        if self.code is not None and self.ended_at is None:
            self.next_code = code  # the end is still on its way: no wait at all
            return
        if self.ended_at is not None and self.measuring:
            self.figures.delays.append(time.perf_counter() - self.ended_at)
        self._watch(code)

    def _watch(self, code: str) -> None:
        self.code, self.seat, self.ended_at, self.busy = code, None, None, False
        self.loop.create_task(self.ws.send(orjson.dumps({"type": "watch", "code": code}).decode()))

    def _table(self, table: dict[str, Any]) -> None:
        if table["status"] in ("finished", "aborted"):
            if self.ended_at is None:
                self.ended_at = time.perf_counter()
                if self.seat == 0 and self.measuring:
                    self.figures.games += 1
                if self.next_code is not None:
                    code, self.next_code = self.next_code, None
                    if self.measuring:
                        self.figures.delays.append(0.0)
                    self._watch(code)
            return
        clock = table.get("clock")
        if table["status"] != "playing" or not clock or clock["seat"] != self.seat:
            return
        if self.busy:
            return
        self.busy = True
        game = table["game"]
        self.loop.call_later(self.think * self.rng.random(), self._move, game)

    def _move(self, game: dict[str, Any]) -> None:
        self.requests += 1
        request = str(self.requests)
        self.sent[request] = time.perf_counter()
        square = self.rng.choice(sorted(game["legal"]))
        message = {
            "type": "move",
            "id": request,
            "code": self.code,
            "square": square,
            "cid": f"{self.code}-{game['ply']}",
            "ply": game["ply"],
        }
        self.loop.create_task(self.ws.send(orjson.dumps(message).decode()))
        self.loop.call_later(ACK_TIMEOUT, self._timeout, request)

    def _timeout(self, request: str) -> None:
        if self.sent.pop(request, None) is not None:
            self.figures.errors.append("ack timeout")
            self.busy = False


async def give_rated_games(db_url: str, cookie_player: str) -> None:
    store = await open_store(db_url)

    def write(rows: Rows) -> None:
        rows.conn.execute(
            insert(RATINGS).values(
                player_id=cookie_player,
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


async def enter(base: str, n: int) -> tuple[httpx.AsyncClient, str]:
    client = httpx.AsyncClient(base_url=base, timeout=30)
    await client.post("/api/me", json={"nickname": f"Bot {n}"})
    return client, "; ".join(f"{k}={v}" for k, v in client.cookies.items())


async def play(args: argparse.Namespace, bases: list[str], db_url: str) -> Figures:
    figures = Figures()
    clients = [await enter(bases[i % 2], i + 1) for i in range(args.players)]
    maker = clients[0][0]
    # the maker's id: the one player named "Bot 1"
    store = await open_store(db_url)
    try:
        player_id = await store.read(
            lambda rows: rows.conn.exec_driver_sql(
                "SELECT id FROM players WHERE nickname = 'Bot 1'"
            ).scalar_one()
        )
    finally:
        await store.close()
    await give_rated_games(db_url, player_id)
    starts = time.time() + 5
    made = await maker.post(
        "/api/tournaments",
        json={
            "name": "Lastarena",
            "kind": "arena",
            "starts_at": starts,
            "minutes": 120,
            "clock": "3+2",
            "xot": False,
            "rated": True,
            "private": False,
        },
    )
    assert made.status_code == 201, made.text
    tid = made.json()["id"]
    bots: list[Bot] = []
    sockets = []
    for i, (client, cookie) in enumerate(clients):
        ws = await connect(
            bases[i % 2].replace("http://", "ws://") + "/ws",
            additional_headers={"Cookie": cookie},
            max_size=2**22,
            open_timeout=60,
            ping_interval=None,
        )
        sockets.append(ws)
        bot = Bot(ws, figures, args.think, args.seed + i)
        bots.append(bot)
        asyncio.get_running_loop().create_task(bot.run())
        joined = await client.post(f"/api/tournaments/{tid}/join")
        assert joined.status_code == 200, joined.text
    await asyncio.sleep(max(0.0, starts - time.time()))
    began = time.perf_counter()
    await asyncio.sleep(60 * args.minutes)
    for bot in bots:
        bot.measuring = False
    figures.elapsed = time.perf_counter() - began
    try:
        detail = (await maker.get(f"/api/tournaments/{tid}", timeout=120)).json()
        print(f"arena: {detail['players']} players, {len(detail['standings'])} in the standings")
    except httpx.HTTPError as error:
        figures.errors.append(f"standings {type(error).__name__}")
    for ws in sockets:
        await ws.close()
    for client, _ in clients:
        await client.aclose()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.tournament", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--think", type=float, default=0.0, help="seconds, at most, per move")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    load_before = Path("/proc/loadavg").read_text().strip()
    with postgres_database() as db_url:
        env = dict(
            os.environ,
            REVERSI_DATABASE_URL=db_url,
            REVERSI_REDIS_URL=REDIS_URL,
            REVERSI_SECRET="tournament-benchmark",
            REVERSI_BROKER_PREFIX=f"bench-{secrets.token_hex(4)}:",
        )
        with servers(2, env, deflate=False, loop="auto") as (bases, _pids):
            figures = asyncio.run(play(args, bases, db_url))
    load_after = Path("/proc/loadavg").read_text().strip()
    delays, lat = figures.delays, figures.latencies
    print(f"players {args.players}, {args.minutes} min, think ≤ {args.think} s, two processes")
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
    print(f"errors {len(figures.errors)} {sorted(set(figures.errors))[:5]}")
    print(f"load before {load_before}; after {load_after}")


if __name__ == "__main__":
    main()
