"""Alembic's environment: migrates the connection the store hands over
(``reversi.storage.migrations.upgrade``), in batch mode on SQLite."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from reversi.storage.schema import METADATA


def run_migrations(connection: Connection) -> None:
    batch = connection.dialect.name == "sqlite"
    context.configure(
        connection=connection,
        target_metadata=METADATA,
        render_as_batch=batch,
        transactional_ddl=not batch,
    )
    with context.begin_transaction():
        context.run_migrations()


# Alembic runs this file with its context set up; a doctest collector only imports it
if getattr(context, "config", None) is not None:
    run_migrations(context.config.attributes["connection"])
