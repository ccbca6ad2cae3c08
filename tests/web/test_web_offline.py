"""Offline: after one visit the service worker has everything, and solo play works
with the server gone."""

from __future__ import annotations

from typing import Any

from .conftest import Server
from .helpers import open_game, play, squares, view, wait_idle, wait_ply
from .test_web_browser import needs_ai, play_solo_to_the_end

PRECACHED = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const build = document.body.dataset.build;
  const cache = await caches.open('reversi-' + build);
  const keys = (await cache.keys()).map((r) => new URL(r.url).pathname);
  return {active: !!registration.active, keys};
}"""


@needs_ai
def test_solo_starts_and_plays_with_the_server_gone(browser: Any, built: None,
                                                    console: Any) -> None:
    server = Server().start()
    context = browser.new_context(reduced_motion="reduce")
    try:
        page = context.new_page()
        console.attach(page)
        open_game(page, server.url, "/allein")
        cached = page.evaluate(PRECACHED)
        assert cached["active"]
        for needed in ("/", "stdlib.zip", "reversi.zip", "pyodide.asm.wasm", "pyodide.mjs",
                       "worker.js", "app.css", "de.json"):
            assert any(key == needed or key.endswith("/" + needed)
                       for key in cached["keys"]), needed
        # the page is controlled after a reload, also while the server still runs
        page.reload()
        wait_idle(page, 60_000)
        assert page.evaluate("!!navigator.serviceWorker.controller")
        server.stop()

        page.reload()
        wait_idle(page, 60_000)
        assert page.url.endswith("/allein")
        page.click("#start-solo")
        wait_ply(page, "=== 0")
        wait_idle(page)
        v = play_solo_to_the_end(page)
        assert v["result"] is not None
        page.wait_for_selector("#result:not([hidden])")

        # two on one device works offline too, from the hall's start page
        page.goto(server.url + "/")
        page.click("#go-duo")
        wait_idle(page, 60_000)
        play(page, "d3")
        assert squares(page, ".sq[data-last]") == ["d3"]
        assert view(page)["mode"] == "duo"
        # and the Bilanz shows the offline game, kept on the device
        page.goto(server.url + "/bilanz")
        assert page.locator("tr[data-level=leicht] .games").inner_text() == "1"
    finally:
        context.close()
        server.stop()
    # the failed network requests of the offline reloads are no console errors; only the
    # hall's calls to the server that is gone fail (results wait in the device's queue),
    # and so does the hall's socket (Chromium logs its refused connection)
    assert [e for e in console.errors
            if not e.startswith("Failed to load resource: net::ERR_CONNECTION_REFUSED")
            and not (e.startswith("WebSocket connection to ")
                     and e.endswith("net::ERR_CONNECTION_REFUSED"))] == []
