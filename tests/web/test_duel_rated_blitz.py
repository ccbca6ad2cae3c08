"""A rated 3+2 game in real Chromium: two named profiles with a few Blitz games behind
them open a "Gesamtzeit + Zuschlag" table from the start page, play more than the
rating's minimum of moves, one resigns (the fast way to the end); both result notices
name both changes of the Wertungszahl ("+12" for the winner, "−12" for the loser),
and the Blitz ratings move that way."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from reversi.hall.rating_rules import MIN_MOVES

from .duel_helpers import (
    TIMEOUT_MS,
    DuelServer,
    join,
    play_one,
    seed_rated_games,
    shown,
    wait_ready,
    wait_recorded,
    wait_table,
)
from .helpers import api
from .test_duel_time import german
from .test_rating import named


def blitz(page: Any) -> dict[str, Any]:
    return api(page, "GET", "/api/me")["body"]["ratings"]["blitz"]  # type: ignore[no-any-return]


def seed_blitz(server: DuelServer, a: str, b: str, games: int) -> None:
    """Rated Blitz games of ``a`` and ``b``, won in turn, one a day: both have a number."""
    outcomes = ["win" if i % 2 else "loss" for i in range(games)]
    seed_rated_games(server, "blitz", a, b, outcomes)


def test_a_rated_3_plus_2_game_moves_both_ratings_and_the_result_names_it(
    players: Any, tmp_path: Path
) -> None:
    data = tmp_path / "hall"
    data.mkdir()
    server = DuelServer(data).start()
    try:
        base = server.url
        a, b = players(), players()
        named(a, base, "Anna")
        named(b, base, "Bruno")
        seed_blitz(server, "Anna", "Bruno", 4)
        before = {"a": blitz(a), "b": blitz(b)}
        assert before["a"]["value"] is not None and before["b"]["value"] is not None
        a.goto(base + "/")
        choice = a.get_by_label(german("rules.clock"))
        choice.wait_for(timeout=TIMEOUT_MS)
        choice.select_option(label=f"{german('rules.clock.total')}: 3 min + 2 s pro Zug")
        a.click("#open-table")
        a.wait_for_url(re.compile(r".*/tisch/[A-Z0-9]{6}$"), timeout=TIMEOUT_MS)
        wait_ready(a)
        code = a.url.rsplit("/", 1)[1]
        join(b, base, code)
        pages = [a, b]
        for page in pages:
            wait_table(page, "t.status === 'playing' && t.draw && t.state === 'idle'")
        expect(a.locator("#rule-rated-text")).to_have_text("gewertet")
        for _ in range(2 * MIN_MOVES + 2):
            if shown(a)["status"] != "playing":
                break
            play_one(pages)
        if shown(a)["status"] == "playing":
            wait_table(a, "t.state === 'idle'")
            a.get_by_role("button", name="Aufgeben", exact=True).click()
            a.get_by_role("button", name="Ja, aufgeben").click()
        for page in pages:
            wait_table(page, "t.status === 'finished'")
            wait_recorded(page)
        end = api(a, "GET", f"/api/tables/{code}")["body"]["table"]["end"]
        assert "unrated" not in end, end
        after = {"a": blitz(a), "b": blitz(b)}
        assert after["a"]["games"] == after["b"]["games"] == 5
        seat_a = shown(a)["seat"]
        winner = end["winner_seat"]
        assert winner is not None, end  # a resigned, or the game was played out
        up, down = ("a", "b") if winner == seat_a else ("b", "a")
        assert after[up]["value"] > before[up]["value"]
        assert after[down]["value"] < before[down]["value"]
        for page in pages:
            mine = shown(page)["seat"]
            own = page.locator(f"#result-rating-{mine}")
            expect(own).to_contain_text("Deine Wertungszahl", timeout=TIMEOUT_MS)
            other = page.locator(f"#result-rating-{1 - mine}")
            expect(other).to_contain_text("Wertungszahl von")
            sign = "+" if mine == winner else "−"
            pattern = rf"Deine Wertungszahl {re.escape(sign)}\d+ \(jetzt \d+\??\)"
            assert re.search(pattern, own.inner_text()), own.inner_text()
        gain = after[up]["value"] - before[up]["value"]
        winner_page = a if up == "a" else b
        expect(winner_page.locator(f"#result-rating-{winner}")).to_contain_text(f"+{gain}")
    finally:
        server.stop()
