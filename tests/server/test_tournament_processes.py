"""An arena on two real uvicorn processes sharing PostgreSQL and Redis: players join on
both at once and each is paired exactly once; one process killed (SIGKILL) in the
middle of the round and started again pairs nobody twice; a game ended on one process
is recorded once and its player withdrawn."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import func, insert, select
from websockets.sync.client import connect

from reversi.storage import Rows, open_store
from reversi.storage.schema import PLAYERS, RATINGS, TOURNAMENT_GAMES
from tests.app_fixtures import REDIS_URL, need_redis, postgres_database
from tests.processes import ServerProcess, free_port
from tests.server.test_processes import SERVER, receive, ws_url

PLAYERS_N = 16


@pytest.fixture
def setup(tmp_path: Path) -> Iterator[tuple[list[ServerProcess], str]]:
    need_redis()
    with postgres_database() as db_url:
        env = dict(
            os.environ,
            REVERSI_DATABASE_URL=db_url,
            REVERSI_REDIS_URL=REDIS_URL,
            REVERSI_SECRET="shared-test-secret",
            REVERSI_DATA_DIR=str(tmp_path),
            REVERSI_NEW_PLAYER_LIMIT="100000/hour",
            REVERSI_SWEEP_INTERVAL="0.2",
            REVERSI_BROKER_PREFIX=f"test-{secrets.token_hex(4)}:",
        )
        servers = []
        for i in range(2):
            port = free_port()
            server = ServerProcess(
                [sys.executable, "-c", SERVER.format(port=port)],
                port,
                tmp_path / f"server{i}.log",
                env=env,
                health="/api/tournaments",
            )
            servers.append(server)
        try:
            for server in servers:
                server.start()
            yield servers, db_url
        finally:
            for server in servers:
                server.stop()


def db(db_url: str, fn: Any) -> Any:
    async def run() -> Any:
        store = await open_store(db_url)
        try:
            return await store.write(fn)
        finally:
            await store.close()

    return asyncio.run(run())


def rated(db_url: str, nickname: str) -> None:
    def write(rows: Rows) -> None:
        player = rows.conn.execute(
            select(PLAYERS.c.id).where(PLAYERS.c.nickname == nickname)
        ).scalar_one()
        rows.conn.execute(
            insert(RATINGS).values(
                player_id=player,
                time_class="blitz",
                value=1500.0,
                deviation=80.0,
                volatility=0.06,
                games=5,
                updated_at=0.0,
            )
        )

    db(db_url, write)


def game_count(db_url: str) -> int:
    return int(
        db(
            db_url,
            lambda rows: rows.conn.execute(
                select(func.count()).select_from(TOURNAMENT_GAMES)
            ).scalar_one(),
        )
    )


def running(client: httpx.Client, tid: str) -> list[dict[str, Any]]:
    games = client.get(f"/api/tournaments/{tid}").json()["games"]
    return [g for g in games if g["score"] is None]


def until_running(client: httpx.Client, tid: str, n: int) -> list[dict[str, Any]]:
    for _ in range(100):
        games = running(client, tid)
        if len(games) >= n:
            return games
        time.sleep(0.1)
    raise AssertionError(f"{n} games never ran: {running(client, tid)}")


def test_two_processes_pair_each_player_once_and_survive_a_kill(
    setup: tuple[list[ServerProcess], str],
) -> None:
    servers, db_url = setup
    clients = [httpx.Client(base_url=servers[i % 2].url) for i in range(PLAYERS_N)]
    try:
        for i, client in enumerate(clients):
            client.post("/api/me", json={"nickname": f"Spieler {i + 1}"})
        rated(db_url, "Spieler 1")
        made = clients[0].post(
            "/api/tournaments",
            json={
                "name": "Prozessarena",
                "kind": "arena",
                "starts_at": time.time(),
                "minutes": 30,
                "clock": "3+2",
            },
        )
        assert made.status_code == 201, made.text
        tid = made.json()["id"]
        with ThreadPoolExecutor(8) as pool:  # joins on both processes at once
            answers = list(pool.map(lambda c: c.post(f"/api/tournaments/{tid}/join"), clients))
        assert all(a.status_code == 200 for a in answers)
        games = until_running(clients[0], tid, PLAYERS_N // 2)
        seated = [name for g in games for name in (g["black"], g["white"])]
        assert sorted(seated) == sorted(f"Spieler {i + 1}" for i in range(PLAYERS_N))
        assert game_count(db_url) == PLAYERS_N // 2

        servers[0].kill()  # in the middle of the round
        servers[0].start()
        time.sleep(1.0)  # sweeps on both
        assert game_count(db_url) == PLAYERS_N // 2

        # a game ended on one process: recorded once, the one who aborted withdrawn
        me = clients[1].get(f"/api/tournaments/{tid}").json()["me"]
        code = me["table"]
        cookie = "; ".join(f"{k}={v}" for k, v in clients[1].cookies.items())
        with connect(ws_url(servers[1].url), additional_headers={"Cookie": cookie}) as ws:
            receive(ws, "hello")
            ws.send(json.dumps({"type": "abort", "code": code, "id": 1}))
            receive(ws, "ack")
        for _ in range(50):  # (a read is not one snapshot: ask until both show)
            detail = clients[0].get(f"/api/tournaments/{tid}").json()
            ended = [g for g in detail["games"] if g["score"] is not None]
            leaver = next(s for s in detail["standings"] if s["name"] == "Spieler 2")
            if ended and leaver["left"]:
                break
            time.sleep(0.1)
        assert [g["table"] for g in ended] == [code]
        assert leaver["left"] is True and leaver["games"] == 1
        time.sleep(0.6)
        assert game_count(db_url) == PLAYERS_N // 2  # the other one waits for someone new
    finally:
        for client in clients:
            client.close()
