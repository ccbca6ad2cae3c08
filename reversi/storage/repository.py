"""The repository: every read and write of the hall's duel data, in transactions.

``async with repo.write() as tx`` holds the write lock (SQLite) or a row lock
(``SELECT … FOR UPDATE`` on PostgreSQL) for the table it loads; a table row is saved
only if its version is still the one that was loaded, so of two racing writers
exactly one wins (the other gets :class:`Conflict`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from typing import Any, TypeVar, cast

from sqlalchemy import Table as SqlTable
from sqlalchemy import insert, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from reversi.storage.db import Database
from reversi.storage.models import Meta, Player, TransferToken
from reversi.storage.records import (
    TABLE_FIELDS,
    ChatRecord,
    Conflict,
    EventRecord,
    PlayerRecord,
    TableRecord,
)
from reversi.storage.writes import (
    CHAT,
    CHAT_KEPT,
    EVENTS,
    EVENTS_KEPT,
    PG_SAVE,
    RESULTS,
    TABLES,
    SqliteWrites,
    Writes,
    pg_save_args,
    saved_events,
)

PLAYERS = cast(SqlTable, Player.__table__)
TRANSFERS = cast(SqlTable, TransferToken.__table__)
META = cast(SqlTable, Meta.__table__)
T = TypeVar("T")

__all__ = ["CHAT_KEPT", "EVENTS_KEPT", "ChatRecord", "Conflict", "EventRecord", "PlayerRecord",
           "Repository", "TableRecord", "Tx", "Writes"]




class Tx:
    """The operations of one transaction."""

    def __init__(self, conn: AsyncConnection, *, lock_rows: bool) -> None:
        self.conn = conn
        self._lock_rows = lock_rows

    # --- writes (see writes.py) ---------------------------------------------------

    async def run(self, fn: Callable[[Writes], T]) -> T:
        """Runs synchronous writes inside this transaction."""
        return await self.conn.run_sync(lambda conn: fn(Writes(conn)))

    async def add_table(self, table: TableRecord) -> TableRecord:
        return await self.run(lambda w: w.add_table(table))

    async def save_table(self, table: TableRecord, expected_version: int) -> None:
        """Writes the row if nobody wrote it since ``expected_version``, else :class:`Conflict`."""
        await self.run(lambda w: w.save_table(table, expected_version))

    async def add_events(self, table_id: int, events: Iterable[EventRecord]) -> None:
        await self.run(lambda w: w.add_events(table_id, events))

    async def add_chat(self, table_id: int, line: ChatRecord) -> int:
        return await self.run(lambda w: w.add_chat(table_id, line))

    async def record_result(self, game: str, source: str, players: list[dict[str, Any]],
                            outcome: dict[str, Any], finished_at: float) -> bool:
        """Records a finished game once; False when ``source`` was recorded before."""
        return await self.run(
            lambda w: w.record_result(game, source, players, outcome, finished_at))

    # --- players ---------------------------------------------------------------

    async def add_player(self, player: PlayerRecord) -> None:
        await self.conn.execute(insert(PLAYERS).values(**dataclasses.asdict(player)))

    async def player(self, player_id: str) -> PlayerRecord | None:
        row = (await self.conn.execute(
            select(PLAYERS).where(PLAYERS.c.id == player_id))).mappings().first()
        return None if row is None else PlayerRecord(**row)

    async def players(self, ids: Iterable[str]) -> dict[str, PlayerRecord]:
        wanted = sorted(set(ids))
        if not wanted:
            return {}
        rows = (await self.conn.execute(
            select(PLAYERS).where(PLAYERS.c.id.in_(wanted)))).mappings()
        return {row["id"]: PlayerRecord(**row) for row in rows}

    async def set_nickname(self, player_id: str, nickname: str) -> None:
        await self.conn.execute(
            update(PLAYERS).where(PLAYERS.c.id == player_id).values(nickname=nickname))

    async def bump_generation(self, player_id: str) -> int:
        await self.conn.execute(update(PLAYERS).where(PLAYERS.c.id == player_id)
                                .values(generation=PLAYERS.c.generation + 1))
        player = await self.player(player_id)
        assert player is not None
        return player.generation

    # --- tables ----------------------------------------------------------------

    async def table(self, code: str, *, lock: bool = False) -> TableRecord | None:
        query = select(TABLES).where(TABLES.c.code == code)
        if lock and self._lock_rows:
            query = query.with_for_update()
        row = (await self.conn.execute(query)).mappings().first()
        return None if row is None else TableRecord(**{k: row[k] for k in TABLE_FIELDS})

    async def tables_of(self, player_id: str, statuses: Iterable[str]) -> list[TableRecord]:
        rows = (await self.conn.execute(
            select(TABLES).where((TABLES.c.seat0 == player_id) | (TABLES.c.seat1 == player_id),
                                 TABLES.c.status.in_(list(statuses)))
            .order_by(TABLES.c.id))).mappings()
        return [TableRecord(**{k: row[k] for k in TABLE_FIELDS}) for row in rows]

    async def overdue(self, now: float) -> list[str]:
        """Codes of running tables whose turn deadline lies before ``now``."""
        rows = await self.conn.execute(
            select(TABLES.c.code).where(TABLES.c.status == "playing",
                                        TABLES.c.turn_deadline < now)
            .order_by(TABLES.c.turn_deadline).limit(500))
        return [code for (code,) in rows]

    async def running(self) -> list[str]:
        """Codes of all tables whose clock runs."""
        rows = await self.conn.execute(
            select(TABLES.c.code).where(TABLES.c.status == "playing",
                                        TABLES.c.turn_deadline.is_not(None))
            .order_by(TABLES.c.id))
        return [code for (code,) in rows]

    async def shift_clocks(self, seconds: float) -> int:
        """Moves every running turn's start and deadline later (downtime is not charged)."""
        result = await self.conn.execute(
            update(TABLES).where(TABLES.c.status == "playing",
                                 TABLES.c.turn_deadline.is_not(None))
            .values(turn_started_at=TABLES.c.turn_started_at + seconds,
                    turn_deadline=TABLES.c.turn_deadline + seconds))
        return int(result.rowcount)

    # --- events ----------------------------------------------------------------

    async def events_after(self, table_id: int, version: int) -> list[EventRecord]:
        rows = (await self.conn.execute(
            select(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.version > version)
            .order_by(EVENTS.c.version))).mappings()
        return [EventRecord(version=r["version"], kind=r["kind"], payload=r["payload"],
                            audience=r["audience"], at=r["at"]) for r in rows]

    # --- chat ------------------------------------------------------------------

    async def chat(self, table_id: int) -> list[ChatRecord]:
        rows = (await self.conn.execute(
            select(CHAT).where(CHAT.c.table_id == table_id).order_by(CHAT.c.id))).mappings()
        return [ChatRecord(seat=r["seat"], text=r["text"], at=r["at"], id=r["id"]) for r in rows]

    # --- transfer --------------------------------------------------------------

    async def add_transfer(self, token_hash: str, code_hash: str, player_id: str,
                           now: float, expires_at: float) -> None:
        await self.conn.execute(insert(TRANSFERS).values(
            token_hash=token_hash, code_hash=code_hash, player_id=player_id,
            created_at=now, expires_at=expires_at))

    async def take_transfer(self, *, token_hash: str | None, code_hash: str | None,
                            now: float) -> str | None:
        """Marks an unused, unexpired token used and returns its player (once)."""
        column = TRANSFERS.c.token_hash if token_hash else TRANSFERS.c.code_hash
        key = token_hash or code_hash
        row = (await self.conn.execute(
            select(TRANSFERS.c.token_hash, TRANSFERS.c.player_id)
            .where(column == key, TRANSFERS.c.used_at.is_(None),
                   TRANSFERS.c.expires_at > now))).first()
        if row is None:
            return None
        result = await self.conn.execute(
            update(TRANSFERS).where(TRANSFERS.c.token_hash == row[0],
                                    TRANSFERS.c.used_at.is_(None)).values(used_at=now))
        return str(row[1]) if result.rowcount == 1 else None

    async def transfer_hashes(self, player_id: str, now: float) -> list[str]:
        rows = await self.conn.execute(
            select(TRANSFERS.c.token_hash, TRANSFERS.c.code_hash)
            .where(TRANSFERS.c.player_id == player_id, TRANSFERS.c.used_at.is_(None),
                   TRANSFERS.c.expires_at > now))
        return [h for row in rows for h in row]

    # --- results ---------------------------------------------------------------

    async def results(self, game: str | None = None) -> list[dict[str, Any]]:
        query = select(RESULTS).order_by(RESULTS.c.id)
        if game:
            query = query.where(RESULTS.c.game == game)
        return [dict(row) for row in (await self.conn.execute(query)).mappings()]

    # --- meta ------------------------------------------------------------------

    async def meta(self, key: str) -> float | None:
        row = (await self.conn.execute(select(META.c.value).where(META.c.key == key))).first()
        return None if row is None else float(row[0])

    async def set_meta(self, key: str, value: float) -> None:
        await self.run(lambda w: w.set_meta(key, value))


class Repository:
    def __init__(self, db: Database) -> None:
        self.db = db

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Tx]:
        async with self.db.write() as conn:
            yield Tx(conn, lock_rows=not self.db.is_sqlite)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        async with self.db.read() as conn:
            yield Tx(conn, lock_rows=False)

    async def save(self, table: TableRecord, expected_version: int,
                   events: list[EventRecord]) -> None:
        """Saves a changed row and its events if nobody wrote the row since
        ``expected_version``, else :class:`Conflict` (and nothing is written).

        On PostgreSQL this is one statement outside any transaction, straight on
        asyncpg (``direct.py``): one round trip.
        """
        if not events:
            raise ValueError("a change has events")
        direct = self.db.direct
        if direct is None:
            def write(w: Writes) -> None:
                w.save_table(table, expected_version)
                w.add_events(table.id or 0, events)

            await self.transaction(write)
            return
        status = await direct.execute(PG_SAVE, *pg_save_args(table, expected_version, events))
        if saved_events(status) != len(events):
            raise Conflict(f"table {table.code} changed since version {expected_version}")

    async def transaction(self, fn: Callable[[Writes], T]) -> T:
        """Runs ``fn`` as one write transaction, in one hop to SQLite's writer thread."""
        writes = SqliteWrites if self.db.is_sqlite else Writes
        return await self.db.run_write(lambda conn: fn(writes(conn)))
