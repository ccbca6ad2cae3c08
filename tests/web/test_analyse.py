"""The analysis board /analyse in headless Chromium: both sides play, take-backs, the move
tree with its side lines, the address that keeps the tree (a reload shows it again),
positions and games opened by address, the keyboard, and the links from the replay,
a finished game, a puzzle and the openings page."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

from playwright.sync_api import expect

from reversi.engine import Board

from .analyse_helpers import at, engine_squares, open_board, play, query, squares
from .conftest import Server
from .duel_helpers import DuelServer
from .replay_helpers import GAMES, wait_replay

STATIC = Path(__file__).resolve().parents[2] / "reversi/web/static"


def move(page: Any, name: str) -> Any:
    """A move of the tree by its accessible name, e.g. "2. f4, Perlmutt"."""
    return page.get_by_role("button", name=name, exact=True)


def test_both_sides_play_take_back_and_keep_side_lines(server: Server, page: Any) -> None:
    open_board(page, server.url + "/analyse")
    assert squares(page) == engine_squares(Board())
    expect(page.locator("#status")).to_have_text("Ebenholz ist am Zug.")
    for square in ("f5", "d6", "c3"):
        play(page, square)
    assert squares(page) == engine_squares(Board(moves="f5d6c3"))
    assert query(page) == {"partie": "f5d6c3"}
    # take back twice, then another reply: a side line beside d6
    page.get_by_role("button", name="◀ Zurück").click()
    page.get_by_role("button", name="◀ Zurück").click()
    assert at(page) == "f5"
    play(page, "f4")
    assert squares(page) == engine_squares(Board(moves="f5f4"))
    assert query(page) == {"partie": "f5d6(f4)c3", "bei": "f5f4"}
    side = page.get_by_role("group", name="Variante ab Zug 2 mit f4")
    expect(side.get_by_role("button")).to_have_count(1)
    expect(move(page, "2. f4, Perlmutt")).to_have_attribute("aria-current", "step")
    # an illegal tap changes nothing and says why
    page.click(".board [data-square=a1]")
    expect(page.locator("#notice")).to_contain_text("a1 schließt keinen Stein ein")
    assert at(page) == "f5f4"
    # any move of the tree goes to its position
    move(page, "3. c3, Ebenholz").click()
    expect(page.locator("#analyse")).to_have_attribute("data-path", "f5d6c3")
    assert squares(page) == engine_squares(Board(moves="f5d6c3"))
    # the side line becomes the main line, and goes again
    move(page, "2. f4, Perlmutt").click()
    page.get_by_role("button", name="Zur Hauptvariante machen").click()
    assert query(page)["partie"] == "f5f4(d6c3)"
    page.get_by_role("button", name="Zug und Folgezüge löschen").click()
    expect(page.locator("#analyse")).to_have_attribute("data-path", "f5")
    assert query(page)["partie"] == "f5d6c3"


def test_variations_survive_a_reload(server: Server, page: Any) -> None:
    open_board(page, server.url + "/analyse")
    for square in ("f5", "f6", "e6", "f4"):
        play(page, square)
    page.get_by_role("button", name="⏮ Anfang").click()
    play(page, "d3")
    play(page, "c5")
    page.get_by_role("button", name="◀ Zurück").click()
    play(page, "e3")  # two side lines at the same move
    address = page.url
    assert query(page) == {"partie": "f5(d3c5(e3))f6e6f4", "bei": "d3e3"}
    page.reload()
    page.wait_for_selector("#analyse[data-state=ready]", state="attached")
    assert page.url == address
    assert at(page) == "d3e3"
    assert squares(page) == engine_squares(Board(moves="d3e3"))
    for name in (
        "1. f5, Ebenholz",
        "4. f4, Perlmutt",
        "1. d3, Ebenholz",
        "2. c5, Perlmutt",
        "2. e3, Perlmutt",
    ):
        expect(move(page, name)).to_be_visible()
    inner = page.get_by_role("group", name="Variante ab Zug 1 mit d3")
    expect(inner.get_by_role("group", name="Variante ab Zug 2 mit e3")).to_be_visible()


def test_the_address_opens_a_position_or_a_game(server: Server, page: Any) -> None:
    board = Board(moves="f5d6c3d3c4f4f6f3e6e7")
    obf = board.obf()
    open_board(page, f"{server.url}/analyse?stellung={quote(obf)}")
    assert squares(page) == engine_squares(board)
    assert query(page) == {"stellung": obf}
    play(page, next(str(m) for m in board.legal_moves))
    assert query(page)["stellung"] == obf
    # a game opens at its end; `bei` at any of its positions
    open_board(page, f"{server.url}/analyse?partie={GAMES[3]}")
    assert squares(page) == engine_squares(Board(moves=GAMES[3]))
    expect(page.locator("#status")).to_contain_text("gewinnt")
    open_board(page, f"{server.url}/analyse?partie={GAMES[3]}&bei={GAMES[3][:20]}")
    assert squares(page) == engine_squares(Board(moves=GAMES[3][:20]))
    # what is wrong in an address is left out and said
    open_board(page, f"{server.url}/analyse?stellung=XYZ&partie=f5d6a1c3")
    assert squares(page) == engine_squares(Board(moves="f5d6"))
    notice = page.locator("#notice")
    expect(notice).to_contain_text("„XYZ“ ist keine gültige Stellung")
    expect(notice).to_contain_text("3. a1")
    assert query(page) == {"partie": "f5d6"}
    open_board(page, f"{server.url}/analyse?partie=f5)(")
    expect(page.locator("#notice")).to_contain_text("keine lesbare Zugfolge")


def test_keyboard_walks_the_tree_and_types_moves(server: Server, page: Any) -> None:
    open_board(page, f"{server.url}/analyse?partie=f5d6(f4e3)c3")
    assert at(page) == "f5d6c3"
    page.keyboard.press("Home")
    assert at(page) == ""
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert at(page) == "f5d6"
    page.keyboard.press("ArrowDown")
    assert at(page) == "f5f4"
    page.keyboard.press("End")
    assert at(page) == "f5f4e3"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowUp")
    assert at(page) == "f5d6"
    page.keyboard.press("ArrowUp")  # no line before the first one: stays
    assert at(page) == "f5d6"
    page.keyboard.press("ArrowDown")
    assert at(page) == "f5f4"
    page.keyboard.type("d3")  # typing a square's name plays it
    expect(page.locator("#analyse")).to_have_attribute("data-path", "f5f4d3")
    assert squares(page) == engine_squares(Board(moves="f5f4d3"))
    # the board's squares by keyboard: focus, arrows, Enter
    page.locator(".board [data-square=d3]").focus()
    page.keyboard.press("ArrowUp")
    expect(page.locator(".board [data-square=d2]")).to_be_focused()


def test_every_replay_position_opens_in_the_analysis_board(
    archive: tuple[DuelServer, list[str]], page: Any
) -> None:
    server, ids = archive
    page.goto(f"{server.url}/partie/{ids[0]}")
    wait_replay(page)
    for _ in range(7):
        page.get_by_role("button", name="Vor ▶").click()
    expect(page.locator("#replay")).to_have_attribute("data-step", "7")
    page.get_by_role("link", name="Analysebrett").click()
    page.wait_for_selector("#analyse[data-state=ready]", state="attached", timeout=60_000)
    assert at(page) == GAMES[0][:14]
    assert squares(page) == engine_squares(Board(moves=GAMES[0][:14]))
    page.keyboard.press("End")
    assert at(page) == GAMES[0]


def test_a_finished_game_a_puzzle_and_an_opening_open_the_analysis_board(
    server: Server, page: Any
) -> None:
    # a finished game of two on one device: the result box links to its moves
    page.goto(server.url + "/zu-zweit")
    page.wait_for_selector("#game[data-state=idle]", state="attached", timeout=60_000)
    for square in re.findall("..", "f5d6c5f4e3f6g5e6e7"):
        before = page.get_attribute("#game", "data-ply")
        page.click(f"[data-square={square}]")
        expect(page.locator("#game")).not_to_have_attribute("data-ply", str(before))
        page.wait_for_selector("#game[data-state=idle], #game[data-state=over]", state="attached")
    link = page.get_by_role("link", name="Analysebrett")
    expect(link).to_have_attribute("href", "/analyse?partie=f5d6c5f4e3f6g5e6e7")
    # a puzzle, once solved or its answer shown
    puzzles = json.loads((STATIC / "data/puzzles.json").read_text())["puzzles"]
    puzzle = puzzles[0]
    page.goto(f"{server.url}/aufgaben#{puzzle['id']}")
    page.get_by_role("button", name=re.compile("Lösung zeigen")).click()
    page.get_by_role("link", name="Analysebrett").click()
    page.wait_for_selector("#analyse[data-state=ready]", state="attached", timeout=60_000)
    assert query(page) == {"partie": puzzle["moves"]}  # the game up to the puzzle
    assert squares(page) == engine_squares(Board(moves=puzzle["moves"]))
    # an opening, at the step shown
    page.goto(f"{server.url}/eroeffnungen#perpendicular-opening")
    link = page.get_by_role("link", name="Analysebrett")
    expect(link).to_have_attribute("href", "/analyse?partie=f5d6")
    page.click("#step-back")
    expect(link).to_have_attribute("href", "/analyse?partie=f5")
    link.click()
    page.wait_for_selector("#analyse[data-state=ready]", state="attached", timeout=60_000)
    assert at(page) == "f5"


def test_a_named_opening_is_named_also_transposed_and_turned(server: Server, page: Any) -> None:
    for line in ("f5d6c3d3c4", "f5d6c4d3c3", "c4e3f6e6f5"):  # as listed, transposed, turned
        open_board(page, f"{server.url}/analyse?partie={line}")
        expect(page.locator("#opening")).to_have_text("Eröffnung: Tiger")
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_text("Eröffnung: Tiger")).to_have_count(0)
