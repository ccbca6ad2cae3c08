"""Fernpartien (days per move): the server's clock of days, a loss when it runs out, a
restart that charges nobody, the time class of their own, the list of a player's
games ("Du bist dran" first), the header's count, the lobby's group, and the waiting
cap that does not hold them back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from reversi.archive.record import ggf_of
from reversi.duel.game import TableGame
from reversi.duel.rules import DAY, correspondence, time_class
from reversi.server.duel_server import DuelServer
from reversi.server.duels.archived import duel_record
from reversi.server.duels.correspondence import games_of
from reversi.server.duels.lobby_listing import entry
from reversi.server.wall_clock import ManualClock
from reversi.server.ws import client_messages as p
from tests.app_fixtures import REDIS_URL, make_settings, need_redis, players
from tests.server.helpers import COUNTED_LINE, stored, view
from tests.server.test_total_clock import clocked, play, seat_of, table_of

pytestmark = pytest.mark.anyio


def test_the_days_per_move_and_the_time_class() -> None:
    assert [correspondence({"clock": c}) for c in ("1d", "2d", "3d", "7d")] == [
        DAY,
        2 * DAY,
        3 * DAY,
        7 * DAY,
    ]
    assert time_class({"clock": "7d"}) == "fernpartie"
    assert correspondence({"clock": "3+2"}) is None and correspondence({}) is None


async def test_each_move_has_its_days_and_a_run_out_clock_loses(
    service: DuelServer, clock: ManualClock
) -> None:
    code, black, white = await clocked(service, "2d")
    table = await table_of(service, code)
    assert table["rules"]["clock"] == "2d" and table["clock"]["remaining"] == 2 * DAY
    clock.advance(DAY + 3600)  # the first move has its two days as well
    await play(service, code, black, white, "f5")
    clock.advance(DAY)
    await play(service, code, black, white, "d6", "c3")
    table = await table_of(service, code)
    w = seat_of(table, "white")
    assert table["clock"]["seat"] == w and table["clock"]["remaining"] == 2 * DAY
    clock.advance(2 * DAY + service.settings.grace - 1)
    assert await service.service.sweep() == []
    clock.advance(2)
    assert await service.service.sweep() == [code]
    end = (await table_of(service, code))["end"]
    assert end["reason"] == "timeout" and end["winner_seat"] == 1 - w


async def test_a_restart_in_the_middle_keeps_the_days_left(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    first = DuelServer(make_settings(tmp_path, clock, db_url))
    await first.start()
    try:
        code, black, white = await clocked(first, "1d")
        await play(first, code, black, white, "f5", "d6")
        clock.advance(3 * 3600)
        before = (await table_of(first, code))["clock"]["remaining"]
    finally:
        await first.stop()
    clock.advance(2 * DAY)  # down for two days: more than the day per move
    second = DuelServer(make_settings(tmp_path, clock, db_url))
    await second.start()
    try:
        after = (await table_of(second, code))["clock"]["remaining"]
        assert after == pytest.approx(before) == pytest.approx(DAY - 3 * 3600)
        assert await second.service.sweep() == []
        listed = await games_of(stored(second), black, clock())
        assert listed["your_turn"] == 1 and listed["games"][0]["left"] == pytest.approx(after)
        await play(second, code, black, white, "c3")
    finally:
        await second.stop()


async def test_the_list_puts_the_games_waiting_for_the_player_first(
    service: DuelServer, clock: ManualClock
) -> None:
    me = await service.identity.create()
    others = [await service.identity.create() for _ in range(3)]
    waiting = (await service.service.open_table(me.id, me.nickname, clock="3d")).code
    quick = (await service.service.open_table(me.id, me.nickname, clock="3+2")).code
    codes = []
    for other, days in zip(others, ("7d", "1d", "2d"), strict=True):
        code = (await service.service.open_table(other.id, other.nickname, clock=days)).code
        await service.service.join(me.id, me.nickname, code)
        # the first game waits for me, the others for the opponent
        state = await view(service, code, me.id)
        mine_first = state["you"]["color"] == "black"
        if mine_first != (other is others[0]):
            mover = me.id if mine_first else other.id
            await service.service.handle(mover, p.Move(code=code, square="f5", cid="x", ply=0))
        codes.append(code)
        clock.advance(60)
    listed = await games_of(stored(service), me.id, clock())
    order = [g["code"] for g in listed["games"]]
    assert quick not in order
    assert order[0] == codes[0] and order[-1] == waiting
    assert listed["your_turn"] == 1 and listed["games"][0]["your_turn"] is True
    theirs = listed["games"][1:3]
    assert {g["code"] for g in theirs} == set(codes[1:])
    assert theirs[0]["deadline"] <= theirs[1]["deadline"]
    assert all(g["opponent"] and not g["your_turn"] for g in theirs)
    assert listed["games"][-1]["opponent"] is None and listed["games"][-1]["deadline"] is None
    assert (await games_of(stored(service), None, clock()))["games"] == []


async def test_the_reminder_counts_the_games_with_less_than_a_day_left(
    service: DuelServer, clock: ManualClock
) -> None:
    _, black, white = await clocked(service, "2d")
    listed = await games_of(stored(service), black, clock())
    assert listed["your_turn"] == 1 and listed["urgent"] == 0
    clock.advance(DAY + 60)
    listed = await games_of(stored(service), black, clock())
    assert listed["urgent"] == 1 and listed["games"][0]["urgent"] is True
    assert (await games_of(stored(service), white, clock()))["urgent"] == 0


async def test_a_rated_fernpartie_moves_its_own_rating(service: DuelServer) -> None:
    code, black, white = await clocked(service, "1d")
    for ply, square in enumerate(COUNTED_LINE):
        await service.service.handle(
            (black, white)[ply % 2], p.Move(code=code, square=square, cid=f"c{ply}", ply=ply)
        )
    await service.service.handle(black, p.Resign(code=code))
    end = (await table_of(service, code))["end"]
    assert end["reason"] == "resign"
    me = await service.hall.me(white)
    assert "fernpartie" in me["ratings"]


async def test_a_waiting_fernpartie_stays_open_while_its_opener_is_away(
    service: DuelServer, clock: ManualClock
) -> None:
    a = await service.identity.create()
    fern = (await service.service.open_table(a.id, a.nickname, clock="7d")).code
    now = (await service.service.open_table(a.id, a.nickname)).code
    hub = service.hub
    await hub.close_abandoned()
    clock.advance(service.settings.abandoned_after + 1)
    assert await hub.close_abandoned() == [now]
    assert (await table_of(service, fern))["status"] == "waiting"
    table = await stored(service).read(lambda rows: rows.table(fern))
    assert table is not None
    shown = entry(table, (await view(service, fern))["table"], here=False)
    assert shown is not None and shown["correspondence"] is True
    assert entry(table, (await view(service, fern))["table"], here=True) is not None


def test_fernpartien_do_not_count_against_the_waiting_cap(settings: Any) -> None:
    with players(settings, 2) as (a, b):
        for _ in range(3):
            assert a.post("/api/tables").status_code == 201
        for days in ("1d", "2d", "3d", "7d", "1d"):
            assert a.post("/api/tables", json={"clock": days}).status_code == 201
        assert a.post("/api/tables").status_code == 409
        assert b.get("/api/fernpartien").json() == {
            "games": [],
            "your_turn": 0,
            "urgent": 0,
            "server_time": settings.clock(),
        }
        listed = a.get("/api/fernpartien").json()
        assert len(listed["games"]) == 5 and listed["your_turn"] == 0
        assert {g["status"] for g in listed["games"]} == {"waiting"}
        table = listed["games"][0]["code"]
        assert b.post(f"/api/tables/{table}/join").status_code == 200
        one, two = a.get("/api/fernpartien").json(), b.get("/api/fernpartien").json()
        assert one["your_turn"] + two["your_turn"] == 1
        mover = one if one["your_turn"] else two
        assert mover["games"][0]["code"] == table and mover["games"][0]["your_turn"] is True
        ratings = a.get("/api/ratings", params={"class": "fernpartie"}).json()
        assert ratings == {"time_class": "fernpartie", "rows": []}


@pytest.fixture
def settings(tmp_path: Path, clock: ManualClock, sqlite_url: str) -> Any:
    return make_settings(tmp_path, clock, sqlite_url)


@pytest.mark.parametrize(
    ("chosen", "ti"),
    [("5+3", "TI[05:00/00:03/00:00]"), ("10+5", "TI[10:00/00:05/00:00]"), ("7d", "TI[7 d je Zug]")],
)
async def test_the_ggf_export_names_the_clock(service: DuelServer, chosen: str, ti: str) -> None:
    code, black, white = await clocked(service, chosen)
    await play(service, code, black, white, "f5", "d6")
    await service.service.handle(black, p.Resign(code=code))
    table = await stored(service).read(lambda rows: rows.table(code))
    assert table is not None
    record = duel_record(table, TableGame(table).board)
    assert record.tags["clock"] == chosen and "move_time" not in record.tags
    assert ti in ggf_of(record)


async def test_two_processes_share_a_fernpartie(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    need_redis()
    one = DuelServer(make_settings(tmp_path, clock, db_url, redis_url=REDIS_URL))
    two = DuelServer(make_settings(tmp_path, clock, db_url, redis_url=REDIS_URL))
    await one.start()
    await two.start()
    try:
        code, black, white = await clocked(one, "3d")
        await play(one, code, black, white, "f5")
        clock.advance(DAY)
        await play(two, code, black, white, "d6")
        listed = await games_of(stored(two), black, clock())
        assert listed["your_turn"] == 1 and listed["games"][0]["code"] == code
        assert listed["games"][0]["left"] == pytest.approx(3 * DAY)
        table = await table_of(one, code)
        b = seat_of(table, "black")
        clock.advance(3 * DAY + two.settings.grace + 1)
        assert await two.service.sweep() == [code]
        end = (await table_of(one, code))["end"]
        assert end["reason"] == "timeout" and end["winner_seat"] == 1 - b
        assert (await games_of(stored(one), black, clock()))["games"] == []
    finally:
        await two.stop()
        await one.stop()
