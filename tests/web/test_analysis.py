"""The analysis of a whole game in the browser's worker (docs/protocol.md, "Reviewing a
game"): the worker's Python against reversi.ai.review, and in headless Chromium the
progress bar, the graph (one point per position, its exact part equal to the solver's),
the marks, the ghost disc of the best move, the summary and cancelling."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from reversi.ai import solve
from reversi.ai.review import MARKS
from reversi.engine import BLACK, Board, Counting
from reversi.web.replay import Reviewer

from .duel_helpers import DuelServer
from .replay_helpers import GAMES, wait_replay
from .test_csp import LISTEN, violations

DOC = (Path(__file__).resolve().parents[2] / "docs/protocol.md").read_text()
ANALYSIS_TIMEOUT_MS = 180_000


def exact_value(moves: str, ply: int) -> float:
    """The solver's final disc difference for Ebenholz after ``ply`` discs (imports count
    the empties for the winner)."""
    board = Board(moves=moves[: 2 * ply])
    if board.is_game_over():
        outcome = board.outcome(Counting.WINNER)
        assert outcome is not None
        black, white = outcome.score()
        return float(black - white)
    score = solve(board, Counting.WINNER).score
    return float(score if board.turn == BLACK else -score)


def test_the_review_budget_follows_the_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the C core (engine.wasm in the browser) a position gets 0.06 s, in Python 0.35 s."""
    from reversi.ai import native
    from reversi.web.replay import BUDGET, NATIVE_BUDGET, default_budget

    if native.core() is None:
        pytest.skip("reversi._native is not built here")
    assert default_budget() == NATIVE_BUDGET < BUDGET
    monkeypatch.setenv(native.FORCE_PYTHON, "1")
    native.reset()
    try:
        assert default_budget() == BUDGET
    finally:
        monkeypatch.delenv(native.FORCE_PYTHON)
        native.reset()


def test_the_review_messages_are_documented() -> None:
    section = DOC[DOC.index("## Reviewing a game") :]
    for name in (
        "review",
        "review-cancel",
        "review-start",
        "review-move",
        "review-done",
        "review-cancelled",
    ):
        assert f"`{name}`" in section, name


def test_the_worker_reviews_one_position_per_call_and_sums_up() -> None:
    moves = "f5d6c5f4e3f6g5e6e7"  # a wipe-out in 9 moves
    reviewer = Reviewer()
    start = json.loads(
        reviewer.start(
            json.dumps(
                {"type": "review", "id": "r", "moves": moves, "counting": "winner", "seconds": 0.05}
            )
        )
    )
    assert start == {"type": "review-start", "id": "r", "total": 9}
    steps = [json.loads(reviewer.step()) for _ in range(10)]
    assert [s["type"] for s in steps] == ["review-move"] * 9 + ["review-done"]
    assert [s["square"] for s in steps[:9]] == re.findall("..", moves)
    done = steps[-1]
    assert [p["ply"] for p in done["graph"]] == list(range(10))
    assert done["graph"][-1]["value"] == 64.0  # the search proves the wipe-out
    assert steps[8]["best"]["square"] == "e7" and steps[8]["loss"] == 0
    assert set(done["summary"]) == {"black", "white"}
    assert done["marks"] == [m for m, _ in MARKS]
    # a stopped review is gone; a bad one is refused with its id
    assert json.loads(reviewer.stop())["type"] == "review-cancelled"
    assert json.loads(reviewer.step())["type"] == "error"
    bad = json.loads(reviewer.start(json.dumps({"type": "review", "id": 4, "counting": "x"})))
    assert bad["type"] == "error" and bad["id"] == 4


def test_the_analysis_runs_to_the_end_and_agrees_with_the_solver(
    archive: tuple[DuelServer, list[str]], page: Any
) -> None:
    server, ids = archive
    moves = GAMES[3]
    page.goto(f"{server.url}/partie/{ids[3]}#analyse")
    wait_replay(page)
    progress = page.get_by_role("progressbar", name="Fortschritt der Analyse")
    expect(progress).to_be_visible()
    expect(page.get_by_role("button", name="Abbrechen")).to_be_enabled()
    # the page stays responsive meanwhile: stepping works during the analysis
    page.get_by_role("button", name="Vor ▶").click()
    expect(page.locator("#replay")).to_have_attribute("data-step", "1")
    expect(page.locator("#analysis")).to_have_attribute(
        "data-state", "done", timeout=ANALYSIS_TIMEOUT_MS
    )
    # one point per position, 0 to 60; the exact ones are the solver's
    points = page.eval_on_selector_all(
        ".g-pt",
        "els => els.map(e => [Number(e.dataset.ply), Number(e.dataset.value),"
        " e.classList.contains('exact')])",
    )
    assert [p[0] for p in points] == list(range(61))
    assert page.get_attribute("#graph", "data-points") == "61"
    exact = [(ply, value) for ply, value, is_exact in points if is_exact]
    assert len(exact) >= 12  # at least the last twelve empties
    for ply, value in exact:
        assert value == exact_value(moves, ply), f"after {ply} discs"
    # the text alternative has the same rows
    expect(page.locator(".graph-table tbody tr")).to_have_count(61)
    # marks in the move list, by their German names
    marked = page.locator(".tr-move[data-mark]")
    assert marked.count() > 0
    label = marked.first.get_attribute("aria-label") or ""
    assert re.search("Ungenauigkeit|Fehler|Patzer", label)
    # the summary per side and the turning point
    expect(page.locator("#summary-black")).to_contain_text("im Schnitt")
    expect(page.locator("#summary-white")).to_contain_text("Patzer")
    expect(page.locator("#turning-point")).to_contain_text(re.compile("Wendepunkt|Kein Wendepunkt"))
    # the best move from the shown position: one ghost disc of the side to move
    ghost = page.locator(".sq[data-best]")
    expect(ghost).to_have_count(1)
    assert ghost.get_attribute("data-best") == "white"
    expect(page.locator("#judgement-best")).to_contain_text("Bester Zug jetzt für Perlmutt")
    # the graph by keyboard (one stop: a slider) and by click
    page.locator("#graph").focus()
    page.keyboard.press("End")
    expect(page.locator("#replay")).to_have_attribute("data-step", "60")
    expect(page.locator("#graph")).to_have_attribute("aria-valuenow", "60")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay")).to_have_attribute("data-step", "59")
    box = page.locator("#graph svg").bounding_box()
    page.mouse.click(box["x"] + 10 / 600 * box["width"], box["y"] + box["height"] / 2)
    expect(page.locator("#replay")).to_have_attribute("data-step", "0")
    expect(ghost).to_have_count(1)


def test_cancel_stops_the_analysis(
    archive: tuple[DuelServer, list[str]], players: Any, console: Any
) -> None:
    """Under the hall's real Content-Security-Policy: the page, its graph and its
    progress bar set no inline style."""
    server, ids = archive
    page = players(bypass_csp=False)
    page.add_init_script(LISTEN)
    page.goto(f"{server.url}/partie/{ids[0]}")
    wait_replay(page)
    page.get_by_role("button", name="Analyse starten").click()
    progress = page.get_by_role("progressbar", name="Fortschritt der Analyse")
    expect(progress).to_be_visible()
    expect(page.locator(".g-pt").nth(1)).to_be_attached(timeout=60_000)  # two positions done
    page.get_by_role("button", name="Abbrechen").click()
    analysis = page.locator("#analysis")
    expect(analysis).to_have_attribute("data-state", "cancelled", timeout=30_000)
    expect(progress).to_have_count(0)
    expect(page.locator(".g-pt")).to_have_count(0)
    expect(page.locator(".tr-move[data-mark]")).to_have_count(0)
    # the worker is free again: a new analysis starts from the first position
    page.get_by_role("button", name="Analyse starten").click()
    expect(page.get_by_role("progressbar")).to_be_visible()
    page.get_by_role("button", name="Vor ▶").click()
    expect(page.locator("#replay")).to_have_attribute("data-step", "1")
    assert violations(page, console) == []
