"""The client's files: versioned URLs, compression and cache headers.

Three folders are served, each under a URL that changes when its content does, so
they can be cached for a year (``immutable``) and the service worker's precache is
filled from the HTTP cache:

* ``/app/<hash>/…``      the static client (reversi/web/static) with its vendored template
  library under ``vendor/`` (reversi/web/dist/vendor) and the app's manifest and icons
  under ``icons/`` (reversi/web/dist/icons), compressed in memory;
* ``/pyodide/<version>/…`` Pyodide's runtime (reversi/web/dist/pyodide), precompressed;
* ``/py/<hash>/…``       the trimmed standard library and the reversi package as .pyc,
  and beside them the engine's C core as ``engine.wasm`` (reversi/web/dist/wasm) when
  the build could compile it.

The pages themselves (HTML) and ``/sw.js`` are never cached by HTTP: the service worker
fetches them network-first.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import mimetypes
from dataclasses import dataclass, field
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
STATIC = WEB / "static"
DIST = WEB / "dist"

IMMUTABLE = "public, max-age=31536000, immutable"
NO_CACHE = "no-cache"
#: Files of the static folder that are templates, not served as they are.
TEMPLATES = frozenset({"index.html", "sw.js"})
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
}
COMPRESSIBLE = frozenset(
    {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".wasm", ".zip"}
)


#: The engine's C core for the worker, served beside the Python files (optional).
WASM = "engine.wasm"


class AssetsMissing(RuntimeError):
    """The build has not run: ``python -m reversi.web.build`` (dev/setup runs it)."""


def content_type(name: str) -> str:
    suffix = Path(name).suffix
    return TYPES.get(suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"


@dataclass
class Asset:
    """One served file and its compressed twins (bytes in memory, or paths on disk)."""

    name: str
    content_type: str
    etag: str
    plain: bytes | Path
    encoded: dict[str, bytes | Path] = field(default_factory=dict)  # "br"/"gzip" → body

    def size(self, encoding: str | None = None) -> int:
        body = self.encoded[encoding] if encoding else self.plain
        return len(body) if isinstance(body, bytes) else body.stat().st_size


def _memory_asset(name: str, data: bytes) -> Asset:
    etag = hashlib.sha256(data).hexdigest()[:16]
    asset = Asset(name, content_type(name), etag, data)
    if Path(name).suffix in COMPRESSIBLE and len(data) > 512:
        import brotli  # type: ignore[import-untyped]

        asset.encoded["br"] = brotli.compress(data, quality=9)
        asset.encoded["gzip"] = gzip.compress(data, 9, mtime=0)
    return asset


def _disk_asset(path: Path) -> Asset:
    sha = hashlib.sha256()
    with path.open("rb") as file:
        for chunk in iter(lambda: file.read(1 << 20), b""):
            sha.update(chunk)
    asset = Asset(path.name, content_type(path.name), sha.hexdigest()[:16], path)
    for suffix, encoding in ((".br", "br"), (".gz", "gzip")):
        twin = path.with_name(path.name + suffix)
        if twin.exists():
            asset.encoded[encoding] = twin
    return asset


def _digest(assets: dict[str, Asset]) -> str:
    sha = hashlib.sha256()
    for name in sorted(assets):
        sha.update(f"{name}\0{assets[name].etag}\0".encode())
    return sha.hexdigest()[:12]


@dataclass
class Bundle:
    """Everything the server hands out, loaded once at start-up."""

    app: dict[str, Asset]
    pyodide: dict[str, Asset]
    py: dict[str, Asset]
    app_hash: str
    pyodide_version: str
    py_hash: str
    index_template: str
    sw_template: str
    pyodide_lock_info: dict[str, str]

    @property
    def version(self) -> str:
        return hashlib.sha256(
            f"{self.app_hash}/{self.pyodide_version}/{self.py_hash}".encode()
        ).hexdigest()[:12]

    @property
    def app_base(self) -> str:
        return f"/app/{self.app_hash}/"

    @property
    def pyodide_base(self) -> str:
        return f"/pyodide/{self.pyodide_version}/"

    @property
    def py_base(self) -> str:
        return f"/py/{self.py_hash}/"

    def config(self, hall: dict[str, object] | None = None) -> dict[str, object]:
        """What the page tells the worker (where Pyodide and the Python files are) and
        the pages (``hall``: facts of the server the client must not repeat)."""
        return {
            "version": self.version,
            "app": self.app_base,
            "pyodide": self.pyodide_base,
            "stdlib": self.py_base + "stdlib.zip",
            "reversi": self.py_base + "reversi.zip",
            "wasm": self.py_base + WASM if WASM in self.py else None,
            "lock": {"info": self.pyodide_lock_info, "packages": {}},
            "hall": hall or {},
        }

    def precache(self) -> list[str]:
        """Every URL the service worker stores for offline play."""
        urls = ["/"]
        urls += [self.app_base + name for name in sorted(self.app)]
        urls += [
            self.pyodide_base + name for name in sorted(self.pyodide) if name != "pyodide-lock.json"
        ]  # the page passes an empty lock file
        urls += [
            self.py_base + name for name in ("stdlib.zip", "reversi.zip", WASM) if name in self.py
        ]
        return urls

    def page(self, hall: dict[str, object] | None = None) -> str:
        config = json.dumps(self.config(hall), separators=(",", ":"))
        return (
            self.index_template.replace("%APP%", self.app_base)
            .replace("%CONFIG%", config)
            .replace("%VERSION%", self.version)
        )

    def service_worker(self) -> str:
        build = json.dumps({"version": self.version, "precache": self.precache()}, indent=1)
        return self.sw_template.replace("/*BUILD*/{}", build)


def load_bundle(static: Path = STATIC, dist: Path = DIST) -> Bundle:
    app = {
        str(path.relative_to(static)): _memory_asset(path.name, path.read_bytes())
        for path in sorted(static.rglob("*"))
        if path.is_file() and str(path.relative_to(static)) not in TEMPLATES
    }
    vendor_dir, icons_dir = dist / "vendor", dist / "icons"
    pyodide_dir, py_dir = dist / "pyodide", dist / "py"
    app |= {
        str(path.relative_to(dist)): _memory_asset(path.name, path.read_bytes())
        for folder in (vendor_dir, icons_dir)
        for path in sorted(folder.rglob("*"))
        if path.is_file() and not path.name.startswith(".")
    }
    if not all(
        (folder / ".stamp").exists() for folder in (vendor_dir, icons_dir, pyodide_dir, py_dir)
    ):
        raise AssetsMissing(
            f"the browser's Python files are missing in {dist}: run `python -m reversi.web.build`"
            " (dev/setup does)"
        )

    def served(folder: Path) -> dict[str, Asset]:
        return {
            p.name: _disk_asset(p)
            for p in sorted(folder.iterdir())
            if p.is_file() and p.suffix not in (".br", ".gz") and not p.name.startswith(".")
        }

    pyodide, py = served(pyodide_dir), served(py_dir)
    wasm_dir = dist / "wasm"
    if (wasm_dir / ".stamp").exists() and (wasm_dir / WASM).exists():
        py[WASM] = _disk_asset(wasm_dir / WASM)
    return Bundle(
        app=app,
        pyodide=pyodide,
        py=py,
        app_hash=_digest(app),
        pyodide_version=(pyodide_dir / ".stamp").read_text().strip(),
        py_hash=_digest(py),
        index_template=(static / "index.html").read_text(),
        sw_template=(static / "sw.js").read_text(),
        pyodide_lock_info=json.loads((pyodide_dir / "pyodide-lock.json").read_text())["info"],
    )
