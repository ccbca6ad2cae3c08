"""The garbage collector tuned for a busy hall: thresholds, frequent young collections
with the survivors frozen, and a full pass now and then (docs/benchmarks.md)."""

from __future__ import annotations

import asyncio
import gc
import sys

#: the collector's thresholds for a busy hall (a safety net where
#: :func:`collect_forever` runs). Every move leaves objects that live until the table's
#: next move (its Board, the cached row and view); with the default (700, 10, 10) they
#: reach the oldest generation, and at 1,000 tables the collector stopped the server for
#: 4.9 s in 30 s, 2.3 s of it in 4 full collections (load ≈ 8); with these thresholds:
#: 3 young collections in 30 s, 0.2 s (benchmarks/load.py).
GC_THRESHOLDS = (20_000, 10, 20)


def tune_gc() -> None:
    gc.set_threshold(*GC_THRESHOLDS)
    # what exists at startup (modules, routes, the catalogue) lives as long as the
    # process: the collector need not look at it again
    gc.collect()
    gc.freeze()


def collect_young() -> None:
    """Collects what was made since the last call, then sets the survivors aside.

    CPython counts a young generation's size as allocations minus deallocations, old
    objects' included, so when tables and sockets replace what they hold every few
    seconds the count hardly grows: a young collection came only every ~10 s and then
    walked everything made since — the whole working set of 1,000 tables and 2,000
    sockets, ~70,000 objects, 100 ms with the server stopped (benchmarks/load.py).
    Collected often, each batch is small; frozen afterwards, the survivors (mostly freed
    by their reference counts soon after) are never walked again.
    """
    gc.collect(0)
    gc.freeze()


def collect_all() -> None:
    """A full collection, frozen objects included: cycles that became garbage after
    :func:`collect_young` set them aside are freed here."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


async def collect_forever(interval: float, full_interval: float) -> None:
    since_full = 0.0
    memory_after_full = peak_memory_mib()
    while True:
        await asyncio.sleep(interval)
        since_full += interval
        if full_pass_due(since_full, full_interval, peak_memory_mib(), memory_after_full):
            since_full = 0.0
            collect_all()
            memory_after_full = peak_memory_mib()
        else:
            collect_young()


def full_pass_due(
    since_full: float, full_interval: float, memory: float, memory_after_full: float
) -> bool:
    """Time for :func:`collect_all`: the interval is over, or the process's memory has
    doubled since the last full pass (the objects set aside hold any cycles that died
    there: this bounds what they can take)."""
    if full_interval > 0 and since_full >= full_interval:
        return True
    return memory > 2 * max(memory_after_full, LEAST_MEMORY_FOR_A_FULL_PASS)


#: below this much memory (MiB) a full pass is not worth its pause
LEAST_MEMORY_FOR_A_FULL_PASS = 256.0


def peak_memory_mib() -> float:
    """The process's peak resident memory so far (0 where the platform does not say).

    One system call. Not ``gc.get_freeze_count()``: it walks every object set aside,
    66 ms at 400,000 of them, and four times a second that stopped the server more
    than the collections it guarded (CHANGELOG.md, 2026-11-30).
    """
    try:
        import resource
    except ImportError:  # Windows
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)
