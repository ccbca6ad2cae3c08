"""What the fuzz tests share: JSON values of every kind, and the app they fuzz."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st
from starlette.testclient import TestClient

from reversi.server.settings import Settings
from reversi.server.wall_clock import ManualClock
from tests.app_fixtures import make_settings, players
from tests.server.test_protocol import open_and_join

#: JSON values of every kind, strings with lone surrogates and numbers past 64 bits included
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(2**63, 10**400)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.characters(categories=["L", "N", "P", "Cs", "Cc", "Zs", "So"]), max_size=30)
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


@contextlib.contextmanager
def app_of_three(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, **limits: Any
) -> Iterator[tuple[Settings, list[TestClient], str]]:
    """An app on SQLite with these ``limits`` besides the tests' loose ones, its settings,
    and three players: the first two at a running table (its code), the third known to
    the server but seated nowhere. Warnings and worse are captured."""
    config = make_settings(
        tmp_path, ManualClock(), f"sqlite+aiosqlite:///{tmp_path}/f.db", **limits
    )
    caplog.set_level(logging.WARNING)
    with players(config, 3) as (a, b, c):
        code, _ = open_and_join(a, b)
        c.get("/api/me")
        yield config, [a, b, c], code
