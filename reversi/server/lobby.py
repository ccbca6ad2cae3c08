"""The Halle's lobby: who is here, which public tables wait, which duels run.

A socket subscribes with ``{"type": "lobby"}`` and gets a ``lobby_state`` read from the
database (never from one process's memory), then ``lobby_event``s: every committed
change of a public table goes through the broker's ``lobby`` channel, so every process
shows the same lobby. An entry carries its table's version; a client keeps an entry only
if the event's version is newer than the one it has (the events of two tables may come
in any order, those of one table never overtake each other). After a reconnect, or when
the broker lost messages, the client gets a fresh ``lobby_state``.

The number of players online is each process's count of players with a socket,
published on the same channel and summed by every process.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from reversi.server.connection import Announcement
from reversi.server.table import OPEN, Status, extra
from reversi.server.views import table_view
from reversi.storage import Rows, TableRecord

if TYPE_CHECKING:
    from reversi.server.connection import Connection
    from reversi.server.service import DuelService
    from reversi.server.settings import Settings

log = logging.getLogger("reversi.lobby")

CHANNEL = "lobby"
#: the lobby lists at most this many tables of each kind
SHOWN = 500


def is_private(table: TableRecord) -> bool:
    return bool(extra(table).get("private"))


def entry(table: TableRecord, view: dict[str, Any]) -> dict[str, Any] | None:
    """What the lobby shows of a table, or None when it does not show it (a private
    table, a game that is over). Like the table's view it holds no player ids."""
    if is_private(table) or table.status not in OPEN:
        return None
    game = view.get("game")
    return {
        "code": table.code, "status": str(table.status), "version": table.version,
        "rules": table.rules, "since": table.created_at,
        "seats": [None if s["free"] else {"name": s["name"], "level": s.get("level"),
                                          "color": s["color"]} for s in view["seats"]],
        "counts": game["counts"] if game else None,
        "ply": game["ply"] if game else 0,
        "link": f"/tisch/{table.code}",
    }


def listed(rows: Rows) -> list[TableRecord]:
    """The lobby's tables from the database: waiting ones first, oldest first."""
    waiting = rows.by_status(Status.WAITING, SHOWN * 2)
    playing = rows.by_status(Status.PLAYING, SHOWN)
    return [t for t in waiting if not is_private(t)][:SHOWN] + playing


class Lobby:
    """This process's lobby subscribers, and the lobby's events on the broker."""

    def __init__(self, service: DuelService, settings: Settings) -> None:
        self.service = service
        self.settings = settings
        self.broker = service.broker
        self.watchers: set[Connection] = set()
        #: process → how many players have a socket there
        self.online: dict[str, int] = {}
        self._asked = False
        #: events that came while a subscriber's snapshot was read: sent after it
        self._held: dict[Connection, list[Announcement]] = {}

    # --- publishing (from the service and the hub) --------------------------------------

    async def changed(self, table: TableRecord, view: dict[str, Any] | None = None) -> None:
        """A committed change of ``table``: the lobby adds, updates or drops it. A
        private table's code never goes out, not even to drop it."""
        if is_private(table):
            return
        if view is None:
            view = table_view(table, self.service.now, self.settings, self.service.positions)
        shown = entry(table, view)
        await self.broker.publish(CHANNEL, {
            "type": "lobby_event", "op": "update" if shown else "remove",
            "code": table.code, "version": table.version, "entry": shown})

    async def count_online(self, count: int) -> None:
        """This process now has ``count`` players with a socket."""
        await self.broker.publish(CHANNEL, {"type": "online", "process": self.process,
                                            "count": count})

    @property
    def process(self) -> str:
        return self.settings.process_id

    # --- from the broker -------------------------------------------------------------

    async def on_message(self, message: dict[str, Any], local: int) -> None:
        kind = message.get("type")
        if kind == "lobby_event":
            shared = Announcement(message)
            for conn in list(self.watchers):
                held = self._held.get(conn)
                if held is None:
                    conn.put("shared", shared)
                else:
                    held.append(shared)
        elif kind == "online":
            before = self.total()
            self.online[message["process"]] = int(message["count"])
            if self.total() != before:
                self._tell({"type": "lobby_online", "online": self.total()})
        elif kind == "online_query" and message["process"] != self.process:
            await self.count_online(local)

    def total(self) -> int:
        return sum(self.online.values())

    def _tell(self, message: dict[str, Any]) -> None:
        shared = Announcement(message)
        for conn in list(self.watchers):
            conn.put("shared", shared)

    # --- subscribing --------------------------------------------------------------------

    async def subscribe(self, conn: Connection, request_id: Any = None) -> None:
        """Sends the snapshot, then every event committed since it was read (the
        client drops those its snapshot already holds by their versions)."""
        self.watchers.add(conn)
        held = self._held[conn] = []
        try:
            if not self._asked and self.broker.remote:
                self._asked = True  # the other processes tell their counts once
                await self.broker.publish(CHANNEL, {"type": "online_query",
                                                    "process": self.process})
            conn.send({"id": request_id, **await self.snapshot(conn.player.id)})
        finally:
            self._held.pop(conn, None)
        for shared in held:
            conn.put("shared", shared)

    def unsubscribe(self, conn: Connection) -> None:
        self.watchers.discard(conn)
        self._held.pop(conn, None)

    async def snapshot(self, player_id: str) -> dict[str, Any]:
        """The lobby as the database has it now, for one player."""
        tables = await self.service.store.read(listed)
        now, positions = self.service.now, self.service.positions
        tables_: list[dict[str, Any]] = []
        duels: list[dict[str, Any]] = []
        mine: list[str] = []
        for table in tables:
            shown = entry(table, table_view(table, now, self.settings, positions))
            if shown is None:
                continue
            (tables_ if table.status == Status.WAITING else duels).append(shown)
            if player_id in (table.seat0, table.seat1):
                mine.append(table.code)
        return {"type": "lobby_state", "tables": tables_, "duels": duels,
                "online": max(self.total(), 1), "mine": mine}

    async def resync(self) -> None:
        """After the broker lost messages: every subscriber gets a fresh snapshot."""
        for conn in list(self.watchers):
            try:
                conn.send(await self.snapshot(conn.player.id))
            except Exception:
                log.exception("lobby resync failed")
            await asyncio.sleep(0)
