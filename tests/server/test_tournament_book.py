"""An arena's book (``tournament_book``): what two processes keep between their steps
is what a full reading of the games gives — the standings by points, each player's last
opponent and colours — also for a game that slipped past a book's window."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from reversi.server.duel_server import DuelServer
from reversi.server.tournaments import tournament_rows as tr
from reversi.server.tournaments.tournament_book import MARGIN, Book
from reversi.server.wall_clock import ManualClock
from reversi.storage import Rows
from reversi.tournament.arena import arena_standings
from tests.app_fixtures import make_settings
from tests.server.tournament_helpers import finish, named, new, running_tables

pytestmark = pytest.mark.anyio


def full(rows: Rows, tid: str) -> tuple[list[str], list[tr.Played]]:
    players = [e.player for e in tr.entrants(rows.conn, tid)]
    return players, tr.games(rows.conn, tid)


def check(book: Book, players: list[str], games: list[tr.Played]) -> None:
    assert book.standings(players) == arena_standings(players, [g.game() for g in games])
    last: dict[str, str] = {}
    blacks: dict[str, int] = {}
    whites: dict[str, int] = {}
    for g in games:  # in the order they began
        last[g.black], last[g.white] = g.white, g.black
        blacks[g.black] = blacks.get(g.black, 0) + 1
        whites[g.white] = whites.get(g.white, 0) + 1
    assert (book.last_opponent(), book.blacks, book.whites) == (last, blacks, whites)


async def test_two_processes_books_agree_with_the_games(
    tmp_path: Path, clock: ManualClock, db_url: str
) -> None:
    settings = make_settings(tmp_path, clock, db_url)
    servers = [DuelServer(settings), DuelServer(settings)]
    for server in servers:
        await server.start()
        server.tournaments.plan = lambda after, until: []
    try:
        one = servers[0]
        ids = [await named(one, f"Spieler {i + 1}", 5) for i in range(8)]
        made = await one.tournaments.create(ids[0], "Spieler 1", new("arena", clock.now))
        tid = made["id"]
        for i, pid in enumerate(ids):
            await servers[i % 2].tournaments.join(pid, tid)
        await one.tournaments.sweep()  # it begins
        for turn in range(5):
            for i, game in enumerate(await running_tables(one, tid)):
                clock.advance(7)
                winner = "black" if (turn + i) % 3 else "white"
                await finish(servers[(turn + i) % 2], game["table"], winner=winner)
        assert one.store is not None
        # a game that began long before everything a book has seen, and ended
        old = tr.Played(
            code="ALT001",
            round=0,
            black=ids[0],
            white=ids[1],
            score=0.5,
            started_at=clock.now - 10 * MARGIN,
            ended_at=clock.now - 10 * MARGIN + 60,
        )
        await one.store.write(lambda rows: tr.add_game(rows.conn, tid, old))
        for server in servers:
            assert server.store is not None

            def read(rows: Rows, server: DuelServer = server) -> None:
                book = server.tournaments.books.read(rows.conn, tid)
                players, games = full(rows, tid)
                assert len(games) > 10 and "ALT001" in book.games
                check(book, players, games)

            await server.store.read(read)
    finally:
        for server in servers:
            await server.stop()


async def test_the_games_read_again_are_one_statement_however_many_run(
    service: DuelServer, clock: ManualClock
) -> None:
    """PostgreSQL compiles and prepares it once, not once for each number of games."""
    if service.settings.database_url is None or "postgresql" not in service.settings.database_url:
        pytest.skip("the array of codes is PostgreSQL's")
    assert service.store is not None
    said: list[str] = []

    def note(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        said.append(statement)

    engine = service.store.engine.sync_engine  # type: ignore[attr-defined]
    event.listen(engine, "before_cursor_execute", note)
    try:
        for codes in (["A"], ["A", "B", "C"], []):

            def read(rows: Rows, codes: list[str] = codes) -> list[tr.Played]:
                return tr.games_since(rows.conn, "T", codes, 0.0)

            await service.store.read(read)
    finally:
        event.remove(engine, "before_cursor_execute", note)
    assert len(said) == 3 and len(set(said)) == 1
