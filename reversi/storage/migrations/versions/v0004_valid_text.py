"""Stored text is valid Unicode: lone surrogates in JSON columns become U+FFFD.

Before bodies were decoded by Structs (reversi.hall.bodies), a computer game's
``detail`` could hold ``"\\ud800"``: JSON escapes it, so it was stored, but no answer
can carry it — every ``GET /api/me`` of that player failed. This revision repairs such
rows in every JSON column; nothing else changes (a valid pair stays as it is).

Revision ID: 0004
"""

from __future__ import annotations

import json
import re
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

#: every JSON column, with its table's primary key
JSON_COLUMNS = {
    "tables": (("id",), ("rules", "extra")),
    "table_events": (("table_id", "version"), ("payload",)),
    "results": (("id",), ("players", "outcome")),
    "hall_device_games": (("player_id", "client_id"), ("detail",)),
    "hall_profiles": (("player_id",), ("settings", "milestones_seen")),
}
_LONE = re.compile(r"[\ud800-\udfff]")


def valid_text(value: Any) -> Any:
    """``value`` with every lone surrogate in its strings (and keys) replaced by U+FFFD.

    >>> valid_text({"black": "a\\ud800", "\\udc00": ["ok"]})
    {'black': 'a�', '�': ['ok']}
    """
    if isinstance(value, str):
        return _LONE.sub("\ufffd", value)
    if isinstance(value, list):
        return [valid_text(item) for item in value]
    if isinstance(value, dict):
        return {valid_text(k): valid_text(v) for k, v in value.items()}
    return value


def repair(conn: sa.Connection) -> int:
    """Rewrites the rows whose JSON holds a lone surrogate; how many values changed."""
    postgres = conn.dialect.name == "postgresql"
    changed = 0
    for table, (keys, columns) in JSON_COLUMNS.items():
        for column in columns:
            rows = conn.execute(
                sa.text(
                    f"SELECT {', '.join(keys)}, CAST({column} AS TEXT) FROM {table} "
                    f"WHERE CAST({column} AS TEXT) LIKE :escape ESCAPE '!'"
                ),
                {"escape": "%\\u%"},
            ).all()
            for row in rows:
                stored = json.loads(row[-1])
                repaired = valid_text(stored)
                if repaired == stored:
                    continue
                value = "CAST(:value AS JSON)" if postgres else ":value"
                where = " AND ".join(f"{key} = :k{i}" for i, key in enumerate(keys))
                conn.execute(
                    sa.text(f"UPDATE {table} SET {column} = {value} WHERE {where}"),
                    {"value": json.dumps(repaired), **{f"k{i}": row[i] for i in range(len(keys))}},
                )
                changed += 1
    return changed


def upgrade() -> None:
    repair(op.get_bind())


def downgrade() -> None:
    pass  # the repaired text stays repaired
