"""The duel service: opens, joins and resumes tables, lets
:class:`~reversi.duel.duel.Duel` change them on a client's intent, announces each
committed change through the broker and reads a table for a client.

How a change is committed: :mod:`reversi.server.duels.table_commits`.
"""

from __future__ import annotations

import functools
import hmac
import re
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from sqlalchemy.exc import IntegrityError

from reversi.duel import messages as out
from reversi.duel.duel import Duel, DuelError
from reversi.duel.game import TableGame
from reversi.duel.position_cache import Positions
from reversi.duel.rules import PER_MOVE, TIME_CLASSES, time_class
from reversi.duel.table import OPEN, Status, new_code, new_table, normal_code, set_standing
from reversi.duel.views import events_message, state_message, table_view
from reversi.server.broker import Broker
from reversi.server.channels import player_channel, table_channel
from reversi.server.duels.intents import HANDLERS
from reversi.server.duels.saving import add_table
from reversi.server.duels.table_commits import Committed, TableCommits
from reversi.server.http.identity import secret_hash
from reversi.server.settings import Settings
from reversi.server.ws import client_messages as p
from reversi.storage import ChatRecord, EventRecord, Rows, Store, TableRecord
from reversi.storage.records import TABLE_FIELDS

#: new tables remembered as having no chat (:meth:`DuelService.opened`)
FRESH_TABLES = 4096


class LobbyFeed(Protocol):
    """Where the service reports a committed change of a table (``lobby.Lobby``)."""

    async def changed(self, table: TableRecord, view: dict[str, Any] | None = None) -> None: ...


class DuelService(TableCommits):
    def __init__(
        self,
        store: Store,
        broker: Broker,
        settings: Settings,
        positions: Positions | None = None,
        lobby: LobbyFeed | None = None,
        level_of: Callable[[str], Awaitable[int]] | None = None,
        rating_of: Callable[[str, str], Awaitable[str | None]] | None = None,
    ) -> None:
        super().__init__(store, settings, positions or Positions())
        self.broker = broker
        #: the Halle's lobby, told of every committed change (None: no lobby)
        self.lobby = lobby
        #: the hall's level ⭐ of a player, shown at the seat (None: no hall)
        self.level_of = level_of
        #: the hall's Wertungszahl of a player in a time class as shown (None: no hall)
        self.rating_of = rating_of
        #: told after a game ended and was announced (the tournaments: None: none)
        self.on_end: Callable[[TableRecord], Awaitable[None]] | None = None
        #: code → the version of a table this process knows as just opened, with no
        #: chat line yet (a chat line is a change: it comes with a newer version)
        self._fresh: OrderedDict[str, int] = OrderedDict()

    def opened(self, table: TableRecord) -> None:
        """A table committed as new (a tournament's pairing, here or in another process:
        the row came with the ``paired`` message): its first watch needs no read."""
        self.positions.learn(table)
        self._fresh[table.code] = table.version
        self._fresh.move_to_end(table.code)
        while len(self._fresh) > FRESH_TABLES:
            self._fresh.popitem(last=False)

    def paired_message(self, table: TableRecord) -> dict[str, Any]:
        """``paired`` for the players of a table :meth:`opened` here; for the other
        processes with the row, which they take off before a socket gets the message."""
        message = out.plain(out.Paired(code=table.code, link=f"/tisch/{table.code}"))
        if self.broker.remote:
            message["row"] = {name: getattr(table, name) for name in TABLE_FIELDS}
        return message

    def _known_fresh(self, code: str) -> TableRecord | None:
        """The row of a new table as this process knows it, while it has not changed."""
        table = self.positions.table(code)
        if table is None or self._fresh.get(code) != table.version:
            return None
        return table

    # --- opening and joining -----------------------------------------------------

    async def standing(
        self, player_id: str, time_class: str = TIME_CLASSES[0]
    ) -> tuple[int | None, str | None]:
        """The player's level ⭐ and Wertungszahl as the seat shows them."""
        level = None if self.level_of is None else await self.level_of(player_id)
        rating = None if self.rating_of is None else await self.rating_of(player_id, time_class)
        return level, rating

    async def standings(self, player_id: str) -> dict[str, tuple[int | None, str | None]]:
        """:meth:`standing` in every time class (read before a table's class is known)."""
        return {tc: await self.standing(player_id, tc) for tc in TIME_CLASSES}

    async def open_table(
        self,
        player_id: str,
        name: str,
        private: bool = False,
        onlooker_chat: bool = False,
        clock: str = PER_MOVE,
        rated: bool = True,
    ) -> TableRecord:
        """A new waiting table; :class:`DuelError` ``too_many_tables`` when the player
        already waits at :data:`~reversi.duel.table.MAX_WAITING` tables, ``bad_rules``
        for a ``clock`` the server does not offer."""
        offered = clock in self.rules.clocks  # else refused below, by checked_clock
        level = await self.standing(
            player_id, time_class({"clock": clock if offered else PER_MOVE})
        )
        for _ in range(8):
            code = new_code()
            table = new_table(
                code,
                player_id,
                name,
                self.now,
                self.rules,
                private,
                onlooker_chat,
                clock=clock,
                rated=rated,
            )
            duel = Duel(table, self.now, self.rules)
            duel.checked_clock(clock)
            set_standing(duel.table, 0, level)
            duel.open()
            try:
                await self.store.write(functools.partial(add_table, duel=duel, player_id=player_id))
            except IntegrityError:  # the code was taken: draw another
                continue
            if self.lobby is not None:
                await self.lobby.changed(duel.table)
            return duel.table
        raise RuntimeError("no free table code")

    async def join(self, player_id: str, name: str, code: str) -> int:
        standings = await self.standings(player_id)

        def action(duel: Duel) -> int:
            seat = duel.join(player_id, name)
            set_standing(duel.table, seat, standings[time_class(duel.table.rules)])
            return seat

        return int((await self.change(code, action)).value)

    async def resume(self, player_id: str, name: str, code: str, secret: str) -> tuple[int, str]:
        """The seat whose secret this is, and the player who sits there.

        The seat link carries the *player*, not only the seat: opened by someone else,
        the seat keeps its player (name, level, points, record), its secret is renewed
        (the link works once), and the caller moves that player to this device
        (:meth:`~reversi.server.http.identity.Identity.move_here`). Only a free seat is taken
        by ``player_id`` itself.
        """
        standings = await self.standings(player_id)

        def action(duel: Duel) -> tuple[int, str]:
            for seat, known in ((0, duel.table.secret0), (1, duel.table.secret1)):
                if hmac.compare_digest(known.encode(), secret.encode()):
                    holder = duel.table.seat0 if seat == 0 else duel.table.seat1
                    mine = duel.seat_of(player_id)
                    if mine == seat:
                        return seat, player_id
                    if mine is not None:
                        raise DuelError("both_seats")
                    if holder is None:
                        duel.move_seat(seat, player_id, name)
                        set_standing(duel.table, seat, standings[time_class(duel.table.rules)])
                        return seat, player_id
                    duel.renew_secret(seat)
                    return seat, holder
            raise DuelError("bad_secret")

        seat, holder = (await self.change(code, action)).value
        return int(seat), str(holder)

    async def rename(self, player_id: str, name: str) -> None:
        """A new nickname reaches the seats of the player's waiting and running tables
        (finished ones keep the name they were played under)."""
        tables = await self.store.read(lambda rows: rows.tables_of(player_id, OPEN))

        def action(duel: Duel) -> None:
            seat = duel.seat_of(player_id)
            if seat is not None and duel.table.status in OPEN:
                duel.rename_seat(seat, name)

        for table in tables:
            await self.change(table.code, action)

    # --- changing a table ---------------------------------------------------------

    async def announce(self, outcome: Committed) -> None:
        table = outcome.table
        view = table_view(table, self.now, self.rules, self.positions)
        message = events_message(table, outcome.events, outcome.events[0].version, view)
        if self.broker.remote:  # the other processes may go on from this row
            message["row"] = {name: getattr(table, name) for name in TABLE_FIELDS}
        await self.broker.publish(table_channel(table.code), message)
        if self.lobby is not None:
            await self.lobby.changed(table, message["table"])
            if outcome.rematch is not None:
                await self.lobby.changed(outcome.rematch)
        if self.on_end is not None and any(e.kind == "ended" for e in outcome.events):
            await self.on_end(table)
        callback = outcome.callback
        if callback is not None:
            await self.broker.publish(
                player_channel(callback["player"]),
                out.plain(
                    out.Callback(
                        code=callback["code"],
                        from_=callback["from"],
                        link=f"/tisch/{callback['code']}",
                    )
                ),
            )

    async def handle(self, player_id: str, message: p.Message) -> Committed:
        """Applies one protocol message from a seated (or not) player."""
        handler = HANDLERS.get(type(message))
        if handler is None or not isinstance(message, p.TableMessage):
            raise DuelError("bad_message")
        code = normal_code(message.code)
        secrets_: list[str] = []
        if isinstance(message, p.Chat):
            secrets_ = await self._secrets_of(code, player_id, message.text)

        def action(duel: Duel) -> Any:
            seat = duel.seat_of(player_id)
            return handler(duel, seat, message, secrets_)

        return await self.change(code, action)

    async def _secrets_of(self, code: str, player_id: str, text: str) -> list[str]:
        """The secrets a chat line must not hold: seat secrets, live transfer links and codes."""
        now = self.now
        table, hashes = await self.store.read(
            lambda rows: (rows.table(code), set(rows.transfer_hashes(player_id, now)))
        )
        found = [table.secret0, table.secret1] if table else []
        words = re.findall(r"[A-Za-z0-9_-]{6,}", text)
        found += [w for w in words if secret_hash(w) in hashes or secret_hash(w.upper()) in hashes]
        return found

    # --- reading ---------------------------------------------------------------------

    async def state(self, code: str, player_id: str | None) -> dict[str, Any] | None:
        """The full picture for one client: the table, its chat and the client's seat."""

        def read(rows: Rows) -> tuple[TableRecord | None, list[ChatRecord]]:
            table = rows.table(code)
            return table, [] if table is None else rows.chat(table.id or 0)

        # a new table as this process last heard of it: a later change reaches the
        # client after this state, as every change does
        fresh = self._known_fresh(code)
        table: TableRecord | None
        chat: list[ChatRecord] = []
        if fresh is not None:
            table = fresh
        else:
            table, chat = await self.store.read(read)
        if table is None:
            return None
        # whoever looks at a table may move next: then this row spares the move a read
        self.positions.learn(table)
        view = table_view(table, self.now, self.rules, self.positions)
        return state_message(TableGame(table, self.positions), player_id, chat, view)

    async def missed(self, code: str, since: int) -> dict[str, Any] | None:
        """The events after ``since`` with the current table, or None if they are gone."""

        def read(rows: Rows) -> tuple[TableRecord | None, list[EventRecord]]:
            table = rows.table(code)
            if table is None or since > table.version:
                return None, []
            return table, rows.events_after(table.id or 0, since)

        table, events = await self.store.read(read)
        if table is None:
            return None
        if events and events[0].version != since + 1:
            return None
        if not events and since != table.version:
            return None
        self.positions.learn(table)
        view = table_view(table, self.now, self.rules, self.positions)
        return events_message(table, events, since + 1, view, replay=True)

    # --- time ---------------------------------------------------------------------------

    async def sweep(self) -> list[str]:
        """Ends every game whose time ran out; returns their codes."""
        now = self.now
        late = now - self.settings.grace
        codes = await self.store.read(lambda rows: rows.overdue(Status.PLAYING, late))
        ended = []
        for code in codes:
            try:
                outcome = await self.change(code, lambda duel: None)
            except DuelError:
                continue
            if outcome.events:
                ended.append(code)
        return ended
