"""The archive's statements: synchronous functions of a SQLAlchemy ``Connection``, run
inside a store's transaction (a duel's game in the same transaction as its table).

A game is stored once: by its ``id``, and a device's game once per ``(owner_id,
client_id)`` — both unique keys, written with ``INSERT … ON CONFLICT DO NOTHING``.
A player's games are read newest first, paged by ``(finished_at, seq)``: the ``seq``
of the row orders games that finished at the same moment.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from sqlalchemy import and_, delete, func, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from reversi.archive.record import GameRecord
from reversi.storage.schema import GAMES

_FIELDS = [f.name for f in dataclasses.fields(GameRecord)]
#: a page's position: before this (finished_at, seq)
Cursor = tuple[float, int]


def _insert(conn: Connection) -> Any:
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    return dialect.insert(GAMES).on_conflict_do_nothing()


def add_game(conn: Connection, game: GameRecord) -> bool:
    """Stores ``game``; False if it (its id, or its device's id) was there already."""
    return bool(conn.execute(_insert(conn).values(**dataclasses.asdict(game))).rowcount == 1)


def trim_device_games(conn: Connection, player_id: str, keep: int) -> int:
    """Deletes the player's device games but the newest ``keep``; how many went."""
    newest = (
        select(GAMES.c.seq)
        .where(GAMES.c.owner_id == player_id, GAMES.c.kind == "device")
        .order_by(GAMES.c.finished_at.desc(), GAMES.c.seq.desc())
        .limit(keep)
    )
    gone = conn.execute(
        delete(GAMES).where(
            GAMES.c.owner_id == player_id,
            GAMES.c.kind == "device",
            GAMES.c.seq.not_in(newest.scalar_subquery()),
        )
    )
    return int(gone.rowcount)


def add_games(conn: Connection, games: list[GameRecord]) -> int:
    """Stores many games in one statement (an import); returns how many were new."""
    if not games:
        return 0
    rows = [dataclasses.asdict(game) for game in games]
    return len(conn.execute(_insert(conn).returning(GAMES.c.seq), rows).all())


def _record(row: Any) -> GameRecord:
    return GameRecord(**{name: row[name] for name in _FIELDS})


def game(conn: Connection, id: str) -> GameRecord | None:
    row = conn.execute(select(GAMES).where(GAMES.c.id == id)).mappings().first()
    return None if row is None else _record(row)


def games_of(
    conn: Connection, player_id: str, before: Cursor | None, limit: int
) -> list[tuple[GameRecord, Cursor]]:
    """The player's games (seated in a duel, or owner of a device game), newest first,
    each with the cursor of the page after it."""
    mine = or_(
        GAMES.c.black_id == player_id, GAMES.c.white_id == player_id, GAMES.c.owner_id == player_id
    )
    query = select(GAMES).where(mine)
    if before is not None:
        at, seq = before
        query = query.where(
            or_(GAMES.c.finished_at < at, and_(GAMES.c.finished_at == at, GAMES.c.seq < seq))
        )
    rows = conn.execute(
        query.order_by(GAMES.c.finished_at.desc(), GAMES.c.seq.desc()).limit(limit)
    ).mappings()
    return [(_record(row), (float(row["finished_at"]), int(row["seq"]))) for row in rows]


def count_games(conn: Connection) -> int:
    return int(conn.execute(select(func.count()).select_from(GAMES)).scalar_one())


__all__ = ["Cursor", "add_game", "add_games", "count_games", "game", "games_of"]
