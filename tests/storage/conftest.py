"""The storage tests' fixtures: a store opened on each backend of ``db_url``."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from reversi.storage import Store, open_store


@pytest.fixture
async def store(db_url: str) -> AsyncIterator[Store]:
    opened = await open_store(db_url)
    try:
        yield opened
    finally:
        await opened.close()
