"""The hall (``reversi.hall``) in the duel server: how it knows players (the signed
cookie, through the duel server's HTTP side), what it keeps of Reversi's settings,
and the computer's levels."""

from __future__ import annotations

import re
from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import Response

from reversi.ai import Level
from reversi.ai.legenden_places import PROGRESS_PLACES
from reversi.duel.rules import TIME_CLASSES
from reversi.hall.api import HallApi, HallPlayer, Schema
from reversi.hall.hall_service import Hall
from reversi.server.hall.device_records import DeviceMoves
from reversi.server.hall.drill import DrillItem, OpeningItem
from reversi.server.hall.puzzles import PuzzleAttempt
from reversi.server.http.duel_routes import DuelHttp, tls
from reversi.server.settings import Settings
from reversi.storage import Store

GAME = "reversi"
#: the computer's levels, as the solo page names them
LEVELS = tuple(level.value for level in Level)
#: the settings a player takes to another device (dots, Drehzahl, level, who begins,
#: sound, motion, the analysis after a solo game, the analysis board's values, XOT starts and
#: the progress on /legenden: each opponent's best stars, 0–3, at its place in
#: reversi.ai.legenden_places)
SETTINGS: Schema = {
    "dots": bool,
    "counts": bool,
    "sound": bool,
    "motion": bool,
    "analyse": bool,
    "values": bool,
    "xot": bool,
    "level": LEVELS,
    "begins": ("me", "computer"),
    "legenden": re.compile(f"[0-3]{{0,{len(PROGRESS_PLACES)}}}"),
}


class CookiePlayers:
    """The hall's :class:`~reversi.hall.api.Players`: the duel server's cookie."""

    def __init__(self, http: DuelHttp) -> None:
        self.http = http

    async def find(self, request: Request) -> HallPlayer | None:
        player = await self.http.player(request)
        return None if player is None else HallPlayer(player.id, player.nickname)

    async def find_or_create(
        self, request: Request
    ) -> tuple[HallPlayer, Callable[[Response], None] | None]:
        player, fresh = await self.http.player_or_new(request)
        set_cookie = None
        if fresh:
            args = self.http.parts.identity.cookie_args(player, tls(request))

            def set_cookie(response: Response) -> None:
                response.set_cookie(**args)

        return HallPlayer(player.id, player.nickname), set_cookie


def new_hall(store: Store, settings: Settings) -> Hall:
    """The hall of Reversi."""
    return Hall(store, settings.clock, GAME, LEVELS, TIME_CLASSES)


def hall_api(hall: Callable[[], Hall], http: DuelHttp) -> HallApi:
    """The hall's routes, knowing players by the duel server's cookie; ``hall`` gives
    the running server's hall."""
    parts = http.parts

    async def allow_write(request: Request) -> bool:
        return await parts.limiter.hit(
            parts.settings.hall_write_limit, "hall-write", http.client(request)
        )

    async def allow_games(request: Request, player_id: str, count: int) -> bool:
        """Device games stored per player and per address (``results_*_limit``): both
        must have room for the whole batch, then both count it."""
        s, limiter = parts.settings, parts.limiter
        keys = (
            (s.results_player_limit, "results-player", player_id),
            (s.results_address_limit, "results-address", http.client(request)),
        )
        for limit, *key in keys:
            if not await limiter.test(limit, *key, cost=count):
                return False
        for limit, *key in keys:
            await limiter.hit(limit, *key, cost=count)
        return True

    records = DeviceMoves(parts.settings.device_games_kept)
    #: the players' progress lists: "Aus Fehlern lernen", the opening trainer, the puzzles
    decks = {"drill": DrillItem, "openings": OpeningItem, "puzzles": PuzzleAttempt}
    return HallApi(hall, CookiePlayers(http), SETTINGS, allow_write, records, allow_games, decks)
