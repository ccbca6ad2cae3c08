"""Which duels count (reversi.hall.counting): both sides must have played, and the same
two players score only their first few games a day — for points, milestones,
leaderboards and the record, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from reversi.hall.counting import MIN_MOVES, PAIR_GAMES_A_DAY
from reversi.hall.hall_service import Hall
from reversi.server.duel_server import DuelServer
from reversi.server.wall_clock import ManualClock
from reversi.server.ws import client_messages as p
from reversi.storage import open_store
from tests.hall.test_store import berlin, named, points
from tests.server.helpers import COUNTED_LINE, seated_after, view

pytestmark = pytest.mark.anyio


def played(a: str, b: str, outcome_a: str, moves: int = 30) -> list[dict[str, Any]]:
    other = {"win": "loss", "loss": "win", "draw": "draw"}[outcome_a]
    return [
        {"player": a, "side": "black", "outcome": outcome_a, "moves": moves},
        {"player": b, "side": "white", "outcome": other, "moves": moves},
    ]


async def test_a_seven_move_resignation_gives_nothing(service: DuelServer) -> None:
    """A 7-move duel ended by resignation gave +10 and a new level."""
    code, black, white = await seated_after(service, *COUNTED_LINE[:7])
    await service.service.handle(white, p.Resign(code=code))
    end = (await view(service, code, black))["table"]["end"]
    assert end["reason"] == "resign" and end["winner_seat"] is not None
    assert end["points"] == [0, 0] and end["uncounted"] == "short"
    hall = service.hall
    assert (await points(hall, black), await points(hall, white)) == (None, None)
    for player in (black, white):
        mine = await hall.milestones(player)
        assert mine["level"] == 1 and mine["new_milestones"] == []
        me = await hall.me(player)
        assert me["record"]["duels"]["games"] == 0
    assert (await hall.leaderboard("week", None))["rows"] == []
    # the game itself is kept: its replay
    assert (await view(service, code))["table"]["status"] == "finished"


async def test_five_moves_each_count(service: DuelServer) -> None:
    assert len(COUNTED_LINE) == 2 * MIN_MOVES
    code, black, white = await seated_after(service, *COUNTED_LINE)
    await service.service.handle(white, p.Resign(code=code))
    end = (await view(service, code, black))["table"]["end"]
    assert "uncounted" not in end
    assert sorted(end["points"]) == [1, 10]
    assert (await points(service.hall, black), await points(service.hall, white)) == (10, 1)


async def test_one_side_short_is_enough_to_not_count(service: DuelServer) -> None:
    hall = service.hall
    a, b = await named(service, "Anna", "Ben")
    now = service.settings.clock()
    lopsided = played(a, b, "win")
    lopsided[1]["moves"] = MIN_MOVES - 1
    assert await hall.record_result("reversi", "t:1", lopsided, {}, now)  # stored, as new
    assert (await points(hall, a), await points(hall, b)) == (None, None)


async def test_the_same_two_players_score_their_first_games_of_a_berlin_day(
    service: DuelServer, clock: ManualClock
) -> None:
    clock.now = berlin(2026, 12, 2, 12, 0)
    hall = service.hall
    a, b, c = await named(service, "Anna", "Ben", "Cleo")
    morning = berlin(2026, 12, 2, 0, 0, 1)
    for i in range(PAIR_GAMES_A_DAY + 2):
        await hall.record_result("reversi", f"t:{i}", played(a, b, "win"), {}, morning + i)
    assert (await points(hall, a), await points(hall, b)) == (30, 3)
    # the order of the players does not matter: still the same pair
    await hall.record_result("reversi", "t:rev", played(b, a, "win"), {}, morning + 60)
    assert await points(hall, b) == 3
    # another opponent counts on the same day
    await hall.record_result("reversi", "t:c", played(a, c, "draw"), {}, morning + 90)
    assert (await points(hall, a), await points(hall, c)) == (34, 4)
    # the next Berlin day (midnight in Berlin, 23:00 UTC) the pair counts again
    await hall.record_result(
        "reversi", "t:next", played(a, b, "loss"), {}, berlin(2026, 12, 3, 0, 0, 0)
    )
    assert (await points(hall, a), await points(hall, b)) == (35, 13)
    me = await hall.me(a)
    assert me["record"]["duels"]["games"] == 3 + 1 + 1
    assert me["level"] == 3  # first game, first win; four wins (not 5) for all the farming


async def test_the_daily_cap_holds_when_results_come_at_once(
    service: DuelServer, db_url: str
) -> None:
    """Ten games of one pair reported at the same moment, through two database engines
    (as two server processes): exactly the cap counts."""
    hall = service.hall
    a, b = await named(service, "Anna", "Ben")
    other_db = await open_store(db_url)
    other = Hall(other_db, service.settings.clock, "reversi")
    now = service.settings.clock()
    try:
        reports = [
            h.record_result("reversi", f"t:{i}", played(a, b, "win"), {}, now)
            for i, h in enumerate([hall, other] * 5)
        ]
        assert all(await asyncio.gather(*reports))
    finally:
        await other_db.close()
    assert await points(hall, a) == 10 * PAIR_GAMES_A_DAY
    assert (await hall.me(b))["record"]["duels"]["games"] == PAIR_GAMES_A_DAY


async def test_the_fourth_duel_of_a_pair_says_why(service: DuelServer) -> None:
    """Through the duel server: the end of the fourth table of the same two players
    that day gives no points and says so."""
    a = await service.identity.create()
    b = await service.identity.create()
    ends = []
    for _ in range(PAIR_GAMES_A_DAY + 1):
        table = await service.service.open_table(a.id, a.nickname)
        await service.service.join(b.id, b.nickname, table.code)
        state = await view(service, table.code, a.id)
        black, white = (a.id, b.id) if state["you"]["color"] == "black" else (b.id, a.id)
        for ply, square in enumerate(COUNTED_LINE):
            await service.service.handle(
                (black, white)[ply % 2],
                p.Move(code=table.code, square=square, cid=f"{square}-{ply}", ply=ply),
            )
        await service.service.handle(white, p.Resign(code=table.code))
        ends.append((await view(service, table.code))["table"]["end"])
    assert [e.get("uncounted") for e in ends] == [None] * PAIR_GAMES_A_DAY + ["pair_limit"]
    assert ends[-1]["points"] == [0, 0]
