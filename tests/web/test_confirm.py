"""A double-click never answers the question it opens. "Ja, aufgeben"
(and every other question before a step that cannot be undone) is drawn below the
button that asked, and its "yes" takes no click for a moment after it appears."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from .duel_helpers import (
    TIMEOUT_MS,
    DuelServer,
    at_a_table,
    open_table,
    play_one,
    table,
    wait_table,
)
from .helpers import open_game, play, view

#: longer than a double-click, shorter than the "yes" waits (js/confirm.js, ARM_MS)
SETTLE_MS = 1200


@pytest.fixture(scope="module")
def duels(built: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DuelServer]:
    server = DuelServer(tmp_path_factory.mktemp("duels")).start()
    yield server
    server.stop()


def below(page: Any, question: str, button: Any) -> None:
    """The question's "yes" lies below the button that asked (never where it was)."""
    asked = button.bounding_box()
    yes = page.get_by_role("button", name=question).bounding_box()
    assert asked and yes and yes["y"] >= asked["y"] + asked["height"], (asked, yes)


def test_a_double_click_on_aufgeben_does_not_resign(duels: DuelServer, players: Any) -> None:
    pages = at_a_table(players, duels.url)
    play_one(pages)
    play_one(pages)
    a = pages[0]
    wait_table(a, "t.status === 'playing' && !t.firstMoves && t.state === 'idle'")
    resign = a.get_by_role("button", name="Aufgeben", exact=True)
    resign.dblclick()
    dialog = a.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Wirklich aufgeben?")
    below(a, "Ja, aufgeben", resign)
    a.wait_for_timeout(SETTLE_MS)
    assert table(a)["status"] == "playing"
    assert a.get_attribute("#duel", "data-status") == "playing"
    # "Weiterspielen" keeps the game; asked again, the answer is taken once it waited
    a.get_by_role("button", name="Weiterspielen").click()
    expect(dialog).to_have_count(0)
    resign.click()
    a.get_by_role("button", name="Ja, aufgeben").click()
    wait_table(a, "t.status === 'finished'")


def test_the_yes_takes_no_click_right_after_it_appears(duels: DuelServer, players: Any) -> None:
    """A click on the spot of "Ja, aufgeben" within a moment of its appearing is lost."""
    pages = at_a_table(players, duels.url)
    play_one(pages)
    play_one(pages)
    a = pages[0]
    wait_table(a, "t.status === 'playing' && !t.firstMoves && t.state === 'idle'")
    a.get_by_role("button", name="Aufgeben", exact=True).click()
    box = a.locator("#confirm-yes").bounding_box()
    assert box is not None
    a.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    a.wait_for_timeout(SETTLE_MS)
    assert table(a)["status"] == "playing"
    expect(a.get_by_role("button", name="Ja, aufgeben")).to_be_enabled()


def test_a_double_click_on_tisch_schliessen_keeps_the_table(
    duels: DuelServer, players: Any
) -> None:
    """Closing one's waiting table ends its code and the shared invitation link: asked first."""
    a = players()
    open_table(a, duels.url)
    close = a.get_by_role("button", name="Tisch schließen")
    close.dblclick()
    dialog = a.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Den Tisch schließen?")
    below(a, "Ja, schließen", close)
    a.wait_for_timeout(SETTLE_MS)
    assert table(a)["status"] == "waiting"
    a.get_by_role("button", name="Offen lassen").click()
    expect(dialog).to_have_count(0)
    assert table(a)["status"] == "waiting"
    close.click()
    a.get_by_role("button", name="Ja, schließen").click()
    wait_table(a, "t.status !== 'waiting'")
    assert table(a)["status"] != "waiting"


def test_a_double_click_on_abbrechen_does_not_abort(duels: DuelServer, players: Any) -> None:
    pages = at_a_table(players, duels.url)
    a = pages[0]
    abort = a.get_by_role("button", name="Abbrechen", exact=True)
    abort.dblclick()
    expect(a.get_by_role("alertdialog")).to_contain_text("Die Partie abbrechen?")
    below(a, "Ja, abbrechen", abort)
    a.wait_for_timeout(SETTLE_MS)
    assert table(a)["status"] == "playing"
    a.get_by_role("button", name="Ja, abbrechen").click()
    for page in pages:
        wait_table(page, "t.status !== 'playing'", timeout=TIMEOUT_MS)


def test_a_double_click_on_von_vorn_keeps_the_running_game(page: Any, server: Any) -> None:
    open_game(page, server.url, "/zu-zweit")
    play(page, "d3")
    again = page.get_by_role("button", name="Von vorn beginnen")
    again.dblclick()
    expect(page.get_by_role("alertdialog")).to_contain_text("neu beginnen?")
    below(page, "Ja, neu beginnen", again)
    page.wait_for_timeout(SETTLE_MS)
    assert view(page)["ply"] == 1
    page.get_by_role("button", name="Ja, neu beginnen").click()
    expect(page.locator("#game")).to_have_attribute("data-ply", "0")
    # nothing running: a new game starts at once
    again.click()
    expect(page.get_by_role("alertdialog")).to_have_count(0)
