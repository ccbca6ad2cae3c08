"""The hall (``reversi.hall``) in the duel server: how it knows players (the signed
cookie), what it keeps of Reversi's settings, and the computer's levels."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import Response

from reversi.hall.api import HallApi, HallPlayer, Schema
from reversi.hall.service import Hall

if TYPE_CHECKING:
    from reversi.server.duels import DuelServer

GAME = "reversi"
#: the computer's levels, as the solo page names them
LEVELS = ("leicht", "mittel", "schwer")
#: the settings a player takes to another device (dots, Drehzahl, level, who begins,
#: sound, motion)
SETTINGS: Schema = {"dots": bool, "counts": bool, "sound": bool, "motion": bool,
                    "level": LEVELS, "begins": ("me", "computer")}


class CookiePlayers:
    """The hall's :class:`~reversi.hall.api.Players`: the duel server's cookie."""

    def __init__(self, server: DuelServer) -> None:
        self.server = server

    async def find(self, request: Request) -> HallPlayer | None:
        player = await self.server._player(request)
        return None if player is None else HallPlayer(player.id, player.nickname)

    async def find_or_create(self, request: Request
                             ) -> tuple[HallPlayer, Callable[[Response], None] | None]:
        player, fresh = await self.server._player_or_new(request)
        set_cookie = None
        if fresh:
            args = self.server.identity.cookie_args(player)

            def set_cookie(response: Response) -> None:
                response.set_cookie(**args)

        return HallPlayer(player.id, player.nickname), set_cookie


def hall_api(server: DuelServer) -> tuple[Hall, HallApi]:
    hall = Hall(None, server.settings.clock, GAME, LEVELS)

    async def allow_write(request: Request) -> bool:
        return await server.limiter.hit(server.settings.hall_write_limit, "hall-write",
                                        server._client(request))

    return hall, HallApi(hall, CookiePlayers(server), SETTINGS, allow_write)
