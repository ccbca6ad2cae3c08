"""Every statement on the duel rows, on one synchronous SQLAlchemy ``Connection``.

A :class:`~reversi.storage.store.Store` runs a function of :class:`Rows` as one read
or one write transaction; the SQLite store's writes use :class:`SqliteRows`, whose
hot statements are plain SQL on the ``sqlite3`` connection (building and compiling a
SQLAlchemy statement costs several times what SQLite needs to run it, and the writer
thread holds the GIL all that time). They write the same columns in the same JSON,
so either side reads them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

import orjson
from sqlalchemy import delete, false, func, insert, select, text, true, update
from sqlalchemy.engine import Connection
from sqlalchemy.sql import Select

from reversi.storage.records import (
    TABLE_FIELDS,
    ChatRecord,
    Conflict,
    EventRecord,
    PlayerRecord,
    TableRecord,
)
from reversi.storage.schema import CHAT, EVENTS, META, PLAYERS, RESULTS, TABLES, TRANSFERS

#: chat lines kept per table, and events kept per table for resync
CHAT_KEPT = 100
EVENTS_KEPT = 200
#: old events go on every save whose last version is a multiple of this
TRIM_EVERY = 20
#: the columns a save writes, and those that hold JSON
COLUMNS = [name for name in TABLE_FIELDS if name != "id"]
JSON_COLUMNS = frozenset({"rules", "extra"})


def trimmed_below(last_version: int) -> int | None:
    """The events at or below this version go when ``last_version`` is saved (None: none)."""
    if last_version > EVENTS_KEPT and last_version % TRIM_EVERY == 0:
        return last_version - EVENTS_KEPT
    return None


def json_text(value: Any) -> str:
    return orjson.dumps(value).decode()


def row_values(table: TableRecord) -> list[Any]:
    """The values of :data:`COLUMNS`, the JSON ones as text."""
    return [
        json_text(getattr(table, c)) if c in JSON_COLUMNS else getattr(table, c) for c in COLUMNS
    ]


class Rows:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    # --- tables ----------------------------------------------------------------

    def table(self, code: str, *, lock: bool = False) -> TableRecord | None:
        """The row of ``code``; ``lock``: locked for this transaction (PostgreSQL)."""
        query = select(TABLES).where(TABLES.c.code == code)
        if lock:
            query = query.with_for_update()
        row = self.conn.execute(query).mappings().first()
        return None if row is None else TableRecord(**{k: row[k] for k in TABLE_FIELDS})

    def add_table(self, table: TableRecord) -> TableRecord:
        result = self.conn.execute(insert(TABLES).values(**table.values()))
        assert result.inserted_primary_key is not None
        table.id = result.inserted_primary_key[0]
        return table

    def add_tables(self, tables: list[TableRecord]) -> None:
        """Inserts new tables in one statement and sets their ids."""
        if tables:
            ids = self.conn.execute(
                insert(TABLES).returning(TABLES.c.id, sort_by_parameter_order=True),
                [t.values() for t in tables],
            )
            for table, (table_id,) in zip(tables, ids, strict=True):
                table.id = table_id

    def save_table(self, table: TableRecord, expected_version: int) -> None:
        """Writes the row if nobody wrote it since ``expected_version``, else :class:`Conflict`."""
        result = self.conn.execute(
            update(TABLES)
            .where(TABLES.c.id == table.id, TABLES.c.version == expected_version)
            .values(**table.values())
        )
        if result.rowcount != 1:
            raise Conflict(f"table {table.code} changed since version {expected_version}")

    def tables(self, query: Select[Any]) -> list[TableRecord]:
        """The tables ``query`` selects (``select(TABLES)…``)."""
        rows = self.conn.execute(query).mappings()
        return [TableRecord(**{k: row[k] for k in TABLE_FIELDS}) for row in rows]

    def tables_of(self, player_id: str, statuses: Iterable[str]) -> list[TableRecord]:
        return self.tables(
            select(TABLES)
            .where(
                (TABLES.c.seat0 == player_id) | (TABLES.c.seat1 == player_id),
                TABLES.c.status.in_(list(statuses)),
            )
            .order_by(TABLES.c.id)
        )

    def by_status(
        self, status: str, limit: int, marked: Mapping[str, bool] | None = None
    ) -> list[TableRecord]:
        """Up to ``limit`` tables in ``status``, oldest first (the lobby, quick pairing);
        ``marked``: only those whose flag of this name in ``extra`` is set (True) or
        not (False) — chosen by the database, so that no other kind crowds them out."""
        query = select(TABLES).where(TABLES.c.status == status)
        for name, wanted in (marked or {}).items():
            flag = func.coalesce(TABLES.c.extra[name].as_boolean(), false())
            query = query.where(flag == (true() if wanted else false()))
        return self.tables(query.order_by(TABLES.c.id).limit(limit))

    def waiting_of(self, openers: Iterable[str], status: str) -> list[TableRecord]:
        """The tables in ``status`` whose seat 0 is one of ``openers``."""
        wanted = sorted(set(openers))
        if not wanted:
            return []
        return self.tables(
            select(TABLES)
            .where(TABLES.c.status == status, TABLES.c.seat0.in_(wanted))
            .order_by(TABLES.c.id)
        )

    def last_opponent(self, player_id: str) -> str | None:
        """Whom the player last sat at a table with (None: nobody yet)."""
        row = self.conn.execute(
            select(TABLES.c.seat0, TABLES.c.seat1)
            .where(
                (TABLES.c.seat0 == player_id) | (TABLES.c.seat1 == player_id),
                TABLES.c.seat0.is_not(None),
                TABLES.c.seat1.is_not(None),
            )
            .order_by(TABLES.c.id.desc())
            .limit(1)
        ).first()
        if row is None:
            return None
        return str(row[1] if row[0] == player_id else row[0])

    def serialize(self, key: int) -> None:
        """Transactions that call this with the same ``key`` run one after the other:
        PostgreSQL's transaction lock; SQLite writes one transaction at a time anyway."""
        if self.conn.dialect.name == "postgresql":
            self.conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": key})

    def overdue(self, status: str, now: float) -> list[str]:
        """Codes of tables in ``status`` whose turn deadline lies before ``now``."""
        rows = self.conn.execute(
            select(TABLES.c.code)
            .where(TABLES.c.status == status, TABLES.c.turn_deadline < now)
            .order_by(TABLES.c.turn_deadline)
            .limit(500)
        )
        return [code for (code,) in rows]

    def waiting(self, status: str) -> list[tuple[str, str | None]]:
        """Codes and openers (seat 0) of all tables in ``status`` without a clock."""
        rows = self.conn.execute(
            select(TABLES.c.code, TABLES.c.seat0)
            .where(TABLES.c.status == status, TABLES.c.turn_deadline.is_(None))
            .order_by(TABLES.c.id)
        )
        return [(code, opener) for code, opener in rows]

    def running(self, status: str) -> list[str]:
        """Codes of all tables in ``status`` whose clock runs."""
        rows = self.conn.execute(
            select(TABLES.c.code)
            .where(TABLES.c.status == status, TABLES.c.turn_deadline.is_not(None))
            .order_by(TABLES.c.id)
        )
        return [code for (code,) in rows]

    # --- events ----------------------------------------------------------------

    def add_events(self, table_id: int, events: Iterable[EventRecord]) -> None:
        rows = [e.values(table_id) for e in events]
        if not rows:
            return
        self.conn.execute(insert(EVENTS), rows)
        below = trimmed_below(rows[-1]["version"])
        if below is not None:
            self.conn.execute(
                delete(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.version <= below)
            )

    def add_first_events(self, events: Mapping[int, Iterable[EventRecord]]) -> None:
        """The first events of new tables (by table id), in one statement."""
        rows = [e.values(table_id) for table_id, some in events.items() for e in some]
        if rows:
            self.conn.execute(insert(EVENTS), rows)

    def events_after(self, table_id: int, version: int) -> list[EventRecord]:
        rows = self.conn.execute(
            select(EVENTS)
            .where(EVENTS.c.table_id == table_id, EVENTS.c.version > version)
            .order_by(EVENTS.c.version)
        ).mappings()
        return [
            EventRecord(
                version=r["version"],
                kind=r["kind"],
                payload=r["payload"],
                audience=r["audience"],
                at=r["at"],
            )
            for r in rows
        ]

    # --- chat ------------------------------------------------------------------

    def add_chat(self, table_id: int, line: ChatRecord) -> int:
        result = self.conn.execute(
            insert(CHAT).values(table_id=table_id, seat=line.seat, text=line.text, at=line.at)
        )
        assert result.inserted_primary_key is not None
        line.id = int(result.inserted_primary_key[0])
        keep = (
            select(CHAT.c.id)
            .where(CHAT.c.table_id == table_id)
            .order_by(CHAT.c.id.desc())
            .limit(CHAT_KEPT)
        )
        self.conn.execute(
            delete(CHAT).where(
                CHAT.c.table_id == table_id,
                CHAT.c.id < select(func.min(keep.subquery().c.id)).scalar_subquery(),
            )
        )
        return line.id

    def chat(self, table_id: int) -> list[ChatRecord]:
        rows = self.conn.execute(
            select(CHAT).where(CHAT.c.table_id == table_id).order_by(CHAT.c.id)
        ).mappings()
        return [ChatRecord(seat=r["seat"], text=r["text"], at=r["at"], id=r["id"]) for r in rows]

    # --- players ---------------------------------------------------------------

    def add_player(self, player: PlayerRecord) -> None:
        self.conn.execute(insert(PLAYERS).values(**dataclasses.asdict(player)))

    def player(self, player_id: str) -> PlayerRecord | None:
        row = self.conn.execute(select(PLAYERS).where(PLAYERS.c.id == player_id)).mappings().first()
        return None if row is None else PlayerRecord(**row)

    def players(self, ids: Iterable[str]) -> dict[str, PlayerRecord]:
        wanted = sorted(set(ids))
        if not wanted:
            return {}
        rows = self.conn.execute(select(PLAYERS).where(PLAYERS.c.id.in_(wanted))).mappings()
        return {row["id"]: PlayerRecord(**row) for row in rows}

    def set_nickname(self, player_id: str, nickname: str) -> None:
        self.conn.execute(
            update(PLAYERS).where(PLAYERS.c.id == player_id).values(nickname=nickname)
        )

    def bump_generation(self, player_id: str) -> int:
        self.conn.execute(
            update(PLAYERS)
            .where(PLAYERS.c.id == player_id)
            .values(generation=PLAYERS.c.generation + 1)
        )
        player = self.player(player_id)
        assert player is not None
        return player.generation

    # --- transfer --------------------------------------------------------------

    def add_transfer(
        self, token_hash: str, code_hash: str, player_id: str, now: float, expires_at: float
    ) -> None:
        self.conn.execute(
            insert(TRANSFERS).values(
                token_hash=token_hash,
                code_hash=code_hash,
                player_id=player_id,
                created_at=now,
                expires_at=expires_at,
            )
        )

    def take_transfer(
        self, *, token_hash: str | None, code_hash: str | None, now: float
    ) -> str | None:
        """Marks an unused, unexpired token used and returns its player (once)."""
        column = TRANSFERS.c.token_hash if token_hash else TRANSFERS.c.code_hash
        key = token_hash or code_hash
        row = self.conn.execute(
            select(TRANSFERS.c.token_hash, TRANSFERS.c.player_id).where(
                column == key, TRANSFERS.c.used_at.is_(None), TRANSFERS.c.expires_at > now
            )
        ).first()
        if row is None:
            return None
        result = self.conn.execute(
            update(TRANSFERS)
            .where(TRANSFERS.c.token_hash == row[0], TRANSFERS.c.used_at.is_(None))
            .values(used_at=now)
        )
        return str(row[1]) if result.rowcount == 1 else None

    def transfer_hashes(self, player_id: str, now: float) -> list[str]:
        rows = self.conn.execute(
            select(TRANSFERS.c.token_hash, TRANSFERS.c.code_hash).where(
                TRANSFERS.c.player_id == player_id,
                TRANSFERS.c.used_at.is_(None),
                TRANSFERS.c.expires_at > now,
            )
        )
        return [h for row in rows for h in row]

    # --- results and meta ------------------------------------------------------

    def results(self, game: str | None = None) -> list[dict[str, Any]]:
        query = select(RESULTS).order_by(RESULTS.c.id)
        if game:
            query = query.where(RESULTS.c.game == game)
        return [dict(row) for row in self.conn.execute(query).mappings()]

    def meta(self, key: str, lock: bool = False) -> float | None:
        """A meta value; ``lock``: its row locked until the transaction ends (PostgreSQL:
        ``FOR UPDATE``; SQLite's write transaction holds the whole file)."""
        query = select(META.c.value).where(META.c.key == key)
        if lock and self.conn.dialect.name == "postgresql":
            query = query.with_for_update()
        row = self.conn.execute(query).first()
        return None if row is None else float(row[0])

    def set_meta(self, key: str, value: float) -> None:
        result = self.conn.execute(update(META).where(META.c.key == key).values(value=value))
        if result.rowcount == 0:
            self.conn.execute(insert(META).values(key=key, value=value))


_SELECT_TABLE = f"SELECT {', '.join(TABLE_FIELDS)} FROM tables WHERE code = ?"
_UPDATE_TABLE = (
    f"UPDATE tables SET {', '.join(f'{c} = ?' for c in COLUMNS)} WHERE id = ? AND version = ?"
)
_INSERT_EVENT = (
    "INSERT INTO table_events (table_id, version, kind, payload, audience, at) "
    "VALUES (?, ?, ?, ?, ?, ?)"
)
_TRIM_EVENTS = "DELETE FROM table_events WHERE table_id = ? AND version <= ?"


class SqliteRows(Rows):
    """The same statements on SQLite, the hot ones as plain SQL on ``sqlite3``."""

    def __init__(self, conn: Connection) -> None:
        super().__init__(conn)
        raw: Any = conn.connection.driver_connection
        self.raw = raw

    def table(self, code: str, *, lock: bool = False) -> TableRecord | None:
        row = self.raw.execute(_SELECT_TABLE, (code,)).fetchone()
        if row is None:
            return None
        values = dict(zip(TABLE_FIELDS, row, strict=True))
        for name in JSON_COLUMNS:
            values[name] = orjson.loads(values[name])
        return TableRecord(**values)

    def save_table(self, table: TableRecord, expected_version: int) -> None:
        cursor = self.raw.execute(_UPDATE_TABLE, [*row_values(table), table.id, expected_version])
        if cursor.rowcount != 1:
            raise Conflict(f"table {table.code} changed since version {expected_version}")

    def add_events(self, table_id: int, events: Iterable[EventRecord]) -> None:
        rows = [
            (table_id, e.version, e.kind, json_text(e.payload), e.audience, e.at) for e in events
        ]
        if not rows:
            return
        self.raw.executemany(_INSERT_EVENT, rows)
        below = trimmed_below(rows[-1][1])
        if below is not None:
            self.raw.execute(_TRIM_EVENTS, (table_id, below))
