"""Builds what the browser loads besides the static client: ``python -m reversi.web.build``.

1. ``npm ci`` installs Pyodide (and axe-core for the browser tests) into
   ``reversi/web/node_modules`` from the pinned ``package-lock.json``.
2. Pyodide's runtime files are copied to ``reversi/web/dist/pyodide/``.
3. Pyodide's own CPython, run under Node, trims the standard library to what the
   worker imports and precompiles it and the reversi package to ``.pyc``
   (``dist/py/stdlib.zip``, ``dist/py/reversi.zip``; see tools/web/pybuild.mjs).
4. Every file in ``dist/`` gets a brotli (``.br``) and a gzip (``.gz``) twin.

Each step is skipped when its inputs have not changed, so running it again is quick.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

WEB = Path(__file__).resolve().parent
REPO = WEB.parent.parent
DIST = WEB / "dist"
NODE_MODULES = WEB / "node_modules"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
#: The Python sources shipped to the browser; a change to any of them rebuilds the zips.
PY_SOURCES = ("reversi/__init__.py", "reversi/engine", "reversi/ai", "reversi/web/__init__.py",
              "reversi/web/session.py", "tools/web/pybuild.mjs", "tools/web/pybuild_inside.py")
#: The files of those folders that go along: modules, and data read with pkgutil (the weights).
SHIPPED_SUFFIXES = (".py", ".bin")


def pyodide_version() -> str:
    lock = json.loads((WEB / "package-lock.json").read_text())
    return str(lock["packages"]["node_modules/pyodide"]["version"])


def _log(quiet: bool, text: str) -> None:
    if not quiet:
        print(f"reversi.web.build: {text}", file=sys.stderr)


def _digest(paths: Iterable[Path], extra: str = "") -> str:
    sha = hashlib.sha256(extra.encode())
    for path in sorted(paths):
        sha.update(str(path.relative_to(REPO)).encode() + b"\0" + path.read_bytes() + b"\0")
    return sha.hexdigest()


def _sources() -> list[Path]:
    files: list[Path] = []
    for entry in PY_SOURCES:
        path = REPO / entry
        if path.is_dir():
            files.extend(p for p in path.rglob("*") if p.suffix in SHIPPED_SUFFIXES
                         and "__pycache__" not in p.parts)
        elif path.exists():
            files.append(path)
    return files


def _stamp_ok(folder: Path, key: str) -> bool:
    stamp = folder / ".stamp"
    return stamp.exists() and stamp.read_text() == key


def _compress(folder: Path, quality: int) -> None:
    import brotli  # type: ignore[import-untyped]

    for path in sorted(folder.iterdir()):
        if path.suffix in (".br", ".gz") or path.name.startswith("."):
            continue
        data = path.read_bytes()
        Path(f"{path}.br").write_bytes(brotli.compress(data, quality=quality))
        Path(f"{path}.gz").write_bytes(gzip.compress(data, 9, mtime=0))


def npm_install(quiet: bool) -> None:
    installed = NODE_MODULES / "pyodide" / "package.json"
    if installed.exists() and json.loads(installed.read_text())["version"] == pyodide_version() \
            and (NODE_MODULES / "axe-core").exists():
        return
    _log(quiet, "npm ci (pyodide, axe-core)")
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                   cwd=WEB, check=True, stdout=subprocess.DEVNULL if quiet else None)


def build_pyodide(quiet: bool) -> None:
    out = DIST / "pyodide"
    key = pyodide_version()
    if _stamp_ok(out, key):
        return
    _log(quiet, f"Pyodide {key}: copying and compressing (brotli, about a minute)")
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(NODE_MODULES / "pyodide" / name, out / name)
    _compress(out, quality=11)
    (out / ".stamp").write_text(key)


def build_python(quiet: bool, force: bool = False) -> None:
    out = DIST / "py"
    key = _digest(_sources(), pyodide_version())
    if not force and _stamp_ok(out, key):
        return
    _log(quiet, "trimming and precompiling the standard library with Pyodide under Node")
    # built aside and swapped in at the end: a failed build keeps the last good one
    new = DIST / "py.new"
    shutil.rmtree(new, ignore_errors=True)
    new.mkdir(parents=True)
    result = subprocess.run(
        ["node", str(REPO / "tools/web/pybuild.mjs"), str(NODE_MODULES / "pyodide"),
         str(REPO), str(new)],
        capture_output=True, text=True,
    )
    if result.returncode != 0:
        shutil.rmtree(new, ignore_errors=True)
        raise SystemExit(f"reversi.web.build: Pyodide build failed:\n{result.stderr[-4000:]}")
    _log(quiet, result.stdout.strip())
    _compress(new, quality=9)
    (new / ".stamp").write_text(key)
    shutil.rmtree(out, ignore_errors=True)
    new.rename(out)


def build(quiet: bool = False, force: bool = False) -> None:
    if shutil.which("node") is None or shutil.which("npm") is None:
        raise SystemExit("reversi.web.build: needs Node.js and npm (apt-get install nodejs npm)")
    npm_install(quiet)
    build_pyodide(quiet)
    build_python(quiet, force)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m reversi.web.build", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-q", "--quiet", action="store_true", help="print only errors")
    parser.add_argument("--force", action="store_true", help="rebuild the Python zips")
    args = parser.parse_args(argv)
    build(quiet=args.quiet, force=args.force)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
