"""Look-ups by table code — ``GET /api/tables/{code}`` and the socket's ``watch`` —
limited so that codes cannot be guessed.

A code is 6 of 22 characters (22⁶ ≈ 1.1·10⁸). Views of tables that exist are limited
loosely (``view_limit``), guesses of codes that do not exist hard (``guess_limit``),
each per address *and* per player. Once the guesses are used up, every look-up of a
table the player does not sit at is refused — known or not — so that a refusal says
nothing about whether a code exists. A player's own tables are never limited.
docs/protocol.md works out what this means for a guesser.
"""

from __future__ import annotations

from reversi.server.http.ratelimit import Limiter
from reversi.server.settings import Settings


class Lookups:
    def __init__(self, limiter: Limiter, settings: Settings) -> None:
        self.limiter = limiter
        self.settings = settings

    def _keys(self, address: str, player_id: str | None) -> list[tuple[str, ...]]:
        keys: list[tuple[str, ...]] = [("address", address)]
        if player_id is not None:
            keys.append(("player", player_id))
        return keys

    async def allow(self, address: str, player_id: str | None, known: bool) -> bool:
        """Counts one look-up of a table the player does not sit at (``known``: the
        code exists); False: refuse it (429 / ``rate_limited``)."""
        s = self.settings
        keys = self._keys(address, player_id)
        for key in keys:
            if not await self.limiter.test(s.guess_limit, "guess", *key):
                return False
        limit, kind = (s.view_limit, "view") if known else (s.guess_limit, "guess")
        allowed = True
        for key in keys:
            allowed = await self.limiter.hit(limit, kind, *key) and allowed
        return allowed
