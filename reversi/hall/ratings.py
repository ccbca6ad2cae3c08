"""The Wertungszahl's statements: synchronous functions of a SQLAlchemy ``Connection``,
run inside a store's transaction (a duel's rating in the same transaction as its table).

**Exactly once.** A rated game is stored once per ``(source, player)`` (a unique key,
``INSERT … ON CONFLICT DO NOTHING``); a player's rating changes only with a row that was
really inserted. Both players' rating rows are read locked, in one order, first — so two
games of the same player that finish at the same moment are rated one after the other,
each from the rating the other left (PostgreSQL), and the pair's daily limit holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Connection

from reversi.hall.glicko import Rating, after_game
from reversi.hall.periods import berlin_day
from reversi.hall.rating_rules import why_unrated
from reversi.hall.reads import nicknames
from reversi.hall.writes import insert_new
from reversi.storage.schema import PLAYERS, RATED_GAMES, RATINGS

SCORES = {"win": 1.0, "draw": 0.5, "loss": 0.0}


@dataclass(frozen=True)
class Rated:
    """What rating a game did: each player's rating before and after it (in the order
    of the game's players), or why it was not rated."""

    before: list[Rating]
    after: list[Rating]
    unrated: str | None = None


def _rating(conn: Connection, player_id: str, time_class: str, lock: bool) -> Rating:
    query = select(RATINGS).where(
        RATINGS.c.player_id == player_id, RATINGS.c.time_class == time_class
    )
    if lock and conn.dialect.name == "postgresql":
        query = query.with_for_update()
    row = conn.execute(query).mappings().first()
    if row is None and lock:
        fresh = Rating()
        insert_new(
            conn,
            RATINGS,
            ["player_id", "time_class"],
            player_id=player_id,
            time_class=time_class,
            value=fresh.value,
            deviation=fresh.deviation,
            volatility=fresh.volatility,
            games=0,
            updated_at=0.0,
        )
        row = conn.execute(query).mappings().first()
    if row is None:
        return Rating()
    return Rating(row["value"], row["deviation"], row["volatility"], int(row["games"]))


def _pair_games_on_day(conn: Connection, pair: list[str], when: float, source: str) -> int:
    day = berlin_day(when)
    return int(
        conn.execute(
            select(func.count())
            .select_from(RATED_GAMES)
            .where(
                RATED_GAMES.c.player_id == pair[0],
                RATED_GAMES.c.opponent_id == pair[1],
                RATED_GAMES.c.finished_at >= day.starts_at,
                RATED_GAMES.c.finished_at < day.ends_at,
                RATED_GAMES.c.source != source,
            )
        ).scalar_one()
    )


def rate_game(
    conn: Connection,
    source: str,
    players: Sequence[Mapping[str, Any]],
    time_class: str,
    rated: bool,
    finished_at: float,
) -> Rated:
    """Rates a finished game once (``players`` as for ``record_result``: ``player``,
    ``outcome``, ``moves``); reported again it changes nothing and says what it did."""
    ids = [p.get("player") for p in players]
    if len(ids) != 2 or not all(isinstance(i, str) for i in ids) or ids[0] == ids[1]:
        return Rated([], [], "unrated_table")
    pair = [str(i) for i in ids]
    done = _stored(conn, source, pair)
    if done is not None:
        return done
    before = {pid: _rating(conn, pid, time_class, lock=True) for pid in sorted(pair)}
    names = nicknames(conn, pair)
    today = _pair_games_on_day(conn, sorted(pair), finished_at, source)
    olds = [before[pid] for pid in pair]
    reason = why_unrated(rated, players, [names.get(pid) for pid in pair], today)
    if reason is None and any(p.get("outcome") not in SCORES for p in players):
        reason = "unrated_table"
    if reason is not None:
        return Rated(olds, olds, reason)
    news = [after_game(olds[i], olds[1 - i], SCORES[str(players[i]["outcome"])]) for i in range(2)]
    for i, pid in enumerate(pair):
        if not insert_new(
            conn,
            RATED_GAMES,
            ["source", "player_id"],
            source=source,
            player_id=pid,
            opponent_id=pair[1 - i],
            time_class=time_class,
            score=SCORES[str(players[i]["outcome"])],
            value_before=olds[i].value,
            value=news[i].value,
            deviation=news[i].deviation,
            games=news[i].games,
            finished_at=finished_at,
        ):
            return Rated(olds, olds, None)  # pragma: no cover - the locks make it rare
        conn.execute(
            RATINGS.update()
            .where(RATINGS.c.player_id == pid, RATINGS.c.time_class == time_class)
            .values(
                value=news[i].value,
                deviation=news[i].deviation,
                volatility=news[i].volatility,
                games=news[i].games,
                updated_at=finished_at,
            )
        )
    return Rated(olds, news)


def _stored(conn: Connection, source: str, pair: list[str]) -> Rated | None:
    """What rating this game already did, if it was rated."""
    rows = {
        row["player_id"]: row
        for row in conn.execute(select(RATED_GAMES).where(RATED_GAMES.c.source == source))
        .mappings()
        .all()
    }
    if not rows:
        return None
    before = [Rating(rows[p]["value_before"], games=int(rows[p]["games"]) - 1) for p in pair]
    after = [
        Rating(rows[p]["value"], rows[p]["deviation"], games=int(rows[p]["games"])) for p in pair
    ]
    return Rated(before, after)


# --- reads ------------------------------------------------------------------------------


def ratings_of(conn: Connection, player_id: str) -> dict[str, Rating]:
    rows = conn.execute(select(RATINGS).where(RATINGS.c.player_id == player_id)).mappings()
    return {
        r["time_class"]: Rating(r["value"], r["deviation"], r["volatility"], int(r["games"]))
        for r in rows
    }


def ratings_for(conn: Connection, player_ids: Sequence[str], time_class: str) -> dict[str, Rating]:
    wanted = sorted({i for i in player_ids if i})
    if not wanted:
        return {}
    rows = conn.execute(
        select(RATINGS).where(RATINGS.c.player_id.in_(wanted), RATINGS.c.time_class == time_class)
    ).mappings()
    found = {
        r["player_id"]: Rating(r["value"], r["deviation"], r["volatility"], int(r["games"]))
        for r in rows
    }
    return {pid: found.get(pid, Rating()) for pid in wanted}


def history(conn: Connection, player_id: str, time_class: str, limit: int) -> list[dict[str, Any]]:
    """The player's latest ``limit`` rated games in a time class, oldest first."""
    rows = (
        conn.execute(
            select(
                RATED_GAMES.c.value,
                RATED_GAMES.c.deviation,
                RATED_GAMES.c.games,
                RATED_GAMES.c.finished_at,
            )
            .where(RATED_GAMES.c.player_id == player_id, RATED_GAMES.c.time_class == time_class)
            .order_by(RATED_GAMES.c.finished_at.desc(), RATED_GAMES.c.id.desc())
            .limit(limit)
        )
        .mappings()
        .all()
    )
    return [dict(r) for r in reversed(rows)]


def board(conn: Connection, time_class: str, shown_after: int, limit: int) -> list[dict[str, Any]]:
    """The highest ratings of a time class among players with a shown number."""
    rows = conn.execute(
        select(
            RATINGS.c.player_id,
            RATINGS.c.value,
            RATINGS.c.deviation,
            RATINGS.c.games,
            PLAYERS.c.nickname,
        )
        .select_from(RATINGS.outerjoin(PLAYERS, PLAYERS.c.id == RATINGS.c.player_id))
        .where(RATINGS.c.time_class == time_class, RATINGS.c.games >= shown_after)
        .order_by(RATINGS.c.value.desc(), RATINGS.c.player_id)
        .limit(limit)
    ).mappings()
    return [dict(r) for r in rows]
