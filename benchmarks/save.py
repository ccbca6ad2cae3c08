"""The hot save alone: a table's changed row and one event, ``Store.save`` after ``Store.save``
on 16 tables at once, on SQLite (the group writer) and PostgreSQL (the one statement).

    .venv/bin/python -m benchmarks.save                  # both, 3,000 saves each
    .venv/bin/python -m benchmarks.save --saves 10000 --only sqlite

Prints the process's CPU time per save (the writer thread's included) and saves per
second. PostgreSQL runs in a scratch database on REVERSI_BENCH_POSTGRES_URL
(default postgresql://postgres@127.0.0.1:5432/test), dropped afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from pathlib import Path

from reversi.duel.table import new_table
from reversi.server.settings import Settings, duel_rules
from reversi.storage import EventRecord, PlayerRecord, Rows, TableRecord, open_store
from tests.server.scratch_db import scratch_database

POSTGRES_URL = os.environ.get(
    "REVERSI_BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test"
)
TABLES = 16
WARM_UP = 20


async def measure(url: str, saves: int) -> tuple[float, float]:
    """(ms of CPU per save, saves per second)."""
    store = await open_store(url)
    try:

        def add(rows: Rows) -> list[TableRecord]:
            rows.add_player(PlayerRecord("p", "Perle", 0, 0.0))
            return [
                rows.add_table(new_table(f"SAVE{i:02d}", "p", "Perle", 0.0, duel_rules(Settings())))
                for i in range(TABLES)
            ]

        tables = await store.write(add)

        async def run(table: TableRecord, first: int, count: int) -> None:
            for version in range(first, first + count):
                table.version = version
                await store.save(
                    table, version - 1, [EventRecord(version, "move", {"square": "d3"}, None, 1.0)]
                )

        await asyncio.gather(*(run(t, 1, WARM_UP) for t in tables))
        each = saves // TABLES
        cpu, wall = time.process_time(), time.perf_counter()
        await asyncio.gather(*(run(t, WARM_UP + 1, each) for t in tables))
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        return 1000 * cpu / (each * TABLES), each * TABLES / wall
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--saves", type=int, default=3000)
    parser.add_argument("--only", choices=("sqlite", "postgres"))
    args = parser.parse_args()
    print(
        f"hot save: {args.saves} saves over {TABLES} tables, load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    if args.only != "postgres":
        with tempfile.TemporaryDirectory() as directory:
            url = f"sqlite+aiosqlite:///{Path(directory) / 'save.sqlite3'}"
            cpu, rate = asyncio.run(measure(url, args.saves))
        print(f"  SQLite      {cpu:.3f} ms CPU/save  {rate:,.0f} saves/s")
    if args.only != "sqlite":
        with scratch_database(POSTGRES_URL, "reversi_bench") as url:
            cpu, rate = asyncio.run(measure(url, args.saves))
        print(f"  PostgreSQL  {cpu:.3f} ms CPU/save  {rate:,.0f} saves/s")


if __name__ == "__main__":
    main()
