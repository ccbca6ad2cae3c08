"""The migrations of the schema (``versions/``), run with ``alembic.command.upgrade`` on
a connection the store hands over (``env.py``)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection

MIGRATIONS = Path(__file__).resolve().parent


def alembic_config(connection: Connection | None = None) -> Config:
    """The Alembic configuration, in code (there is no alembic.ini); ``connection``:
    the one ``migrations/env.py`` migrates."""
    config = Config()
    config.set_main_option("path_separator", "os")
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("version_locations", str(MIGRATIONS / "versions"))
    config.attributes["connection"] = connection
    return config


def upgrade(connection: Connection) -> None:
    """Runs the migrations up to the newest on ``connection`` (inside its transaction)."""
    command.upgrade(alembic_config(connection), "head")
