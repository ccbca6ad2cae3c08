"""'Gesamtzeit + Zuschlag' in real Chromium: two browser profiles open a 3+2 table from
the start page, play a few moves and both see both clocks (the mover's counting down,
the other's standing with its increment)."""

from __future__ import annotations

import re
from typing import Any

from .duel_helpers import TIMEOUT_MS, DuelServer, join, play_one, wait_ready, wait_table
from .test_duel_time import german


def clocks(page: Any) -> list[str]:
    """The two seats' clocks as the page shows them, seat 0 first."""
    return [page.locator(f"#clock-{seat}").inner_text() for seat in (0, 1)]


def seconds(shown: str) -> int:
    minutes, secs = shown.split(":")
    return 60 * int(minutes) + int(secs)


def test_two_players_play_a_3_plus_2_game_and_both_see_both_clocks(
    duel_server: DuelServer, players: Any
) -> None:
    base = duel_server.url
    a, b = players(), players()
    a.goto(base + "/")
    choice = a.get_by_label(german("rules.clock"))
    choice.wait_for(timeout=TIMEOUT_MS)  # the choices come with the socket's hello
    choice.select_option(label=f"{german('rules.clock.total')}: 3 min + 2 s pro Zug")
    a.click("#open-table")
    a.wait_for_url(re.compile(r".*/tisch/[A-Z0-9]{6}$"), timeout=TIMEOUT_MS)
    wait_ready(a)
    code = a.url.rsplit("/", 1)[1]
    assert a.locator("#rules-form input[name=clock][value='3+2']").is_checked()
    join(b, base, code)
    for page in (a, b):
        wait_table(page, "t.status === 'playing' && t.draw && t.state === 'idle'")
        assert page.get_by_role("timer", name=german("seat.clock.total")).count() == 2
        assert "3 min + 2 s pro Zug" in page.locator("#rules").inner_text()
    for _ in range(4):
        play_one([a, b])
    for page in (a, b):
        shown = clocks(page)
        assert all(re.fullmatch(r"[0-9]:[0-5][0-9]", s) for s in shown), shown
        # each side has made two moves: its clock holds about 3 min plus the increment
        assert all(170 <= seconds(s) <= 182 for s in shown), shown
    # the mover's clock runs down by itself; the other's stands
    mover = a if a.locator("#duel[data-mine='1']").count() else b
    seat = 0 if mover.locator("#seat-0.to-move").count() else 1
    before = clocks(mover)
    mover.wait_for_function(
        f"document.getElementById('clock-{seat}').textContent !== {before[seat]!r}",
        timeout=TIMEOUT_MS,
    )
    after = clocks(mover)
    assert seconds(after[seat]) < seconds(before[seat]) and after[1 - seat] == before[1 - seat]
    other = b if mover is a else a
    other.wait_for_function(
        f"document.getElementById('clock-{seat}').textContent !== {before[seat]!r}",
        timeout=TIMEOUT_MS,
    )
