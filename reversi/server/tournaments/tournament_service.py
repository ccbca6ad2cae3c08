"""Tournaments in the hall ("Turniere"): arenas and Swiss events, the hall's regular
ones (``reversi.tournament.schedule``) and those players make.

A tournament's state is its rows (``tournament_rows``); its games are ordinary duel
tables with ``extra["tournament"]`` and the tournament's clock, XOT and rating rules,
archived as every duel is. What moves a tournament along is one serialized
transaction (``tournament_pairing.step``), run when a tournament table ends (the duel
service's ``on_end``), when a player joins, and on every sweep; beside the event loop
(``Store.write_aside``, lane :data:`LANE`), so that its Python work holds up no move."""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError

from reversi.duel.rules import CLOCKS, time_class
from reversi.duel.table import DuelError, extra
from reversi.hall.ratings import ratings_for, ratings_of
from reversi.hall.reads import nicknames
from reversi.hall.text_rules import is_guest_name
from reversi.server.channels import player_channel
from reversi.server.duels.duel_service import DuelService
from reversi.server.tournaments import tournament_rows as tr
from reversi.server.tournaments.tournament_book import Books
from reversi.server.tournaments.tournament_pairing import TOURNAMENT_LOCK, Step, record_all, step
from reversi.server.tournaments.tournament_views import games_view, standings_view, tournament_view
from reversi.storage import Conflict, Rows, TableRecord
from reversi.tournament.schedule import Planned, regular

log = logging.getLogger("reversi.tournaments")

#: rated games a player needs (besides a chosen name) to make a tournament
MIN_RATED_GAMES = 5
#: upcoming tournaments one player may have made
MAX_UPCOMING = 3
#: an arena's lengths in minutes, a Swiss event's rounds
ARENA_MINUTES = (15, 30, 45, 60, 90, 120)
SWISS_ROUNDS = range(3, 10)
#: how far ahead a tournament may start, and how far ahead the regular ones are made
MAX_AHEAD = 30 * 86400.0
PLANNED_AHEAD = 2 * 86400.0
#: a name's length
NAME_MIN, NAME_MAX = 3, 40
#: finished tournaments listed
FINISHED_LISTED = 20
#: seconds between two sweeps' steps of a running tournament (per process)
STEP_EVERY = 5.0
#: the store's lane of the steps (``Store.write_aside``)
LANE = "tournaments"


@dataclass(frozen=True, kw_only=True)
class NewTournament:
    """What a player asks for (``POST /api/tournaments``), checked by :meth:`Tournaments.create`."""

    name: str
    kind: str
    starts_at: float
    minutes: int | None
    rounds: int | None
    clock: str
    xot: bool
    rated: bool
    private: bool


def _bad(what: str, **params: Any) -> DuelError:
    return DuelError("bad_tournament", key=f"server.bad_tournament.{what}", **params)


def checked_name(name: str) -> str:
    """A tournament's name as kept: NFKC, spaces collapsed, a letter, printable.

    >>> checked_name("  Abend   Arena ")
    'Abend Arena'
    """
    kept = " ".join(unicodedata.normalize("NFKC", name).split())
    if not NAME_MIN <= len(kept) <= NAME_MAX:
        raise _bad("name", min=NAME_MIN, max=NAME_MAX)
    if not kept.isprintable() or not any(ch.isalpha() for ch in kept):
        raise _bad("name", min=NAME_MIN, max=NAME_MAX)
    return kept


def check(body: NewTournament, now: float) -> None:
    """Refuses what the form cannot ask for (``bad_tournament``, with the field's key)."""
    if body.kind not in ("arena", "swiss"):
        raise _bad("kind")
    if not now - 60.0 <= body.starts_at <= now + MAX_AHEAD:
        raise _bad("starts_at", days=int(MAX_AHEAD // 86400))
    if body.kind == "arena" and (body.minutes not in ARENA_MINUTES or body.rounds is not None):
        *most, last = map(str, ARENA_MINUTES)
        raise _bad("minutes", choices=f"{', '.join(most)} oder {last}")
    if body.kind == "swiss" and (body.rounds not in SWISS_ROUNDS or body.minutes is not None):
        raise _bad("rounds", min=SWISS_ROUNDS[0], max=SWISS_ROUNDS[-1])
    if body.clock not in CLOCKS:
        raise _bad("clock", choices=", ".join(CLOCKS))


class Tournaments:
    def __init__(self, service: DuelService) -> None:
        self.service = service
        #: when this process last made the regular tournaments
        self.planned_at = float("-inf")
        self.plan: Callable[[float, float], list[Planned]] = regular
        #: when this process's sweep last stepped each tournament
        self.stepped_at: dict[str, float] = {}
        #: each tournament's standings and games as last ranked, and what they saw
        self._ranked: dict[str, tuple[Any, Any]] = {}
        #: the steps after ended games, running on their own
        self._pending: set[asyncio.Task[None]] = set()
        #: one step of a tournament at a time in this process (the others wait here,
        #: not holding a connection while they wait for the lock): the steps asked
        #: for and the number of asks the last step to begin answers
        self._running: dict[str, asyncio.Lock] = {}
        self._asked: dict[str, int] = {}
        self._answered: dict[str, int] = {}
        #: what this process keeps of each arena between its steps
        self.books = Books()

    @property
    def now(self) -> float:
        return self.service.now

    # --- making, joining, leaving --------------------------------------------------

    async def create(self, player_id: str, nickname: str, body: NewTournament) -> dict[str, Any]:
        now = self.now
        check(body, now)
        name = checked_name(body.name)

        def write(rows: Rows) -> tr.Tournament:
            games = sum(r.games for r in ratings_of(rows.conn, player_id).values())
            if is_guest_name(nickname) or games < MIN_RATED_GAMES:
                raise DuelError("tournament_not_allowed", games=MIN_RATED_GAMES)
            if tr.upcoming_by(rows.conn, player_id) >= MAX_UPCOMING:
                raise DuelError("too_many_tournaments", max=MAX_UPCOMING)
            made = tr.Tournament(
                id=secrets.token_urlsafe(12),
                key=None,
                name=name,
                kind=body.kind,
                status=tr.UPCOMING,
                starts_at=max(body.starts_at, now),
                ends_at=None,
                minutes=body.minutes,
                rounds=body.rounds,
                clock=body.clock,
                xot=body.xot,
                rated=body.rated,
                private=body.private,
                by=player_id,
                round=0,
                round_at=None,
                created_at=now,
            )
            tr.add_tournament(rows.conn, made)
            return made

        made = await self.service.store.write(write)
        return await self.summary(made.id)

    async def join(self, player_id: str, tournament_id: str) -> dict[str, Any]:
        def write(rows: Rows) -> str:
            t = tr.tournament(rows.conn, tournament_id)
            if t is None:
                raise DuelError("unknown_tournament")
            if t.status == tr.FINISHED:
                raise DuelError("tournament_over")
            found = ratings_for(rows.conn, [player_id], time_class({"clock": t.clock}))
            tr.enter(rows.conn, t.id, player_id, self.now, found[player_id].value)
            return t.status

        status = await self.service.store.write(write)
        if status == tr.RUNNING:
            await self.run(tournament_id)
        return await self.summary(tournament_id)

    async def leave(self, player_id: str, tournament_id: str) -> dict[str, Any]:
        def write(rows: Rows) -> None:
            if tr.tournament(rows.conn, tournament_id) is None:
                raise DuelError("unknown_tournament")
            tr.withdraw(rows.conn, tournament_id, [player_id])

        await self.service.store.write(write)
        return await self.summary(tournament_id)

    # --- moving along ----------------------------------------------------------------

    async def run(self, tournament_id: str) -> Step:
        """The tournament's step (``tournament_pairing.step``), then the new tables told.

        A step reads what was committed when it began; so a step asked for while another
        one waits here is answered by that one (returns an empty ``Step``)."""
        asked = self._asked[tournament_id] = self._asked.get(tournament_id, 0) + 1
        async with self._running.setdefault(tournament_id, asyncio.Lock()):
            if self._answered.get(tournament_id, 0) >= asked:
                return Step()
            self._answered[tournament_id] = self._asked[tournament_id]
            return await self._step(tournament_id)

    async def _step(self, tournament_id: str) -> Step:
        rules = self.service.rules
        for _ in range(5):
            work = functools.partial(
                step, tournament_id=tournament_id, now=self.now, rules=rules, books=self.books
            )
            try:
                done = await self.service.store.write_aside(work, LANE)
            except (Conflict, IntegrityError):  # a table code drawn twice: again
                self.books.forget(tournament_id)
                continue
            except BaseException:
                self.books.forget(tournament_id)
                raise
            await self._tell(done.tables)
            return done
        raise DuelError("busy")

    async def _tell(self, tables: list[TableRecord]) -> None:
        service = self.service
        for table in tables:
            service.opened(table)
            if service.lobby is not None:
                await service.lobby.changed(table)
            message = service.paired_message(table)
            for player in (table.seat0, table.seat1):
                if player is not None:
                    await service.broker.publish(player_channel(player), message)

    async def ended(self, table: TableRecord) -> None:
        """A tournament table ended (the duel service's ``on_end``): its result and the
        next pairings, in one step — after the move that ended it has been answered."""
        tournament_id = extra(table).get("tournament")
        if tournament_id:
            task = asyncio.create_task(self._after_game(tournament_id))
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)

    async def _after_game(self, tournament_id: str) -> None:
        try:
            await self.run(tournament_id)
        except Exception:  # the sweep tries again; the move that ended it stands
            log.exception("tournament %s: the step after a game failed", tournament_id)

    async def idle(self) -> None:
        """Waits for the steps after ended games that are still running."""
        while self._pending:
            await asyncio.gather(*self._pending)

    async def stop(self) -> None:
        for task in list(self._pending):
            task.cancel()
        await asyncio.gather(*self._pending, return_exceptions=True)

    async def sweep(self) -> None:
        """Makes the regular tournaments (once a minute), records stragglers, and steps
        every tournament that is due or running."""
        now = self.now
        if now - self.planned_at >= 60.0:
            self.planned_at = now
            await self.service.store.write_aside(
                functools.partial(self._make_planned, now=now), LANE
            )
        # the lock only when there is something to record
        if await self.service.store.read(lambda rows: bool(tr.ended_unrecorded(rows.conn))):
            await self.service.store.write_aside(record_all, LANE)

        def due(rows: Rows) -> list[str]:
            soon = [t for t in tr.by_status(rows.conn, tr.UPCOMING) if t.starts_at <= now]
            return [t.id for t in [*soon, *tr.by_status(rows.conn, tr.RUNNING)]]

        stepped = await self.service.store.read(due)
        self.books.keep(set(stepped))
        for tournament_id in stepped:
            # a running one is stepped after every game anyway: here only stragglers
            if now - self.stepped_at.get(tournament_id, float("-inf")) >= STEP_EVERY:
                self.stepped_at[tournament_id] = now
                await self.run(tournament_id)

    def _make_planned(self, rows: Rows, now: float) -> int:
        """Inserts the hall's planned tournaments not made yet (unique by key)."""
        rows.serialize(TOURNAMENT_LOCK)
        made = 0
        for p in self.plan(now, now + PLANNED_AHEAD):
            made += tr.add_tournament(
                rows.conn,
                tr.Tournament(
                    id=secrets.token_urlsafe(12),
                    key=p.key,
                    name=p.name,
                    kind=p.kind,
                    status=tr.UPCOMING,
                    starts_at=p.starts_at,
                    ends_at=None,
                    minutes=p.minutes,
                    rounds=p.rounds,
                    clock=f"{p.base // 60}+{p.increment}",
                    xot=p.xot,
                    rated=p.rated,
                    private=False,
                    by=None,
                    round=0,
                    round_at=None,
                    created_at=now,
                ),
            )
        return made

    # --- reading -------------------------------------------------------------------

    async def summary(self, tournament_id: str) -> dict[str, Any]:
        """``T`` of one tournament."""

        def read(rows: Rows) -> dict[str, Any]:
            t = tr.tournament(rows.conn, tournament_id)
            if t is None:
                raise DuelError("unknown_tournament")
            names = nicknames(rows.conn, [t.by] if t.by else [])
            return tournament_view(t, tr.counts(rows.conn, [t.id]).get(t.id, 0), names)

        return await self.service.store.read(read)

    async def listing(self, player_id: str | None) -> dict[str, Any]:
        """Upcoming, running and the last finished tournaments (a private one only for
        the player who made it)."""

        def read(rows: Rows) -> dict[str, Any]:
            found = {
                status: [
                    t
                    for t in tr.by_status(
                        rows.conn, status, FINISHED_LISTED if status == tr.FINISHED else 200
                    )
                    if not t.private or (player_id is not None and t.by == player_id)
                ]
                for status in (tr.UPCOMING, tr.RUNNING, tr.FINISHED)
            }
            every = [t for ts in found.values() for t in ts]
            counted = tr.counts(rows.conn, [t.id for t in every])
            names = nicknames(rows.conn, [t.by for t in every if t.by])
            return {
                status: [tournament_view(t, counted.get(t.id, 0), names) for t in ts]
                for status, ts in found.items()
            }

        return await self.service.store.read(read)

    async def detail(self, tournament_id: str, player_id: str | None) -> dict[str, Any]:
        """``T`` with its standings, games, round, the asking player and the podium.

        Ranking a big arena takes a while (each player's performance): it runs beside
        the event loop, and again only when a game began or ended or a player left or
        came back."""

        def read(rows: Rows) -> tuple[tr.Tournament, list[tr.Entrant], list[tr.Played], Any]:
            conn = rows.conn
            t = tr.tournament(conn, tournament_id)
            if t is None:
                raise DuelError("unknown_tournament")
            entrants = tr.entrants(conn, t.id)
            played = tr.games(conn, t.id)
            ids = [e.player for e in entrants]
            return t, entrants, played, nicknames(conn, [*ids, *([t.by] if t.by else [])])

        t, entrants, played, names = await self.service.store.read(read)
        seen = (
            t.status,
            len(played),
            sum(g.ended_at is not None for g in played),
            tuple(e.left for e in entrants),
        )
        ranked = self._ranked.get(t.id)
        if ranked is None or ranked[0] != seen:
            views = await asyncio.to_thread(
                lambda: (standings_view(t, entrants, played, names), games_view(played, names))
            )
            ranked = self._ranked[t.id] = (seen, views)
        standings, games = ranked[1]
        mine = next((e for e in entrants if e.player == player_id), None)
        table = next(
            (g.code for g in played if g.ended_at is None and player_id in (g.black, g.white)), None
        )
        return {
            **tournament_view(t, sum(1 for e in entrants if not e.left), names),
            "standings": standings,
            "games": games,
            "round": t.round if t.kind == "swiss" else None,
            "me": {"joined": mine is not None and not mine.left, "table": table},
            "podium": standings[:3] if t.status == tr.FINISHED else None,
        }
