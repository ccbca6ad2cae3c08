"""The hall as a web app: its manifest and icons, Chromium's installability check, and
the notice when a new build's service worker has taken over (never a silent reload)."""

from __future__ import annotations

import struct
import sys
from typing import Any

from tests.processes import ServerProcess, free_port

from .conftest import ARTIFACTS

#: ``reversi serve`` with a service worker one byte different: the next build
NEXT_BUILD = """
import uvicorn
from reversi.server.app import create_app
from reversi.server.http.assets import load_bundle
bundle = load_bundle()
bundle.sw_template += "\\n// the next build\\n"
uvicorn.run(create_app(bundle=bundle), host="127.0.0.1", port={port}, log_level="warning",
            timeout_graceful_shutdown=1)
"""


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_is_german_and_its_icons_are_drawn(page: Any, server: Any) -> None:
    for path in ("/", "/allein", "/bilanz", "/rangliste", "/weiter"):
        page.goto(server.url + path)
        assert page.locator("link[rel=manifest]").count() == 1, path
    href = page.get_attribute("link[rel=manifest]", "href")
    response = page.request.get(server.url + href)
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = response.json()
    assert manifest["name"] == "Reversi-Halle" and manifest["short_name"] == "Reversi"
    assert manifest["lang"] == "de" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["theme_color"] and manifest["background_color"]
    sizes = {}
    for icon in manifest["icons"]:
        data = page.request.get(server.url + href.rsplit("/", 1)[0] + "/" + icon["src"]).body()
        sizes[icon["purpose"], icon["sizes"]] = png_size(data)
    assert sizes == {
        ("any", "192x192"): (192, 192),
        ("any", "512x512"): (512, 512),
        ("maskable", "512x512"): (512, 512),
    }


def test_chromium_finds_the_hall_installable(page: Any, server: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # controlled by its service worker now
    page.wait_for_function("!!navigator.serviceWorker.controller")
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's browser contexts are incognito profiles: that one is the test's, not the hall's
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == [], errors


def test_a_new_build_says_so_and_reloads_only_when_asked(
    browser: Any, built: None, console: Any
) -> None:
    port = free_port()
    first = ServerProcess(
        [sys.executable, "-m", "reversi", "serve", "--port", str(port)],
        port,
        ARTIFACTS / f"install-{port}.log",
    )
    second = ServerProcess(
        [sys.executable, "-c", NEXT_BUILD.format(port=port)],
        port,
        ARTIFACTS / f"install-next-{port}.log",
    )
    context = browser.new_context(reduced_motion="reduce")
    try:
        first.start()
        page = context.new_page()
        console.attach(page)
        page.goto(first.url + "/zu-zweit")
        page.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("!!navigator.serviceWorker.controller")
        # the first worker taking over is no update
        assert page.locator("#update-notice p").count() == 0
        page.wait_for_selector("#game[data-state=idle]", state="attached", timeout=60_000)
        page.click("[data-square=d3]")
        page.wait_for_selector("#game[data-ply='1'][data-state=idle]", state="attached")
        first.stop()
        second.start()
        # the browser looks for a new worker (as it does on its own now and then)
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.wait_for_selector("#update-notice p", timeout=60_000)
        assert page.inner_text("#update-notice span") == "Neue Version – neu laden"
        # the game goes on where it was: no reload happened
        assert page.get_attribute("#game", "data-ply") == "1"
        page.click("#update-reload")
        page.wait_for_selector("#game[data-ply='0']", state="attached", timeout=60_000)
        assert page.locator("#update-notice p").count() == 0
    finally:
        context.close()
        first.stop()
        second.stop()
    assert console.errors == []
