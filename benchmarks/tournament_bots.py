"""The arena benchmark's bots (``benchmarks.tournament``): client processes, each
driving its share of the players over their own sockets."""

from __future__ import annotations

import asyncio
import random
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson
import uvloop
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

ACK_TIMEOUT = 10.0
SETUP_TIMEOUT = 900.0


@dataclass
class Figures:
    delays: list[float] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    #: the round trips of the moves that ended a game (also in ``latencies``)
    ending: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    games: int = 0
    moves: int = 0
    elapsed: float = 0.0
    #: the client process's CPU seconds over the measured window
    cpu: float = 0.0
    #: moves the server turned down as out of date (not errors: a race of the bot's)
    refused: dict[str, int] = field(default_factory=dict)

    def add(self, other: Figures) -> None:
        self.delays += other.delays
        self.latencies += other.latencies
        self.ending += other.ending
        self.errors += other.errors
        self.games += other.games
        self.moves += other.moves
        self.elapsed = max(self.elapsed, other.elapsed)
        self.cpu += other.cpu
        for code, n in other.refused.items():
            self.refused[code] = self.refused.get(code, 0) + n


@dataclass(frozen=True)
class Share:
    """One client process's players: numbers ``first`` … ``first + count - 1``."""

    bases: list[str]
    tournament: str
    first: int
    count: int
    seconds: float
    think: float
    seed: int


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
        #: the table each request was sent at
        self.sent_at: dict[str, str | None] = {}
        #: the last acknowledged move (code, version, round trip) and the last end
        #: seen (code, version): the move whose version is the end's ended the game
        self.last_ack: tuple[str | None, int, float] | None = None
        self.end_seen: tuple[str | None, int] | None = None
        self.busy = False
        #: the table as last seen, while the bot waits for its move's answer
        self.latest: dict[str, Any] | None = None
        #: the ply of the bot's last move at this table
        self.moved_ply = -1
        self.requests = 0
        self.measuring = False

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
                at = self.sent_at.pop(message["id"], None)
                self.busy = False
                # the move's events may have come first (a pass: the bot's turn again)
                if self.latest is not None:
                    self._table(self.latest)
                if kind == "ack":
                    if self.measuring:
                        took = time.perf_counter() - started
                        self.figures.latencies.append(took)
                        self.figures.moves += 1
                        version = message.get("version", -1)
                        if self.end_seen == (at, version):
                            self.figures.ending.append(took)
                        self.last_ack = (at, version, took)
                elif (code := message.get("code")) in ("stale", "game_over", "not_your_turn"):
                    if self.measuring:
                        self.figures.refused[code] = self.figures.refused.get(code, 0) + 1
                else:
                    self.figures.errors.append(f"move {code}")
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
        self.latest, self.moved_ply = None, -1
        self._send({"type": "watch", "code": code})

    def _table(self, table: dict[str, Any]) -> None:
        self.latest = table
        if table["status"] in ("finished", "aborted"):
            if self.ended_at is None:
                self.ended_at = time.perf_counter()
                self.end_seen = (self.code, table["version"])
                ack = self.last_ack
                if ack is not None and ack[:2] == self.end_seen and self.measuring:
                    self.figures.ending.append(ack[2])
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
        game = table["game"]
        if self.busy or game["ply"] <= self.moved_ply:  # answered, or not seen answered yet
            return
        self.busy = True
        self.moved_ply = game["ply"]
        self.loop.call_later(self.think * self.rng.random(), self._move, game)

    def _move(self, game: dict[str, Any]) -> None:
        self.requests += 1
        request = str(self.requests)
        self.sent[request] = time.perf_counter()
        self.sent_at[request] = self.code
        square = self.rng.choice(sorted(game["legal"]))
        message = {
            "type": "move",
            "id": request,
            "code": self.code,
            "square": square,
            "cid": f"{self.code}-{game['ply']}",
            "ply": game["ply"],
        }
        self._send(message)
        self.loop.call_later(ACK_TIMEOUT, self._timeout, request)

    def _send(self, message: dict[str, Any]) -> None:
        """Sends without waiting; a socket closed under a send is an error while measuring
        (after the window the bots close their sockets with moves still planned)."""

        async def send() -> None:
            try:
                await self.ws.send(orjson.dumps(message).decode())
            except ConnectionClosed:
                if self.measuring:
                    self.figures.errors.append(f"socket closed ({message['type']})")

        self.loop.create_task(send())

    def _timeout(self, request: str) -> None:
        self.sent_at.pop(request, None)
        if self.sent.pop(request, None) is not None:
            if self.measuring:
                self.figures.errors.append("ack timeout")
            self.busy = False


async def drive(share: Share, ready: Any) -> Figures:
    """Names, connects and joins the share's players, waits at ``ready`` for the
    other processes, then measures ``share.seconds``."""
    figures = Figures()
    gate = asyncio.Semaphore(16)
    readers: list[asyncio.Task[None]] = []

    async def one(n: int) -> tuple[Bot, httpx.AsyncClient]:
        base = share.bases[n % len(share.bases)]
        async with gate:
            client = httpx.AsyncClient(base_url=base, timeout=180)
            (await client.post("/api/me", json={"nickname": f"Bot {n}"})).raise_for_status()
            cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
            ws = await connect(
                base.replace("http://", "ws://") + "/ws",
                additional_headers={"Cookie": cookie},
                max_size=2**22,
                open_timeout=60,
                ping_interval=None,
            )
            bot = Bot(ws, figures, share.think, share.seed + n)
            readers.append(asyncio.create_task(bot.run()))
            for _ in range(3):
                try:  # joining twice is joining once
                    joined = await client.post(f"/api/tournaments/{share.tournament}/join")
                    break
                except httpx.RemoteProtocolError:  # a kept-alive connection the server closed
                    continue
            else:
                raise RuntimeError(f"Bot {n} could not join")
            joined.raise_for_status()
            return bot, client

    made = await asyncio.gather(*(one(share.first + i) for i in range(share.count)))
    await asyncio.to_thread(ready.wait, SETUP_TIMEOUT)
    cpu = time.process_time()
    began = time.perf_counter()
    for bot, _ in made:
        bot.measuring = True
    await asyncio.sleep(share.seconds)
    for bot, _ in made:
        bot.measuring = False
    figures.elapsed = time.perf_counter() - began
    figures.cpu = time.process_time() - cpu
    for bot, client in made:
        await bot.ws.close()
        await client.aclose()
    await asyncio.gather(*readers, return_exceptions=True)
    return figures


def client(share: Share, ready: Any) -> Figures:
    try:
        return uvloop.run(drive(share, ready))
    except BaseException:
        # said at once: the other processes would wait for this one at the barrier
        traceback.print_exc()
        ready.abort()
        raise
