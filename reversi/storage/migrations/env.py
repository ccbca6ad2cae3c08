"""Alembic's environment: migrates the connection the store hands over
(``reversi.storage.store.upgrade``), in batch mode on SQLite."""

from __future__ import annotations

from alembic import context

from reversi.storage.schema import METADATA

connection = context.config.attributes["connection"]
batch = connection.dialect.name == "sqlite"
context.configure(connection=connection, target_metadata=METADATA,
                  render_as_batch=batch, transactional_ddl=not batch)
with context.begin_transaction():
    context.run_migrations()
