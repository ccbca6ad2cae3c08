"""'Gesamtzeit + Zuschlag': each side's clock runs only on its turn, a move adds the
increment, a fallen flag loses (or draws when the opponent cannot win any more), the
first moves keep their own time, and a restart charges nobody the downtime."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from reversi.duel import flag
from reversi.duel.flag import cannot_win
from reversi.duel.table import DuelError
from reversi.engine import Board
from reversi.server.duel_server import DuelServer
from reversi.server.duels.archived import duel_record
from reversi.server.wall_clock import ManualClock
from reversi.server.ws import client_messages as p
from tests.ai.helpers import random_board
from tests.app_fixtures import REDIS_URL, make_settings, need_redis, players
from tests.server.helpers import move, stored, view

pytestmark = pytest.mark.anyio


@pytest.fixture
def settings(tmp_path: Path, clock: ManualClock, sqlite_url: str) -> Any:
    return make_settings(tmp_path, clock, sqlite_url)


#: a line after which Black, to move, has 32 discs, White 6, with 26 squares empty:
#: White could not get more than Black even given every empty square
WHITE_CANNOT_WIN = [  # Black to move, 24 discs to White's 1: no line lets White win
    *("d3", "c3", "c4", "e3", "f2", "e2", "f1", "e1", "b3", "c2", "f6"),
    *("g2", "f3", "g1", "d1", "c1", "h1", "h3", "b1", "d2", "h2"),
]
#: Black 32, White 6 and 26 empty squares, Black to move: White could still win
WHITE_FAR_BEHIND = [
    *("f5", "f4", "d3", "d6", "g4", "c3", "c7", "f6", "b3", "b2", "e6", "d7", "f7", "g3"),
    *("h2", "f3", "e3", "b7", "c6", "g7", "c4", "b6", "a8", "g8", "a1", "c5", "e7", "e8"),
    *("h8", "f8", "b5", "a6", "d8", "h7"),
]


async def clocked(server: DuelServer, clock: str = "3+2") -> tuple[str, str, str]:
    """A running table with ``clock``: its code, the black and the white player."""
    a = await server.identity.create()
    b = await server.identity.create()
    table = await server.service.open_table(a.id, a.nickname, clock=clock)
    await server.service.join(b.id, b.nickname, table.code)
    state = await view(server, table.code, a.id)
    black, white = (a.id, b.id) if state["you"]["color"] == "black" else (b.id, a.id)
    return table.code, black, white


async def play(server: DuelServer, code: str, black: str, white: str, *squares: str) -> None:
    """Plays ``squares`` by whoever is to move (passes come by themselves)."""
    for square in squares:
        turn = (await view(server, code))["table"]["game"]["turn"]
        await move(server, code, black if turn == "black" else white, square)


async def table_of(server: DuelServer, code: str) -> dict[str, Any]:
    table: dict[str, Any] = (await view(server, code))["table"]
    return table


def seat_of(table: dict[str, Any], color: str) -> int:
    return int(next(s["seat"] for s in table["seats"] if s["color"] == color))


async def test_the_first_moves_are_free_then_each_move_costs_its_time_and_adds_the_increment(
    service: DuelServer, clock: ManualClock
) -> None:
    code, black, white = await clocked(service)
    table = await table_of(service, code)
    assert table["rules"]["clock"] == "3+2"
    assert table["clock"]["left"] == [180.0, 180.0]
    # the first move has the server's first-move time, not the total clock
    assert table["clock"]["remaining"] == service.settings.first_move_time
    clock.advance(20)
    await play(service, code, black, white, "f5")
    clock.advance(25)
    await play(service, code, black, white, "d6")
    table = await table_of(service, code)
    assert table["clock"]["left"] == [180.0, 180.0]
    b, w = seat_of(table, "black"), seat_of(table, "white")
    clock.advance(10)
    table = await table_of(service, code)
    assert table["clock"]["left"][b] == pytest.approx(170.0)  # running
    assert table["clock"]["remaining"] == pytest.approx(170.0)
    await play(service, code, black, white, "c3")
    table = await table_of(service, code)
    assert table["clock"]["left"][b] == pytest.approx(172.0)  # 180 - 10 + 2
    assert table["clock"]["left"][w] == pytest.approx(180.0)
    assert table["clock"]["seat"] == w and table["clock"]["remaining"] == pytest.approx(180.0)
    clock.advance(30.5)
    await play(service, code, black, white, "d3")
    left = (await table_of(service, code))["clock"]["left"]
    assert left[w] == pytest.approx(151.5) and left[b] == pytest.approx(172.0)


async def test_a_fallen_flag_loses_on_time(service: DuelServer, clock: ManualClock) -> None:
    code, black, white = await clocked(service)
    await play(service, code, black, white, "f5", "d6", "c3")
    table = await table_of(service, code)
    w = seat_of(table, "white")
    clock.advance(180 + service.settings.grace - 0.5)  # within the grace: still running
    assert await service.service.sweep() == []
    clock.advance(1)
    assert await service.service.sweep() == [code]
    table = await table_of(service, code)
    assert table["status"] == "finished"
    assert table["end"]["reason"] == "timeout" and table["end"]["winner_seat"] == 1 - w


async def test_the_flag_of_a_player_the_opponent_cannot_catch_draws(
    service: DuelServer, clock: ManualClock
) -> None:
    code, black, white = await clocked(service, "5+3")
    await play(service, code, black, white, *WHITE_CANNOT_WIN)
    table = await table_of(service, code)
    b = seat_of(table, "black")
    assert table["game"]["turn"] == "black" and table["clock"]["seat"] == b
    clock.advance(table["clock"]["remaining"] + service.settings.grace + 1)
    assert await service.service.sweep() == [code]
    end = (await table_of(service, code))["end"]
    assert end["reason"] == "timeout" and end["winner_seat"] is None and end["by"] == b


async def test_the_flag_of_a_player_far_ahead_still_loses_when_flips_could_turn_it(
    service: DuelServer, clock: ManualClock
) -> None:
    code, black, white = await clocked(service, "5+3")
    await play(service, code, black, white, *WHITE_FAR_BEHIND)
    table = await table_of(service, code)
    b = seat_of(table, "black")
    clock.advance(table["clock"]["remaining"] + service.settings.grace + 1)
    assert await service.service.sweep() == [code]
    end = (await table_of(service, code))["end"]
    assert end["reason"] == "timeout" and end["winner_seat"] == 1 - b


async def test_per_move_time_keeps_its_loss_on_time_in_the_same_position(
    service: DuelServer, clock: ManualClock
) -> None:
    code, black, white = await clocked(service, "move")
    await play(service, code, black, white, *WHITE_CANNOT_WIN)
    table = await table_of(service, code)
    assert table["clock"]["left"] is None and "clocks" in table
    clock.advance(table["clock"]["remaining"] + service.settings.grace + 1)
    await service.service.sweep()
    end = (await table_of(service, code))["end"]
    assert end["winner_seat"] == 1 - seat_of(table, "black")


def test_the_draw_rule_asks_whether_any_line_lets_the_opponent_win(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = Board(moves="".join(WHITE_CANNOT_WIN))
    assert (board.count(True), board.count(False), board.turn) == (24, 1, True)
    assert cannot_win(board, flagged_black=True)  # a draw
    assert not cannot_win(board, flagged_black=False)  # Black can win: White loses
    behind = Board(moves="".join(WHITE_FAR_BEHIND))
    assert (behind.count(True), behind.count(False)) == (32, 6)
    assert not cannot_win(behind, flagged_black=True)  # flips: White can still win
    assert not cannot_win(Board(), flagged_black=True)
    monkeypatch.setattr(flag, "SEARCH_LIMIT", 1)  # not proved in time: the flag loses
    assert not cannot_win(board, flagged_black=True)


def test_the_draw_rule_agrees_with_playing_out_every_line() -> None:
    """Against a slow reference (every line played out on the board, nothing shared with
    the search), on random positions with few empty squares."""

    def someone_wins(board: Board, winner: bool) -> bool:
        if board.is_game_over():
            return board.count(winner) > board.count(not winner)
        for square in list(board.legal_moves):
            board.push(square)
            found = someone_wins(board, winner)
            board.pop()
            if found:
                return True
        return False

    rng = random.Random(5)
    seen = {True: 0, False: 0}
    while min(seen.values()) < 8:
        board = random_board(rng, rng.randint(1, 6))
        if board is None or board.is_game_over():
            continue
        flagged = rng.random() < 0.5
        expected = not someone_wins(board, not flagged)
        assert cannot_win(board, flagged_black=flagged) == expected, board.obf()
        seen[expected] += 1


async def test_a_restart_in_the_middle_charges_nobody_the_downtime(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    first = DuelServer(make_settings(tmp_path, clock, db_url))
    await first.start()
    try:
        code, black, white = await clocked(first)
        await play(first, code, black, white, "f5", "d6")
        clock.advance(40)  # Black thinks 40 s, then the hall stops
        before = (await table_of(first, code))["clock"]
    finally:
        await first.stop()
    clock.advance(600)  # ten minutes down: more than the whole clock
    second = DuelServer(make_settings(tmp_path, clock, db_url))
    await second.start()
    try:
        after = (await table_of(second, code))["clock"]
        assert after["left"] == pytest.approx(before["left"])
        assert after["remaining"] == pytest.approx(140.0)
        assert await second.service.sweep() == []
        clock.advance(5)
        await play(second, code, black, white, "c3")
        table = await table_of(second, code)
        assert table["clock"]["left"][seat_of(table, "black")] == pytest.approx(180 - 45 + 2)
    finally:
        await second.stop()


async def test_two_processes_share_one_clock(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    need_redis()
    one = DuelServer(make_settings(tmp_path, clock, db_url, redis_url=REDIS_URL))
    two = DuelServer(make_settings(tmp_path, clock, db_url, redis_url=REDIS_URL))
    await one.start()
    await two.start()
    try:
        code, black, white = await clocked(one, "10+5")
        await play(one, code, black, white, "f5", "d6")
        clock.advance(12)
        await play(two, code, black, white, "c3")
        table = await table_of(one, code)
        assert table["clock"]["left"][seat_of(table, "black")] == pytest.approx(600 - 12 + 5)
        clock.advance(600 + two.settings.grace + 1)
        assert await two.service.sweep() == [code]
        end = (await table_of(one, code))["end"]
        assert end["reason"] == "timeout" and end["winner_seat"] == seat_of(table, "black")
    finally:
        await two.stop()
        await one.stop()


async def test_forged_clocks_are_refused_and_change_nothing(service: DuelServer) -> None:
    a = await service.identity.create()
    for forged in ("99+99", "3+-2", "1+0", "3+2 ", "", "move+1"):
        with pytest.raises(DuelError) as refused:
            await service.service.open_table(a.id, a.nickname, clock=forged)
        assert refused.value.code == "bad_rules"
    code = (await service.service.open_table(a.id, a.nickname)).code
    assert (await table_of(service, code))["rules"]["clock"] == "move"
    with pytest.raises(DuelError) as refused:
        await service.service.handle(a.id, p.Rules(code=code, clock="2+1"))
    assert refused.value.code == "bad_rules" and "3+2" in refused.value.message
    await service.service.handle(a.id, p.Rules(code=code, clock="10+5"))
    table = await table_of(service, code)
    assert table["rules"]["clock"] == "10+5"
    assert table["clocks"] == ["3+2", "5+3", "10+5", "1d", "2d", "3d", "7d"]


def test_the_create_message_refuses_a_forged_clock(settings: Any) -> None:
    with players(settings, 1) as (a,):
        for body, error in (
            ({"clock": "0+0"}, "bad_rules"),
            ({"clock": "60+60"}, "bad_rules"),
            ({"clock": 3}, "bad_private"),
            ({"clock": {"minutes": 3}}, "bad_private"),
            ({"clock": "3+2" * 20}, "bad_private"),
        ):
            reply = a.post("/api/tables", json=body)
            assert reply.status_code == 400 and reply.json()["error"] == error, body
        assert a.get("/api/me").status_code == 200
        reply = a.post("/api/tables", json={"clock": "5+3"})
        assert reply.status_code == 201
        assert reply.json()["table"]["rules"]["clock"] == "5+3"


async def test_an_accepted_take_back_charges_the_side_that_was_to_move(
    service: DuelServer, clock: ManualClock
) -> None:
    code, black, white = await clocked(service)
    await play(service, code, black, white, "f5", "d6")
    clock.advance(10)
    await play(service, code, black, white, "c3")
    await service.service.handle(black, p.Takeback(code=code))
    clock.advance(20)
    await service.service.handle(white, p.TakebackReply(code=code, accept=True))
    table = await table_of(service, code)
    b, w = seat_of(table, "black"), seat_of(table, "white")
    assert table["clock"]["seat"] == b
    assert table["clock"]["left"][w] == pytest.approx(160.0)
    assert table["clock"]["left"][b] == pytest.approx(172.0)
    assert table["clock"]["remaining"] == pytest.approx(172.0)


async def test_the_archive_keeps_the_clock_of_a_game_drawn_on_time(
    service: DuelServer, clock: ManualClock
) -> None:
    code, black, white = await clocked(service, "5+3")
    await play(service, code, black, white, *WHITE_CANNOT_WIN)
    clock.advance(400)
    assert await service.service.sweep() == [code]
    table = await stored(service).read(lambda rows: rows.table(code))
    assert table is not None
    board = Board()
    for square in WHITE_CANNOT_WIN:
        board.push(square)
    record = duel_record(table, board)
    assert record.tags["clock"] == "5+3" and "move_time" not in record.tags
    assert record.result["reason"] == "timeout" and record.result["winner"] is None
