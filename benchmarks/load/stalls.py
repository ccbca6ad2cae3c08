"""Where a server's event loop stalls: a thread samples the main thread's stack every
few milliseconds; a run of samples in which the loop is not waiting for I/O is a stall,
and the stacks seen in it say what blocked it.

A server started with ``stalls=PATH`` (``benchmarks.load.servers``) samples from
SIGUSR1 to SIGUSR2 and then writes ``PATH`` (JSON): every stall of at least
:data:`KEPT` seconds with its start, length and its stacks (the frames in ``reversi``,
the innermost one of any library) with the seconds each was seen.
``python -m benchmarks.load.stalls PATH…`` sums them up.
"""

from __future__ import annotations

import collections
import json
import sys
import threading
import time
from pathlib import Path
from types import FrameType
from typing import Any

#: seconds between two samples
EVERY = 0.002
#: the shortest stall written down
KEPT = 0.02
#: where the main thread waits for I/O (uvloop: in C under asyncio's runner; the
#: standard loop: in ``selectors``)
_IDLE = ("asyncio/runners.py", "selectors.py", "asyncio/base_events.py:run_forever")


def _idle(frame: FrameType | None) -> bool:
    if frame is None:
        return True
    name = frame.f_code.co_filename
    return name.endswith(_IDLE[:2]) or (
        name.endswith("asyncio/base_events.py") and frame.f_code.co_name == "run_forever"
    )


def _stack(frame: FrameType | None) -> str:
    """The innermost frame, then the frames of ``reversi`` outwards (at most 8)."""
    parts: list[str] = []
    first = True
    while frame is not None and len(parts) < 9:
        code = frame.f_code
        name = code.co_filename
        if first or "/reversi/" in name:
            short = name.rsplit("/", 1)[-1]
            parts.append(f"{short}:{code.co_name}:{frame.f_lineno}")
        first = False
        frame = frame.f_back
    return " < ".join(parts)


class Sampler:
    def __init__(self, path: str) -> None:
        self.path = path
        self.on = False
        self.stalls: list[dict[str, Any]] = []
        self.samples = 0
        self.busy_samples = 0
        self._main = threading.main_thread().ident or 0
        threading.Thread(target=self._run, name="stall-sampler", daemon=True).start()

    def _run(self) -> None:
        began: float | None = None
        seen: dict[str, float] = collections.defaultdict(float)
        last = time.perf_counter()
        while True:
            time.sleep(EVERY)
            if not self.on:
                began = None
                continue
            frame = sys._current_frames().get(self._main)
            now = time.perf_counter()
            since, last = now - last, now
            self.samples += 1
            if _idle(frame):
                if began is not None and now - began >= KEPT:
                    self.stalls.append(
                        {
                            "at": began,
                            "seconds": now - began,
                            "stacks": dict(sorted(seen.items(), key=lambda kv: -kv[1])[:12]),
                        }
                    )
                began = None
                seen.clear()
                continue
            self.busy_samples += 1
            if began is None:
                began = now - since / 2
            seen[_stack(frame)] += since
            del frame

    def start(self) -> None:
        self.on = True

    def stop(self) -> None:
        self.on = False
        Path(self.path).write_text(
            json.dumps({"samples": self.samples, "busy": self.busy_samples, "stalls": self.stalls})
        )


def summary(paths: list[str]) -> None:
    for path in paths:
        data = json.loads(Path(path).read_text())
        stalls = sorted(data["stalls"], key=lambda s: -s["seconds"])
        lengths = sorted(s["seconds"] for s in stalls)
        print(
            f"{path}: {data['samples']} samples, busy {data['busy'] / max(data['samples'], 1):.0%};"
            f" stalls ≥ {KEPT * 1000:.0f} ms: {len(stalls)},"
            f" ≥ 100 ms: {sum(x >= 0.1 for x in lengths)},"
            f" ≥ 500 ms: {sum(x >= 0.5 for x in lengths)},"
            f" longest {1000 * (lengths[-1] if lengths else 0):.0f} ms"
        )
        where: collections.Counter[str] = collections.Counter()
        for s in stalls:
            for stack, seconds in s["stacks"].items():
                where[stack] += seconds
        print("  time in stalls by stack:")
        for stack, seconds in where.most_common(25):
            print(f"  {seconds * 1000:8.0f} ms  {stack}")
        for s in stalls[:5]:
            print(f"  stall {1000 * s['seconds']:.0f} ms:")
            for stack, seconds in list(s["stacks"].items())[:4]:
                print(f"    {seconds * 1000:6.0f} ms  {stack}")


if __name__ == "__main__":
    summary(sys.argv[1:])
