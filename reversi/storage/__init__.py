"""Storage of the hall: SQLAlchemy models, the repository and Alembic migrations.

SQLite (a file in the data directory) by default, PostgreSQL when a URL names one.
Nothing here knows the web.
"""

from reversi.storage.db import Database, database_url, open_database
from reversi.storage.repository import Conflict, Repository, TableRecord

__all__ = ["Conflict", "Database", "Repository", "TableRecord", "database_url", "open_database"]
