"""A scripted player of the load benchmark, and what the players saw."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection

#: how long a move may wait for its ack before it counts as an error
ACK_TIMEOUT = 10.0


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
