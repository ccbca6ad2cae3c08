"""The duel server's settings: each declared once below — its name, type, default and
what it is — and read once from the environment (``REVERSI_<NAME>``, see
:func:`environment_table`) by :meth:`Settings.from_env`.

>>> Settings.from_env({"REVERSI_PORT": "8814", "REVERSI_ORIGINS": "https://a.example, "}).port
8814
>>> Settings.from_env({"REVERSI_HEADER_TIMEOUT": "soon"})
Traceback (most recent call last):
...
ValueError: REVERSI_HEADER_TIMEOUT='soon': Expected `float`, got `str`
"""

from __future__ import annotations

import dataclasses
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, get_type_hints

import msgspec

from reversi.ai import xot
from reversi.duel.rules import DuelRules
from reversi.server.wall_clock import Clock, system_clock
from reversi.storage import async_url

#: the move times ("Zugzeit") the opener can choose, in seconds
MOVE_TIMES = (15, 30, 60, 120, 300)


def setting(default: Any, doc: str, env: bool = False) -> Any:
    """A setting's default and what it is; ``env``: read from ``REVERSI_<NAME>``."""
    return field(default=default, metadata={"doc": doc, "env": env})


@dataclass
class Settings:
    host: str = setting("127.0.0.1", "the address `reversi serve` listens on", env=True)
    port: int = setting(8000, "the port `reversi serve` listens on", env=True)
    data_dir: Path = setting(
        Path("data"), "the SQLite file and the generated `secret.key`", env=True
    )
    database_url: str | None = setting(
        None, "a database instead of SQLite (`postgresql://user@host/db`)", env=True
    )
    redis_url: str | None = setting(
        None, "Redis: the broker between processes and shared rate-limit counters", env=True
    )
    secret: str | None = setting(
        None, "the cookie's signing key, the same in every process (else `secret.key`)", env=True
    )
    clock: Clock = setting(system_clock, "the server's time (tests move it)")
    move_times: tuple[int, ...] = setting(MOVE_TIMES, "the move times an opener can choose (s)")
    default_move_time: int = setting(60, "a new table's move time (s)")
    grace: float = setting(2.0, "latency allowance on top of every deadline (s)")
    first_move_time: float = setting(
        60.0, "each side's time for its first move; a game without them is aborted (s)"
    )
    sweep_interval: float = setting(
        1.0, "how often the sweeper looks for timed-out games (s; 0: never, no heartbeat)"
    )
    heartbeat_interval: float = setting(
        0.5, "a process killed without a clean stop is credited the time since its last beat"
    )
    #: At 1,000 tables: pauses of at most 10 ms instead of 50–120 ms every ~20 s, and one
    #: full pass of ~0.3 s every full_collect_interval (CHANGELOG.md, 2026-11-30)
    collect_interval: float = setting(
        0.25, "how often the collector runs on what was made since (s; 0: Python decides)"
    )
    full_collect_interval: float = setting(900.0, "how often the collector walks everything (s)")
    max_frame: int = setting(4096, "the longest WebSocket text (characters)")
    create_limit: str = setting("10/minute", "tables opened, per address and player", env=True)
    join_limit: str = setting("30/minute", "joins and resumes by code, per address", env=True)
    message_limit: str = setting("20/second", "socket messages, per player and process")
    message_burst: int = setting(
        60, "socket messages at once before message_limit counts (read in one go under load)"
    )
    chat_limit: str = setting("5/10seconds", "chat lines, per table and player")
    transfer_limit: str = setting("10/minute", "transfer links made and redeemed")
    sit_limit: str = setting(
        "20/minute", "sitting down at a listed table, per address and player", env=True
    )
    pair_limit: str = setting(
        "20/minute", "quick pairing (Schnelle Partie), per address and player", env=True
    )
    pair_timeout: float = setting(
        120.0, "a quick pairing's search ends after this without an opponent (s)", env=True
    )
    pair_grace: float = setting(
        15.0, "a search ends this long after its player's last socket closed (s)", env=True
    )
    pair_again_after: float = setting(
        10.0, "two who just played are paired again only after this search (s)", env=True
    )
    lobby_interval: float = setting(
        1.0, "the lobby's counts of running duels, at most this often (s)", env=True
    )
    lobby_prompt: float = setting(
        0.25, "opened, taken and closed tables reach the lobby within this (s)", env=True
    )
    away_after: float = setting(
        3.0, "a waiting table leaves the lobby this long after its opener left (s)", env=True
    )
    hall_write_limit: str = setting(
        "60/minute", "computer games reported, settings and drill progress saved, per address"
    )
    #: about 0.9 kB a game (the archive's row and the hall's): 300 a day is 0.3 MB, 3,000
    #: (a school behind one address) 2.7 MB; beyond it 429 ``results_full``
    results_player_limit: str = setting(
        "300/day", "device games sent (`POST /api/results`), per player", env=True
    )
    results_address_limit: str = setting(
        "3000/day", "device games sent (`POST /api/results`), per address", env=True
    )
    device_games_kept: int = setting(
        1000, "a player's newest device games kept in the archive", env=True
    )
    transfer_ttl: float = setting(600.0, "a transfer link's life (s)")
    callback_interval: float = setting(
        30.0, "calls of the absent opponent back to the table, at most this often (s)"
    )
    cookie_secure: bool = setting(
        False, "`Secure` on the cookie always (`1`; it is set anyway over TLS)", env=True
    )
    cookie_max_age: float = setting(
        400 * 86_400, "the cookie is refused after this long without a visit (s)", env=True
    )
    cookie_refresh: float = setting(86_400, "the cookie is renewed once it is this old (s)")
    origins: tuple[str, ...] = setting(
        (),
        "page origins besides the served host that may open the socket (comma-separated)",
        env=True,
    )
    trusted_proxies: str = setting(
        "", "proxy addresses whose X-Forwarded-For/-Proto are believed (uvicorn's)", env=True
    )
    header_timeout: float = setting(10.0, "seconds for a request's headers", env=True)
    body_timeout: float = setting(
        10.0, "seconds after the headers for the whole body (408, then closed)", env=True
    )
    connections_per_address: int = setting(
        64, "open connections per address (0: no cap, behind a proxy)", env=True
    )
    max_connections: int = setting(4096, "open connections in all (503 beyond)", env=True)
    sockets_per_player: int = setting(8, "open sockets per player (0: no cap)", env=True)
    sockets_per_address: int = setting(32, "open sockets per address (0: no cap)", env=True)
    view_limit: str = setting(
        "120/minute", "look-ups of existing tables by code, per address and player", env=True
    )
    guess_limit: str = setting(
        "30/day", "look-ups of codes that do not exist, per address and player", env=True
    )
    new_player_limit: str = setting(
        "150/hour", "new players, per address (a school or a café behind one)", env=True
    )
    rename_limit: str = setting("3/10minutes", "renames, per player", env=True)
    abandoned_after: float = setting(
        600.0, "a waiting table whose opener left the hall this long closes (s)", env=True
    )
    broker_prefix: str = setting(
        "reversi:", "the broker's channels: servers sharing a Redis but not a hall", env=True
    )
    process_id: str = field(
        default_factory=lambda: secrets.token_hex(6),
        metadata={"doc": "the process's name on the broker (presence is per process)"},
    )

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: Any) -> Settings:
        """The settings of the environment (``os.environ``; an empty variable is unset),
        then ``overrides``; ValueError names a variable that does not fit its type."""
        env = os.environ if env is None else env
        read = {}
        for name, kind in _from_env().items():
            raw = env.get(_variable(name), "")
            if raw:
                read[name] = _parsed(_variable(name), raw, kind)
        return cls(**(read | overrides))

    def db_url(self) -> str:
        """The database's async URL: ``database_url``, or SQLite in the data directory."""
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


def _variable(name: str) -> str:
    return "REVERSI_" + name.upper()


@cache
def _from_env() -> dict[str, Any]:
    """The settings read from the environment, with their types."""
    kinds = get_type_hints(Settings)
    return {f.name: kinds[f.name] for f in dataclasses.fields(Settings) if f.metadata.get("env")}


def _parsed(variable: str, raw: str, kind: Any) -> Any:
    if kind is bool:
        return raw == "1"
    if kind == tuple[str, ...]:
        return tuple(part.strip() for part in raw.split(",") if part.strip())
    if kind is Path:
        return Path(raw)
    try:
        return msgspec.convert(raw, kind, strict=False)
    except msgspec.ValidationError as error:
        raise ValueError(f"{variable}={raw!r}: {error}") from None


def environment_table() -> str:
    """The settings read from the environment as a Markdown table (docs/operations.md
    holds it; a test keeps the two the same)."""
    rows = ["| variable | setting | default | what it is |", "|---|---|---|---|"]
    for f in dataclasses.fields(Settings):
        if f.metadata.get("env"):
            default = f.default
            if isinstance(default, bool):
                default = int(default)
            shown = "–" if default in (None, "", ()) else f"`{default}`"
            rows.append(f"| `{_variable(f.name)}` | `{f.name}` | {shown} | {f.metadata['doc']} |")
    return "\n".join(rows) + "\n"


def duel_rules(settings: Settings) -> DuelRules:
    """What the duel core needs of the server's settings."""
    return DuelRules(
        move_times=settings.move_times,
        default_move_time=settings.default_move_time,
        first_move_time=settings.first_move_time,
        grace=settings.grace,
        callback_interval=settings.callback_interval,
        xot_starts=tuple(opening.moves for opening in xot.load().openings),
    )
