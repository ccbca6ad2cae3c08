"""Time while no server process ran is not charged to the players' clocks.

Every process beats (writes the moment it was last alive) and a clean stop records
its moment; at startup :func:`downtime_since` judges from these how long the hall
was down, and the service moves every running turn later by that much, once.
"""

from __future__ import annotations

from reversi.storage import Rows

#: the meta keys of the last moment any server process was seen alive, and of the
#: last clean stop of a process
ALIVE = "alive_at"
STOPPED = "stopped_at"


def downtime_since(now: float, alive: float | None, stopped: float | None,
                   live: float) -> float:
    """How long no server process ran, judged at a process's start (0: it was running).

    ``alive``: the last heartbeat of any process, ``stopped``: the last clean stop. If no
    process beat since that stop, the hall was down exactly since then. Otherwise the
    last process died (kill -9) within a heartbeat interval after its last beat: the
    time since that beat is credited, a little generously — unless it is shorter than
    ``live``, when another process may still be running.
    """
    if alive is None:
        return 0.0
    if stopped is not None and stopped >= alive:
        return max(0.0, now - stopped)
    age = now - alive
    return age if age > live else 0.0


def beat(rows: Rows, keys: tuple[str, ...], now: float) -> None:
    for key in keys:
        rows.set_meta(key, now)
