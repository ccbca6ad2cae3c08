"""The Wertungszahl: each player's Glicko-2 rating per time class, and every rated game
with the rating after it (``reversi.hall.ratings``).

Revision ID: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hall_ratings",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("time_class", sa.String(12), primary_key=True),
        sa.Column("value", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_hall_ratings_board", "hall_ratings", ["time_class", "value"])
    op.create_table(
        "hall_rated_games",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("source", sa.String(64), nullable=False),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("opponent_id", sa.String(32), nullable=False),
        sa.Column("time_class", sa.String(12), nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("value_before", sa.Float, nullable=False),
        sa.Column("value", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False),
        sa.UniqueConstraint("source", "player_id", name="uq_hall_rated_games_source_player"),
    )
    op.create_index(
        "ix_hall_rated_games_player", "hall_rated_games", ["player_id", "time_class", "finished_at"]
    )


def downgrade() -> None:
    op.drop_table("hall_rated_games")
    op.drop_table("hall_ratings")
