"""The writes that change a table, on a synchronous connection.

They run either inside an async transaction (``Tx`` calls them through ``run_sync``)
or, for the service's hot path, as one whole transaction in SQLite's writer thread
(``Database.run_write``): then a move costs one thread hop instead of one per cursor,
statement and fetch, and SQLite's write lock is held only while the writes run.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

import orjson
from sqlalchemy import Table as SqlTable
from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Connection

from reversi.storage.models import ChatLine, Meta, Result, Table, TableEvent
from reversi.storage.records import TABLE_FIELDS, ChatRecord, Conflict, EventRecord, TableRecord

TABLES = cast(SqlTable, Table.__table__)
EVENTS = cast(SqlTable, TableEvent.__table__)
CHAT = cast(SqlTable, ChatLine.__table__)
RESULTS = cast(SqlTable, Result.__table__)
META = cast(SqlTable, Meta.__table__)

#: chat lines kept per table, and events kept per table for resync
CHAT_KEPT = 100
EVENTS_KEPT = 200


class Writes:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

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

    def save_table(self, table: TableRecord, expected_version: int) -> None:
        """Writes the row if nobody wrote it since ``expected_version``, else :class:`Conflict`."""
        result = self.conn.execute(
            update(TABLES)
            .where(TABLES.c.id == table.id, TABLES.c.version == expected_version)
            .values(**table.values()))
        if result.rowcount != 1:
            raise Conflict(f"table {table.code} changed since version {expected_version}")

    def add_events(self, table_id: int, events: Iterable[EventRecord]) -> None:
        rows: list[dict[str, Any]] = [{"table_id": table_id, "version": e.version, "kind": e.kind,
                 "payload": e.payload, "audience": e.audience, "at": e.at} for e in events]
        if not rows:
            return
        self.conn.execute(insert(EVENTS), rows)
        oldest = rows[-1]["version"] - EVENTS_KEPT
        if oldest > 0 and rows[-1]["version"] % 20 == 0:
            self.conn.execute(delete(EVENTS).where(EVENTS.c.table_id == table_id,
                                                         EVENTS.c.version <= oldest))

    def add_chat(self, table_id: int, line: ChatRecord) -> int:
        result = self.conn.execute(
            insert(CHAT).values(table_id=table_id, seat=line.seat, text=line.text, at=line.at))
        assert result.inserted_primary_key is not None
        line.id = int(result.inserted_primary_key[0])
        keep = (select(CHAT.c.id).where(CHAT.c.table_id == table_id)
                .order_by(CHAT.c.id.desc()).limit(CHAT_KEPT))
        self.conn.execute(delete(CHAT).where(
            CHAT.c.table_id == table_id,
            CHAT.c.id < select(func.min(keep.subquery().c.id)).scalar_subquery()))
        return line.id

    def record_result(self, game: str, source: str, players: list[dict[str, Any]],
                            outcome: dict[str, Any], finished_at: float) -> bool:
        """Records a finished game once; False when ``source`` was recorded before."""
        exists = (self.conn.execute(
            select(RESULTS.c.id).where(RESULTS.c.game == game, RESULTS.c.source == source)
        )).first()
        if exists is not None:
            return False
        self.conn.execute(insert(RESULTS).values(
            game=game, source=source, players=players, outcome=outcome,
            finished_at=finished_at))
        return True

    def set_meta(self, key: str, value: float) -> None:
        result = self.conn.execute(update(META).where(META.c.key == key).values(value=value))
        if result.rowcount == 0:
            self.conn.execute(insert(META).values(key=key, value=value))


_COLUMNS = [name for name in TABLE_FIELDS if name != "id"]
_JSON_COLUMNS = {"rules", "extra"}
_SELECT_TABLE = f"SELECT {', '.join(TABLE_FIELDS)} FROM tables WHERE code = ?"
_UPDATE_TABLE = (f"UPDATE tables SET {', '.join(f'{c} = ?' for c in _COLUMNS)} "
                 "WHERE id = ? AND version = ?")
_INSERT_EVENT = ("INSERT INTO table_events (table_id, version, kind, payload, audience, at) "
                 "VALUES (?, ?, ?, ?, ?, ?)")
_TRIM_EVENTS = "DELETE FROM table_events WHERE table_id = ? AND version <= ?"


#: PostgreSQL: the row (if still at the expected version), its events and the trimming of
#: old events in one statement — one round trip, no transaction needed. Plain SQL for
#: asyncpg (``direct.py``): the JSON goes as text and is cast on the server, so that
#: asyncpg encodes every argument in C (no codec call per value).
_N = len(_COLUMNS)
_PG_SET = ", ".join(f"{c} = ${i}" + ("::text::json" if c in _JSON_COLUMNS else "")
                    for i, c in enumerate(_COLUMNS, start=1))
PG_SAVE = f"""
WITH saved AS (
    UPDATE tables SET {_PG_SET}
    WHERE id = ${_N + 1} AND version = ${_N + 2} RETURNING id
), trimmed AS (
    DELETE FROM table_events
    WHERE table_id IN (SELECT id FROM saved) AND version <= ${_N + 3}
)
INSERT INTO table_events (table_id, version, kind, payload, audience, at)
SELECT saved.id, e.version, e.kind, e.payload::json, e.audience, e.at
FROM saved, unnest(${_N + 4}::integer[], ${_N + 5}::varchar[], ${_N + 6}::text[],
                   ${_N + 7}::integer[], ${_N + 8}::double precision[])
     AS e(version, kind, payload, audience, at)
"""


def pg_save_args(table: TableRecord, expected_version: int,
                 events: list[EventRecord]) -> list[Any]:
    """The arguments of :data:`PG_SAVE`, in order."""
    last = events[-1].version
    return [
        *_row_values(table), table.id, expected_version,
        last - EVENTS_KEPT if last > EVENTS_KEPT and last % 20 == 0 else -1,
        [e.version for e in events], [e.kind for e in events],
        [_json(e.payload) for e in events],
        [e.audience for e in events], [e.at for e in events],
    ]


def saved_events(status: str) -> int:
    """The rows :data:`PG_SAVE` inserted, from its status (``"INSERT 0 2"``)."""
    return int(status.rpartition(" ")[2])


def _json(value: Any) -> str:
    return orjson.dumps(value).decode()


def _row_values(table: TableRecord) -> list[Any]:
    return [_json(getattr(table, c)) if c in _JSON_COLUMNS else getattr(table, c)
            for c in _COLUMNS]


class SqliteWrites(Writes):
    """The same writes on SQLite, the hot ones as plain SQL on the ``sqlite3`` connection.

    Building and compiling a SQLAlchemy statement costs several times what SQLite needs
    to run it, and the writer thread holds the GIL all that time. The statements here
    write the same columns in the same JSON as the models, so either side reads them.
    """

    def __init__(self, conn: Connection) -> None:
        super().__init__(conn)
        raw: Any = conn.connection.driver_connection
        self.raw = raw

    def table(self, code: str, *, lock: bool = False) -> TableRecord | None:
        row = self.raw.execute(_SELECT_TABLE, (code,)).fetchone()
        if row is None:
            return None
        values = dict(zip(TABLE_FIELDS, row, strict=True))
        for name in _JSON_COLUMNS:
            values[name] = orjson.loads(values[name])
        return TableRecord(**values)

    def save_table(self, table: TableRecord, expected_version: int) -> None:
        cursor = self.raw.execute(_UPDATE_TABLE, [*_row_values(table), table.id,
                                                  expected_version])
        if cursor.rowcount != 1:
            raise Conflict(f"table {table.code} changed since version {expected_version}")

    def add_events(self, table_id: int, events: Iterable[EventRecord]) -> None:
        rows = [(table_id, e.version, e.kind, _json(e.payload), e.audience, e.at)
                for e in events]
        if not rows:
            return
        self.raw.executemany(_INSERT_EVENT, rows)
        last = rows[-1][1]
        if last > EVENTS_KEPT and last % 20 == 0:
            self.raw.execute(_TRIM_EVENTS, (table_id, last - EVENTS_KEPT))
