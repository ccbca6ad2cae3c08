"""The browser build's step ``wasm``: the engine's C core (``reversi/native``) compiled to
``dist/wasm/engine.wasm`` with Debian's ``clang --target=wasm32`` and ``wasm-ld`` (no
libc, no Emscripten). Without them the step says so once and leaves no ``engine.wasm``:
the worker then searches with the Python code.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from reversi.web.dist_files import BEST_QUALITY, DIST, REPO, compress, digest, stamp_ok

#: The engine's C core: its C files but the CPython extension's, and wasm_glue.c, what
#: engine.wasm adds to it (exports: every ``rv_`` function of core.h and of the glue)
NATIVE = REPO / "reversi" / "native"
WASM_GLUE = NATIVE / "wasm_glue.c"
WASM_FLAGS = (
    "--target=wasm32",
    "-std=c11",
    "-O3",
    "-ffreestanding",
    "-nostdlib",
    "-mbulk-memory",  # struct copies and clears become memory.copy / memory.fill
    "-Wall",
    "-Wextra",
    "-Werror",
    "-Wl,--no-entry",
    "-Wl,--strip-all",
    "-Wl,--stack-first",  # an overflow traps instead of overwriting the static data
    "-Wl,-z,stack-size=1048576",
)


def wasm_compiler() -> str | None:
    """Debian's clang when it can build for wasm32 (with lld's ``wasm-ld``), else None."""
    for name in ("clang", *(f"clang-{v}" for v in range(20, 13, -1))):
        clang = shutil.which(name)
        if clang is None:
            continue
        with tempfile.TemporaryDirectory() as folder:
            output = str(Path(folder) / "probe.wasm")
            probe = subprocess.run(
                [
                    clang,
                    "--target=wasm32",
                    "-nostdlib",
                    "-Wl,--no-entry",
                    "-x",
                    "c",
                    "-",
                    "-o",
                    output,
                ],
                input="int f(void) { return 0; }\n",
                capture_output=True,
                text=True,
            )
        if probe.returncode == 0:
            return clang
    return None


def wasm_exports(header: Path) -> list[str]:
    """The core's functions engine.wasm exports: every ``rv_`` function of its header
    (the glue's own carry their export names)."""
    return sorted(set(re.findall(r"^[a-z_][\w \t*]*?\b(rv_\w+)\(", header.read_text(), re.M)))


def wasm_sources() -> list[Path]:
    """The C files engine.wasm is built from: the core's and the glue."""
    return sorted(
        path
        for path in NATIVE.glob("*.c")
        if "<Python.h>" not in path.read_text() and '"Python.h"' not in path.read_text()
    )


def build_wasm() -> bool | str:
    """``dist/wasm/engine.wasm``: the core, optimised, freestanding, with the host's
    clock imported (``env.now``) and its memory and functions exported."""
    out = DIST / "wasm"
    sources = wasm_sources()
    header = NATIVE / "core.h"
    clang = wasm_compiler()
    if clang is None or not header.exists() or len(sources) < 2:
        shutil.rmtree(out, ignore_errors=True)  # never a stale engine beside new Python files
        missing = "kein clang mit wasm-ld" if clang is None else "kein C-Kern"
        note = f"übersprungen: {missing}, der Worker rechnet mit Python"
        skipped = DIST / ".wasm-skipped"  # said once, not on every run
        if skipped.exists() and skipped.read_text() == note:
            return False
        DIST.mkdir(parents=True, exist_ok=True)
        skipped.write_text(note)
        return note
    version = subprocess.run([clang, "--version"], capture_output=True, text=True).stdout
    key = digest([*sources, *NATIVE.glob("*.h")], version + " ".join(WASM_FLAGS))
    if stamp_ok(out, key):
        return False
    new = DIST / "wasm.new"
    shutil.rmtree(new, ignore_errors=True)
    new.mkdir(parents=True)
    exports = [f"-Wl,--export={name}" for name in wasm_exports(header)]
    result = subprocess.run(
        [clang, *WASM_FLAGS, *exports, "-o", str(new / "engine.wasm"), *map(str, sources)],
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        shutil.rmtree(new, ignore_errors=True)
        raise SystemExit(f"reversi.web.build: engine.wasm failed:\n{result.stderr[-4000:]}")
    compress(new, quality=BEST_QUALITY)
    (new / ".stamp").write_text(key)
    shutil.rmtree(out, ignore_errors=True)
    new.rename(out)
    (DIST / ".wasm-skipped").unlink(missing_ok=True)
    return True
