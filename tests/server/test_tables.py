"""The table's life on both storage backends: open, rules, join, play, end, results."""

from __future__ import annotations

import asyncio

import pytest

from reversi.duel.table import CODE_ALPHABET, DuelError
from reversi.duel.views import FREE_SEAT
from reversi.server.duel_server import DuelServer
from reversi.server.duels.duel_service import DuelService
from reversi.server.ws import client_messages as p
from tests.server.helpers import (
    COUNTED_LINE,
    leaks,
    move,
    play_first_legal,
    seated,
    seated_after,
    stored,
    view,
)

pytestmark = pytest.mark.anyio


async def test_an_open_table_waits_with_nothing_set_up(service: DuelServer) -> None:
    a = await service.identity.create()
    table = await service.service.open_table(a.id, a.nickname)
    assert len(table.code) == 6 and set(table.code) <= set(CODE_ALPHABET)
    state = await view(service, table.code, a.id)
    assert state["table"]["status"] == "waiting"
    assert state["table"]["game"] is None and state["table"]["clock"] is None
    assert state["table"]["seats"][1] == {
        "seat": 1,
        "free": True,
        "name": None,
        "label": FREE_SEAT,
        "color": None,
    }
    assert state["you"]["seat"] == 0


async def test_the_opener_sets_the_rules_before_the_start(service: DuelServer) -> None:
    a = await service.identity.create()
    b = await service.identity.create()
    code = (await service.service.open_table(a.id, a.nickname)).code
    # the choices the opener has, from this server's settings
    assert (await view(service, code))["table"]["move_times"] == list(service.settings.move_times)
    await service.service.handle(
        a.id, p.Rules(code=code, move_time=15, hints=False, counting="winner", rated=False)
    )
    with pytest.raises(DuelError) as bad:
        await service.service.handle(a.id, p.Rules(code=code, move_time=7))
    assert bad.value.code == "bad_rules"
    with pytest.raises(DuelError) as guest:
        await service.service.handle(b.id, p.Rules(code=code, hints=True))
    assert guest.value.code == "not_seated"
    await service.service.join(b.id, b.nickname, code)
    with pytest.raises(DuelError) as late:
        await service.service.handle(a.id, p.Rules(code=code, hints=True))
    assert late.value.code == "already_started"
    with pytest.raises(DuelError) as forged:  # "gewertet" cannot be changed once begun
        await service.service.handle(a.id, p.Rules(code=code, rated=True))
    assert forged.value.code == "already_started"
    table = (await view(service, code))["table"]
    assert table["rules"] == {
        "move_time": 15,
        "hints": False,
        "counting": "winner",
        "onlooker_chat": False,
        "clock": "move",
        "rated": False,
    }
    assert table["game"]["legal"] == {}  # no hints at this table
    assert table["move_times"] is None  # nothing left to choose


async def test_joining_draws_the_colours_and_says_so(service: DuelServer) -> None:
    a = await service.identity.create()
    b = await service.identity.create()
    c = await service.identity.create()
    code = (await service.service.open_table(a.id, a.nickname)).code
    assert await service.service.join(b.id, b.nickname, code) == 1
    assert await service.service.join(b.id, b.nickname, code) == 1  # again: same seat
    with pytest.raises(DuelError) as full:
        await service.service.join(c.id, c.nickname, code)
    assert full.value.code == "table_full"
    missed = await service.service.missed(code, 0)
    assert missed is not None
    kinds = [e["kind"] for e in missed["events"]]
    assert kinds == ["opened", "joined", "started"]
    started = missed["events"][-1]["data"]
    assert "spielt Ebenholz und beginnt" in started["text"]
    table = missed["table"]
    assert table["status"] == "playing" and table["game"]["ply"] == 0
    colors = {s["color"] for s in table["seats"]}
    assert colors == {"black", "white"}
    assert table["seats"][started["black_seat"]]["color"] == "black"


async def test_the_colour_draw_is_not_fixed(service: DuelServer) -> None:
    seats = set()
    for _ in range(40):  # a fair draw gives one colour 40 times running once in 5e11
        code, black, _white = await seated(service)
        seats.add((await view(service, code, black))["you"]["seat"])
        if len(seats) == 2:
            break
    assert seats == {0, 1}


async def test_a_whole_game_ends_with_one_result(service: DuelServer) -> None:
    code, black, white = await seated(service)
    table = await play_first_legal(service, code, black, white)
    assert table["status"] == "finished" and table["end"]["reason"] == "game_over"
    assert table["game"]["result"] is not None
    results = await stored(service).read(lambda rows: rows.results("reversi"))
    assert len(results) == 1 and results[0]["source"] == f"table:{code}"
    outcomes = {r["player"]: r["outcome"] for r in results[0]["players"]}
    assert set(outcomes) == {black, white}
    # recording again is a no-op: a result is kept once
    again = await service.hall.record_result("reversi", f"table:{code}", [], {}, 0.0)
    assert again is False


async def test_bad_moves_change_nothing(service: DuelServer) -> None:
    code, black, white = await seated(service)
    before = await view(service, code)
    cases = [
        (white, "c4", "not_your_turn"),
        (black, "a1", "no_flips"),
        (black, "d4", "occupied"),
        (black, "z9", "bad_square"),
    ]
    for player, square, reason in cases:
        with pytest.raises(DuelError) as error:
            await move(service, code, player, square)
        assert error.value.code == reason
    with pytest.raises(DuelError) as stale:
        await move(service, code, black, "d3", ply=3)
    assert stale.value.code == "stale"
    assert await view(service, code) == before
    await move(service, code, black, "d3", cid="same")
    after = await view(service, code)
    with pytest.raises(DuelError) as duplicate:
        await move(service, code, black, "d3", cid="same", ply=0)
    assert duplicate.value.code == "duplicate"
    assert await view(service, code) == after
    assert after["version"] == before["version"] + 1


async def test_of_two_racing_moves_exactly_one_applies(service: DuelServer) -> None:
    code, black, _white = await seated(service)
    # a second service on the same database: another process, no shared lock
    assert service.broker is not None
    other = DuelService(stored(service), service.broker, service.settings)
    moves = [p.Move(code=code, square=sq, cid=sq, ply=0) for sq in ("d3", "c4", "f5", "e6")]
    results = await asyncio.gather(
        *(svc.handle(black, m) for svc, m in zip([service.service, other] * 2, moves, strict=True)),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, DuelError)]
    assert len(applied) == 1 and len(refused) == 3
    assert {e.code for e in refused} <= {"not_your_turn", "stale"}
    state = await view(service, code)
    assert state["table"]["game"]["ply"] == 1
    missed = await service.service.missed(code, 0)
    assert missed is not None
    assert [e["kind"] for e in missed["events"]].count("move") == 1


async def test_of_two_moves_on_the_same_cached_row_exactly_one_applies(service: DuelServer) -> None:
    code, black, _white = await seated(service)
    assert service.broker is not None
    other = DuelService(stored(service), service.broker, service.settings)  # another process
    row = await stored(service).read(lambda rows: rows.table(code))
    assert row is not None
    for svc in (service.service, other):  # both go on from the row without reading it
        svc.positions.remember(row)
    results = await asyncio.gather(
        service.service.handle(black, p.Move(code=code, square="d3", cid="a", ply=0)),
        other.handle(black, p.Move(code=code, square="c4", cid="b", ply=0)),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, DuelError)]
    assert len(applied) == 1 and len(refused) == 1, results
    assert refused[0].code in {"not_your_turn", "stale"}
    missed = await service.service.missed(code, 0)
    assert missed is not None
    assert [e["kind"] for e in missed["events"]].count("move") == 1
    assert missed["table"]["version"] == row.version + 1


async def test_resign_only_after_both_moved_abort_only_before(service: DuelServer) -> None:
    code, black, white = await seated(service)
    with pytest.raises(DuelError) as early:
        await service.service.handle(black, p.Resign(code=code))
    assert early.value.code == "too_early"
    await move(service, code, black, "d3")
    await move(service, code, white, "c3")
    with pytest.raises(DuelError) as late:
        await service.service.handle(white, p.Abort(code=code))
    assert late.value.code == "too_late"
    await service.service.handle(white, p.Resign(code=code))
    table = (await view(service, code))["table"]
    assert table["status"] == "finished"
    assert table["end"]["reason"] == "resign"
    assert table["seats"][table["end"]["winner_seat"]]["color"] == "black"

    code2, black2, _white2 = await seated(service)
    await move(service, code2, black2, "d3")
    await service.service.handle(black2, p.Abort(code=code2))
    assert (await view(service, code2))["table"]["status"] == "aborted"
    sources = [r["source"] for r in await stored(service).read(lambda rows: rows.results())]
    assert sources == [f"table:{code}"]  # an aborted game has no result


async def test_take_back_needs_the_opponents_consent(service: DuelServer) -> None:
    code, black, white = await seated(service)
    with pytest.raises(DuelError):
        await service.service.handle(black, p.Takeback(code=code))  # nothing to take back
    await move(service, code, black, "d3")
    await move(service, code, white, "c3")
    await service.service.handle(black, p.Takeback(code=code))
    with pytest.raises(DuelError) as own:
        await service.service.handle(black, p.TakebackReply(code=code, accept=True))
    assert own.value.code == "no_request"
    await service.service.handle(white, p.TakebackReply(code=code, accept=False))
    assert (await view(service, code))["table"]["game"]["ply"] == 2
    # asked again only after the next move: black moves, then asks for that one back
    legal = (await view(service, code))["table"]["game"]["legal"]
    await move(service, code, black, sorted(legal)[0])
    await service.service.handle(black, p.Takeback(code=code))
    await service.service.handle(white, p.TakebackReply(code=code, accept=True))
    table = (await view(service, code))["table"]
    assert table["game"]["ply"] == 2 and table["game"]["turn"] == "black"
    assert table["offers"]["takeback"] is None


async def test_a_rematch_swaps_the_colours(service: DuelServer) -> None:
    code, black, white = await seated(service)
    await service.service.handle(black, p.Abort(code=code))
    await service.service.handle(white, p.Rematch(code=code))
    await service.service.handle(black, p.Rematch(code=code))
    new_code = (await view(service, code))["table"]["rematch"]
    assert new_code and new_code != code
    state = await view(service, new_code, white)
    assert state["table"]["status"] == "playing"
    assert state["you"]["color"] == "black"  # the colours are swapped
    assert state["table"]["rematch_of"] == code
    # the colours were swapped, not drawn: the start says so
    missed = await service.service.missed(new_code, 0)
    assert missed is not None
    started = [e["data"] for e in missed["events"] if e["kind"] == "started"]
    assert [s["drawn"] for s in started] == [False]
    assert "Los" not in started[0]["text"] and "getauschten Farben" in started[0]["text"]
    first = await service.service.missed(code, 0)
    assert first is not None
    assert [e["data"]["drawn"] for e in first["events"] if e["kind"] == "started"] == [True]


async def test_after_a_declined_takeback_the_next_request_waits_for_a_move(
    service: DuelServer,
) -> None:
    code, black, white = await seated(service)
    await move(service, code, black, "d3")
    await service.service.handle(black, p.Takeback(code=code))
    await service.service.handle(white, p.TakebackReply(code=code, accept=False))
    table = (await view(service, code))["table"]
    asker = next(s["seat"] for s in table["seats"] if s["color"] == "black")
    assert table["offers"]["takeback"] is None and table["offers"]["takeback_blocked"] == asker
    with pytest.raises(DuelError) as again:
        await service.service.handle(black, p.Takeback(code=code))
    assert again.value.code == "declined"
    assert (await view(service, code))["table"]["game"]["ply"] == 1  # nothing changed
    # after the next move the asker may ask again
    await move(service, code, white, "c3")
    assert (await view(service, code))["table"]["offers"]["takeback_blocked"] is None
    await service.service.handle(black, p.Takeback(code=code))
    assert (await view(service, code))["table"]["offers"]["takeback"] is not None


async def test_views_hold_no_player_ids_or_secrets(service: DuelServer) -> None:
    code, black, white = await seated(service)
    table = await stored(service).read(lambda rows: rows.table(code))
    assert table is not None
    state_black = await view(service, code, black)
    state_white = await view(service, code, white)
    onlooker = await view(service, code, None)
    assert not leaks(onlooker, black, white, table.secret0, table.secret1)
    own = state_black["you"]["secret"]
    other = table.secret1 if own == table.secret0 else table.secret0
    assert not leaks(state_black, other, white) and not leaks(state_white, own, black)
    missed = await service.service.missed(code, 0)
    assert not leaks(missed, black, white, table.secret0, table.secret1)


async def test_a_table_just_looked_at_moves_without_reading_its_row(
    service: DuelServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, black, _ = await seated(service)
    service.service.positions.forget(code)  # as in a process that has not seen it yet
    state = await view(service, code, black)  # the page's state, as a socket watches
    known = service.service.positions.table(code)
    assert known is not None and known.version == state["version"]

    async def no_read(code: str) -> None:
        raise AssertionError(f"the move read the row of {code}")

    monkeypatch.setattr(service.service, "_load", no_read)
    await move(service, code, black, "d3", ply=0)
    assert (await view(service, code))["table"]["game"]["ply"] == 1


async def test_a_finished_duel_keeps_the_points_and_shows_the_new_levels(
    service: DuelServer,
) -> None:
    code, black, white = await seated_after(service, *COUNTED_LINE)
    await service.service.handle(white, p.Resign(code=code))
    table = (await view(service, code))["table"]
    black_seat = next(s["seat"] for s in table["seats"] if s["color"] == "black")
    end = table["end"]
    assert end["reason"] == "resign" and end["winner_seat"] == black_seat
    # a win 10, a loss 1 (reversi.hall.points); the seats show the levels after the game
    assert end["points"][black_seat] == 10 and end["points"][1 - black_seat] == 1
    assert end["levels_before"] == [1, 1]
    assert end["levels"][black_seat] == await service.hall.level_of(black) == 3
    assert end["levels"][1 - black_seat] == await service.hall.level_of(white) == 2
    assert [s["level"] for s in table["seats"]] == end["levels"]
