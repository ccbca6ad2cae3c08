"""The hall: per-player scores of finished games, per-period totals, computer games
reported by devices, and profiles (settings, milestone notices seen).

The scores of results recorded before this revision are filled in (10 a win, 4 a
draw, 1 a loss; the periods in Berlin time, as ``reversi.hall`` does).

Revision ID: 0002
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_POINTS = {"win": 10, "draw": 4, "loss": 1}


def upgrade() -> None:
    scores = op.create_table(
        "hall_scores",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(24), nullable=False),
        sa.Column("source", sa.String(64), nullable=False),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("opponent_id", sa.String(32), nullable=True),
        sa.Column("outcome", sa.String(8), nullable=False),
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False),
        sa.UniqueConstraint("source", "player_id", name="uq_hall_scores_source_player"),
    )
    op.create_index("ix_hall_scores_player", "hall_scores", ["player_id", "finished_at"])
    totals = op.create_table(
        "hall_totals",
        sa.Column("period", sa.String(10), primary_key=True),
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    op.create_index("ix_hall_totals_rank", "hall_totals", ["period", "points"])
    op.create_table(
        "hall_device_games",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("client_id", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(24), nullable=False),
        sa.Column("level", sa.String(24), nullable=False),
        sa.Column("outcome", sa.String(8), nullable=False),
        sa.Column("detail", sa.JSON, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False),
        sa.Column("received_at", sa.Float, nullable=False),
    )
    op.create_index(
        "ix_hall_device_games_player", "hall_device_games", ["player_id", "finished_at"]
    )
    op.create_table(
        "hall_profiles",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("milestones_seen", sa.JSON, nullable=False),
    )
    _fill_in(scores, totals)


def _fill_in(scores: sa.Table, totals: sa.Table) -> None:
    """Scores and totals of the results that are already there."""
    conn = op.get_bind()
    results = sa.table(
        "results",
        sa.column("game"),
        sa.column("source"),
        sa.column("players", sa.JSON),
        sa.column("finished_at"),
    )
    berlin = ZoneInfo("Europe/Berlin")
    rows: list[dict[str, object]] = []
    sums: dict[tuple[str, str], list[int]] = {}
    for game, source, players, finished_at in conn.execute(
        sa.select(results.c.game, results.c.source, results.c.players, results.c.finished_at)
    ):
        ids = [p.get("player") for p in players or []]
        for entry in players or []:
            player, outcome = entry.get("player"), entry.get("outcome")
            if not player or outcome not in _POINTS:
                continue
            opponent = next((o for o in ids if o and o != player), None)
            rows.append(
                {
                    "game": game,
                    "source": source,
                    "player_id": player,
                    "opponent_id": opponent,
                    "outcome": outcome,
                    "points": _POINTS[outcome],
                    "finished_at": finished_at,
                }
            )
            day = datetime.fromtimestamp(finished_at, berlin).date()
            year, week, _ = day.isocalendar()
            for key in (f"{year}-W{week:02d}", f"{day.year}-{day.month:02d}", str(day.year)):
                total = sums.setdefault((key, player), [0, 0])
                total[0] += _POINTS[outcome]
                total[1] += 1
    if rows:
        op.bulk_insert(scores, rows)
    if sums:
        op.bulk_insert(
            totals,
            [
                {"period": k, "player_id": p, "points": v[0], "games": v[1]}
                for (k, p), v in sums.items()
            ],
        )


def downgrade() -> None:
    for name in ("hall_profiles", "hall_device_games", "hall_totals", "hall_scores"):
        op.drop_table(name)
