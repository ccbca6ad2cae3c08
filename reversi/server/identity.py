"""Anonymous players: a signed cookie names the player, no sign-up.

The cookie holds the player's id and *generation*, signed with itsdangerous.
Moving to another device (a one-time transfer link or code) bumps the generation:
the new device gets a fresh cookie, the old one stops working and is told.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from typing import Any

from itsdangerous import BadSignature, URLSafeSerializer

from reversi.server.broker import Broker
from reversi.server.channels import player_channel
from reversi.server.settings import Settings
from reversi.server.table import CODE_ALPHABET, DuelError, normal_code
from reversi.storage import PlayerRecord, Rows, Store

COOKIE = "reversi_player"
COOKIE_MAX_AGE = 2 * 365 * 24 * 3600
NICK_MIN, NICK_MAX = 2, 24
TRANSFER_CODE_LENGTH = 8
_NICK_OK = re.compile(r"^[\w .,'!?+()-]+$")


def secret_hash(value: str) -> str:
    """How secrets (transfer tokens and codes) are kept: sha256, hex."""
    return hashlib.sha256(value.encode()).hexdigest()


def valid_nickname(nickname: str) -> str:
    """A nickname of 2–24 letters, digits, spaces and a little punctuation.

    >>> valid_nickname("  Anna   Lena ")
    'Anna Lena'
    >>> valid_nickname("<b>")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    reversi.server.table.DuelError: Ein Name besteht aus Buchstaben, Ziffern, ...
    """
    nickname = " ".join(unicodedata.normalize("NFC", nickname).split())
    if not NICK_MIN <= len(nickname) <= NICK_MAX:
        raise DuelError("bad_nickname", key="server.bad_nickname.length", min=NICK_MIN,
                        max=NICK_MAX)
    if not _NICK_OK.match(nickname) or nickname.isdigit():
        raise DuelError("bad_nickname", key="server.bad_nickname.letters")
    return nickname


class Identity:
    def __init__(self, store: Store, broker: Broker, settings: Settings) -> None:
        self.store = store
        self.broker = broker
        self.settings = settings
        self._signer = URLSafeSerializer(settings.signing_secret(), salt="reversi.player")

    def cookie_value(self, player: PlayerRecord) -> str:
        return self._signer.dumps({"p": player.id, "g": player.generation})

    def cookie_args(self, player: PlayerRecord) -> dict[str, Any]:
        return {"key": COOKIE, "value": self.cookie_value(player), "max_age": COOKIE_MAX_AGE,
                "httponly": True, "samesite": "lax", "secure": self.settings.cookie_secure,
                "path": "/"}

    async def from_cookie(self, value: str | None) -> PlayerRecord | None:
        """The player a cookie names, if its signature and generation are right."""
        if not value:
            return None
        try:
            data = self._signer.loads(value)
        except BadSignature:
            return None
        if not isinstance(data, dict) or not isinstance(data.get("p"), str):
            return None
        player = await self.store.read(lambda rows: rows.player(data["p"]))
        if player is None or player.generation != data.get("g"):
            return None
        return player

    async def create(self) -> PlayerRecord:
        player = PlayerRecord(id=secrets.token_urlsafe(16),
                              nickname=f"Gast {secrets.randbelow(9000) + 1000}",
                              generation=0, created_at=self.settings.clock())
        await self.store.write(lambda rows: rows.add_player(player))
        return player

    async def rename(self, player: PlayerRecord, nickname: str) -> PlayerRecord:
        nickname = valid_nickname(nickname)

        def rename(rows: Rows) -> PlayerRecord | None:
            rows.set_nickname(player.id, nickname)
            return rows.player(player.id)

        renamed = await self.store.write(rename)
        assert renamed is not None
        return renamed

    async def start_transfer(self, player: PlayerRecord) -> dict[str, Any]:
        """A one-time link token and a short code that move ``player`` to another device."""
        now = self.settings.clock()
        token = secrets.token_urlsafe(24)
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(TRANSFER_CODE_LENGTH))
        expires = now + self.settings.transfer_ttl
        await self.store.write(lambda rows: rows.add_transfer(
            secret_hash(token), secret_hash(code), player.id, now, expires))
        return {"token": token, "code": code, "link": f"/weiter#{token}",
                "expires_at": expires}

    async def redeem(self, *, token: str | None = None, code: str | None = None
                     ) -> PlayerRecord | None:
        """Moves the player of a transfer token here: a new generation; the old device is told."""
        now = self.settings.clock()

        def take(rows: Rows) -> PlayerRecord | None:
            player_id = rows.take_transfer(
                token_hash=secret_hash(token) if token else None,
                code_hash=secret_hash(normal_code(code)) if code and not token else None,
                now=now)
            if player_id is None:
                return None
            return _moved(rows, player_id)

        player = await self.store.write(take)
        if player is None:
            return None
        await self._tell_moved(player)
        return player

    async def move_here(self, player_id: str) -> PlayerRecord:
        """Moves ``player_id`` to the device asking (a used seat link): a new generation,
        the old device is told — as a transfer does."""
        player = await self.store.write(lambda rows: _moved(rows, player_id))
        assert player is not None
        await self._tell_moved(player)
        return player

    async def _tell_moved(self, player: PlayerRecord) -> None:
        await self.broker.publish(player_channel(player.id),
                                  {"type": "transferred", "generation": player.generation})


def _moved(rows: Rows, player_id: str) -> PlayerRecord | None:
    """The player with a new generation: cookies of older ones stop working."""
    rows.bump_generation(player_id)
    return rows.player(player_id)
