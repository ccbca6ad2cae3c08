"""A visitor for whom the server makes no player (too many new players from one
address: a school, a café) is told why on the start page and in the Bilanz, instead of
"Wird geladen …" forever; solo play still works, and so does watching: the lobby's lists
and a running duel, without a player."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import ARTIFACTS
from .duel_helpers import (
    TIMEOUT_MS,
    DuelServer,
    at_a_table,
    discs,
    play_one,
    shown,
    wait_ready,
    wait_table,
)
from .helpers import play, start_solo

REASON = "sehr viele neue Spieler"


@pytest.fixture(scope="module")
def one_new_player(built: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DuelServer]:
    """A server that makes one new player an hour from an address."""
    srv = DuelServer(
        tmp_path_factory.mktemp("refused"), settings={"new_player_limit": "1/hour"}
    ).start()
    yield srv
    srv.stop()


def test_the_hall_line_says_why_instead_of_loading_forever(
    one_new_player: DuelServer, players: Any
) -> None:
    base = one_new_player.url
    first = players()
    first.goto(base + "/")
    first.wait_for_selector("#halle-online", timeout=TIMEOUT_MS)  # the address's one player
    late = players(viewport={"width": 360, "height": 640})
    late.goto(base + "/")
    halle = late.locator("#halle")
    status = halle.get_by_role("status").filter(has_text=REASON)
    status.wait_for(timeout=TIMEOUT_MS)
    said = status.inner_text()
    assert "Mitspielen und „Schnelle Partie“ gehen auf diesem Gerät gerade nicht" in said
    assert "Zuschauen, allein spielen" in said and "Wird geladen" not in halle.inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    late.screenshot(path=str(Path(ARTIFACTS) / "hall-refused-360.png"), full_page=True)
    # the Bilanz says the same reason, not "Ohne Verbindung"
    late.goto(base + "/bilanz")
    late.get_by_text(REASON).wait_for(timeout=TIMEOUT_MS)
    assert "Ohne Verbindung" not in late.inner_text("main")
    # solo play needs no server player
    start_solo(late, base, "leicht")
    play(late, "d3")


@pytest.fixture(scope="module")
def two_new_players(built: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DuelServer]:
    """A server that makes two new players an hour from an address: a duel's pair."""
    srv = DuelServer(
        tmp_path_factory.mktemp("refused-pair"), settings={"new_player_limit": "2/hour"}
    ).start()
    yield srv
    srv.stop()


def test_a_refused_visitor_sees_the_lobby_and_watches_a_duel(
    two_new_players: DuelServer, players: Any
) -> None:
    base = two_new_players.url
    a, b = at_a_table(players, base)
    waiting = a.request.post(base + "/api/tables")  # a second, waiting table of a's
    assert waiting.status == 201
    late = players(viewport={"width": 360, "height": 640})
    late.goto(base + "/")
    halle = late.locator("#halle")
    halle.get_by_role("status").filter(has_text=REASON).wait_for(timeout=TIMEOUT_MS)
    # the open table is listed, but "Mitspielen" says why it cannot be tapped
    sit = halle.get_by_role("button", name=re.compile("Mitspielen"))
    sit.wait_for(timeout=TIMEOUT_MS)
    assert sit.is_disabled() and sit.get_attribute("aria-describedby") == "halle-refused"
    assert halle.get_by_role("button", name="Schnelle Partie").count() == 0
    assert "Wird geladen" not in halle.inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    late.screenshot(path=str(Path(ARTIFACTS) / "hall-refused-watch-360.png"), full_page=True)
    halle.get_by_role("link", name=re.compile("Zuschauen")).click()
    late.wait_for_url(re.compile(r".*/tisch/[A-Z0-9]{6}$"), timeout=TIMEOUT_MS)
    wait_ready(late)
    assert shown(late)["seat"] is None and late.is_visible("#onlooker")
    assert "Zuschauen schon" in late.inner_text("#duel-notice")
    assert not late.is_visible("#chat-form") and late.locator("[data-legal]").count() == 0
    assert discs(late) == discs(a)
    play_one([a, b])
    wait_table(late, f"t.version >= {shown(a)['version']}")
    assert discs(late) == discs(a)
    late.screenshot(path=str(Path(ARTIFACTS) / "hall-refused-watching-360.png"), full_page=True)
    assert late.context.cookies() == []  # no player was made for the visitor
