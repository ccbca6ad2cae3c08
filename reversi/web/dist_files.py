"""The browser build's output folder ``reversi/web/dist`` and what every step of the build
(``build.py``, ``engine_wasm.py``) does with it: the folders, a stamp over a step's
inputs (the step is skipped while it matches), the brotli and gzip twins of the files it
made, and the lines that say how long a step took and how far a long one got.
"""

from __future__ import annotations

import gzip
import hashlib
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

WEB = Path(__file__).resolve().parent
REPO = WEB.parent.parent
DIST = WEB / "dist"
NODE_MODULES = WEB / "node_modules"
#: brotli's quality for Pyodide's files and engine.wasm: its best, since they are served
#: a million times
BEST_QUALITY = 11
#: a long step says how far it got this often (seconds)
PROGRESS_EVERY = 5.0
#: brotli is given the data in pieces of this size, so that progress can be told between them
CHUNK = 1 << 20


def seconds(value: float) -> str:
    """A duration as the step lines give it: ``4,2 s``."""
    return f"{value:.1f} s".replace(".", ",")


def digest(paths: Iterable[Path], extra: str = "") -> str:
    sha = hashlib.sha256(extra.encode())
    for path in sorted(paths):
        sha.update(str(path.relative_to(REPO)).encode() + b"\0" + path.read_bytes() + b"\0")
    return sha.hexdigest()


def stamp_ok(folder: Path, key: str) -> bool:
    stamp = folder / ".stamp"
    return stamp.exists() and stamp.read_text() == key


def megabytes(size: int) -> str:
    """A size as the progress lines give it: ``12,3 MB``."""
    return f"{size / 1e6:.1f} MB".replace(".", ",")


class Progress:
    """How far a long step got: ``    title: 2 von 4 Dateien, 6,3 von 9,8 MB (64 %) … 15,0 s``,
    printed at most every ``every`` seconds (and never when ``quiet``)."""

    def __init__(
        self,
        title: str,
        files: int,
        total: int,
        quiet: bool = False,
        every: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.title, self.files, self.total = title, files, total
        self.quiet, self.clock = quiet, clock
        self.every = PROGRESS_EVERY if every is None else every
        self.began = self.last = clock()
        self.files_done = self.done = 0

    def advance(self, size: int, file_done: bool = False) -> None:
        self.done += size
        self.files_done += file_done
        now = self.clock()
        if self.quiet or now - self.last < self.every:
            return
        self.last = now
        share = 100 * self.done // max(self.total, 1)
        print(
            f"    {self.title}: {self.files_done} von {self.files} Dateien, "
            f"{megabytes(self.done)} von {megabytes(self.total)} ({share} %)"
            f" … {seconds(now - self.began)}",
            file=sys.stderr,
            flush=True,
        )


def compress(folder: Path, quality: int, progress: str | None = None, quiet: bool = False) -> None:
    """Writes a brotli and a gzip twin of every file in ``folder``; with ``progress`` (a
    title), says first what it will do and then every few seconds how far it got."""
    import brotli  # type: ignore[import-untyped]

    paths = [
        path
        for path in sorted(folder.iterdir())
        if path.suffix not in (".br", ".gz") and not path.name.startswith(".")
    ]
    total = sum(path.stat().st_size for path in paths)
    if progress and not quiet:
        print(
            f"  {progress}: {len(paths)} Dateien, {megabytes(total)} – einmal je Version; "
            f"auf einem freien Rechner etwa eine halbe Minute, auf einem ausgelasteten "
            f"bis zu vier Minuten …",
            file=sys.stderr,
            flush=True,
        )
    told = Progress(progress or "", len(paths), total, quiet=quiet or not progress)
    for path in paths:
        data = path.read_bytes()
        compressor = brotli.Compressor(quality=quality)
        parts = []
        for start in range(0, len(data), CHUNK):  # in pieces: progress between them
            piece = data[start : start + CHUNK]
            parts.append(compressor.process(piece))
            told.advance(len(piece))
        parts.append(compressor.finish())
        Path(f"{path}.br").write_bytes(b"".join(parts))
        Path(f"{path}.gz").write_bytes(gzip.compress(data, 9, mtime=0))
        told.advance(0, file_done=True)
