"""The analysis board's values in headless Chromium and in the worker's Python: hidden
until asked, every legal square's value in its accessible name, exact values equal to
the solver's, the best move ringed, the expected line, the switch kept as a setting,
press-and-hold, cancelling, and the 8 symmetries giving the same values, mapped."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from reversi.ai import native, solve
from reversi.engine import Board, Counting
from reversi.web.values import Valuer, Values

from .analyse_helpers import open_board
from .conftest import Server
from .duel_helpers import DuelServer
from .helpers import api
from .replay_helpers import GAMES

VALUE = re.compile(r"Wert ([+−]?\d+) \((exakt|Tiefe \d+)\)")


def solved(board: Board) -> dict[str, int]:
    """Every legal move's exact final disc difference for the side to move (empties
    count for nobody), from the solver."""
    out = {}
    for move in board.legal_moves:
        child = board.copy()
        child.push(move)
        if child.is_game_over():
            outcome = child.outcome(Counting.NOBODY)
            assert outcome is not None
            black, white = outcome.score()
            diff = black - white
            out[str(move)] = diff if board.turn else -diff
        else:
            score = solve(child, Counting.NOBODY).score
            out[str(move)] = score if child.turn == board.turn else -score
    return out


def shown_values(page: Any) -> dict[str, tuple[int, str]]:
    """The values the legal squares' accessible names carry: square → (value, how)."""
    labels = page.eval_on_selector_all(
        ".board .sq[data-legal]",
        "els => els.map(e => [e.dataset.square, e.getAttribute('aria-label')])",
    )
    out = {}
    for square, label in labels:
        found = VALUE.search(label)
        if found:
            out[square] = (int(found.group(1).replace("−", "-")), found.group(2))
    return out


def until_done(values: Values) -> dict[str, Any]:
    while True:
        out = values.step()
        if out["done"]:
            return out


@pytest.mark.parametrize("backend", ["native", "python"])
def test_exact_values_in_the_worker_equal_the_solvers(
    backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if backend == "python":
        monkeypatch.setenv(native.FORCE_PYTHON, "1")
    elif native.core() is None:
        pytest.skip("reversi._native is not built here")
    native.reset()
    try:
        for moves in (GAMES[1][:100], GAMES[0][:104], GAMES[2][:106]):  # 10, 8 and 7 empties
            board = Board(moves=moves)
            out = until_done(Values.start({"type": "values", "id": 1, "moves": moves}))
            assert (Values(1, board).deepening is None) == (backend == "python")
            assert all(s["exact"] for s in out["scores"].values())
            assert {sq: s["score"] for sq, s in out["scores"].items()} == solved(board)
            assert out["scores"][out["best"]]["score"] == max(solved(board).values())
            assert out["line"][0] == out["best"]
            line = board.copy()
            for square in out["line"]:  # a legal line, passes left out
                line.push(square)
    finally:
        native.reset()


def test_values_deepen_in_steps_and_stop() -> None:
    valuer = Valuer()
    start = json.loads(valuer.start(json.dumps({"type": "values", "id": "a", "moves": "f5d6c3"})))
    assert start == {"type": "values-start", "id": "a"}
    first = json.loads(valuer.step())
    second = json.loads(valuer.step())
    assert first["seconds"] < second["seconds"]
    assert first["done"] is False
    assert json.loads(valuer.stop()) == {"type": "values-cancelled", "id": "a"}
    assert json.loads(valuer.step())["type"] == "error"
    bad = json.loads(valuer.start(json.dumps({"type": "values", "id": "b", "obf": "XYZ"})))
    assert bad["type"] == "error" and bad["id"] == "b"


def test_the_eight_symmetries_give_the_same_values_mapped() -> None:
    board = Board(moves=GAMES[2][:104])  # 8 empties: exact at once
    base = until_done(Values(1, board))["scores"]
    for image, mapping in board_symmetries(board):
        scores = until_done(Values(1, image))["scores"]
        assert {mapping[sq]: s["score"] for sq, s in base.items()} == {
            sq: s["score"] for sq, s in scores.items()
        }


def board_symmetries(board: Board) -> list[tuple[Board, dict[str, str]]]:
    """The board under each of the 8 symmetries, with where each square goes."""
    files = "abcdefgh"
    out = []
    for k in range(8):

        def move(x: int, y: int, k: int = k) -> tuple[int, int]:
            if k & 1:
                x = 7 - x
            if k & 2:
                y = 7 - y
            if k & 4:
                x, y = y, x
            return x, y

        obf = board.obf()
        cells = ["-"] * 64
        mapping = {}
        for i in range(64):
            x, y = move(i % 8, i // 8)
            cells[x + 8 * y] = obf[i]
            mapping[f"{files[i % 8]}{i // 8 + 1}"] = f"{files[x]}{y + 1}"
        out.append((Board("".join(cells) + obf[64:]), mapping))
    return out


def test_values_are_hidden_until_asked_and_equal_the_solvers(server: Server, page: Any) -> None:
    moves = GAMES[1][:100]
    open_board(page, f"{server.url}/analyse?partie={moves}")
    assert shown_values(page) == {}
    expect(page.locator(".sq.show-value")).to_have_count(0)
    page.get_by_role("switch", name="Werte zeigen").check()
    expect(page.locator("#values")).to_have_attribute("data-state", "done", timeout=60_000)
    shown = shown_values(page)
    expected = solved(Board(moves=moves))
    assert {sq: v for sq, (v, how) in shown.items() if how == "exakt"} == expected
    best = max(expected, key=lambda sq: expected[sq])
    expect(page.locator(".sq[data-top]")).to_have_count(1)
    assert "bester Zug" in str(page.get_attribute(".sq[data-top]", "aria-label"))
    expect(page.locator("#values-best")).to_contain_text("exakt")
    assert page.get_attribute(".sq[data-top]", "data-value") == (
        f"+{expected[best]}" if expected[best] > 0 else str(expected[best]).replace("-", "−")
    )
    expect(page.locator("#values-line")).to_contain_text("Erwartete Fortsetzung:")
    # the switch is a setting: a reload keeps it, and the values come again
    page.reload()
    page.wait_for_selector("#analyse[data-state=ready]", state="attached")
    expect(page.get_by_role("switch", name="Werte zeigen")).to_be_checked()
    expect(page.locator("#values")).to_have_attribute("data-state", "done", timeout=60_000)
    # a move: the new position's values
    page.click(f".board [data-square={best}]")
    expect(page.locator("#analyse")).to_have_attribute("data-path", moves + best)
    expect(page.locator("#values")).to_have_attribute("data-state", "done", timeout=60_000)
    page.get_by_role("switch", name="Werte zeigen").uncheck()
    expect(page.locator(".sq.show-value")).to_have_count(0)


def test_a_held_press_shows_the_values_and_plays_no_move(server: Server, page: Any) -> None:
    open_board(page, f"{server.url}/analyse?stellung={quote(Board(moves=GAMES[2][:104]).obf())}")
    square = page.locator(".board .sq[data-legal]").first
    square.hover()
    page.mouse.down()
    expect(page.locator(".sq.show-value").first).to_be_visible()
    expect(page.locator("#values")).to_have_attribute("data-state", "done", timeout=60_000)
    page.mouse.up()
    expect(page.locator(".sq.show-value")).to_have_count(0)
    assert page.get_attribute("#analyse", "data-path") == ""


def test_deepening_is_cancelled(server: Server, page: Any) -> None:
    open_board(page, f"{server.url}/analyse?partie=f5d6c3d3c4")
    page.get_by_role("switch", name="Werte zeigen").check()
    expect(page.locator("#values-status")).to_contain_text("Rechnet weiter", timeout=60_000)
    page.get_by_role("button", name="Rechnen anhalten").click()
    expect(page.locator("#values")).to_have_attribute("data-state", "cancelled")
    expect(page.locator("#values-status")).to_contain_text("Angehalten: jeder Zug mindestens Tiefe")
    assert len(shown_values(page)) == len(Board(moves="f5d6c3d3c4").legal_moves)


def test_the_switch_follows_the_player_to_another_device(
    players: Any, duel_server: DuelServer
) -> None:
    base = duel_server.url
    phone, laptop = players(), players()
    open_board(phone, base + "/analyse")
    phone.get_by_role("switch", name="Werte zeigen").check()
    phone.evaluate("dispatchEvent(new CustomEvent('reversi:result'))")  # sends the settings
    assert phone.evaluate("""async () => {
      for (let i = 0; i < 200; i += 1) {
        const s = await (await fetch("/api/settings")).json();
        if ((s.settings || {}).values === true) return true;
        await new Promise((resolve) => { setTimeout(resolve, 100); });
      }
      return false;
    }""")
    transfer = api(phone, "POST", "/api/transfer")
    assert transfer["status"] == 200, transfer
    laptop.goto(base + "/weiter")
    code = transfer["body"]["code"]
    assert api(laptop, "POST", "/api/transfer/redeem", {"code": code})["status"] == 200
    open_board(laptop, base + "/analyse")
    expect(laptop.get_by_role("switch", name="Werte zeigen")).to_be_checked()
