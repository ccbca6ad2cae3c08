"""One writer per table: a change runs on the table's row under a lock, is committed,
and only then announced.

A lock per table inside the process, and across processes the version check when the
row is saved (``UPDATE … WHERE version = <loaded>``). The row an intent works on is the
one this process last committed or read (``reversi.duel.position_cache``), so a move
costs no read; only a change that saves can act on it — an intent that changes nothing
(an error, a no-op) is checked again against the database's row. Without a usable
cached row, SQLite reads before its (short, grouped) write transaction, PostgreSQL
reads the row locked inside it (one transaction, not two).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reversi.duel.duel import Duel, DuelError
from reversi.duel.position_cache import Positions
from reversi.duel.table import extra
from reversi.server.duels.saving import plain, save_change, unrecorded_ends
from reversi.server.settings import Settings, duel_rules
from reversi.storage import Conflict, EventRecord, Rows, Store, TableRecord

log = logging.getLogger("reversi.duels")

#: the store's lane of the transactions that end a game (``Store.write_aside``)
GAME_ENDS = "game_ends"


def waits_for_booking(table: TableRecord) -> bool:
    """Whether the table's game ended and the hall has not recorded it yet."""
    return "booking" in (extra(table).get("end") or {})


class _Unconfirmed(Exception):
    """The cached row gave no change to save: ask the database before answering."""


@dataclass
class Committed:
    table: TableRecord
    events: list[EventRecord]
    value: Any = None
    callback: dict[str, Any] | None = None
    #: the rematch's new table, committed with this change
    rematch: TableRecord | None = None


class TableCommits:
    """Changes tables: an action on a :class:`Duel` of the row, the row and its events
    committed, then announced (:meth:`announce`, :class:`DuelService`'s)."""

    def __init__(self, store: Store, settings: Settings, positions: Positions) -> None:
        self.store = store
        self.settings = settings
        self.rules = duel_rules(settings)
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        #: the rows and boards known in this process (shared with the lobby)
        self.positions = positions
        #: the games whose end is being recorded in the hall (:meth:`book`)
        self._booking: set[asyncio.Task[bool]] = set()

    @property
    def now(self) -> float:
        return self.settings.clock()

    def _lock(self, code: str) -> asyncio.Lock:
        lock = self._locks.get(code)
        if lock is None:
            lock = self._locks[code] = asyncio.Lock()
        return lock

    async def change(self, code: str, action: Callable[[Duel], Any]) -> Committed:
        """Runs ``action`` on the table under its lock; commits, then announces.

        Before the action the clock is checked, so an intent that comes too late
        finds the game already lost on time. A :class:`DuelError` from the action
        changes nothing (but a timeout found before it is still saved).
        """
        async with self._lock(code):
            guess = self.positions.table(code)
            for attempt in range(5):
                try:
                    outcome, error = await self._change_once(code, action, guess)
                except Conflict:
                    log.info("table %s changed under us (attempt %d)", code, attempt + 1)
                    self.positions.forget(code)
                    guess = None
                    continue
                except _Unconfirmed:
                    guess = None
                    continue
                if outcome.events:
                    await self.announce(outcome)
                    if waits_for_booking(outcome.table):
                        self._book_soon(code)
                if error is not None:
                    raise error
                return outcome
            raise DuelError("busy")

    async def _change_once(
        self, code: str, action: Callable[[Duel], Any], guess: TableRecord | None
    ) -> tuple[Committed, DuelError | None]:
        now = self.now
        if guess is None and self.store.locks_rows:
            # a row lock is cheap here: read, decide and write in one transaction
            def locked(rows: Rows) -> tuple[TableRecord, Duel, Any, DuelError | None]:
                loaded = rows.table(code, lock=True)
                if loaded is None:
                    raise DuelError("unknown_table")
                duel, value, error = self._decide(loaded, action, now, guessed=False)
                if duel.events:
                    save_change(rows, loaded.version, duel)
                return loaded, duel, value, error

            loaded, duel, value, error = await self.store.write(locked)
        else:
            loaded = guess or await self._load(code)
            duel, value, error = self._decide(loaded, action, now, guessed=guess is not None)
            if duel.events and plain(duel):  # most moves, a game's end too: row and events
                await self.store.save(duel.table, loaded.version, duel.events)
            elif duel.events:
                await self.store.write(lambda rows: save_change(rows, loaded.version, duel))
        if not duel.events:
            self.positions.remember(loaded)
            return Committed(loaded, [], value), error
        self.positions.remember(duel.table, duel.board)
        return Committed(
            duel.table, duel.events, value, duel.effects.callback, duel.effects.rematch
        ), error

    def _book_soon(self, code: str) -> None:
        task = asyncio.create_task(self.book(code), name=f"book-{code}")
        self._booking.add(task)
        task.add_done_callback(self._booking.discard)

    async def book(self, code: str) -> bool:
        """Records a finished game in the hall once its end is announced: the points,
        the ratings and the archive's record in one transaction of the store's
        :data:`GAME_ENDS` lane, then a second announcement (``booked``) with them.
        False when there was nothing (left) to record. A game whose end was saved but
        not recorded (the process stopped in between) is found by :meth:`book_missed`."""
        try:
            async with self._lock(code):
                guess = self.positions.table(code)
                for _ in range(5):
                    loaded = guess or await self._load(code)
                    duel = Duel(loaded.copy(), self.now, self.rules, self.positions)
                    if not duel.book():
                        return False
                    try:
                        await self.store.write_aside(
                            functools.partial(save_change, expected=loaded.version, duel=duel),
                            GAME_ENDS,
                        )
                    except Conflict:
                        self.positions.forget(code)
                        guess = None
                        continue
                    self.positions.remember(duel.table, duel.board)
                    await self.announce(Committed(duel.table, duel.events))
                    return True
        except Exception:
            log.exception("recording the end of table %s failed; the sweep tries again", code)
        return False

    async def book_missed(self) -> list[str]:
        """Records every finished game whose end the hall has not recorded yet."""
        tables = await self.store.read(unrecorded_ends)
        booked = []
        for table in tables:
            if waits_for_booking(table) and await self.book(table.code):
                booked.append(table.code)
        return booked

    async def settled(self) -> None:
        """Waits until every game end this process is recording is recorded."""
        while self._booking:
            await asyncio.gather(*self._booking, return_exceptions=True)

    def _decide(
        self, loaded: TableRecord, action: Callable[[Duel], Any], now: float, guessed: bool
    ) -> tuple[Duel, Any, DuelError | None]:
        """Runs the clock and ``action`` on a copy of ``loaded``; changes nothing stored."""
        duel = Duel(loaded.copy(), now, self.rules, self.positions)
        duel.check_time()
        try:
            value = action(duel)
        except DuelError as error:
            if guessed:
                raise _Unconfirmed from None
            if duel.events:  # keep only what the clock did before the action
                duel = Duel(loaded.copy(), now, self.rules, self.positions)
                duel.check_time()
            return duel, None, error
        if guessed and not duel.events:
            raise _Unconfirmed
        return duel, value, None

    async def _load(self, code: str) -> TableRecord:
        table = await self.store.read(lambda rows: rows.table(code))
        if table is None:
            raise DuelError("unknown_table")
        return table

    async def announce(self, outcome: Committed) -> None:
        """Tells whoever follows the table of a committed change."""
        raise NotImplementedError
