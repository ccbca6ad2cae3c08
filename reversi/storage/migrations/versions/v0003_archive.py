"""The archive: every finished game with its moves, players, result and clocks
(``reversi.archive``).

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("id", sa.String(24), nullable=False, unique=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("owner_id", sa.String(32), nullable=True),
        sa.Column("client_id", sa.String(64), nullable=True),
        sa.Column("black_id", sa.String(32), nullable=True),
        sa.Column("white_id", sa.String(32), nullable=True),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("root", sa.Text, nullable=True),
        sa.Column("moves", sa.JSON, nullable=False),
        sa.Column("clocks", sa.JSON, nullable=True),
        sa.Column("result", sa.JSON, nullable=False),
        sa.Column("counting", sa.String(8), nullable=False),
        sa.Column("tags", sa.JSON, nullable=False),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=False),
        sa.UniqueConstraint("owner_id", "client_id", name="uq_games_owner_client"),
    )
    op.create_index("ix_games_black", "games", ["black_id", "finished_at"])
    op.create_index("ix_games_white", "games", ["white_id", "finished_at"])
    op.create_index("ix_games_owner", "games", ["owner_id", "finished_at"])


def downgrade() -> None:
    op.drop_table("games")
