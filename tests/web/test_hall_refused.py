"""A visitor for whom the server makes no player (too many new players from one
address: a school, a café) is told why on the start page and in the Bilanz, instead of
"Wird geladen …" forever; solo play still works (issue 25, point 4)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import ARTIFACTS
from .duel_helpers import TIMEOUT_MS, DuelServer
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
    assert "Duelle und Zuschauen gehen auf diesem Gerät gerade nicht" in said
    assert "Allein spielen" in said and "Wird geladen" not in halle.inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    late.screenshot(path=str(Path(ARTIFACTS) / "hall-refused-360.png"), full_page=True)
    # the Bilanz says the same reason, not "Ohne Verbindung"
    late.goto(base + "/bilanz")
    late.get_by_text(REASON).wait_for(timeout=TIMEOUT_MS)
    assert "Ohne Verbindung" not in late.inner_text("main")
    # solo play needs no server player
    start_solo(late, base, "leicht")
    play(late, "d3")
