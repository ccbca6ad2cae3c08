"""Tournaments: arenas and Swiss events, their players and their games
(``reversi.server.tournaments.tournament_service``).

Revision ID: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("key", sa.String(64), nullable=True, unique=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("starts_at", sa.Float, nullable=False),
        sa.Column("ends_at", sa.Float, nullable=True),
        sa.Column("minutes", sa.Integer, nullable=True),
        sa.Column("rounds", sa.Integer, nullable=True),
        sa.Column("clock", sa.String(8), nullable=False),
        sa.Column("xot", sa.Boolean, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("by", sa.String(32), nullable=True),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("round_at", sa.Float, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status"])
    op.create_index("ix_tournaments_by", "tournaments", ["by"])
    op.create_table(
        "tournament_players",
        sa.Column("tournament_id", sa.String(24), primary_key=True),
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("joined_at", sa.Float, nullable=False),
        sa.Column("left", sa.Boolean, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("bye_round", sa.Integer, nullable=True),
    )
    op.create_index("ix_tournament_players_player", "tournament_players", ["player_id"])
    op.create_table(
        "tournament_games",
        sa.Column("code", sa.String(12), primary_key=True),
        sa.Column("tournament_id", sa.String(24), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("black", sa.String(32), nullable=False),
        sa.Column("white", sa.String(32), nullable=False),
        sa.Column("score", sa.Float, nullable=True),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("ended_at", sa.Float, nullable=True),
    )
    op.create_index(
        "ix_tournament_games_tournament", "tournament_games", ["tournament_id", "ended_at"]
    )
    op.create_index("ix_tournament_games_open", "tournament_games", ["ended_at"])


def downgrade() -> None:
    op.drop_table("tournament_games")
    op.drop_table("tournament_players")
    op.drop_table("tournaments")
