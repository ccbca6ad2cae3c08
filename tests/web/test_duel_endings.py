"""How a duel in the browser ends and goes on: joined by a typed code, aborted before both
moved, resigned after a confirmation, a rematch declined, then accepted (colours
swapped)."""

from __future__ import annotations

from typing import Any

from .duel_helpers import (
    TIMEOUT_MS,
    DuelServer,
    join,
    mover,
    open_table,
    other,
    play_one,
    seat_of,
    shown,
    table,
    wait_ready,
    wait_table,
    wait_text,
)


def test_typed_code_abort_rematch_and_resign(
    duel_server: DuelServer, players: Any, console: Any
) -> None:
    base = duel_server.url
    a, b = players(), players()
    code = open_table(a, base)
    # B types the code as people do: lower case, a dash, spaces
    b.goto(base + "/")
    b.fill("#join-code", f" {code[:3].lower()}-{code[3:].lower()} ")
    b.click("#join-go")
    b.wait_for_url(f"**/tisch/{code}", timeout=TIMEOUT_MS)
    wait_ready(b)
    pages = [a, b]
    for page in pages:
        wait_table(page, "t.status === 'playing' && t.state === 'idle'")
        # before both moved: abort, no resign
        assert page.is_visible("#abort") and not page.is_visible("#resign")
    b.click("#abort")
    b.click("#confirm-yes")  # "Ja, abbrechen" (no double-click ends a game)
    for page in pages:
        wait_table(page, "t.status === 'aborted'")
        page.wait_for_selector("#duel-result:not([hidden])")
    assert "abgebrochen" in a.inner_text("#result-text")
    assert b.inner_text("#result-text").startswith("Du hast die Partie abgebrochen")
    for page in pages:
        # an aborted game is simply over: no rematch, no "null" anywhere in the box
        assert "null" not in page.inner_text("#duel-result")
        assert page.locator("#rematch").count() == 0
        assert page.is_visible("#back-hall")

    # a second table: both move (the first by typing its square on the keyboard), then
    # one resigns (after a confirmation that can be taken back)
    code = open_table(a, base)
    join(b, base, code)
    for page in pages:
        wait_table(page, "t.status === 'playing' && t.state === 'idle'")
    keys = mover(pages)
    keys.wait_for_selector("#duel[data-state=idle][data-mine='1']", state="attached")
    square = keys.eval_on_selector("[data-legal]", "e => e.dataset.square")
    version = shown(keys)["version"]
    keys.keyboard.type(square)
    for page in pages:
        wait_table(page, f"t.version > {version} && t.ply === 1")
    assert table(a)["game"]["last"]["square"] == square
    play_one(pages)
    loser = mover(pages)
    winner = other(pages, loser)
    assert not loser.is_visible("#abort")
    loser.click("#resign")
    loser.click("#confirm-no")
    assert table(loser)["status"] == "playing"
    loser.click("#resign")
    assert "Wirklich aufgeben" in loser.inner_text("#confirm-text")
    loser.click("#confirm-yes")
    for page in pages:
        wait_table(page, "t.status === 'finished'")
        page.wait_for_selector("#duel-result:not([hidden])")
    assert table(a)["end"]["reason"] == "resign"
    assert loser.inner_text("#result-text").startswith("Du hast verloren")
    assert "Du hast aufgegeben." in loser.inner_text("#result-text")
    assert winner.inner_text("#result-text").startswith("Du hast gewonnen")
    assert "hat aufgegeben" in winner.inner_text("#result-text")
    colors = {seat_of(p): table(p)["seats"][seat_of(p)]["color"] for p in pages}

    # a rematch offer can be declined
    winner.click("#rematch")
    loser.click("#rematch-decline", timeout=TIMEOUT_MS)
    wait_text(winner, "duel-notice", "abgelehnt")

    # Revanche: offered, accepted, followed to the new table with colours swapped
    a.click("#rematch")
    b.wait_for_selector("#rematch-question", timeout=TIMEOUT_MS)
    a.wait_for_selector("#rematch-wait", timeout=TIMEOUT_MS)
    b.click("#rematch")
    for page in pages:
        page.wait_for_function(f"!location.pathname.endsWith('{code}')", timeout=TIMEOUT_MS)
        wait_ready(page)
        wait_table(page, "t.status === 'playing' && t.state === 'idle'")
    assert a.url == b.url
    assert table(a)["rematch_of"] == code
    for page in pages:
        seat = seat_of(page)
        assert table(page)["seats"][seat]["color"] != colors[seat]
        # swapped, not drawn: the line above the board says so
        assert page.inner_text("#draw").startswith("🔁 Revanche mit getauschten Farben:")
        assert "Los" not in page.inner_text("#draw")
    assert console.errors == []
