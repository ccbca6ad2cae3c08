"""The device archive (js/archive/device.js): every finished solo and two-on-one game is
kept on the device (IndexedDB, else localStorage; the newest 200), sent to the server
with its moves through the results outbox, listed in the Bilanz's "Letzte Partien" —
also without a connection — and its replay page's shell is served offline."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import expect

from reversi.engine import Board, german_figure

from .archive_helpers import SHORT, device, open_bilanz, recent, server_copy, solo_record
from .duel_helpers import TIMEOUT_MS, DuelServer
from .helpers import play, tap, wait_idle
from .replay_helpers import wait_replay
from .test_browser import needs_ai
from .test_new_player import PASS_THEN_END, start_leicht_with_lot_8

NO_INDEXEDDB = "Object.defineProperty(window, 'indexedDB', {value: undefined, configurable: true});"


@pytest.fixture
def solo_page(duel_server: DuelServer, players: Any) -> Any:
    """A new player's page on the archive server, at a new game against Leicht (lot 8)."""
    page = players()
    start_leicht_with_lot_8(page, duel_server.url)
    return page


def result_links(page: Any) -> str:
    """The result box's "Wiederholung" and "Analyse": the game's id (both point to it)."""
    box = page.locator("#result")
    replay = box.get_by_role("link", name="Wiederholung")
    expect(replay).to_have_attribute(
        "href", re.compile(r"^/partie/[A-Za-z0-9_-]{8,64}$"), timeout=TIMEOUT_MS
    )
    game_id = str(replay.get_attribute("href")).removeprefix("/partie/")
    expect(box.get_by_role("link", name="Analyse", exact=True)).to_have_attribute(
        "href", f"/partie/{game_id}#analyse"
    )
    # reachable with the keyboard, right after "Noch eine Partie"
    box.get_by_role("button", name="Noch eine Partie").focus()
    page.keyboard.press("Tab")
    expect(replay).to_be_focused()
    page.keyboard.press("Tab")
    expect(box.get_by_role("link", name="Analyse", exact=True)).to_be_focused()
    return game_id


@needs_ai
def test_a_solo_game_played_to_the_end_is_on_the_device_and_on_the_server(
    duel_server: DuelServer, solo_page: Any
) -> None:
    page = solo_page
    for square in PASS_THEN_END:  # Ebenholz passes once on the way
        play(page, square)
    game_id = result_links(page)

    # the device's copy has the server's shape, passes included
    mine = device(page, "getGame", game_id)
    assert mine["id"] == game_id and mine["kind"] == "device" and mine["mode"] == "solo"
    assert mine["you"] == "black" and mine["white"]["level"] == "leicht"
    assert mine["black"]["level"] is None
    passes = [m for m in mine["moves"] if m["square"] is None]
    assert passes and all(m["ply"] is None and m["seconds"] is None for m in passes)
    # the outbox took it to the server, with its moves
    theirs = server_copy(page, game_id)
    assert theirs["client_id"] == game_id and theirs["kind"] == "device"
    assert set(mine) - {"mode"} <= set(theirs)
    for key in (
        "moves",
        "transcript",
        "result",
        "counting",
        "you",
        "root",
        "clocks",
        "tags",
        "finished_at",
        "started_at",
    ):
        assert mine[key] == theirs[key], key
    assert [theirs[c]["level"] for c in ("black", "white")] == [None, "leicht"]
    assert mine["started_at"] < mine["finished_at"]

    # the Bilanz lists it once (the device's copy and the server's are one game)
    open_bilanz(page, duel_server.url)
    games = recent(page)
    assert len(games) == 1, games
    text, href = games[0]
    assert href == f"/partie/{game_id}"
    r = mine["result"]
    outcome = (
        "gewonnen" if r["winner"] == "black" else "verloren" if r["winner"] else "unentschieden"
    )
    assert f"Gegen Computer (Leicht) als Ebenholz, {outcome} {r['black']}:{r['white']}" in text
    link = page.get_by_role("link", name=text, exact=True)
    expect(link).to_have_attribute("href", f"/partie/{game_id}")

    # replayed from the list: every step shows the engine's position after that many discs
    link.click()
    wait_replay(page)
    transcript = mine["transcript"]
    total = len(transcript) // 2
    assert page.get_attribute("#replay", "data-total") == str(total)
    forward = page.get_by_role("button", name="Vor ▶")
    for step in range(total + 1):
        expect(page.locator("#replay")).to_have_attribute("data-step", str(step))
        assert page.text_content("#figure-text") == german_figure(
            Board(moves=transcript[: 2 * step])
        ), f"step {step}"
        if step < total:
            forward.click()


@needs_ai
def test_a_game_of_two_on_one_device_is_kept_without_indexeddb_and_sent(
    duel_server: DuelServer, players: Any
) -> None:
    page = players()
    page.context.add_init_script(NO_INDEXEDDB)
    page.goto(duel_server.url + "/zu-zweit?zuege=" + SHORT[:-2])
    wait_idle(page, 60_000)
    play(page, SHORT[-2:])
    game_id = result_links(page)
    kept = page.evaluate("JSON.parse(localStorage.getItem('reversi.archive.v1'))")
    assert [g["id"] for g in kept] == [game_id]
    mine = device(page, "getGame", game_id)
    assert mine["mode"] == "duo" and mine["you"] == "both"
    assert mine["transcript"] == SHORT and mine["result"]["black"] == 13
    theirs = server_copy(page, game_id)
    assert theirs["you"] == "both" and theirs["transcript"] == SHORT
    assert theirs["black"] == {"name": None, "level": None}
    assert theirs["moves"] == mine["moves"]

    open_bilanz(page, duel_server.url)
    assert recent(page) == [(recent(page)[0][0], f"/partie/{game_id}")]
    assert "Zu zweit an einem Gerät, Ebenholz gewinnt 13:0, " in recent(page)[0][0]


def test_the_newest_200_are_kept_and_listed_offline_and_the_replay_shell_is_served(
    built: None, players: Any, console: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    server = DuelServer(tmp_path_factory.mktemp("offline-archive")).start()
    page = players()
    try:
        page.goto(server.url + "/bilanz")
        open_bilanz(page)
        page.wait_for_function("!!navigator.serviceWorker.controller", timeout=60_000)
        # 201 games, one a minute: the first is dropped when the 201st is kept
        start = time.time() - 86_400
        ids = [f"seeded-{n:03d}" for n in range(201)]
        for n, game_id in enumerate(ids):
            device(page, "saveGame", solo_record(game_id, start + 60 * n))
        kept = device(page, "listGames")
        assert [g["id"] for g in kept] == ids[:0:-1]
        assert device(page, "getGame", ids[0]) is None
        assert device(page, "getGame", ids[1])["finished_at"] == start + 60

        # listed newest first, 20 at a time
        open_bilanz(page, server.url)
        assert [href for _, href in recent(page)] == [f"/partie/{i}" for i in ids[:180:-1]]
        page.get_by_role("button", name="Mehr").click()
        expect(page.locator("#recent li")).to_have_count(40)
        assert recent(page)[20][1] == f"/partie/{ids[180]}"

        # without the server: the page, the device's games, and a replay's shell
        server.stop()
        page.reload()
        open_bilanz(page)
        expect(page.locator("#recent-offline")).to_be_visible()
        assert [href for _, href in recent(page)] == [f"/partie/{i}" for i in ids[:180:-1]]
        assert "Gegen Computer (Leicht) als Ebenholz, gewonnen 13:0" in recent(page)[0][0]
        response = page.goto(server.url + f"/partie/{ids[200]}")
        assert response is not None and response.ok
        assert response.request.url.endswith(f"/partie/{ids[200]}")
        expect(page.locator("body[data-build]")).to_have_count(1)
        expect(page.get_by_role("navigation")).to_be_visible()
        # and the replay itself, from the device's copy and the cached engine
        wait_replay(page)
        assert page.get_attribute("#replay", "data-total") == str(len(SHORT) // 2)
        page.keyboard.press("End")
        expect(page.locator("#replay")).to_have_attribute("data-step", str(len(SHORT) // 2))
        assert page.text_content("#figure-text") == german_figure(Board(moves=SHORT))
    finally:
        server.stop()
    # the hall's calls to the stopped server fail (no console errors of the page itself)
    assert [
        e
        for e in console.errors
        if not e.startswith("Failed to load resource: net::ERR_CONNECTION_REFUSED")
        and not (
            e.startswith("WebSocket connection to ") and e.endswith("net::ERR_CONNECTION_REFUSED")
        )
    ] == []
    console.errors.clear()


def test_a_computer_game_whose_moves_are_refused_still_counts(
    duel_server: DuelServer, players: Any
) -> None:
    page = players()
    page.goto(duel_server.url + "/bilanz")
    open_bilanz(page)
    # a queued game whose moves the server refuses (not over after two moves)
    page.evaluate(
        """async (at) => {
      localStorage.setItem("reversi.outbox.v1", JSON.stringify([{
        id: "refused-moves-1", level: "leicht", outcome: "win", finished_at: at,
        detail: { human: "black", black: 13, white: 0 }, moves: "f5d6",
        started_at: at - 60 }]));
      const app = document.querySelector('link[href$="js/app.js"]').href;
      await (await import(app.replace("js/app.js", "js/core/sync.js"))).sendResults();
    }""",
        time.time(),
    )
    assert page.evaluate("localStorage.getItem('reversi.outbox.v1')") == "[]"
    open_bilanz(page, duel_server.url)
    expect(page.locator("#bilanz-table tr[data-level=leicht] .wins")).to_have_text("1")
    expect(page.locator("#recent-none")).to_be_visible()  # not in the archive


def test_the_replay_route_serves_the_page_shell(duel_server: DuelServer, players: Any) -> None:
    page = players()
    response = page.goto(duel_server.url + "/partie/K7MXRT")
    assert response is not None and response.status == 200
    assert response.headers["content-type"].startswith("text/html")
    expect(page.locator("body[data-build]")).to_have_count(1)


@needs_ai
def test_with_the_switch_on_a_solo_game_ends_in_its_analysis(
    duel_server: DuelServer, solo_page: Any
) -> None:
    page = solo_page
    switch = page.get_by_role("switch", name="Nach der Partie gleich analysieren")
    expect(switch).not_to_be_checked()  # off unless the player chose it
    switch.check()
    for square in PASS_THEN_END[:-1]:
        play(page, square)
    tap(page, PASS_THEN_END[-1])  # the page goes on to the replay by itself
    page.wait_for_url(re.compile(r"/partie/[A-Za-z0-9_-]{8,64}#analyse$"), timeout=TIMEOUT_MS)
    expect(page.get_by_role("progressbar", name="Fortschritt der Analyse")).to_be_visible(
        timeout=TIMEOUT_MS
    )
    # the switch is kept for the next game
    page.goto(duel_server.url + "/allein")
    wait_idle(page)
    kept = page.get_by_role("switch", name="Nach der Partie gleich analysieren")
    expect(kept).to_be_checked()
