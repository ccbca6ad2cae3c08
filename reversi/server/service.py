"""The duel service: loads a table, lets :class:`~reversi.server.tables.Duel` change it,
commits the row and its events, and only then announces them through the broker.

One writer per table: a lock per table inside the process, and across processes the
version check when the row is saved (``UPDATE … WHERE version = <loaded>``). The row
an intent works on is the one this process last committed or read (``positions.py``),
so a move costs no read; only a change that saves can act on it — an intent that
changes nothing (an error, a no-op) is checked again against the database's row.
Without a usable cached row, SQLite reads before its (short, grouped) write
transaction, PostgreSQL reads the row locked inside it (one transaction, not two).
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import logging
import re
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError

from reversi.hall.milestones import level
from reversi.hall.points import points_for
from reversi.hall.store import record_result, tallies
from reversi.server import protocol as p
from reversi.server.broker import Broker
from reversi.server.positions import Positions
from reversi.server.settings import Settings
from reversi.server.tables import (
    Duel,
    DuelError,
    new_code,
    new_table,
    normal_code,
    set_level,
    table_view,
)
from reversi.storage.records import TABLE_FIELDS
from reversi.storage.repository import Conflict, EventRecord, Repository, TableRecord, Writes

log = logging.getLogger("reversi.duels")

#: the meta keys of the last moment any server process was seen alive, and of the
#: last clean stop of a process
ALIVE = "alive_at"
STOPPED = "stopped_at"


def table_channel(code: str) -> str:
    return f"table:{code}"


def player_channel(player_id: str) -> str:
    return f"player:{player_id}"


def secret_hash(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def event_json(event: EventRecord) -> dict[str, Any]:
    data = {"version": event.version, "kind": event.kind, "data": event.payload}
    if event.audience is not None:
        data["to"] = event.audience
    return data


class _Unconfirmed(Exception):
    """The cached row gave no change to save: ask the database before answering."""


@dataclass
class Outcome:
    table: TableRecord
    events: list[EventRecord]
    value: Any = None
    callback: dict[str, Any] | None = None


class DuelService:
    def __init__(self, repo: Repository, broker: Broker, settings: Settings) -> None:
        self.repo = repo
        self.broker = broker
        self.settings = settings
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = (
            weakref.WeakValueDictionary())
        self.positions = Positions()
        #: the hall's level ⭐ of a player, shown at the seat (None: no hall)
        self.level_of: Callable[[str], Awaitable[int]] | None = None

    @property
    def now(self) -> float:
        return self.settings.clock()

    def _lock(self, code: str) -> asyncio.Lock:
        lock = self._locks.get(code)
        if lock is None:
            lock = self._locks[code] = asyncio.Lock()
        return lock

    # --- opening and joining -----------------------------------------------------

    async def _level(self, player_id: str) -> int | None:
        return None if self.level_of is None else await self.level_of(player_id)

    async def open_table(self, player_id: str, name: str) -> TableRecord:
        level = await self._level(player_id)
        for _ in range(8):
            code = new_code()
            duel = Duel(new_table(code, player_id, name, self.now, self.settings), self.now,
                        self.settings)
            set_level(duel.table, 0, level)
            duel.open()
            try:
                async with self.repo.write() as tx:
                    await tx.add_table(duel.table)
                    assert duel.table.id is not None
                    await tx.add_events(duel.table.id, duel.events)
            except IntegrityError:  # the code was taken: draw another
                continue
            return duel.table
        raise RuntimeError("no free table code")

    async def join(self, player_id: str, name: str, code: str) -> int:
        level = await self._level(player_id)

        def action(duel: Duel) -> int:
            seat = duel.join(player_id, name)
            set_level(duel.table, seat, level)
            return seat

        return int((await self.change(code, action)).value)

    async def resume(self, player_id: str, name: str, code: str, secret: str) -> int:
        """Moves the seat whose secret this is to ``player_id`` (and renews the secret)."""
        level = await self._level(player_id)

        def action(duel: Duel) -> int:
            for seat, known in ((0, duel.table.secret0), (1, duel.table.secret1)):
                if hmac.compare_digest(known.encode(), secret.encode()):
                    mine = duel.seat_of(player_id)
                    if mine == seat:
                        return seat
                    if mine is not None:
                        raise DuelError("both_seats", "Du sitzt schon am anderen Platz.")
                    duel.move_seat(seat, player_id, name)
                    set_level(duel.table, seat, level)
                    return seat
            raise DuelError("bad_secret", "Dieser Link ist nicht (mehr) gültig.")

        return int((await self.change(code, action)).value)

    async def rename(self, player_id: str, name: str) -> None:
        """A new nickname reaches the seats of the player's waiting and running tables
        (finished ones keep the name they were played under)."""
        async with self.repo.read() as tx:
            tables = await tx.tables_of(player_id, ("waiting", "playing"))

        def action(duel: Duel) -> None:
            seat = duel.seat_of(player_id)
            if seat is not None and duel.table.status in ("waiting", "playing"):
                duel.rename_seat(seat, name)

        for table in tables:
            await self.change(table.code, action)

    # --- changing a table ---------------------------------------------------------

    async def change(self, code: str, action: Callable[[Duel], Any]) -> Outcome:
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
                    await self._announce(outcome)
                if error is not None:
                    raise error
                return outcome
            raise DuelError("busy", "Der Tisch ist gerade beschäftigt – bitte noch einmal.")

    async def _change_once(self, code: str, action: Callable[[Duel], Any],
                           guess: TableRecord | None) -> tuple[Outcome, DuelError | None]:
        now = self.now
        if guess is None and not self.repo.db.is_sqlite:
            # a row lock is cheap here: read, decide and write in one transaction
            def locked(tx: Writes) -> tuple[TableRecord, Duel, Any, DuelError | None]:
                loaded = tx.table(code, lock=True)
                if loaded is None:
                    raise DuelError("unknown_table", "Diesen Tisch gibt es nicht.")
                duel, value, error = self._decide(loaded, action, now, guessed=False)
                if duel.events:
                    self._save(tx, loaded.version, duel)
                return loaded, duel, value, error

            loaded, duel, value, error = await self.repo.transaction(locked)
        else:
            loaded = guess or await self._load(code)
            duel, value, error = self._decide(loaded, action, now, guessed=guess is not None)
            if duel.events and _plain(duel):  # most moves: the row and its events only
                await self.repo.save(duel.table, loaded.version, duel.events)
            elif duel.events:
                await self.repo.transaction(lambda tx: self._save(tx, loaded.version, duel))
        if not duel.events:
            self.positions.remember(loaded)
            return Outcome(loaded, [], value), error
        self.positions.remember(duel.table, duel.board)
        return Outcome(duel.table, duel.events, value, duel.effects.callback), error

    def _decide(self, loaded: TableRecord, action: Callable[[Duel], Any], now: float,
                guessed: bool) -> tuple[Duel, Any, DuelError | None]:
        """Runs the clock and ``action`` on a copy of ``loaded``; changes nothing stored."""
        duel = Duel(loaded.copy(), now, self.settings, self.positions)
        duel.check_time()
        try:
            value = action(duel)
        except DuelError as error:
            if guessed:
                raise _Unconfirmed from None
            if duel.events:  # keep only what the clock did before the action
                duel = Duel(loaded.copy(), now, self.settings, self.positions)
                duel.check_time()
            return duel, None, error
        if guessed and not duel.events:
            raise _Unconfirmed
        return duel, value, None

    async def _load(self, code: str) -> TableRecord:
        async with self.repo.read() as tx:
            table = await tx.table(code)
        if table is None:
            raise DuelError("unknown_table", "Diesen Tisch gibt es nicht.")
        return table

    def _save(self, tx: Writes, expected: int, duel: Duel) -> None:
        table = duel.table
        assert table.id is not None
        effects = duel.effects
        if effects.result is not None:
            # the hall's points, once per table, in the same transaction as the table
            record_result(tx.conn, "reversi", f"table:{table.code}", effects.result["players"],
                          effects.result["outcome"], duel.now)
            _note_hall(tx.conn, table, effects.result["players"])
        tx.save_table(table, expected)
        tx.add_events(table.id, duel.events)
        for line in effects.chat:
            tx.add_chat(table.id, line)
        if effects.rematch is not None:
            tx.add_table(effects.rematch)
            assert effects.rematch.id is not None
            tx.add_events(effects.rematch.id, duel.rematch_events)

    async def _announce(self, outcome: Outcome) -> None:
        table = outcome.table
        events = outcome.events
        message = {
            "type": "events", "code": table.code, "from": events[0].version,
            "version": table.version, "events": [event_json(e) for e in events],
            "table": table_view(table, self.now, self.settings, self.positions),
        }
        if self.broker.remote:  # the other processes may go on from this row
            message["row"] = {name: getattr(table, name) for name in TABLE_FIELDS}
        await self.broker.publish(table_channel(table.code), message)
        callback = outcome.callback
        if callback is not None:
            await self.broker.publish(player_channel(callback["player"]), {
                "type": "callback", "code": callback["code"], "from": callback["from"],
                "link": f"/tisch/{callback['code']}",
            })

    async def handle(self, player_id: str, message: p.Message) -> Outcome:
        """Applies one protocol message from a seated (or not) player."""
        handler = HANDLERS.get(type(message))
        if handler is None:
            raise DuelError("bad_message", "Diese Nachricht ändert keinen Tisch.")
        code = normal_code(message.code)  # type: ignore[attr-defined]
        secrets_: list[str] = []
        if isinstance(message, p.Chat):
            secrets_ = await self._secrets_of(code, player_id, message.text)

        def action(duel: Duel) -> Any:
            seat = duel.seat_of(player_id)
            return handler(duel, seat, message, secrets_)

        return await self.change(code, action)

    async def _secrets_of(self, code: str, player_id: str, text: str) -> list[str]:
        """The secrets a chat line must not hold: seat secrets, live transfer links and codes."""
        async with self.repo.read() as tx:
            table = await tx.table(code)
            hashes = set(await tx.transfer_hashes(player_id, self.now))
        found = [table.secret0, table.secret1] if table else []
        words = re.findall(r"[A-Za-z0-9_-]{6,}", text)
        found += [w for w in words
                  if secret_hash(w) in hashes or secret_hash(w.upper()) in hashes]
        return found

    # --- reading ---------------------------------------------------------------------

    async def state(self, code: str, player_id: str | None) -> dict[str, Any] | None:
        """The full picture for one client: the table, its chat and the client's seat."""
        async with self.repo.read() as tx:
            table = await tx.table(code)
            if table is None:
                return None
            chat = await tx.chat(table.id or 0)
        # whoever looks at a table may move next: then this row spares the move a read
        self.positions.learn(table)
        duel = Duel(table, self.now, self.settings, self.positions)
        seat = duel.seat_of(player_id)
        muted = set(table.extra.get("muted", []))
        lines = [{"seat": c.seat, "text": c.text, "at": c.at, "id": c.id} for c in chat
                 if not (seat is not None and seat in muted and c.seat != seat)]
        you: dict[str, Any] = {"seat": seat}
        if seat is not None:
            you.update(color=duel.color_of(seat), muted=seat in muted,
                       secret=table.secret0 if seat == 0 else table.secret1)
        return {"type": "state", "code": code, "version": table.version,
                "table": table_view(table, self.now, self.settings, self.positions),
                "chat": lines,
                "you": you}

    async def missed(self, code: str, since: int) -> dict[str, Any] | None:
        """The events after ``since`` with the current table, or None if they are gone."""
        async with self.repo.read() as tx:
            table = await tx.table(code)
            if table is None or since > table.version:
                return None
            events = await tx.events_after(table.id or 0, since)
        if events and events[0].version != since + 1:
            return None
        if not events and since != table.version:
            return None
        self.positions.learn(table)
        return {"type": "events", "code": code, "from": since + 1, "version": table.version,
                "events": [event_json(e) for e in events], "replay": True,
                "table": table_view(table, self.now, self.settings, self.positions)}

    # --- time ---------------------------------------------------------------------------

    async def sweep(self) -> list[str]:
        """Ends every game whose time ran out; returns their codes."""
        now = self.now
        async with self.repo.read() as tx:
            codes = await tx.overdue(now - self.settings.grace)
        ended = []
        for code in codes:
            try:
                outcome = await self.change(code, lambda duel: None)
            except DuelError:
                continue
            if outcome.events:
                ended.append(code)
        return ended

    async def heartbeat(self, *, stopping: bool = False) -> None:
        """Records that this process is alive now; ``stopping``: and that it stops cleanly."""
        keys = (ALIVE, STOPPED) if stopping else (ALIVE,)
        for _ in range(2):
            try:
                await self.repo.transaction(functools.partial(_beat, keys=keys, now=self.now))
                return
            except IntegrityError:  # another process inserted it first: update now
                continue

    async def credit_downtime(self) -> float:
        """See :meth:`_credit_downtime`; two processes starting together may race once."""
        try:
            return await self._credit_downtime()
        except IntegrityError:  # the other process wrote the first heartbeat
            return await self._credit_downtime()

    async def _credit_downtime(self) -> float:
        """At startup: the time no process was running (:func:`downtime_since`) is not
        charged.

        Every running turn's start and deadline move later by that time, once (the write
        lock makes the check-and-set atomic).
        """
        now = self.now
        shifted: list[Outcome] = []
        # with Redis, other processes may be running: a heartbeat a little old is theirs
        live = 2 * self.settings.heartbeat_interval if self.settings.redis_url else 0.0
        async with self.repo.write() as tx:
            alive, stopped = await tx.meta(ALIVE), await tx.meta(STOPPED)
            await tx.set_meta(ALIVE, now)
            downtime = downtime_since(now, alive, stopped, live)
            if not downtime:
                return 0.0
            for code in await tx.running():
                table = await tx.table(code, lock=True)
                if table is None or table.turn_deadline is None:
                    continue
                duel = Duel(table.copy(), now, self.settings)
                duel.table.turn_started_at = (table.turn_started_at or now) + downtime
                duel.table.turn_deadline = table.turn_deadline + downtime
                duel.resumed(downtime)
                await tx.run(functools.partial(self._save, expected=table.version, duel=duel))
                self.positions.forget(code)
                shifted.append(Outcome(duel.table, duel.events))
        for outcome in shifted:
            await self._announce(outcome)
        log.info("credited %.1fs of downtime to %d games", downtime, len(shifted))
        return downtime


def _plain(duel: Duel) -> bool:
    """Whether saving the change writes nothing but the row and its events."""
    effects = duel.effects
    return not effects.chat and effects.result is None and effects.rematch is None


def downtime_since(now: float, alive: float | None, stopped: float | None,
                   live: float) -> float:
    """How long no server process ran, judged at a process's start (0: it was running).

    ``alive``: the last heartbeat of any process, ``stopped``: the last clean stop. If no
    process beat since that stop, the hall was down exactly since then. Otherwise the
    last process died (kill -9) within a heartbeat interval after its last beat: the
    time since that beat is credited, a little generously — unless it is shorter than
    ``live``, when another process may still be running.
    """
    if alive is None:
        return 0.0
    if stopped is not None and stopped >= alive:
        return max(0.0, now - stopped)
    age = now - alive
    return age if age > live else 0.0


def _beat(tx: Writes, keys: tuple[str, ...], now: float) -> None:
    for key in keys:
        tx.set_meta(key, now)


def _rules(duel: Duel, seat: int | None, m: Any, _: list[str]) -> Any:
    return duel.set_rules(seat, m.move_time, m.hints, m.counting)


def _rematch(duel: Duel, seat: int | None, m: Any, _: list[str]) -> Any:
    return duel.rematch(seat, new_code())


HANDLERS: dict[type[p.Message], Callable[[Duel, int | None, Any, list[str]], Any]] = {
    p.Move: lambda duel, seat, m, _: duel.move(seat, m.square, m.cid, m.ply),
    p.Rules: _rules,
    p.Resign: lambda duel, seat, m, _: duel.resign(seat),
    p.Abort: lambda duel, seat, m, _: duel.abort(seat),
    p.Takeback: lambda duel, seat, m, _: duel.takeback(seat),
    p.TakebackReply: lambda duel, seat, m, _: duel.takeback_reply(seat, m.accept),
    p.Rematch: _rematch,
    p.RematchDecline: lambda duel, seat, m, _: duel.rematch_decline(seat),
    p.Callback: lambda duel, seat, m, _: duel.callback(seat),
    p.Chat: lambda duel, seat, m, secrets_: duel.chat(seat, m.text, secrets_),
    p.Mute: lambda duel, seat, m, _: duel.mute(seat, m.muted),
}


def _note_hall(conn: Any, table: TableRecord, players: list[dict[str, Any]]) -> None:
    """What the hall gave each seat for this game, kept with its end: the points, and
    the levels before and after (the seats show the new ones at once)."""
    end = table.extra["end"]
    counted = tallies(conn, [p["player"] for p in players])
    end["points"] = [points_for(p["outcome"]) for p in players]
    end["levels_before"] = list(table.extra.get("levels") or [None, None])
    end["levels"] = [level(counted[p["player"]].stats) for p in players]
    for seat, new in enumerate(end["levels"]):
        set_level(table, seat, new)
