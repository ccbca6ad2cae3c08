"""The move that ends a game is answered like any move; the hall's record of the game
(points, levels, ratings, the archive's replay) follows in a second change, ``booked``
(``TableCommits.book``), and a game whose end was saved but not recorded — the process
stopped in between — is recorded at the next start, exactly once, on both stores, and
by a running server's look for such games."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import anyio
import pytest

from reversi.hall.points import points_for
from reversi.server import duel_server
from reversi.server.duel_server import DuelServer
from reversi.server.duels import saving, table_commits
from reversi.server.duels.table_commits import TableCommits
from reversi.server.wall_clock import ManualClock
from reversi.server.ws import client_messages as p
from reversi.storage import Rows
from tests.app_fixtures import make_settings
from tests.server.helpers import COUNTED_LINE, seated_after, view

pytestmark = pytest.mark.anyio


async def end_kinds(server: DuelServer, code: str) -> list[str]:
    assert server.store is not None

    def read(rows: Rows) -> list[str]:
        table = rows.table(code)
        assert table is not None and table.id is not None
        return [e.kind for e in rows.events_after(table.id, 0)]

    return [k for k in await server.store.read(read) if k in ("ended", "booked")]


async def results_of(server: DuelServer, code: str) -> list[dict[str, Any]]:
    assert server.store is not None
    results = await server.store.read(lambda rows: rows.results("reversi"))
    return [r for r in results if r["source"] == f"table:{code}"]


async def test_the_move_that_ends_a_game_is_answered_before_the_hall_records_it(
    tmp_path: Path, clock: ManualClock, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = DuelServer(make_settings(tmp_path, clock, db_url))
    await server.start()
    release = threading.Event()
    real = saving.save_change

    def held(rows: Rows, expected: int, duel: Any) -> None:
        if duel.effects.result is not None:  # the hall's record waits here
            assert release.wait(10)
        real(rows, expected, duel)

    monkeypatch.setattr(table_commits, "save_change", held)
    try:
        code, black, white = await seated_after(server, *COUNTED_LINE)
        await server.service.handle(white, p.Resign(code=code))
        # answered and announced while the record waits
        state = await server.service.state(code, black)
        assert state is not None
        end = state["table"]["end"]
        assert end["reason"] == "resign" and end["winner_seat"] is not None
        assert "points" not in end and "ratings" not in end and "booking" in end
        assert await end_kinds(server, code) == ["ended"]
        assert await results_of(server, code) == []
        release.set()
        await server.service.settled()
        end = (await view(server, code, black))["table"]["end"]
        assert "booking" not in end
        assert sorted(end["points"]) == [points_for("loss"), points_for("win")]
        assert end["levels"] and end["ratings"]
        assert await end_kinds(server, code) == ["ended", "booked"]
        assert len(await results_of(server, code)) == 1
        assert await server.service.book(code) is False  # nothing left to record
    finally:
        release.set()
        await server.stop()


async def test_a_game_whose_record_was_cut_off_is_recorded_at_the_next_start_once(
    tmp_path: Path, clock: ManualClock, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = make_settings(tmp_path, clock, db_url)
    first = DuelServer(settings)
    await first.start()
    with monkeypatch.context() as cut:
        cut.setattr(TableCommits, "_book_soon", lambda self, code: None)
        try:
            code, black, white = await seated_after(first, *COUNTED_LINE)
            await first.service.handle(black, p.Resign(code=code))
            state = await first.service.state(code, black)
            assert state is not None and "booking" in state["table"]["end"]
            assert await results_of(first, code) == []
        finally:
            await first.stop()
    again = DuelServer(settings)
    await again.start()  # its start records the game
    try:
        end = (await view(again, code, white))["table"]["end"]
        assert "booking" not in end
        assert sorted(end["points"]) == [points_for("loss"), points_for("win")]
        assert await end_kinds(again, code) == ["ended", "booked"]
        assert len(await results_of(again, code)) == 1
        assert await again.service.book_missed() == []
    finally:
        await again.stop()


async def test_a_running_server_records_a_cut_off_game_within_its_look_each_minute(
    tmp_path: Path, clock: ManualClock, sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(duel_server, "BOOK_MISSED_EVERY", 0.0)  # every sweep looks
    server = DuelServer(make_settings(tmp_path, clock, sqlite_url, sweep_interval=0.02))
    await server.start()
    try:
        with monkeypatch.context() as cut:
            cut.setattr(TableCommits, "_book_soon", lambda self, code: None)
            code, black, _ = await seated_after(server, *COUNTED_LINE)
            await server.service.handle(black, p.Resign(code=code))
        for _ in range(250):
            if await results_of(server, code):
                break
            await anyio.sleep(0.02)
        assert len(await results_of(server, code)) == 1
        assert await end_kinds(server, code) == ["ended", "booked"]
    finally:
        await server.stop()
