"""The progress line the training tools print after each step."""

from __future__ import annotations

import time


def progress(done: str, start: float) -> None:
    """Print ``done`` and the CPU seconds since ``start`` (a ``time.process_time``), at once."""
    print(f"{done}, CPU {time.process_time() - start:.0f} s", flush=True)
