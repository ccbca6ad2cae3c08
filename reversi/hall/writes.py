"""The hall's writes: synchronous functions of a SQLAlchemy ``Connection`` (its reads:
``reads.py``).

They run inside a store's transaction (``Store.read`` / ``Store.write`` hand them
``rows.conn``) — a duel's result in the same transaction as its table.

**Exactly once.** A result is stored once per ``(game, source)`` and its points once
per ``(source, player)``: both are unique keys, written with ``INSERT … ON CONFLICT DO
NOTHING``. Only a score row that was really inserted adds to the period totals
(``ON CONFLICT DO UPDATE points = points + …``), in the same transaction — so a result
reported twice, or twice at the same moment (PostgreSQL makes the second insert wait
for the first transaction and then do nothing), counts once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Table, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from reversi.hall.counting import why_not
from reversi.hall.periods import berlin_day, period_keys
from reversi.hall.points import POINTS
from reversi.hall.progress import merge
from reversi.storage.schema import DEVICE_GAMES as DEVICE
from reversi.storage.schema import PROFILES, RESULTS, SCORES, TOTALS


def _insert(conn: Connection, table: Table) -> Any:
    """An INSERT that knows ``ON CONFLICT`` on this connection's database."""
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    return dialect.insert(table)


def insert_new(conn: Connection, table: Table, keys: list[str], **values: Any) -> bool:
    """Inserts a row unless one with the same unique ``keys`` is there; True if it was new."""
    statement = _insert(conn, table).values(**values).on_conflict_do_nothing(index_elements=keys)
    return bool(conn.execute(statement).rowcount == 1)


@dataclass(frozen=True)
class Recorded:
    """What recording a result did: whether anything was new, and why the game does
    not count (:data:`reversi.hall.counting.REASONS`), or None when it counts."""

    new: bool
    uncounted: str | None = None

    def __bool__(self) -> bool:
        return self.new


def record_result(
    conn: Connection,
    game: str,
    source: str,
    players: Sequence[Mapping[str, Any]],
    outcome: Mapping[str, Any],
    finished_at: float,
) -> Recorded:
    """Stores a finished game between people and, when it counts
    (:mod:`reversi.hall.counting`), its points; true if it was new.

    ``players``: ``[{"player": id, "outcome": "win"|"draw"|"loss", "moves": n, …}, …]``
    (more keys are kept as they are). Reported again — even at the same moment — it
    changes nothing.
    """
    stored = insert_new(
        conn,
        RESULTS,
        ["game", "source"],
        game=game,
        source=source,
        players=list(players),
        outcome=dict(outcome),
        finished_at=finished_at,
    )
    scored = record_scores(conn, game, source, players, finished_at)
    return Recorded(stored or scored.new, scored.uncounted)


def _pair_games_on_day(conn: Connection, pair: list[str], when: float, source: str) -> int:
    """The counted games of the two players on the Berlin day of ``when`` (but ``source``)."""
    day = berlin_day(when)
    return int(
        conn.execute(
            select(func.count())
            .select_from(SCORES)
            .where(
                SCORES.c.player_id == pair[0],
                SCORES.c.opponent_id == pair[1],
                SCORES.c.finished_at >= day.starts_at,
                SCORES.c.finished_at < day.ends_at,
                SCORES.c.source != source,
            )
        ).scalar_one()
    )


def record_scores(
    conn: Connection,
    game: str,
    source: str,
    players: Sequence[Mapping[str, Any]],
    finished_at: float,
) -> Recorded:
    """The points of one result, once per player, if the game counts; true if any were new."""
    ids = [p.get("player") for p in players]
    pair = sorted({i for i in ids if isinstance(i, str)})
    today = 0
    if len(pair) == 2:
        # one pair's results one at a time (PostgreSQL), so that its daily cap holds
        _profile_row(conn, pair[0], lock=True)
        today = _pair_games_on_day(conn, pair, finished_at, source)
    reason = why_not(players, today)
    if reason is not None:
        return Recorded(False, reason)
    added: dict[tuple[str, str], int] = {}
    for entry in sorted(players, key=lambda p: str(p.get("player"))):  # one lock order
        player, outcome = entry.get("player"), entry.get("outcome")
        if not isinstance(player, str) or outcome not in POINTS:
            continue
        opponent = next((o for o in ids if isinstance(o, str) and o != player), None)
        points = POINTS[outcome]
        inserted = insert_new(
            conn,
            SCORES,
            ["source", "player_id"],
            game=game,
            source=source,
            player_id=player,
            opponent_id=opponent,
            outcome=outcome,
            points=points,
            finished_at=finished_at,
        )
        if inserted:
            for key in period_keys(finished_at).values():
                added[(key, player)] = added.get((key, player), 0) + points
    for (period, player), points in sorted(added.items()):  # one lock order
        statement = _insert(conn, TOTALS).values(
            period=period, player_id=player, points=points, games=1
        )
        conn.execute(
            statement.on_conflict_do_update(
                index_elements=["period", "player_id"],
                set_={
                    "points": TOTALS.c.points + statement.excluded.points,
                    "games": TOTALS.c.games + 1,
                },
            )
        )
    return Recorded(bool(added))


@dataclass(frozen=True)
class DeviceGame:
    """A computer game from a device, already checked (see ``api.py``)."""

    client_id: str
    #: None: a game between people on one device, kept by the game only
    level: str | None
    outcome: str
    finished_at: float
    detail: dict[str, Any]


def add_device_games(
    conn: Connection, player_id: str, game: str, games: Iterable[DeviceGame], now: float
) -> list[str]:
    """Stores computer games once per (player, client id); returns the ids that were new."""
    new = []
    for g in games:
        if insert_new(
            conn,
            DEVICE,
            ["player_id", "client_id"],
            player_id=player_id,
            client_id=g.client_id,
            game=game,
            level=g.level,
            outcome=g.outcome,
            detail=g.detail,
            finished_at=g.finished_at,
            received_at=now,
        ):
            new.append(g.client_id)
    return new


def _profile_row(conn: Connection, player_id: str, lock: bool) -> dict[str, Any]:
    query = select(PROFILES).where(PROFILES.c.player_id == player_id)
    if lock and conn.dialect.name == "postgresql":
        query = query.with_for_update()
    row = conn.execute(query).mappings().first()
    if row is not None:
        return dict(row)
    insert_new(conn, PROFILES, ["player_id"], player_id=player_id, settings={}, milestones_seen=[])
    row = conn.execute(query).mappings().first()
    assert row is not None
    return dict(row)


def save_settings(
    conn: Connection, player_id: str, game: str, settings: dict[str, Any], changed_at: float
) -> dict[str, Any]:
    """Keeps ``settings`` unless newer ones (by ``changed_at``) are stored; returns the kept."""
    row = _profile_row(conn, player_id, lock=True)
    stored = dict(row["settings"] or {})
    kept = stored.get(game)
    if kept is None or float(kept.get("changed_at", 0)) <= changed_at:
        kept = {"settings": settings, "changed_at": changed_at}
        stored[game] = kept
        conn.execute(
            PROFILES.update().where(PROFILES.c.player_id == player_id).values(settings=stored)
        )
    return dict(kept)


def drill_key(game: str, deck: str = "drill") -> str:
    """Where a game's deck of spaced repetition (the drill, the opening trainer) is
    kept among the profile's ``settings``."""
    return f"{game}.{deck}"


def save_drill(
    conn: Connection,
    player_id: str,
    game: str,
    items: list[dict[str, Any]],
    keep: int,
    deck: str = "drill",
) -> list[dict[str, Any]]:
    """Merges ``items`` into the stored deck (:func:`reversi.hall.progress.merge`);
    returns the stored items now."""
    row = _profile_row(conn, player_id, lock=True)
    stored = dict(row["settings"] or {})
    before = list((stored.get(drill_key(game, deck)) or {}).get("items", []))
    merged = merge(before, items, keep)
    if merged != before:
        stored[drill_key(game, deck)] = {"items": merged}
        conn.execute(
            PROFILES.update().where(PROFILES.c.player_id == player_id).values(settings=stored)
        )
    return merged


def mark_seen(conn: Connection, player_id: str, ids: Iterable[str]) -> list[str]:
    row = _profile_row(conn, player_id, lock=True)
    seen = list(row["milestones_seen"] or [])
    more = [i for i in ids if i not in seen]
    if more:
        seen += more
        conn.execute(
            PROFILES.update().where(PROFILES.c.player_id == player_id).values(milestones_seen=seen)
        )
    return seen
