"""Time (timeouts, the sweeper, restarts), chat, and moving to another device."""

from __future__ import annotations

from pathlib import Path

import pytest

from reversi.duel.table import DuelError
from reversi.server.duel_server import DuelServer
from reversi.server.wall_clock import ManualClock
from reversi.server.ws import client_messages as p
from tests.app_fixtures import make_settings
from tests.server.helpers import move, player_of, results, seated, seated_after, stored, view

pytestmark = pytest.mark.anyio


async def test_running_out_of_time_loses(service: DuelServer, clock: ManualClock) -> None:
    code, black, _ = await seated_after(service, "d3", "c3")
    deadline = (await view(service, code))["table"]["clock"]["deadline"]
    clock.now = deadline + service.settings.grace - 0.01
    assert await service.service.sweep() == []  # the grace still covers it
    clock.now = deadline + service.settings.grace + 0.01
    with pytest.raises(DuelError) as late:
        await move(service, code, black, "c4")  # too late: the game is lost already
    assert late.value.code == "game_over"
    table = (await view(service, code))["table"]
    assert table["status"] == "finished" and table["end"]["reason"] == "timeout"
    assert table["seats"][table["end"]["winner_seat"]]["color"] == "white"
    assert len(await results(service)) == 1


async def test_the_sweeper_ends_games_with_nobody_connected(
    service: DuelServer, clock: ManualClock
) -> None:
    code, _, _ = await seated_after(service, "d3", "c3")
    never, _, _ = await seated(service)  # nobody ever moves here
    clock.advance(service.settings.first_move_time + service.settings.grace + 1)
    assert sorted(await service.service.sweep()) == sorted([code, never])
    assert (await view(service, code))["table"]["end"]["reason"] == "timeout"
    ended = (await view(service, never))["table"]
    assert ended["status"] == "aborted" and ended["end"]["reason"] == "no_first_move"
    assert await service.service.sweep() == []
    assert [r["source"] for r in await results(service)] == [f"table:{code}"]


async def test_a_restart_loses_nothing_and_charges_no_downtime(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    settings = make_settings(tmp_path, clock, db_url)
    first = DuelServer(settings)
    await first.start()
    try:
        code, black, _ = await seated_after(first, "d3", "c3")
        clock.advance(10)
        before = (await view(first, code))["table"]
        assert before["clock"]["remaining"] == pytest.approx(50)
    finally:
        await first.stop()
    clock.advance(3600)  # the hall is down for an hour
    second = DuelServer(make_settings(tmp_path, clock, db_url))
    await second.start()
    try:
        assert await second.service.sweep() == []
        after = (await view(second, code))["table"]
        assert after["status"] == "playing"
        assert after["game"] == before["game"]
        assert after["clock"]["remaining"] == pytest.approx(50)
        assert after["version"] == before["version"] + 1  # a "resumed" event
        await move(second, code, black, "c4")
    finally:
        await second.stop()


async def test_chat_is_plain_limited_and_keeps_no_secrets(service: DuelServer) -> None:
    code, black, white = await seated(service)
    payload = '<script>alert("x")</script> & <b>fett</b>'
    await service.service.handle(black, p.Chat(code=code, text=payload))
    chat = (await view(service, code, white))["chat"]
    assert chat[-1]["text"] == payload  # stored as text; the client shows it escaped
    for text, reason in [("  \n\t ", "empty"), ("x" * 201, "too_long")]:
        with pytest.raises(DuelError) as bad:
            await service.service.handle(black, p.Chat(code=code, text=text))
        assert bad.value.code == reason
    await service.service.handle(black, p.Chat(code=code, text="a\x00b\x1bc " + "y" * 190))
    assert (await view(service, code, white))["chat"][-1]["text"].startswith("a b c")
    own_secret = (await view(service, code, black))["you"]["secret"]
    with pytest.raises(DuelError) as secret:
        await service.service.handle(black, p.Chat(code=code, text=f"nimm {own_secret}"))
    assert secret.value.code == "secret"
    record = await player_of(service, black)
    assert record is not None
    transfer = await service.identity.start_transfer(record)
    for leak in (transfer["link"], transfer["code"].lower(), f"code: {transfer['code']}"):
        with pytest.raises(DuelError) as moved:
            await service.service.handle(black, p.Chat(code=code, text=leak))
        assert moved.value.code == "secret"
    with pytest.raises(DuelError):
        await service.service.handle("someone-else", p.Chat(code=code, text="hallo"))


async def test_only_the_last_hundred_lines_are_kept(service: DuelServer) -> None:
    code, black, white = await seated(service)
    for i in range(105):
        await service.service.handle(
            black if i % 2 else white, p.Chat(code=code, text=f"Zeile {i}")
        )
    chat = (await view(service, code, white))["chat"]
    assert len(chat) == 100
    assert chat[0]["text"] == "Zeile 5" and chat[-1]["text"] == "Zeile 104"


async def test_a_muted_opponent_is_not_shown(service: DuelServer) -> None:
    code, black, white = await seated(service)
    await service.service.handle(white, p.Chat(code=code, text="vorher"))
    await service.service.handle(black, p.Mute(code=code, muted=True))
    await service.service.handle(white, p.Chat(code=code, text="nachher"))
    await service.service.handle(black, p.Chat(code=code, text="eigene"))
    assert [c["text"] for c in (await view(service, code, black))["chat"]] == ["eigene"]
    assert (await view(service, code, black))["you"]["muted"] is True
    assert len((await view(service, code, white))["chat"]) == 3
    missed = await service.service.missed(code, 0)
    assert missed is not None
    mute = [e for e in missed["events"] if e["kind"] == "mute"]
    assert mute[0]["to"] == (await view(service, code, black))["you"]["seat"]
    await service.service.handle(black, p.Mute(code=code, muted=False))
    assert len((await view(service, code, black))["chat"]) == 3


async def test_moving_to_another_device(service: DuelServer) -> None:
    code, black, _white = await seated(service)
    old = await player_of(service, black)
    assert old is not None
    old_cookie = service.identity.cookie_value(old)
    transfer = await service.identity.start_transfer(old)
    moved = await service.identity.redeem(code=transfer["code"].lower())
    assert moved is not None and moved.id == black and moved.generation == old.generation + 1
    assert await service.identity.from_cookie(old_cookie) is None  # the old device is out
    new_cookie = service.identity.cookie_value(moved)
    assert (await service.identity.from_cookie(new_cookie)) == moved
    assert (await view(service, code, moved.id))["you"]["color"] == "black"
    assert await service.identity.redeem(token=transfer["token"]) is None  # one time only
    assert await service.identity.from_cookie(new_cookie[:-2] + "xx") is None  # forged


async def test_nicknames_are_validated(service: DuelServer) -> None:
    player = await service.identity.create()
    assert (await service.identity.rename(player, "  Anna  Lena ")).nickname == "Anna Lena"
    # names that deceive (reversi.hall.text_rules)
    for bad in (
        "A",
        "x" * 25,
        "<img src=x>",
        "123",
        "System",
        "SYSTEM",
        "Admin",
        "Gast 1234",
        "S\u0443stem",
        "Ｓｙｓｔｅｍ",
        "\u3164\u3164\u3164",
        "\ud800x",
    ):
        with pytest.raises(DuelError) as refused:
            await service.identity.rename(player, bad)
        assert refused.value.code == "bad_nickname" and refused.value.message
    # a bidi control is dropped, not kept
    assert (await service.identity.rename(player, "a\u202eb")).nickname == "ab"


async def test_a_new_nickname_reaches_the_seats_of_open_tables(service: DuelServer) -> None:
    code, black, white = await seated(service)
    player = await player_of(service, black)
    assert player is not None
    finished = (await service.service.open_table(black, player.nickname)).code
    await service.service.change(finished, lambda duel: duel.abort(duel.seat_of(black)))
    before = (await view(service, code, white))["version"]
    renamed = await service.identity.rename(player, "Neuer Name")
    await service.service.rename(black, renamed.nickname)
    state = await view(service, code, white)
    seat = next(s for s in state["table"]["seats"] if not s["free"] and s["color"] == "black")
    assert seat["name"] == "Neuer Name" and state["version"] == before + 1
    events = await stored(service).read(lambda rows: rows.events_after(rows.table(code).id, before))  # type: ignore[union-attr,arg-type]
    assert [(e.kind, e.payload["name"]) for e in events] == [("renamed", "Neuer Name")]
    # a finished table keeps the name it was played under; renaming again is no change
    old = await view(service, finished, black)
    assert "Neuer Name" not in {s["name"] for s in old["table"]["seats"]}
    await service.service.rename(black, renamed.nickname)
    assert (await view(service, code, white))["version"] == before + 1


async def test_a_seat_link_names_its_player_and_works_once(service: DuelServer) -> None:
    code, black, white = await seated(service)
    mine = (await view(service, code, black))["you"]
    secret = mine["secret"]
    other = await service.identity.create()
    with pytest.raises(DuelError):
        await service.service.resume(other.id, other.nickname, code, "wrong")
    assert await service.service.resume(other.id, other.nickname, code, secret) == (
        mine["seat"],
        black,
    )
    state = await view(service, code, black)
    assert state["you"]["color"] == "black" and state["you"]["secret"] != secret
    assert (await view(service, code, other.id))["you"]["seat"] is None  # nobody else sits
    with pytest.raises(DuelError):  # used up: the secret was renewed
        await service.service.resume(white, "x", code, secret)
