"""The tables of the hall. Times are seconds since the epoch (floats) of the server's clock."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Float, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class Player(Base):
    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    nickname: Mapped[str] = mapped_column(String(40))
    #: bumped when the player moves to another device: older cookies stop working
    generation: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[float] = mapped_column(Float)


class Table(Base):
    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    code: Mapped[str] = mapped_column(String(12), unique=True)
    status: Mapped[str] = mapped_column(String(12), index=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: seat 0 is the opener, seat 1 the guest; the secrets make resume links
    seat0: Mapped[str | None] = mapped_column(ForeignKey("players.id"), nullable=True)
    seat1: Mapped[str | None] = mapped_column(ForeignKey("players.id"), nullable=True)
    secret0: Mapped[str] = mapped_column(String(64))
    secret1: Mapped[str] = mapped_column(String(64))
    #: which seat plays black (Ebenholz), drawn when both seats are taken
    black_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: OBF of the root position (None: the start cross) and the placed discs as a transcript
    root: Mapped[str | None] = mapped_column(Text, nullable=True)
    moves: Mapped[str] = mapped_column(Text, default="")
    #: the clock: when the current turn started, and its deadline (no grace included)
    turn_started_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    turn_deadline: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    #: offers, client ids of recent moves, mutes, the end, the rematch
    extra: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)


class TableEvent(Base):
    __tablename__ = "table_events"

    table_id: Mapped[int] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(24))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: None: both seats and onlookers; 0 or 1: only that seat
    audience: Mapped[int | None] = mapped_column(Integer, nullable=True)
    at: Mapped[float] = mapped_column(Float)


class ChatLine(Base):
    __tablename__ = "chat_lines"
    __table_args__ = (Index("ix_chat_lines_table", "table_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(400))
    at: Mapped[float] = mapped_column(Float)


class TransferToken(Base):
    __tablename__ = "transfer_tokens"

    #: sha256 of the link token; the short code is hashed too
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)
    used_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class Result(Base):
    """One finished game between people, for the hall; game-agnostic."""

    __tablename__ = "results"
    __table_args__ = (UniqueConstraint("game", "source", name="uq_results_game_source"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game: Mapped[str] = mapped_column(String(24))
    #: where the result comes from, e.g. "table:17": a result is recorded once
    source: Mapped[str] = mapped_column(String(64))
    #: [{"player": id, "side": "black", "outcome": "win"|"draw"|"loss", "score": 40}, …]
    players: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    outcome: Mapped[dict[str, Any]] = mapped_column(JSON)
    finished_at: Mapped[float] = mapped_column(Float, index=True)


class Meta(Base):
    """Small key/value facts of the server, e.g. when it was last seen alive."""

    __tablename__ = "meta"

    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[float] = mapped_column(Float)


# --- the hall (reversi.hall): points, leaderboards, device results, settings -------------


class HallScore(Base):
    """One player's share of one finished game between people; points once per
    (source, player), whatever reports it how often."""

    __tablename__ = "hall_scores"
    __table_args__ = (
        UniqueConstraint("source", "player_id", name="uq_hall_scores_source_player"),
        Index("ix_hall_scores_player", "player_id", "finished_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game: Mapped[str] = mapped_column(String(24))
    source: Mapped[str] = mapped_column(String(64))
    player_id: Mapped[str] = mapped_column(String(32))
    opponent_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    outcome: Mapped[str] = mapped_column(String(8))
    points: Mapped[int] = mapped_column(Integer)
    finished_at: Mapped[float] = mapped_column(Float)


class HallTotal(Base):
    """A player's points in one period ("2026-W48", "2026-11", "2026"), kept on write."""

    __tablename__ = "hall_totals"
    __table_args__ = (Index("ix_hall_totals_rank", "period", "points"),)

    period: Mapped[str] = mapped_column(String(10), primary_key=True)
    player_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    points: Mapped[int] = mapped_column(Integer)
    games: Mapped[int] = mapped_column(Integer)


class HallDeviceGame(Base):
    """A computer game played on a device and reported later: once per client id."""

    __tablename__ = "hall_device_games"
    __table_args__ = (Index("ix_hall_device_games_player", "player_id", "finished_at"),)

    player_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    client_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(24))
    level: Mapped[str] = mapped_column(String(24))
    outcome: Mapped[str] = mapped_column(String(8))
    detail: Mapped[dict[str, Any]] = mapped_column(JSON)
    finished_at: Mapped[float] = mapped_column(Float)
    received_at: Mapped[float] = mapped_column(Float)


class HallProfile(Base):
    """A player's settings (per game) and the milestones whose notice they have seen."""

    __tablename__ = "hall_profiles"

    player_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    #: {"reversi": {"settings": {...}, "changed_at": 1764440000.0}}
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    milestones_seen: Mapped[list[str]] = mapped_column(JSON)
