"""The hall as a service: what the routes (``api.py``) and the duel server ask of it.

It knows players by id and games by name only; results come in as
``(game, players, outcome, when)`` — see :func:`reversi.hall.writes.record_result`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from sqlalchemy.engine import Connection

from reversi.hall import ratings as r
from reversi.hall import reads, writes
from reversi.hall.glicko import SHOWN_AFTER, Rating
from reversi.hall.milestones import level, progress
from reversi.hall.periods import PERIODS, Period, current, period_of
from reversi.hall.points import OUTCOMES
from reversi.storage import Store

#: rows of a leaderboard, and entries of the record's recent lists
TOP = 50
RECENT = 20
#: rated games the rating graph shows
HISTORY = 100


class Hall:
    def __init__(
        self,
        store: Store,
        clock: Callable[[], float],
        game: str,
        levels: Sequence[str] = (),
        time_classes: Sequence[str] = ("schnell",),
    ) -> None:
        self.store = store
        self.clock = clock
        self.game = game
        #: the computer's levels of this game, in the order the record lists them
        self.levels = tuple(levels)
        #: the game's time classes, each with its own Wertungszahl
        self.time_classes = tuple(time_classes)

    async def _read(self, fn: Callable[[Connection], Any]) -> Any:
        return await self.store.read(lambda rows: fn(rows.conn))

    async def _write(self, fn: Callable[[Connection], Any]) -> Any:
        return await self.store.write(lambda rows: fn(rows.conn))

    # --- writes -------------------------------------------------------------------------

    async def record_result(
        self,
        game: str,
        source: str,
        players: Sequence[dict[str, Any]],
        outcome: dict[str, Any],
        finished_at: float,
    ) -> bool:
        """A finished game between people in a transaction of its own (tests, other games);
        the duel server records inside its table's transaction instead. True if it was
        new (a game that does not count is new, but scores nothing)."""
        return bool(
            await self._write(
                functools.partial(
                    writes.record_result,
                    game=game,
                    source=source,
                    players=players,
                    outcome=outcome,
                    finished_at=finished_at,
                )
            )
        )

    async def rate_game(
        self,
        source: str,
        players: Sequence[dict[str, Any]],
        time_class: str,
        rated: bool,
        finished_at: float,
    ) -> r.Rated:
        """Rates a finished game in a transaction of its own (tests); the duel server
        rates inside its table's transaction instead."""
        rating: r.Rated = await self._write(
            lambda c: r.rate_game(c, source, players, time_class, rated, finished_at)
        )
        return rating

    async def add_device_games(
        self,
        player_id: str,
        games: Iterable[writes.DeviceGame],
        also: Callable[[Connection], list[str]] | None = None,
    ) -> list[str]:
        """Stores computer games (those with a level); ``also`` writes the game's own part
        of them in the same transaction. Returns the ids stored now by either."""
        games = list(games)
        now = self.clock()

        def write(conn: Connection) -> list[str]:
            new = writes.add_device_games(
                conn, player_id, self.game, [g for g in games if g.level is not None], now
            )
            more = also(conn) if also is not None else []
            return [g.client_id for g in games if g.client_id in {*new, *more}]

        return list(await self._write(write))

    async def settings(self, player_id: str) -> dict[str, Any] | None:
        found = (await self._read(lambda c: reads.profile(c, player_id)))["settings"]
        kept = found.get(self.game)
        return dict(kept) if kept else None

    async def save_settings(
        self, player_id: str, settings: dict[str, Any], changed_at: float
    ) -> dict[str, Any]:
        return dict(
            await self._write(
                lambda c: writes.save_settings(c, player_id, self.game, settings, changed_at)
            )
        )

    async def drill(self, player_id: str, deck: str = "drill") -> list[dict[str, Any]]:
        found = (await self._read(lambda c: reads.profile(c, player_id)))["settings"]
        return list((found.get(writes.drill_key(self.game, deck)) or {}).get("items", []))

    async def save_drill(
        self, player_id: str, items: list[dict[str, Any]], keep: int, deck: str = "drill"
    ) -> list[dict[str, Any]]:
        return list(
            await self._write(
                lambda c: writes.save_drill(c, player_id, self.game, items, keep, deck)
            )
        )

    async def mark_seen(self, player_id: str, ids: Iterable[str]) -> list[str]:
        ids = list(ids)
        return list(await self._write(lambda c: writes.mark_seen(c, player_id, ids)))

    # --- reads --------------------------------------------------------------------------

    async def level_of(self, player_id: str) -> int:
        tallies = await self._read(lambda c: reads.tallies(c, [player_id]))
        return level(tallies[player_id].stats)

    async def rating_shown(self, player_id: str, time_class: str) -> str | None:
        """The Wertungszahl as a seat shows it: ``"1612?"``, ``"1612"`` or None."""
        found = await self._read(lambda c: r.ratings_for(c, [player_id], time_class))
        shown: str | None = found[player_id].shown()
        return shown

    async def milestones(self, player_id: str | None) -> dict[str, Any]:
        """Level, every milestone with its progress, and the reached ones not yet seen."""
        if player_id is None:
            return _milestones(reads.Tally(), [])

        def read(conn: Connection) -> dict[str, Any]:
            tally = reads.tallies(conn, [player_id])[player_id]
            return _milestones(tally, reads.profile(conn, player_id)["milestones_seen"])

        return dict(await self._read(read))

    async def leaderboard(
        self, kind: str, player_id: str | None, day: Any = None
    ) -> dict[str, Any]:
        """One period's leaderboard (the current one, or the one holding ``day``)."""
        now = self.clock()
        period = current(kind, now) if day is None else period_of(kind, day)

        def read(conn: Connection) -> dict[str, Any]:
            rows, count = reads.board(conn, period.key, TOP)
            you = None
            if player_id is not None:
                mine = next((r for r in rows if r["player_id"] == player_id), None)
                if mine is None:
                    points = reads.period_points(conn, player_id, [period.key]).get(period.key)
                    if points is not None:
                        name = reads.nicknames(conn, [player_id]).get(player_id, "?")
                        mine = {
                            "player_id": player_id,
                            "nickname": name,
                            "points": points,
                            "rank": reads.rank_of(conn, period.key, points),
                        }
                you = mine
            ids = [r["player_id"] for r in rows] + ([you["player_id"]] if you else [])
            tallies = reads.tallies(conn, ids)

            def public(row: dict[str, Any]) -> dict[str, Any]:
                return {
                    "rank": row["rank"],
                    "nickname": row["nickname"],
                    "level": level(tallies[row["player_id"]].stats),
                    "points": row["points"],
                    "you": row["player_id"] == player_id,
                }

            return {
                "rows": [public(r) for r in rows],
                "you": public(you) if you else None,
                "players": count,
            }

        board = await self._read(read)
        return {"period": kind, **_describe(period, now), **board}

    async def ratings(self, player_id: str) -> dict[str, dict[str, Any]]:
        """The player's Wertungszahl per time class, ``{value, deviation, provisional,
        games}`` (value None before it is shown)."""
        return dict(await self._read(lambda c: self._ratings(c, player_id)))

    def _ratings(self, conn: Connection, player_id: str) -> dict[str, dict[str, Any]]:
        mine = r.ratings_of(conn, player_id)
        classes = list(self.time_classes) + sorted(set(mine) - set(self.time_classes))
        return {tc: mine.get(tc, Rating()).public() for tc in classes}

    async def rating_history(self, player_id: str, time_class: str) -> list[dict[str, Any]]:
        """The latest rated games of a time class, oldest first: the rating after each."""
        rows = await self._read(lambda c: r.history(c, player_id, time_class, HISTORY))
        return [_point(row) for row in rows]

    async def rating_board(self, time_class: str, player_id: str | None) -> dict[str, Any]:
        """The highest shown ratings of a time class (equal numbers share a rank)."""
        if time_class not in self.time_classes:
            raise ValueError(f"unknown time class: {time_class!r}")
        rows = await self._read(lambda c: r.board(c, time_class, SHOWN_AFTER, TOP))
        ranked, rank, last = [], 0, None
        for i, row in enumerate(rows):
            shown = Rating(row["value"], row["deviation"], games=row["games"]).public()
            if shown["value"] != last:
                rank, last = i + 1, shown["value"]
            ranked.append(
                {
                    "rank": rank,
                    "nickname": row["nickname"] or "?",
                    **shown,
                    "you": row["player_id"] == player_id,
                }
            )
        return {"time_class": time_class, "rows": ranked}

    async def me(self, player_id: str) -> dict[str, Any]:
        """What ``GET /api/me`` adds: points per period, level, milestones, record,
        the Wertungszahl per time class."""
        now = self.clock()
        periods = {kind: current(kind, now) for kind in PERIODS}

        def read(conn: Connection) -> dict[str, Any]:
            keys = [p.key for p in periods.values()]
            mine = reads.period_points(conn, player_id, keys)
            points = {}
            for kind, period in periods.items():
                got = mine.get(period.key, 0)
                points[kind] = {
                    "key": period.key,
                    "points": got,
                    "rank": reads.rank_of(conn, period.key, got) if got else None,
                }
            tally = reads.tallies(conn, [player_id])[player_id]
            seen = reads.profile(conn, player_id)["milestones_seen"]
            against = reads.opponents(conn, player_id)
            recent = reads.recent_duels(conn, player_id, RECENT)
            names = reads.nicknames(conn, [o["player_id"] for o in against])
            levels = reads.tallies(conn, names)
            counts = reads.device_counts(conn, player_id)
            device = reads.recent_device_games(conn, player_id, RECENT)
            return {
                "points": points,
                "ratings": self._ratings(conn, player_id),
                "rating_history": {
                    tc: [_point(row) for row in r.history(conn, player_id, tc, HISTORY)]
                    for tc in self.time_classes
                },
                **_milestones(tally, seen),
                "record": {
                    "duels": {
                        "games": tally.games,
                        "wins": tally.wins,
                        "draws": tally.draws,
                        "losses": tally.losses,
                        "opponents": [
                            {
                                "nickname": names.get(o["player_id"], "?"),
                                "level": level(levels[o["player_id"]].stats)
                                if o["player_id"] in levels
                                else 1,
                                **{k: o[k] for k in ("games", "wins", "draws", "losses")},
                            }
                            for o in sorted(against, key=lambda o: -o["games"])
                        ],
                        "recent": [
                            {
                                "game": r["game"],
                                "source": r["source"],
                                "opponent": names.get(r["opponent_id"] or "", "?"),
                                "outcome": r["outcome"],
                                "points": r["points"],
                                "finished_at": r["finished_at"],
                            }
                            for r in recent
                        ],
                    },
                    "computer": self._computer(counts, device),
                },
            }

        return dict(await self._read(read))

    def _computer(
        self, counts: dict[tuple[str, str], int], device: list[dict[str, Any]]
    ) -> dict[str, Any]:
        levels = list(self.levels) + sorted({lv for lv, _ in counts} - set(self.levels))
        by_level = {lv: {o: counts.get((lv, o), 0) for o in OUTCOMES} for lv in levels}
        return {
            "games": sum(counts.values()),
            "levels": by_level,
            "recent": [
                {
                    "id": g["client_id"],
                    "level": g["level"],
                    "outcome": g["outcome"],
                    "finished_at": g["finished_at"],
                    "detail": g["detail"],
                }
                for g in device
            ],
        }


def _milestones(tally: reads.Tally, seen: list[str]) -> dict[str, Any]:
    items = progress(tally.stats)
    return {
        "level": level(tally.stats),
        "milestones": items,
        "new_milestones": [m["id"] for m in items if m["done"] and m["id"] not in seen],
    }


def _describe(period: Period, now: float) -> dict[str, Any]:
    following = period.next()
    return {
        "key": period.key,
        "first_day": period.first.isoformat(),
        "last_day": period.last.isoformat(),
        "current": period.starts_at <= now < period.ends_at,
        "previous": period.previous().first.isoformat(),
        "next": following.first.isoformat() if following.starts_at <= now else None,
    }


def _point(row: dict[str, Any]) -> dict[str, Any]:
    """One point of the rating graph: the rating after a rated game."""
    return {
        "value": round(row["value"]),
        "deviation": round(row["deviation"]),
        "games": row["games"],
        "finished_at": row["finished_at"],
    }
