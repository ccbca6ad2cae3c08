"""Schwer in the browser on engine.wasm, and on the Python search when engine.wasm
cannot be loaded (the worker's fallback)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .helpers import play, squares, start_solo, view


def boot(page: Any) -> dict[str, Any]:
    """What the worker reported when it was ready (the page keeps it on #game)."""
    return json.loads(page.get_attribute("#game", "data-boot"))  # type: ignore[no-any-return]


def play_moves(page: Any, moves: int) -> None:
    """The human plays ``moves`` moves, the computer (Schwer) answers each."""
    for _ in range(moves):
        before = view(page)["ply"]
        play(page, squares(page, "[data-legal]")[0])
        assert view(page)["ply"] >= before + 2 or view(page)["result"] is not None


def test_schwer_plays_on_engine_wasm(page: Any, server: Any) -> None:
    start_solo(page, server.url, "schwer")
    ready = boot(page)
    if not ready["wasm"] and ready.get("wasm_note") == "kein engine.wasm":
        pytest.skip("the build has no engine.wasm (no clang with wasm-ld): dev/setup")
    assert ready["wasm"] is True, ready
    play_moves(page, 4)
    assert view(page)["players"] == {"black": "human", "white": "computer"}


def test_without_engine_wasm_schwer_plays_in_python(page: Any, server: Any) -> None:
    page.route("**/engine.wasm", lambda route: route.fulfill(status=404, body="weg"))
    start_solo(page, server.url, "schwer")
    ready = boot(page)
    assert ready["wasm"] is False and ready["wasm_note"], ready
    play_moves(page, 2)
