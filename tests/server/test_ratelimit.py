"""The rate limiter when its Redis is away: it fails over to this process's window (the
limits still hold, per process), and says so once per outage, not once per call."""

from __future__ import annotations

import logging

import pytest

from reversi.server.http.ratelimit import Limiter
from tests.app_fixtures import REDIS_URL, need_redis

#: nothing listens on port 1: every call fails at once
AWAY = "redis://127.0.0.1:1/0"

pytestmark = pytest.mark.anyio


async def test_with_redis_away_the_limits_hold_in_this_process(
    caplog: pytest.LogCaptureFixture,
) -> None:
    limiter = Limiter(AWAY, "test-away")
    try:
        with caplog.at_level(logging.WARNING, "reversi.server"):
            hits = [await limiter.hit("3/minute", "address", "1.2.3.4") for _ in range(5)]
            assert not await limiter.test("3/minute", "address", "1.2.3.4")
            assert await limiter.wait("3/minute", "address", "1.2.3.4") > 50
            assert await limiter.hit("3/minute", "address", "5.6.7.8")
    finally:
        await limiter.close()
    assert hits == [True, True, True, False, False]
    assert limiter.away
    away = [r for r in caplog.records if "Redis is away" in r.getMessage()]
    assert len(away) == 1, caplog.text  # once for the outage, not for each of 8 calls


async def test_redis_answering_again_is_logged_once_and_counts_there(
    caplog: pytest.LogCaptureFixture,
) -> None:
    need_redis()
    limiter = Limiter(REDIS_URL, "test-back-limits")
    try:
        await limiter.reset()
        limiter.away = True  # as after an outage
        with caplog.at_level(logging.WARNING, "reversi.server"):
            assert await limiter.hit("1/minute", "k")
            assert not await limiter.hit("1/minute", "k")
        await limiter.reset()
    finally:
        await limiter.close()
    assert not limiter.away
    assert [r.getMessage() for r in caplog.records if "Redis" in r.getMessage()] == [
        "the rate limits' Redis is back: counting there again"
    ]
