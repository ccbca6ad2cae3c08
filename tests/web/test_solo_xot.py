"""Solo "Zufallseröffnung (XOT)" in Chromium: the choice on the solo panel (kept as a
setting), a game that begins after a start of the list and takes back no further, and
the finished game kept on the device and on the server with its start, replayed from it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from reversi.ai.xot import load
from reversi.engine import Board, german_figure

from .archive_helpers import device, server_copy
from .duel_helpers import DuelServer
from .helpers import BOOT_TIMEOUT_MS, disc_counts, play, view, wait_idle
from .replay_helpers import wait_replay
from .test_browser import needs_ai, play_solo_to_the_end
from .test_device_archive import result_links


def start_xot(page: Any, base: str) -> str:
    """A XOT game against Leicht, the human begins: its start's moves."""
    page.goto(base + "/allein")
    wait_idle(page, BOOT_TIMEOUT_MS)
    page.check("input[name=level][value=leicht]")
    page.check("input[name=begins][value=me]")
    choice = page.get_by_role("checkbox", name="Zufallseröffnung (XOT)")
    expect(choice).not_to_be_checked()
    choice.check()
    page.get_by_role("button", name="Neues Spiel starten").click()
    page.wait_for_selector("#game[data-xot][data-ply='8']", state="attached")
    wait_idle(page)
    start = str(page.get_attribute("#game", "data-xot"))
    assert load().index(start) is not None
    return start


@needs_ai
def test_a_xot_game_begins_at_a_start_and_is_kept_with_it(
    duel_server: DuelServer, players: Any
) -> None:
    page = players()
    start = start_xot(page, duel_server.url)
    expect(page.locator("#game-info")).to_contain_text("Zufallseröffnung (XOT)")
    assert page.text_content("#figure-text") == german_figure(Board(moves=start))
    expect(page.locator("#undo")).to_be_disabled()
    assert view(page)["turn"] == "black"
    # the choice stays for the next game (a setting of this device)
    page.reload()
    wait_idle(page, BOOT_TIMEOUT_MS)
    expect(page.get_by_role("checkbox", name="Zufallseröffnung (XOT)")).to_be_checked()
    page.wait_for_selector("#game[data-xot][data-ply='8']", state="attached")
    start = str(page.get_attribute("#game", "data-xot"))
    # one move and the answer; "zurück zum Anfang" goes back to the start, not before it
    play(page, sorted(view(page)["legal"])[0])
    page.wait_for_selector("#game[data-ply='10']", state="attached")
    wait_idle(page)
    page.click("#undo-all")
    page.wait_for_selector("#game[data-ply='8']", state="attached")
    wait_idle(page)
    expect(page.locator("#undo")).to_be_disabled()
    play_solo_to_the_end(page)
    game_id = result_links(page)
    mine = device(page, "getGame", game_id)
    assert mine["transcript"].startswith(start)
    assert server_copy(page, game_id)["transcript"] == mine["transcript"]
    # the replay shows the start after its eighth disc
    page.goto(f"{duel_server.url}/partie/{game_id}")
    wait_replay(page)
    forward = page.get_by_role("button", name="Vor ▶")
    for _ in range(8):
        forward.click()
    expect(page.locator("#replay")).to_have_attribute("data-step", "8")
    assert page.text_content("#figure-text") == german_figure(Board(moves=start))


def test_without_the_choice_a_game_begins_at_the_usual_start(
    duel_server: DuelServer, players: Any
) -> None:
    """The setting is off by default."""
    page = players()
    page.goto(duel_server.url + "/allein")
    wait_idle(page, BOOT_TIMEOUT_MS)
    assert page.get_attribute("#game", "data-xot") is None
    assert view(page)["ply"] == 0 and disc_counts(page) == (2, 2)
