"""Builds what the browser loads besides the static client: ``python -m reversi.web.build``.

1. ``npm ci`` installs Pyodide (and axe-core for the browser tests) into
   ``reversi/web/node_modules`` from the pinned ``package-lock.json``.
2. Pyodide's runtime files are copied to ``reversi/web/dist/pyodide/``, and the
   client's template library (lit-html, ES modules) to ``reversi/web/dist/vendor/``.
   The web app's icons (192, 512 and a maskable 512 px PNG) are drawn from
   ``static/icon.svg`` with resvg, and its manifest is written with the German names of
   ``static/de.json``, into ``reversi/web/dist/icons/`` (tools/web/icons.mjs).
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
#: npm packages the client imports as ES modules, served as ``/app/<hash>/vendor/<package>/``
VENDORED = ("lit-html",)
#: npm packages the build and the tests use
TOOLS = ("axe-core", "typescript", "@resvg/resvg-js")
#: The Python sources shipped to the browser; a change to any of them rebuilds the zips.
PY_SOURCES = ("reversi/__init__.py", "reversi/engine", "reversi/ai", "reversi/web/__init__.py",
              "reversi/web/session.py", "tools/web/pybuild.mjs", "tools/web/pybuild_inside.py")


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
            files.extend(p for p in path.rglob("*.py") if "__pycache__" not in p.parts)
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
    lock = json.loads((WEB / "package-lock.json").read_text())["packages"]

    def installed(name: str) -> bool:
        manifest = NODE_MODULES / name / "package.json"
        return manifest.exists() and \
            json.loads(manifest.read_text())["version"] == lock[f"node_modules/{name}"]["version"]

    if not all(installed(name) for name in ("pyodide", *TOOLS, *VENDORED)):
        _log(quiet, "npm ci (pyodide, lit-html, resvg, typescript, axe-core)")
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                       cwd=WEB, check=True, stdout=subprocess.DEVNULL if quiet else None)
    # the JS check (reversi/web/jsconfig.json) finds lit-html's types where the pages
    # import it from: ../vendor/lit-html/
    link = NODE_MODULES / ".jscheck" / "vendor" / "lit-html"
    if not link.exists():
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(Path("..") / ".." / "lit-html")


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


def _vendor_files(package: Path) -> list[Path]:
    """A package's production modules: its top-level and directives' ``.js`` and its licence."""
    files = [package / "LICENSE", *package.glob("*.js"), *(package / "directives").glob("*.js")]
    return sorted(path for path in files if path.is_file())


def build_vendor(quiet: bool) -> None:
    out = DIST / "vendor"
    packages = [NODE_MODULES / name for name in VENDORED]
    key = _digest([path for package in packages for path in _vendor_files(package)])
    if _stamp_ok(out, key):
        return
    _log(quiet, "copying " + ", ".join(VENDORED))
    shutil.rmtree(out, ignore_errors=True)
    for package in packages:
        for path in _vendor_files(package):
            target = out / package.name / path.relative_to(package)
            target.parent.mkdir(parents=True, exist_ok=True)
            lines = path.read_text().splitlines()  # the source maps are not shipped
            target.write_text("".join(f"{line}\n" for line in lines
                                      if not line.startswith("//# sourceMappingURL=")))
    (out / ".stamp").write_text(key)


def manifest(texts: dict[str, str]) -> dict[str, object]:
    """The web app manifest: German names, the hall's colours, the icons beside it."""
    icons = [{"src": "icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
             {"src": "icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
             {"src": "icon-maskable-512.png", "sizes": "512x512", "type": "image/png",
              "purpose": "maskable"}]
    return {"id": "/", "name": texts["manifest.name"], "short_name": texts["manifest.short_name"],
            "description": texts["manifest.description"], "lang": "de", "start_url": "/",
            "scope": "/", "display": "standalone", "theme_color": "#1f6b45",
            "background_color": "#f4f1ea", "icons": icons}


def build_icons(quiet: bool) -> None:
    out = DIST / "icons"
    sources = [WEB / "static" / "icon.svg", WEB / "static" / "de.json",
               REPO / "tools/web/icons.mjs", Path(__file__)]
    key = _digest(sources)
    if _stamp_ok(out, key):
        return
    _log(quiet, "drawing the app icons and writing the manifest")
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    result = subprocess.run(
        ["node", str(REPO / "tools/web/icons.mjs"), str(NODE_MODULES), str(sources[0]), str(out)],
        capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"reversi.web.build: icons failed:\n{result.stderr[-4000:]}")
    texts = json.loads(sources[1].read_text())
    (out / "manifest.webmanifest").write_text(
        json.dumps(manifest(texts), ensure_ascii=False, indent=1) + "\n")
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
    build_vendor(quiet)
    build_icons(quiet)
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
