"""Tournaments on the server, on SQLite and on PostgreSQL: an arena pairs whoever
finished again at once and the same two in a row only when they are alone in it or
have waited long enough, counts games that began
before its end, withdraws a player who never moved; a Swiss event plays its rounds
with a bye; leaving and rejoining; a restart in the middle of a round loses nothing
and pairs nobody twice; two servers on one database pair each player once and make
each regular tournament once; a tournament table refuses take-backs and rematches; a
step runs beside the event loop, and again when a table code it drew is taken."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from reversi.duel.table import DuelError, new_code
from reversi.server.duel_server import DuelServer
from reversi.server.tournaments import tournament_pairing, tournament_service
from reversi.server.tournaments.tournament_pairing import Step
from reversi.server.tournaments.tournament_service import STEP_EVERY
from reversi.server.wall_clock import ManualClock
from reversi.server.ws import client_messages as p
from reversi.storage import Rows
from reversi.tournament.arena import REMATCH_AFTER
from reversi.tournament.schedule import Planned
from tests.app_fixtures import make_settings
from tests.server.helpers import view
from tests.server.tournament_helpers import finish, named, new, play_one, running_tables, seats_of

pytestmark = pytest.mark.anyio


def unplanned(server: DuelServer) -> DuelServer:
    """No regular tournaments of the hall beside the test's own."""
    server.tournaments.plan = lambda after, until: []
    return server


async def players(server: DuelServer, n: int) -> list[str]:
    unplanned(server)
    return [await named(server, f"Spieler {i + 1}", 5, 1500.0 + 10 * i) for i in range(n)]


async def started(
    server: DuelServer, clock: ManualClock, kind: str, n: int
) -> tuple[str, list[str]]:
    """A tournament of ``kind`` with ``n`` players, just begun."""
    ids = await players(server, n)
    made = await server.tournaments.create(ids[0], "Spieler A", new(kind, clock.now + 60))
    for pid in ids:
        await server.tournaments.join(pid, made["id"])
    clock.advance(60)
    await server.tournaments.sweep()
    return made["id"], ids


async def test_an_arena_pairs_again_at_once_but_not_the_same_two(
    service: DuelServer, clock: ManualClock
) -> None:
    tid, ids = await started(service, clock, "arena", 4)
    first = await running_tables(service, tid)
    assert len(first) == 2
    pairs = [{g["black"], g["white"]} for g in first]
    await finish(service, first[0]["table"])
    # the two who finished just played each other: they wait for someone new
    assert len(await running_tables(service, tid)) == 1
    await finish(service, first[1]["table"], winner="white")
    second = await running_tables(service, tid)
    assert len(second) == 2
    assert all({g["black"], g["white"]} not in pairs for g in second)
    detail = await service.tournaments.detail(tid, ids[0])
    assert detail["status"] == "running" and detail["round"] is None
    assert sorted(s["points"] for s in detail["standings"]) == [0, 0, 2, 2]
    assert detail["me"]["joined"] is True and detail["me"]["table"] in {g["table"] for g in second}
    assert all(s["playing"] for s in detail["standings"])


async def test_the_last_opponent_again_when_alone_or_after_a_wait(
    service: DuelServer, clock: ManualClock
) -> None:
    tid, _ = await started(service, clock, "arena", 2)
    [first] = await running_tables(service, tid)
    await finish(service, first["table"])
    # nobody else in the arena: the two play on at once
    [again] = await running_tables(service, tid)
    assert {again["black"], again["white"]} == {first["black"], first["white"]}

    tid, _ = await started(service, clock, "arena", 4)
    first, second = await running_tables(service, tid)
    await finish(service, first["table"])
    assert [g["table"] for g in await running_tables(service, tid)] == [second["table"]]
    clock.advance(REMATCH_AFTER - STEP_EVERY)
    await service.tournaments.sweep()
    assert len(await running_tables(service, tid)) == 1  # still waiting for someone new
    clock.advance(STEP_EVERY)
    await service.tournaments.sweep()
    running = await running_tables(service, tid)
    assert len(running) == 2
    assert {frozenset((g["black"], g["white"])) for g in running} == {
        frozenset((g["black"], g["white"])) for g in (first, second)
    }


async def test_games_begun_before_the_end_count_and_none_begins_after(
    service: DuelServer, clock: ManualClock
) -> None:
    ids = await players(service, 4)
    made = await service.tournaments.create(
        ids[0], "Spieler A", new("arena", clock.now, minutes=15, clock="10+5")
    )
    tid = made["id"]
    for pid in ids:
        await service.tournaments.join(pid, tid)
    await service.tournaments.sweep()
    running = [g["table"] for g in await running_tables(service, tid)]
    for code in running * 2:  # the first moves cost no time
        await play_one(service, code)
    for _ in range(3):  # five minutes a move: the games outlast the arena
        clock.advance(299)
        for code in running:
            await play_one(service, code)
    clock.advance(5)
    await service.tournaments.sweep()  # the end: no new pairing
    assert (await service.tournaments.detail(tid, None))["status"] == "finished"
    for code in running:
        await finish(service, code, moves=False)
    detail = await service.tournaments.detail(tid, None)
    assert detail["status"] == "finished"
    assert [g["score"] for g in detail["games"]] == [1.0, 1.0]
    assert detail["podium"] is not None and detail["podium"][0]["points"] == 2
    with pytest.raises(DuelError, match="zu Ende"):
        await service.tournaments.join(detail["podium"][0]["player"], tid)


async def test_a_player_who_never_moves_loses_and_is_withdrawn(
    service: DuelServer, clock: ManualClock
) -> None:
    tid, _ = await started(service, clock, "arena", 2)
    [game] = await running_tables(service, tid)
    clock.advance(service.settings.first_move_time + service.settings.grace + 1)
    await service.service.sweep()  # the clock ends it; its step records it
    await service.tournaments.idle()
    detail = await service.tournaments.detail(tid, None)
    assert detail["games"][0]["score"] == 0.0  # black never moved
    absent = next(s for s in detail["standings"] if s["name"] == game["black"])
    assert absent["left"] is True and absent["points"] == 0


async def test_leaving_and_rejoining(service: DuelServer, clock: ManualClock) -> None:
    tid, _ = await started(service, clock, "arena", 4)
    first = await running_tables(service, tid)
    detail = await service.tournaments.detail(tid, None)
    leaver = detail["standings"][0]["player"]
    await service.tournaments.leave(leaver, tid)
    for game in first:
        await finish(service, game["table"])
    # three wait: a pair, and nobody pairs the one who left
    detail = await service.tournaments.detail(tid, leaver)
    assert detail["me"] == {"joined": False, "table": None}
    assert detail["players"] == 3
    await service.tournaments.join(leaver, tid)
    detail = await service.tournaments.detail(tid, leaver)
    assert detail["me"]["joined"] is True and detail["me"]["table"] is not None


async def test_a_swiss_event_plays_its_rounds_with_a_bye(
    service: DuelServer, clock: ManualClock
) -> None:
    tid, _ = await started(service, clock, "swiss", 5)
    seen_byes: set[str] = set()
    for number in (1, 2, 3):
        detail = await service.tournaments.detail(tid, None)
        assert detail["round"] == number and detail["status"] == "running"
        games = await running_tables(service, tid)
        assert len(games) == 2 and {g["round"] for g in games} == {number}
        seen_byes |= {s["name"] for s in detail["standings"]} - {
            *(g["black"] for g in games),
            *(g["white"] for g in games),
        }
        for game in games:
            await finish(service, game["table"])
    detail = await service.tournaments.detail(tid, None)
    assert detail["status"] == "finished" and detail["ends_at"] is not None
    assert len(seen_byes) == 3  # a bye each round, never twice to one player
    assert sum(s["score"] for s in detail["standings"]) == 6 + 3  # six games, three byes
    assert detail["podium"] is not None and len(detail["podium"]) == 3
    assert {"buchholz", "sonneborn_berger"} <= set(detail["standings"][0])


async def test_a_restart_in_the_middle_of_a_round_loses_nothing(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    settings = make_settings(tmp_path, clock, db_url)
    server = DuelServer(settings)
    await server.start()
    try:
        tid, _ = await started(server, clock, "arena", 6)
        before = await running_tables(server, tid)
        await finish(server, before[0]["table"])
        after_one = await server.tournaments.detail(tid, None)
    finally:
        await server.stop()
    again = DuelServer(settings)
    await again.start()
    unplanned(again)
    try:
        await again.tournaments.sweep()
        assert await again.tournaments.detail(tid, None) == after_one
        for game in await running_tables(again, tid):
            await finish(again, game["table"])
        detail = await again.tournaments.detail(tid, None)
        assert sum(s["games"] for s in detail["standings"]) == 2 * 3
        # the last two to finish just played each other: they wait, the rest play
        running = await running_tables(again, tid)
        seated = [p for g in running for p in (g["black"], g["white"])]
        assert len(running) == 2 and len(set(seated)) == 4
    finally:
        await again.stop()


async def test_two_servers_pair_each_player_once(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    settings = make_settings(tmp_path, clock, db_url)
    one, two = DuelServer(settings), DuelServer(settings)
    await one.start()
    await two.start()
    unplanned(two)
    try:
        ids = await players(one, 30)
        made = await one.tournaments.create(ids[0], "Spieler A", new("arena", clock.now))
        tid = made["id"]
        await asyncio.gather(
            *((one if i % 2 else two).tournaments.join(pid, tid) for i, pid in enumerate(ids))
        )
        await asyncio.gather(one.tournaments.sweep(), two.tournaments.sweep())
        running = await running_tables(one, tid)
        seated = [p for g in running for p in (g["black"], g["white"])]
        assert len(running) == 15 and len(set(seated)) == 30
    finally:
        await two.stop()
        await one.stop()


async def test_two_servers_make_each_regular_tournament_once(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    settings = make_settings(tmp_path, clock, db_url)
    servers = [DuelServer(settings), DuelServer(settings)]
    planned = Planned(
        key="arena-test",
        kind="arena",
        name="Abendarena",
        starts_at=clock.now + 3600,
        minutes=60,
        rounds=None,
        base=180,
        increment=2,
        xot=False,
        rated=True,
    )
    for server in servers:
        await server.start()
        server.tournaments.plan = lambda after, until: [planned]
    try:
        await asyncio.gather(*(s.tournaments.sweep() for s in servers))
        await asyncio.gather(*(s.tournaments.sweep() for s in servers))
        listing = await servers[0].tournaments.listing(None)
        assert [(t["name"], t["clock"], t["by"]) for t in listing["upcoming"]] == [
            ("Abendarena", "3+2", None)
        ]
    finally:
        for server in servers:
            await server.stop()


async def test_who_aborts_loses_and_is_withdrawn(service: DuelServer, clock: ManualClock) -> None:
    tid, _ = await started(service, clock, "arena", 2)
    [game] = await running_tables(service, tid)
    detail = await service.tournaments.detail(tid, None)
    white = next(s for s in detail["standings"] if s["name"] == game["white"])["player"]
    await service.service.handle(white, p.Abort(code=game["table"]))
    await service.tournaments.idle()
    detail = await service.tournaments.detail(tid, None)
    assert detail["games"][0]["score"] == 1.0
    leaver = next(s for s in detail["standings"] if s["player"] == white)
    assert leaver["left"] is True and leaver["games"] == 1


async def test_a_tournament_table_refuses_take_backs_and_rematches(
    service: DuelServer, clock: ManualClock
) -> None:
    tid, _ = await started(service, clock, "arena", 4)
    code = (await running_tables(service, tid))[0]["table"]
    seats = await seats_of(service, code)
    await play_one(service, code)  # black's first disc: something to take back
    before = await view(service, code)
    with pytest.raises(DuelError) as refused:
        await service.service.handle(seats["black"], p.Takeback(code=code))
    assert refused.value.code == "tournament_game"
    assert await view(service, code) == before
    await play_one(service, code)
    await finish(service, code, moves=False)
    ended = await view(service, code)
    for player in seats.values():
        with pytest.raises(DuelError) as refused:
            await service.service.handle(player, p.Rematch(code=code))
        assert refused.value.code == "tournament_game"
    assert await view(service, code) == ended


async def test_a_step_runs_beside_the_event_loop(
    service: DuelServer, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its Python work (reading, ranking, pairing, building tables) holds up no socket."""
    threads: list[int] = []
    real = tournament_pairing.step

    def spy(rows: Rows, **kwargs: Any) -> Step:
        threads.append(threading.get_ident())
        return real(rows, **kwargs)

    monkeypatch.setattr(tournament_service, "step", spy)
    tid, _ = await started(service, clock, "arena", 4)
    assert len(await running_tables(service, tid)) == 2
    assert threads and threading.get_ident() not in threads


async def test_a_table_code_drawn_twice_makes_the_step_run_again(
    service: DuelServer, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = await players(service, 4)
    taken = await service.service.open_table(ids[0], "Spieler 1")
    made = await service.tournaments.create(ids[0], "Spieler 1", new("arena", clock.now + 60))
    for pid in ids:
        await service.tournaments.join(pid, made["id"])
    codes = iter([taken.code])
    real = new_code
    monkeypatch.setattr(tournament_pairing, "new_code", lambda: next(codes, None) or real())
    clock.advance(60)
    await service.tournaments.sweep()
    running = await running_tables(service, made["id"])
    seated = [p for g in running for p in (g["black"], g["white"])]
    assert len(running) == 2 and len(set(seated)) == 4
    assert taken.code not in {g["table"] for g in running}
    assert next(codes, None) is None  # the taken code was drawn
