"""Offline: after one visit the service worker has everything, and solo play works
with the server gone."""

from __future__ import annotations

from typing import Any

from .helpers import play, squares, view, wait_idle, wait_ply
from .look import PRECACHED, offline_after_one_visit
from .test_browser import needs_ai, play_solo_to_the_end


@needs_ai
def test_solo_starts_and_plays_with_the_server_gone(
    browser: Any, built: None, console: Any
) -> None:
    with offline_after_one_visit(
        browser, console, "/allein", lambda page: wait_idle(page, 60_000)
    ) as (page, server):
        cached = page.evaluate(PRECACHED)
        assert cached["active"]
        for needed in (
            "/",
            "stdlib.zip",
            "reversi.zip",
            "pyodide.asm.wasm",
            "pyodide.mjs",
            "worker.js",
            "app.css",
            "phone.css",
            "de.json",
        ):
            assert any(key == needed or key.endswith("/" + needed) for key in cached["keys"]), (
                needed
            )
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
