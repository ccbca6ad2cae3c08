"""The hall's reads: synchronous functions of a SQLAlchemy ``Connection``, run inside a
store's transaction (its writes: ``writes.py``) — a player's tally, points and ranks, a
leaderboard, nicknames, opponents, recent games and the profile.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Table, case, func, select
from sqlalchemy.engine import Connection

from reversi.hall.milestones import Stats
from reversi.storage.schema import DEVICE_GAMES as DEVICE
from reversi.storage.schema import PLAYERS, PROFILES, SCORES, TOTALS


@dataclass(frozen=True)
class Tally:
    """A player's finished games against people."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    opponents: int = 0

    @property
    def stats(self) -> Stats:
        return Stats(self.games, self.wins, self.opponents)


def _counts() -> list[Any]:
    return [
        func.count(),
        *(
            func.coalesce(func.sum(case((SCORES.c.outcome == o, 1), else_=0)), 0)
            for o in ("win", "draw", "loss")
        ),
    ]


def tallies(conn: Connection, player_ids: Iterable[str]) -> dict[str, Tally]:
    wanted = sorted(set(player_ids))
    if not wanted:
        return {}
    rows = conn.execute(
        select(SCORES.c.player_id, *_counts(), func.count(SCORES.c.opponent_id.distinct()))
        .where(SCORES.c.player_id.in_(wanted))
        .group_by(SCORES.c.player_id)
    )
    found = {row[0]: Tally(*(int(n) for n in row[1:])) for row in rows}
    return {pid: found.get(pid, Tally()) for pid in wanted}


def period_points(conn: Connection, player_id: str, keys: Iterable[str]) -> dict[str, int]:
    rows = conn.execute(
        select(TOTALS.c.period, TOTALS.c.points).where(
            TOTALS.c.player_id == player_id, TOTALS.c.period.in_(list(keys))
        )
    )
    return {period: int(points) for period, points in rows}


def rank_of(conn: Connection, key: str, points: int) -> int:
    """Competition ranking: 1 + the number of players with more points."""
    above = conn.execute(
        select(func.count())
        .select_from(TOTALS)
        .where(TOTALS.c.period == key, TOTALS.c.points > points)
    ).scalar_one()
    return int(above) + 1


def board(conn: Connection, key: str, limit: int) -> tuple[list[dict[str, Any]], int]:
    """The top ``limit`` of a period with ranks (equal points share a rank), and the
    number of players in it."""
    rows = conn.execute(
        select(TOTALS.c.player_id, TOTALS.c.points, PLAYERS.c.nickname)
        .select_from(TOTALS.outerjoin(PLAYERS, PLAYERS.c.id == TOTALS.c.player_id))
        .where(TOTALS.c.period == key)
        .order_by(TOTALS.c.points.desc(), PLAYERS.c.nickname, TOTALS.c.player_id)
        .limit(limit)
    ).all()
    count = conn.execute(
        select(func.count()).select_from(TOTALS).where(TOTALS.c.period == key)
    ).scalar_one()
    ranked, rank, last = [], 0, None
    for i, (player_id, points, nickname) in enumerate(rows):
        if points != last:
            rank, last = i + 1, points
        ranked.append(
            {
                "player_id": player_id,
                "rank": rank,
                "points": int(points),
                "nickname": nickname or "?",
            }
        )
    return ranked, int(count)


def nicknames(conn: Connection, ids: Iterable[str]) -> dict[str, str]:
    wanted = sorted({i for i in ids if i})
    if not wanted:
        return {}
    rows = conn.execute(select(PLAYERS.c.id, PLAYERS.c.nickname).where(PLAYERS.c.id.in_(wanted)))
    return {pid: nick for pid, nick in rows}


def opponents(conn: Connection, player_id: str) -> list[dict[str, Any]]:
    """Games, wins, draws and losses against each opponent, most games first."""
    rows = conn.execute(
        select(SCORES.c.opponent_id, *_counts())
        .where(SCORES.c.player_id == player_id)
        .group_by(SCORES.c.opponent_id)
    ).all()
    return [
        {"player_id": o, "games": int(n), "wins": int(w), "draws": int(d), "losses": int(lo)}
        for o, n, w, d, lo in rows
    ]


def _latest(
    conn: Connection, table: Table, player_id: str, limit: int, columns: str, *newest: Any
) -> list[dict[str, Any]]:
    """The player's latest ``limit`` rows of ``table`` (the ``columns`` named), ordered
    by ``newest``."""
    rows = conn.execute(
        select(*(table.c[name] for name in columns.split()))
        .where(table.c.player_id == player_id)
        .order_by(*newest)
        .limit(limit)
    ).mappings()
    return [dict(r) for r in rows]


def recent_duels(conn: Connection, player_id: str, limit: int) -> list[dict[str, Any]]:
    columns = "game source opponent_id outcome points finished_at"
    newest = (SCORES.c.finished_at.desc(), SCORES.c.id.desc())
    return _latest(conn, SCORES, player_id, limit, columns, *newest)


def device_counts(conn: Connection, player_id: str) -> dict[tuple[str, str], int]:
    rows = conn.execute(
        select(DEVICE.c.level, DEVICE.c.outcome, func.count())
        .where(DEVICE.c.player_id == player_id)
        .group_by(DEVICE.c.level, DEVICE.c.outcome)
    )
    return {(level, outcome): int(n) for level, outcome, n in rows}


def recent_device_games(conn: Connection, player_id: str, limit: int) -> list[dict[str, Any]]:
    columns = "client_id level outcome detail finished_at"
    return _latest(conn, DEVICE, player_id, limit, columns, DEVICE.c.finished_at.desc())


def profile(conn: Connection, player_id: str) -> dict[str, Any]:
    row = conn.execute(select(PROFILES).where(PROFILES.c.player_id == player_id)).mappings().first()
    if row is None:
        return {"settings": {}, "milestones_seen": []}
    return {
        "settings": dict(row["settings"] or {}),
        "milestones_seen": list(row["milestones_seen"] or []),
    }
