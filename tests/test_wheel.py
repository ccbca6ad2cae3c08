"""The wheel is the hall: built from the checkout, installed without its extras into a
fresh environment outside the checkout, ``reversi serve`` started from another folder
serves the page, the service worker, the client's code, Pyodide and the precompiled
Python files, and a solo game runs in the browser on them.

The environment is made and filled by uv (in the dev set, from uv.lock's versions);
installing the same wheel with pip gives the same files.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

import pytest

from tests.processes import REPO, free_port

pytestmark = pytest.mark.slow  # builds a wheel and an environment: about half a minute

UV = Path(sys.executable).with_name("uv")


@dataclass
class InstalledHall:
    url: str
    python: Path
    folder: Path


def _run(argv: list[str | Path], *, cwd: Path, env: dict[str, str]) -> str:
    result = subprocess.run(
        [str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, f"{argv} failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def _clean_env() -> dict[str, str]:
    """This process's environment without what would point the hall at the checkout or
    at another database."""
    return {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("REVERSI_", "PYTHON", "VIRTUAL_ENV"))
    }


def _get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    """Status, headers (names in lower case) and body of a GET."""
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()


def _answers(url: str) -> bool:
    try:
        return _get(url)[0] == 200
    except OSError:
        return False


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InstalledHall]:
    if not UV.exists():
        pytest.fail(f"{UV} is missing: dev/setup installs uv with the dev set")
    folder = tmp_path_factory.mktemp("wheel")
    assert not folder.is_relative_to(REPO)
    env = _clean_env() | {"UV_PYTHON_DOWNLOADS": "never"}
    _run([UV, "build", "--wheel", "--out-dir", folder / "dist", REPO], cwd=REPO, env=env)
    (wheel,) = (folder / "dist").glob("reversi-*.whl")
    constraints = folder / "constraints.txt"
    _run(
        [
            UV,
            "export",
            "--frozen",
            "--no-hashes",
            "--no-emit-project",
            "--all-extras",
            "--format",
            "requirements-txt",
            "--output-file",
            constraints,
        ],
        cwd=REPO,
        env=env,
    )
    venv = folder / "venv"
    _run([UV, "venv", "--python", sys.executable, venv], cwd=folder, env=env)
    python = venv / "bin" / "python"
    _run(
        [UV, "pip", "install", "--python", python, "--constraints", constraints, wheel],
        cwd=folder,
        env=env,
    )

    elsewhere = folder / "elsewhere"
    elsewhere.mkdir()
    port = free_port()
    log = folder / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [venv / "bin" / "reversi", "serve", "--port", str(port)],
            cwd=elsewhere,
            env=_clean_env(),
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while not _answers(url + "/healthz"):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the installed `reversi serve` did not start:\n{log.read_text()}")
            time.sleep(0.1)
        yield InstalledHall(url, python, elsewhere)
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_the_installed_package_is_the_wheel_without_the_extras(hall: InstalledHall) -> None:
    probe = (
        "import importlib.util as u, reversi; print(reversi.__file__); "
        "print([m for m in ('asyncpg', 'redis') if u.find_spec(m)])"
    )
    where, extras = _run([hall.python, "-c", probe], cwd=hall.folder, env=_clean_env()).splitlines()
    assert Path(where).is_relative_to(hall.python.parent.parent)
    assert extras == "[]"
    # the hall's data went to the folder it was started in
    assert (hall.folder / "data" / "reversi.sqlite3").exists()


def test_the_wheel_carries_the_native_core(hall: InstalledHall) -> None:
    probe = (
        "import reversi._native as n, reversi.ai.native as a; print(n.__file__); "
        "print(a.core().perft(0x0000000810000000, 0x0000001008000000, 8))"
    )
    where, leaves = _run([hall.python, "-c", probe], cwd=hall.folder, env=_clean_env()).splitlines()
    assert Path(where).is_relative_to(hall.python.parent.parent)
    assert leaves == "390216"


def test_the_installed_hall_serves_the_client_pyodide_and_the_engine(hall: InstalledHall) -> None:
    status, headers, body = _get(hall.url + "/")
    assert status == 200 and headers["content-type"].startswith("text/html")
    page = body.decode()
    config_text = re.search(r'<script id="config" type="application/json">(.*?)</script>', page)
    assert config_text, page
    config = json.loads(config_text.group(1))

    status, headers, body = _get(hall.url + "/sw.js")
    assert status == 200 and "javascript" in headers["content-type"]
    assert config["version"] in body.decode()

    status, headers, body = _get(hall.url + config["app"] + "js/app.js")
    assert status == 200 and "javascript" in headers["content-type"] and b"import" in body

    wasm = hall.url + config["pyodide"] + "pyodide.asm.wasm"
    status, headers, body = _get(wasm)
    assert status == 200 and headers["content-type"] == "application/wasm"
    assert body[:4] == b"\0asm" and len(body) > 1_000_000
    # the precompressed twin came along too
    status, headers, small = _get(wasm, **{"Accept-Encoding": "br"})
    assert headers.get("content-encoding") == "br" and len(small) < len(body) / 2

    status, headers, body = _get(hall.url + config["reversi"])
    assert status == 200
    names = zipfile.ZipFile(BytesIO(body)).namelist()
    assert any(re.fullmatch(r"reversi/engine/board\..*pyc", name) for name in names), names
    status, _, body = _get(hall.url + config["stdlib"])
    assert status == 200 and zipfile.is_zipfile(BytesIO(body))

    # the engine's C core for the browser, when this machine's build could compile it
    if (Path(__file__).parent.parent / "reversi/web/dist/wasm/engine.wasm").exists():
        assert config["wasm"], "the wheel lacks engine.wasm"
        status, headers, body = _get(hall.url + config["wasm"])
        assert status == 200 and headers["content-type"] == "application/wasm"
        assert body[:4] == b"\0asm"


def test_a_solo_game_runs_in_the_browser_on_the_installed_hall(hall: InstalledHall) -> None:
    from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS

    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: dev/test installs Debian's chromium")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    from playwright.sync_api import expect, sync_playwright

    errors: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(reduced_motion="reduce", locale="de-DE")
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(hall.url + "/allein")
            page.get_by_role("radio", name="Ich", exact=True).check()
            page.get_by_role("button", name="Neues Spiel starten").click()
            # the squares say "erlaubt" once the engine under Pyodide has answered
            page.get_by_role("button", name=re.compile(r"^d3, leer, erlaubt")).click(timeout=60_000)
            # every reply to d3 turns one disc: 3 against 3 after the computer's move
            expect(page.get_by_role("img", name="Steine: Ebenholz 3, Perlmutt 3")).to_be_visible(
                timeout=30_000
            )
        finally:
            browser.close()
    assert errors == []
