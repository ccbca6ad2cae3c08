"""Duels: players, tables with their event log and chat, transfer tokens, results, meta.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("nickname", sa.String(40), nullable=False),
        sa.Column("generation", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(12), nullable=False, unique=True),
        sa.Column("status", sa.String(12), nullable=False, index=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("seat0", sa.String(32), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("seat1", sa.String(32), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("secret0", sa.String(64), nullable=False),
        sa.Column("secret1", sa.String(64), nullable=False),
        sa.Column("black_seat", sa.Integer, nullable=True),
        sa.Column("root", sa.Text, nullable=True),
        sa.Column("moves", sa.Text, nullable=False),
        sa.Column("turn_started_at", sa.Float, nullable=True),
        sa.Column("turn_deadline", sa.Float, nullable=True, index=True),
        sa.Column("extra", sa.JSON, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "table_events",
        sa.Column(
            "table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(24), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("audience", sa.Integer, nullable=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "chat_lines",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.String(400), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_lines_table", "chat_lines", ["table_id", "id"])
    op.create_table(
        "transfer_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("code_hash", sa.String(64), nullable=False, unique=True),
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("used_at", sa.Float, nullable=True),
    )
    op.create_table(
        "results",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(24), nullable=False),
        sa.Column("source", sa.String(64), nullable=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("outcome", sa.JSON, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False, index=True),
        sa.UniqueConstraint("game", "source", name="uq_results_game_source"),
    )
    op.create_table(
        "meta",
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("value", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for name in (
        "meta",
        "results",
        "transfer_tokens",
        "chat_lines",
        "table_events",
        "tables",
        "players",
    ):
        op.drop_table(name)
