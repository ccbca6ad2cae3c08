"""The Halle's lobby: who is here, which public tables wait, which duels run.

A socket subscribes with ``{"type": "lobby"}`` and gets a ``lobby_state`` read from the
database (never from one process's memory), then ``lobby_events``: every committed
change of a public table goes through the broker's ``lobby`` channel, so every process
shows the same lobby. An entry carries its table's version; a client keeps an entry only
if the event's version is newer than the one it has (the events of two tables may come
in any order, those of one table never overtake each other). After a reconnect, or when
the broker lost messages, the client gets a fresh ``lobby_state``.

The changes are **coalesced** where they are committed: a process keeps the newest row
of each changed table and publishes them as one batch — opened, taken and closed tables
within ``lobby_prompt`` seconds, the disc counts of running duels at most every
``lobby_interval`` seconds. A batch's entries are made once and its frame is encoded once
for every watcher, so 200 watchers cost a move next to nothing (docs/benchmarks.md).
Onlooker counts (``lobby_onlookers``) travel with the tables' presence: every process
hears them and tells its own watchers with its next frame — of listed tables only: no
lobby message carries anything of a private table or of a quick pairing's search.

The number of players online is each process's count of players with a socket,
published on the same channel and summed by every process. The same messages say who
came and who left, so every process knows who has a socket anywhere (:meth:`Lobby.here`):
a waiting table is listed only while its opener is here — ``away_after`` seconds after
their last socket closed it leaves the lobby, and it comes back when they return.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from reversi.duel import messages as out
from reversi.duel.table import Status
from reversi.duel.views import table_view
from reversi.server.duels.lobby_listing import (
    SHOWN,
    entry,
    listable,
    listed,
    prompt,
    same_but_moves,
)
from reversi.server.duels.players_here import CHANNEL, PlayersHere
from reversi.server.settings import duel_rules
from reversi.server.ws.connection import Announcement
from reversi.storage import Store, TableRecord

if TYPE_CHECKING:
    from reversi.duel.position_cache import Positions
    from reversi.server.broker import Broker
    from reversi.server.settings import Settings
    from reversi.server.ws.connection import Connection

log = logging.getLogger("reversi.lobby")


class Lobby(PlayersHere):
    """This process's lobby subscribers, and the lobby's events on the broker."""

    def __init__(
        self, store: Store, broker: Broker, positions: Positions, settings: Settings
    ) -> None:
        super().__init__(broker, settings)
        self.store = store
        self.rules = duel_rules(settings)
        #: the rows and boards the duel service knows (the same object)
        self.positions = positions
        self.watchers: set[Connection] = set()
        self._asked = False
        #: events that came while a subscriber's snapshot was read: sent after it
        self._held: dict[Connection, list[Announcement]] = {}
        #: the onlookers of a table, summed over the processes (the hub's count)
        self.onlookers: Callable[[str], int] = lambda code: 0
        #: committed here, not yet published: code → the newest row and its view
        self._changed: dict[str, tuple[TableRecord, dict[str, Any] | None]] = {}
        self._flush_at: float | None = None
        self._timer: asyncio.TimerHandle | None = None
        #: onlooker counts changed, for this process's watchers' next frame
        self._looked: set[str] = set()
        self._look_timer: asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        #: what this process last published of each listed table
        self._sent: dict[str, dict[str, Any]] = {}
        #: batches published (benchmarks, tests)
        self.batches = 0
        #: the codes this process's watchers may know (in a snapshot or an event): only
        #: their onlooker counts go out
        self.listed: set[str] = set()
        #: players who came or left → when the lobby shows or hides their waiting tables
        self._turned: dict[str, float] = {}
        self._turn_timer: asyncio.TimerHandle | None = None

    # --- publishing (from the service and the hub) --------------------------------------

    async def changed(self, table: TableRecord, view: dict[str, Any] | None = None) -> None:
        """A committed change of ``table``: the lobby adds, updates or drops it with the
        next batch. A private table's code never goes out, not even to drop it; nor a
        search's."""
        if not listable(table):
            return
        self._changed[table.code] = (table, view)
        delay = self.settings.lobby_prompt if prompt(table) else self.settings.lobby_interval
        self._schedule(delay)

    def _schedule(self, delay: float) -> None:
        loop = asyncio.get_running_loop()
        at = loop.time() + delay
        if self._flush_at is not None and self._flush_at <= at:
            return
        if self._timer is not None:
            self._timer.cancel()
        self._flush_at = at
        self._timer = loop.call_later(delay, self._spawn, self.flush)

    def _spawn(self, fn: Callable[[], Any]) -> None:
        task = asyncio.get_running_loop().create_task(fn())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def flush(self) -> None:
        """Publishes every change committed here since the last batch, as one message."""
        self._timer = self._flush_at = None
        changed, self._changed = self._changed, {}
        if not changed:
            return
        now, positions = self.settings.clock(), self.positions
        events: list[dict[str, Any]] = []
        for code, (table, view) in changed.items():
            if view is None:
                view = table_view(table, now, self.rules, positions)
            shown = entry(table, view, self.onlookers(code), self.here(table.seat0))
            if shown is None:
                self._sent.pop(code, None)
                events.append(
                    {"op": "remove", "code": code, "version": table.version, "entry": None}
                )
            elif same_but_moves(self._sent.get(code), shown):
                # a running duel moved on: its counts only (a third of the bytes)
                events.append(
                    {
                        "op": "moved",
                        "code": code,
                        "version": table.version,
                        "counts": shown["counts"],
                        "ply": shown["ply"],
                    }
                )
            else:
                events.append(
                    {"op": "update", "code": code, "version": table.version, "entry": shown}
                )
            if shown is not None:
                self._sent[code] = shown
        self.batches += 1
        try:
            await self.broker.publish(CHANNEL, out.plain(out.LobbyEvents(events=events)))
        except Exception:
            log.exception("publishing the lobby's batch failed")

    def _turn(self, players: Iterable[str], delay: float) -> None:
        """These players came or left: their waiting tables are shown or hidden after
        ``delay`` seconds, as they are then (a page reload does not blink)."""
        if not self.watchers:
            return
        loop = asyncio.get_running_loop()
        at = loop.time() + delay
        for player in players:
            self._turned[player] = at
        if not self._turned:
            return
        first = at if players else min(self._turned.values())
        if self._turn_timer is not None:
            if self._turn_timer.when() <= first:
                return
            self._turn_timer.cancel()
        self._turn_timer = loop.call_at(first, self._spawn, self._tell_turned)

    async def _tell_turned(self) -> None:
        self._turn_timer = None
        now = asyncio.get_running_loop().time()
        due = [p for p, at in self._turned.items() if at <= now + 0.001]
        for player in due:
            del self._turned[player]
        if self._turned:  # the next due
            self._turn((), 0.0)
        if not due or not self.watchers:
            return
        try:
            tables = await self.store.read(lambda rows: rows.waiting_of(due, Status.WAITING))
        except Exception:
            log.exception("reading the tables of players who came or left failed")
            return
        events = []
        for table in tables:
            if not listable(table):
                continue
            view = table_view(table, self.settings.clock(), self.rules, self.positions)
            shown = entry(table, view, self.onlookers(table.code), self.here(table.seat0))
            events.append(
                {
                    "op": "remove" if shown is None else "update",
                    "code": table.code,
                    "version": table.version,
                    "entry": shown,
                }
            )
        if events:
            self._share(out.plain(out.LobbyEvents(events=events)))

    # --- onlookers ---------------------------------------------------------------------

    def looked(self, code: str) -> None:
        """The onlookers of ``code`` changed (heard from any process): this process's
        watchers learn it with their next frame, at most ``lobby_interval`` from now —
        if the lobby lists it (no private table, no search)."""
        if not self.watchers or code not in self.listed:
            return
        self._looked.add(code)
        if self._look_timer is None:
            self._look_timer = asyncio.get_running_loop().call_later(
                self.settings.lobby_interval, self._tell_looked
            )

    def _tell_looked(self) -> None:
        self._look_timer = None
        looked, self._looked = self._looked & self.listed, set()
        if looked:
            counts = {code: self.onlookers(code) for code in sorted(looked)}
            self._tell(out.plain(out.LobbyOnlookers(onlookers=counts)))

    async def stop(self) -> None:
        for timer in (self._timer, self._look_timer, self._turn_timer):
            if timer is not None:
                timer.cancel()
        self._timer = self._flush_at = self._look_timer = self._turn_timer = None
        for task in list(self._tasks):
            task.cancel()

    # --- from the broker -------------------------------------------------------------

    async def on_message(self, message: dict[str, Any], local: int) -> None:
        kind = message.get("type")
        if kind == "lobby_events":
            for event in message["events"]:
                if event["op"] == "remove":  # ended on any process: forget it here too
                    self._sent.pop(event["code"], None)
            self._share(message)
        elif kind == "online":
            before = self.total()
            self.online[message["process"]] = (int(message["count"]), self.settings.clock())
            self._heard_players(message)
            if self.total() != before:
                self._tell(out.plain(out.LobbyOnline(online=self.total())))
        elif kind == "online_query" and message["process"] != self.process:
            await self.count_online(local)

    def _share(self, message: dict[str, Any]) -> None:
        """A batch of events to every watcher (after its snapshot if that is being
        read), with the onlooker counts of listed tables that changed since the last."""
        for event in message["events"]:
            if event["op"] == "remove":
                self.listed.discard(event["code"])
            else:
                self.listed.add(event["code"])
        looked = self._looked & self.listed
        if looked:  # the onlooker counts ride along
            counts = {code: self.onlookers(code) for code in sorted(looked)}
            message = out.plain(out.LobbyEvents(events=message["events"], onlookers=counts))
        if self._looked:
            self._looked.clear()
            if self._look_timer is not None:
                self._look_timer.cancel()
                self._look_timer = None
        shared = Announcement(message)
        for conn in list(self.watchers):
            held = self._held.get(conn)
            if held is None:
                conn.put("shared", shared)
            else:
                held.append(shared)

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
                await self.broker.publish(
                    CHANNEL, {"type": "online_query", "process": self.process}
                )
            conn.send(out.with_id(await self.snapshot(conn.player.id), request_id))
        finally:
            self._held.pop(conn, None)
        for shared in held:
            conn.put("shared", shared)

    def unsubscribe(self, conn: Connection) -> None:
        self.watchers.discard(conn)
        self._held.pop(conn, None)

    async def snapshot(self, player_id: str) -> out.LobbyState:
        """The lobby as the database has it now, for one player."""
        tables = await self.store.read(listed)
        now, positions = self.settings.clock(), self.positions
        tables_: list[dict[str, Any]] = []
        duels: list[dict[str, Any]] = []
        mine: list[str] = []
        for table in tables:
            shown = entry(
                table,
                table_view(table, now, self.rules, positions),
                self.onlookers(table.code),
                self.here(table.seat0),
            )
            if shown is None or (table.status == Status.WAITING and len(tables_) >= SHOWN):
                continue
            self.listed.add(table.code)
            (tables_ if table.status == Status.WAITING else duels).append(shown)
            if player_id in (table.seat0, table.seat1):
                mine.append(table.code)
        return out.LobbyState(tables=tables_, duels=duels, online=max(self.total(), 1), mine=mine)

    async def resync(self) -> None:
        """After the broker lost messages: every subscriber gets a fresh snapshot."""
        for conn in list(self.watchers):
            try:
                conn.send(await self.snapshot(conn.player.id))
            except Exception:
                log.exception("lobby resync failed")
            await asyncio.sleep(0)
