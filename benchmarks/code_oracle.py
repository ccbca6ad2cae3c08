"""How long one address needs to find a live table by guessing codes.

    .venv/bin/python benchmarks/code_oracle.py [--tables 10000] [--private 3]

Starts a duel server with the default limits on a fresh SQLite file holding ``--tables``
live tables, then guesses from one address (127.0.0.1) as fast as it can over every
path that takes a table's code: the socket's intents (``resign``, ``callback``,
``takeback``, ``takeback_reply``, ``rematch``, ``rematch_decline``, ``abort``, ``move``,
``chat``, ``mute``, ``rules``), its ``watch``, and ``GET /api/tables/{code}``, ``POST
…/join`` and ``POST …/resume``. Between the guesses it asks the same of ``--private``
real private duels the guesser does not sit at, and compares the answers. It stops when
every path refuses, and prints the guesses answered, the answers per second until then,
which paths tell a real table from none, and the expected time to find a live table
from one address: 22⁶ / tables guesses at the answered number per ``guess_limit`` window.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx
from limits import parse
from websockets.sync.client import connect

from reversi.duel.table import CODE_ALPHABET, CODE_LENGTH, Status, new_code, new_table
from reversi.server.settings import Settings, duel_rules
from reversi.storage import PlayerRecord, open_store
from tests.processes import free_port

SERVER = """
import uvicorn
from reversi.server.duel_server import create_duel_app
from reversi.server.serving import settings_config
from reversi.server.settings import Settings
settings = Settings.from_env()
app = create_duel_app(settings)
uvicorn.Server(settings_config(app, settings, "127.0.0.1", {port})).run()
"""
INTENTS: dict[str, dict[str, Any]] = {
    "resign": {},
    "callback": {},
    "takeback": {},
    "takeback_reply": {"accept": True},
    "rematch": {},
    "rematch_decline": {},
    "abort": {},
    "move": {"square": "d3", "cid": "x", "ply": 0},
    "chat": {"text": "hallo"},
    "mute": {"muted": True},
    "rules": {"hints": False},
}


async def fill(database: Path, tables: int, private: int) -> list[str]:
    """``tables`` live tables (half waiting, half running), the last ``private`` of them
    private running duels; returns the codes of those."""
    store = await open_store(f"sqlite+aiosqlite:///{database}")
    settings, now = Settings(), time.time()
    codes: list[str] = []

    def add(rows: Any) -> None:
        for who in ("a", "b"):
            rows.add_player(PlayerRecord(who, who, 0, now))
        drawn: set[str] = set()
        while len(drawn) < tables:
            drawn.add(new_code())
        for i, code in enumerate(sorted(drawn)):
            secret = i >= tables - private
            table = new_table(code, "a", "a", now, duel_rules(settings), private=secret)
            if i % 2 or secret:
                table.status, table.seat1, table.black_seat = Status.PLAYING, "b", 0
                table.turn_started_at, table.turn_deadline = now, now + 86_400
            rows.add_table(table)
            if secret:
                codes.append(table.code)

    try:
        await store.write(add)
    finally:
        await store.close()
    return codes


class Guesser:
    """One player on one address: a socket and an HTTP client with its cookie."""

    def __init__(self, base: str) -> None:
        self.stack = contextlib.ExitStack()
        self.http = httpx.Client(base_url=base, timeout=30)
        self.http.get("/api/me")
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        self.ws = self.stack.enter_context(
            connect(base.replace("http://", "ws://") + "/ws", additional_headers={"Cookie": cookie})
        )
        self.ws.recv(timeout=30)  # hello
        self.n = 0

    def _socket(self, message: dict[str, Any]) -> str:
        self.n += 1
        time.sleep(PACE)  # within the flood guard: the guess limit is what is measured
        self.ws.send(json.dumps({**message, "id": self.n}))
        while True:
            reply = json.loads(self.ws.recv(timeout=30))
            # a watch is answered by the table's state or an error, without the id
            if reply.get("id") == self.n or reply["type"] in ("state", "error"):
                return str(reply.get("code") if reply["type"] == "error" else reply["type"])

    def ask(self, path: str, code: str) -> str:
        """The answer of ``path`` for ``code``: an error code, or what came."""
        if path in INTENTS:
            return self._socket({"type": path, "code": code, **INTENTS[path]})
        if path == "watch":
            answer = self._socket({"type": "watch", "code": code, "version": None})
            if answer == "state":  # stop watching again (the reply comes first)
                self._socket({"type": "unwatch", "code": code})
            return answer
        if path == "GET":
            reply = self.http.get(f"/api/tables/{code}")
        elif path == "join":
            reply = self.http.post(f"/api/tables/{code}/join")
        else:
            reply = self.http.post(f"/api/tables/{code}/resume", json={"secret": "x" * 32})
        body = reply.json()
        return f"{reply.status_code} {body.get('error', '')}".strip()


#: seconds between two socket messages (the flood guard allows 20 a second)
PACE = 1 / 15
PATHS = [*INTENTS, "watch", "GET", "join", "resume"]
REFUSED = {"rate_limited", "429 rate_limited"}


@contextlib.contextmanager
def serving(folder: str) -> Iterator[str]:
    """A duel server with the default limits on the database in ``folder``: its address."""
    port = free_port()
    env = dict(os.environ, REVERSI_DATA_DIR=folder, REVERSI_SECRET="oracle-benchmark")
    server = subprocess.Popen([sys.executable, "-c", SERVER.format(port=port)], env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                httpx.get(base + "/healthz", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--private", type=int, default=3)
    args = parser.parse_args()
    settings = Settings.from_env()
    window = parse(settings.guess_limit)
    with tempfile.TemporaryDirectory() as folder:
        real = asyncio.run(fill(Path(folder) / "reversi.sqlite3", args.tables, args.private))
        # first a fresh server (fresh limits) where a real table and none are asked alike
        with serving(folder) as base:
            guesser = Guesser(base)
            seen = {
                path: (guesser.ask(path, new_code()), guesser.ask(path, real[0])) for path in PATHS
            }
            guesser.stack.close()
        # then another that is only guessed at, until every path refuses
        with serving(folder) as base:
            guesser = Guesser(base)
            answered, paths_answering = 0, set()
            start = time.perf_counter()
            refused_round = False
            while not refused_round:
                refused_round = True
                for path in PATHS:
                    if guesser.ask(path, new_code()) not in REFUSED:
                        answered += 1
                        paths_answering.add(path)
                        refused_round = False
            took = time.perf_counter() - start
            guesser.stack.close()
    codes = len(CODE_ALPHABET) ** CODE_LENGTH
    days = window.get_expiry() / 86_400
    to_hit = codes / args.tables
    per_address = to_hit / answered * days
    print(f"{args.tables:,} live tables, guess_limit {settings.guess_limit}, one address")
    for path, (none, mine) in seen.items():
        same = "the same" if none == mine else "differ: counted as look-ups"
        print(f"  {path:16} no table: {none:20} not yours: {mine:18} → {same}")
    print(
        f"guesses answered before every path refused: {answered} in {took:.1f} s "
        f"({answered / took:.1f} a second, the socket paced at {1 / PACE:.0f} messages "
        f"a second); answered by {len(paths_answering)} of {len(PATHS)} paths, "
        f"refused by all {len(PATHS)} after"
    )
    print(
        f"expected guesses to a hit: {to_hit:,.0f}; one address: {per_address:,.0f} days "
        f"= {per_address / 365.25:.2f} years"
    )


if __name__ == "__main__":
    main()
