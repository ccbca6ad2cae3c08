"""The schema, once: SQLAlchemy Core tables of the duels and the hall.

Times are seconds since the epoch (floats) of the server's clock. The migrations
(``migrations/versions``) build exactly these tables; a test compares them.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

METADATA = MetaData()

PLAYERS = Table(
    "players",
    METADATA,
    Column("id", String(32), primary_key=True),
    Column("nickname", String(40), nullable=False),
    #: bumped when the player moves to another device: older cookies stop working
    Column("generation", Integer, nullable=False, default=0),
    Column("created_at", Float, nullable=False),
)

TABLES = Table(
    "tables",
    METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(12), nullable=False, unique=True),
    Column("status", String(12), nullable=False, index=True),
    Column("version", Integer, nullable=False, default=0),
    Column("rules", JSON, nullable=False),
    # seat 0 is the opener, seat 1 the guest; the secrets make resume links
    Column("seat0", ForeignKey("players.id"), nullable=True),
    Column("seat1", ForeignKey("players.id"), nullable=True),
    Column("secret0", String(64), nullable=False),
    Column("secret1", String(64), nullable=False),
    # which seat plays black (Ebenholz), drawn when both seats are taken
    Column("black_seat", Integer, nullable=True),
    # OBF of the root position (None: the start cross) and the placed discs as a transcript
    Column("root", Text, nullable=True),
    Column("moves", Text, nullable=False, default=""),
    # the clock: when the current turn started, and its deadline (no grace included)
    Column("turn_started_at", Float, nullable=True),
    Column("turn_deadline", Float, nullable=True, index=True),
    # offers, client ids of recent moves, mutes, the end, the rematch
    # (reversi.duel.table.Extra)
    Column("extra", JSON, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
)

EVENTS = Table(
    "table_events",
    METADATA,
    Column("table_id", ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("kind", String(24), nullable=False),
    Column("payload", JSON, nullable=False),
    # None: both seats and onlookers; 0 or 1: only that seat
    Column("audience", Integer, nullable=True),
    Column("at", Float, nullable=False),
)

CHAT = Table(
    "chat_lines",
    METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("text", String(400), nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_chat_lines_table", "table_id", "id"),
)

TRANSFERS = Table(
    "transfer_tokens",
    METADATA,
    # sha256 of the link token; the short code is hashed too
    Column("token_hash", String(64), primary_key=True),
    Column("code_hash", String(64), nullable=False, unique=True),
    Column("player_id", ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Column("used_at", Float, nullable=True),
)

#: one finished game between people, for the hall; game-agnostic
RESULTS = Table(
    "results",
    METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game", String(24), nullable=False),
    # where the result comes from, e.g. "table:17": a result is recorded once
    Column("source", String(64), nullable=False),
    # [{"player": id, "side": "black", "outcome": "win"|"draw"|"loss", "score": 40}, …]
    Column("players", JSON, nullable=False),
    Column("outcome", JSON, nullable=False),
    Column("finished_at", Float, nullable=False, index=True),
    UniqueConstraint("game", "source", name="uq_results_game_source"),
)

#: small key/value facts of the server, e.g. when it was last seen alive
META = Table(
    "meta",
    METADATA,
    Column("key", String(40), primary_key=True),
    Column("value", Float, nullable=False),
)

# --- the hall (reversi.hall): points, leaderboards, device results, settings -------------

#: one player's share of one finished game between people; points once per
#: (source, player), whatever reports it how often
SCORES = Table(
    "hall_scores",
    METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game", String(24), nullable=False),
    Column("source", String(64), nullable=False),
    Column("player_id", String(32), nullable=False),
    Column("opponent_id", String(32), nullable=True),
    Column("outcome", String(8), nullable=False),
    Column("points", Integer, nullable=False),
    Column("finished_at", Float, nullable=False),
    UniqueConstraint("source", "player_id", name="uq_hall_scores_source_player"),
    Index("ix_hall_scores_player", "player_id", "finished_at"),
)

#: a player's points in one period ("2026-W48", "2026-11", "2026"), kept on write
TOTALS = Table(
    "hall_totals",
    METADATA,
    Column("period", String(10), primary_key=True),
    Column("player_id", String(32), primary_key=True),
    Column("points", Integer, nullable=False),
    Column("games", Integer, nullable=False),
    Index("ix_hall_totals_rank", "period", "points"),
)

#: a computer game played on a device and reported later: once per client id
DEVICE_GAMES = Table(
    "hall_device_games",
    METADATA,
    Column("player_id", String(32), primary_key=True),
    Column("client_id", String(64), primary_key=True),
    Column("game", String(24), nullable=False),
    Column("level", String(24), nullable=False),
    Column("outcome", String(8), nullable=False),
    Column("detail", JSON, nullable=False),
    Column("finished_at", Float, nullable=False),
    Column("received_at", Float, nullable=False),
    Index("ix_hall_device_games_player", "player_id", "finished_at"),
)

#: a player's settings (per game) and the milestones whose notice they have seen
PROFILES = Table(
    "hall_profiles",
    METADATA,
    Column("player_id", String(32), primary_key=True),
    # {"reversi": {"settings": {...}, "changed_at": 1764440000.0},
    #  "reversi.drill": {"items": [...]}}  (reversi.hall.progress)
    Column("settings", JSON, nullable=False),
    Column("milestones_seen", JSON, nullable=False),
)

#: a player's Wertungszahl in one time class ("schnell", …): Glicko-2 (reversi.hall.glicko)
RATINGS = Table(
    "hall_ratings",
    METADATA,
    Column("player_id", String(32), primary_key=True),
    Column("time_class", String(12), primary_key=True),
    Column("value", Float, nullable=False),
    Column("deviation", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
    Index("ix_hall_ratings_board", "time_class", "value"),
)

#: one rated game of one player: the rating after it, once per (source, player)
RATED_GAMES = Table(
    "hall_rated_games",
    METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("source", String(64), nullable=False),
    Column("player_id", String(32), nullable=False),
    Column("opponent_id", String(32), nullable=False),
    Column("time_class", String(12), nullable=False),
    Column("score", Float, nullable=False),
    Column("value_before", Float, nullable=False),
    Column("value", Float, nullable=False),
    Column("deviation", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("finished_at", Float, nullable=False),
    UniqueConstraint("source", "player_id", name="uq_hall_rated_games_source_player"),
    Index("ix_hall_rated_games_player", "player_id", "time_class", "finished_at"),
)

# --- the archive (reversi.archive): every finished game with its moves ---------------

#: one finished game: a duel (``id`` is its table code), a device's game (owned by its
#: player) or an imported one; ``seq`` orders games that finished at the same moment
GAMES = Table(
    "games",
    METADATA,
    Column("seq", Integer, primary_key=True, autoincrement=True),
    Column("id", String(24), nullable=False, unique=True),
    # "duel", "device" or "import"
    Column("kind", String(8), nullable=False),
    # a device game's player, and the id the device made for it (stored once)
    Column("owner_id", String(32), nullable=True),
    Column("client_id", String(64), nullable=True),
    Column("black_id", String(32), nullable=True),
    Column("white_id", String(32), nullable=True),
    # {"black": {"name": "Anna", "level": null}, "white": {"name": null, "level": "mittel"}}
    Column("players", JSON, nullable=False),
    # OBF of the root (None: the start cross); every move, passes as "pass"
    Column("root", Text, nullable=True),
    Column("moves", JSON, nullable=False),
    # seconds each move took (None: a pass or not measured); None: no clock
    Column("clocks", JSON, nullable=True),
    # {"black": 40, "white": 24, "winner": "black", "reason": "game_over"}
    Column("result", JSON, nullable=False),
    Column("counting", String(8), nullable=False),
    # what else is known: the move time of a duel, an import's file, event and place
    Column("tags", JSON, nullable=False),
    Column("started_at", Float, nullable=True),
    Column("finished_at", Float, nullable=False),
    UniqueConstraint("owner_id", "client_id", name="uq_games_owner_client"),
    Index("ix_games_black", "black_id", "finished_at"),
    Index("ix_games_white", "white_id", "finished_at"),
    Index("ix_games_owner", "owner_id", "finished_at"),
)

# --- tournaments (reversi.server.tournaments): arenas and Swiss events --------------------

#: one tournament: the hall's own (``key``, once each) or a player's (``by``)
TOURNAMENTS = Table(
    "tournaments",
    METADATA,
    # unguessable: a private tournament is reachable only by its link
    Column("id", String(24), primary_key=True),
    Column("key", String(64), nullable=True, unique=True),
    Column("name", String(60), nullable=False),
    # "arena" or "swiss"
    Column("kind", String(8), nullable=False),
    # "upcoming", "running" or "finished"
    Column("status", String(10), nullable=False, index=True),
    Column("starts_at", Float, nullable=False),
    # an arena's end from the start; a Swiss event's when its last round ended
    Column("ends_at", Float, nullable=True),
    Column("minutes", Integer, nullable=True),
    Column("rounds", Integer, nullable=True),
    # "3+2": the tables' Gesamtzeit + Zuschlag
    Column("clock", String(8), nullable=False),
    Column("xot", Boolean, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("private", Boolean, nullable=False),
    Column("by", String(32), nullable=True, index=True),
    # the Swiss round being played (0: none yet) and when it began
    Column("round", Integer, nullable=False, default=0),
    Column("round_at", Float, nullable=True),
    Column("created_at", Float, nullable=False),
)

#: a player of a tournament; ``left``: withdrawn (rejoining clears it)
TOURNAMENT_PLAYERS = Table(
    "tournament_players",
    METADATA,
    Column("tournament_id", String(24), primary_key=True),
    Column("player_id", String(32), primary_key=True),
    Column("joined_at", Float, nullable=False),
    Column("left", Boolean, nullable=False),
    # the Wertungszahl in the tournament's time class when they joined (Swiss seeding)
    Column("rating", Float, nullable=False),
    # the Swiss round of their bye (None: none yet)
    Column("bye_round", Integer, nullable=True),
    Index("ix_tournament_players_player", "player_id"),
)

#: one game of a tournament at its duel table; ``score`` (black's) once it ended
TOURNAMENT_GAMES = Table(
    "tournament_games",
    METADATA,
    Column("code", String(12), primary_key=True),
    Column("tournament_id", String(24), nullable=False),
    Column("round", Integer, nullable=False),
    Column("black", String(32), nullable=False),
    Column("white", String(32), nullable=False),
    Column("score", Float, nullable=True),
    Column("started_at", Float, nullable=False),
    Column("ended_at", Float, nullable=True),
    Index("ix_tournament_games_tournament", "tournament_id", "ended_at"),
    Index("ix_tournament_games_open", "ended_at"),
)
