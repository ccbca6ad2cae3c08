"""The Wertungszahl in the hall (reversi.hall.ratings, rating_rules) on SQLite and
PostgreSQL: a finished rated duel between named players moves both ratings once, in the
right direction; guests, short games, unrated tables and a pair's third game of a day
move nothing; games reported at the same moment through two engines are rated one by
one."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from reversi.hall.glicko import SHOWN_AFTER, START_DEVIATION
from reversi.hall.hall_service import Hall
from reversi.hall.rating_rules import MIN_MOVES, PAIR_GAMES_A_DAY
from reversi.server.duel_server import DuelServer
from reversi.server.wall_clock import ManualClock
from reversi.server.ws import client_messages as p
from reversi.storage import open_store
from tests.app_fixtures import make_settings, players
from tests.hall.test_store import berlin, named
from tests.server.helpers import COUNTED_LINE, move, play_first_legal, view

pytestmark = pytest.mark.anyio


def played(a: str, b: str, outcome_a: str, moves: int = 30) -> list[dict[str, Any]]:
    other = {"win": "loss", "loss": "win", "draw": "draw"}[outcome_a]
    return [
        {"player": a, "side": "black", "outcome": outcome_a, "moves": moves},
        {"player": b, "side": "white", "outcome": other, "moves": moves},
    ]


async def table_of(
    server: DuelServer, names: tuple[str, str] | None = ("Anna", "Ben"), rated: bool | None = None
) -> tuple[str, str, str]:
    """A running table of two players (named, or guests when ``names`` is None): its
    code, and the ids of the black and the white player."""
    if names is None:
        ids = [(await server.identity.create()).id for _ in range(2)]
    else:
        ids = await named(server, *names)
    table = await server.service.open_table(ids[0], "x")
    if rated is not None:
        await server.service.handle(ids[0], p.Rules(code=table.code, rated=rated))
    await server.service.join(ids[1], "y", table.code)
    state = (await view(server, table.code, ids[0]))["table"]
    black = ids[0] if state["seats"][0]["color"] == "black" else ids[1]
    return table.code, black, ids[1] if black == ids[0] else ids[0]


async def test_a_rated_duel_moves_both_ratings_once_in_the_right_direction(
    service: DuelServer,
) -> None:
    code, black, white = await table_of(service)
    assert (await view(service, code))["table"]["rules"]["rated"] is True
    end = (await play_first_legal(service, code, black, white))["end"]
    assert "unrated" not in end
    hall = service.hall
    mine = {pid: (await hall.ratings(pid))["schnell"] for pid in (black, white)}
    assert all(r["games"] == 1 and r["value"] is None for r in mine.values())
    assert all(r["provisional"] and r["deviation"] < START_DEVIATION for r in mine.values())
    winner = end["winner_seat"]
    seats = (await view(service, code))["table"]["seats"]
    ids = [black if s["color"] == "black" else white for s in seats]
    history = {pid: await hall.rating_history(pid, "schnell") for pid in ids}
    if winner is not None:
        assert history[ids[winner]][0]["value"] > 1500 > history[ids[1 - winner]][0]["value"]
    assert [len(h) for h in history.values()] == [1, 1]
    assert end["ratings"][0]["games"] == 1 and end["ratings_before"][0]["games"] == 0
    # the same game again (as after a crash between commit and announcement): nothing
    players = [{"player": pid, "outcome": "draw", "moves": 30} for pid in ids]
    again = await hall.rate_game(f"table:{code}", players, "schnell", True, 0.0)
    assert again.unrated is None
    assert {pid: (await hall.ratings(pid))["schnell"] for pid in (black, white)} == mine
    me = await hall.me(black)
    assert me["ratings"]["schnell"] == mine[black]  # and no blitz game yet
    assert me["ratings"]["blitz"] == {
        "value": None,
        "deviation": START_DEVIATION,
        "provisional": True,
        "games": 0,
    }
    # the seats show no number yet: one rated game
    table = (await view(service, code))["table"]
    assert [s["rating"] for s in table["seats"]] == [None, None]


async def test_the_seat_card_shows_the_rating_with_a_question_mark_while_provisional(
    service: DuelServer,
) -> None:
    hall = service.hall
    a, b = await named(service, "Anna", "Ben")
    for day in range(2):  # one game a day: the pair's limit does not bite
        when = berlin(2026, 11, 1 + day, 12)
        await hall.rate_game(f"t:{day}", played(a, b, "win"), "schnell", True, when)
    table = await service.service.open_table(a, "Anna")
    await service.service.join(b, "Ben", table.code)
    seats = (await view(service, table.code))["table"]["seats"]
    assert all(s["rating"] is None for s in seats)  # two games: no number yet
    state = (await view(service, table.code, a))["table"]
    black = a if state["seats"][0]["color"] == "black" else b
    white = b if black == a else a
    end = (await play_first_legal(service, table.code, black, white))["end"]
    assert "unrated" not in end
    after = (await view(service, table.code))["table"]["seats"]
    shown = {a: after[0]["rating"], b: after[1]["rating"]}
    for pid in (a, b):
        mine = (await hall.ratings(pid))["schnell"]
        assert mine["games"] == 3 and mine["provisional"]
        assert shown[pid] == f"{mine['value']}?"
    # a new table shows it when they sit down
    again = await service.service.open_table(a, "Anna")
    seats = (await view(service, again.code))["table"]["seats"]
    assert seats[0]["rating"] == shown[a]


async def test_guests_short_games_and_unrated_tables_move_nothing(service: DuelServer) -> None:
    hall = service.hall
    code, black, white = await table_of(service, names=None)
    end = (await play_first_legal(service, code, black, white))["end"]
    assert end["unrated"] == "guest"
    code, black, white = await table_of(service, ("Cleo", "Dana"), rated=False)
    assert (await view(service, code))["table"]["rules"]["rated"] is False
    end = (await play_first_legal(service, code, black, white))["end"]
    assert end["unrated"] == "unrated_table"
    # five moves each count for points, not for the rating
    code, black, white = await table_of(service, ("Emil", "Fritz"))
    for ply, square in enumerate(COUNTED_LINE):
        await move(service, code, (black, white)[ply % 2], square)
    await service.service.handle(white, p.Resign(code=code))
    end = (await view(service, code))["table"]["end"]
    assert len(COUNTED_LINE) // 2 < MIN_MOVES
    assert end["unrated"] == "short" and "uncounted" not in end
    for pid in (black, white):
        assert (await hall.ratings(pid))["schnell"]["games"] == 0
        assert await hall.rating_history(pid, "schnell") == []


async def test_a_pair_is_rated_for_its_first_games_of_a_berlin_day(
    service: DuelServer, clock: ManualClock
) -> None:
    hall = service.hall
    a, b, c = await named(service, "Anna", "Ben", "Cleo")
    morning = berlin(2026, 12, 2, 0, 0, 1)
    reasons = [
        (await hall.rate_game(f"t:{i}", played(a, b, "win"), "schnell", True, morning + i)).unrated
        for i in range(PAIR_GAMES_A_DAY + 1)
    ]
    assert reasons == [None] * PAIR_GAMES_A_DAY + ["repeat"]
    # the order of the players does not matter; another opponent is rated
    assert (await hall.rate_game("t:r", played(b, a, "win"), "schnell", True, morning + 9)).unrated
    assert not (await hall.rate_game("t:c", played(a, c, "win"), "schnell", True, morning)).unrated
    # the next Berlin day the pair is rated again
    tomorrow = berlin(2026, 12, 3, 0, 0, 0)
    assert not (await hall.rate_game("t:n", played(a, b, "win"), "schnell", True, tomorrow)).unrated
    mine = (await hall.ratings(a))["schnell"]
    assert mine["games"] == PAIR_GAMES_A_DAY + 2 >= SHOWN_AFTER and mine["value"] > 1500
    assert mine["provisional"] is True
    # a short game or an unknown outcome is not rated
    short = played(a, c, "win", moves=MIN_MOVES - 1)
    assert (await hall.rate_game("t:s", short, "schnell", True, tomorrow)).unrated == "short"
    odd = played(a, c, "win")
    odd[0]["outcome"] = "won"
    assert (await hall.rate_game("t:o", odd, "schnell", True, tomorrow)).unrated
    assert (await hall.ratings(a))["schnell"] == mine


async def test_games_reported_at_once_through_two_engines_are_rated_one_by_one(
    service: DuelServer, db_url: str
) -> None:
    hall = service.hall
    a, b, c, d = await named(service, "Anna", "Ben", "Cleo", "Dana")
    other_db = await open_store(db_url)
    other = Hall(other_db, service.settings.clock, "reversi")
    now = service.settings.clock()
    try:
        pairs = [(a, b), (a, c), (a, d)] * 2 + [(b, c)] * 4
        reports = [
            h.rate_game(f"t:{i}", played(x, y, "win"), "schnell", True, now)
            for i, (h, (x, y)) in enumerate(zip([hall, other] * 5, pairs, strict=True))
        ]
        done = await asyncio.gather(*reports)
    finally:
        await other_db.close()
    rated = [r.unrated is None for r in done]
    # every pair twice at most; each game saw the ratings the games before it left
    assert sum(rated) == 3 * 2 + PAIR_GAMES_A_DAY
    games = {pid: (await hall.ratings(pid))["schnell"]["games"] for pid in (a, b, c, d)}
    assert games == {a: 6, b: 2 + 2, c: 2 + 2, d: 2}
    assert len(await hall.rating_history(a, "schnell")) == 6


async def test_the_rating_board_lists_shown_ratings_only(service: DuelServer) -> None:
    hall = service.hall
    a, b, c = await named(service, "Anna", "Ben", "Cleo")
    now = service.settings.clock()
    for i, (x, y) in enumerate([(a, b), (a, c), (a, b), (c, a)]):
        await hall.rate_game(f"t:{i}", played(x, y, "win"), "schnell", True, now + i)
    board = await hall.rating_board("schnell", a)
    # Anna has four rated games, the others two: only her number is shown
    assert [(row["nickname"], row["rank"], row["you"]) for row in board["rows"]] == [
        ("Anna", 1, True)
    ]
    assert board["rows"][0]["value"] > 1500 and board["rows"][0]["provisional"] is True
    assert (await hall.rating_board("blitz", a))["rows"] == []
    with pytest.raises(ValueError):
        await hall.rating_board("fern", a)


def test_me_and_the_rating_board_over_http(tmp_path: Path, clock: ManualClock) -> None:
    with players(make_settings(tmp_path, clock), 1) as (a,):
        me = a.get("/api/me").json()
        fresh = {"value": None, "deviation": 350, "provisional": True, "games": 0}
        assert me["ratings"] == {"schnell": fresh, "blitz": fresh, "fernpartie": fresh}
        assert me["rating_history"] == {"schnell": [], "blitz": [], "fernpartie": []}
        assert a.get("/api/ratings").json() == {"time_class": "schnell", "rows": []}
        bad = a.get("/api/ratings", params={"class": "blitz'"})
        assert bad.status_code == 400 and bad.json()["error"] == "bad_time_class"
