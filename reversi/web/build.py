"""Builds what the browser loads besides the static client: ``python -m reversi.web.build``.

1. ``npm ci`` installs Pyodide, lit-html, and the build's and tests' tools (resvg,
   TypeScript, axe-core) into ``reversi/web/node_modules`` from the pinned
   ``package-lock.json``.
2. Pyodide's runtime files are copied to ``reversi/web/dist/pyodide/`` and compressed
   (or taken from the machine's build cache, see :func:`build_cache`); the client's
   template library (lit-html, ES modules) is copied to ``reversi/web/dist/vendor/``;
   the web app's icons (192, 512 and a maskable 512 px PNG) are drawn from
   ``static/icon.svg`` with resvg and its manifest is written with the German names of
   ``static/de.json`` into ``reversi/web/dist/icons/`` (tools/web/icons.mjs).
3. Pyodide's own CPython, run under Node, trims the standard library to what the
   worker imports and precompiles it and the reversi package to ``.pyc``
   (``dist/py/stdlib.zip``, ``dist/py/reversi.zip``; see tools/web/pybuild.mjs).
4. The engine's C core (``reversi/native``) is compiled to ``dist/wasm/engine.wasm``
   with Debian's ``clang --target=wasm32`` and ``wasm-ld`` (no libc, no Emscripten; see
   :func:`~reversi.web.engine_wasm.build_wasm`). Without them the step says so and
   leaves no ``engine.wasm``: the worker then searches with the Python code.
5. Every file in ``dist/`` gets a brotli (``.br``) and a gzip (``.gz``) twin.

The wheel carries ``static/`` and ``dist/``: its build step (setup.py) runs this first.

Each step is skipped when its inputs have not changed, so running it again is quick.
Steps 2 and 3 run side by side (each keeps one core busy: brotli at quality 11 on
Pyodide's wasm, Pyodide's CPython under Node). A step that did work prints one German
line with its duration. ``--step`` runs single steps. The build imports only the
standard library, the engine (``reversi/__init__.py``) and its own modules
(``dist_files.py``: the output folder, stamps and compression; ``engine_wasm.py``: step
4), and brotli to compress: dev/setup runs step 1 with any Python 3.11 and steps 2 and
3 as soon as ``.venv`` has brotli, beside the installation of the rest of the Python
environment.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from reversi.web.dist_files import (
    BEST_QUALITY,
    DIST,
    NODE_MODULES,
    REPO,
    WEB,
    compress,
    digest,
    seconds,
    stamp_ok,
)
from reversi.web.engine_wasm import build_wasm

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
#: npm packages the client imports as ES modules, served as ``/app/<hash>/vendor/<package>/``
VENDORED = ("lit-html",)
#: npm packages the build and the tests use
TOOLS = ("axe-core", "typescript", "@resvg/resvg-js")
#: The Python sources shipped to the browser (reversi.zip; pybuild_inside.py is given them)
SHIPPED = (
    "reversi/__init__.py",
    "reversi/engine",
    "reversi/ai",
    "reversi/web/__init__.py",
    "reversi/web/protocol.py",
    "reversi/web/positions.py",
    "reversi/web/session.py",
    "reversi/web/replay.py",
    "reversi/web/wasm.py",
    "reversi/web/values.py",
    "reversi/web/engines.py",
    "reversi/web/editor.py",
)
#: Modules of those folders that no shipped module imports: the server's and the
#: benchmarks' (the classic player, matches, the Python search's ProbCut table, the
#: archive's WTHOR reader, the places of the Legenden's stored progress)
LEFT_OUT = (
    "reversi/ai/classic.py",
    "reversi/ai/legenden_places.py",
    "reversi/ai/match.py",
    "reversi/ai/probcut.py",
    "reversi/engine/wthor.py",
)
#: a change to any of these rebuilds the zips
PY_SOURCES = (*SHIPPED, "tools/web/pybuild.mjs", "tools/web/pybuild_inside.py")
#: The files of those folders that go along: modules, and data read with pkgutil (the weights,
#: the opening book).
SHIPPED_SUFFIXES = (".py", ".bin")


def pyodide_version() -> str:
    lock = json.loads((WEB / "package-lock.json").read_text())
    return str(lock["packages"]["node_modules/pyodide"]["version"])


def _step(quiet: bool, title: str, run: Callable[[], bool | str]) -> None:
    """Runs one step; when it did work, prints ``title … 4,2 s``.

    ``run`` returns False when its inputs had not changed, True when it did its work,
    or a note on how it did it, which the line gives in brackets.
    """
    began = time.monotonic()
    done = run()
    if done and not quiet:
        note = f" ({done})" if isinstance(done, str) else ""
        print(f"  {title}{note} … {seconds(time.monotonic() - began)}", file=sys.stderr, flush=True)


def _sources() -> list[Path]:
    files: list[Path] = []
    for entry in PY_SOURCES:
        path = REPO / entry
        if path.is_dir():
            files.extend(
                p
                for p in path.rglob("*")
                if p.suffix in SHIPPED_SUFFIXES
                and "__pycache__" not in p.parts
                and str(p.relative_to(REPO)) not in LEFT_OUT
            )
        elif path.exists():
            files.append(path)
    return files


def npm_install() -> bool:
    lock = json.loads((WEB / "package-lock.json").read_text())["packages"]

    def installed(name: str) -> bool:
        manifest = NODE_MODULES / name / "package.json"
        return (
            manifest.exists()
            and json.loads(manifest.read_text())["version"]
            == lock[f"node_modules/{name}"]["version"]
        )

    did = False
    if not all(installed(name) for name in ("pyodide", *TOOLS, *VENDORED)):
        result = subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=WEB,
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            raise SystemExit(f"reversi.web.build: npm ci failed:\n{result.stdout}{result.stderr}")
        did = True
    # the JS check (reversi/web/jsconfig.json) finds lit-html's types where the pages
    # import it from: ../vendor/lit-html/
    link = NODE_MODULES / ".jscheck" / "vendor" / "lit-html"
    if not link.exists():
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(Path("..") / ".." / "lit-html")
    return did


def build_cache() -> Path | None:
    """Where Pyodide's compressed files are kept for the next clone on this machine.

    ``REVERSI_BUILD_CACHE`` names the folder (empty: no cache); by default it is
    ``reversi`` in the user's cache folder. Pyodide's files change only with its version,
    and brotli at quality 11 takes half a minute on the wasm.
    """
    folder = os.environ.get("REVERSI_BUILD_CACHE")
    if folder is None:
        return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "reversi"
    return Path(folder) if folder else None


def build_pyodide(quiet: bool = False) -> bool | str:
    out = DIST / "pyodide"
    key = pyodide_version()
    if stamp_ok(out, key):
        return False
    cache = build_cache()
    cached = cache / f"pyodide-{key}-br{BEST_QUALITY}" if cache else None
    shutil.rmtree(out, ignore_errors=True)
    if cached and stamp_ok(cached, key):
        shutil.copytree(cached, out, ignore=shutil.ignore_patterns(".stamp"))
        (out / ".stamp").write_text(key)
        return f"aus {cached}"
    out.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(NODE_MODULES / "pyodide" / name, out / name)
    compress(out, quality=BEST_QUALITY, progress="Pyodide komprimieren", quiet=quiet)
    (out / ".stamp").write_text(key)
    if cached:
        with contextlib.suppress(OSError):  # a read-only or full cache costs only time
            aside = cached.with_name(f"{cached.name}.{os.getpid()}")
            shutil.copytree(out, aside, dirs_exist_ok=True)
            shutil.rmtree(cached, ignore_errors=True)
            aside.rename(cached)
    return "kopiert, mit brotli und gzip komprimiert"


def _vendor_files(package: Path) -> list[Path]:
    """A package's production modules: its top-level and directives' ``.js`` and its licence."""
    files = [package / "LICENSE", *package.glob("*.js"), *(package / "directives").glob("*.js")]
    return sorted(path for path in files if path.is_file())


def build_vendor() -> bool:
    out = DIST / "vendor"
    packages = [NODE_MODULES / name for name in VENDORED]
    key = digest([path for package in packages for path in _vendor_files(package)])
    if stamp_ok(out, key):
        return False
    shutil.rmtree(out, ignore_errors=True)
    for package in packages:
        for path in _vendor_files(package):
            target = out / package.name / path.relative_to(package)
            target.parent.mkdir(parents=True, exist_ok=True)
            lines = path.read_text().splitlines()  # the source maps are not shipped
            target.write_text(
                "".join(
                    f"{line}\n" for line in lines if not line.startswith("//# sourceMappingURL=")
                )
            )
    (out / ".stamp").write_text(key)
    return True


def manifest(texts: dict[str, str]) -> dict[str, object]:
    """The web app manifest: German names, the hall's colours, the icons beside it."""
    icons = [
        {"src": "icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
        {"src": "icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
        {
            "src": "icon-maskable-512.png",
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    return {
        "id": "/",
        "name": texts["manifest.name"],
        "short_name": texts["manifest.short_name"],
        "description": texts["manifest.description"],
        "lang": "de",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": "#1f6b45",
        "background_color": "#f4f1ea",
        "icons": icons,
    }


def build_icons() -> bool:
    out = DIST / "icons"
    sources = [
        WEB / "static" / "icon.svg",
        WEB / "static" / "de.json",
        REPO / "tools/web/icons.mjs",
        Path(__file__),
    ]
    key = digest(sources)
    if stamp_ok(out, key):
        return False
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    result = subprocess.run(
        ["node", str(REPO / "tools/web/icons.mjs"), str(NODE_MODULES), str(sources[0]), str(out)],
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        raise SystemExit(f"reversi.web.build: icons failed:\n{result.stderr[-4000:]}")
    texts = json.loads(sources[1].read_text())
    (out / "manifest.webmanifest").write_text(
        json.dumps(manifest(texts), ensure_ascii=False, indent=1) + "\n"
    )
    (out / ".stamp").write_text(key)
    return True


def build_python(force: bool = False) -> bool:
    out = DIST / "py"
    key = digest(_sources(), pyodide_version())
    if not force and stamp_ok(out, key):
        return False
    # built aside and swapped in at the end: a failed build keeps the last good one
    new = DIST / "py.new"
    shutil.rmtree(new, ignore_errors=True)
    new.mkdir(parents=True)
    result = subprocess.run(
        [
            "node",
            str(REPO / "tools/web/pybuild.mjs"),
            str(NODE_MODULES / "pyodide"),
            str(REPO),
            str(new),
            json.dumps({"reversi": SHIPPED, "suffixes": SHIPPED_SUFFIXES, "left_out": LEFT_OUT}),
        ],
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        shutil.rmtree(new, ignore_errors=True)
        raise SystemExit(f"reversi.web.build: Pyodide build failed:\n{result.stderr[-4000:]}")
    compress(new, quality=9)
    (new / ".stamp").write_text(key)
    shutil.rmtree(out, ignore_errors=True)
    new.rename(out)
    return True


STEPS = ("npm", "pyodide", "vendor", "icons", "python", "wasm")


def build(quiet: bool = False, force: bool = False, steps: Iterable[str] = STEPS) -> None:
    if shutil.which("node") is None or shutil.which("npm") is None:
        raise SystemExit("reversi.web.build: needs Node.js and npm (apt-get install nodejs npm)")
    steps = set(steps)
    if "npm" in steps:
        _step(
            quiet,
            "Node-Pakete (npm ci: Pyodide, lit-html, resvg, TypeScript, axe-core)",
            npm_install,
        )
    if "vendor" in steps:
        _step(quiet, "lit-html für die Seiten", build_vendor)
    if "icons" in steps:
        _step(quiet, "App-Symbole und Manifest", build_icons)
    if "wasm" in steps:
        _step(quiet, "Engine als WebAssembly (clang, wasm-ld)", build_wasm)
    version = pyodide_version()
    with ThreadPoolExecutor(max_workers=2) as pool:
        running = []
        if "pyodide" in steps:
            running.append(
                pool.submit(_step, quiet, f"Pyodide {version}", lambda: build_pyodide(quiet))
            )
        if "python" in steps:
            running.append(
                pool.submit(
                    _step, quiet, "Standardbibliothek vorkompilieren", lambda: build_python(force)
                )
            )
        for future in running:
            future.result()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m reversi.web.build",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="print only errors")
    parser.add_argument("--force", action="store_true", help="rebuild the Python zips")
    parser.add_argument(
        "--step",
        action="append",
        choices=STEPS,
        help="run only this step (repeatable; default: all)",
    )
    args = parser.parse_args(argv)
    build(quiet=args.quiet, force=args.force, steps=args.step or STEPS)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
