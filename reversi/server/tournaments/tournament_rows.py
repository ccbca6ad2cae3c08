"""Every statement on the tournament rows: synchronous functions of a SQLAlchemy
``Connection``, run inside a store's transaction (``rows.conn``), like the hall's.

A tournament's players and games are read whole (a few hundred rows at most); the
pure core (``reversi.tournament``) ranks and pairs them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import String, any_, bindparam, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from reversi.duel.table import OVER, Status, extra
from reversi.storage import TableRecord
from reversi.storage.records import TABLE_FIELDS
from reversi.storage.schema import TABLES, TOURNAMENT_GAMES, TOURNAMENT_PLAYERS, TOURNAMENTS
from reversi.tournament.games import Game

UPCOMING, RUNNING, FINISHED = "upcoming", "running", "finished"


@dataclass(frozen=True, slots=True, kw_only=True)
class Tournament:
    """A tournament's row (the columns of ``TOURNAMENTS``)."""

    id: str
    key: str | None
    name: str
    kind: str
    status: str
    starts_at: float
    ends_at: float | None
    minutes: int | None
    rounds: int | None
    clock: str
    xot: bool
    rated: bool
    private: bool
    by: str | None
    round: int
    round_at: float | None
    created_at: float

    def values(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True, slots=True, kw_only=True)
class Entrant:
    """A player of a tournament."""

    player: str
    joined_at: float
    left: bool
    rating: float
    bye_round: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Played:
    """A game of a tournament at its table ``code``."""

    code: str
    round: int
    black: str
    white: str
    score: float | None
    started_at: float
    ended_at: float | None

    def game(self) -> Game:
        return Game(
            black=self.black,
            white=self.white,
            score=self.score,
            round=self.round,
            ended_at=self.ended_at or 0.0,
        )


_FIELDS = [f.name for f in dataclasses.fields(Tournament)]


def _tournament(row: Any) -> Tournament:
    return Tournament(**{k: row[k] for k in _FIELDS})


def add_tournament(conn: Connection, tournament: Tournament) -> bool:
    """Inserts the tournament; False when one with its ``key`` is there already."""
    if tournament.key is None:
        conn.execute(insert(TOURNAMENTS).values(**tournament.values()))
        return True
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    statement = (
        dialect.insert(TOURNAMENTS)
        .values(**tournament.values())
        .on_conflict_do_nothing(index_elements=["key"])
    )
    return bool(conn.execute(statement).rowcount == 1)


def tournament(conn: Connection, tournament_id: str) -> Tournament | None:
    row = conn.execute(select(TOURNAMENTS).where(TOURNAMENTS.c.id == tournament_id)).mappings()
    found = row.first()
    return None if found is None else _tournament(found)


def by_status(conn: Connection, status: str, limit: int = 200) -> list[Tournament]:
    """Upcoming and running ones by start, finished ones the latest first."""
    order = TOURNAMENTS.c.starts_at.desc() if status == FINISHED else TOURNAMENTS.c.starts_at
    rows = conn.execute(
        select(TOURNAMENTS).where(TOURNAMENTS.c.status == status).order_by(order).limit(limit)
    ).mappings()
    return [_tournament(r) for r in rows]


def upcoming_by(conn: Connection, player_id: str) -> int:
    """How many upcoming tournaments the player made."""
    return int(
        conn.execute(
            select(func.count())
            .select_from(TOURNAMENTS)
            .where(TOURNAMENTS.c.by == player_id, TOURNAMENTS.c.status == UPCOMING)
        ).scalar_one()
    )


def set_tournament(conn: Connection, tournament_id: str, **values: Any) -> None:
    conn.execute(update(TOURNAMENTS).where(TOURNAMENTS.c.id == tournament_id).values(**values))


def entrants(conn: Connection, tournament_id: str) -> list[Entrant]:
    """The tournament's players in the order they joined."""
    rows = conn.execute(
        select(TOURNAMENT_PLAYERS)
        .where(TOURNAMENT_PLAYERS.c.tournament_id == tournament_id)
        .order_by(TOURNAMENT_PLAYERS.c.joined_at, TOURNAMENT_PLAYERS.c.player_id)
    ).mappings()
    return [
        Entrant(
            player=r["player_id"],
            joined_at=r["joined_at"],
            left=bool(r["left"]),
            rating=r["rating"],
            bye_round=r["bye_round"],
        )
        for r in rows
    ]


def counts(conn: Connection, ids: Iterable[str]) -> dict[str, int]:
    """The number of players (not withdrawn) of each tournament."""
    wanted = list(ids)
    if not wanted:
        return {}
    rows = conn.execute(
        select(TOURNAMENT_PLAYERS.c.tournament_id, func.count())
        .where(TOURNAMENT_PLAYERS.c.tournament_id.in_(wanted), TOURNAMENT_PLAYERS.c.left.is_(False))
        .group_by(TOURNAMENT_PLAYERS.c.tournament_id)
    )
    return {tid: int(n) for tid, n in rows}


def enter(conn: Connection, tournament_id: str, player_id: str, now: float, rating: float) -> None:
    """Joins the player, or brings a withdrawn one back (their games and bye stay)."""
    where = (TOURNAMENT_PLAYERS.c.tournament_id == tournament_id) & (
        TOURNAMENT_PLAYERS.c.player_id == player_id
    )
    if conn.execute(update(TOURNAMENT_PLAYERS).where(where).values(left=False)).rowcount:
        return
    conn.execute(
        insert(TOURNAMENT_PLAYERS).values(
            tournament_id=tournament_id,
            player_id=player_id,
            joined_at=now,
            left=False,
            rating=rating,
            bye_round=None,
        )
    )


def withdraw(conn: Connection, tournament_id: str, player_ids: Iterable[str]) -> None:
    wanted = list(player_ids)
    if wanted:
        conn.execute(
            update(TOURNAMENT_PLAYERS)
            .where(
                TOURNAMENT_PLAYERS.c.tournament_id == tournament_id,
                TOURNAMENT_PLAYERS.c.player_id.in_(wanted),
            )
            .values(left=True)
        )


def set_bye(conn: Connection, tournament_id: str, player_id: str, number: int) -> None:
    conn.execute(
        update(TOURNAMENT_PLAYERS)
        .where(
            TOURNAMENT_PLAYERS.c.tournament_id == tournament_id,
            TOURNAMENT_PLAYERS.c.player_id == player_id,
        )
        .values(bye_round=number)
    )


def games(conn: Connection, tournament_id: str) -> list[Played]:
    """The tournament's games in the order they began."""
    rows = conn.execute(
        select(TOURNAMENT_GAMES)
        .where(TOURNAMENT_GAMES.c.tournament_id == tournament_id)
        .order_by(TOURNAMENT_GAMES.c.started_at, TOURNAMENT_GAMES.c.code)
    ).mappings()
    return [Played(**{k: r[k] for k in Played.__slots__}) for r in rows]


def games_since(
    conn: Connection, tournament_id: str, codes: Iterable[str], since: float
) -> list[Played]:
    """The tournament's games that run, are among ``codes`` or began from ``since`` on."""
    wanted = list(codes)
    g = TOURNAMENT_GAMES.c
    # PostgreSQL: the codes as one array, so the statement's text is the same at every
    # step (compiled and prepared once) however many games run
    among = (
        g.code == any_(bindparam("codes", wanted, type_=postgresql.ARRAY(String)))
        if conn.dialect.name == "postgresql"
        else g.code.in_(wanted)
    )
    rows = conn.execute(
        select(TOURNAMENT_GAMES).where(
            g.tournament_id == tournament_id, g.ended_at.is_(None) | (g.started_at >= since) | among
        )
    ).mappings()
    return [Played(**{k: r[k] for k in Played.__slots__}) for r in rows]


def game_count(conn: Connection, tournament_id: str) -> int:
    return int(
        conn.execute(
            select(func.count())
            .select_from(TOURNAMENT_GAMES)
            .where(TOURNAMENT_GAMES.c.tournament_id == tournament_id)
        ).scalar_one()
    )


def add_game(conn: Connection, tournament_id: str, game: Played) -> None:
    add_games(conn, tournament_id, [game])


def add_games(conn: Connection, tournament_id: str, games: list[Played]) -> None:
    """Inserts the games in one statement."""
    if games:
        conn.execute(
            insert(TOURNAMENT_GAMES),
            [
                {"tournament_id": tournament_id, **{k: getattr(g, k) for k in Played.__slots__}}
                for g in games
            ],
        )


def busy(conn: Connection) -> set[str]:
    """Everyone at a tournament table that has not ended (in any tournament)."""
    rows = conn.execute(
        select(TOURNAMENT_GAMES.c.black, TOURNAMENT_GAMES.c.white).where(
            TOURNAMENT_GAMES.c.ended_at.is_(None)
        )
    )
    return {p for pair in rows for p in pair}


def ended_unrecorded(conn: Connection, tournament_id: str | None = None) -> list[TableRecord]:
    """The tables of tournament games that are over but whose result is not recorded."""
    query = (
        select(TABLES)
        .join(TOURNAMENT_GAMES, TOURNAMENT_GAMES.c.code == TABLES.c.code)
        .where(TOURNAMENT_GAMES.c.ended_at.is_(None), TABLES.c.status.in_(list(OVER)))
    )
    if tournament_id is not None:
        query = query.where(TOURNAMENT_GAMES.c.tournament_id == tournament_id)
    return [TableRecord(**{k: r[k] for k in TABLE_FIELDS}) for r in conn.execute(query).mappings()]


def black_score(table: TableRecord) -> tuple[float, str | None]:
    """Black's score in a tournament game that is over, and the player who never moved
    (an aborted game: whoever did not make their first move, or aborted it, loses)."""
    end = extra(table).get("end") or {}
    black_seat = table.black_seat or 0
    if table.status == Status.FINISHED:
        winner = end.get("winner_seat")
        return (0.5 if winner is None else float(winner == black_seat)), None
    loser = end.get("by")
    if loser is None:  # no first move: the side to move (black before any disc)
        loser = black_seat if not table.moves else 1 - black_seat
    absent = table.seat0 if loser == 0 else table.seat1
    return float(loser != black_seat), absent


def record(conn: Connection, table: TableRecord, now: float) -> tuple[str | None, str | None]:
    """Records a finished table's result once; returns its tournament (None: recorded
    before, or no tournament game) and the player to withdraw (never moved)."""
    score, absent = black_score(table)
    done = conn.execute(
        update(TOURNAMENT_GAMES)
        .where(TOURNAMENT_GAMES.c.code == table.code, TOURNAMENT_GAMES.c.ended_at.is_(None))
        .values(score=score, ended_at=now)
    ).rowcount
    if not done:
        return None, None
    return str(extra(table).get("tournament")), absent
