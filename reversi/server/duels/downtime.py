"""Time while no server process ran is not charged to the players' clocks.

Every process beats (writes the moment it was last alive) and a clean stop records
its moment; at startup :func:`downtime_since` judges from these how long the hall
was down, and the service moves every running turn later by that much, once.

*Once* per outage, however many processes start together and however slowly: every
running process holds a lock of the store (``Store.claim_alive``: an advisory lock on
PostgreSQL, a lock file beside SQLite's), which the database or the kernel drops when
the process dies. Only a process that finds no other holder credits an outage, and
the others wait until it has; the last-alive time is read and replaced under a row
lock in the same transaction.
"""

from __future__ import annotations

import functools
import logging

from sqlalchemy.exc import IntegrityError

from reversi.duel.duel import Duel
from reversi.duel.table import Status
from reversi.server.duels.duel_service import DuelService
from reversi.server.duels.saving import save_change
from reversi.server.duels.table_commits import Committed
from reversi.storage import Rows, Store

log = logging.getLogger("reversi.duels")

#: the meta keys of the last moment any server process was seen alive, and of the
#: last clean stop of a process
ALIVE = "alive_at"
STOPPED = "stopped_at"


def downtime_since(now: float, alive: float | None, stopped: float | None, live: float) -> float:
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


async def heartbeat(store: Store, now: float, *, stopping: bool = False) -> None:
    """Records that this process is alive now; ``stopping``: and that it stops cleanly."""
    keys = (ALIVE, STOPPED) if stopping else (ALIVE,)
    for _ in range(2):
        try:
            await store.write(functools.partial(beat, keys=keys, now=now))
            return
        except IntegrityError:  # another process inserted it first: update now
            continue


def beat(rows: Rows, keys: tuple[str, ...], now: float) -> None:
    for key in keys:
        rows.set_meta(key, now)


async def credit_downtime(service: DuelService) -> float:
    """At startup: the time no process was running (:func:`downtime_since`) is not
    charged.

    Every running turn's start and deadline move later by that time, once (see the
    module). Returns the time credited.
    """
    store = service.store
    first = await store.claim_alive()
    try:
        if first is False:  # another process runs: the hall was not down
            await heartbeat(store, service.settings.clock())
            return 0.0
        try:
            return await _shift_turns(service, first)
        except IntegrityError:  # another process wrote the very first heartbeat
            return await _shift_turns(service, first)
    finally:
        if first:
            await store.share_alive()


async def _shift_turns(service: DuelService, first: bool | None) -> float:
    # a store that cannot tell whether other processes run (None): with Redis they may,
    # and a heartbeat a little old is theirs
    redis = service.settings.redis_url
    live = 2 * service.settings.heartbeat_interval if redis and first is None else 0.0

    def shift(rows: Rows) -> tuple[float, list[Committed]]:
        alive = rows.meta(ALIVE, lock=True)
        stopped = rows.meta(STOPPED)
        now = service.settings.clock()  # after the lock: no older than what it read
        rows.set_meta(ALIVE, now)
        downtime = downtime_since(now, alive, stopped, live)
        shifted: list[Committed] = []
        if not downtime:
            return 0.0, shifted
        for code in rows.running(Status.PLAYING):
            table = rows.table(code, lock=True)
            if table is None or table.turn_deadline is None:
                continue
            duel = Duel(table.copy(), now, service.rules)
            duel.table.turn_started_at = (table.turn_started_at or now) + downtime
            duel.table.turn_deadline = table.turn_deadline + downtime
            duel.resumed(downtime)
            save_change(rows, table.version, duel)
            shifted.append(Committed(duel.table, duel.events))
        return downtime, shifted

    downtime, shifted = await service.store.write(shift)
    if not downtime:
        return 0.0
    for outcome in shifted:
        service.positions.forget(outcome.table.code)
        await service.announce(outcome)
    log.info("credited %.1fs of downtime to %d games", downtime, len(shifted))
    return downtime
