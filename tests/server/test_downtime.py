"""Time while no server ran is not charged: a clean stop records its moment, a killed
process is credited from its last heartbeat."""

from __future__ import annotations

from pathlib import Path

import pytest

from reversi.server.duel_server import DuelServer
from reversi.server.duels.downtime import downtime_since, heartbeat
from reversi.server.wall_clock import ManualClock
from tests.app_fixtures import REDIS_URL, make_settings, need_redis
from tests.server.helpers import move, seated, view

pytestmark = pytest.mark.anyio


async def crash(server: DuelServer) -> None:
    """Lets a server go like kill -9 would: no clean stop is recorded."""
    assert server.broker is not None and server.store is not None
    await server.broker.stop()
    await server.limiter.close()
    await server.store.close()
    server.store = None


async def running_table(server: DuelServer) -> tuple[str, str, str, dict[str, object]]:
    code, black, white = await seated(server)
    await move(server, code, black, "d3")
    await move(server, code, white, "c3")
    return code, black, white, (await view(server, code))["table"]["clock"]


async def test_a_short_outage_after_a_clean_stop_is_credited_exactly(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    first = DuelServer(make_settings(tmp_path, clock, db_url))
    await first.start()
    try:
        code, black, _, before = await running_table(first)
        clock.advance(4)
    finally:
        await first.stop()
    clock.advance(3)  # shorter than the old heartbeat's two intervals
    second = DuelServer(make_settings(tmp_path, clock, db_url))
    await second.start()
    try:
        state = await second.service.missed(code, 0)
        assert state is not None
        resumed = [e for e in state["events"] if e["kind"] == "resumed"]
        assert [e["data"]["downtime"] for e in resumed] == [3.0]
        after = state["table"]["clock"]
        assert after["deadline"] == pytest.approx(before["deadline"] + 3)  # type: ignore[operator]
        assert after["remaining"] == pytest.approx(before["remaining"] - 4)  # type: ignore[operator]
        await move(second, code, black, "c4")
    finally:
        await second.stop()


async def test_with_several_processes_a_clean_stop_still_counts_to_the_moment(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    need_redis()
    settings = make_settings(tmp_path, clock, db_url, redis_url=REDIS_URL)
    first = DuelServer(settings)
    await first.start()
    try:
        code, _, _, before = await running_table(first)
    finally:
        await first.stop()
    clock.advance(0.6)  # a heartbeat this young could be another running process's
    second = DuelServer(make_settings(tmp_path, clock, db_url, redis_url=REDIS_URL))
    await second.start()
    try:
        state = await second.service.missed(code, 0)
        assert state is not None
        resumed = [e["data"]["downtime"] for e in state["events"] if e["kind"] == "resumed"]
        assert resumed == [0.6]
        after = state["table"]["clock"]
        assert after["deadline"] == pytest.approx(before["deadline"] + 0.6)  # type: ignore[operator]
    finally:
        await second.stop()


async def test_a_killed_process_is_credited_from_its_last_heartbeat(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    first = DuelServer(make_settings(tmp_path, clock, db_url))
    await first.start()
    code, _, _, before = await running_table(first)
    await heartbeat(first.service.store, first.settings.clock())
    clock.advance(0.3)  # the process dies before its next beat
    await crash(first)
    clock.advance(1.2)
    second = DuelServer(make_settings(tmp_path, clock, db_url))
    await second.start()
    try:
        state = await second.service.missed(code, 0)
        assert state is not None
        resumed = [e["data"]["downtime"] for e in state["events"] if e["kind"] == "resumed"]
        assert resumed == [1.5]  # 0.3 s of it generously: at most one heartbeat interval
        after = state["table"]["clock"]
        assert after["deadline"] == pytest.approx(before["deadline"] + 1.5)  # type: ignore[operator]
    finally:
        await second.stop()


def test_downtime_is_judged_from_the_last_beat_and_the_last_clean_stop() -> None:
    assert downtime_since(100.0, None, None, 0.0) == 0.0  # a new hall
    assert downtime_since(100.0, 90.0, 90.0, 1.0) == 10.0  # clean stop, nobody since
    assert downtime_since(100.0, 99.8, 99.8, 1.0) == pytest.approx(0.2)
    # a clean stop, but another process beat after it and is alive
    assert downtime_since(100.0, 99.6, 95.0, 1.0) == 0.0
    # killed: from the last beat, unless another process may be beating
    assert downtime_since(100.0, 98.5, None, 1.0) == 1.5
    assert downtime_since(100.0, 99.5, None, 1.0) == 0.0
    assert downtime_since(100.0, 99.5, None, 0.0) == 0.5  # no other process can run


async def resumed_credits(server: DuelServer, code: str) -> list[float]:
    state = await server.service.missed(code, 0)
    assert state is not None
    return [e["data"]["downtime"] for e in state["events"] if e["kind"] == "resumed"]


async def test_a_second_process_starting_slowly_credits_nothing_again(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    """The second process of two started after an outage judges
    after the first credited it, later than any 'another process is alive' window."""
    need_redis()
    settings = make_settings(tmp_path, clock, db_url, redis_url=REDIS_URL)
    first = DuelServer(settings)
    await first.start()
    code, *_ = await running_table(first)
    await heartbeat(first.service.store, clock())
    await crash(first)
    clock.advance(20)
    one = DuelServer(make_settings(tmp_path, clock, db_url, redis_url=REDIS_URL))
    two = DuelServer(make_settings(tmp_path, clock, db_url, redis_url=REDIS_URL))
    await one.start()
    try:
        clock.advance(5)  # a loaded start: ten heartbeat intervals later
        await two.start()
        try:
            assert await resumed_credits(two, code) == [20.0]
        finally:
            await two.stop()
    finally:
        await one.stop()
