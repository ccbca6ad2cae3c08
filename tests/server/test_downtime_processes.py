"""Two real server processes on PostgreSQL and Redis, killed together and started
together, credit each outage exactly once."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import subprocess
import sys
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect

from tests.app_fixtures import REDIS_URL, need_redis, postgres_database
from tests.processes import free_port
from tests.server.test_processes import SERVER, receive, ws_url

#: outages per run (more for a measurement: REVERSI_TEST_DOWNTIME_ROUNDS=16)
ROUNDS = int(os.environ.get("REVERSI_TEST_DOWNTIME_ROUNDS", "2"))


def start_together(
    ports: list[int], env: dict[str, str], log: Path
) -> list[subprocess.Popen[bytes]]:
    with log.open("ab") as out:
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", SERVER.format(port=port)],
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
            for port in ports
        ]
    for port, proc in zip(ports, procs, strict=True):
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, log.read_text()
            try:
                httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.05)
    return procs


def credits(db_url: str, code: str) -> list[float]:
    async def read() -> list[float]:
        import asyncpg  # type: ignore[import-untyped]

        conn = await asyncpg.connect(db_url)
        try:
            rows = await conn.fetch(
                "SELECT e.payload FROM table_events e JOIN tables t ON t.id = e.table_id"
                " WHERE t.code = $1 AND e.kind = 'resumed' ORDER BY e.version",
                code,
            )
        finally:
            await conn.close()
        return [json.loads(r["payload"])["downtime"] for r in rows]

    return asyncio.run(read())


def test_two_processes_killed_and_started_together_credit_each_outage_once(tmp_path: Path) -> None:
    need_redis()
    with postgres_database() as db_url:
        env = dict(
            os.environ,
            REVERSI_DATABASE_URL=db_url,
            REVERSI_REDIS_URL=REDIS_URL,
            REVERSI_SECRET="shared-test-secret",
            REVERSI_DATA_DIR=str(tmp_path),
            REVERSI_BROKER_PREFIX=f"test-{secrets.token_hex(4)}:",
        )
        ports = [free_port(), free_port()]
        log = tmp_path / "servers.log"
        procs = start_together(ports, env, log)
        try:
            one = f"http://127.0.0.1:{ports[0]}"
            with httpx.Client(base_url=one) as a, httpx.Client(base_url=one) as b:
                code = a.post("/api/tables").json()["code"]
                assert b.post(f"/api/tables/{code}/join").status_code == 200
                cookie = "; ".join(f"{k}={v}" for k, v in a.cookies.items())
                state = b.get(f"/api/tables/{code}").json()
            mover = a if state["you"]["color"] == "white" else b
            del mover  # the first move is black's: whoever it is, the clock runs
            with connect(ws_url(one), additional_headers={"Cookie": cookie}) as ws:
                receive(ws, "hello")
                ws.send(json.dumps({"type": "watch", "code": code}))
                assert receive(ws, "state")["table"]["status"] == "playing"
            for _ in range(ROUNDS):
                time.sleep(0.7)  # both beat at least once
                for proc in procs:
                    proc.kill()
                for proc in procs:
                    proc.wait()
                time.sleep(1.0)
                procs = start_together(ports, env, log)
            seen = credits(db_url, code)
            assert len(seen) == ROUNDS, (seen, log.read_text())
            assert all(1.0 <= s <= 120 for s in seen), seen  # the outage and a loaded start
        finally:
            for proc in procs:
                proc.kill()
                proc.wait()
