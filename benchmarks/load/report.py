"""The load benchmark's table of figures, one column per setup."""

from __future__ import annotations

import argparse
import datetime
import os
from typing import Any

from benchmarks.load.player import Stats
from reversi.server.settings import Settings


def collector_name(collect: float | None) -> str:
    interval = Settings().collect_interval if collect is None else collect
    return f"every {interval:g} s" if interval else "Python's own"


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(args: argparse.Namespace, results: dict[str, Stats]) -> str:
    names = {"one": "1 process, SQLite + in-process", "two": "2 processes, PostgreSQL + Redis"}
    rows: list[tuple[str, ...]] = [("", *(names[s] for s in results))]

    def row(label: str, fn: Any) -> None:
        rows.append((label, *(fn(s) for s in results.values())))

    row("moves", lambda s: f"{len(s.latencies)} in {s.elapsed:.0f} s")
    row("moves/s", lambda s: f"{len(s.latencies) / s.elapsed:.0f}")
    row("round trip p50", lambda s: f"{percentile(s.latencies, 0.5) * 1000:.1f} ms")
    row("round trip p99", lambda s: f"{percentile(s.latencies, 0.99) * 1000:.1f} ms")
    row("round trip max", lambda s: f"{max(s.latencies, default=0) * 1000:.0f} ms")
    row("errors", lambda s: f"{len(s.errors)} {sorted(set(s.errors))}" if s.errors else "0")
    row("games finished", lambda s: str(s.games))
    row("lobby watchers", lambda s: f"{args.lobby_watchers} ({s.lobby_messages} messages read)")
    row(
        "server CPU / move",
        lambda s: (
            f"{s.cpu / max(1, len(s.latencies)) * 1000:.2f} ms "
            f"({s.cpu / s.elapsed * 100:.0f}% of a core, "
            f"{s.system_cpu / max(s.cpu, 1e-9) * 100:.0f}% in the kernel)"
        ),
    )
    row("client CPU", lambda s: f"{s.client_cpu / s.elapsed * 100:.0f}% of a core")
    row("server RSS", lambda s: " + ".join(f"{m:.0f}" for m in s.memory) + " MiB")
    row("load avg before", lambda s: s.load_before)
    row("load avg after", lambda s: s.load_after)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [
        f"duel server load: {args.tables} tables, offered "
        f"{'max' if not args.rate else f'{args.rate:g} moves/s'}, {args.seconds:g} s, "
        f"permessage-deflate {'on' if args.deflate else 'off'}, loop {args.loop}, "
        f"collector {collector_name(args.collect)}, "
        f"{os.cpu_count()} cores, {datetime.date.today()}"
    ]
    lines += ["  " + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    return "\n".join(lines)
