"""Who has a table open, over all processes: each seat's player (``presence``) and the
onlookers (``onlookers``: how many players watch without a seat).

Every process counts its own sockets and publishes its counts on the table's channel;
every process hears every table's counts (the broker delivers every channel to
everyone) and sums them, so the table page and the lobby show the same numbers
everywhere. A process that starts to follow a table asks the others for theirs.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Callable
from typing import Any, Protocol

from reversi.duel import messages as out
from reversi.server.broker import Broker
from reversi.server.channels import table_channel

log = logging.getLogger("reversi.ws")


class Watcher(Protocol):
    """What presence reads of a socket (``connection.Connection``)."""

    seats: dict[str, int | None]
    seated: set[str]
    closed: bool

    @property
    def player_id(self) -> str: ...

    def send(self, message: dict[str, Any]) -> None: ...


class Presence:
    def __init__(
        self,
        broker: Broker,
        process: str,
        tables: dict[str, set[Any]],
        on_lookers: Callable[[str], None] = lambda code: None,
    ) -> None:
        self.broker = broker
        self.process = process
        #: the hub's sockets by table
        self.tables = tables
        #: code → seat → process → sockets there
        self.seats: dict[str, dict[int, dict[str, int]]] = defaultdict(lambda: {0: {}, 1: {}})
        #: code → process → onlookers there
        self.lookers: dict[str, dict[str, int]] = defaultdict(dict)
        #: this process's last published onlooker count per table
        self._published: dict[str, int] = {}
        #: told when a table's onlooker count changed (the lobby)
        self.on_lookers = on_lookers

    # --- reading --------------------------------------------------------------------

    def of(self, code: str) -> list[bool]:
        seats = self.seats.get(code)
        if seats is None:
            return [False, False]
        return [any(n > 0 for n in seats[0].values()), any(n > 0 for n in seats[1].values())]

    def onlookers(self, code: str) -> int:
        counts = self.lookers.get(code)
        return sum(counts.values()) if counts else 0

    def message(self, code: str) -> out.Presence:
        return out.Presence(code=code, seats=self.of(code), onlookers=self.onlookers(code))

    # --- from the broker --------------------------------------------------------------

    async def on_message(self, code: str, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "presence":
            counts = self.seats[code][message["seat"]]
            before = self.of(code)
            counts[message["process"]] = message["count"]
            if not message["count"]:
                counts.pop(message["process"], None)
            if self.of(code) != before:
                self._tell(code)
        elif kind == "onlookers":
            before_n = self.onlookers(code)
            if message["count"]:
                self.lookers[code][message["process"]] = message["count"]
            else:
                self.lookers[code].pop(message["process"], None)
                if not self.lookers[code]:
                    del self.lookers[code]
            if self.onlookers(code) != before_n:
                self._tell(code)
                self.on_lookers(code)
        elif kind == "presence_query" and message["process"] != self.process:
            for seat in (0, 1):
                count = self.seats[code][seat].get(self.process, 0)
                if count:
                    await self.publish(code, seat, count)
            if self._published.get(code):
                await self._publish_lookers(code, self._published[code])

    def _tell(self, code: str) -> None:
        message = self.message(code)
        for conn in list(self.tables.get(code, ())):
            conn.send(message)

    # --- this process's counts ----------------------------------------------------------

    async def publish(self, code: str, seat: int, count: int) -> None:
        await self.broker.publish(
            table_channel(code),
            {"type": "presence", "process": self.process, "seat": seat, "count": count},
        )

    async def _publish_lookers(self, code: str, count: int) -> None:
        await self.broker.publish(
            table_channel(code), {"type": "onlookers", "process": self.process, "count": count}
        )

    async def query(self, code: str) -> None:
        await self.broker.publish(
            table_channel(code), {"type": "presence_query", "process": self.process}
        )

    def local_count(self, code: str, seat: int) -> int:
        return sum(1 for c in self.tables.get(code, ()) if c.seats.get(code) == seat)

    def local_lookers(self, code: str) -> int:
        """The players here who watch ``code`` without a seat (a player's tabs count once)."""
        return len(
            {
                c.player_id
                for c in self.tables.get(code, ())
                if code in c.seated and c.seats.get(code) is None and not c.closed
            }
        )

    def seat_changed(self, code: str, before: int | None, after: int | None) -> None:
        for seat in {before, after} - {None}:
            assert seat is not None
            self._spawn(self.publish(code, seat, self.local_count(code, seat)))
        self.lookers_changed(code)

    def lookers_changed(self, code: str) -> None:
        """Publishes this process's onlooker count of ``code`` if it changed."""
        count = self.local_lookers(code)
        if count == self._published.get(code, 0):
            return
        if count:
            self._published[code] = count
        else:
            self._published.pop(code, None)
        self._spawn(self._publish_lookers(code, count))

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        task.add_done_callback(_log_failure)


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("presence update failed: %s", task.exception())
