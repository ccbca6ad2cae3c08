"""Storage of the hall: the schema once, one :class:`Store` per backend, migrations.

``make_store(url)`` / ``open_store(url)`` choose the backend by URL: SQLite (a file in
the data directory) by default, PostgreSQL when a URL names one. A store runs
functions of :class:`Rows` (every statement on the duel rows; the hall's own statements
take ``rows.conn``) as read or write transactions. Nothing here knows the web.
"""

from reversi.storage.records import ChatRecord, Conflict, EventRecord, PlayerRecord, TableRecord
from reversi.storage.rows import Rows
from reversi.storage.store import Store, async_url, make_store, open_store

__all__ = [
    "ChatRecord",
    "Conflict",
    "EventRecord",
    "PlayerRecord",
    "Rows",
    "Store",
    "TableRecord",
    "async_url",
    "make_store",
    "open_store",
]
