"""Quick pairing ("Schnelle Partie"): one tap, and the next player who taps with the
same clock and "Zufallseröffnung (XOT)" sits down with you at a table of the default
rules with that clock.

The queue is the database: a search is a waiting table marked ``quick`` (not listed in
the lobby), opened by the player who waits. A tap runs one write transaction that
either takes the seat of the oldest search — preferring one whose player the tapper did
not just play — or, if none waits, opens the tapper's own search. These transactions run
one after the other on every process: PostgreSQL's transaction lock
(``pg_advisory_xact_lock``), SQLite's one writer (``BEGIN IMMEDIATE``). So two taps never
open two searches that could have been one table, two players never end at two tables,
and a third never at a full one; the seat itself is taken with the table's version check,
as every change of a table is. A search ends when its player cancels, when no socket of
theirs has watched it for ``pair_grace`` seconds (the searching page watches it), and
after ``pair_timeout`` seconds (docs/protocol.md, "Quick pairing").

A tap takes only a search whose player's Wertungszahl is within a window of the
tapper's: :func:`rating_window` of the time that search has waited (it widens while the
player waits; by ``pair_timeout`` it holds everyone). Without one the tapper's own search
opens, and the sweeper seats two waiting searches together as soon as the older one's
window holds the younger one's player (:meth:`Pairing._merge`).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from reversi.duel import messages as out
from reversi.duel.duel import Duel, DuelError
from reversi.duel.rules import CORRESPONDENCE, PER_MOVE, time_class
from reversi.duel.table import Status, extra, new_code, new_table, set_standing
from reversi.hall.ratings import ratings_for
from reversi.server.channels import player_channel
from reversi.server.duels.duel_service import DuelService
from reversi.server.duels.saving import add_table, save_change
from reversi.server.duels.table_commits import Committed
from reversi.storage import Conflict, Rows, TableRecord

#: the key of the transaction lock that serializes pairing (any fixed number)
PAIRING_LOCK = 0x5EED_0016
#: searches looked at per tap (the oldest first)
LOOKED_AT = 200
#: a search, chosen by the database among the waiting tables (no other kind crowds it out)
SEARCH = {"quick": True}


#: the rating window: this wide at once, and this much wider per second of waiting
WINDOW_START = 100.0
WINDOW_GROWTH = 10.0


def rating_window(waited: float) -> float:
    """How far apart two ratings may be for a search that has waited ``waited`` seconds.

    >>> rating_window(0), rating_window(30), rating_window(60)
    (100.0, 400.0, 700.0)
    """
    return WINDOW_START + WINDOW_GROWTH * max(waited, 0.0)


def in_window(search: TableRecord, player_id: str, ratings: dict[str, float], now: float) -> bool:
    """Whether ``player_id``'s rating is within the window of ``search`` (by its wait)."""
    mine, theirs = ratings.get(player_id), ratings.get(search.seat0 or "")
    if mine is None or theirs is None:
        return True
    return abs(mine - theirs) <= rating_window(now - search.created_at)


def _ratings(rows: Rows, ids: list[str | None], tc: str) -> dict[str, float]:
    found = ratings_for(rows.conn, [i for i in ids if i], tc)
    return {pid: r.value for pid, r in found.items()}


def kind(rules: dict[str, Any]) -> tuple[str, bool]:
    """What two searches must share to meet: the clock and "Zufallseröffnung (XOT)"."""
    return rules.get("clock", PER_MOVE), bool(rules.get("xot"))


def is_quick(table: TableRecord) -> bool:
    return bool(extra(table).get("quick"))


@dataclass
class Paired:
    """A tap's outcome: the table, and whether an opponent sits there already."""

    table: TableRecord
    paired: bool
    #: the player who had been waiting (told through the broker)
    waiting: str | None = None
    outcome: Committed | None = None


class Pairing:
    def __init__(
        self, service: DuelService, present: Callable[[], Collection[str]] | None = None
    ) -> None:
        self.service = service
        self.settings = service.settings
        #: searches whose player is away, and since when (this process's view)
        self.absent_since: dict[str, float] = {}
        #: the players with a socket on any process (``Lobby.present``); None: everyone
        self.present = present

    async def pair(
        self, player_id: str, name: str, clock: str = PER_MOVE, xot: bool = False
    ) -> Paired:
        """The player's search or table with ``clock`` (the time per move or a total
        clock; no Fernpartie: ``bad_rules``) and ``xot``; it meets only a search of the
        same clock and XOT, in the rating window of that clock's time class."""
        offered = (PER_MOVE, *(c for c in self.service.rules.clocks if c not in CORRESPONDENCE))
        if clock not in offered:
            raise DuelError("bad_rules", key="server.bad_rules.clock", choices=", ".join(offered))
        level = await self.service.standing(player_id, time_class({"clock": clock}))
        for _ in range(5):
            present = None if self.present is None else self.present()
            try:
                result = await self.service.store.write(
                    functools.partial(
                        self._claim,
                        player_id=player_id,
                        name=name,
                        level=level,
                        present=present,
                        wanted=(clock, xot),
                    )
                )
            except Conflict:  # a search changed under us (e.g. cancelled): look again
                continue
            if result.outcome is not None:
                self.service.positions.remember(result.table)
                await self.service.announce(result.outcome)
                await self._tell_paired(result)
            return result
        raise DuelError("busy")

    def _claim(
        self,
        rows: Rows,
        player_id: str,
        name: str,
        level: tuple[int | None, str | None],
        present: Collection[str] | None,
        wanted: tuple[str, bool] = (PER_MOVE, False),
    ) -> Paired:
        """One transaction: the player's own search or fresh pairing, or the oldest
        other search's free seat whose player has a socket (``present``), or a new search."""
        rows.serialize(PAIRING_LOCK)
        now = self.service.now
        own = [
            t for t in rows.tables_of(player_id, [Status.WAITING, Status.PLAYING]) if is_quick(t)
        ]
        for table in own:  # a tap again (another tab, a reconnect): the same answer
            if table.status == Status.WAITING:
                return Paired(table, False)
            if not table.moves and now - table.created_at < self.settings.pair_timeout:
                return Paired(table, True)
        fresh = now - self.settings.pair_timeout
        searches = [
            t
            for t in rows.by_status(Status.WAITING, LOOKED_AT, SEARCH)
            if t.seat0 != player_id
            and t.seat1 is None
            and t.created_at >= fresh
            and (present is None or t.seat0 in present)
            and kind(t.rules) == wanted
        ]
        last = rows.last_opponent(player_id)
        # the one just played waits a little for someone new (the oldest search first)
        searches = [
            t
            for t in searches
            if t.seat0 != last or now - t.created_at >= self.settings.pair_again_after
        ]
        tc = time_class({"clock": wanted[0]})
        ratings = _ratings(rows, [player_id, *(t.seat0 for t in searches)], tc)
        searches = [t for t in searches if in_window(t, player_id, ratings, now)]
        if searches:
            return self._sit(rows, searches[0], player_id, name, level)
        for _ in range(8):
            table = new_table(
                new_code(), player_id, name, now, self.service.rules, quick=True, clock=wanted[0]
            )
            if wanted[1]:
                table.rules["xot"] = True
            if rows.table(table.code) is None:
                break
        duel = Duel(table, now, self.service.rules)
        set_standing(duel.table, 0, level)
        duel.open()
        add_table(rows, duel, player_id)
        return Paired(duel.table, False)

    def _sit(
        self,
        rows: Rows,
        loaded: TableRecord,
        player_id: str,
        name: str,
        level: tuple[int | None, str | None],
    ) -> Paired:
        duel = Duel(loaded.copy(), self.service.now, self.service.rules, self.service.positions)
        seat = duel.join(player_id, name)
        set_standing(duel.table, seat, level)
        save_change(rows, loaded.version, duel)
        return Paired(duel.table, True, loaded.seat0, Committed(duel.table, duel.events))

    def _merge(
        self, rows: Rows, present: Collection[str] | None
    ) -> tuple[Paired, Committed] | None:
        """Two searches that waited side by side meet — two who just played each other
        once ``pair_again_after`` has passed, two far apart in rating once the older
        search's window holds the younger one's player: the younger one's player sits
        down at the older one's table and the younger search closes, in one transaction
        (both players ``present``)."""
        rows.serialize(PAIRING_LOCK)
        now = self.service.now
        searches = [
            t
            for t in rows.by_status(Status.WAITING, LOOKED_AT, SEARCH)
            if now - t.created_at < self.settings.pair_timeout
            and (present is None or t.seat0 in present)
        ]
        ids = [t.seat0 for t in searches]
        classes = {time_class(t.rules) for t in searches}
        ratings = {tc: _ratings(rows, ids, tc) for tc in classes}
        for younger in searches[1:]:
            again = now - younger.created_at >= self.settings.pair_again_after
            last = rows.last_opponent(younger.seat0) if younger.seat0 else None
            older = next(
                (
                    t
                    for t in searches
                    if t.id is not None
                    and younger.id is not None
                    and t.id < younger.id
                    and t.seat0 != younger.seat0
                    and (again or t.seat0 != last)
                    and kind(t.rules) == kind(younger.rules)
                    and in_window(t, younger.seat0 or "", ratings[time_class(t.rules)], now)
                ),
                None,
            )
            if older is None or younger.seat0 is None:
                continue
            closing = Duel(younger.copy(), now, self.service.rules, self.service.positions)
            closing.close_abandoned()
            save_change(rows, younger.version, closing)
            name = (extra(younger).get("names") or [None])[0] or ""
            kept = extra(younger)
            level = (kept.get("levels") or [None])[0], (kept.get("ratings") or [None])[0]
            paired = self._sit(rows, older, younger.seat0, name, level)
            return paired, Committed(closing.table, closing.events)
        return None

    async def _tell_paired(self, result: Paired) -> None:
        table = result.table
        message = out.plain(out.Paired(code=table.code, link=f"/tisch/{table.code}"))
        for player in {table.seat0, table.seat1} - {None}:
            assert player is not None
            await self.service.broker.publish(player_channel(player), message)

    async def cancel(self, player_id: str) -> str:
        """Ends the player's search; ``not_pairing`` if there is none, ``paired`` (with
        the table's code) when an opponent was quicker."""
        tables = await self.service.store.read(
            lambda rows: [
                t
                for t in rows.tables_of(player_id, [Status.WAITING, Status.PLAYING])
                if is_quick(t)
            ]
        )
        waiting = [t for t in tables if t.status == Status.WAITING]
        if not waiting:
            playing = [t for t in tables if not t.moves]
            if playing:
                raise DuelError("paired", table=playing[-1].code)
            raise DuelError("not_pairing")
        code = waiting[0].code

        def action(duel: Duel) -> None:
            if duel.table.status != Status.WAITING:
                raise DuelError("paired", table=code)
            duel.close_abandoned()

        await self.service.change(code, action)
        return code

    async def sweep(self, present: Callable[[str], bool]) -> list[tuple[str, str]]:
        """Ends the searches that waited ``pair_timeout`` seconds, and those that no
        socket watched (``present``) for ``pair_grace`` seconds; returns (code, reason)."""
        now = self.service.now
        waiting = await self.service.store.read(
            lambda rows: rows.by_status(Status.WAITING, LOOKED_AT * 5, SEARCH)
        )
        ended = []
        for table in waiting:
            reason = None
            if now - table.created_at >= self.settings.pair_timeout:
                reason = "timeout"
            elif present(table.code):
                self.absent_since.pop(table.code, None)
            elif now - self.absent_since.setdefault(table.code, now) >= self.settings.pair_grace:
                reason = "away"
            if reason is None:
                continue
            self.absent_since.pop(table.code, None)
            with contextlib.suppress(DuelError):
                await self.service.change(table.code, _close_search)
                ended.append((table.code, reason))
                if table.seat0 is not None:
                    await self.service.broker.publish(
                        player_channel(table.seat0),
                        out.plain(out.PairingEnded(code=table.code, reason=reason)),
                    )
        if len(waiting) > 1:  # side by side: see _merge
            with contextlib.suppress(Conflict, DuelError):
                everyone = None if self.present is None else self.present()
                merged = await self.service.store.write(
                    functools.partial(self._merge, present=everyone)
                )
                if merged is not None:
                    paired, closed = merged
                    await self.service.announce(closed)
                    self.service.positions.remember(paired.table)
                    assert paired.outcome is not None
                    await self.service.announce(paired.outcome)
                    await self._tell_paired(paired)
        known = {t.code for t in waiting}
        for code in set(self.absent_since) - known:
            del self.absent_since[code]
        return ended


def _close_search(duel: Duel) -> Any:
    if duel.table.status != Status.WAITING:
        raise DuelError("paired", table=duel.table.code)
    duel.close_abandoned()
