"""The table rule "Zufallseröffnung (XOT)" in two Chromium profiles: the opener turns it
on, both players see the same start of the list drawn on the board, the rules panel names
the rule, and the lobby's entry says "XOT"."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from reversi.ai.xot import load
from reversi.engine import Board

from .duel_helpers import DuelServer, discs, join, open_table, play_one, table, wait_table


def test_both_players_begin_at_the_same_start(duel_server: DuelServer, players: Any) -> None:
    base = duel_server.url
    a, b = players(), players()
    code = open_table(a, base)
    switch = a.get_by_role("checkbox", name="Zufallseröffnung (XOT)")
    expect(switch).not_to_be_checked()
    switch.check()
    expect(switch).to_be_checked()
    b.goto(base + "/")
    entry = b.locator(f'.halle-table[data-code="{code}"]')
    expect(entry).to_contain_text("XOT")
    join(b, base, code)
    pages = [a, b]
    for page in pages:
        wait_table(page, "t.status === 'playing' && t.draw && t.state === 'idle'")
    start = table(a)["rules"]["xot_start"]
    assert load().index(start) is not None
    board = Board(moves=start)
    drawn = "".join({True: "B", False: "W", None: "."}[board.color_at(sq)] for sq in range(64))
    for page in pages:
        assert discs(page) == drawn
        expect(page.locator("#rule-xot-text")).to_have_text("an")
    play_one(pages)  # black moves first from the start
    assert discs(a) == discs(b) != drawn
