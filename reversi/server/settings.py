"""The duel server's settings, read from the environment (``REVERSI_*``)."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from reversi.server.clock import Clock, system_clock
from reversi.storage import async_url

#: the move times ("Zugzeit") the opener can choose, in seconds
MOVE_TIMES = (15, 30, 60, 120, 300)


@dataclass
class Settings:
    data_dir: Path = field(default_factory=lambda: Path("data"))
    database_url: str | None = None
    redis_url: str | None = None
    secret: str | None = None
    clock: Clock = system_clock
    move_times: tuple[int, ...] = MOVE_TIMES
    default_move_time: int = 60
    #: latency allowance on top of every deadline
    grace: float = 2.0
    #: the time for each side's first move; a game whose first moves never come is aborted
    first_move_time: float = 60.0
    #: how often the sweeper looks for timed-out games (0: never, tests sweep by hand;
    #: no heartbeat either)
    sweep_interval: float = 1.0
    #: a process killed without a clean stop is credited the time since its last beat
    heartbeat_interval: float = 0.5
    #: how often the garbage collector runs on what was made since (0: Python decides;
    #: only with a sweeper), and how often it walks everything (reversi.server.collector).
    #: At 1,000 tables: pauses of at most 10 ms instead of 50–120 ms every ~20 s, and one
    #: full pass of ~0.3 s every full_collect_interval (CHANGELOG.md, 2026-11-30)
    collect_interval: float = 0.25
    full_collect_interval: float = 900.0
    max_frame: int = 4096
    create_limit: str = "10/minute"
    join_limit: str = "30/minute"
    message_limit: str = "20/second"
    #: a socket may send this many messages at once before message_limit counts (under
    #: load the server reads what came over a while in one go)
    message_burst: int = 60
    chat_limit: str = "5/10seconds"
    transfer_limit: str = "10/minute"
    #: sitting down at a listed table ("Mitspielen") and quick pairing ("Schnelle
    #: Partie"), per address and per player, counted as opening is
    sit_limit: str = "20/minute"
    pair_limit: str = "20/minute"
    #: a quick pairing's search ends after this many seconds without an opponent, and
    #: this many seconds after its player's last socket closed
    pair_timeout: float = 120.0
    pair_grace: float = 15.0
    #: two who just played each other are paired again only after this many seconds of
    #: searching (someone new is preferred)
    pair_again_after: float = 10.0
    #: the lobby's frames: running duels' counts at most every lobby_interval seconds,
    #: opened, taken and closed tables within lobby_prompt seconds
    lobby_interval: float = 1.0
    lobby_prompt: float = 0.25
    #: a waiting table leaves the lobby this many seconds after its opener's last socket
    #: closed (on every process), and comes back when they return
    away_after: float = 3.0
    #: computer games reported and settings saved (the hall's writes), per address
    hall_write_limit: str = "60/minute"
    #: games a device may send (``POST /api/results``), per player and per address: at
    #: about 0.9 kB a game (the archive's row and the hall's) 300 a day is 0.3 MB, 3,000
    #: (a school behind one address) 2.7 MB; beyond it 429 ``results_full``
    results_player_limit: str = "300/day"
    results_address_limit: str = "3000/day"
    #: a player's device games in the archive: the newest are kept, older ones go
    device_games_kept: int = 1000
    transfer_ttl: float = 600.0
    callback_interval: float = 30.0
    #: ``Secure`` on the cookie always (it is set anyway when the request came over TLS)
    cookie_secure: bool = False
    #: the identity cookie is refused after this many seconds without a visit, and
    #: renewed (a fresh timestamp) once it is older than cookie_refresh
    cookie_max_age: float = 400 * 86_400
    cookie_refresh: float = 86_400
    #: page origins besides the served host that may open the socket
    #: (``REVERSI_ORIGINS``, comma-separated, e.g. ``https://reversi.example``)
    origins: tuple[str, ...] = ()
    #: the proxy addresses whose X-Forwarded-For/-Proto are believed (uvicorn's
    #: ``forwarded_allow_ips``; ``REVERSI_TRUSTED_PROXIES``); empty: none
    trusted_proxies: str = ""
    #: uvicorn's bounds (reversi.server.serving): seconds for a request's headers, open
    #: connections per address (0: no cap — behind a proxy), connections in all (503)
    header_timeout: float = 10.0
    #: seconds after the headers for a request's whole body (408 and closed after)
    body_timeout: float = 10.0
    connections_per_address: int = 64
    max_connections: int = 4096
    #: open sockets per player and per address (0: no cap)
    sockets_per_player: int = 8
    sockets_per_address: int = 32
    #: look-ups by code (GET /api/tables/{code}, the socket's watch): of tables that
    #: exist, and guesses of codes that do not (far fewer), per address and per player
    view_limit: str = "120/minute"
    guess_limit: str = "30/day"
    #: new players (a cookie-less request that makes a guest), per address: sized for
    #: a school or a café behind one address (docs/operations.md)
    new_player_limit: str = "150/hour"
    #: renames per player
    rename_limit: str = "3/10minutes"
    #: a waiting table whose opener has left the hall this long closes by itself
    abandoned_after: float = 600.0
    #: the broker's channels live under this prefix (``REVERSI_BROKER_PREFIX``): servers
    #: sharing one Redis but not one hall (tests, benchmarks) keep apart
    broker_prefix: str = "reversi:"
    #: the process's name on the broker (presence is counted per process)
    process_id: str = field(default_factory=lambda: secrets.token_hex(6))

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        env = os.environ
        settings = cls(
            data_dir=Path(env.get("REVERSI_DATA_DIR", "data")),
            database_url=env.get("REVERSI_DATABASE_URL") or None,
            redis_url=env.get("REVERSI_REDIS_URL") or None,
            secret=env.get("REVERSI_SECRET") or None,
            cookie_secure=env.get("REVERSI_COOKIE_SECURE", "") == "1",
            origins=tuple(
                o.strip() for o in env.get("REVERSI_ORIGINS", "").split(",") if o.strip()
            ),
            trusted_proxies=env.get("REVERSI_TRUSTED_PROXIES", ""),
            broker_prefix=env.get("REVERSI_BROKER_PREFIX") or "reversi:",
        )
        for name, kind in _NUMBERS.items():
            raw = env.get("REVERSI_" + name.upper())
            if raw:
                setattr(settings, name, kind(raw))
        for key, value in overrides.items():
            setattr(settings, key, value)
        return settings

    def db_url(self) -> str:
        if self.database_url:
            return async_url(self.database_url)
        return f"sqlite+aiosqlite:///{self.data_dir / 'reversi.sqlite3'}"

    def signing_secret(self) -> str:
        """``REVERSI_SECRET``, or a random secret kept in a file of the data directory."""
        if self.secret:
            return self.secret
        path = self.data_dir / "secret.key"
        if not path.exists():
            self.data_dir.mkdir(parents=True, exist_ok=True)
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:  # another process was first
                pass
            else:
                with os.fdopen(fd, "w") as out:
                    out.write(secrets.token_urlsafe(48))
        self.secret = path.read_text().strip()
        return self.secret


#: settings with an environment variable of their own name (``REVERSI_HEADER_TIMEOUT``,
#: ``REVERSI_GUESS_LIMIT`` …)
_NUMBERS: dict[str, type] = {
    "header_timeout": float,
    "body_timeout": float,
    "connections_per_address": int,
    "max_connections": int,
    "sockets_per_player": int,
    "sockets_per_address": int,
    "cookie_max_age": float,
    "abandoned_after": float,
    "view_limit": str,
    "guess_limit": str,
    "new_player_limit": str,
    "rename_limit": str,
    "create_limit": str,
    "join_limit": str,
    "sit_limit": str,
    "pair_limit": str,
    "pair_timeout": float,
    "results_player_limit": str,
    "results_address_limit": str,
    "device_games_kept": int,
    "pair_grace": float,
    "pair_again_after": float,
    "lobby_interval": float,
    "lobby_prompt": float,
    "away_after": float,
}
