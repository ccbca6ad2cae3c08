"""The server's answers: pages, versioned and compressed assets, the service worker."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from reversi.cli import main
from reversi.server.app import PAGES, create_app


@pytest.fixture(scope="module")
def client(built: None) -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


def config(client: TestClient) -> dict[str, str]:
    page = client.get("/").text
    found = re.search(r'<script id="config" type="application/json">(.*?)</script>', page)
    assert found is not None
    cfg: dict[str, str] = json.loads(found.group(1))
    return cfg


@pytest.mark.parametrize("path", PAGES)
def test_pages_are_network_first_html(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["x-reversi-build"] == config(client)["version"]
    assert '<html lang="de">' in response.text


def test_a_tournaments_page_is_the_shell_and_its_scoring_comes_from_the_core(
    client: TestClient,
) -> None:
    response = client.get("/turniere/abcDEF123")
    assert response.status_code == 200 and '<html lang="de">' in response.text
    hall: Any = config(client)["hall"]
    assert hall["tournament"] == {
        "win": 2,
        "draw": 1,
        "loss": 0,
        "bye": 1.0,
        "clocks": ["3+2", "5+3", "10+5"],
        "minutes": [15, 30, 45, 60, 90, 120],
        "rounds": [3, 4, 5, 6, 7, 8, 9],
        "name": {"min": 3, "max": 40},
        "rematch_after": 20,
    }


def test_versioned_files_are_immutable_and_compressed(client: TestClient) -> None:
    cfg = config(client)
    wasm = f"{cfg['pyodide']}pyodide.asm.wasm"
    response = client.get(wasm, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/wasm"
    assert response.headers["content-encoding"] == "br"
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert int(response.headers["content-length"]) < 4_000_000
    assert response.content[:4] == b"\0asm"  # decoded by the client
    gz = client.get(wasm, headers={"Accept-Encoding": "gzip"})
    assert gz.headers["content-encoding"] == "gzip" and gz.content[:4] == b"\0asm"
    plain = client.get(wasm, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.content[:4] == b"\0asm"
    for url in (cfg["stdlib"], cfg["reversi"], f"{cfg['app']}js/app.js", f"{cfg['app']}de.json"):
        response = client.get(url, headers={"Accept-Encoding": "br"})
        assert response.status_code == 200, url
        assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert response.headers["content-encoding"] == "br"
    worker = client.get(f"{cfg['app']}js/worker.js")
    assert worker.headers["content-type"].startswith("text/javascript")


def test_an_etag_answers_304(client: TestClient) -> None:
    url = f"{config(client)['app']}css/app.css"
    etag = client.get(url).headers["etag"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304


def test_old_versions_and_unknown_files_are_404(client: TestClient) -> None:
    assert client.get("/app/000000000000/js/app.js").status_code == 404
    assert client.get("/pyodide/0.0.1/pyodide.mjs").status_code == 404
    assert client.get(f"{config(client)['app']}nothing.js").status_code == 404
    # the templates are not served as files
    assert client.get(f"{config(client)['app']}index.html").status_code == 404


def test_the_service_worker_precaches_everything(client: TestClient) -> None:
    response = client.get("/sw.js")
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["service-worker-allowed"] == "/"
    build = json.loads(re.search(r"const BUILD = (\{.*?\n\});", response.text, re.DOTALL).group(1))  # type: ignore[union-attr]
    cfg = config(client)
    assert build["version"] == cfg["version"]
    urls = build["precache"]
    for needed in (
        "/",
        cfg["stdlib"],
        cfg["reversi"],
        f"{cfg['pyodide']}pyodide.asm.wasm",
        f"{cfg['pyodide']}pyodide.mjs",
        f"{cfg['app']}js/worker.js",
        f"{cfg['app']}js/engines.js",
        f"{cfg['app']}js/engine_worker.js",
        f"{cfg['app']}de.json",
        f"{cfg['app']}css/app.css",
    ):
        assert needed in urls
    for url in urls:
        assert client.head(url).status_code == 200, url


def test_engine_wasm_is_served_versioned_compressed_and_precached(client: TestClient) -> None:
    cfg = config(client)
    if cfg["wasm"] is None:
        pytest.skip("the build has no engine.wasm (no clang with wasm-ld): dev/setup")
    assert cfg["wasm"] == cfg["reversi"].replace("reversi.zip", "engine.wasm")  # /py/<hash>/
    response = client.get(cfg["wasm"], headers={"Accept-Encoding": "br"})
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/wasm"  # streaming compile needs it
    assert response.headers["content-encoding"] == "br"
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert response.content[:4] == b"\0asm"
    build = client.get("/sw.js").text
    assert f'"{cfg["wasm"]}"' in build


def test_without_engine_wasm_the_page_says_so_and_nothing_is_precached(
    built: None, tmp_path: Path
) -> None:
    """A build without clang has no dist/wasm: the worker is told ``wasm: null``."""
    from reversi.server.http.assets import DIST, STATIC, load_bundle

    for name in ("vendor", "icons", "pyodide", "py"):
        (tmp_path / name).symlink_to(DIST / name)
    bundle = load_bundle(STATIC, tmp_path)
    assert bundle.config()["wasm"] is None
    assert not any(url.endswith("engine.wasm") for url in bundle.precache())


def test_the_serve_command_is_there(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = capsys.readouterr().out
    assert "--host" in out and "--port" in out


@pytest.mark.parametrize(
    ("flags", "listens"),
    [
        ([], ("192.0.2.7", 8814)),
        (["--host", "127.0.0.2"], ("127.0.0.2", 8814)),
        (["--port", "9"], ("192.0.2.7", 9)),
    ],
)
def test_serve_listens_where_the_environment_says_unless_a_flag_says_otherwise(
    built: None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    flags: list[str],
    listens: tuple[str, int],
) -> None:
    import uvicorn

    started = []

    class Server:
        def __init__(self, config: uvicorn.Config) -> None:
            started.append((config.host, config.port))

        def run(self) -> None:
            pass

    monkeypatch.setattr(uvicorn, "Server", Server)
    monkeypatch.setenv("REVERSI_HOST", "192.0.2.7")
    monkeypatch.setenv("REVERSI_PORT", "8814")
    monkeypatch.setenv("REVERSI_DATA_DIR", str(tmp_path))
    assert main(["serve", *flags]) == 0
    assert started == [listens]


def test_the_template_library_is_vendored_and_precached(client: TestClient) -> None:
    app = config(client)["app"]
    urls = json.loads(
        re.search(
            r"const BUILD = (\{.*?\n\});",
            client.get("/sw.js").text,  # type: ignore[union-attr]
            re.DOTALL,
        ).group(1)
    )["precache"]
    for name in ("vendor/lit-html/lit-html.js", "vendor/lit-html/directives/class-map.js"):
        response = client.get(app + name)
        assert response.status_code == 200, name
        assert response.headers["content-type"].startswith("text/javascript")
        assert "sourceMappingURL" not in response.text  # the maps are not shipped
        assert app + name in urls


@pytest.mark.parametrize(
    "path",
    [
        "/nirgends",
        "/partie/K7MXRT/mehr",
        "/js/../../etc/passwd",
        "/Regeln",
        "/aufgaben/1",
        "/tisch/",
    ],
)
def test_a_path_without_a_route_is_the_halls_page_with_404(client: TestClient, path: str) -> None:
    """The shell with the header (the client draws the German not-found page in it:
    tests/web/test_addresses.py), not a bare text."""
    response = client.get(path)
    assert response.status_code == 404
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert '<header class="top">' in response.text and 'id="main"' in response.text
    assert client.head(path).status_code == 404


def test_the_api_answers_an_unknown_path_and_a_wrong_method_with_typed_errors(
    client: TestClient,
) -> None:
    missing = client.get("/api/nirgends")
    assert missing.status_code == 404
    assert missing.json() == {
        "error": "not_found",
        "key": "server.no_route",
        "params": {},
        "message": "Diese Seite gibt es hier nicht.",
    }
    wrong = client.delete("/api/me")
    assert wrong.status_code == 405 and "GET" in wrong.headers["allow"]
    assert wrong.json()["error"] == "bad_method"
    assert wrong.json()["message"] == "Diese Anfrage ist hier nicht vorgesehen."
    page = client.post("/regeln")
    assert page.status_code == 405 and page.text == "Diese Anfrage ist hier nicht vorgesehen."
