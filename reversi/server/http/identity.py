"""Anonymous players: a signed cookie names the player, no sign-up.

The cookie holds the player's id and *generation* and the time it was issued, signed
with itsdangerous. The server refuses a cookie older than ``cookie_max_age`` and issues
a fresh one once it is older than ``cookie_refresh`` (any visit renews it). A cookie of
the earlier form, without a time, is refused like an expired one (its holder is a new
guest): it could not be told from a copy stolen any time before.
Moving to another device (a one-time transfer link or code) bumps the generation:
the new device gets a fresh cookie, the old one stops working and is told.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from itsdangerous import BadSignature, TimestampSigner, URLSafeTimedSerializer

from reversi.duel.table import CODE_ALPHABET, DuelError, normal_code
from reversi.hall import text_rules
from reversi.server.broker import Broker
from reversi.server.channels import player_channel
from reversi.server.settings import Settings
from reversi.storage import PlayerRecord, Rows, Store

COOKIE = "reversi_player"
TRANSFER_CODE_LENGTH = 8


def secret_hash(value: str) -> str:
    """How secrets (transfer tokens and codes) are kept: sha256, hex."""
    return hashlib.sha256(value.encode()).hexdigest()


def valid_nickname(nickname: str) -> str:
    """A nickname as reversi.hall.text_rules keeps it (NFKC, a visible letter, no name of
    the house or of a guest, no deceptive mix of scripts), or ``bad_nickname``.

    >>> valid_nickname("  Anna   Lena ")
    'Anna Lena'
    >>> valid_nickname("Sуstem")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    reversi.duel.table.DuelError: ...
    """
    try:
        return text_rules.nickname(nickname)
    except text_rules.TextRejected as why:
        raise DuelError(
            "bad_nickname", key=f"server.bad_nickname.{why.reason}", **why.params
        ) from None


class Identity:
    def __init__(self, store: Store, broker: Broker, settings: Settings) -> None:
        self.store = store
        self.broker = broker
        self.settings = settings
        secret = settings.signing_secret()
        clock = settings.clock
        signer = type(
            "ClockSigner", (TimestampSigner,), {"get_timestamp": lambda self: int(clock())}
        )
        self._signer = URLSafeTimedSerializer(secret, salt="reversi.player", signer=signer)

    def cookie_value(self, player: PlayerRecord) -> str:
        return self._signer.dumps({"p": player.id, "g": player.generation})

    def cookie_args(self, player: PlayerRecord, tls: bool = False) -> dict[str, Any]:
        """The cookie; ``Secure`` when the request came over TLS (or always, by setting)."""
        return {
            "key": COOKIE,
            "value": self.cookie_value(player),
            "max_age": int(self.settings.cookie_max_age),
            "httponly": True,
            "samesite": "lax",
            "secure": self.settings.cookie_secure or tls,
            "path": "/",
        }

    async def from_cookie(self, value: str | None) -> PlayerRecord | None:
        """The player a cookie names, if its signature, age and generation are right."""
        return (await self.from_cookie_refresh(value))[0]

    async def from_cookie_refresh(self, value: str | None) -> tuple[PlayerRecord | None, bool]:
        """:meth:`from_cookie`, and whether the cookie is due to be renewed."""
        if not value:
            return None, False
        s = self.settings
        try:
            data, issued = self._signer.loads(
                value, max_age=int(s.cookie_max_age), return_timestamp=True
            )
            refresh = s.clock() - issued.timestamp() > s.cookie_refresh
        except BadSignature:  # also expired, and the earlier form without a time
            return None, False
        if not isinstance(data, dict) or not isinstance(data.get("p"), str):
            return None, False
        player = await self.store.read(lambda rows: rows.player(data["p"]))
        if player is None or player.generation != data.get("g"):
            return None, False
        return player, refresh

    async def create(self) -> PlayerRecord:
        player = PlayerRecord(
            id=secrets.token_urlsafe(16),
            nickname=f"Gast {secrets.randbelow(9000) + 1000}",
            generation=0,
            created_at=self.settings.clock(),
        )
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
        await self.store.write(
            lambda rows: rows.add_transfer(
                secret_hash(token), secret_hash(code), player.id, now, expires
            )
        )
        return {"token": token, "code": code, "link": f"/weiter#{token}", "expires_at": expires}

    async def redeem(
        self, *, token: str | None = None, code: str | None = None
    ) -> PlayerRecord | None:
        """Moves the player of a transfer token here: a new generation; the old device is told."""
        now = self.settings.clock()

        def take(rows: Rows) -> PlayerRecord | None:
            player_id = rows.take_transfer(
                token_hash=secret_hash(token) if token else None,
                code_hash=secret_hash(normal_code(code)) if code and not token else None,
                now=now,
            )
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
        await self.broker.publish(
            player_channel(player.id), {"type": "transferred", "generation": player.generation}
        )


def _moved(rows: Rows, player_id: str) -> PlayerRecord | None:
    """The player with a new generation: cookies of older ones stop working."""
    rows.bump_generation(player_id)
    return rows.player(player_id)
