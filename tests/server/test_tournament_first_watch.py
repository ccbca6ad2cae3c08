"""The first watch of a table a tournament just paired, on SQLite and on PostgreSQL:
served from the row the pairing committed (no read of the store), the same state the
database gives; once the table changed (a chat line) it is read again. The ``paired``
message of another process brings the row along, and the socket never gets it."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from reversi.duel import messages as out
from reversi.server.duel_server import DuelServer
from reversi.server.wall_clock import ManualClock
from reversi.server.ws import client_messages as p
from reversi.storage.records import TABLE_FIELDS
from tests.server.test_tournaments import started
from tests.server.tournament_helpers import running_tables, seats_of

pytestmark = pytest.mark.anyio


def count_reads(server: DuelServer, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one with every read of the server's store."""
    store = server.service.store
    real = store.read
    reads: list[int] = []

    async def counted(fn: Any) -> Any:
        reads.append(1)
        return await real(fn)

    monkeypatch.setattr(store, "read", counted)
    return reads


async def from_database(server: DuelServer, code: str, player: str) -> dict[str, Any]:
    server.service._fresh.clear()
    state = await server.service.state(code, player)
    assert state is not None
    return state


async def one_game(server: DuelServer, clock: ManualClock) -> tuple[str, dict[str, str]]:
    """A two-player arena's one running table: its code and its seats by colour."""
    tid, _ = await started(server, clock, "arena", 2)
    (game,) = await running_tables(server, tid)
    return game["table"], await seats_of(server, game["table"])


def row_fields(row: Any) -> dict[str, Any]:
    return {n: getattr(row, n) for n in TABLE_FIELDS}


async def test_a_new_tables_first_state_needs_no_read(
    service: DuelServer, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid, _ = await started(service, clock, "arena", 4)
    codes = [g["table"] for g in await running_tables(service, tid)]
    reads = count_reads(service, monkeypatch)
    served = {}
    for code in codes:
        black = (await seats_of(service, code))["black"]
        reads.clear()
        served[code] = await service.service.state(code, black)
        assert reads == []
    for code in codes:
        black = (await seats_of(service, code))["black"]
        assert served[code] == await from_database(service, code, black)


async def test_a_chat_line_makes_the_state_read_again(
    service: DuelServer, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, seats = await one_game(service, clock)
    await service.service.handle(seats["black"], p.Chat(code=code, text="Viel Glück"))
    reads = count_reads(service, monkeypatch)
    state = await service.service.state(code, seats["white"])
    assert state is not None and reads == [1]
    assert [line["text"] for line in state["chat"]] == ["Viel Glück"]


class Socket:
    """A stand-in for a socket of the player: what the hub sends it."""

    def __init__(self) -> None:
        self.sent: list[Any] = []

    def send(self, message: Any) -> None:
        self.sent.append(message)


async def test_the_row_of_another_process_serves_the_first_watch(
    service: DuelServer, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, seats = await one_game(service, clock)
    black = seats["black"]
    row = service.service.positions.table(code)
    assert row is not None
    wanted = await from_database(service, code, black)
    service.service.positions.forget(code)  # as in a process that did not pair them
    socket = Socket()
    hub = service.hub
    hub.players[black].add(socket)  # type: ignore[arg-type]
    paired = out.plain(out.Paired(code=code, link=f"/tisch/{code}"))
    try:
        hub._player_message(black, {**paired, "row": row_fields(row)})
    finally:
        hub.players[black].discard(socket)
    assert socket.sent == [paired]
    reads = count_reads(service, monkeypatch)
    assert await service.service.state(code, black) == wanted
    assert reads == []


class Watcher(Socket):
    """A stand-in for a socket that watches tables (what the hub's ``watch`` uses)."""

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = SimpleNamespace(id=player)
        self.address = "127.0.0.1"
        self.anonymous = False
        self.versions: dict[str, int | None] = {}
        self.seats: dict[str, int | None] = {}

    def put(self, kind: str, item: Any) -> None:
        self.sent.append((kind, item))


async def test_watching_a_table_this_process_knows_reads_nothing(
    service: DuelServer, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, seats = await one_game(service, clock)
    black = seats["black"]
    socket = Watcher(black)
    reads = count_reads(service, monkeypatch)
    try:
        await service.hub._watch(socket, p.Watch(code=code))  # type: ignore[arg-type]
    finally:
        service.hub.tables.pop(code, None)
    assert reads == [] and socket.sent == [("sync", code)]


async def test_paired_brings_the_row_to_the_other_processes(
    service: DuelServer, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _ = await one_game(service, clock)
    row = service.service.positions.table(code)
    assert row is not None
    plain = service.service.paired_message(row)
    assert "row" not in plain  # one process: nobody else to tell
    monkeypatch.setattr(service.service.broker, "remote", True)
    told = service.service.paired_message(row)
    assert told == {**plain, "row": row_fields(row)}
