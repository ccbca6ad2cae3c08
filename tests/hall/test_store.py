"""The hall on SQLite and PostgreSQL: each result counts exactly once (reported twice, or
twice at the same moment, also from two processes), points land in the Berlin period
of the game's end, leaderboards rank, duels feed all of it."""

from __future__ import annotations

import asyncio
from datetime import date, datetime
from typing import Any

import pytest

from reversi.hall import hall_service as hall_service
from reversi.hall.hall_service import Hall
from reversi.hall.periods import BERLIN
from reversi.hall.writes import DeviceGame
from reversi.server.duel_server import DuelServer
from reversi.server.wall_clock import ManualClock
from reversi.server.ws import client_messages as p
from reversi.storage import open_store
from tests.server.helpers import COUNTED_LINE, move, results, seated, seated_after, view

pytestmark = pytest.mark.anyio


def berlin(y: int, m: int, d: int, hh: int = 0, mm: int = 0, ss: int = 0) -> float:
    return datetime(y, m, d, hh, mm, ss, tzinfo=BERLIN).timestamp()


def duel(a: str, b: str, outcome_a: str) -> list[dict[str, Any]]:
    other = {"win": "loss", "loss": "win", "draw": "draw"}[outcome_a]
    return [
        {"player": a, "side": "black", "outcome": outcome_a},
        {"player": b, "side": "white", "outcome": other},
    ]


async def named(server: DuelServer, *names: str) -> list[str]:
    ids = []
    for name in names:
        player = await server.identity.create()
        await server.identity.rename(player, name)
        ids.append(player.id)
    return ids


async def points(
    hall: Hall, player: str, kind: str = "week", day: date | None = None
) -> int | None:
    board = await hall.leaderboard(kind, player, day)
    return board["you"]["points"] if board["you"] else None


async def test_a_result_reported_twice_counts_once(service: DuelServer) -> None:
    hall = service.hall
    a, b = await named(service, "Anna", "Ben")
    now = service.settings.clock()
    assert await hall.record_result("reversi", "table:X1", duel(a, b, "win"), {}, now)
    assert not await hall.record_result("reversi", "table:X1", duel(a, b, "win"), {}, now)
    # the same source with other contents is still the same game
    assert not await hall.record_result("reversi", "table:X1", duel(a, b, "loss"), {}, now + 5)
    assert (await points(hall, a), await points(hall, b)) == (10, 1)
    me = await hall.me(a)
    assert me["record"]["duels"]["games"] == 1 and me["points"]["year"]["points"] == 10
    assert [r["source"] for r in await results(service)] == ["table:X1"]


async def test_results_reported_at_the_same_moment_count_once(
    service: DuelServer, db_url: str
) -> None:
    """Twenty reports of one result, half of them through a second database engine (as a
    second server process), all at once; and twenty different results at once."""
    hall = service.hall
    a, b = await named(service, "Anna", "Ben")
    others = await named(service, *(f"Gegner {chr(ord('A') + i)}" for i in range(20)))
    other_db = await open_store(db_url)
    other = Hall(other_db, service.settings.clock, "reversi")
    now = service.settings.clock()
    try:
        reports = [
            h.record_result("reversi", "table:SAME", duel(a, b, "draw"), {}, now)
            for _ in range(10)
            for h in (hall, other)
        ]
        new = await asyncio.gather(*reports)
        assert sum(new) == 1
        # different games at once, players in both orders: no lost update, no deadlock
        games = [
            h.record_result(
                "reversi",
                f"table:G{i}",
                duel(a, others[i], "win") if i % 2 else duel(others[i], a, "loss"),
                {},
                now,
            )
            for i, h in enumerate([hall, other] * 10)
        ]
        assert all(await asyncio.gather(*games))
    finally:
        await other_db.close()
    assert await points(hall, a) == 4 + 20 * 10
    assert await points(hall, b) == 4
    assert [await points(hall, c) for c in others] == [1] * 20
    for kind in ("month", "year"):
        assert await points(hall, a, kind) == 204
    assert (await hall.me(a))["record"]["duels"]["games"] == 21


async def test_points_go_to_the_berlin_period_of_the_games_end(
    service: DuelServer, clock: ManualClock
) -> None:
    clock.now = berlin(2026, 11, 29, 12, 0)
    hall = service.hall
    a, b = await named(service, "Anna", "Ben")
    sunday = berlin(2026, 3, 29, 23, 59, 59)  # the day the clocks went forward
    monday = berlin(2026, 3, 30, 0, 0, 0)
    await hall.record_result("reversi", "t:1", duel(a, b, "win"), {}, sunday)
    await hall.record_result("reversi", "t:2", duel(a, b, "draw"), {}, monday)
    for source, outcome, when in [
        ("t:3", "loss", berlin(2026, 3, 31, 23, 59, 59)),
        ("t:4", "win", berlin(2026, 4, 1, 0, 0)),
        ("t:5", "win", berlin(2025, 12, 31, 23, 59)),
    ]:
        await hall.record_result("reversi", source, duel(a, b, outcome), {}, when)
    assert await points(hall, a, "week", date(2026, 3, 29)) == 10
    assert await points(hall, a, "week", date(2026, 3, 30)) == 4 + 1 + 10
    assert await points(hall, a, "month", date(2026, 3, 1)) == 10 + 4 + 1
    assert await points(hall, a, "month", date(2026, 4, 30)) == 10
    assert await points(hall, a, "year", date(2026, 7, 1)) == 25
    assert await points(hall, a, "year", date(2025, 7, 1)) == 10
    # ISO week 1 of 2026 began on 29 December 2025: the 31st's game is in it
    assert await points(hall, a, "week", date(2026, 1, 2)) == 10
    board = await hall.leaderboard("week", a, date(2026, 3, 29))
    assert (board["key"], board["first_day"], board["last_day"]) == (
        "2026-W13",
        "2026-03-23",
        "2026-03-29",
    )
    assert board["previous"] == "2026-03-16" and board["next"] == "2026-03-30"


async def test_leaderboards_share_ranks_and_show_your_row_outside_the_top(
    service: DuelServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    hall = service.hall
    monkeypatch.setattr(hall_service, "TOP", 3)
    ids = await named(service, "Anna", "Ben", "Cleo", "Dora", "Emil")
    a, b, c, d, e = ids
    now = service.settings.clock()
    games = [(a, b, "win"), (c, d, "win"), (a, d, "draw"), (c, b, "draw"), (e, d, "loss")]
    for i, (x, y, outcome) in enumerate(games):
        await hall.record_result("reversi", f"t:{i}", duel(x, y, outcome), {}, now)
    # Anna 14, Cleo 14, Dora 1+4+10=15, Ben 1+4=5, Emil 1
    board = await hall.leaderboard("week", e)
    assert [(r["rank"], r["nickname"], r["points"]) for r in board["rows"]] == [
        (1, "Dora", 15),
        (2, "Anna", 14),
        (2, "Cleo", 14),
    ]
    assert board["you"] == {"rank": 5, "nickname": "Emil", "level": 2, "points": 1, "you": True}
    assert board["players"] == 5 and board["current"] and board["next"] is None
    levels = {r["nickname"]: r["level"] for r in board["rows"]}
    # first game, first win; Dora also met three people
    assert levels == {"Dora": 4, "Anna": 3, "Cleo": 3}
    inside = await hall.leaderboard("month", a)
    assert inside["you"] is not None and inside["you"]["rank"] == 2
    assert [r["you"] for r in inside["rows"]] == [False, True, False]
    nobody = await hall.leaderboard("year", None)
    assert nobody["you"] is None and len(nobody["rows"]) == 3
    earlier = await hall.leaderboard("week", a, date(2020, 1, 1))
    assert earlier["rows"] == [] and earlier["you"] is None and earlier["next"] is not None


async def test_a_finished_duel_scores_for_both_and_an_aborted_one_not(
    service: DuelServer, clock: ManualClock
) -> None:
    code, black, white = await seated_after(service, *COUNTED_LINE)
    await service.service.handle(white, p.Resign(code=code))  # a loss by resignation
    assert (await view(service, code))["table"]["end"]["reason"] == "resign"
    hall = service.hall
    assert (await points(hall, black), await points(hall, white)) == (10, 1)
    # the duel's result again (as after a crash between commit and announcement)
    stored = (await results(service))[0]
    assert not await hall.record_result(
        "reversi", stored["source"], stored["players"], stored["outcome"], stored["finished_at"]
    )
    assert (await points(hall, black), await points(hall, white)) == (10, 1)
    # aborted before both moved: nothing
    code2, black2, white2 = await seated(service)
    await move(service, code2, black2, "d3")
    await service.service.handle(white2, p.Abort(code=code2))
    assert (await points(hall, black2), await points(hall, white2)) == (None, None)
    # lost on time: a finished game, one point
    code3, black3, white3 = await seated_after(service, *COUNTED_LINE)
    clock.advance(3600)
    await service.service.sweep()
    assert (await view(service, code3))["table"]["end"]["reason"] == "timeout"
    assert (await points(hall, black3), await points(hall, white3)) == (1, 10)


async def test_levels_sit_at_the_table_and_milestones_are_announced_once(
    service: DuelServer,
) -> None:
    code, black, white = await seated(service)
    seats = (await view(service, code))["table"]["seats"]
    assert [s["level"] for s in seats] == [1, 1]
    for ply, square in enumerate(COUNTED_LINE):
        await move(service, code, (black, white)[ply % 2], square)
    await service.service.handle(white, p.Resign(code=code))
    await service.service.settled()
    hall = service.hall
    won = await hall.milestones(black)
    assert won["level"] == 3 and won["new_milestones"] == ["first_game", "first_win"]
    lost = await hall.milestones(white)
    assert lost["level"] == 2 and lost["new_milestones"] == ["first_game"]
    await hall.mark_seen(black, ["first_game", "first_win"])
    assert (await hall.milestones(black))["new_milestones"] == []
    # a new table shows the new level at the seat
    a = await service.identity.create()
    table = await service.service.open_table(black, "Sieger")
    await service.service.join(a.id, a.nickname, table.code)
    seats = (await view(service, table.code))["table"]["seats"]
    assert [s["level"] for s in seats] == [3, 1]


async def test_computer_games_from_a_device_count_once_and_score_nothing(
    service: DuelServer,
) -> None:
    hall = service.hall
    (a,) = await named(service, "Anna")
    when = service.settings.clock() - 86_400 * 3  # played offline three days ago
    batch = [
        DeviceGame(f"game-{i:04d}", lvl, out, when + i, {"human": "black"})
        for i, (lvl, out) in enumerate([("leicht", "win"), ("leicht", "loss"), ("schwer", "draw")])
    ]
    assert await hall.add_device_games(a, batch) == ["game-0000", "game-0001", "game-0002"]
    # the device did not hear the answer and sends the queue again, with one more game
    again = [*batch, DeviceGame("game-0003", "mittel", "win", when + 9, {})]
    assert await hall.add_device_games(a, again) == ["game-0003"]
    both = await asyncio.gather(hall.add_device_games(a, again), hall.add_device_games(a, again))
    assert list(both) == [[], []]
    me = await hall.me(a)
    computer = me["record"]["computer"]
    assert computer["games"] == 4
    assert computer["levels"] == {
        "leicht": {"win": 1, "draw": 0, "loss": 1},
        "mittel": {"win": 1, "draw": 0, "loss": 0},
        "schwer": {"win": 0, "draw": 1, "loss": 0},
    }
    assert computer["recent"][0]["id"] == "game-0003"
    assert me["level"] == 1 and me["record"]["duels"]["games"] == 0
    assert all(me["points"][k]["points"] == 0 for k in ("week", "month", "year"))
    assert (await hall.leaderboard("week", a))["rows"] == []


async def test_settings_keep_the_newest(service: DuelServer) -> None:
    hall = service.hall
    (a,) = await named(service, "Anna")
    assert await hall.settings(a) is None
    kept = await hall.save_settings(a, {"dots": False}, 100.0)
    assert kept == {"settings": {"dots": False}, "changed_at": 100.0}
    older = await hall.save_settings(a, {"dots": True}, 50.0)
    assert older == kept
    newer = await hall.save_settings(a, {"dots": True, "level": "schwer"}, 200.0)
    assert (
        (await hall.settings(a))
        == newer
        == {"settings": {"dots": True, "level": "schwer"}, "changed_at": 200.0}
    )


async def test_the_migration_scores_results_recorded_before_it(db_url: str) -> None:
    """A database at revision 0001 with two results: upgraded, they count once each."""
    from alembic import command
    from sqlalchemy import insert

    from reversi.storage import Rows, make_store
    from reversi.storage.migrations import alembic_config
    from reversi.storage.schema import RESULTS

    sunday = berlin(2026, 3, 29, 23, 59, 59)

    def at_0001(rows: Rows) -> None:
        command.upgrade(alembic_config(rows.conn), "0001")
        rows.conn.execute(
            insert(RESULTS),
            [
                {
                    "game": "reversi",
                    "source": "table:OLD1",
                    "players": duel("p1", "p2", "win"),
                    "outcome": {},
                    "finished_at": sunday,
                },
                {
                    "game": "reversi",
                    "source": "table:OLD2",
                    "players": duel("p1", "p2", "draw"),
                    "outcome": {},
                    "finished_at": sunday + 1,
                },
            ],
        )

    db = make_store(db_url)
    try:
        await db.write(at_0001)
        await db.migrate()
        hall = Hall(db, lambda: berlin(2026, 4, 2), "reversi")
        assert (await hall.leaderboard("week", "p1", date(2026, 3, 29)))["you"]["points"] == 10
        assert (await hall.leaderboard("week", "p2", date(2026, 3, 30)))["you"]["points"] == 4
        assert (await hall.leaderboard("month", "p2"))["you"] is None  # April: nothing yet
        assert (await hall.leaderboard("year", "p1"))["you"]["points"] == 14
        # reported again by the duel server: nothing changes
        assert not await hall.record_result(
            "reversi", "table:OLD1", duel("p1", "p2", "win"), {}, sunday
        )
        assert (await hall.me("p1"))["record"]["duels"]["games"] == 2
    finally:
        await db.close()
