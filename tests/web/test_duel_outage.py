"""A duel's table page without its server: it says so when the server cannot be
reached, and a move made while the server is down is sent once it is back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .duel_helpers import (
    TIMEOUT_MS,
    DuelServer,
    at_a_table,
    discs,
    mover,
    play_one,
    table,
    wait_socket,
    wait_table,
    wait_text,
)


def test_without_the_server_the_table_page_says_so(
    duel_server: DuelServer, players: Any, console: Any
) -> None:
    page = players()
    page.route("**/api/**", lambda route: route.abort("connectionrefused"))
    page.goto(duel_server.url + "/tisch/ACDEFH")
    page.wait_for_selector("#error", timeout=TIMEOUT_MS)
    assert "braucht das Netz" in page.inner_text("#error")
    assert page.get_attribute("#duel-status a", "href") == "/allein"
    assert [e for e in console.errors if "Failed to load resource" not in e] == []


def test_a_move_made_while_the_server_is_down_is_sent_after_the_restart(
    built: None, tmp_path: Path, players: Any, console: Any
) -> None:
    server = DuelServer(tmp_path).start()
    try:
        pages = at_a_table(players, server.url)
        a, b = pages
        play_one(pages)
        play_one(pages)
        m = mover(pages)
        square = m.eval_on_selector("[data-legal]", "e => e.dataset.square")
        server.kill()
        for page in pages:
            wait_socket(page, "!open")
            page.wait_for_selector("#conn:not([hidden])", timeout=TIMEOUT_MS)
        m.click(f"[data-square={square}]")
        wait_text(m, "conn", "sobald die Verbindung")
        assert "wird gesendet" in m.inner_text("#duel-status")
        server.start()
        for page in pages:
            wait_socket(page, "open", timeout=30_000)
            wait_table(page, "t.ply === 3 && t.state === 'idle'", timeout=30_000)
            page.wait_for_selector("#conn", state="hidden", timeout=TIMEOUT_MS)
        assert table(a)["game"]["moves"] == table(b)["game"]["moves"]
        assert table(a)["game"]["moves"][-1]["square"] == square
        assert discs(a) == discs(b)
        play_one(pages)  # and the game goes on
    finally:
        server.stop()
    # the refused connections while the server was down are the only errors
    assert [e for e in console.errors if "WebSocket" not in e and "Failed to load" not in e] == []
