"""Bounds against a real ``reversi serve`` with the
default limits, from one address, as docs/operations.md's attack table reports them.

    .venv/bin/python benchmarks/attack_bounds.py [--seconds 10]

* the archive: a stranger reads a finished public duel by its code as fast as it can
  for ``--seconds``: answers 200 and 429;
* device games: one player sends batches of 50 valid games until refused: games
  stored, seconds, and the answer;
* the log: a truncated body and a broken chunk to each of six routes, then SIGINT with
  an open socket: lines in the log, tracebacks.

Prints the figures.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx
from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.archive.test_api import GAME, WHEN
from tests.processes import ServerProcess, free_port

ROUTES = (
    ("POST", "/api/me"),
    ("POST", "/api/tables"),
    ("POST", "/api/results"),
    ("PUT", "/api/settings"),
    ("POST", "/api/tables/ABCDEF/resume"),
    ("POST", "/api/transfer/redeem"),
)


def receive(ws: object, kind: str) -> dict[str, object]:
    while True:
        message = json.loads(ws.recv(timeout=10))  # type: ignore[attr-defined]
        if message["type"] == kind:
            return dict(message)
        if message["type"] == "error":
            raise RuntimeError(message)


def finished_duel(url: str) -> str:
    """A public duel of two moves that the opener resigns; its code."""
    with (
        httpx.Client(base_url=url) as a,
        httpx.Client(base_url=url) as b,
        contextlib.ExitStack() as stack,
    ):
        code = str(a.post("/api/tables", json={}).json()["code"])
        b.post(f"/api/tables/{code}/join")
        socks = []
        for client in (a, b):
            cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
            ws = stack.enter_context(
                connect(url.replace("http", "ws") + "/ws", additional_headers={"Cookie": cookie})
            )
            ws.send(json.dumps({"type": "watch", "code": code, "version": None}))
            socks.append((ws, receive(ws, "state")["you"]["color"]))  # type: ignore[index]
        by_color = {color: ws for ws, color in socks}
        for ply, (color, square) in enumerate((("black", "d3"), ("white", "c5"))):
            move = {"type": "move", "code": code, "square": square, "cid": square, "ply": ply}
            by_color[color].send(json.dumps({**move, "id": square}))
            receive(by_color[color], "ack")
        socks[0][0].send(json.dumps({"type": "resign", "code": code, "id": "r"}))
        receive(socks[0][0], "ack")
    return code


def archive_reads(url: str, code: str, seconds: float) -> Counter[int]:
    answers: Counter[int] = Counter()
    with httpx.Client(base_url=url) as stranger:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            answers[stranger.get(f"/api/games/{code}").status_code] += 1
    return answers


def device_games(url: str) -> tuple[int, float, str]:
    stored, started = 0, time.monotonic()
    with httpx.Client(base_url=url) as player:
        for batch in range(1000):
            games = [
                {
                    "id": f"game-{batch}-{i}",
                    "level": "mittel",
                    "outcome": "win",
                    "finished_at": WHEN + batch * 50 + i,
                    "detail": {"human": "black", "black": 42, "white": 22},
                    "moves": GAME,
                }
                for i in range(50)
            ]
            answer = player.post("/api/results", json={"results": games})
            if answer.status_code != 200:
                return stored, time.monotonic() - started, answer.text
            stored += len(answer.json()["new"])
    return stored, time.monotonic() - started, "never refused"


def dropped_bodies(port: int) -> int:
    tries = 0
    for method, path in ROUTES:
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        for rest in (
            'Content-Length: 400\r\n\r\n{"nickname": "An',
            'Transfer-Encoding: chunked\r\n\r\n6\r\n{"nick\r\nzz\r\nma',
        ):
            with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
                sock.sendall((head + rest).encode())
                time.sleep(0.05)
            tries += 1
    return tries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        port = free_port()
        env = dict(os.environ, REVERSI_DATA_DIR=data, REVERSI_SECRET="attack-bounds")
        for name in ("REVERSI_DATABASE_URL", "REVERSI_REDIS_URL"):
            env.pop(name, None)
        server = ServerProcess(
            [sys.executable, "-m", "reversi", "serve", "--port", str(port)],
            port,
            Path(data) / "server.log",
            env=env,
        )
        server.start(timeout=120)
        try:
            code = finished_duel(server.url)
            answers = archive_reads(server.url, code, args.seconds)
            print(
                f"archive: {sum(answers.values())} reads of a finished duel in {args.seconds:g} s"
                f" from one address: {answers[200]} × 200, {answers[429]} × 429"
            )
            stored, took, refusal = device_games(server.url)
            print(f"device games: {stored} stored in {took:.1f} s, then: {refusal}")
            size = sum(p.stat().st_size for p in Path(data).glob("reversi.sqlite3*"))
            print(f"  database files (with the WAL): {size / 1e6:.2f} MB")
            before = len(server.log.read_text().splitlines())
            tries = dropped_bodies(port)
            time.sleep(0.5)
            log = server.log.read_text()
            lines = len(log.splitlines()) - before
            print(
                f"log: {tries} dropped or broken bodies over {len(ROUTES)} routes:"
                f" {lines} lines, {log.count('Traceback')} tracebacks"
            )
            with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=5):
                assert server.proc is not None
                server.proc.send_signal(signal.SIGINT)
                exit_code = server.proc.wait(timeout=30)
            log = server.log.read_text()
            print(
                f"SIGINT with an open socket: exit {exit_code},"
                f" {log.count('Traceback')} tracebacks, KeyboardInterrupt:"
                f" {'KeyboardInterrupt' in log}"
            )
        finally:
            server.stop()


if __name__ == "__main__":
    main()
